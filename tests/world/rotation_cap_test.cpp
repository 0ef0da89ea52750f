// How fast the step lets a body turn: soft step an eighth of a turn a step unless the body allows
// fast rotation (then a quarter, ngs's cap for every body); kinematic bodies turn as they are told.

#include "world_scenes.hpp"

#include <gtest/gtest.h>
#include <numbers>

namespace oblique::test
{
namespace
{

constexpr float kPi = std::numbers::pi_v<float>;

// A 1 m box in empty space given a spin, its angular velocity after one step of dt.
float spinAfterOneStep(Solver solver, BodyDef body, float spin, float dt)
{
    WorldDef def;
    def.solver = solver;
    def.gravity = {0.0f, 0.0f};
    World world(def);
    body.angularVelocity = spin;
    const BodyId id = world.createBody(body, boxShape({0.5f, 0.5f}));
    world.step(dt);
    return world.angularVelocity(id);
}

TEST(RotationCap, SoftStepTurnsABodyAtMostAnEighthOfATurnAStep)
{
    const float dt = 1.0f / 60.0f;
    EXPECT_NEAR(spinAfterOneStep(Solver::SoftStep, BodyDef{}, 60.0f, dt), 0.25f * kPi / dt, 1.0e-3f);
    EXPECT_NEAR(spinAfterOneStep(Solver::SoftStep, BodyDef{}, -60.0f, dt), -0.25f * kPi / dt, 1.0e-3f);
    // The cap is per step, not per second: at 120 Hz, 60 rad/s is under it.
    EXPECT_NEAR(spinAfterOneStep(Solver::SoftStep, BodyDef{}, 60.0f, 1.0f / 120.0f), 60.0f, 1.0e-3f);
    // Below the cap nothing changes.
    EXPECT_NEAR(spinAfterOneStep(Solver::SoftStep, BodyDef{}, 40.0f, dt), 40.0f, 1.0e-3f);
}

TEST(RotationCap, ABodyThatAllowsFastRotationTurnsUpToAQuarterTurnAStep)
{
    const float dt = 1.0f / 60.0f;
    BodyDef wheel;
    wheel.allowFastRotation = true;
    EXPECT_NEAR(spinAfterOneStep(Solver::SoftStep, wheel, 60.0f, dt), 60.0f, 1.0e-3f);
    EXPECT_NEAR(spinAfterOneStep(Solver::SoftStep, wheel, 120.0f, dt), 0.5f * kPi / dt, 1.0e-3f);
}

TEST(RotationCap, KinematicBodiesAndNgsKeepTheQuarterTurnCap)
{
    const float dt = 1.0f / 60.0f;
    BodyDef blade;
    blade.type = BodyType::Kinematic;
    EXPECT_NEAR(spinAfterOneStep(Solver::SoftStep, blade, 60.0f, dt), 60.0f, 1.0e-3f);
    EXPECT_NEAR(spinAfterOneStep(Solver::Ngs, BodyDef{}, 60.0f, dt), 60.0f, 1.0e-3f);
    EXPECT_NEAR(spinAfterOneStep(Solver::Ngs, BodyDef{}, 120.0f, dt), 0.5f * kPi / dt, 1.0e-3f);
}

} // namespace
} // namespace oblique::test
