// Reading joints (format 2): every type with its defaults and with every key, bodies named by index
// or by name, keys in any order, and the world a jointed scene builds.

#include "oblique/scene.hpp"
#include "oblique/scene_world.hpp"
#include "scene_test_support.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <string>
#include <variant>

namespace oblique::test
{
namespace
{

/// A format-2 scene of four bodies (0 "ground" static, 1 "a" and 2 "b" dynamic, 3 "lift"
/// kinematic) whose joints[0] has `members`.
std::string sceneWithJoint(std::string_view members)
{
    return R"({"format": "oblique-scene/2", "bodies": [
        {"name": "ground", "type": "static", "position": [0, 0], "halfExtents": [10, 0.5]},
        {"name": "a", "position": [0, 2], "radius": 0.5},
        {"name": "b", "position": [2, 2], "halfExtents": [0.5, 0.25]},
        {"name": "lift", "type": "kinematic", "position": [-4, 1], "halfExtents": [1, 0.1]}],
        "joints": [{)" +
           std::string(members) + "}]}";
}

/// The one joint of sceneWithJoint(members), with parameters of type Def.
template <typename Def>
Def paramsOf(std::string_view members, SceneJoint* joint = nullptr)
{
    const Scene scene = parseScene(sceneWithJoint(members), "joint.json");
    EXPECT_EQ(scene.joints.size(), 1u);
    if (joint != nullptr)
    {
        *joint = scene.joints.at(0);
    }
    const Def* def = std::get_if<Def>(&scene.joints.at(0).params);
    EXPECT_NE(def, nullptr) << "the joint has another type";
    return def != nullptr ? *def : Def{};
}

TEST(SceneJointsRead, RevoluteTakesItsDefaults)
{
    SceneJoint joint;
    const auto def = paramsOf<RevoluteJointDef>(
        R"("type": "revolute", "bodyA": 0, "bodyB": 1, "anchor": [0, 1.5])", &joint);
    EXPECT_EQ(jointTypeOf(joint), JointType::Revolute);
    EXPECT_EQ(joint.bodyA, SceneBodyRef(0));
    EXPECT_EQ(joint.bodyB, SceneBodyRef(1));
    EXPECT_FALSE(joint.collideConnected);
    EXPECT_EQ(def.anchor, (Vec2{0.0f, 1.5f}));
    EXPECT_FALSE(def.enableLimit);
    EXPECT_EQ(def.lowerAngle, 0.0f);
    EXPECT_EQ(def.upperAngle, 0.0f);
    EXPECT_FALSE(def.enableMotor);
    EXPECT_EQ(def.motorSpeed, 0.0f);
    EXPECT_EQ(def.maxMotorTorque, 0.0f);
}

TEST(SceneJointsRead, PrismaticTakesItsDefaultsAndNormalisesItsAxis)
{
    const auto def = paramsOf<PrismaticJointDef>(
        R"("type": "prismatic", "bodyA": 0, "bodyB": 2, "anchor": [2, 2], "axis": [0, -3])");
    EXPECT_EQ(def.anchor, (Vec2{2.0f, 2.0f}));
    EXPECT_EQ(def.axis, (Vec2{0.0f, -1.0f}));
    EXPECT_FALSE(def.enableLimit);
    EXPECT_EQ(def.lower, 0.0f);
    EXPECT_EQ(def.upper, 0.0f);
    EXPECT_FALSE(def.enableMotor);
    EXPECT_EQ(def.motorSpeed, 0.0f);
    EXPECT_EQ(def.maxMotorForce, 0.0f);
}

TEST(SceneJointsRead, DistanceLeavesItsLengthsToTheEngine)
{
    const auto def = paramsOf<DistanceJointDef>(
        R"("type": "distance", "bodyA": 1, "bodyB": 2, "anchorA": [0, 2], "anchorB": [2, 2.5])");
    EXPECT_EQ(def.anchorA, (Vec2{0.0f, 2.0f}));
    EXPECT_EQ(def.anchorB, (Vec2{2.0f, 2.5f}));
    EXPECT_FALSE(def.length.has_value());
    EXPECT_FALSE(def.minLength.has_value());
    EXPECT_FALSE(def.maxLength.has_value());
    EXPECT_EQ(def.hertz, 0.0f);
    EXPECT_EQ(def.dampingRatio, 0.0f);
    // A rod of the anchors' distance, as the engine makes it.
    const DistanceRange range = distanceRangeOf(def);
    EXPECT_EQ(range.length, distance(def.anchorA, def.anchorB));
    EXPECT_EQ(range.minLength, range.length);
    EXPECT_EQ(range.maxLength, range.length);
}

TEST(SceneJointsRead, DistanceSpringRangesFromZeroToUnlimited)
{
    const auto def = paramsOf<DistanceJointDef>(
        R"("type": "distance", "bodyA": 1, "bodyB": 2, "anchorA": [0, 2], "anchorB": [2, 2], "hertz": 2, "length": 1)");
    EXPECT_EQ(def.hertz, 2.0f);
    ASSERT_TRUE(def.length.has_value());
    EXPECT_EQ(*def.length, 1.0f);
    const DistanceRange range = distanceRangeOf(def);
    EXPECT_EQ(range.length, 1.0f);
    EXPECT_EQ(range.minLength, 0.0f);
    EXPECT_EQ(range.maxLength, std::numeric_limits<float>::infinity());
}

TEST(SceneJointsRead, ARopeIsADistanceJointFreeBelowItsLength)
{
    const auto def = paramsOf<DistanceJointDef>(
        R"("type": "distance", "bodyA": 0, "bodyB": 1, "anchorA": [0, 5], "anchorB": [0, 2], "minLength": 0, "maxLength": 3)");
    const DistanceRange range = distanceRangeOf(def);
    EXPECT_EQ(range.length, 3.0f);
    EXPECT_EQ(range.minLength, 0.0f);
    EXPECT_EQ(range.maxLength, 3.0f);
}

TEST(SceneJointsRead, WeldTakesItsDefaults)
{
    const auto def = paramsOf<WeldJointDef>(R"("type": "weld", "bodyA": 1, "bodyB": 2, "anchor": [1, 2])");
    EXPECT_EQ(def.anchor, (Vec2{1.0f, 2.0f}));
    EXPECT_EQ(def.hertz, 0.0f);
    EXPECT_EQ(def.dampingRatio, 0.0f);
}

TEST(SceneJointsRead, WheelTakesItsDefaults)
{
    const auto def = paramsOf<WheelJointDef>(
        R"("type": "wheel", "bodyA": 2, "bodyB": 1, "anchor": [0, 2], "axis": [0.5, 0])");
    EXPECT_EQ(def.anchor, (Vec2{0.0f, 2.0f}));
    EXPECT_EQ(def.axis, (Vec2{1.0f, 0.0f}));
    EXPECT_EQ(def.hertz, 0.0f);
    EXPECT_EQ(def.dampingRatio, 0.0f);
    EXPECT_FALSE(def.enableMotor);
    EXPECT_EQ(def.motorSpeed, 0.0f);
    EXPECT_EQ(def.maxMotorTorque, 0.0f);
    EXPECT_FALSE(def.enableLimit);
    EXPECT_EQ(def.lower, 0.0f);
    EXPECT_EQ(def.upper, 0.0f);
}

TEST(SceneJointsRead, MotorTakesItsOffsetsAsPlaced)
{
    const auto def = paramsOf<MotorJointDef>(R"("type": "motor", "bodyA": 3, "bodyB": 1)");
    // No offsets: the engine takes them from where the bodies are.
    EXPECT_FALSE(def.linearOffset.has_value());
    EXPECT_FALSE(def.angularOffset.has_value());
    EXPECT_EQ(def.maxForce, 0.0f);
    EXPECT_EQ(def.maxTorque, 0.0f);
    EXPECT_EQ(def.correctionFactor, 0.3f);
}

TEST(SceneJointsRead, EveryJointKeyIsRead)
{
    const Scene scene = loadScene(dataPath("every_joint_key.json"));
    ASSERT_EQ(scene.joints.size(), 6u);

    const SceneJoint& hinge = scene.joints[0];
    EXPECT_EQ(hinge.bodyA, SceneBodyRef(std::string("ground")));
    EXPECT_EQ(hinge.bodyB, SceneBodyRef(std::string("arm")));
    EXPECT_TRUE(hinge.collideConnected);
    const auto& revolute = std::get<RevoluteJointDef>(hinge.params);
    EXPECT_EQ(revolute.anchor, (Vec2{-1.0f, 2.0f}));
    EXPECT_TRUE(revolute.enableLimit);
    EXPECT_EQ(revolute.lowerAngle, -0.5f);
    EXPECT_EQ(revolute.upperAngle, 0.75f);
    EXPECT_TRUE(revolute.enableMotor);
    EXPECT_EQ(revolute.motorSpeed, -2.0f);
    EXPECT_EQ(revolute.maxMotorTorque, 30.0f);

    const SceneJoint& slide = scene.joints[1];
    EXPECT_EQ(slide.bodyA, SceneBodyRef(0));
    EXPECT_EQ(slide.bodyB, SceneBodyRef(2));
    EXPECT_FALSE(slide.collideConnected);
    const auto& prismatic = std::get<PrismaticJointDef>(slide.params);
    EXPECT_EQ(prismatic.anchor, (Vec2{3.0f, 1.0f}));
    EXPECT_EQ(prismatic.axis, (Vec2{0.6f, 0.8f}));
    EXPECT_TRUE(prismatic.enableLimit);
    EXPECT_EQ(prismatic.lower, -0.25f);
    EXPECT_EQ(prismatic.upper, 1.5f);
    EXPECT_TRUE(prismatic.enableMotor);
    EXPECT_EQ(prismatic.motorSpeed, 0.5f);
    EXPECT_EQ(prismatic.maxMotorForce, 100.0f);

    const auto& rod = std::get<DistanceJointDef>(scene.joints[2].params);
    EXPECT_EQ(rod.anchorA, (Vec2{-1.0f, 2.0f}));
    EXPECT_EQ(rod.anchorB, (Vec2{-3.0f, 1.0f}));
    EXPECT_EQ(rod.length, std::optional<float>(2.5f));
    EXPECT_EQ(rod.hertz, 4.0f);
    EXPECT_EQ(rod.dampingRatio, 0.5f);
    EXPECT_EQ(rod.minLength, std::optional<float>(1.0f));
    EXPECT_EQ(rod.maxLength, std::optional<float>(3.0f));

    const auto& weld = std::get<WeldJointDef>(scene.joints[3].params);
    EXPECT_EQ(scene.joints[3].bodyA, SceneBodyRef(1));
    EXPECT_EQ(weld.anchor, (Vec2{0.0f, 3.0f}));
    EXPECT_EQ(weld.hertz, 5.0f);
    EXPECT_EQ(weld.dampingRatio, 0.7f);

    const auto& wheel = std::get<WheelJointDef>(scene.joints[4].params);
    EXPECT_EQ(wheel.anchor, (Vec2{5.0f, 1.0f}));
    EXPECT_EQ(wheel.axis, (Vec2{0.0f, 1.0f}));
    EXPECT_EQ(wheel.hertz, 3.0f);
    EXPECT_EQ(wheel.dampingRatio, 0.9f);
    EXPECT_TRUE(wheel.enableMotor);
    EXPECT_EQ(wheel.motorSpeed, -10.0f);
    EXPECT_EQ(wheel.maxMotorTorque, 20.0f);
    EXPECT_TRUE(wheel.enableLimit);
    EXPECT_EQ(wheel.lower, -0.125f);
    EXPECT_EQ(wheel.upper, 0.25f);

    const auto& motor = std::get<MotorJointDef>(scene.joints[5].params);
    EXPECT_EQ(scene.joints[5].bodyA, SceneBodyRef(std::string("lift")));
    EXPECT_EQ(motor.linearOffset, std::optional<Vec2>(Vec2{0.5f, -1.0f}));
    EXPECT_EQ(motor.angularOffset, std::optional<float>(0.25f));
    EXPECT_EQ(motor.maxForce, 50.0f);
    EXPECT_EQ(motor.maxTorque, 5.0f);
    EXPECT_EQ(motor.correctionFactor, 0.5f);

    EXPECT_TRUE(usesFormat2(scene));
}

TEST(SceneJointsRead, BodiesAreFoundByIndexAndByName)
{
    const Scene scene = loadScene(dataPath("every_joint_key.json"));
    const auto ends = jointBodiesOf(scene);
    ASSERT_EQ(ends.size(), 6u);
    EXPECT_EQ(ends[0], (std::pair<std::size_t, std::size_t>{0, 1})); // "ground", "arm"
    EXPECT_EQ(ends[1], (std::pair<std::size_t, std::size_t>{0, 2}));
    EXPECT_EQ(ends[2], (std::pair<std::size_t, std::size_t>{1, 3})); // "arm", "bob"
    EXPECT_EQ(ends[3], (std::pair<std::size_t, std::size_t>{1, 4}));
    EXPECT_EQ(ends[4], (std::pair<std::size_t, std::size_t>{2, 5}));
    EXPECT_EQ(ends[5], (std::pair<std::size_t, std::size_t>{6, 3})); // "lift", "bob"
}

TEST(SceneJointsRead, KeyOrderDoesNotMatterNotEvenForTheType)
{
    const Scene typeFirst = parseScene(
        sceneWithJoint(
            R"("type": "wheel", "bodyA": 2, "bodyB": 1, "anchor": [0, 2], "axis": [1, 0], "hertz": 2)"),
        "x.json");
    const Scene typeLast = parseScene(
        sceneWithJoint(
            R"("hertz": 2, "axis": [1, 0], "anchor": [0, 2], "bodyB": 1, "bodyA": 2, "type": "wheel")"),
        "x.json");
    EXPECT_TRUE(sameScene(typeFirst, typeLast));
    EXPECT_EQ(jointTypeOf(typeLast.joints.at(0)), JointType::Wheel);
}

TEST(SceneJointsRead, JointsMayComeBeforeTheBodies)
{
    const Scene scene = parseScene(R"({"format": "oblique-scene/2",
        "joints": [{"type": "revolute", "bodyA": "pivot", "bodyB": 1, "anchor": [0, 5]}],
        "bodies": [{"name": "pivot", "type": "static", "position": [0, 5], "radius": 0.1},
                   {"position": [2, 5], "radius": 0.25}]})",
                                   "x.json");
    ASSERT_EQ(scene.joints.size(), 1u);
    EXPECT_EQ(jointBodiesOf(scene).at(0), (std::pair<std::size_t, std::size_t>{0, 1}));
}

TEST(SceneJointsRead, AnEmptyJointsArrayIsNoJoints)
{
    const Scene scene = parseScene(R"({"format": "oblique-scene/2", "bodies": [], "joints": []})", "x.json");
    EXPECT_TRUE(scene.joints.empty());
    EXPECT_FALSE(usesFormat2(scene));
}

TEST(SceneJointsRead, NamesNotUsedByJointsMayRepeat)
{
    // Only the names a joint uses must be unique.
    const Scene scene = parseScene(R"({"format": "oblique-scene/2", "bodies": [
        {"name": "box", "position": [0, 0], "radius": 1}, {"name": "box", "position": [3, 0], "radius": 1},
        {"name": "hub", "type": "static", "position": [0, 5], "radius": 1}],
        "joints": [{"type": "distance", "bodyA": "hub", "bodyB": 1, "anchorA": [0, 5], "anchorB": [3, 0]}]})",
                                   "x.json");
    EXPECT_EQ(jointBodiesOf(scene).at(0), (std::pair<std::size_t, std::size_t>{2, 1}));
}

// --- the world a jointed scene builds -----------------------------------------------------------

TEST(SceneJointsWorld, RevoluteAndDistanceJointsAreMadeAfterTheBodies)
{
    const Scene scene = parseScene(R"({"format": "oblique-scene/2", "bodies": [
        {"name": "pivot", "type": "static", "position": [0, 5], "radius": 0.1},
        {"name": "bob", "position": [2, 5], "radius": 0.25},
        {"name": "weight", "position": [2, 3], "halfExtents": [0.2, 0.2]}],
        "joints": [
        {"type": "revolute", "bodyA": "pivot", "bodyB": "bob", "anchor": [0, 5], "enableLimit": true,
         "lowerAngle": -0.5, "upperAngle": 0.5},
        {"type": "distance", "bodyA": 1, "bodyB": 2, "anchorA": [2, 5], "anchorB": [2, 3]}]})",
                                   "x.json");
    SceneInstance instance = instantiate(scene);
    World& world = instance.world;
    ASSERT_EQ(instance.joints.size(), 2u);
    EXPECT_EQ(world.jointCount(), 2);

    const JointId hinge = instance.joints[0];
    EXPECT_EQ(world.jointType(hinge), JointType::Revolute);
    EXPECT_EQ(world.jointBodyA(hinge), instance.bodies[0]);
    EXPECT_EQ(world.jointBodyB(hinge), instance.bodies[1]);
    const JointId rod = instance.joints[1];
    EXPECT_EQ(world.jointType(rod), JointType::Distance);
    EXPECT_EQ(world.jointBodyA(rod), instance.bodies[1]);
    EXPECT_EQ(world.jointBodyB(rod), instance.bodies[2]);
    EXPECT_FLOAT_EQ(world.currentLength(rod), 2.0f);

    // The hinge's limit holds the arm within half a radian of where it started, so it cannot
    // swing down (a quarter turn).
    for (int step = 0; step < 120; ++step)
    {
        world.step(scene.world.timeStep);
    }
    EXPECT_GT(world.jointAngle(hinge), -0.55f);
    EXPECT_LT(world.jointAngle(hinge), -0.45f);
    EXPECT_NEAR(world.currentLength(rod), 2.0f, 0.02f);
}

TEST(SceneJointsWorld, CollideConnectedDecidesWhetherTheTwoBodiesTouch)
{
    for (const bool collide : {false, true})
    {
        // Two overlapping balls held by a rod.
        const Scene scene = parseScene(R"({"format": "oblique-scene/2", "bodies": [
            {"position": [0, 0], "radius": 0.5}, {"position": [0.75, 0], "radius": 0.5}],
            "joints": [{"type": "distance", "bodyA": 0, "bodyB": 1, "anchorA": [0, 0], "anchorB": [0.75, 0],
                        "collideConnected": )" +
                                           std::string(collide ? "true" : "false") + "}]}",
                                       "x.json");
        SceneInstance instance = instantiate(scene);
        instance.world.updateContacts();
        EXPECT_EQ(instance.world.contacts().size(), collide ? 1u : 0u) << "collideConnected " << collide;
    }
}

TEST(SceneJointsWorld, APendulumKeepsItsLengthAndSwingsDown)
{
    Scene scene = parseScene(R"({"format": "oblique-scene/2", "bodies": [
        {"type": "static", "position": [0, 5], "radius": 0.1}, {"position": [2, 5], "radius": 0.25}],
        "joints": [{"type": "revolute", "bodyA": 0, "bodyB": 1, "anchor": [0, 5]}]})",
                             "x.json");
    for (const Solver solver : {Solver::SoftStep, Solver::Ngs})
    {
        scene.world.solver = solver;
        SceneInstance instance = instantiate(scene);
        float lowest = 5.0f;
        for (int step = 0; step < 60; ++step)
        {
            instance.world.step(scene.world.timeStep);
            const Vec2 bob = instance.world.position(instance.bodies[1]);
            // The hinge holds the bob 2 m from the pivot (soft step's joints give by a few mm).
            EXPECT_NEAR(distance(bob, Vec2{0.0f, 5.0f}), 2.0f, 0.01f) << "step " << step;
            lowest = std::min(lowest, bob.y);
        }
        // It swung through the bottom of its arc, 2 m below the pivot.
        EXPECT_LT(lowest, 3.05f);
    }
}

TEST(SceneJointsWorld, BadReferencesAreRefusedBeforeAWorldIsBuilt)
{
    Scene scene = parseScene(R"({"format": "oblique-scene/2", "bodies": [
        {"type": "static", "position": [0, 5], "radius": 0.1}, {"position": [2, 5], "radius": 0.25}],
        "joints": [{"type": "revolute", "bodyA": 0, "bodyB": 1, "anchor": [0, 5]}]})",
                             "x.json");
    scene.joints[0].bodyB = 7;
    try
    {
        (void)instantiate(scene);
        ADD_FAILURE() << "accepted";
    }
    catch (const std::invalid_argument& e)
    {
        EXPECT_EQ(std::string(e.what()), "joints[0].bodyB: no body 7: the scene has 2 bodies");
    }
}

// Needs the engine's prismatic, weld, wheel and motor joints: fails until they are built.
TEST(SceneJointsWorld, EveryTypeIsMadeFromAFile)
{
    const Scene scene = loadScene(dataPath("every_joint_key.json"));
    const SceneInstance instance = instantiate(scene);
    ASSERT_EQ(instance.joints.size(), scene.joints.size());
    for (std::size_t i = 0; i < scene.joints.size(); ++i)
    {
        EXPECT_EQ(instance.world.jointType(instance.joints[i]), jointTypeOf(scene.joints[i]))
            << "joint " << i;
    }
    const auto ends = jointBodiesOf(scene);
    for (std::size_t i = 0; i < scene.joints.size(); ++i)
    {
        EXPECT_EQ(instance.world.jointBodyA(instance.joints[i]), instance.bodies[ends[i].first])
            << "joint " << i;
        EXPECT_EQ(instance.world.jointBodyB(instance.joints[i]), instance.bodies[ends[i].second])
            << "joint " << i;
    }
}

} // namespace
} // namespace oblique::test
