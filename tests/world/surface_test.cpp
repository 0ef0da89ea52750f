// Surfaces: conveyor belts (surface speed) and one-way platforms, in both engines, by the scene
// format's rules.

#include "world_scenes.hpp"

#include <gtest/gtest.h>

namespace oblique::test
{
namespace
{

SceneBody conveyor(Vec2 position, float speed)
{
    SceneBody belt = sceneBox(BodyType::Static, position, {6.0f, 0.25f});
    belt.surfaceSpeed = speed;
    return belt;
}

TEST(SurfaceSpeed, ABeltCarriesWhatRestsOnItCounterClockwise)
{
    // Positive speed runs counter-clockwise round the belt: leftwards along its top face.
    const Scene scene = makeScene("conveyors", {conveyor({-8.0f, 0.0f}, 2.0f), conveyor({8.0f, 0.0f}, -3.0f),
                                                sceneBox(BodyType::Dynamic, {-8.0f, 0.75f}, {0.5f, 0.5f}),
                                                sceneBall(BodyType::Dynamic, {8.0f, 0.75f}, 0.5f)});
    TwinWorlds twins(scene);
    twins.steps(60);
    reportMeasure("box on a +2 m/s belt, vx", twins.obliqueVelocity(2).x, twins.box2dVelocity(2).x);
    reportMeasure("ball on a -3 m/s belt, vx", twins.obliqueVelocity(3).x, twins.box2dVelocity(3).x);
    // Friction 0.6 takes the box to the belt's speed in a third of a second.
    EXPECT_NEAR(twins.obliqueVelocity(2).x, -2.0f, 0.01f);
    EXPECT_NEAR(twins.box2dVelocity(2).x, -2.0f, 0.01f);
    EXPECT_LT(twins.obliquePosition(2).x, -9.0f);
    // A ball rolls: the belt moves its contact point, so its centre goes the belt's way (at a
    // third of the belt's speed, for a solid disc).
    EXPECT_GT(twins.obliqueVelocity(3).x, 0.5f);
    EXPECT_NEAR(twins.obliqueVelocity(3).x, twins.box2dVelocity(3).x, 0.05f);
}

// A one-way platform 3 m up that lets things through from below and from the side.
SceneBody platform()
{
    SceneBody p = sceneBox(BodyType::Static, {0.0f, 3.0f}, {2.0f, 0.2f});
    p.oneWay = {0.0f, 1.0f};
    return p;
}

TEST(OneWay, LandsFromAbovePassesFromBelowThenLands)
{
    SceneBody ball = sceneBall(BodyType::Dynamic, {0.0f, 0.5f}, 0.4f);
    ball.linearVelocity = {0.0f, 11.0f}; // rises to about 6.5 m, well above the platform
    const Scene scene = makeScene(
        "one-way", {ground(), platform(), sceneBox(BodyType::Dynamic, {1.0f, 5.0f}, {0.4f, 0.4f}), ball});
    TwinWorlds twins(scene);
    float highest = 0.0f;
    for (int i = 0; i < 240; ++i)
    {
        twins.step();
        highest = std::max(highest, twins.obliquePosition(3).y);
    }
    // The box dropped from above rests on the platform's top (3.2 m) ...
    EXPECT_NEAR(twins.obliquePosition(2).y, 3.6f, 0.01f);
    EXPECT_NEAR(twins.box2dPosition(2).y, 3.6f, 0.02f);
    // ... the ball thrown from below went through it, and on the way down landed on it.
    EXPECT_GT(highest, 6.0f);
    EXPECT_NEAR(twins.obliquePosition(3).y, 3.6f, 0.01f);
    EXPECT_NEAR(twins.box2dPosition(3).y, 3.6f, 0.02f);
    reportMeasure("ball's highest point through the platform", highest);
}

TEST(OneWay, ASideArrivalPassesThrough)
{
    SceneBody slider = sceneBox(BodyType::Dynamic, {-5.0f, 3.0f}, {0.3f, 0.3f});
    slider.linearVelocity = {6.0f, 0.0f};
    Scene scene = makeScene("one-way side", {platform(), slider});
    scene.world.gravity = {0.0f, 0.0f};
    TwinWorlds twins(scene);
    twins.steps(120);
    EXPECT_GT(twins.obliquePosition(1).x, 5.0f);
    EXPECT_NEAR(twins.obliqueVelocity(1).x, 6.0f, 1e-4f);
    EXPECT_GT(twins.box2dPosition(1).x, 5.0f);
}

TEST(OneWay, TurnsWithItsBody)
{
    // The platform turned a quarter turn: its one-way side now faces -x. A box arriving from -x
    // is held; one arriving from +x passes.
    SceneBody wall = platform();
    wall.angle = 1.5707964f;
    SceneBody fromLeft = sceneBox(BodyType::Dynamic, {-3.0f, 3.0f}, {0.3f, 0.3f});
    fromLeft.linearVelocity = {4.0f, 0.0f};
    SceneBody fromRight = sceneBox(BodyType::Dynamic, {3.0f, 3.5f}, {0.3f, 0.3f});
    fromRight.linearVelocity = {-4.0f, 0.0f};
    Scene scene = makeScene("one-way wall", {wall, fromLeft, fromRight});
    scene.world.gravity = {0.0f, 0.0f};
    TwinWorlds twins(scene);
    twins.steps(120);
    EXPECT_LT(twins.obliquePosition(1).x, -0.2f);
    EXPECT_LT(twins.obliquePosition(2).x, -2.0f);
    EXPECT_LT(twins.box2dPosition(1).x, -0.2f);
    EXPECT_LT(twins.box2dPosition(2).x, -2.0f);
}

} // namespace
} // namespace oblique::test
