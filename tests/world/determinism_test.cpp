// Determinism and handles: the same scene stepped twice gives bit-identical worlds, a tiny change
// gives a different one; stale handles are refused and bad arguments leave the world untouched.

#include "world_scenes.hpp"

#include <cmath>
#include <functional>
#include <gtest/gtest.h>
#include <limits>
#include <stdexcept>

namespace oblique::test
{
namespace
{

constexpr float kDt = 1.0f / 60.0f;
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// A busy scene: a 10-row pyramid, a ramp, and boxes and balls raining onto both, so contacts
// come and go, bodies spin, slide and fall asleep during the 300 steps.
Scene busyScene()
{
    Scene scene = pyramid(10);
    scene.bodies.push_back(sceneBox(BodyType::Static, {-14.0f, 3.0f}, {4.0f, 0.2f}, -0.4f));
    for (int i = 0; i < 24; ++i)
    {
        const Vec2 at{-16.0f + 1.3f * static_cast<float>(i), 12.0f + 0.7f * static_cast<float>(i % 5)};
        SceneBody b = i % 3 == 0
                          ? sceneBall(BodyType::Dynamic, at, 0.3f)
                          : sceneBox(BodyType::Dynamic, at, {0.3f, 0.2f}, 0.1f * static_cast<float>(i));
        b.restitution = i % 4 == 0 ? 0.5f : 0.0f;
        b.angularVelocity = 0.5f * static_cast<float>(i % 7) - 1.5f;
        scene.bodies.push_back(b);
    }
    return scene;
}

std::uint64_t hashAfter(const Scene& scene, int steps)
{
    SceneInstance s = instantiate(scene);
    for (int i = 0; i < steps; ++i)
    {
        s.world.step(scene.world.timeStep);
    }
    return s.world.stateHash();
}

TEST(WorldDeterminism, SameSceneGivesIdenticalHashes)
{
    const Scene scene = busyScene();
    const std::uint64_t first = hashAfter(scene, 300);
    const std::uint64_t second = hashAfter(scene, 300);
    EXPECT_EQ(first, second);
    // The run really did something: the hash moved away from the starting state.
    EXPECT_NE(first, hashAfter(scene, 0));

    // The smallest possible change, one body's x nudged to the next float, gives another world.
    Scene nudged = scene;
    Vec2& p = nudged.bodies[37].position;
    p.x = std::nextafter(p.x, 1e9f);
    EXPECT_NE(hashAfter(nudged, 300), first);
}

TEST(WorldHandles, DestroyedHandleIsInvalidAndRefused)
{
    World world;
    const BodyId keep = world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 0.0f}), boxShape({0.5f, 0.5f}));
    const BodyId doomed = world.createBody(bodyAt(BodyType::Dynamic, {3.0f, 0.0f}), circleShape(0.5f));
    ASSERT_TRUE(world.isValid(doomed));
    world.destroyBody(doomed);
    EXPECT_FALSE(world.isValid(doomed));
    EXPECT_TRUE(world.isValid(keep));
    EXPECT_EQ(world.bodyCount(), 1);

    const std::uint64_t before = world.stateHash();
    EXPECT_THROW(world.position(doomed), std::invalid_argument);
    EXPECT_THROW(world.linearVelocity(doomed), std::invalid_argument);
    EXPECT_THROW(world.setTransform(doomed, {1.0f, 1.0f}, 0.0f), std::invalid_argument);
    EXPECT_THROW(world.setLinearVelocity(doomed, {1.0f, 0.0f}), std::invalid_argument);
    EXPECT_THROW(world.applyForceToCenter(doomed, {1.0f, 0.0f}), std::invalid_argument);
    EXPECT_THROW(world.destroyBody(doomed), std::invalid_argument);
    EXPECT_THROW(world.circle(doomed), std::invalid_argument);
    EXPECT_THROW(world.position(BodyId{}), std::invalid_argument); // the null handle
    EXPECT_EQ(world.stateHash(), before);

    // The freed slot is taken by the next body, under a handle that differs from the old one.
    const BodyId reused = world.createBody(bodyAt(BodyType::Dynamic, {-3.0f, 0.0f}), circleShape(0.5f));
    EXPECT_EQ(reused.index, doomed.index);
    EXPECT_FALSE(reused == doomed);
    EXPECT_TRUE(world.isValid(reused));
    EXPECT_FALSE(world.isValid(doomed));
    EXPECT_THROW(world.position(doomed), std::invalid_argument);
    EXPECT_EQ(world.position(reused), (Vec2{-3.0f, 0.0f}));
}

TEST(WorldHandles, BadArgumentsThrowAndLeaveTheWorldUnchanged)
{
    const Scene scene =
        makeScene("box on ground", {ground(), sceneBox(BodyType::Dynamic, {0.0f, 2.0f}, {0.5f, 0.5f}),
                                    sceneBall(BodyType::Dynamic, {2.0f, 3.0f}, 0.4f)});
    SceneInstance s = instantiate(scene);
    SceneInstance control = instantiate(scene);
    for (int i = 0; i < 20; ++i)
    {
        s.world.step(kDt);
        control.world.step(kDt);
    }
    World& w = s.world;
    const BodyId floor = s.bodies[0];
    const BodyId box = s.bodies[1];
    const std::uint64_t before = w.stateHash();
    ASSERT_EQ(before, control.world.stateHash());

    const BodyDef dynamicAt = bodyAt(BodyType::Dynamic, {5.0f, 5.0f});
    const std::vector<std::pair<const char*, std::function<void()>>> calls = {
        {"box with negative half extent",
         [&] {
             w.createBody(dynamicAt, boxShape({-0.5f, 0.5f}));
         }},
        {"box with zero half extent",
         [&] {
             w.createBody(dynamicAt, boxShape({0.5f, 0.0f}));
         }},
        {"circle with NaN radius", [&] { w.createBody(dynamicAt, circleShape(kNaN)); }},
        {"body at infinity",
         [&] {
             w.createBody(bodyAt(BodyType::Dynamic, {kInf, 0.0f}), boxShape({0.5f, 0.5f}));
         }},
        {"body with NaN angle",
         [&] {
             w.createBody(bodyAt(BodyType::Dynamic, {5.0f, 5.0f}, kNaN), boxShape({0.5f, 0.5f}));
         }},
        {"moving static body",
         [&]
         {
             BodyDef def = bodyAt(BodyType::Static, {5.0f, 5.0f});
             def.linearVelocity = {1.0f, 0.0f};
             w.createBody(def, boxShape({0.5f, 0.5f}));
         }},
        {"negative damping",
         [&]
         {
             BodyDef def = dynamicAt;
             def.linearDamping = -1.0f;
             w.createBody(def, boxShape({0.5f, 0.5f}));
         }},
        {"restitution above 1",
         [&]
         {
             ShapeDef shape = boxShape({0.5f, 0.5f});
             shape.restitution = 1.5f;
             w.createBody(dynamicAt, shape);
         }},
        {"negative friction",
         [&]
         {
             ShapeDef shape = circleShape(0.5f);
             shape.friction = -0.1f;
             w.createBody(dynamicAt, shape);
         }},
        {"negative density",
         [&]
         {
             ShapeDef shape = circleShape(0.5f);
             shape.density = -1.0f;
             w.createBody(dynamicAt, shape);
         }},
        {"teleport to NaN",
         [&] {
             w.setTransform(box, {kNaN, 0.0f}, 0.0f);
         }},
        {"teleport to infinite angle",
         [&] {
             w.setTransform(box, {0.0f, 1.0f}, kInf);
         }},
        {"NaN velocity",
         [&] {
             w.setLinearVelocity(box, {0.0f, kNaN});
         }},
        {"moving the ground",
         [&] {
             w.setLinearVelocity(floor, {1.0f, 0.0f});
         }},
        {"turning the ground", [&] { w.setAngularVelocity(floor, 1.0f); }},
        {"infinite force",
         [&] {
             w.applyForceToCenter(box, {kInf, 0.0f});
         }},
        {"NaN impulse point",
         [&] {
             w.applyLinearImpulse(box, {1.0f, 0.0f}, {kNaN, 0.0f});
         }},
        {"NaN torque", [&] { w.applyTorque(box, kNaN); }},
        {"step of zero", [&] { w.step(0.0f); }},
        {"negative step", [&] { w.step(-kDt); }},
        {"NaN step", [&] { w.step(kNaN); }},
        {"no velocity iterations", [&] { w.step(kDt, 0, 3); }},
        {"negative position iterations", [&] { w.step(kDt, 8, -1); }},
        {"NaN gravity",
         [&] {
             w.setGravity({0.0f, kNaN});
         }},
        {"negative restitution threshold", [&] { w.setRestitutionThreshold(-1.0f); }},
        {"NaN query box",
         [&] {
             w.queryAabb({{kNaN, 0.0f}, {1.0f, 1.0f}});
         }},
        {"NaN ray",
         [&] {
             w.rayCastClosest({0.0f, 0.0f}, {kNaN, 1.0f});
         }},
        {"negative query circle",
         [&] {
             w.overlapCircle({{0.0f, 0.0f}, -1.0f});
         }},
        {"zero-size character",
         [&] {
             w.moveCharacter(Circle{{0.0f, 5.0f}, 0.0f}, {1.0f, 0.0f});
         }},
        {"circle of a box body", [&] { w.circle(box); }},
    };
    for (const auto& [what, call] : calls)
    {
        EXPECT_THROW(call(), std::invalid_argument) << what;
        EXPECT_EQ(w.stateHash(), before) << what;
        EXPECT_EQ(w.bodyCount(), 3) << what;
    }
    EXPECT_EQ(w.settings().gravity, (Vec2{0.0f, -kGravity}));
    EXPECT_EQ(w.settings().restitutionThreshold, 1.0f);

    // Nothing hidden changed either: stepping on gives exactly what a world that never saw the
    // bad calls gives.
    for (int i = 0; i < 60; ++i)
    {
        w.step(kDt);
        control.world.step(kDt);
    }
    EXPECT_EQ(w.stateHash(), control.world.stateHash());
}

} // namespace
} // namespace oblique::test
