// What the sandbox's lab readouts and layers ask of the world: World::stats (islands, the
// broadphase tree's height and area ratio), the continuous collision switch, and the friction and
// constraint-graph layers of World::draw in the palette's colours.

#include "oblique/draw_palette.hpp"
#include "world_scenes.hpp"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <vector>

namespace oblique::test
{
namespace
{

bool sameColor(Color a, Color b)
{
    return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a;
}

// Keeps what the layers under test draw: points with their colours, segments, outlines.
class LayerRecorder final : public DebugDraw
{
public:
    struct Dot
    {
        Vec2 p;
        Color color;
    };
    struct Segment
    {
        Vec2 p1;
        Vec2 p2;
        Color color;
    };

    void drawPolygon(std::span<const Vec2> vertices, Color) override
    {
        outlines.emplace_back(vertices.begin(), vertices.end());
    }
    void drawSolidPolygon(std::span<const Vec2>, Color) override {}
    void drawCircle(Vec2, float, Color) override {}
    void drawSolidCircle(Vec2, float, Vec2, Color) override {}
    void drawSegment(Vec2 p1, Vec2 p2, Color color) override { segments.push_back({p1, p2, color}); }
    void drawPoint(Vec2 p, float, Color color) override { dots.push_back({p, color}); }
    void drawTransform(const Transform&) override {}
    void drawString(Vec2, std::string_view, Color) override {}

    std::vector<Dot> dots;
    std::vector<Segment> segments;
    std::vector<std::vector<Vec2>> outlines;
};

float outlinePerimeter(const std::vector<Vec2>& v)
{
    float sum = 0.0f;
    for (std::size_t i = 0; i < v.size(); ++i)
    {
        sum += length(v[(i + 1) % v.size()] - v[i]);
    }
    return sum;
}

TEST(WorldStats, EmptyWorldHasNoIslandsAndNoTree)
{
    const World world;
    const WorldStats stats = world.stats();
    EXPECT_EQ(stats.islandCount, 0);
    EXPECT_EQ(stats.awakeIslandCount, 0);
    EXPECT_EQ(stats.proxyCount, 0);
    EXPECT_EQ(stats.treeHeight, 0);
    EXPECT_EQ(stats.treeAreaRatio, 0.0f);
}

TEST(WorldStats, IslandsAreStacksJoinedBodiesAndLoneBodies)
{
    World world;
    world.createBody(bodyAt(BodyType::Static, {0.0f, -1.0f}), boxShape({40.0f, 1.0f}));
    // Two stacks of three on the shared ground: the ground joins neither.
    for (const float x : {-10.0f, 10.0f})
    {
        for (int i = 0; i < 3; ++i)
        {
            world.createBody(bodyAt(BodyType::Dynamic, {x, 0.5f + static_cast<float>(i)}),
                             boxShape({0.5f, 0.5f}));
        }
    }
    // A ball falling alone, and two hinged rods hanging in the air, joined by their joint.
    world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 30.0f}), circleShape(0.3f));
    const BodyId rodA = world.createBody(bodyAt(BodyType::Dynamic, {20.0f, 30.0f}), boxShape({1.0f, 0.1f}));
    const BodyId rodB = world.createBody(bodyAt(BodyType::Dynamic, {22.0f, 30.0f}), boxShape({1.0f, 0.1f}));
    JointDef hinge;
    hinge.bodyA = rodA;
    hinge.bodyB = rodB;
    hinge.params = RevoluteJointDef{.anchor = {21.0f, 30.0f}};
    world.createJoint(hinge);

    world.step(1.0f / 60.0f);
    WorldStats stats = world.stats();
    EXPECT_EQ(stats.islandCount, 4);
    EXPECT_EQ(stats.awakeIslandCount, 4);

    // A body made since the last step is an island of its own until the next step joins it.
    world.createBody(bodyAt(BodyType::Dynamic, {-30.0f, 60.0f}), circleShape(0.3f));
    stats = world.stats();
    EXPECT_EQ(stats.islandCount, 5);

    // Left to settle, the stacks sleep while the balls and the rods still fall.
    run(world, 150);
    stats = world.stats();
    EXPECT_EQ(stats.islandCount, 5);
    EXPECT_EQ(stats.awakeIslandCount, 3);
}

TEST(WorldStats, TreeFiguresMatchTheTreeWorldDrawShows)
{
    SceneInstance s = instantiate(pyramid(12));
    run(s.world, 30);
    const WorldStats stats = s.world.stats();
    EXPECT_EQ(stats.proxyCount, s.world.bodyCount()); // one shape a body
    // A tree of n leaves is at least log2(n) high; the balancing keeps it within a few levels.
    const int leastHeight = static_cast<int>(std::ceil(std::log2(static_cast<double>(stats.proxyCount))));
    EXPECT_GE(stats.treeHeight, leastHeight);
    EXPECT_LE(stats.treeHeight, 2 * leastHeight);

    // The broadphase layer outlines every inner node, the root the largest: the ratio is the
    // others' perimeters over the root's.
    LayerRecorder tree;
    s.world.draw(tree, {.shapes = false, .broadphase = true, .joints = false});
    ASSERT_EQ(tree.outlines.size(),
              static_cast<std::size_t>(stats.proxyCount - 1)); // a binary tree's inner nodes
    std::vector<float> perimeters;
    for (const std::vector<Vec2>& outline : tree.outlines)
    {
        perimeters.push_back(outlinePerimeter(outline));
    }
    const float root = *std::max_element(perimeters.begin(), perimeters.end());
    float others = -root;
    for (const float p : perimeters)
    {
        others += p;
    }
    EXPECT_GT(stats.treeAreaRatio, 1.0f);
    EXPECT_NEAR(stats.treeAreaRatio, others / root, 1e-3f * stats.treeAreaRatio);
}

// A ball fired at 200 m/s at a 10 cm wall: 3.3 m a step, so at no step's end does it overlap the wall.
float ballAfterWall(bool continuous)
{
    WorldDef def;
    def.gravity = {0.0f, 0.0f};
    def.continuous = continuous;
    World world(def);
    world.createBody(bodyAt(BodyType::Static, {5.0f, 0.0f}), boxShape({0.05f, 2.0f}));
    BodyDef ball = bodyAt(BodyType::Dynamic, {0.0f, 0.0f});
    ball.linearVelocity = {200.0f, 0.0f};
    const BodyId id = world.createBody(ball, circleShape(0.1f));
    run(world, 30);
    return world.position(id).x;
}

TEST(WorldContinuous, OnByDefaultAndSwitchable)
{
    EXPECT_TRUE(WorldDef{}.continuous);
    World world;
    world.setContinuous(false);
    EXPECT_FALSE(world.settings().continuous);
    world.setContinuous(true);
    EXPECT_TRUE(world.settings().continuous);
}

TEST(WorldContinuous, StopsAFastBallThatPassesThroughWithoutIt)
{
    EXPECT_LT(ballAfterWall(true), 5.0f);
    EXPECT_GT(ballAfterWall(false), 50.0f);
}

// A unit box sliding along the ground at 5 m/s with friction 0.6, one step in.
SceneInstance slidingBox(Solver solver)
{
    Scene scene = makeScene("slide", {ground()});
    SceneBody box = sceneBox(BodyType::Dynamic, {0.0f, 0.5f}, {0.5f, 0.5f});
    box.linearVelocity = {5.0f, 0.0f};
    scene.bodies.push_back(box);
    SceneInstance s = instantiate(scene);
    s.world.setSolver(solver);
    run(s.world, 3);
    return s;
}

TEST(WorldDebugDrawLayers, FrictionImpulsesRunAlongTheSurfaceAtMuTimesTheNormalOnes)
{
    SceneInstance s = slidingBox(Solver::Ngs);
    LayerRecorder d;
    s.world.draw(d, {.shapes = false, .contactImpulses = true, .frictionImpulses = true, .joints = false});
    float normal = 0.0f;
    float friction = 0.0f;
    int frictionSegments = 0;
    for (const LayerRecorder::Segment& seg : d.segments)
    {
        const Vec2 along = seg.p2 - seg.p1;
        if (sameColor(seg.color, palette::frictionImpulse))
        {
            EXPECT_NEAR(along.y, 0.0f, 1e-6f); // along the ground
            friction += length(along);
            ++frictionSegments;
        }
        else
        {
            ASSERT_TRUE(sameColor(seg.color, palette::normalImpulse));
            EXPECT_NEAR(along.x, 0.0f, 1e-6f); // along the normal
            normal += length(along);
        }
    }
    EXPECT_EQ(frictionSegments, 2); // the box's two corners on the ground
    // Sliding: friction at its Coulomb limit, 0.6 of the normal impulse (about m g dt each step).
    EXPECT_GT(normal, 0.5f * 0.1f * 10.0f / 60.0f);
    EXPECT_NEAR(friction, 0.6f * normal, 0.02f * normal);
}

// Draws the graph layer of a stack of three boxes and returns each touching point's colour with
// its height: the contacts with the ground, between the first and second, and the second and third.
std::vector<LayerRecorder::Dot> stackColors(Solver solver)
{
    SceneInstance s = instantiate(verticalStack(3));
    s.world.setSolver(solver);
    run(s.world, 10);
    LayerRecorder d;
    s.world.draw(d, {.shapes = false, .graphColors = true, .joints = false});
    return d.dots;
}

TEST(WorldDebugDrawLayers, GraphColoursDifferWhereContactsShareABody)
{
    const std::vector<LayerRecorder::Dot> dots = stackColors(Solver::SoftStep);
    ASSERT_EQ(dots.size(), 6u);
    const auto colorAt = [&](float height)
    {
        const auto it =
            std::find_if(dots.begin(), dots.end(),
                         [&](const LayerRecorder::Dot& dot) { return std::fabs(dot.p.y - height) < 0.1f; });
        EXPECT_NE(it, dots.end());
        return it == dots.end() ? Color{} : it->color;
    };
    for (const LayerRecorder::Dot& dot : dots)
    {
        // Both points of one contact share its colour; every colour is one of the graph's.
        EXPECT_TRUE(sameColor(dot.color, colorAt(std::round(dot.p.y))));
        EXPECT_TRUE(std::any_of(palette::graphColors.begin(), palette::graphColors.end(),
                                [&](Color c) { return sameColor(c, dot.color); }));
    }
    EXPECT_FALSE(sameColor(colorAt(0.0f), colorAt(1.0f)));
    EXPECT_FALSE(sameColor(colorAt(1.0f), colorAt(2.0f)));

    // Ngs solves one contact at a time and colours none.
    for (const LayerRecorder::Dot& dot : stackColors(Solver::Ngs))
    {
        EXPECT_TRUE(sameColor(dot.color, palette::graphUncoloured));
    }
}

} // namespace
} // namespace oblique::test
