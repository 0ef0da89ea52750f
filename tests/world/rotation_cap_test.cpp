// How fast the step lets a body turn. Soft step: as fast as keeps the body's farthest point within
// 2 m a step of its straight motion, between an eighth of a turn a step and an eighth of a turn a
// substep; a body held by a joint an eighth of a turn a step; a body that allows fast rotation, and
// a kinematic one, at least a quarter turn a step (ngs's cap for every body).

#include "world_scenes.hpp"

#include <gtest/gtest.h>
#include <numbers>

namespace oblique::test
{
namespace
{

constexpr float kPi = std::numbers::pi_v<float>;
constexpr float kStep = 1.0f / 60.0f;

// A box of the given half extents in empty space given a spin, its angular velocity after one step
// of dt; pinned by a hinge at its centre when `jointed`.
float spinAfterOneStep(Solver solver, BodyDef body, Vec2 halfExtents, float spin, float dt, int subSteps = 4,
                       bool jointed = false)
{
    WorldDef def;
    def.solver = solver;
    def.subSteps = subSteps;
    def.gravity = {0.0f, 0.0f};
    World world(def);
    body.angularVelocity = spin;
    const BodyId id = world.createBody(body, boxShape(halfExtents));
    if (jointed)
    {
        const BodyId pin = world.createBody(bodyAt(BodyType::Static, body.position), circleShape(0.1f));
        world.createJoint({.bodyA = pin, .bodyB = id, .params = RevoluteJointDef{.anchor = body.position}});
    }
    world.step(dt);
    return world.angularVelocity(id);
}

TEST(RotationCap, SoftStepTurnsABodyAsFarAsMovesItsFarthestPointTwoMetresAStep)
{
    const Vec2 metreBox{0.5f, 0.5f};
    const float reach = std::sqrt(0.5f);
    EXPECT_NEAR(spinAfterOneStep(Solver::SoftStep, BodyDef{}, metreBox, 300.0f, kStep), 2.0f / reach / kStep,
                0.01f);
    EXPECT_NEAR(spinAfterOneStep(Solver::SoftStep, BodyDef{}, metreBox, -300.0f, kStep),
                -2.0f / reach / kStep, 0.01f);
    // Below the cap nothing changes: a 1.6 m plank tipped over at 90 rad/s keeps turning so.
    EXPECT_NEAR(spinAfterOneStep(Solver::SoftStep, BodyDef{}, {0.8f, 0.02f}, 90.0f, kStep), 90.0f, 1.0e-3f);
    // The cap is per step, not per second: at 120 Hz the metre box turns twice as fast.
    EXPECT_NEAR(spinAfterOneStep(Solver::SoftStep, BodyDef{}, metreBox, 400.0f, 0.5f * kStep),
                2.0f / reach / (0.5f * kStep), 0.02f);
}

TEST(RotationCap, SoftStepTurnsABigBodyAnEighthOfATurnAStepAndASmallOneAnEighthOfATurnASubstep)
{
    // A 10 m beam: 2 m at its ends would be 0.4 rad, under the eighth of a turn it always has.
    EXPECT_NEAR(spinAfterOneStep(Solver::SoftStep, BodyDef{}, {5.0f, 0.1f}, 60.0f, kStep),
                0.25f * kPi / kStep, 1.0e-3f);
    // A 5 cm box: an eighth of a turn each of the substeps.
    for (const int subSteps : {1, 4, 8})
    {
        EXPECT_NEAR(spinAfterOneStep(Solver::SoftStep, BodyDef{}, {0.025f, 0.025f}, 1000.0f, kStep, subSteps),
                    static_cast<float>(subSteps) * 0.25f * kPi / kStep, 0.01f)
            << subSteps << " substeps";
    }
}

TEST(RotationCap, SoftStepTurnsAJointedBodyAnEighthOfATurnAStep)
{
    EXPECT_NEAR(spinAfterOneStep(Solver::SoftStep, BodyDef{}, {0.5f, 0.5f}, 60.0f, kStep, 4, true),
                0.25f * kPi / kStep, 1.0e-3f);
    EXPECT_NEAR(spinAfterOneStep(Solver::SoftStep, BodyDef{}, {0.5f, 0.5f}, 40.0f, kStep, 4, true), 40.0f,
                1.0e-3f);
}

TEST(RotationCap, ABodyThatAllowsFastRotationTurnsAtLeastAQuarterTurnAStep)
{
    BodyDef wheel;
    wheel.allowFastRotation = true;
    EXPECT_NEAR(spinAfterOneStep(Solver::SoftStep, wheel, {5.0f, 0.1f}, 60.0f, kStep), 60.0f, 1.0e-3f);
    EXPECT_NEAR(spinAfterOneStep(Solver::SoftStep, wheel, {5.0f, 0.1f}, 120.0f, kStep), 0.5f * kPi / kStep,
                1.0e-3f);
    EXPECT_NEAR(spinAfterOneStep(Solver::SoftStep, wheel, {0.5f, 0.5f}, 60.0f, kStep, 4, true), 60.0f,
                1.0e-3f);
    // Its own cap where that is more.
    EXPECT_NEAR(spinAfterOneStep(Solver::SoftStep, wheel, {0.5f, 0.5f}, 300.0f, kStep),
                2.0f / std::sqrt(0.5f) / kStep, 0.01f);
}

TEST(RotationCap, KinematicBodiesAndNgsKeepTheQuarterTurnCap)
{
    BodyDef blade;
    blade.type = BodyType::Kinematic;
    EXPECT_NEAR(spinAfterOneStep(Solver::SoftStep, blade, {5.0f, 0.1f}, 60.0f, kStep), 60.0f, 1.0e-3f);
    EXPECT_NEAR(spinAfterOneStep(Solver::Ngs, BodyDef{}, {0.5f, 0.5f}, 60.0f, kStep), 60.0f, 1.0e-3f);
    EXPECT_NEAR(spinAfterOneStep(Solver::Ngs, BodyDef{}, {0.5f, 0.5f}, 120.0f, kStep), 0.5f * kPi / kStep,
                1.0e-3f);
    EXPECT_NEAR(spinAfterOneStep(Solver::Ngs, BodyDef{}, {0.025f, 0.025f}, 120.0f, kStep), 0.5f * kPi / kStep,
                1.0e-3f);
}

// The sliver scene's plank: 1.6 m by 4 cm, tilted 0.1 rad and turning at 3 rad/s, fired down at
// 100 m/s onto a 2 cm plate. Its low end strikes first and it slaps down about it at some 90 rad/s.
// Held to an eighth of a turn a step (47 rad/s), it turned too slowly for the contact at its low
// end, which sank through the plate, and from 5 substeps on it fell through.
TEST(RotationCap, APlankSlappingDownAt100MetresASecondStaysOnAThinPlateAtAnySubsteps)
{
    constexpr float kPlateTop = 4.01f;
    constexpr float kPlateHalfWidth = 3.0f;
    for (int subSteps = 1; subSteps <= 12; ++subSteps)
    {
        WorldDef def;
        def.subSteps = subSteps;
        World world(def);
        world.createBody(bodyAt(BodyType::Static, {0.0f, -1.0f}), boxShape({40.0f, 1.0f}));
        world.createBody(bodyAt(BodyType::Static, {0.0f, 4.0f}), boxShape({kPlateHalfWidth, 0.01f}));
        BodyDef plankDef = bodyAt(BodyType::Dynamic, {0.9f, 12.0f}, 0.1f);
        plankDef.linearVelocity = {0.0f, -100.0f};
        plankDef.angularVelocity = 3.0f;
        const BodyId plank = world.createBody(plankDef, boxShape({0.8f, 0.02f}));
        // Over the plate it must stay on top; once off its end it may fall past it.
        float lowest = 100.0f;
        for (int step = 0; step < 120 && std::fabs(world.position(plank).x) <= kPlateHalfWidth; ++step)
        {
            lowest = std::min(lowest, world.position(plank).y);
            world.step(kStep);
        }
        EXPECT_GT(lowest, kPlateTop) << subSteps << " substeps";
    }
}

} // namespace
} // namespace oblique::test
