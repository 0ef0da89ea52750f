#include "oblique/scene_builders.hpp"

#include "scene_body_makers.hpp"

#include <cmath>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

namespace oblique::scenes
{

namespace
{

using detail::ball;
using detail::box;
using detail::staticBox;

SceneBody compound(std::string name, Vec2 position, std::vector<ShapeDef> shapes, float angle = 0.0f)
{
    SceneBody b;
    b.name = std::move(name);
    b.position = position;
    b.angle = angle;
    b.shapes = std::move(shapes);
    return b;
}

} // namespace

SceneBody ground(float halfWidth)
{
    SceneBody g = staticBox({0.0f, -1.0f}, {halfWidth, 1.0f});
    g.name = "ground";
    return g;
}

Scene pyramid(int rows, float spacing)
{
    Scene s;
    s.name = std::to_string(rows) + "-row pyramid";
    const float pitch = 1.0f + spacing;
    s.bodies.push_back(ground(std::max(40.0f, 0.5f * pitch * static_cast<float>(rows) + 10.0f)));
    for (int row = 0; row < rows; ++row)
    {
        const int inRow = rows - row;
        const float x0 = -0.5f * pitch * static_cast<float>(inRow - 1);
        for (int i = 0; i < inRow; ++i)
        {
            s.bodies.push_back(
                box({x0 + pitch * static_cast<float>(i), 0.5f + static_cast<float>(row)}, {0.5f, 0.5f}));
        }
    }
    return s;
}

Scene manyPyramids(int rows, int columns, int base)
{
    constexpr float kHalf = 0.5f;
    constexpr float kShelfHalfHeight = 0.5f;
    Scene s;
    s.name = std::to_string(rows) + " x " + std::to_string(columns) + " pyramids";
    const auto baseCount = static_cast<float>(base);
    // A shelf above each row of pyramids, with room for one box over the tallest; each pyramid as
    // wide as its base with a box's width to the next.
    const float shelfPitch = 2.0f * kHalf * (baseCount + 1.0f);
    const float shelfHalfWidth = 0.5f * shelfPitch * static_cast<float>(columns);
    SceneBody shelves;
    shelves.name = "shelves";
    shelves.type = BodyType::Static;
    for (int row = 0; row < rows; ++row)
    {
        const float top = shelfPitch * static_cast<float>(row);
        shelves.shapes.push_back(
            boxShape({shelfHalfWidth, kShelfHalfHeight}, {0.0f, top - kShelfHalfHeight}));
    }
    s.bodies.push_back(shelves);
    for (int row = 0; row < rows; ++row)
    {
        const float floorY = shelfPitch * static_cast<float>(row);
        for (int column = 0; column < columns; ++column)
        {
            const float left = -shelfHalfWidth + shelfPitch * static_cast<float>(column) + kHalf;
            for (int layer = 0; layer < base; ++layer)
            {
                const float y = floorY + kHalf * static_cast<float>(2 * layer + 1);
                for (int i = layer; i < base; ++i)
                {
                    const float x = left + kHalf * static_cast<float>(layer + 2 * (i - layer) + 1);
                    s.bodies.push_back(box({x, y}, {kHalf, kHalf}));
                }
            }
        }
    }
    return s;
}

Scene verticalStack(int count)
{
    Scene s;
    s.name = "stack of " + std::to_string(count);
    s.bodies.push_back(ground());
    for (int i = 0; i < count; ++i)
    {
        s.bodies.push_back(box({0.0f, 0.5f + static_cast<float>(i)}, {0.5f, 0.5f}));
    }
    return s;
}

Scene rain(int count)
{
    Scene s;
    s.name = "rain of " + std::to_string(count);
    // Columns of 1.2 m cells; the container is as wide as the columns plus a margin.
    const int columns = std::max(10, static_cast<int>(std::sqrt(static_cast<float>(count))));
    const float halfWidth = 0.6f * static_cast<float>(columns) + 1.0f;
    const float wallHeight = 0.5f * static_cast<float>(count) / static_cast<float>(columns) + 5.0f;
    s.bodies.push_back(ground(halfWidth + 1.0f));
    s.bodies.push_back(staticBox({-halfWidth - 0.5f, wallHeight}, {0.5f, wallHeight}));
    s.bodies.push_back(staticBox({halfWidth + 0.5f, wallHeight}, {0.5f, wallHeight}));
    for (int i = 0; i < count; ++i)
    {
        const int column = i % columns;
        const int row = i / columns;
        const Vec2 p{-halfWidth + 1.0f + 1.2f * static_cast<float>(column),
                     2.0f + 1.2f * static_cast<float>(row)};
        // Sizes cycle through a few values so the pile packs unevenly, as real debris does.
        const float size = 0.2f + 0.1f * static_cast<float>((i * 7) % 4);
        if (i % 2 == 0)
        {
            s.bodies.push_back(box(p, {size, 0.6f * size + 0.1f}, 0.3f * static_cast<float>(i % 5)));
        }
        else
        {
            s.bodies.push_back(ball(p, size));
        }
    }
    return s;
}

Scene ramps()
{
    Scene s;
    s.name = "ramps";
    s.bodies.push_back(ground(80.0f));
    const float angle = std::numbers::pi_v<float> / 6.0f;
    const Vec2 along{std::cos(angle), std::sin(angle)};
    const Vec2 up{-along.y, along.x};
    // Mixed friction sqrt(0.6 * f): 0.42 -> 0.50 and 0.5 -> 0.55 slide slowly (tan 30 deg = 0.577),
    // 1.0 -> 0.77 sticks. The ramps are long enough that no box reaches the bottom in 10 s.
    const float frictions[3] = {0.42f, 0.5f, 1.0f};
    const float halfLength = 20.0f;
    for (int i = 0; i < 3; ++i)
    {
        // Low enough that the ramp's top face meets the ground.
        const Vec2 centre{-40.0f + 40.0f * static_cast<float>(i), halfLength * along.y - 0.25f * along.x};
        SceneBody ramp = staticBox(centre, {halfLength, 0.25f}, angle);
        ramp.name = "ramp " + std::to_string(i);
        s.bodies.push_back(ramp);
        SceneBody b = box(centre + (halfLength - 2.0f) * along + 0.75f * up, {0.5f, 0.5f}, angle);
        b.friction = frictions[i];
        b.name = "box " + std::to_string(i);
        s.bodies.push_back(b);
    }
    return s;
}

Scene restitutionRow()
{
    Scene s;
    s.name = "restitution row";
    s.bodies.push_back(ground());
    for (int i = 0; i < 5; ++i)
    {
        SceneBody b = ball({-4.0f + 2.0f * static_cast<float>(i), 4.0f}, 0.5f);
        b.restitution = 0.25f * static_cast<float>(i);
        b.name = "e = " + std::to_string(b.restitution).substr(0, 4);
        s.bodies.push_back(b);
    }
    return s;
}

Scene dominoes(int count)
{
    Scene s;
    s.name = std::to_string(count) + " dominoes";
    s.bodies.push_back(ground());
    const Vec2 half{0.1f, 1.0f};
    for (int i = 0; i < count; ++i)
    {
        SceneBody d =
            box({-0.5f * 1.2f * static_cast<float>(count) + 1.2f * static_cast<float>(i), 1.0f}, half);
        d.friction = 0.6f;
        s.bodies.push_back(d);
    }
    // Tip the first one: a push at its top sets the chain going.
    s.bodies[1].angularVelocity = -1.5f;
    return s;
}

} // namespace oblique::scenes

namespace oblique::scenes
{

Scene compoundBodies()
{
    Scene s;
    s.name = "compound bodies";
    s.bodies.push_back(ground(30.0f));

    // A table: top and two legs, the origin on the floor between the legs; two crates on top.
    s.bodies.push_back(compound("table", {-12.0f, 0.0f},
                                {boxShape({2.0f, 0.1f}, {0.0f, 1.3f}), boxShape({0.1f, 0.6f}, {-1.7f, 0.6f}),
                                 boxShape({0.1f, 0.6f}, {1.7f, 0.6f})}));
    s.bodies.push_back(box({-12.8f, 1.8f}, {0.4f, 0.4f}));
    s.bodies.push_back(box({-11.2f, 1.7f}, {0.3f, 0.3f}, 0.2f));

    // An L and a T dropped turning.
    SceneBody l =
        compound("L", {-5.0f, 5.0f},
                 {boxShape({1.0f, 0.25f}, {0.0f, 0.0f}), boxShape({0.25f, 1.0f}, {0.75f, 1.25f})}, 0.6f);
    l.angularVelocity = 1.5f;
    s.bodies.push_back(l);
    SceneBody t =
        compound("T", {-1.0f, 6.0f},
                 {boxShape({1.2f, 0.2f}, {0.0f, 1.2f}), boxShape({0.2f, 1.0f}, {0.0f, 0.0f})}, -0.4f);
    t.angularVelocity = -2.0f;
    s.bodies.push_back(t);

    // A hammer: a light handle and a heavy head, thrown end over end.
    ShapeDef head = boxShape({0.3f, 0.18f}, {0.9f, 0.0f});
    head.density = 8.0f;
    SceneBody hammer = compound("hammer", {3.0f, 2.0f}, {boxShape({0.7f, 0.06f}, {0.0f, 0.0f}), head});
    hammer.linearVelocity = {3.0f, 9.0f};
    hammer.angularVelocity = 8.0f;
    s.bodies.push_back(hammer);

    // A ramp and a cart on round, slippery feet rolling down it with a load.
    s.bodies.push_back(staticBox({16.0f, 3.0f}, {6.0f, 0.25f}, 0.35f));
    ShapeDef wheelA = circleShape(0.3f, {-0.8f, -0.45f});
    ShapeDef wheelB = circleShape(0.3f, {0.8f, -0.45f});
    wheelA.friction = 0.05f;
    wheelB.friction = 0.05f;
    s.bodies.push_back(compound("cart", {19.0f, 5.0f},
                                {boxShape({1.2f, 0.2f}, {0.0f, 0.0f}), boxShape({0.1f, 0.4f}, {-1.1f, 0.5f}),
                                 boxShape({0.1f, 0.4f}, {1.1f, 0.5f}), wheelA, wheelB},
                                0.35f));
    s.bodies.push_back(box({19.0f, 5.8f}, {0.35f, 0.35f}, 0.35f));
    return s;
}

Scene tumblerDrum()
{
    constexpr Vec2 kCentre{0.0f, 9.0f};
    constexpr int kSides = 8;
    constexpr float kInner = 6.0f; // from the centre to the inside of each wall
    constexpr float kThickness = 0.5f;
    Scene s;
    s.name = "tumbler drum";
    // Bodies resting against the turning drum must keep moving with it.
    s.world.allowSleep = false;
    SceneBody drum;
    drum.name = "drum";
    drum.type = BodyType::Kinematic;
    drum.position = kCentre;
    drum.angularVelocity = 0.4f;
    // Each wall spans the octagon's outer side, so neighbours overlap on the inside and meet at
    // the outside corners: nothing slips out between them.
    const float halfLength = (kInner + kThickness) * std::tan(std::numbers::pi_v<float> / kSides);
    for (int i = 0; i < kSides; ++i)
    {
        const float a = 2.0f * std::numbers::pi_v<float> * static_cast<float>(i) / kSides;
        const float r = kInner + 0.5f * kThickness;
        drum.shapes.push_back(
            boxShape({halfLength, 0.5f * kThickness}, {r * std::sin(a), -r * std::cos(a)}, a));
    }
    s.bodies.push_back(drum);
    for (int row = 0; row < 10; ++row)
    {
        for (int col = 0; col < 12; ++col)
        {
            const Vec2 at{kCentre.x - 3.3f + 0.6f * static_cast<float>(col),
                          kCentre.y - 3.0f + 0.6f * static_cast<float>(row)};
            s.bodies.push_back((row + col) % 3 == 0 ? ball(at, 0.22f) : box(at, {0.22f, 0.22f}));
        }
    }
    return s;
}

} // namespace oblique::scenes
