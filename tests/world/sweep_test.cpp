// Speculative points along a fast body's path are kept only where the sweep says the shapes meet:
// a box passing beside a ball leaves it alone, while one aimed at a thin plank still stops on it.

#include "joint_support.hpp"

#include <gtest/gtest.h>

namespace oblique::test
{
namespace
{

constexpr float kDt = 1.0f / 60.0f;

class Sweep : public ::testing::TestWithParam<Solver>
{
};

// A 0.5 m box at 75 m/s (1.25 m a step) passing 0.15 m above a 0.25 m ball at rest, in empty
// space. At the start of the step that carries it over the ball, the nearest points are 0.8 m
// apart on a diagonal the box closes at 66 m/s: a speculative point there held the box back and
// knocked the ball along the diagonal, at 32 m/s in soft step and 12 m/s in ngs.
TEST_P(Sweep, AFastBoxPassingAboveABallLeavesItAlone)
{
    World world = worldFor(GetParam(), {0.0f, 0.0f});
    const BodyId ball = world.createBody(BodyDef{}, circleShape(0.25f));
    BodyDef boxDef;
    boxDef.position = {-5.0f, 0.65f};
    boxDef.linearVelocity = {75.0f, 0.0f};
    const BodyId box = world.createBody(boxDef, boxShape({0.25f, 0.25f}));
    for (int step = 0; step < 10; ++step)
    {
        world.step(kDt);
    }
    report("ball speed after the box passed, m/s", GetParam(), length(world.linearVelocity(ball)));
    EXPECT_EQ(world.linearVelocity(ball), (Vec2{0.0f, 0.0f}));
    EXPECT_EQ(world.position(ball), (Vec2{0.0f, 0.0f}));
    EXPECT_EQ(world.linearVelocity(box), (Vec2{75.0f, 0.0f}));
    EXPECT_GT(world.position(box).x, 7.0f);
}

// The same box aimed at a 2 cm plank standing across its path, and a ball fired at it from an
// angle: both stop on it, the points along their paths kept.
TEST_P(Sweep, FastBodiesAimedAtAThinPlankStillStopOnIt)
{
    World world = worldFor(GetParam(), {0.0f, 0.0f});
    BodyDef plankDef;
    plankDef.type = BodyType::Static;
    plankDef.position = {5.0f, 0.0f};
    world.createBody(plankDef, boxShape({0.01f, 2.0f}));
    BodyDef boxDef;
    boxDef.position = {-5.0f, 0.8f};
    boxDef.linearVelocity = {75.0f, 0.0f};
    const BodyId box = world.createBody(boxDef, boxShape({0.25f, 0.25f}));
    BodyDef ballDef;
    ballDef.position = {-5.0f, -8.0f};
    ballDef.linearVelocity = {60.0f, 48.0f}; // reaches the plank's middle
    const BodyId ball = world.createBody(ballDef, circleShape(0.1f));
    for (int step = 0; step < 20; ++step)
    {
        world.step(kDt);
    }
    EXPECT_LT(world.position(box).x, 5.0f - 0.25f + 0.01f);
    EXPECT_LT(world.position(ball).x, 5.0f);
}

INSTANTIATE_TEST_SUITE_P(BothSolvers, Sweep, ::testing::Values(Solver::SoftStep, Solver::Ngs), solverName);

} // namespace
} // namespace oblique::test
