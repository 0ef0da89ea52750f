// Friction in an impact: a ball striking a wall while sliding along it is stopped at the contact
// point by Coulomb friction over the impact's normal impulse, and leaves rolling along the wall
// with the analytic speed and spin, however far ahead of the wall its contact was found.

#include "joint_support.hpp"

#include <cmath>
#include <gtest/gtest.h>

namespace oblique::test
{
namespace
{

constexpr float kRadius = 0.05f;

struct Outcome
{
    float alongWall; // the ball's speed along the wall afterwards
    float spin;
};

// A 5 cm disc (friction 0.6) fired at a wall 10 m away at `speed`, sliding down it at 1.83 m/s,
// in empty space.
Outcome strike(Solver solver, float speed)
{
    World world = worldFor(solver, {0.0f, 0.0f});
    BodyDef wallDef;
    wallDef.type = BodyType::Static;
    wallDef.position = {10.0f, 0.0f};
    world.createBody(wallDef, boxShape({0.05f, 3.0f}));
    BodyDef ballDef;
    ballDef.linearVelocity = {speed, -1.83f};
    ShapeDef ball = circleShape(kRadius);
    ball.friction = 0.6f;
    const BodyId id = world.createBody(ballDef, ball);
    for (int step = 0; step < 40; ++step)
    {
        world.step(1.0f / 60.0f);
    }
    return {world.linearVelocity(id).y, world.angularVelocity(id)};
}

class ImpactFriction : public ::testing::TestWithParam<Solver>
{
};

// Friction's impulse J along the wall stops the contact point if it can (here it can: 0.6 times
// the impact's normal impulse is far more than needed); for a disc that takes J = m u / 3 of the
// sliding speed u, leaving u (2/3) along the wall and a spin of 2 J / (m r) = (2/3) u / r.
TEST(ImpactFrictionSoftStep, ABallStrikingAWallLeavesRollingAtTheAnalyticSpeedAndSpin)
{
    const float u = 1.83f;
    for (const float speed : {20.0f, 110.0f})
    {
        const Outcome o = strike(Solver::SoftStep, speed);
        report("speed along the wall after the impact, m/s", Solver::SoftStep, o.alongWall);
        report("spin after the impact, rad/s", Solver::SoftStep, o.spin);
        EXPECT_NEAR(o.alongWall, -u * 2.0f / 3.0f, 0.1f * u) << "at " << speed << " m/s";
        EXPECT_NEAR(o.spin, (2.0f / 3.0f) * u / kRadius, 0.1f * u / kRadius) << "at " << speed << " m/s";
    }
}

// Both solvers leave the ball rolling: its contact point at rest against the wall.
TEST_P(ImpactFriction, ABallStrikingAWallLeavesRolling)
{
    for (const float speed : {20.0f, 110.0f})
    {
        const Outcome o = strike(GetParam(), speed);
        EXPECT_NEAR(o.alongWall + o.spin * kRadius, 0.0f, 0.05f) << "at " << speed << " m/s";
        EXPECT_GT(o.spin, 10.0f) << "at " << speed << " m/s";
    }
}

INSTANTIATE_TEST_SUITE_P(BothSolvers, ImpactFriction, ::testing::Values(Solver::SoftStep, Solver::Ngs),
                         solverName);

} // namespace
} // namespace oblique::test
