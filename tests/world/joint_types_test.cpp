// The prismatic, weld, wheel, motor and mouse joints in both solvers, each measured against an
// analytic answer (a slide down an incline, a spring's period, a motor's cap), breaking joints,
// the setters that tune a running joint, and bad input.

#include "joint_support.hpp"

#include <algorithm>
#include <box2d/box2d.h>
#include <cmath>
#include <cstdio>
#include <gtest/gtest.h>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace oblique::test
{
namespace
{

constexpr float kDt = 1.0f / 60.0f;
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// These scenes are measured while they move: nothing may fall asleep.
World awakeWorld(Solver solver, Vec2 gravity = {0.0f, -kGravity})
{
    World world = worldFor(solver, gravity);
    world.setAllowSleep(false);
    return world;
}

BodyId staticBody(World& world, Vec2 at)
{
    return world.createBody(bodyAt(BodyType::Static, at), boxShape({0.05f, 0.05f}));
}

BodyId dynamicBox(World& world, Vec2 at, Vec2 halfExtents = {0.25f, 0.25f})
{
    return world.createBody(bodyAt(BodyType::Dynamic, at), boxShape(halfExtents));
}

// The time between successive upward zero crossings of a signal sampled every step, averaged.
class Period
{
public:
    void add(float t, float value)
    {
        if (m_started && m_last < 0.0f && value >= 0.0f)
        {
            // Linear interpolation between the two samples for the crossing time.
            m_crossings.push_back(t - kDt * value / (value - m_last));
        }
        m_last = value;
        m_started = true;
    }
    float average() const
    {
        return m_crossings.size() < 2
                   ? 0.0f
                   : (m_crossings.back() - m_crossings.front()) / static_cast<float>(m_crossings.size() - 1);
    }

private:
    std::vector<float> m_crossings;
    float m_last = 0.0f;
    bool m_started = false;
};

class JointTypes : public ::testing::TestWithParam<Solver>
{
};

// A box on a frictionless 45-degree slider slides down as a bead on a wire: s = -g sin(45) t^2 / 2
// along the axis, never off the line and never turning.
TEST_P(JointTypes, PrismaticSlidesDownItsAxisAsABeadOnAWire)
{
    World world = awakeWorld(GetParam());
    const BodyId ground = staticBody(world, {0.0f, 0.0f});
    const BodyId box = dynamicBox(world, {0.0f, 10.0f});
    const Vec2 axis = normalize(Vec2{1.0f, 1.0f});
    const JointId slider = world.createJoint(
        {.bodyA = ground, .bodyB = box, .params = PrismaticJointDef{.anchor = {0.0f, 10.0f}, .axis = axis}});
    float worstOffLine = 0.0f;
    float worstTurn = 0.0f;
    for (int i = 0; i < 60; ++i)
    {
        world.step(kDt);
        worstOffLine =
            std::max(worstOffLine, std::fabs(dot(world.position(box) - Vec2{0.0f, 10.0f}, perp(axis))));
        worstTurn = std::max(worstTurn, std::fabs(world.angle(box)));
    }
    const float expected = -0.5f * kGravity * std::sin(kPi / 4.0f) * 1.0f;
    report("prismatic slide after 1 s, m", GetParam(), world.jointTranslation(slider));
    EXPECT_NEAR(world.jointTranslation(slider), expected, 0.02f * std::fabs(expected));
    EXPECT_NEAR(world.jointTranslationSpeed(slider), -kGravity * std::sin(kPi / 4.0f), 0.02f * kGravity);
    EXPECT_LT(worstOffLine, 0.01f);
    EXPECT_LT(worstTurn, 0.02f);
}

TEST_P(JointTypes, PrismaticLimitStopsTheSlide)
{
    World world = awakeWorld(GetParam());
    const BodyId ground = staticBody(world, {0.0f, 0.0f});
    const BodyId box = dynamicBox(world, {0.0f, 10.0f});
    const JointId slider = world.createJoint({.bodyA = ground,
                                              .bodyB = box,
                                              .params = PrismaticJointDef{.anchor = {0.0f, 10.0f},
                                                                          .axis = {1.0f, 1.0f},
                                                                          .enableLimit = true,
                                                                          .lower = -1.0f,
                                                                          .upper = 1.0f}});
    float lowest = 0.0f;
    for (int i = 0; i < 180; ++i)
    {
        world.step(kDt);
        lowest = std::min(lowest, world.jointTranslation(slider));
    }
    report("prismatic lowest translation against a -1 m limit", GetParam(), lowest);
    EXPECT_GT(lowest, -1.01f);
    EXPECT_NEAR(world.jointTranslation(slider), -1.0f, 0.01f);
    EXPECT_NEAR(world.jointTranslationSpeed(slider), 0.0f, 0.01f);
}

// A lift: a motor with twice the load's weight holds its speed; one with half of it is driven
// back, falling at (m g - F) / m.
TEST_P(JointTypes, PrismaticMotorDrivesAtItsSpeedWithinItsForce)
{
    for (const float share : {2.0f, 0.5f})
    {
        World world = awakeWorld(GetParam());
        const BodyId ground = staticBody(world, {0.0f, 0.0f});
        const BodyId car = dynamicBox(world, {0.0f, 2.0f});
        const float weight = world.mass(car) * kGravity;
        const JointId lift =
            world.createJoint({.bodyA = ground,
                               .bodyB = car,
                               .params = PrismaticJointDef{.anchor = {0.0f, 2.0f},
                                                           .axis = {0.0f, 1.0f},
                                                           .enableMotor = true,
                                                           .motorSpeed = 0.5f,
                                                           .maxMotorForce = share * weight}});
        for (int i = 0; i < 60; ++i)
        {
            world.step(kDt);
        }
        if (share > 1.0f)
        {
            EXPECT_NEAR(world.jointTranslationSpeed(lift), 0.5f, 0.005f);
        }
        else
        {
            const float expected = -(1.0f - share) * kGravity * 1.0f;
            report("prismatic speed after 1 s under a motor of half the weight", GetParam(),
                   world.jointTranslationSpeed(lift));
            EXPECT_NEAR(world.jointTranslationSpeed(lift), expected, 0.02f * std::fabs(expected));
            EXPECT_NEAR(world.reactionForce(lift).y, share * weight, 0.02f * weight);
        }
    }
}

// Box2D 2.4's figures for the cantilever below: its tip's sag and the widest gap between a weld's
// anchors over two seconds.
struct CantileverFigures
{
    float sag = 0.0f;
    float widest = 0.0f;
};

CantileverFigures box2dCantilever()
{
    b2World world({0.0f, -kGravity});
    b2BodyDef wallDef;
    wallDef.position.Set(0.0f, 5.0f);
    b2Body* previous = world.CreateBody(&wallDef);
    b2Body* tip = nullptr;
    std::vector<b2Joint*> welds;
    for (int i = 0; i < 5; ++i)
    {
        b2BodyDef plankDef;
        plankDef.type = b2_dynamicBody;
        plankDef.position.Set(0.5f + static_cast<float>(i), 5.0f);
        tip = world.CreateBody(&plankDef);
        b2PolygonShape plank;
        plank.SetAsBox(0.5f, 0.1f);
        plank.m_radius = 0.0f;
        tip->CreateFixture(&plank, 1.0f);
        b2WeldJointDef weld;
        weld.Initialize(previous, tip, b2Vec2(static_cast<float>(i), 5.0f));
        welds.push_back(world.CreateJoint(&weld));
        previous = tip;
    }
    CantileverFigures figures;
    for (int i = 0; i < 120; ++i)
    {
        world.Step(kDt, 8, 3);
        for (b2Joint* weld : welds)
        {
            figures.widest = std::max(figures.widest, (weld->GetAnchorA() - weld->GetAnchorB()).Length());
        }
    }
    figures.sag = 5.0f - tip->GetPosition().y;
    return figures;
}

// A cantilever of five welded planks off a wall. Rigid welds would hold it straight; both
// engines' iterative solvers let it sag. Ours sags no more than Box2D 2.4 does, and soft step keeps
// every weld's anchors within a centimetre.
TEST_P(JointTypes, RigidWeldsHoldACantileverAtLeastAsWellAsBox2d)
{
    World world = awakeWorld(GetParam());
    const BodyId wall = staticBody(world, {0.0f, 5.0f});
    BodyId previous = wall;
    std::vector<JointId> welds;
    BodyId tip{};
    for (int i = 0; i < 5; ++i)
    {
        tip = dynamicBox(world, {0.5f + static_cast<float>(i), 5.0f}, {0.5f, 0.1f});
        welds.push_back(world.createJoint({.bodyA = previous,
                                           .bodyB = tip,
                                           .params = WeldJointDef{.anchor = {static_cast<float>(i), 5.0f}}}));
        previous = tip;
    }
    float widest = 0.0f;
    for (int i = 0; i < 120; ++i)
    {
        world.step(kDt);
        for (const JointId weld : welds)
        {
            widest = std::max(widest, distance(world.jointAnchorA(weld), world.jointAnchorB(weld)));
        }
    }
    const float sag = 5.0f - world.position(tip).y;
    const CantileverFigures box2d = box2dCantilever();
    report("welded cantilever tip sag, m", GetParam(), sag);
    report("welded cantilever widest anchor gap, m", GetParam(), widest);
    std::printf("[ measured ] Box2D 2.4: sag %.4g m, widest gap %.4g m\n", static_cast<double>(box2d.sag),
                static_cast<double>(box2d.widest));
    EXPECT_LE(sag, box2d.sag);
    EXPECT_LE(widest, box2d.widest);
    if (GetParam() == Solver::SoftStep)
    {
        EXPECT_LT(widest, 0.01f);
    }
}

// A soft weld through a body's centre is a torsion spring on it alone: it turns back and forth at
// its hertz.
TEST_P(JointTypes, SoftWeldTurnsAtItsHertz)
{
    World world = awakeWorld(GetParam(), {0.0f, 0.0f});
    const BodyId wall = staticBody(world, {0.0f, 0.0f});
    const BodyId box = dynamicBox(world, {2.0f, 0.0f});
    world.createJoint(
        {.bodyA = wall, .bodyB = box, .params = WeldJointDef{.anchor = {2.0f, 0.0f}, .hertz = 2.0f}});
    world.setAngularVelocity(box, 1.0f);
    Period period;
    for (int i = 1; i <= 300; ++i)
    {
        world.step(kDt);
        period.add(static_cast<float>(i) * kDt, world.angle(box));
    }
    report("soft weld period, s (expected 0.5)", GetParam(), period.average());
    EXPECT_NEAR(period.average(), 0.5f, 0.01f);
}

// A wheel on a 3 Hz suspension with nothing else on it bobs at 3 Hz and stays on its axle's line.
TEST_P(JointTypes, WheelSuspensionBobsAtItsHertz)
{
    World world = awakeWorld(GetParam(), {0.0f, 0.0f});
    const BodyId chassis = staticBody(world, {0.0f, 0.0f});
    const BodyId wheel = world.createBody(bodyAt(BodyType::Dynamic, {0.0f, -1.0f}), circleShape(0.4f));
    const JointId axle = world.createJoint(
        {.bodyA = chassis,
         .bodyB = wheel,
         .params = WheelJointDef{.anchor = {0.0f, -1.0f}, .axis = {0.0f, 1.0f}, .hertz = 3.0f}});
    world.setLinearVelocity(wheel, {0.3f, 1.0f});
    Period period;
    float offLine = 0.0f;
    for (int i = 1; i <= 180; ++i)
    {
        world.step(kDt);
        period.add(static_cast<float>(i) * kDt, world.jointTranslation(axle));
        offLine = std::max(offLine, std::fabs(world.position(wheel).x));
    }
    report("wheel suspension period, s (expected 1/3)", GetParam(), period.average());
    // Ngs integrates the spring once per 60 Hz step, which lengthens a 3 Hz period by about
    // (omega h)^2 / 3 = 3.3%; soft step's four substeps cut that sixteenfold.
    const float tolerance = GetParam() == Solver::Ngs ? 0.04f : 0.02f;
    EXPECT_NEAR(period.average(), 1.0f / 3.0f, tolerance / 3.0f);
    EXPECT_LT(offLine, 0.01f);
}

// A free wheel's motor spins it up at its torque over its inertia, reaches its speed and holds it.
TEST_P(JointTypes, WheelMotorSpinsUpUnderItsTorqueCap)
{
    World world = awakeWorld(GetParam(), {0.0f, 0.0f});
    const BodyId chassis = staticBody(world, {0.0f, 0.0f});
    const BodyId wheel = world.createBody(bodyAt(BodyType::Dynamic, {0.0f, -1.0f}), circleShape(0.5f));
    const float torque = 0.5f;
    world.createJoint({.bodyA = chassis,
                       .bodyB = wheel,
                       .params = WheelJointDef{.anchor = {0.0f, -1.0f},
                                               .axis = {0.0f, 1.0f},
                                               .enableMotor = true,
                                               .motorSpeed = 10.0f,
                                               .maxMotorTorque = torque}});
    for (int i = 0; i < 15; ++i)
    {
        world.step(kDt);
    }
    const float early = torque / world.inertia(wheel) * 0.25f;
    ASSERT_LT(early, 10.0f);
    EXPECT_NEAR(world.angularVelocity(wheel), early, 0.01f * early);
    float fastest = 0.0f;
    for (int i = 0; i < 600; ++i)
    {
        world.step(kDt);
        fastest = std::max(fastest, world.angularVelocity(wheel));
    }
    EXPECT_NEAR(world.angularVelocity(wheel), 10.0f, 0.01f);
    EXPECT_LT(fastest, 10.0f + 0.01f);
}

// A car: a chassis on two sprung wheels with motors on hilly ground of boxes drives the way its
// motors turn, and stays on its wheels.
TEST_P(JointTypes, CarOnWheelJointsDrivesBothWays)
{
    for (const float speed : {-12.0f, 12.0f})
    {
        World world = awakeWorld(GetParam());
        for (int i = 0; i < 30; ++i)
        {
            const auto x = static_cast<float>(i - 15);
            world.createBody(
                bodyAt(BodyType::Static, {2.0f * x, -0.5f}, 0.05f * static_cast<float>((i % 3) - 1)),
                boxShape({1.0f, 0.5f}));
        }
        const BodyId chassis = dynamicBox(world, {0.0f, 1.0f}, {1.0f, 0.2f});
        std::vector<JointId> axles;
        for (const float x : {-0.7f, 0.7f})
        {
            const BodyId wheel = world.createBody(bodyAt(BodyType::Dynamic, {x, 0.6f}), circleShape(0.35f));
            axles.push_back(world.createJoint({.bodyA = chassis,
                                               .bodyB = wheel,
                                               .params = WheelJointDef{.anchor = {x, 0.6f},
                                                                       .axis = {0.0f, 1.0f},
                                                                       .hertz = 4.0f,
                                                                       .dampingRatio = 0.7f,
                                                                       .enableMotor = true,
                                                                       .motorSpeed = speed,
                                                                       .maxMotorTorque = 20.0f}}));
        }
        float widestOffLine = 0.0f;
        for (int i = 0; i < 180; ++i)
        {
            world.step(kDt);
            for (const JointId axle : axles)
            {
                const JointDef def = world.jointDef(axle);
                const Vec2 axis = std::get<WheelJointDef>(def.params).axis;
                const Vec2 d = world.jointAnchorB(axle) - world.jointAnchorA(axle);
                widestOffLine = std::max(widestOffLine, std::fabs(dot(d, perp(axis))));
            }
        }
        const float travelled = world.position(chassis).x;
        report("car travel in 3 s, m", GetParam(), travelled);
        // Clockwise wheels (negative speed) roll to the right.
        EXPECT_GT(-travelled * speed, 5.0f * std::fabs(speed) / 12.0f);
        EXPECT_LT(std::fabs(world.angle(chassis)), 0.5f);
        EXPECT_LT(widestOffLine, 0.01f);
    }
}

// A motor joint with room to spare brings B to its offset and angle; one with a small force
// cap accelerates B at no more than that force over its mass.
TEST_P(JointTypes, MotorJointReachesItsOffsetUnderItsCaps)
{
    World world = awakeWorld(GetParam(), {0.0f, 0.0f});
    const BodyId anchor = staticBody(world, {0.0f, 0.0f});
    const BodyId box = dynamicBox(world, {2.0f, 1.0f});
    const JointId motor = world.createJoint({.bodyA = anchor,
                                             .bodyB = box,
                                             .params = MotorJointDef{.linearOffset = Vec2{0.0f, 0.0f},
                                                                     .angularOffset = 1.0f,
                                                                     .maxForce = 100.0f,
                                                                     .maxTorque = 100.0f}});
    for (int i = 0; i < 180; ++i)
    {
        world.step(kDt);
    }
    EXPECT_LT(length(world.position(box)), 0.01f);
    EXPECT_NEAR(world.angle(box), 1.0f, 0.02f);

    const float force = 1.0f;
    world.setMaxForce(motor, force);
    world.setMotorOffsets(motor, {10.0f, 0.0f}, 1.0f);
    for (int i = 0; i < 60; ++i)
    {
        world.step(kDt);
    }
    const float capped = force / world.mass(box) * 1.0f;
    report("motor joint speed after 1 s at a 1 N cap (expected F/m)", GetParam(),
           world.linearVelocity(box).x);
    EXPECT_LE(world.linearVelocity(box).x, capped * 1.01f);
    EXPECT_GT(world.linearVelocity(box).x, capped * 0.95f);
}

// A hand lifting a box: the mouse joint's spring holds it g / omega^2 below the target; with less
// than the box's weight it cannot lift it at all.
TEST_P(JointTypes, MouseJointLiftsWithinItsForce)
{
    for (const float share : {100.0f, 0.5f})
    {
        World world = awakeWorld(GetParam());
        const BodyId ground = staticBody(world, {0.0f, -5.0f});
        const BodyId box = dynamicBox(world, {0.0f, 0.0f});
        const float weight = world.mass(box) * kGravity;
        const float hertz = 5.0f;
        world.createJoint(
            {.bodyA = ground,
             .bodyB = box,
             .params = MouseJointDef{
                 .target = {0.0f, 0.0f}, .hertz = hertz, .dampingRatio = 0.7f, .maxForce = share * weight}});
        const JointId hand = world.joints(box).front();
        world.setMouseTarget(hand, {1.0f, 2.0f});
        for (int i = 0; i < 180; ++i)
        {
            world.step(kDt);
        }
        if (share > 1.0f)
        {
            const float omega = 2.0f * kPi * hertz;
            const float sag = kGravity / (omega * omega);
            report("mouse joint sag below its target, m", GetParam(), 2.0f - world.position(box).y);
            EXPECT_NEAR(world.position(box).x, 1.0f, 0.005f);
            EXPECT_NEAR(world.position(box).y, 2.0f - sag, 0.005f);
        }
        else
        {
            EXPECT_LT(world.position(box).y, -5.0f);
        }
    }
}

// A hanging bob pulls on its hinge with its weight: a joint rated for half of that breaks at the
// first step, reports it and lets the bob fall; one rated for twice that holds.
TEST_P(JointTypes, JointsBreakPastTheirThresholds)
{
    for (const float share : {0.5f, 2.0f})
    {
        World world = awakeWorld(GetParam());
        const BodyId pivot = staticBody(world, {0.0f, 5.0f});
        const BodyId bob = dynamicBox(world, {0.0f, 4.0f}, {0.1f, 0.1f});
        const float weight = world.mass(bob) * kGravity;
        const JointId hinge =
            world.createJoint({.bodyA = pivot,
                               .bodyB = bob,
                               .breakForce = share * weight,
                               .params = DistanceJointDef{.anchorA = {0.0f, 5.0f}, .anchorB = {0.0f, 4.0f}}});
        bool broke = false;
        for (int i = 0; i < 60; ++i)
        {
            world.step(kDt);
            for (const JointBreakEvent& e : world.jointBreakEvents())
            {
                EXPECT_EQ(e.joint, hinge);
                EXPECT_EQ(e.bodyB, bob);
                EXPECT_GT(length(e.force), share * weight);
                broke = true;
            }
        }
        EXPECT_EQ(broke, share < 1.0f);
        EXPECT_EQ(world.isValid(hinge), share > 1.0f);
        EXPECT_EQ(world.jointCount(), share > 1.0f ? 1 : 0);
        if (share < 1.0f)
        {
            // Free fall for (nearly) the whole second.
            EXPECT_LT(world.position(bob).y, 4.0f - 0.45f * kGravity);
        }
        else
        {
            EXPECT_NEAR(world.position(bob).y, 4.0f, 0.01f);
        }
    }

    // A torque threshold: a welded plank's weight turns its weld.
    World world = awakeWorld(GetParam());
    const BodyId wall = staticBody(world, {0.0f, 5.0f});
    const BodyId plank = dynamicBox(world, {1.0f, 5.0f}, {1.0f, 0.1f});
    const float moment = world.mass(plank) * kGravity * 1.0f;
    world.createJoint({.bodyA = wall,
                       .bodyB = plank,
                       .breakTorque = 0.5f * moment,
                       .params = WeldJointDef{.anchor = {0.0f, 5.0f}}});
    world.step(kDt);
    ASSERT_EQ(world.jointBreakEvents().size(), 1u);
    EXPECT_GT(std::fabs(world.jointBreakEvents()[0].torque), 0.5f * moment);
    EXPECT_EQ(world.jointCount(), 0);
}

// Undriven joints of every kind only take energy out: a swinging, sliding contraption's kinetic
// plus potential energy never rises above where it started.
TEST_P(JointTypes, UndrivenJointsNeverGainEnergy)
{
    World world = awakeWorld(GetParam());
    const BodyId ground = staticBody(world, {0.0f, 10.0f});
    const BodyId slider = dynamicBox(world, {0.0f, 10.0f});
    world.createJoint({.bodyA = ground,
                       .bodyB = slider,
                       .params = PrismaticJointDef{.anchor = {0.0f, 10.0f}, .axis = {1.0f, 0.2f}}});
    const BodyId arm = dynamicBox(world, {1.0f, 10.0f}, {0.5f, 0.1f});
    world.createJoint({.bodyA = slider, .bodyB = arm, .params = RevoluteJointDef{.anchor = {0.5f, 10.0f}}});
    const BodyId fist = dynamicBox(world, {1.75f, 10.0f}, {0.25f, 0.25f});
    world.createJoint({.bodyA = arm, .bodyB = fist, .params = WeldJointDef{.anchor = {1.5f, 10.0f}}});
    const BodyId wheel = world.createBody(bodyAt(BodyType::Dynamic, {1.75f, 9.0f}), circleShape(0.3f));
    world.createJoint({.bodyA = fist,
                       .bodyB = wheel,
                       .params = WheelJointDef{.anchor = {1.75f, 9.0f}, .axis = {0.0f, 1.0f}}});
    const std::vector<BodyId> bodies{slider, arm, fist, wheel};
    const auto energy = [&]
    {
        float e = 0.0f;
        for (const BodyId b : bodies)
        {
            const Vec2 v = world.linearVelocity(b);
            const float w = world.angularVelocity(b);
            e += 0.5f * world.mass(b) * dot(v, v) + 0.5f * world.inertia(b) * w * w +
                 world.mass(b) * kGravity * world.worldCenter(b).y;
        }
        return e;
    };
    const float start = energy();
    float highest = start;
    for (int i = 0; i < 300; ++i)
    {
        world.step(kDt);
        highest = std::max(highest, energy());
    }
    report("highest energy above the start, J", GetParam(), highest - start);
    EXPECT_LE(highest, start + 0.01f);
}

// A motor or a limit that held a load and is then switched off lets go of it at once: what it
// pushed with last is not warm started into every later step. Each case holds a 1 m rod (or a
// box) against gravity for a second, switches the part off, and asks that half a second later the
// rod has swung (or the box has fallen) as a free one would, not stayed where it was held.
TEST_P(JointTypes, SwitchingOffAMotorOrLimitLetsGoOfTheLoad)
{
    struct Case
    {
        const char* name;
        decltype(JointDef::params) params;
        bool motor;   // else the limit is switched off
        bool angular; // the rod's angle is watched, else the body's height
    };
    const Vec2 pivot{0.0f, 0.0f};
    const Case cases[] = {
        {"revolute motor", RevoluteJointDef{.anchor = pivot, .enableMotor = true, .maxMotorTorque = 1000.0f},
         true, true},
        {"revolute limit",
         RevoluteJointDef{.anchor = pivot, .enableLimit = true, .lowerAngle = 0.0f, .upperAngle = 0.5f},
         false, true},
        {"prismatic motor",
         PrismaticJointDef{
             .anchor = pivot, .axis = {0.0f, 1.0f}, .enableMotor = true, .maxMotorForce = 1000.0f},
         true, false},
        {"prismatic limit",
         PrismaticJointDef{
             .anchor = pivot, .axis = {0.0f, 1.0f}, .enableLimit = true, .lower = 0.0f, .upper = 1.0f},
         false, false},
        {"wheel motor",
         WheelJointDef{.anchor = pivot,
                       .axis = {1.0f, 0.0f},
                       .hertz = 4.0f,
                       .dampingRatio = 0.7f,
                       .enableMotor = true,
                       .maxMotorTorque = 1000.0f},
         true, true},
        {"wheel limit",
         WheelJointDef{
             .anchor = pivot, .axis = {0.0f, 1.0f}, .enableLimit = true, .lower = 0.0f, .upper = 1.0f},
         false, false},
    };
    for (const Case& c : cases)
    {
        World world = awakeWorld(GetParam());
        const BodyId ground = staticBody(world, {0.0f, 2.0f});
        // A rod reaching right from the pivot, so that gravity turns it about the anchor.
        const BodyId rod = dynamicBox(world, {0.5f, 0.0f}, {0.5f, 0.05f});
        const JointId joint = world.createJoint({.bodyA = ground, .bodyB = rod, .params = c.params});
        for (int i = 0; i < 60; ++i)
        {
            world.step(kDt);
        }
        const float heldAngle = world.angle(rod);
        const float heldY = world.worldCenter(rod).y;
        if (c.motor)
        {
            world.setMotorEnabled(joint, false);
        }
        else
        {
            world.setLimitEnabled(joint, false);
        }
        for (int i = 0; i < 30; ++i)
        {
            world.step(kDt);
        }
        const float moved = c.angular ? heldAngle - world.angle(rod) : heldY - world.worldCenter(rod).y;
        report(c.name, GetParam(), moved);
        // Free, the rod swings down by more than a radian in half a second (a free fall drops the
        // box 1.2 m); held by a phantom impulse, it stays within a small fraction of that.
        EXPECT_GT(moved, c.angular ? 0.8f : 0.9f) << c.name;
    }
}

INSTANTIATE_TEST_SUITE_P(Joint, JointTypes, ::testing::Values(Solver::SoftStep, Solver::Ngs), solverName);

TEST(JointTuning, SettersChangeWhatTheyNameAndRefuseTheRest)
{
    World world;
    const BodyId ground = staticBody(world, {0.0f, 0.0f});
    const BodyId box = dynamicBox(world, {0.0f, -1.0f});
    const JointId hinge = world.createJoint({.bodyA = ground, .bodyB = box, .params = RevoluteJointDef{}});
    const JointId rod = world.createJoint(
        {.bodyA = ground, .bodyB = box, .params = DistanceJointDef{.anchorB = {0.0f, -1.0f}}});

    world.setMotorEnabled(hinge, true);
    world.setMotorSpeed(hinge, 2.0f);
    world.setMaxMotorEffort(hinge, 3.0f);
    world.setLimits(hinge, -0.5f, 0.5f);
    world.setLimitEnabled(hinge, true);
    world.setBreakThresholds(hinge, 100.0f, 50.0f);
    const JointDef def = world.jointDef(hinge);
    const auto revolute = std::get<RevoluteJointDef>(def.params);
    EXPECT_TRUE(revolute.enableMotor);
    EXPECT_EQ(revolute.motorSpeed, 2.0f);
    EXPECT_EQ(revolute.maxMotorTorque, 3.0f);
    EXPECT_TRUE(revolute.enableLimit);
    EXPECT_EQ(revolute.lowerAngle, -0.5f);
    EXPECT_EQ(revolute.upperAngle, 0.5f);
    EXPECT_EQ(def.breakForce, 100.0f);
    EXPECT_EQ(def.breakTorque, 50.0f);

    world.setSpring(rod, 4.0f, 0.5f);
    EXPECT_EQ(std::get<DistanceJointDef>(world.jointDef(rod).params).hertz, 4.0f);

    const std::uint64_t before = world.stateHash();
    EXPECT_THROW(world.setMotorSpeed(rod, 1.0f), std::invalid_argument);
    EXPECT_THROW(world.setLimits(hinge, 1.0f, 0.0f), std::invalid_argument);
    EXPECT_THROW(world.setMotorSpeed(hinge, kNaN), std::invalid_argument);
    EXPECT_THROW(world.setMaxMotorEffort(hinge, -1.0f), std::invalid_argument);
    EXPECT_THROW(world.setSpring(hinge, 1.0f, 0.0f), std::invalid_argument);
    EXPECT_THROW(world.setSpring(rod, -1.0f, 0.0f), std::invalid_argument);
    EXPECT_THROW(world.setMouseTarget(hinge, {}), std::invalid_argument);
    EXPECT_THROW(world.setMotorOffsets(hinge, {}, 0.0f), std::invalid_argument);
    EXPECT_THROW(world.setMaxTorque(rod, 1.0f), std::invalid_argument);
    EXPECT_THROW(world.setBreakThresholds(hinge, -1.0f, 1.0f), std::invalid_argument);
    EXPECT_THROW(world.setBreakThresholds(hinge, 1.0f, kNaN), std::invalid_argument);
    EXPECT_THROW(world.jointTranslation(hinge), std::invalid_argument);
    EXPECT_EQ(world.stateHash(), before);
    const auto unchanged = std::get<RevoluteJointDef>(world.jointDef(hinge).params);
    EXPECT_EQ(unchanged.lowerAngle, -0.5f);
    EXPECT_EQ(unchanged.motorSpeed, 2.0f);
    EXPECT_EQ(world.jointDef(hinge).breakForce, 100.0f);
}

TEST(JointTuning, BadDefinitionsOfTheNewTypesAreRefused)
{
    World world;
    const BodyId ground = staticBody(world, {0.0f, 0.0f});
    const BodyId box = dynamicBox(world, {0.0f, -1.0f});
    const auto with = [&](auto params, BodyId a, BodyId b)
    { return JointDef{.bodyA = a, .bodyB = b, .params = params}; };
    const JointDef bad[] = {
        with(PrismaticJointDef{.axis = {0.0f, 0.0f}}, ground, box),
        with(PrismaticJointDef{.axis = {kNaN, 1.0f}}, ground, box),
        with(PrismaticJointDef{.lower = 1.0f, .upper = 0.0f}, ground, box),
        with(PrismaticJointDef{.maxMotorForce = -1.0f}, ground, box),
        with(WeldJointDef{.hertz = -1.0f}, ground, box),
        with(WeldJointDef{.dampingRatio = kNaN}, ground, box),
        with(WheelJointDef{.axis = {0.0f, 0.0f}}, ground, box),
        with(WheelJointDef{.hertz = -2.0f}, ground, box),
        with(WheelJointDef{.lower = 2.0f, .upper = 1.0f}, ground, box),
        with(WheelJointDef{.maxMotorTorque = -1.0f}, ground, box),
        with(MotorJointDef{.maxForce = -1.0f}, ground, box),
        with(MotorJointDef{.correctionFactor = 2.0f}, ground, box),
        with(MotorJointDef{.linearOffset = Vec2{kNaN, 0.0f}}, ground, box),
        with(MouseJointDef{.maxForce = 0.0f}, ground, box),
        with(MouseJointDef{.hertz = 0.0f, .maxForce = 1.0f}, ground, box),
        with(MouseJointDef{.target = {kNaN, 0.0f}, .maxForce = 1.0f}, ground, box),
        // A mouse joint drags B: B must be dynamic.
        with(MouseJointDef{.maxForce = 1.0f}, box, ground),
        JointDef{.bodyA = ground, .bodyB = box, .breakForce = -1.0f, .params = WeldJointDef{}},
        JointDef{.bodyA = ground, .bodyB = box, .breakTorque = kNaN, .params = WeldJointDef{}},
    };
    for (const JointDef& def : bad)
    {
        EXPECT_THROW(world.createJoint(def), std::invalid_argument) << def.params.index();
    }
    EXPECT_EQ(world.jointCount(), 0);
}

// What jointDef reports: axes normalised and turned with A, offsets and lengths filled in.
TEST(JointTuning, JointDefDescribesTheJointAsItIsNow)
{
    World world(WorldDef{.gravity = {0.0f, 0.0f}});
    const BodyId a = dynamicBox(world, {0.0f, 0.0f});
    const BodyId b = dynamicBox(world, {3.0f, 4.0f});
    const JointId slider = world.createJoint(
        {.bodyA = a, .bodyB = b, .params = PrismaticJointDef{.anchor = {3.0f, 4.0f}, .axis = {0.0f, 2.0f}}});
    const JointId motor = world.createJoint({.bodyA = a, .bodyB = b, .params = MotorJointDef{}});
    const auto prismatic = std::get<PrismaticJointDef>(world.jointDef(slider).params);
    EXPECT_EQ(prismatic.axis, (Vec2{0.0f, 1.0f}));
    EXPECT_EQ(prismatic.anchor, (Vec2{3.0f, 4.0f}));
    const auto drive = std::get<MotorJointDef>(world.jointDef(motor).params);
    ASSERT_TRUE(drive.linearOffset.has_value());
    EXPECT_EQ(*drive.linearOffset, (Vec2{3.0f, 4.0f}));
    EXPECT_EQ(drive.angularOffset.value_or(-1.0f), 0.0f);
    world.setTransform(a, {0.0f, 0.0f}, kPi / 2.0f);
    const Vec2 turned = std::get<PrismaticJointDef>(world.jointDef(slider).params).axis;
    EXPECT_NEAR(turned.x, -1.0f, 1e-6f);
    EXPECT_NEAR(turned.y, 0.0f, 1e-6f);
}

// A joint remade from jointDef in mid-swing goes on as the one it replaced: its limits stay where
// they were although its angle and travel now count from here. A twin world that kept its joints
// is the reference; only the warm start the new joints lack tells them apart.
TEST(JointTuning, AJointRemadeFromItsDefinitionGoesOnAsBefore)
{
    const auto build = [](World& world)
    {
        const BodyId ground = staticBody(world, {0.0f, 5.0f});
        const BodyId arm = dynamicBox(world, {0.5f, 5.0f}, {0.5f, 0.05f});
        const BodyId slider = dynamicBox(world, {3.0f, 5.0f}, {0.2f, 0.2f});
        return std::vector<JointId>{world.createJoint({.bodyA = ground,
                                                       .bodyB = arm,
                                                       .params = RevoluteJointDef{.anchor = {0.0f, 5.0f},
                                                                                  .enableLimit = true,
                                                                                  .lowerAngle = -0.6f,
                                                                                  .upperAngle = 0.6f}}),
                                    world.createJoint({.bodyA = ground,
                                                       .bodyB = slider,
                                                       .params = PrismaticJointDef{.anchor = {3.0f, 5.0f},
                                                                                   .axis = {1.0f, -1.0f},
                                                                                   .enableLimit = true,
                                                                                   .lower = -0.5f,
                                                                                   .upper = 0.8f}})};
    };
    World kept;
    World remade;
    build(kept);
    std::vector<JointId> joints = build(remade);
    for (int i = 0; i < 15; ++i)
    {
        kept.step(kDt);
        remade.step(kDt);
    }
    // Part way: the arm has turned and the slider travelled, both short of their limits.
    ASSERT_LT(remade.jointAngle(joints[0]), -0.1f);
    ASSERT_GT(remade.jointTranslation(joints[1]), 0.1f);
    for (JointId& joint : joints)
    {
        const JointDef def = remade.jointDef(joint);
        remade.destroyJoint(joint);
        joint = remade.createJoint(def);
    }
    for (int i = 0; i < 120; ++i)
    {
        kept.step(kDt);
        remade.step(kDt);
    }
    for (const BodyId body : kept.bodies())
    {
        EXPECT_LT(distance(kept.position(body), remade.position(body)), 0.01f);
        EXPECT_NEAR(kept.angle(body), remade.angle(body), 0.01f);
    }
}

// Two worlds with every joint type built alike stay bit for bit alike, in both solvers.
TEST(JointTuning, WorldsWithEveryJointTypeAreDeterministic)
{
    for (const Solver solver : {Solver::SoftStep, Solver::Ngs})
    {
        const auto run = [solver]
        {
            World world = awakeWorld(solver);
            const BodyId ground = staticBody(world, {0.0f, 0.0f});
            const BodyId a = dynamicBox(world, {0.0f, 2.0f});
            const BodyId b = dynamicBox(world, {1.0f, 2.0f});
            const BodyId c = world.createBody(bodyAt(BodyType::Dynamic, {1.0f, 1.0f}), circleShape(0.3f));
            const BodyId d = dynamicBox(world, {2.0f, 2.0f});
            world.createJoint(
                {.bodyA = ground, .bodyB = a, .params = PrismaticJointDef{.anchor = {0.0f, 2.0f}}});
            world.createJoint(
                {.bodyA = a, .bodyB = b, .params = WeldJointDef{.anchor = {0.5f, 2.0f}, .hertz = 3.0f}});
            world.createJoint({.bodyA = b,
                               .bodyB = c,
                               .params = WheelJointDef{.anchor = {1.0f, 1.0f},
                                                       .hertz = 2.0f,
                                                       .enableMotor = true,
                                                       .motorSpeed = 3.0f,
                                                       .maxMotorTorque = 1.0f}});
            world.createJoint(
                {.bodyA = ground, .bodyB = d, .params = MotorJointDef{.maxForce = 5.0f, .maxTorque = 1.0f}});
            world.createJoint({.bodyA = ground,
                               .bodyB = b,
                               .params = MouseJointDef{.target = {3.0f, 3.0f}, .maxForce = 50.0f}});
            for (int i = 0; i < 120; ++i)
            {
                world.step(kDt);
            }
            return world.stateHash();
        };
        EXPECT_EQ(run(), run());
    }
}

} // namespace
} // namespace oblique::test

namespace oblique::test
{
namespace
{

class JointLoads : public ::testing::TestWithParam<Solver>
{
};

// The widest gap between any hinge's two anchors.
float widestHingeGap(const World& world, const std::vector<JointId>& joints)
{
    float widest = 0.0f;
    for (const JointId j : joints)
    {
        widest = std::max(widest, distance(world.jointAnchorA(j), world.jointAnchorB(j)));
    }
    return widest;
}

// Thirty planks of 1 m hinged end to end between two posts `span` apart, hanging in a V when the
// span is shorter than the planks, a crate twenty times a plank's mass dropped on the middle.
struct Bridge
{
    std::vector<JointId> hinges;
    BodyId crate;
};

Bridge bridgeWithCrate(World& world, float span)
{
    const auto count = 30;
    const float half = 0.5f * span;
    // Each half of the V descends from its post at the angle that fits its planks into half the span.
    const float drop = std::acos(span / static_cast<float>(count));
    Bridge bridge;
    BodyId previous = staticBody(world, {0.0f, 10.0f});
    Vec2 joint{0.0f, 10.0f};
    for (int i = 0; i < count; ++i)
    {
        const float angle = i < count / 2 ? -drop : drop;
        const Vec2 along{std::cos(angle), std::sin(angle)};
        BodyDef plankDef = bodyAt(BodyType::Dynamic, joint + 0.5f * along);
        plankDef.angle = angle;
        const BodyId plank = world.createBody(plankDef, boxShape({0.5f, 0.1f}));
        bridge.hinges.push_back(world.createJoint(
            {.bodyA = previous, .bodyB = plank, .params = RevoluteJointDef{.anchor = joint}}));
        previous = plank;
        joint += along;
    }
    const BodyId right = staticBody(world, {span, 10.0f});
    bridge.hinges.push_back(world.createJoint(
        {.bodyA = previous, .bodyB = right, .params = RevoluteJointDef{.anchor = {span, 10.0f}}}));
    ShapeDef heavy = boxShape({0.5f, 0.5f});
    heavy.density = 20.0f * 0.2f;
    const float sag = std::tan(drop) * half;
    bridge.crate = world.createBody(bodyAt(BodyType::Dynamic, {half, 12.0f - sag}), heavy);
    return bridge;
}

// Runs a bridge with its crate for 5 s and reports its widest hinge gap then and at the end.
struct BridgeGaps
{
    float widest = 0.0f;
    float atRest = 0.0f;
    float crateHeight = 0.0f;
};

BridgeGaps runBridge(Solver solver, float span, const std::string& name)
{
    World world = worldFor(solver);
    const Bridge bridge = bridgeWithCrate(world, span);
    BridgeGaps gaps;
    for (int i = 0; i < 300; ++i)
    {
        world.step(kDt);
        gaps.widest = std::max(gaps.widest, widestHingeGap(world, bridge.hinges));
    }
    gaps.atRest = widestHingeGap(world, bridge.hinges);
    gaps.crateHeight = world.position(bridge.crate).y;
    report((name + " bridge widest hinge gap, m").c_str(), solver, gaps.widest);
    report((name + " bridge hinge gap at rest, m").c_str(), solver, gaps.atRest);
    report((name + " bridge crate height, m").c_str(), solver, gaps.crateHeight);
    return gaps;
}

// A bridge laid straight between posts exactly its length apart can only sag by stretching its
// hinges, so a crate on it opens them however stiff they are (a rigid one would not sag at all,
// under a tension without bound). Soft step solves the hinges as one tree with the far post's
// hinge closing its loop, exactly: 2.0 mm at worst and 0.6 mm at rest (one at a time, as 60 Hz
// springs: 3.6 and 2.6 cm). Ngs opens them by 5.9 and 1.5 cm.
TEST_P(JointLoads, TautBridgeOfThirtyPlanksHoldsAHeavyCrate)
{
    const BridgeGaps gaps = runBridge(GetParam(), 30.0f, "taut");
    EXPECT_GT(gaps.crateHeight, 5.0f); // held up, not dropped through
    EXPECT_LT(gaps.widest, GetParam() == Solver::SoftStep ? 0.01f : 0.07f);
    EXPECT_LT(gaps.atRest, GetParam() == Solver::SoftStep ? 0.002f : 0.03f);
}

// With a metre of slack the bridge sags by turning its planks. The crate's weight pulls on the
// hinges at twenty times a plank's: soft step holds them within 0.7 mm (2.2 cm one at a time);
// ngs opens them by 4.2 cm at worst and 1.8 cm at rest.
TEST_P(JointLoads, SlackBridgeOfThirtyPlanksHoldsAHeavyCrate)
{
    const BridgeGaps gaps = runBridge(GetParam(), 29.0f, "slack");
    EXPECT_GT(gaps.crateHeight, 5.0f);
    EXPECT_LT(gaps.widest, GetParam() == Solver::SoftStep ? 0.01f : 0.05f);
    EXPECT_LT(gaps.atRest, GetParam() == Solver::SoftStep ? 0.002f : 0.02f);
}

// A ragdoll: a torso, a head, two-part arms and legs on limited hinges, flung at 40 m/s into a
// wall. It never comes apart by more than a few centimetres and ends with every hinge closed.
TEST_P(JointLoads, RagdollFlungAtAWallStaysTogether)
{
    World world = worldFor(GetParam());
    world.createBody(bodyAt(BodyType::Static, {0.0f, -1.0f}), boxShape({40.0f, 1.0f}));
    world.createBody(bodyAt(BodyType::Static, {20.0f, 10.0f}), boxShape({1.0f, 10.0f}));
    const BodyId torso = dynamicBox(world, {0.0f, 3.0f}, {0.2f, 0.4f});
    std::vector<BodyId> parts{torso};
    std::vector<JointId> hinges;
    const auto limb = [&](BodyId parent, Vec2 at, Vec2 halfExtents, float lower, float upper)
    {
        const BodyId part = dynamicBox(world, at + Vec2{0.0f, -halfExtents.y}, halfExtents);
        hinges.push_back(world.createJoint(
            {.bodyA = parent,
             .bodyB = part,
             .params = RevoluteJointDef{
                 .anchor = at, .enableLimit = true, .lowerAngle = lower, .upperAngle = upper}}));
        parts.push_back(part);
        return part;
    };
    const BodyId head = world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 3.6f}), circleShape(0.2f));
    hinges.push_back(world.createJoint(
        {.bodyA = torso,
         .bodyB = head,
         .params = RevoluteJointDef{
             .anchor = {0.0f, 3.4f}, .enableLimit = true, .lowerAngle = -0.5f, .upperAngle = 0.5f}}));
    parts.push_back(head);
    for (const float side : {-1.0f, 1.0f})
    {
        const BodyId upperArm = limb(torso, {0.25f * side, 3.3f}, {0.08f, 0.25f}, -2.5f, 2.5f);
        limb(upperArm, {0.25f * side, 2.8f}, {0.07f, 0.22f}, 0.0f, 2.0f);
        const BodyId thigh = limb(torso, {0.1f * side, 2.6f}, {0.1f, 0.3f}, -1.5f, 0.5f);
        limb(thigh, {0.1f * side, 2.0f}, {0.09f, 0.3f}, -2.0f, 0.0f);
    }
    for (const BodyId part : parts)
    {
        world.setLinearVelocity(part, {40.0f, 5.0f});
    }
    world.setAngularVelocity(torso, 10.0f);
    float widest = 0.0f;
    for (int i = 0; i < 240; ++i)
    {
        world.step(kDt);
        widest = std::max(widest, widestHingeGap(world, hinges));
        for (const BodyId part : parts)
        {
            ASSERT_TRUE(isFinite(world.position(part)));
        }
    }
    report("ragdoll widest hinge gap, m", GetParam(), widest);
    report("ragdoll hinge gap after 4 s, m", GetParam(), widestHingeGap(world, hinges));
    EXPECT_LT(world.position(torso).x, 19.0f); // stopped by the wall, not through it
    EXPECT_LT(widestHingeGap(world, hinges), 0.01f);
    // At the impact the limbs run on into the hinges, which as soft springs solved one at a time
    // opened by 21 cm for a moment (about 40 m/s over 2 pi 60 Hz). Solved as one tree, with the
    // limits it is at, they hold within 9 mm; ngs's position pass within 6.4 cm.
    EXPECT_LT(widest, GetParam() == Solver::SoftStep ? 0.01f : 0.08f);
}

INSTANTIATE_TEST_SUITE_P(Joint, JointLoads, ::testing::Values(Solver::SoftStep, Solver::Ngs), solverName);

} // namespace
} // namespace oblique::test
