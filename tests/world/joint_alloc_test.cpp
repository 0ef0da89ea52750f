// A warmed-up World::step allocates nothing with joints either, nor with heavy bodies on light
// ones, nor where the lane count changes from step to step: the joint stages, the stack support
// and the wide passes reuse their buffers. The allocation counter replaces the global operator
// new, so this test has a program of its own.

#include "oblique/scene_builders.hpp"
#include "oblique/scene_world.hpp"
#include "oblique/world.hpp"
#include "world_alloc_counter.hpp"

#include <cstddef>
#include <gtest/gtest.h>

namespace oblique::test
{
namespace
{

constexpr float kDt = 1.0f / 60.0f;

// A chain of eight links hinged to a static body, a limited motor at its root, and a spring and a
// rope hanging off its end; it swings, so every joint and contact stage runs.
World jointWorld(Solver solver)
{
    WorldDef def;
    def.solver = solver;
    def.allowSleep = false;
    World world(def);
    BodyDef groundDef;
    groundDef.type = BodyType::Static;
    groundDef.position = {0.0f, 0.0f};
    const BodyId ground = world.createBody(groundDef, boxShape({20.0f, 0.1f}));
    BodyId previous = ground;
    for (int i = 0; i < 8; ++i)
    {
        const Vec2 at{0.5f * static_cast<float>(i), 5.0f};
        BodyDef linkDef;
        linkDef.position = at + Vec2{0.25f, 0.0f};
        const BodyId link = world.createBody(linkDef, boxShape({0.25f, 0.05f}));
        RevoluteJointDef hinge{.anchor = at};
        if (i == 0)
        {
            hinge = {.anchor = at,
                     .enableLimit = true,
                     .lowerAngle = -1.0f,
                     .upperAngle = 0.5f,
                     .enableMotor = true,
                     .motorSpeed = 1.0f,
                     .maxMotorTorque = 0.1f};
        }
        world.createJoint({.bodyA = previous, .bodyB = link, .params = hinge});
        previous = link;
    }
    BodyDef bobDef;
    bobDef.position = {4.0f, 4.0f};
    const BodyId bob = world.createBody(bobDef, circleShape(0.2f));
    world.createJoint(
        {.bodyA = previous,
         .bodyB = bob,
         .params = DistanceJointDef{.anchorA = {4.0f, 5.0f}, .anchorB = {4.0f, 4.0f}, .hertz = 2.0f}});
    bobDef.position = {4.0f, 3.5f};
    const BodyId weight = world.createBody(bobDef, circleShape(0.2f));
    world.createJoint(
        {.bodyA = bob,
         .bodyB = weight,
         .params = DistanceJointDef{
             .anchorA = {4.0f, 4.0f}, .anchorB = {4.0f, 3.5f}, .minLength = 0.0f, .maxLength = 0.5f}});
    // One joint of every other type, and thresholds that are checked every step but never met.
    bobDef.position = {-3.0f, 3.0f};
    const BodyId slider = world.createBody(bobDef, boxShape({0.2f, 0.2f}));
    world.createJoint({.bodyA = ground,
                       .bodyB = slider,
                       .breakForce = 1.0e6f,
                       .params = PrismaticJointDef{.anchor = {-3.0f, 3.0f},
                                                   .axis = {1.0f, 1.0f},
                                                   .enableLimit = true,
                                                   .lower = -1.0f,
                                                   .upper = 1.0f}});
    bobDef.position = {-3.0f, 2.0f};
    const BodyId wheel = world.createBody(bobDef, circleShape(0.3f));
    world.createJoint({.bodyA = slider,
                       .bodyB = wheel,
                       .params = WheelJointDef{.anchor = {-3.0f, 2.0f},
                                               .hertz = 3.0f,
                                               .enableMotor = true,
                                               .motorSpeed = 2.0f,
                                               .maxMotorTorque = 1.0f}});
    bobDef.position = {-4.0f, 2.0f};
    const BodyId welded = world.createBody(bobDef, boxShape({0.2f, 0.2f}));
    world.createJoint(
        {.bodyA = wheel, .bodyB = welded, .params = WeldJointDef{.anchor = {-3.5f, 2.0f}, .hertz = 2.0f}});
    bobDef.position = {-6.0f, 3.0f};
    const BodyId driven = world.createBody(bobDef, boxShape({0.2f, 0.2f}));
    world.createJoint(
        {.bodyA = ground, .bodyB = driven, .params = MotorJointDef{.maxForce = 5.0f, .maxTorque = 1.0f}});
    const JointId hand =
        world.createJoint({.bodyA = ground,
                           .bodyB = driven,
                           .params = MouseJointDef{.target = {-6.0f, 4.0f}, .maxForce = 20.0f}});
    world.setMouseTarget(hand, {-5.0f, 4.0f});
    return world;
}

// Operator new calls in 120 steps after `warm` steps.
std::size_t allocationsOnceWarm(World& world, int warm)
{
    for (int i = 0; i < warm; ++i)
    {
        world.step(kDt);
    }
    bench::startCounting();
    for (int i = 0; i < 120; ++i)
    {
        world.step(kDt);
    }
    return bench::stopCounting().calls;
}

TEST(JointAllocation, AWarmStepAllocatesNothing)
{
    for (const Solver solver : {Solver::SoftStep, Solver::Ngs})
    {
        World world = jointWorld(solver);
        // Warm: the arrays grow to the most contacts and events the scene has had, and the swinging
        // chain makes its widest set of contacts within its first ten seconds.
        EXPECT_EQ(allocationsOnceWarm(world, 600), 0u) << (solver == Solver::Ngs ? "ngs" : "soft step");
    }
}

// Heavy boxes on light ones (the stack support's levels and pass) and a light box on a heavy one.
TEST(StackSupportAllocation, AWarmStepAllocatesNothing)
{
    WorldDef def;
    def.allowSleep = false;
    World world(def);
    BodyDef groundDef;
    groundDef.type = BodyType::Static;
    groundDef.position = {0.0f, -1.0f};
    world.createBody(groundDef, boxShape({20.0f, 1.0f}));
    for (int column = 0; column < 4; ++column)
    {
        for (int row = 0; row < 4; ++row)
        {
            BodyDef boxDef;
            boxDef.position = {3.0f * static_cast<float>(column), 0.5f + static_cast<float>(row)};
            ShapeDef shape = boxShape({0.5f, 0.5f});
            shape.density = (row + column) % 3 == 2 ? 200.0f : 1.0f;
            world.createBody(boxDef, shape);
        }
    }
    EXPECT_EQ(allocationsOnceWarm(world, 300), 0u);
}

// At sixteen lanes the ragdoll pile's steps switch between sixteen and eight lanes while it falls
// (lane_choice.hpp) and then keep to eight: once warm, it allocates nothing in either solver.
TEST(LaneAllocation, AWarmRagdollPileAllocatesNothing)
{
    for (const Solver solver : {Solver::SoftStep, Solver::Ngs})
    {
        Scene scene = scenes::ragdollPile(20);
        scene.world.allowSleep = false;
        scene.world.solver = solver;
        SceneInstance pile = instantiate(scene);
        EXPECT_EQ(allocationsOnceWarm(pile.world, 600), 0u) << (solver == Solver::Ngs ? "ngs" : "soft step");
    }
}

} // namespace
} // namespace oblique::test
