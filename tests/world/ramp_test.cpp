// Coulomb friction on a ramp: a box slides when friction is below tan(angle) and stays when it is
// above, in both engines, and the two engines end up in the same place.

#include "world_scenes.hpp"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>

namespace oblique::test
{
namespace
{

constexpr float kRampAngle = kPi / 6.0f; // 30 degrees: sliding needs friction below tan(30) = 0.577
constexpr float kBoxHalf = 0.25f;
constexpr float kRampHalfThickness = 0.25f;
constexpr int kSteps = 90; // 1.5 s at 60 Hz

// Where both engines must agree after 1.5 s: 5 cm, about 2% of the sliding box's 2.7 m run. Both
// solve the same contact with the same constants and differ only in how the contact is first made
// (oblique's speculative points), which is worth a few millimetres.
constexpr float kEngineTolerance = 0.05f;

Vec2 upSlope()
{
    return {std::cos(kRampAngle), std::sin(kRampAngle)};
}

Vec2 rampNormal()
{
    return {-std::sin(kRampAngle), std::cos(kRampAngle)};
}

// A static 12 m ramp through the origin, and a box resting on its face 3 m up the slope, turned to
// lie flat on it. Both shapes get the same friction, so the pair's mixed friction sqrt(f * f) is f.
Scene rampScene(float friction)
{
    SceneBody ramp = sceneBox(BodyType::Static, {0.0f, 0.0f}, {6.0f, kRampHalfThickness}, kRampAngle);
    ramp.friction = friction;
    const Vec2 start = 3.0f * upSlope() + (kRampHalfThickness + kBoxHalf) * rampNormal();
    SceneBody box = sceneBox(BodyType::Dynamic, start, {kBoxHalf, kBoxHalf}, kRampAngle);
    box.friction = friction;
    return makeScene("box on ramp", {ramp, box});
}

struct RampOutcome
{
    float obliqueDownSlope; ///< distance travelled down the slope, metres
    float box2dDownSlope;
    float engineGap; ///< distance between the two engines' final positions
    float obliqueAngle;
    float obliqueOffSurface; ///< final distance from the ramp face along its normal, minus contact
};

RampOutcome runRamp(float friction)
{
    const Scene scene = rampScene(friction);
    TwinWorlds twins(scene);
    twins.steps(kSteps);
    const Vec2 start = scene.bodies[1].position;
    const Vec2 o = twins.obliquePosition(1);
    const Vec2 b = twins.box2dPosition(1);
    return {dot(start - o, upSlope()), dot(start - b, upSlope()), distance(o, b),
            twins.world().angle(twins.id(1)), dot(o - start, rampNormal())};
}

TEST(WorldRamp, BoxSlidesWhenFrictionIsBelowTanAngle)
{
    constexpr float kFriction = 0.3f;
    const RampOutcome r = runRamp(kFriction);
    // Constant acceleration g (sin a - mu cos a) from rest: 2.70 m in 1.5 s.
    const float acceleration = kGravity * (std::sin(kRampAngle) - kFriction * std::cos(kRampAngle));
    const float t = static_cast<float>(kSteps) / 60.0f;
    const float expected = 0.5f * acceleration * t * t;
    reportMeasure("ramp mu=0.3: slid down slope in 1.5 s (m)", r.obliqueDownSlope, r.box2dDownSlope);
    reportMeasure("ramp mu=0.3: analytic slide (m)", expected);
    reportMeasure("ramp mu=0.3: engines apart (m)", r.engineGap);

    // 5% of the analytic distance: the discrete integration alone accounts for about 1% (the
    // semi-implicit Euler sum n(n+1)/2 dt^2 instead of t^2 / 2), and the first step's contact
    // is found only once the box has started to fall.
    EXPECT_NEAR(r.obliqueDownSlope, expected, 0.05f * expected);
    EXPECT_NEAR(r.box2dDownSlope, expected, 0.05f * expected);
    EXPECT_LE(r.engineGap, kEngineTolerance);
    // It slid flat on its face, neither tumbling nor lifting off.
    EXPECT_NEAR(r.obliqueAngle, kRampAngle, 0.01f);
    EXPECT_NEAR(r.obliqueOffSurface, 0.0f, 2.0f * kSlop);
}

TEST(WorldRamp, BoxStaysWhenFrictionIsAboveTanAngle)
{
    const RampOutcome r = runRamp(0.9f);
    reportMeasure("ramp mu=0.9: slid down slope in 1.5 s (m)", r.obliqueDownSlope, r.box2dDownSlope);
    reportMeasure("ramp mu=0.9: engines apart (m)", r.engineGap);

    // Static friction holds it: at most a millimetre of creep while the contact first settles
    // (sliding at the mu = 0.3 rate would cover that in a tenth of a second).
    EXPECT_LE(std::fabs(r.obliqueDownSlope), 1e-3f);
    EXPECT_LE(std::fabs(r.box2dDownSlope), 1e-3f);
    EXPECT_LE(r.engineGap, kEngineTolerance);
    // The first steps, before warm starting has built up the friction impulses, may let the box
    // settle by a fraction of a degree (Box2D: 0.2 degrees); 0.01 rad is still far from tipping.
    EXPECT_NEAR(r.obliqueAngle, kRampAngle, 0.01f);
}

TEST(WorldRamp, StayingBoxFallsAsleepOnTheRamp)
{
    TwinWorlds twins(rampScene(0.9f));
    twins.steps(2 * 60);
    EXPECT_FALSE(twins.obliqueAwake(1));
    EXPECT_FALSE(twins.box2dAwake(1));
}

} // namespace
} // namespace oblique::test
