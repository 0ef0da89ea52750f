// Every joint rule broken once: each error names the file and the exact JSON path, and nothing of
// the scene is loaded.

#include "oblique/scene.hpp"
#include "scene_reader.hpp"
#include "scene_test_support.hpp"

#include <gtest/gtest.h>
#include <string>

namespace oblique::test
{
namespace
{

/// A format-2 scene of four bodies (0 "ground" static, 1 "a" and 2 "b" dynamic, 3 "lift"
/// kinematic) and, after three valid joints, joints[3] with `members`.
std::string sceneWithJoint(std::string_view members)
{
    return R"({"format": "oblique-scene/2", "bodies": [
        {"name": "ground", "type": "static", "position": [0, 0], "halfExtents": [10, 0.5]},
        {"name": "a", "position": [0, 2], "radius": 0.5},
        {"name": "b", "position": [2, 2], "halfExtents": [0.5, 0.25]},
        {"name": "lift", "type": "kinematic", "position": [-4, 1], "halfExtents": [1, 0.1]}],
        "joints": [
        {"type": "revolute", "bodyA": "ground", "bodyB": "a", "anchor": [0, 2]},
        {"type": "distance", "bodyA": 1, "bodyB": 2, "anchorA": [0, 2], "anchorB": [2, 2]},
        {"type": "motor", "bodyA": "lift", "bodyB": "b"},
        {)" +
           std::string(members) + "}]}";
}

/// joints[3] of that scene: a `type` joint between `a` and `b` with `more` keys.
std::string jointOfType(std::string_view type, std::string_view more)
{
    std::string members = R"("type": ")" + std::string(type) + R"(", "bodyA": "a", "bodyB": "b")";
    if (!more.empty())
    {
        members += ", " + std::string(more);
    }
    return sceneWithJoint(members);
}

// --- the array and its objects --------------------------------------------------------------------

TEST(SceneJointErrors, JointsIsAnArrayOfObjects)
{
    EXPECT_TRUE(failsAt(R"({"format": "oblique-scene/2", "bodies": [], "joints": {}})", "joints",
                        "must be an array, not an object"));
    EXPECT_TRUE(failsAt(R"({"format": "oblique-scene/2", "bodies": [], "joints": null})", "joints",
                        "must be an array, not null"));
    EXPECT_TRUE(failsAt(R"({"format": "oblique-scene/2", "bodies": [], "joints": [1]})", "joints[0]",
                        "must be an object, not a number"));
    EXPECT_TRUE(failsAt(R"({"format": "oblique-scene/2", "bodies": [], "joints": [[]]})", "joints[0]",
                        "must be an object, not an array"));
}

TEST(SceneJointErrors, AFormatOneFileHasNoJoints)
{
    EXPECT_TRUE(failsAt(
        R"({"format": "oblique-scene/1", "bodies": [{"position": [0, 0], "radius": 1}], "joints": []})",
        "joints", R"(needs format "oblique-scene/2" (the file says "oblique-scene/1"))"));
}

TEST(SceneJointErrors, JointsGivenTwiceAreADuplicateKey)
{
    EXPECT_TRUE(failsAt(R"({"format": "oblique-scene/2", "bodies": [], "joints": [], "joints": []})",
                        "joints", "duplicate key"));
}

// --- type -----------------------------------------------------------------------------------------

TEST(SceneJointErrors, TypeIsRequired)
{
    EXPECT_TRUE(failsAt(sceneWithJoint(R"("bodyA": 1, "bodyB": 2, "anchor": [0, 0])"), "joints[3].type",
                        "is required: it says which keys the joint takes"));
    EXPECT_TRUE(failsAt(sceneWithJoint(""), "joints[3].type", "is required"));
}

TEST(SceneJointErrors, TypeMustBeOneOfTheSix)
{
    const std::string choices = R"("revolute", "prismatic", "distance", "weld", "wheel" or "motor")";
    EXPECT_TRUE(failsAt(jointOfType("hinge", R"("anchor": [0, 0])"), "joints[3].type",
                        "must be " + choices + R"(, not "hinge")"));
    // Mouse joints follow a hand; files have none.
    EXPECT_TRUE(failsAt(jointOfType("mouse", ""), "joints[3].type", R"(not "mouse")"));
    EXPECT_TRUE(
        failsAt(jointOfType("Revolute", R"("anchor": [0, 0])"), "joints[3].type", R"(not "Revolute")"));
    EXPECT_TRUE(failsAt(sceneWithJoint(R"("type": 1, "bodyA": 1, "bodyB": 2)"), "joints[3].type",
                        "must be a string, not a number"));
    EXPECT_TRUE(failsAt(sceneWithJoint(R"("type": null)"), "joints[3].type", "must be a string, not null"));
    EXPECT_TRUE(
        failsAt(sceneWithJoint(R"("type": ["weld"])"), "joints[3].type", "must be a string, not an array"));
}

TEST(SceneJointErrors, TypeIsJudgedBeforeTheKeysBeforeIt)
{
    // The type decides what the other keys mean, so a bad one is reported first, wherever it is.
    EXPECT_TRUE(failsAt(sceneWithJoint(R"("anchor": "here", "bodyA": -1, "type": "hinge")"), "joints[3].type",
                        R"(not "hinge")"));
}

TEST(SceneJointErrors, TypeGivenTwiceIsADuplicateKey)
{
    EXPECT_TRUE(failsAt(jointOfType("weld", R"("anchor": [0, 0], "type": "weld")"), "joints[3].type",
                        "duplicate key"));
    EXPECT_TRUE(failsAt(jointOfType("weld", R"("anchor": [0, 0], "type": "hinge")"), "joints[3].type",
                        "duplicate key"));
}

// --- bodyA and bodyB --------------------------------------------------------------------------------

TEST(SceneJointErrors, BodiesAreRequired)
{
    EXPECT_TRUE(failsAt(sceneWithJoint(R"("type": "weld", "bodyB": 1, "anchor": [0, 0])"), "joints[3].bodyA",
                        "is required"));
    EXPECT_TRUE(failsAt(sceneWithJoint(R"("type": "weld", "bodyA": 1, "anchor": [0, 0])"), "joints[3].bodyB",
                        "is required"));
}

TEST(SceneJointErrors, ABodyIndexMustNameABody)
{
    const auto weld = [](std::string_view bodyB) {
        return sceneWithJoint(R"("type": "weld", "bodyA": 1, "anchor": [0, 0], "bodyB": )" +
                              std::string(bodyB));
    };
    EXPECT_TRUE(failsAt(weld("4"), "joints[3].bodyB", "no body 4: the scene has 4 bodies"));
    EXPECT_TRUE(failsAt(weld("2147483647"), "joints[3].bodyB", "no body 2147483647"));
    EXPECT_TRUE(failsAt(weld("-1"), "joints[3].bodyB", "must be >= 0"));
    EXPECT_TRUE(failsAt(weld("1.5"), "joints[3].bodyB", "must be a whole number"));
    EXPECT_TRUE(failsAt(weld("4294967296"), "joints[3].bodyB", "must fit in a 32-bit integer"));
    EXPECT_TRUE(failsAt(weld("true"), "joints[3].bodyB",
                        "must be a body's index (a whole number) or name (a string), not a boolean"));
    EXPECT_TRUE(failsAt(weld("null"), "joints[3].bodyB", "not null"));
    EXPECT_TRUE(failsAt(weld("[1]"), "joints[3].bodyB", "not an array"));
    EXPECT_TRUE(failsAt(R"({"format": "oblique-scene/2", "bodies": [],
        "joints": [{"type": "weld", "bodyA": 0, "bodyB": 1, "anchor": [0, 0]}]})",
                        "joints[0].bodyA", "no body 0: the scene has no bodies"));
}

TEST(SceneJointErrors, ABodyNameMustBeOneBodysName)
{
    // The contract's own example: joints[3].bodyB names no body.
    const testing::AssertionResult missing =
        failsAt(sceneWithJoint(R"("type": "revolute", "bodyA": "a", "bodyB": "wheel", "anchor": [0, 2])"),
                "joints[3].bodyB");
    ASSERT_TRUE(missing);
    EXPECT_EQ(std::string(missing.message()), R"(scene.json: joints[3].bodyB: no body named "wheel")");
    // Names are exact.
    EXPECT_TRUE(failsAt(sceneWithJoint(R"("type": "weld", "bodyA": "A", "bodyB": "b", "anchor": [0, 0])"),
                        "joints[3].bodyA", R"(no body named "A")"));
    EXPECT_TRUE(failsAt(sceneWithJoint(R"("type": "weld", "bodyA": "a", "bodyB": "", "anchor": [0, 0])"),
                        "joints[3].bodyB", "must not be empty"));
}

TEST(SceneJointErrors, ANameAJointUsesMustBeUnique)
{
    const std::string text = R"({"format": "oblique-scene/2", "bodies": [
        {"name": "hub", "type": "static", "position": [0, 5], "radius": 0.5},
        {"name": "wheel", "position": [0, 0], "radius": 1}, {"name": "wheel", "position": [3, 0], "radius": 1}],
        "joints": [{"type": "revolute", "bodyA": "hub", "bodyB": "wheel", "anchor": [0, 0]}]})";
    EXPECT_TRUE(
        failsAt(text, "joints[0].bodyB",
                R"(2 bodies are named "wheel" (bodies[1], bodies[2]): a body a joint names must be the )"
                "only one with its name"));
}

TEST(SceneJointErrors, AJointJoinsTwoDifferentBodies)
{
    EXPECT_TRUE(failsAt(sceneWithJoint(R"("type": "weld", "bodyA": 1, "bodyB": 1, "anchor": [0, 0])"),
                        "joints[3].bodyB", "is the same body as bodyA (bodies[1])"));
    // The same body by index and by name.
    EXPECT_TRUE(failsAt(sceneWithJoint(R"("type": "weld", "bodyA": "b", "bodyB": 2, "anchor": [0, 0])"),
                        "joints[3].bodyB", "is the same body as bodyA (bodies[2])"));
}

TEST(SceneJointErrors, OneOfTheTwoBodiesMustBeDynamic)
{
    const std::string text = R"({"format": "oblique-scene/2", "bodies": [
        {"name": "floor", "type": "static", "position": [0, 0], "halfExtents": [5, 0.5]},
        {"name": "wall", "type": "static", "position": [5, 2], "halfExtents": [0.5, 2]},
        {"name": "lift", "type": "kinematic", "position": [0, 3], "halfExtents": [1, 0.1]}],
        "joints": [{"type": "weld", "bodyA": "floor", "bodyB": "wall", "anchor": [5, 0]}]})";
    EXPECT_TRUE(failsAt(
        text, "joints[0].bodyB",
        "a joint needs a dynamic body, and neither bodies[0] (static) nor bodies[1] (static) is one"));
    EXPECT_TRUE(
        failsAt(sceneWithJoint(R"("type": "weld", "bodyA": "lift", "bodyB": "ground", "anchor": [0, 0])"),
                "joints[3].bodyB", "neither bodies[3] (kinematic) nor bodies[0] (static)"));
}

TEST(SceneJointErrors, ReferencesAreCheckedWhenBodiesComeAfterTheJoints)
{
    EXPECT_TRUE(failsAt(R"({"format": "oblique-scene/2",
        "joints": [{"type": "weld", "bodyA": 0, "bodyB": "ghost", "anchor": [0, 0]}],
        "bodies": [{"position": [0, 0], "radius": 1}]})",
                        "joints[0].bodyB", R"(no body named "ghost")"));
    EXPECT_TRUE(failsAt(R"({"format": "oblique-scene/2",
        "joints": [{"type": "weld", "bodyA": 0, "bodyB": 1, "anchor": [0, 0]}]})",
                        "bodies", "is required"));
}

// --- each type's keys ------------------------------------------------------------------------------

TEST(SceneJointErrors, EachTypeNeedsItsAnchorsAndAxis)
{
    EXPECT_TRUE(failsAt(jointOfType("revolute", ""), "joints[3].anchor", "is required"));
    EXPECT_TRUE(failsAt(jointOfType("prismatic", R"("anchor": [0, 0])"), "joints[3].axis", "is required"));
    EXPECT_TRUE(failsAt(jointOfType("prismatic", R"("axis": [1, 0])"), "joints[3].anchor", "is required"));
    EXPECT_TRUE(failsAt(jointOfType("distance", R"("anchorA": [0, 0])"), "joints[3].anchorB", "is required"));
    EXPECT_TRUE(failsAt(jointOfType("distance", R"("anchorB": [0, 0])"), "joints[3].anchorA", "is required"));
    EXPECT_TRUE(failsAt(jointOfType("weld", ""), "joints[3].anchor", "is required"));
    EXPECT_TRUE(failsAt(jointOfType("wheel", R"("anchor": [0, 0])"), "joints[3].axis", "is required"));
}

TEST(SceneJointErrors, AnAxisIsANonZeroDirection)
{
    EXPECT_TRUE(failsAt(jointOfType("prismatic", R"("anchor": [0, 0], "axis": [0, 0])"), "joints[3].axis",
                        "must not be [0, 0]"));
    EXPECT_TRUE(failsAt(jointOfType("wheel", R"("anchor": [0, 0], "axis": [1e-50, -0.0])"), "joints[3].axis",
                        "must not be [0, 0]"));
    EXPECT_TRUE(failsAt(jointOfType("wheel", R"("anchor": [0, 0], "axis": [1, 1e39])"), "joints[3].axis[1]",
                        "out of range for a 32-bit float"));
    EXPECT_TRUE(failsAt(jointOfType("prismatic", R"("anchor": [0, 0], "axis": [1])"), "joints[3].axis",
                        "exactly 2 numbers"));
}

TEST(SceneJointErrors, LimitsMustBeInOrder)
{
    EXPECT_TRUE(failsAt(jointOfType("revolute", R"("anchor": [0, 0], "lowerAngle": 1, "upperAngle": 0.5)"),
                        "joints[3].upperAngle", "must be >= lowerAngle (1)"));
    // Whether or not the limit is enabled.
    EXPECT_TRUE(
        failsAt(jointOfType("revolute", R"("anchor": [0, 0], "lowerAngle": 0.25, "enableLimit": false)"),
                "joints[3].upperAngle", "must be >= lowerAngle (0.25)"));
    EXPECT_TRUE(
        failsAt(jointOfType("prismatic", R"("anchor": [0, 0], "axis": [1, 0], "lower": 2, "upper": 1)"),
                "joints[3].upper", "must be >= lower (2)"));
    EXPECT_TRUE(failsAt(jointOfType("wheel", R"("anchor": [0, 0], "axis": [0, 1], "upper": -0.5)"),
                        "joints[3].upper", "must be >= lower (0)"));
}

TEST(SceneJointErrors, MotorStrengthsAreNotNegative)
{
    EXPECT_TRUE(failsAt(jointOfType("revolute", R"("anchor": [0, 0], "maxMotorTorque": -1)"),
                        "joints[3].maxMotorTorque", "must be >= 0"));
    EXPECT_TRUE(
        failsAt(jointOfType("prismatic", R"("anchor": [0, 0], "axis": [1, 0], "maxMotorForce": -0.5)"),
                "joints[3].maxMotorForce", "must be >= 0"));
    EXPECT_TRUE(failsAt(jointOfType("wheel", R"("anchor": [0, 0], "axis": [0, 1], "maxMotorTorque": -2)"),
                        "joints[3].maxMotorTorque", "must be >= 0"));
    EXPECT_TRUE(failsAt(jointOfType("motor", R"("maxForce": -1)"), "joints[3].maxForce", "must be >= 0"));
    EXPECT_TRUE(
        failsAt(jointOfType("motor", R"("maxTorque": -1e-30)"), "joints[3].maxTorque", "must be >= 0"));
}

TEST(SceneJointErrors, SpringsAreNotNegative)
{
    EXPECT_TRUE(failsAt(jointOfType("distance", R"("anchorA": [0, 0], "anchorB": [1, 0], "hertz": -1)"),
                        "joints[3].hertz", "must be >= 0"));
    EXPECT_TRUE(
        failsAt(jointOfType("distance", R"("anchorA": [0, 0], "anchorB": [1, 0], "dampingRatio": -1)"),
                "joints[3].dampingRatio", "must be >= 0"));
    EXPECT_TRUE(
        failsAt(jointOfType("weld", R"("anchor": [0, 0], "hertz": -3)"), "joints[3].hertz", "must be >= 0"));
    EXPECT_TRUE(failsAt(jointOfType("weld", R"("anchor": [0, 0], "dampingRatio": -0.1)"),
                        "joints[3].dampingRatio", "must be >= 0"));
    EXPECT_TRUE(failsAt(jointOfType("wheel", R"("anchor": [0, 0], "axis": [0, 1], "hertz": -1)"),
                        "joints[3].hertz", "must be >= 0"));
    EXPECT_TRUE(failsAt(jointOfType("wheel", R"("anchor": [0, 0], "axis": [0, 1], "dampingRatio": -1)"),
                        "joints[3].dampingRatio", "must be >= 0"));
}

TEST(SceneJointErrors, CorrectionFactorIsBetweenZeroAndOne)
{
    EXPECT_TRUE(failsAt(jointOfType("motor", R"("correctionFactor": 2)"), "joints[3].correctionFactor",
                        "must be in [0, 1]"));
    EXPECT_TRUE(failsAt(jointOfType("motor", R"("correctionFactor": -0.1)"), "joints[3].correctionFactor",
                        "must be in [0, 1]"));
}

TEST(SceneJointErrors, DistanceLengthsMustBeInRange)
{
    const auto rod = [](std::string_view more)
    { return jointOfType("distance", R"("anchorA": [0, 2], "anchorB": [2, 2], )" + std::string(more)); };
    EXPECT_TRUE(failsAt(rod(R"("length": -1)"), "joints[3].length", "must be >= 0"));
    EXPECT_TRUE(failsAt(rod(R"("minLength": -1)"), "joints[3].minLength", "must be >= 0"));
    EXPECT_TRUE(failsAt(rod(R"("maxLength": -1)"), "joints[3].maxLength", "must be >= 0"));
    EXPECT_TRUE(
        failsAt(rod(R"("minLength": 3, "maxLength": 1)"), "joints[3].maxLength", "must be >= minLength (3)"));
    EXPECT_TRUE(failsAt(rod(R"("length": 1, "minLength": 1.5, "maxLength": 4)"), "joints[3].minLength",
                        "must be <= length (1)"));
    EXPECT_TRUE(
        failsAt(rod(R"("length": 3, "maxLength": 2.5)"), "joints[3].maxLength", "must be >= length (3)"));
    // Without a length, the anchors' distance (2) is the length.
    EXPECT_TRUE(failsAt(rod(R"("maxLength": 1.5)"), "joints[3].maxLength",
                        "must be >= the distance between the anchors (2), the joint's length"));
    EXPECT_TRUE(failsAt(rod(R"("minLength": 2.5, "hertz": 1)"), "joints[3].minLength",
                        "must be <= the distance between the anchors (2)"));
    EXPECT_TRUE(failsAt(jointOfType("distance", R"("anchorA": [-3e38, 0], "anchorB": [3e38, 0])"),
                        "joints[3].anchorB",
                        "the distance between them, the joint's length, is beyond a 32-bit float"));
}

TEST(SceneJointErrors, NumbersAreFiniteFloatsOfTheRightType)
{
    EXPECT_TRUE(failsAt(jointOfType("revolute", R"("anchor": [1e39, 0])"), "joints[3].anchor[0]",
                        "out of range for a 32-bit float"));
    EXPECT_TRUE(failsAt(jointOfType("revolute", R"("anchor": [0, 0], "motorSpeed": -1e40)"),
                        "joints[3].motorSpeed", "out of range for a 32-bit float"));
    EXPECT_TRUE(failsAt(jointOfType("revolute", R"("anchor": [0, 0], "enableLimit": 1)"),
                        "joints[3].enableLimit", "must be true or false, not a number"));
    EXPECT_TRUE(failsAt(jointOfType("revolute", R"("anchor": 0)"), "joints[3].anchor",
                        "must be an array of 2 numbers"));
    EXPECT_TRUE(failsAt(jointOfType("revolute", R"("anchor": [0, 0], "collideConnected": "yes")"),
                        "joints[3].collideConnected", "must be true or false, not a string"));
    EXPECT_TRUE(failsAt(jointOfType("distance", R"("anchorA": [0, 0], "anchorB": [1, 0], "length": "2")"),
                        "joints[3].length", "must be a number, not a string"));
    EXPECT_TRUE(failsAt(jointOfType("distance", R"("anchorA": [0, 0], "anchorB": [1, 0], "minLength": null)"),
                        "joints[3].minLength", "must be a number, not null"));
    EXPECT_TRUE(failsAt(jointOfType("motor", R"("linearOffset": [1])"), "joints[3].linearOffset",
                        "exactly 2 numbers"));
    EXPECT_TRUE(failsAt(jointOfType("motor", R"("linearOffset": [0, 1e39])"), "joints[3].linearOffset[1]",
                        "out of range for a 32-bit float"));
    EXPECT_TRUE(failsAt(jointOfType("motor", R"("angularOffset": [0])"), "joints[3].angularOffset",
                        "must be a number, not an array"));
}

TEST(SceneJointErrors, UnknownKeysAreErrors)
{
    // A key of other types: the message says whose it is.
    EXPECT_TRUE(failsAt(
        jointOfType("revolute", R"("anchor": [0, 0], "axis": [1, 0])"), "joints[3].axis",
        R"(unknown key "axis": a revolute joint has no axis (it is a key of "prismatic" or "wheel" joints))"));
    EXPECT_TRUE(
        failsAt(jointOfType("weld", R"("anchor": [0, 0], "maxForce": 1)"), "joints[3].maxForce",
                R"(unknown key "maxForce": a weld joint has no maxForce (it is a key of "motor" joints))"));
    EXPECT_TRUE(failsAt(jointOfType("distance", R"("anchor": [0, 0])"), "joints[3].anchor", "unknown key"));
    EXPECT_TRUE(failsAt(jointOfType("revolute", R"("anchor": [0, 0], "Anchor": [0, 0])"), "joints[3].Anchor",
                        R"(unknown key "Anchor" (did you mean "anchor"?))"));
    // Nor does a file break joints: breakForce is the API's alone.
    EXPECT_TRUE(failsAt(jointOfType("weld", R"("anchor": [0, 0], "breakForce": 10)"), "joints[3].breakForce",
                        "unknown key"));
    EXPECT_TRUE(
        failsAt(jointOfType("weld", R"("anchor": [0, 0], "name": "glue")"), "joints[3].name", "unknown key"));
}

TEST(SceneJointErrors, KeysGivenTwiceAreErrors)
{
    EXPECT_TRUE(failsAt(jointOfType("revolute", R"("anchor": [0, 0], "anchor": [1, 0])"), "joints[3].anchor",
                        "duplicate key"));
    EXPECT_TRUE(
        failsAt(jointOfType("weld", R"("anchor": [0, 0], "bodyA": 1)"), "joints[3].bodyA", "duplicate key"));
    EXPECT_TRUE(failsAt(jointOfType("motor", R"("linearOffset": [0, 0], "linearOffset": [0, 0])"),
                        "joints[3].linearOffset", "duplicate key"));
}

TEST(SceneJointErrors, TooManyJointsAreRefused)
{
    scene_detail::ReadLimits limits;
    limits.maxJoints = 2;
    const std::string text = sceneWithJoint(R"("type": "weld", "bodyA": 1, "bodyB": 2, "anchor": [0, 0])");
    EXPECT_TRUE(
        throwsSceneError([&] { (void)scene_detail::readScene(text, "scene.json", "scene.json", limits); },
                         "scene.json", "joints", "has more than 2 joints, the most a scene may have"));
}

} // namespace
} // namespace oblique::test
