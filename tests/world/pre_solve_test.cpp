// The pre-solve callback: it sees every solid contact once per step before the solver, and what it
// changes (enabled, friction, restitution, surface speed) holds for that step.

#include "world_scenes.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <stdexcept>

namespace oblique::test
{
namespace
{

constexpr float kDt = 1.0f / 60.0f;

struct Floor
{
    World world;
    BodyId ground;
};

// A world with a static ground whose top face is y = 0.
Floor floorWorld()
{
    Floor f;
    f.ground = f.world.createBody(bodyAt(BodyType::Static, {0.0f, -1.0f}), boxShape({20.0f, 1.0f}));
    return f;
}

TEST(PreSolve, ADisabledContactLetsABodyThrough)
{
    Floor f = floorWorld();
    const BodyId ghost = f.world.createBody(bodyAt(BodyType::Dynamic, {-2.0f, 1.0f}), boxShape({0.5f, 0.5f}));
    const BodyId solid = f.world.createBody(bodyAt(BodyType::Dynamic, {2.0f, 1.0f}), boxShape({0.5f, 0.5f}));
    f.world.setPreSolve([&](PreSolveContact& c) { c.enabled = !(c.b == ghost); });
    run(f.world, 60);
    EXPECT_LT(f.world.position(ghost).y, -1.0f);
    EXPECT_NEAR(f.world.position(solid).y, 0.5f, 0.01f);
    // Removing the callback gives the ordinary rule back.
    f.world.setPreSolve({});
    f.world.setTransform(ghost, {-2.0f, 1.0f}, 0.0f);
    f.world.setLinearVelocity(ghost, {});
    run(f.world, 60);
    EXPECT_NEAR(f.world.position(ghost).y, 0.5f, 0.01f);
}

TEST(PreSolve, SeesEachSolidContactOncePerStepWithItsManifold)
{
    Floor f = floorWorld();
    const BodyId low = f.world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 0.5f}), boxShape({0.5f, 0.5f}));
    const BodyId high = f.world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 1.5f}), boxShape({0.5f, 0.5f}));
    ShapeDef zone = boxShape({3.0f, 3.0f});
    zone.isSensor = true;
    f.world.createBody(bodyAt(BodyType::Static, {0.0f, 1.0f}), zone);
    int calls = 0;
    bool wellFormed = true;
    f.world.setPreSolve(
        [&](PreSolveContact& c)
        {
            ++calls;
            const bool groundLow = c.a == f.ground && c.b == low;
            const bool lowHigh = c.a == low && c.b == high;
            wellFormed = wellFormed && (groundLow || lowHigh) && c.manifold.pointCount == 2 &&
                         c.manifold.normal.y > 0.99f && c.shapeB == f.world.shapes(c.b).front() &&
                         c.enabled && c.friction == 0.6f && c.restitution == 0.0f && c.surfaceSpeed == 0.0f;
        });
    run(f.world, 10);
    // Two solid contacts (the sensor's are not shown), ten steps.
    EXPECT_EQ(calls, 20);
    EXPECT_TRUE(wellFormed);
}

TEST(PreSolve, FrictionRestitutionAndSurfaceSpeedHoldForTheStep)
{
    // Friction: a box that sticks on a 30 degree ramp slides when the callback makes it icy.
    World ramp;
    ShapeDef slope = boxShape({10.0f, 0.5f});
    slope.friction = 1.0f;
    ramp.createBody(bodyAt(BodyType::Static, {0.0f, 0.0f}, 0.5235988f), slope);
    ShapeDef crateShape = boxShape({0.5f, 0.5f});
    crateShape.friction = 1.0f;
    const Vec2 normal{-std::sin(0.5235988f), std::cos(0.5235988f)};
    const BodyId crate = ramp.createBody(bodyAt(BodyType::Dynamic, 1.0f * normal, 0.5235988f), crateShape);
    run(ramp, 30);
    const Vec2 stuck = ramp.position(crate);
    ramp.setPreSolve([](PreSolveContact& c) { c.friction = 0.0f; });
    // A sleeping body's contacts are not looked at: wake it.
    ramp.setAwake(crate, true);
    run(ramp, 60);
    // Frictionless, it slides at g sin 30 = 5 m/s^2: about 2.5 m in a second.
    EXPECT_GT(distance(ramp.position(crate), stuck), 2.0f);

    // Restitution: a dead ball bounces back up when the callback makes it elastic.
    Floor f = floorWorld();
    const BodyId ball = f.world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 2.5f}), circleShape(0.5f));
    f.world.setPreSolve([](PreSolveContact& c) { c.restitution = 1.0f; });
    float apex = 0.0f;
    bool landed = false;
    for (int i = 0; i < 150; ++i)
    {
        f.world.step(kDt);
        const float y = f.world.position(ball).y;
        landed = landed || y < 0.6f;
        apex = landed ? std::max(apex, y) : apex;
    }
    EXPECT_GT(apex, 2.3f);

    // Surface speed: the ground becomes a belt.
    Floor belt = floorWorld();
    const BodyId parcel =
        belt.world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 0.5f}), boxShape({0.5f, 0.5f}));
    belt.world.setPreSolve([](PreSolveContact& c) { c.surfaceSpeed = 2.0f; });
    run(belt.world, 60);
    EXPECT_NEAR(belt.world.linearVelocity(parcel).x, -2.0f, 0.01f);
}

TEST(PreSolve, OutOfRangeValuesAreClampedAndNaNKeepsTheShapes)
{
    Floor f = floorWorld();
    const BodyId box = f.world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 0.5f}), boxShape({0.5f, 0.5f}));
    f.world.setLinearVelocity(box, {3.0f, 0.0f});
    f.world.setPreSolve(
        [](PreSolveContact& c)
        {
            c.friction = std::numeric_limits<float>::quiet_NaN();
            c.restitution = 7.0f;
            c.surfaceSpeed = std::numeric_limits<float>::infinity();
        });
    run(f.world, 60);
    const Vec2 v = f.world.linearVelocity(box);
    const Vec2 p = f.world.position(box);
    EXPECT_TRUE(std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(p.x) && std::isfinite(p.y));
    // The belt's speed was capped at 1e6 m/s, and friction kept the shapes' 0.6 (the NaN): it
    // drags the box backwards at 0.6 g, from +3 m/s to -3 m/s in a second.
    EXPECT_NEAR(v.x, -3.0f, 0.05f);
    EXPECT_NEAR(p.y, 0.5f, 0.01f); // restitution 7 was taken as 1, and a resting box stays down
}

TEST(PreSolve, CallsThatChangeTheWorldAreRefusedInside)
{
    Floor f = floorWorld();
    const BodyId box = f.world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 0.5f}), boxShape({0.5f, 0.5f}));
    int refused = 0;
    f.world.setPreSolve(
        [&](PreSolveContact& c)
        {
            const auto refusedCall = [&](auto&& call)
            {
                try
                {
                    call();
                }
                catch (const std::invalid_argument&)
                {
                    ++refused;
                }
            };
            refusedCall([&] { f.world.createBody(BodyDef{}, boxShape({1.0f, 1.0f})); });
            refusedCall([&] { f.world.destroyBody(c.b); });
            refusedCall([&] { f.world.createShape(c.b, circleShape(1.0f)); });
            refusedCall([&] { f.world.destroyShape(c.shapeB); });
            refusedCall([&] { f.world.setTransform(c.b, {5.0f, 5.0f}, 0.0f); });
            refusedCall([&] { f.world.step(kDt); });
            refusedCall([&] { f.world.setPreSolve({}); });
            // Reading is fine.
            EXPECT_EQ(f.world.bodyCount(), 2);
        });
    f.world.step(kDt);
    EXPECT_EQ(refused, 7);
    EXPECT_TRUE(f.world.isValid(box));
    EXPECT_EQ(f.world.bodyCount(), 2);
    EXPECT_EQ(f.world.shapes(box).size(), 1u);
    // After the step the world is unlocked again.
    f.world.setPreSolve({});
    f.world.step(kDt);
    EXPECT_NEAR(f.world.position(box).y, 0.5f, 0.01f);
}

} // namespace
} // namespace oblique::test
