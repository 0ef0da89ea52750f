#include "oblique/robustness_scenes.hpp"

#include "oblique/scene_builders.hpp"
#include "scene_body_makers.hpp"

#include <array>
#include <cmath>
#include <numbers>
#include <string>

namespace oblique::scenes
{

namespace
{

using detail::ball;
using detail::box;
using detail::staticBox;

Scene named(std::string_view name)
{
    Scene s;
    s.name = std::string(name);
    return s;
}

float toFloat(int i)
{
    return static_cast<float>(i);
}

// A unit box of friction 0.3, the stacking samples' material. Their boxes are rounded (0.45 m
// square with 5 cm rounding); a sharp 0.5 m half extent box stands in for them.
SceneBody stackingBox(Vec2 position)
{
    SceneBody b = box(position, {0.5f, 0.5f});
    b.friction = 0.3f;
    return b;
}

// The samples' ground segments become this: a slab whose top face is y = 0.
SceneBody groundWithFriction(float halfWidth, float friction)
{
    SceneBody g = ground(halfWidth);
    g.friction = friction;
    return g;
}

} // namespace

Scene stackOfBoxes()
{
    Scene s = named("Stack of Boxes");
    s.bodies.push_back(ground(30.0f));
    for (int i = 0; i < 12; ++i)
    {
        // The sample's 1 cm zigzag: an exactly aligned column would hide any sideways drift.
        const float shift = i % 2 == 0 ? -0.01f : 0.01f;
        s.bodies.push_back(stackingBox({shift, 0.5f + toFloat(i)}));
    }
    return s;
}

Scene stackOfCircles()
{
    Scene s = named("Stack of Circles");
    s.bodies.push_back(ground(30.0f));
    for (int i = 0; i < 12; ++i)
    {
        SceneBody b = ball({0.0f, 0.5f + toFloat(i)}, 0.5f);
        b.friction = 0.3f;
        s.bodies.push_back(b);
    }
    return s;
}

Scene tiltedStack()
{
    Scene s = named("Tilted Stack");
    s.bodies.push_back(ground(40.0f));
    // The sample leans every column by 0.2 m a row, which puts the weight of the upper rows past
    // the edge of the lower ones, so its columns topple. Here column j leans by 6 mm * j a row: at
    // the most the nine rows above the bottom box have their centre 27 cm from its centre, inside
    // its 50 cm half width, so every column would stand in the real world.
    constexpr int kColumns = 10;
    constexpr int kRows = 10;
    for (int j = 0; j < kColumns; ++j)
    {
        const float x = 5.0f * (toFloat(j) - 0.5f * toFloat(kColumns - 1));
        const float lean = 0.006f * toFloat(j);
        for (int i = 0; i < kRows; ++i)
        {
            s.bodies.push_back(stackingBox({x + lean * toFloat(i), 0.5f + toFloat(i)}));
        }
    }
    return s;
}

Scene cardHouse()
{
    Scene s = named("Card House");
    s.bodies.push_back(groundWithFriction(40.0f, 0.7f));
    constexpr float kHalfHeight = 0.2f;
    constexpr float kHalfThickness = 0.001f;
    const float lean = 25.0f * std::numbers::pi_v<float> / 180.0f;
    const auto card = [&](Vec2 at, float angle)
    {
        SceneBody c = box(at, {kHalfThickness, kHalfHeight}, angle);
        c.friction = 0.7f;
        s.bodies.push_back(c);
    };
    // Each storey: pairs of cards leaning on each other, tops touching, with a flat card bridging
    // each pair and the next; the storey above stands on the flat cards, one pair fewer.
    float y = kHalfHeight - 0.02f;
    float z0 = 0.0f;
    for (int pairs = 5; pairs > 0; --pairs)
    {
        float z = z0;
        for (int i = 0; i < pairs; ++i)
        {
            if (i != pairs - 1)
            {
                card({z + 0.25f, y + kHalfHeight - 0.015f}, 0.5f * std::numbers::pi_v<float>);
            }
            card({z, y}, -lean);
            z += 0.175f;
            card({z, y}, lean);
            z += 0.175f;
        }
        y += 2.0f * kHalfHeight - 0.03f;
        z0 += 0.175f;
    }
    return s;
}

Scene doubleDomino()
{
    Scene s = named("Double Domino");
    s.bodies.push_back(ground(100.0f));
    constexpr int kCount = 15;
    const Vec2 half{0.125f, 0.5f};
    for (int i = 0; i < kCount; ++i)
    {
        SceneBody d = box({-0.5f * toFloat(kCount) + toFloat(i), 0.5f}, half);
        d.friction = 0.6f;
        s.bodies.push_back(d);
    }
    // The sample pushes the first domino with a 0.2 N s impulse at its top; a scene holds the
    // velocities that push leaves: J / m along it, and (r x J) / I about the centre.
    const float mass = 4.0f * half.x * half.y;
    const float inertia = mass * (half.x * half.x + half.y * half.y) / 3.0f;
    const float impulse = 0.2f;
    s.bodies[1].linearVelocity = {impulse / mass, 0.0f};
    s.bodies[1].angularVelocity = -half.y * impulse / inertia;
    return s;
}

Scene confinedCircles()
{
    Scene s = named("Confined");
    // The sample's walls are capsules of radius 0.5 along the box's edges; boxes 1 m thick that
    // also cover the capsules' round ends stand in for them.
    s.bodies.push_back(staticBox({0.0f, 0.0f}, {11.0f, 0.5f}));
    s.bodies.push_back(staticBox({0.0f, 20.5f}, {11.0f, 0.5f}));
    s.bodies.push_back(staticBox({-10.5f, 10.25f}, {0.5f, 10.75f}));
    s.bodies.push_back(staticBox({10.5f, 10.25f}, {0.5f, 10.75f}));
    constexpr int kGrid = 25;
    const float pitch = 18.0f / toFloat(kGrid);
    for (int column = 0; column < kGrid; ++column)
    {
        for (int row = 0; row < kGrid; ++row)
        {
            SceneBody b = ball({-8.75f + pitch * toFloat(column), 1.5f + pitch * toFloat(row)}, 0.5f);
            b.gravityScale = 0.0f;
            s.bodies.push_back(b);
        }
    }
    return s;
}

Scene highMassRatio1()
{
    Scene s = named("High Mass Ratio 1");
    s.bodies.push_back(ground(50.0f));
    constexpr int kBase = 10;
    for (int j = 0; j < 3; ++j)
    {
        const float offset = -20.0f + 2.0f * (toFloat(kBase) + 1.0f) * toFloat(j);
        float y = 1.0f;
        for (int count = kBase; count > 0; --count)
        {
            for (int i = 0; i < count; ++i)
            {
                const float x = 2.0f * (toFloat(i) - 0.5f * toFloat(count)) + offset;
                const bool top = count == 1;
                // The top box starts 2 m above where it would rest.
                SceneBody b = box({x, top ? y + 2.0f : y}, {1.0f, 1.0f});
                b.density = top ? 100.0f * toFloat(j + 1) : 1.0f;
                s.bodies.push_back(b);
            }
            y += 2.0f;
        }
    }
    return s;
}

Scene highMassRatio2()
{
    Scene s = named("High Mass Ratio 2");
    s.bodies.push_back(ground(50.0f));
    s.bodies.push_back(box({-9.0f, 0.5f}, {0.5f, 0.5f}));
    s.bodies.push_back(box({9.0f, 0.5f}, {0.5f, 0.5f}));
    s.bodies.push_back(box({0.0f, 26.0f}, {10.0f, 10.0f}));
    return s;
}

Scene highMassRatio3()
{
    Scene s = named("High Mass Ratio 3");
    s.bodies.push_back(ground(50.0f));
    // The sample's blocks are triangles 1 m wide and 1 m tall standing on their bases, so the big
    // box rests on their points. A slab 20 cm thick with a square turned 45 degrees on it, its top
    // corner 1 m up, keeps the base, the height and the point.
    const float diamondHalf = 0.45f / std::numbers::sqrt2_v<float>;
    for (const float x : {-9.0f, 9.0f})
    {
        SceneBody block;
        block.name = x < 0.0f ? "left point" : "right point";
        block.position = {x, 0.0f};
        block.shapes = {
            boxShape({0.5f, 0.1f}, {0.0f, 0.1f}),
            boxShape({diamondHalf, diamondHalf}, {0.0f, 0.55f}, 0.25f * std::numbers::pi_v<float>)};
        s.bodies.push_back(block);
    }
    s.bodies.push_back(box({0.0f, 14.0f}, {10.0f, 10.0f}));
    return s;
}

Scene overlapRecovery()
{
    Scene s = named("Overlap Recovery");
    s.bodies.push_back(ground(40.0f));
    constexpr int kBase = 4;
    constexpr float kHalf = 0.5f;
    // Neighbours are created a quarter of a box into each other, sideways and upwards.
    constexpr float kFraction = 0.75f;
    float y = kHalf;
    for (int i = 0; i < kBase; ++i)
    {
        float x = kFraction * kHalf * toFloat(i - kBase);
        for (int j = i; j < kBase; ++j)
        {
            s.bodies.push_back(box({x, y}, {kHalf, kHalf}));
            x += 2.0f * kFraction * kHalf;
        }
        y += 2.0f * kFraction * kHalf;
    }
    return s;
}

Scene tinyPyramid()
{
    Scene s = named("Tiny Pyramid");
    s.bodies.push_back(ground(5.0f));
    constexpr int kBase = 30;
    constexpr float kHalf = 0.025f;
    for (int i = 0; i < kBase; ++i)
    {
        const float y = (2.0f * toFloat(i) + 1.0f) * kHalf;
        for (int j = i; j < kBase; ++j)
        {
            const float x =
                (toFloat(i) + 1.0f) * kHalf + 2.0f * toFloat(j - i) * kHalf - toFloat(kBase) * kHalf;
            s.bodies.push_back(box({x, y}, {kHalf, kHalf}));
        }
    }
    return s;
}

Scene frictionRamp()
{
    Scene s = named("Friction Ramp");
    s.bodies.push_back(groundWithFriction(40.0f, 0.2f));
    const auto fixed = [&](Vec2 at, Vec2 half, float angle)
    {
        SceneBody b = staticBox(at, half, angle);
        b.friction = 0.2f;
        s.bodies.push_back(b);
    };
    // Three ramps at 0.25 rad (tan = 0.255) zigzagging down, with a post at each turn.
    fixed({-4.0f, 22.0f}, {13.0f, 0.25f}, -0.25f);
    fixed({10.5f, 19.0f}, {0.25f, 1.0f}, 0.0f);
    fixed({4.0f, 14.0f}, {13.0f, 0.25f}, 0.25f);
    fixed({-10.5f, 11.0f}, {0.25f, 1.0f}, 0.0f);
    fixed({-4.0f, 6.0f}, {13.0f, 0.25f}, -0.25f);
    // Not in the sample: walls on the ground stop the frictionless box before it leaves the ground.
    fixed({-20.0f, 1.0f}, {0.25f, 1.0f}, 0.0f);
    fixed({20.0f, 1.0f}, {0.25f, 1.0f}, 0.0f);
    // Mixed with the ramps' 0.2 these give 0.39, 0.32, 0.26, 0.14 and 0: the first three hold on
    // the slope, the last two slide.
    const std::array<float, 5> frictions{0.75f, 0.5f, 0.35f, 0.1f, 0.0f};
    for (int i = 0; i < 5; ++i)
    {
        SceneBody b = box({-15.0f + 4.0f * toFloat(i), 28.0f}, {0.5f, 0.5f});
        b.density = 25.0f;
        b.friction = frictions[static_cast<std::size_t>(i)];
        s.bodies.push_back(b);
    }
    return s;
}

Scene largePyramid()
{
    Scene s = pyramid(100, 0.0f);
    s.name = "Large Pyramid";
    // Asleep, a pyramid cannot sway or sag; awake it shows whether the solver holds it.
    s.world.allowSleep = false;
    return s;
}

Scene skinnyBox()
{
    Scene s = named("Skinny Box");
    s.bodies.push_back(groundWithFriction(40.0f, 0.9f));
    // The sample launches one box with a random spin in [-50, 50] rad/s; here five lanes, 15 m
    // apart, each with its own post and spin.
    const std::array<float, 5> spins{-50.0f, -30.7f, 0.0f, 12.5f, 50.0f};
    for (int lane = 0; lane < 5; ++lane)
    {
        const float x = 15.0f * toFloat(lane - 2);
        SceneBody post = staticBox({x, 1.0f}, {0.1f, 1.0f});
        post.friction = 0.9f;
        s.bodies.push_back(post);
        SceneBody b = box({x, 8.0f}, {2.0f, 0.05f});
        b.friction = 0.9f;
        b.linearVelocity = {0.0f, -100.0f};
        b.angularVelocity = spins[static_cast<std::size_t>(lane)];
        s.bodies.push_back(b);
    }
    return s;
}

Scene sliver()
{
    Scene s = named("Sliver");
    // Wide enough for what the plank throws off the plate to land and stop on (sliverRules).
    s.bodies.push_back(ground(40.0f));
    SceneBody plate = staticBox({0.0f, 4.0f}, {3.0f, 0.01f});
    plate.name = "plate";
    s.bodies.push_back(plate);
    // Each body covers 1.67 m a step at 100 m/s, far more than its own size or the plate's.
    const auto fire = [&](SceneBody b, float spin)
    {
        b.linearVelocity = {0.0f, -100.0f};
        b.angularVelocity = spin;
        s.bodies.push_back(b);
    };
    fire(box({-2.2f, 12.0f}, {0.25f, 0.25f}), 0.0f);
    fire(ball({-1.0f, 12.0f}, 0.25f), 0.0f);
    // The sample's sliver is a thin dynamic triangle; a plank 4 cm thick stands in for it.
    fire(box({0.9f, 12.0f}, {0.8f, 0.02f}, 0.1f), 3.0f);
    fire(box({2.5f, 12.0f}, {0.05f, 0.05f}), 20.0f);
    return s;
}

Scene bullets()
{
    Scene s = named("Bullets");
    s.bodies.push_back(ground(40.0f));
    SceneBody wall = staticBox({10.0f, 3.0f}, {0.05f, 3.0f});
    wall.name = "wall";
    s.bodies.push_back(wall);
    // Slow bullets start higher: they drop more on the way. 200 m/s is more than a body may travel
    // in a step at 60 Hz (2 m), so that one arrives at the cap instead.
    struct Bullet
    {
        bool round;
        float size;
        float speed;
    };
    const std::array<Bullet, 6> shots{Bullet{true, 0.25f, 50.0f},  Bullet{false, 0.25f, 75.0f},
                                      Bullet{true, 0.25f, 100.0f}, Bullet{false, 0.25f, 120.0f},
                                      Bullet{true, 0.25f, 200.0f}, Bullet{true, 0.05f, 110.0f}};
    for (int i = 0; i < 6; ++i)
    {
        const Bullet& shot = shots[static_cast<std::size_t>(i)];
        const Vec2 at{-10.0f, 5.5f - 0.8f * toFloat(i)};
        SceneBody b = shot.round ? ball(at, shot.size) : box(at, {shot.size, shot.size});
        b.density = 4.0f;
        b.linearVelocity = {shot.speed, 0.0f};
        s.bodies.push_back(b);
    }
    return s;
}

Scene restitutionThreshold()
{
    Scene s = named("Restitution Threshold");
    s.bodies.push_back(ground(20.0f));
    // Without gravity each ball meets the floor at exactly its launch speed; falling, it would
    // arrive at whatever speed the step it lands in happens to give.
    const std::array<float, 4> speeds{0.5f, 0.9f, 1.1f, 2.0f};
    for (int i = 0; i < 4; ++i)
    {
        SceneBody b = ball({-3.0f + 2.0f * toFloat(i), 0.75f}, 0.25f);
        b.friction = 0.0f;
        b.restitution = 1.0f;
        b.gravityScale = 0.0f;
        b.fixedRotation = true;
        b.linearVelocity = {0.0f, -speeds[static_cast<std::size_t>(i)]};
        s.bodies.push_back(b);
    }
    return s;
}

std::span<const RobustnessScene> robustnessScenes()
{
    static const std::array<RobustnessScene, 17> kScenes{{
        {"Stack of Boxes", "stack_of_boxes", stackOfBoxes, 3.0f, "The column stands still and falls asleep."},
        {"Stack of Circles", "stack_of_circles", stackOfCircles, 3.0f,
         "The column of circles stands still and falls asleep."},
        {"Tilted Stack", "tilted_stack", tiltedStack, 3.0f,
         "Every leaning column stands still: none sways, slides or topples."},
        {"Card House", "card_house", cardHouse, 3.0f, "The house of cards stands."},
        {"Double Domino", "double_domino", doubleDomino, 12.0f,
         "Each domino topples the next; all 15 end down, in order, at rest."},
        {"Confined", "confined", confinedCircles, 4.0f,
         "The circles push apart gently and none leaves the box."},
        {"High Mass Ratio 1", "high_mass_ratio_1", highMassRatio1, 5.0f,
         "The pyramids carry the heavy boxes; nothing sinks in or flies out."},
        {"High Mass Ratio 2", "high_mass_ratio_2", highMassRatio2, 5.0f,
         "The two small boxes carry the big one without sinking into it or the ground."},
        {"High Mass Ratio 3", "high_mass_ratio_3", highMassRatio3, 5.0f,
         "The two points carry the big box; they neither sink nor tip."},
        {"Overlap Recovery", "overlap_recovery", overlapRecovery, 4.0f,
         "The boxes push apart gently and come to rest touching."},
        {"Tiny Pyramid", "tiny_pyramid", tinyPyramid, 4.0f,
         "The pyramid of 5 cm boxes stands still and falls asleep."},
        {"Friction Ramp", "friction_ramp", frictionRamp, 20.0f,
         "The two stickiest boxes stop on the top ramp, the two slipperiest slide to the ground."},
        {"Large Pyramid", "large_pyramid", largePyramid, 4.0f,
         "The 5,050 boxes stand still without sagging or swaying."},
        {"Skinny Box", "skinny_box", skinnyBox, 5.0f,
         "The thin boxes bounce about but never pass through the ground or a post."},
        {"Sliver", "sliver", sliver, 4.0f,
         "Nothing passes through the thin plate; the plank, landing on its end, may be thrown off it."},
        {"Bullets", "bullets", bullets, 5.0f, "Every bullet stops at the wall; none passes through it."},
        {"Restitution Threshold", "restitution_threshold", restitutionThreshold, 2.5f,
         "The 0.5 and 0.9 m/s balls stop on the floor; the 1.1 and 2 m/s ones bounce back."},
    }};
    return kScenes;
}

} // namespace oblique::scenes
