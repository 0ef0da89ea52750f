// The Box2D side of jointed scenes: each scene joint becomes the Box2D 2.4 joint it describes, with
// Box2D's own conventions (translation limits, stiffness and damping from hertz and damping ratio,
// offsets as placed), and jointed bodies touch in both engines only when the joint allows it.

#include "oblique/compare/box2d_world.hpp"
#include "oblique/compare/oblique_world.hpp"
#include "oblique/scene.hpp"

#include <box2d/box2d.h>
#include <cfloat>
#include <cmath>
#include <gtest/gtest.h>
#include <numbers>
#include <string>

namespace oblique::test
{
namespace
{

using compare::Box2dWorld;

/// A static "pivot" at (0, 5), a dynamic box "arm" at (1, 5) and a dynamic ball "bob" at (3, 4),
/// joined by the one joint `joint`.
Scene sceneWith(const std::string& joint)
{
    return parseScene(R"({"format": "oblique-scene/2", "bodies": [
        {"name": "pivot", "type": "static", "position": [0, 5], "radius": 0.1},
        {"name": "arm", "position": [1, 5], "angle": 0.5, "halfExtents": [1, 0.1], "density": 2},
        {"name": "bob", "position": [3, 4], "radius": 0.25}],
        "joints": [)" + joint +
                          "]}",
                      "joints.json");
}

/// b2LinearStiffness and b2AngularStiffness worked out by hand: a spring of `hertz` on the
/// bodies' reduced mass (or moment of inertia about their origins), as Box2D 2.4 defines them.
struct Spring
{
    float stiffness = 0.0f;
    float damping = 0.0f;
};
Spring springOf(float massA, float massB, float hertz, float dampingRatio)
{
    const float mass =
        massA > 0.0f && massB > 0.0f ? massA * massB / (massA + massB) : std::fmax(massA, massB);
    const float omega = 2.0f * std::numbers::pi_v<float> * hertz;
    return {mass * omega * omega, 2.0f * mass * dampingRatio * omega};
}

TEST(CliBox2dJoints, RevoluteCarriesEverySetting)
{
    Box2dWorld world(sceneWith(R"({"type": "revolute", "bodyA": "pivot", "bodyB": 1, "anchor": [0, 5],
        "collideConnected": true, "enableLimit": true, "lowerAngle": -0.5, "upperAngle": 1,
        "enableMotor": true, "motorSpeed": 2, "maxMotorTorque": 30})"));
    ASSERT_EQ(world.jointCount(), 1);
    ASSERT_EQ(world.joint(0).GetType(), e_revoluteJoint);
    auto& joint = static_cast<b2RevoluteJoint&>(world.joint(0));
    EXPECT_EQ(joint.GetBodyA(), &world.body(0));
    EXPECT_EQ(joint.GetBodyB(), &world.body(1));
    EXPECT_TRUE(joint.GetCollideConnected());
    // The anchor is where the scene put it, in both bodies, and angles count from the pose as placed.
    EXPECT_NEAR(joint.GetAnchorA().x, 0.0f, 1e-6f);
    EXPECT_NEAR(joint.GetAnchorB().y, 5.0f, 1e-6f);
    EXPECT_FLOAT_EQ(joint.GetReferenceAngle(), 0.5f);
    EXPECT_NEAR(joint.GetJointAngle(), 0.0f, 1e-6f);
    EXPECT_TRUE(joint.IsLimitEnabled());
    EXPECT_EQ(joint.GetLowerLimit(), -0.5f);
    EXPECT_EQ(joint.GetUpperLimit(), 1.0f);
    EXPECT_TRUE(joint.IsMotorEnabled());
    EXPECT_EQ(joint.GetMotorSpeed(), 2.0f);
    EXPECT_EQ(joint.GetMaxMotorTorque(), 30.0f);
}

TEST(CliBox2dJoints, PrismaticCarriesEverySettingWithItsAxisInBodyA)
{
    Box2dWorld world(sceneWith(R"({"type": "prismatic", "bodyA": "arm", "bodyB": "bob", "anchor": [3, 4],
        "axis": [0, 2], "enableLimit": true, "lower": -0.25, "upper": 1.5, "enableMotor": true,
        "motorSpeed": -0.5, "maxMotorForce": 100})"));
    ASSERT_EQ(world.joint(0).GetType(), e_prismaticJoint);
    auto& joint = static_cast<b2PrismaticJoint&>(world.joint(0));
    EXPECT_FALSE(joint.GetCollideConnected());
    // The world axis (0, 1) in the arm's frame, turned by -0.5 rad.
    EXPECT_NEAR(joint.GetLocalAxisA().x, std::sin(0.5f), 1e-6f);
    EXPECT_NEAR(joint.GetLocalAxisA().y, std::cos(0.5f), 1e-6f);
    EXPECT_NEAR(joint.GetJointTranslation(), 0.0f, 1e-6f);
    EXPECT_TRUE(joint.IsLimitEnabled());
    EXPECT_EQ(joint.GetLowerLimit(), -0.25f);
    EXPECT_EQ(joint.GetUpperLimit(), 1.5f);
    EXPECT_TRUE(joint.IsMotorEnabled());
    EXPECT_EQ(joint.GetMotorSpeed(), -0.5f);
    EXPECT_EQ(joint.GetMaxMotorForce(), 100.0f);
}

TEST(CliBox2dJoints, DistanceRodRopeAndSpringKeepTheirLengths)
{
    // A rod: its length and range are the anchors' distance.
    Box2dWorld rod(
        sceneWith(R"({"type": "distance", "bodyA": 0, "bodyB": 2, "anchorA": [0, 5], "anchorB": [3, 4]})"));
    ASSERT_EQ(rod.joint(0).GetType(), e_distanceJoint);
    const auto& r = static_cast<b2DistanceJoint&>(rod.joint(0));
    const float span = std::sqrt(10.0f);
    EXPECT_FLOAT_EQ(r.GetLength(), span);
    EXPECT_FLOAT_EQ(r.GetMinLength(), span);
    EXPECT_FLOAT_EQ(r.GetMaxLength(), span);
    EXPECT_EQ(r.GetStiffness(), 0.0f);
    EXPECT_EQ(r.GetDamping(), 0.0f);

    // A rope: free up to its length.
    Box2dWorld rope(
        sceneWith(R"({"type": "distance", "bodyA": 0, "bodyB": 2, "anchorA": [0, 5], "anchorB": [3, 4],
        "minLength": 0, "maxLength": 4})"));
    const auto& p = static_cast<b2DistanceJoint&>(rope.joint(0));
    EXPECT_FLOAT_EQ(p.GetLength(), span);
    // Box2D 2.4 keeps a minimum of its linear slop.
    EXPECT_EQ(p.GetMinLength(), b2_linearSlop);
    EXPECT_EQ(p.GetMaxLength(), 4.0f);

    // A spring between two dynamic bodies: Box2D's stiffness and damping for the same frequency.
    Box2dWorld spring(sceneWith(R"({"type": "distance", "bodyA": "arm", "bodyB": "bob", "anchorA": [1, 5],
        "anchorB": [3, 4], "length": 1.5, "hertz": 3, "dampingRatio": 0.4})"));
    const auto& s = static_cast<b2DistanceJoint&>(spring.joint(0));
    EXPECT_EQ(s.GetLength(), 1.5f);
    EXPECT_EQ(s.GetMinLength(), b2_linearSlop);
    // Unlimited: the largest float stands in for it.
    EXPECT_EQ(s.GetMaxLength(), FLT_MAX);
    const Spring expected = springOf(spring.body(1).GetMass(), spring.body(2).GetMass(), 3.0f, 0.4f);
    EXPECT_FLOAT_EQ(s.GetStiffness(), expected.stiffness);
    EXPECT_FLOAT_EQ(s.GetDamping(), expected.damping);
    EXPECT_GT(s.GetStiffness(), 0.0f);
}

TEST(CliBox2dJoints, WeldIsRigidOrAnAngularSpring)
{
    Box2dWorld rigid(sceneWith(R"({"type": "weld", "bodyA": "pivot", "bodyB": "arm", "anchor": [0, 5]})"));
    ASSERT_EQ(rigid.joint(0).GetType(), e_weldJoint);
    const auto& r = static_cast<b2WeldJoint&>(rigid.joint(0));
    EXPECT_FLOAT_EQ(r.GetReferenceAngle(), 0.5f);
    EXPECT_EQ(r.GetStiffness(), 0.0f);

    Box2dWorld soft(
        sceneWith(R"({"type": "weld", "bodyA": "arm", "bodyB": "bob", "anchor": [2, 4.5], "hertz": 5,
        "dampingRatio": 0.7})"));
    const auto& s = static_cast<b2WeldJoint&>(soft.joint(0));
    const Spring expected = springOf(soft.body(1).GetInertia(), soft.body(2).GetInertia(), 5.0f, 0.7f);
    EXPECT_FLOAT_EQ(s.GetStiffness(), expected.stiffness);
    EXPECT_FLOAT_EQ(s.GetDamping(), expected.damping);
    EXPECT_GT(s.GetStiffness(), 0.0f);
}

TEST(CliBox2dJoints, WheelCarriesEverySetting)
{
    Box2dWorld world(sceneWith(R"({"type": "wheel", "bodyA": "pivot", "bodyB": "bob", "anchor": [3, 4],
        "axis": [0, 1], "hertz": 4, "dampingRatio": 0.9, "enableMotor": true, "motorSpeed": -10,
        "maxMotorTorque": 20, "enableLimit": true, "lower": -0.125, "upper": 0.25})"));
    ASSERT_EQ(world.joint(0).GetType(), e_wheelJoint);
    auto& joint = static_cast<b2WheelJoint&>(world.joint(0));
    EXPECT_NEAR(joint.GetLocalAxisA().x, 0.0f, 1e-6f);
    EXPECT_NEAR(joint.GetLocalAxisA().y, 1.0f, 1e-6f);
    // One body is static: the spring is on the wheel's mass alone.
    const Spring expected = springOf(0.0f, world.body(2).GetMass(), 4.0f, 0.9f);
    EXPECT_FLOAT_EQ(joint.GetStiffness(), expected.stiffness);
    EXPECT_FLOAT_EQ(joint.GetDamping(), expected.damping);
    EXPECT_TRUE(joint.IsMotorEnabled());
    EXPECT_EQ(joint.GetMotorSpeed(), -10.0f);
    EXPECT_EQ(joint.GetMaxMotorTorque(), 20.0f);
    EXPECT_TRUE(joint.IsLimitEnabled());
    EXPECT_EQ(joint.GetLowerLimit(), -0.125f);
    EXPECT_EQ(joint.GetUpperLimit(), 0.25f);
}

TEST(CliBox2dJoints, MotorOffsetsAreAsPlacedUnlessGiven)
{
    Box2dWorld placed(sceneWith(R"({"type": "motor", "bodyA": "pivot", "bodyB": "bob", "maxForce": 50,
        "maxTorque": 5, "correctionFactor": 0.5})"));
    ASSERT_EQ(placed.joint(0).GetType(), e_motorJoint);
    const auto& p = static_cast<b2MotorJoint&>(placed.joint(0));
    // The bob's origin in the pivot's frame: (3, 4) - (0, 5).
    EXPECT_EQ(p.GetLinearOffset(), b2Vec2(3.0f, -1.0f));
    EXPECT_EQ(p.GetAngularOffset(), 0.0f);
    EXPECT_EQ(p.GetMaxForce(), 50.0f);
    EXPECT_EQ(p.GetMaxTorque(), 5.0f);
    EXPECT_EQ(p.GetCorrectionFactor(), 0.5f);

    Box2dWorld given(sceneWith(R"({"type": "motor", "bodyA": "arm", "bodyB": "bob", "linearOffset": [0.5, -1],
        "angularOffset": 0.25})"));
    const auto& g = static_cast<b2MotorJoint&>(given.joint(0));
    EXPECT_EQ(g.GetLinearOffset(), b2Vec2(0.5f, -1.0f));
    EXPECT_EQ(g.GetAngularOffset(), 0.25f);
    // Box2D's own defaults (1 N, 1 N*m) give way to the format's.
    EXPECT_EQ(g.GetMaxForce(), 0.0f);
    EXPECT_EQ(g.GetMaxTorque(), 0.0f);
    EXPECT_EQ(g.GetCorrectionFactor(), 0.3f);
}

TEST(CliBox2dJoints, JointsComeInSceneOrderBetweenTheirBodies)
{
    const Scene scene = parseScene(R"({"format": "oblique-scene/2", "bodies": [
        {"name": "a", "position": [0, 0], "radius": 0.5}, {"name": "b", "position": [2, 0], "radius": 0.5},
        {"name": "c", "position": [4, 0], "radius": 0.5}],
        "joints": [{"type": "weld", "bodyA": "c", "bodyB": "a", "anchor": [2, 0]},
                   {"type": "revolute", "bodyA": 1, "bodyB": 2, "anchor": [3, 0]}]})",
                                   "order.json");
    Box2dWorld world(scene);
    ASSERT_EQ(world.jointCount(), 2);
    EXPECT_EQ(world.joint(0).GetType(), e_weldJoint);
    EXPECT_EQ(world.joint(0).GetBodyA(), &world.body(2));
    EXPECT_EQ(world.joint(0).GetBodyB(), &world.body(0));
    EXPECT_EQ(world.joint(1).GetType(), e_revoluteJoint);
    EXPECT_EQ(world.joint(1).GetBodyA(), &world.body(1));
    EXPECT_EQ(world.joint(1).GetBodyB(), &world.body(2));
}

TEST(CliBox2dJoints, JointedBodiesTouchInBothEnginesOnlyWhenCollideConnected)
{
    for (const bool collide : {false, true})
    {
        // Two overlapping balls on a rope.
        const Scene scene = parseScene(R"({"format": "oblique-scene/2", "bodies": [
            {"position": [0, 0], "radius": 0.5}, {"position": [0.75, 0], "radius": 0.5}],
            "joints": [{"type": "distance", "bodyA": 0, "bodyB": 1, "anchorA": [0, 0], "anchorB": [0.75, 0],
                        "minLength": 0, "maxLength": 1, "collideConnected": )" +
                                           std::string(collide ? "true" : "false") + "}]}",
                                       "pair.json");
        Box2dWorld box2d(scene);
        compare::ObliqueWorld ours(scene);
        EXPECT_EQ(box2d.collide().size(), collide ? 1u : 0u) << "collideConnected " << collide;
        EXPECT_EQ(ours.collide().size(), collide ? 1u : 0u) << "collideConnected " << collide;
    }
}

} // namespace
} // namespace oblique::test
