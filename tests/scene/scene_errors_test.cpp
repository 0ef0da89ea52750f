// Every rule of the format broken once: each error must name the file and the exact JSON path.

#include "oblique/scene.hpp"
#include "scene_test_support.hpp"

#include <gtest/gtest.h>
#include <string>

namespace oblique::test
{
namespace
{

// --- the top level -------------------------------------------------------------------------------

TEST(SceneErrors, FormatIsRequired)
{
    EXPECT_TRUE(failsAt(R"({"bodies": []})", "format", "is required"));
}

TEST(SceneErrors, FormatMustBeTheSupportedVersion)
{
    EXPECT_TRUE(failsAt(R"({"format": "oblique-scene/3", "bodies": []})", "format",
                        R"(must be "oblique-scene/1" or "oblique-scene/2", not "oblique-scene/3")"));
    EXPECT_TRUE(
        failsAt(R"({"format": "oblique-scene/0", "bodies": []})", "format", "not \"oblique-scene/0\""));
    EXPECT_TRUE(
        failsAt(R"({"format": "Oblique-Scene/1", "bodies": []})", "format", "not \"Oblique-Scene/1\""));
}

TEST(SceneErrors, FormatIsCheckedBeforeOtherKeys)
{
    // A file of another version is named as such, not by the first key this version lacks.
    EXPECT_TRUE(
        failsAt(R"({"newKey": 1, "bodies": [], "format": "oblique-scene/9"})", "format", "oblique-scene/9"));
}

TEST(SceneErrors, FormatMustBeAString)
{
    EXPECT_TRUE(failsAt(R"({"format": 1, "bodies": []})", "format", "not a number"));
    EXPECT_TRUE(failsAt(R"({"format": null, "bodies": []})", "format", "not null"));
}

TEST(SceneErrors, BodiesIsRequired)
{
    EXPECT_TRUE(failsAt(R"({"format": "oblique-scene/1"})", "bodies", "is required"));
}

TEST(SceneErrors, BodiesMustBeAnArray)
{
    EXPECT_TRUE(failsAt(R"({"format": "oblique-scene/1", "bodies": {}})", "bodies", "must be an array"));
}

TEST(SceneErrors, NameMustBeAString)
{
    EXPECT_TRUE(
        failsAt(R"({"format": "oblique-scene/1", "name": 3, "bodies": []})", "name", "must be a string"));
}

TEST(SceneErrors, WorldMustBeAnObject)
{
    EXPECT_TRUE(
        failsAt(R"({"format": "oblique-scene/1", "world": [], "bodies": []})", "world", "must be an object"));
}

TEST(SceneErrors, TopLevelMustBeAnObject)
{
    EXPECT_TRUE(failsAt("[]", "", "must be a JSON object"));
    EXPECT_TRUE(failsAt("42", "", "must be a JSON object"));
    EXPECT_TRUE(failsAt(R"("oblique-scene/1")", "", "must be a JSON object"));
}

TEST(SceneErrors, UnknownKeysAreRefusedEverywhere)
{
    EXPECT_TRUE(failsAt(R"({"format": "oblique-scene/1", "bodies": [], "gravity": [0, 1]})", "gravity",
                        "unknown key"));
    EXPECT_TRUE(failsAt(sceneWithWorld(R"("gravity": [0, -10], "iterations": 4)"), "world.iterations",
                        "unknown key"));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "radius": 1, "mass": 3)"), "bodies[1].mass",
                        "unknown key"));
}

TEST(SceneErrors, UnknownKeyWithWrongCaseSuggestsTheRightOne)
{
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "halfextents": [1, 1])"),
                        "bodies[1].halfextents", "did you mean \"halfExtents\"?"));
}

TEST(SceneErrors, OddUnknownKeysAreQuotedInThePath)
{
    EXPECT_TRUE(
        failsAt(R"({"format": "oblique-scene/1", "bodies": [], "a b.c": 1})", R"(["a b.c"])", "unknown key"));
    EXPECT_TRUE(failsAt(R"({"format": "oblique-scene/1", "bodies": [], "line\nbreak": 1})",
                        R"(["line\nbreak"])", "unknown key"));
}

TEST(SceneErrors, DuplicateKeysAreRefusedEverywhere)
{
    EXPECT_TRUE(failsAt(R"({"format": "oblique-scene/1", "bodies": [], "format": "oblique-scene/1"})",
                        "format", "duplicate"));
    EXPECT_TRUE(failsAt(R"({"format": "oblique-scene/1", "name": "a", "name": "b", "bodies": []})", "name",
                        "duplicate"));
    EXPECT_TRUE(
        failsAt(R"({"format": "oblique-scene/1", "bodies": [], "bodies": []})", "bodies", "duplicate"));
    EXPECT_TRUE(
        failsAt(sceneWithWorld(R"("timeStep": 0.01, "timeStep": 0.02)"), "world.timeStep", "duplicate"));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "radius": 1, "position": [1, 1])"),
                        "bodies[1].position", "duplicate"));
    // The same key spelled with an escape is still the same key.
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "radius": 1, "r\u0061dius": 2)"),
                        "bodies[1].radius", "duplicate"));
}

TEST(SceneErrors, NullIsAWrongTypeNotAnAbsentKey)
{
    EXPECT_TRUE(
        failsAt(sceneWithBody(R"("position": [0, 0], "radius": null)"), "bodies[1].radius", "not null"));
    EXPECT_TRUE(failsAt(R"({"format": "oblique-scene/1", "name": null, "bodies": []})", "name", "not null"));
}

// --- world ---------------------------------------------------------------------------------------

TEST(SceneErrors, GravityMustBeTwoFiniteNumbers)
{
    EXPECT_TRUE(
        failsAt(sceneWithWorld(R"("gravity": 10)"), "world.gravity", "must be an array of 2 numbers"));
    EXPECT_TRUE(failsAt(sceneWithWorld(R"("gravity": [0])"), "world.gravity", "exactly 2 numbers"));
    EXPECT_TRUE(failsAt(sceneWithWorld(R"("gravity": [])"), "world.gravity", "exactly 2 numbers"));
    EXPECT_TRUE(failsAt(sceneWithWorld(R"("gravity": [0, -10, 0])"), "world.gravity", "exactly 2 numbers"));
    EXPECT_TRUE(failsAt(sceneWithWorld(R"("gravity": [0, "down"])"), "world.gravity[1]", "must be a number"));
    EXPECT_TRUE(failsAt(sceneWithWorld(R"("gravity": [[0], 1])"), "world.gravity[0]", "not an array"));
    EXPECT_TRUE(failsAt(sceneWithWorld(R"("gravity": [0, 1e39])"), "world.gravity[1]",
                        "out of range for a 32-bit float"));
    EXPECT_TRUE(failsAt(sceneWithWorld(R"("gravity": [-1e39, 0])"), "world.gravity[0]", "out of range"));
}

TEST(SceneErrors, TimeStepMustBePositive)
{
    EXPECT_TRUE(failsAt(sceneWithWorld(R"("timeStep": 0)"), "world.timeStep", "must be > 0"));
    EXPECT_TRUE(failsAt(sceneWithWorld(R"("timeStep": -0.01)"), "world.timeStep", "must be > 0"));
    EXPECT_TRUE(
        failsAt(sceneWithWorld(R"("timeStep": 1e-50)"), "world.timeStep", "(it is 0 as a 32-bit float)"));
    EXPECT_TRUE(failsAt(sceneWithWorld(R"("timeStep": 1e39)"), "world.timeStep", "out of range"));
    EXPECT_TRUE(failsAt(sceneWithWorld(R"("timeStep": "1/60")"), "world.timeStep", "must be a number"));
}

TEST(SceneErrors, VelocityIterationsMustBeAnIntegerOfAtLeastOne)
{
    EXPECT_TRUE(
        failsAt(sceneWithWorld(R"("velocityIterations": 0)"), "world.velocityIterations", "must be >= 1"));
    EXPECT_TRUE(
        failsAt(sceneWithWorld(R"("velocityIterations": 8.5)"), "world.velocityIterations", "whole number"));
    EXPECT_TRUE(failsAt(sceneWithWorld(R"("velocityIterations": 1099511627776)"), "world.velocityIterations",
                        "must fit in a 32-bit integer"));
    EXPECT_TRUE(failsAt(sceneWithWorld(R"("velocityIterations": 2147483648)"), "world.velocityIterations",
                        "32-bit integer"));
    EXPECT_TRUE(failsAt(sceneWithWorld(R"("velocityIterations": 18446744073709551615)"),
                        "world.velocityIterations", "32-bit integer"));
    EXPECT_TRUE(failsAt(sceneWithWorld(R"("velocityIterations": 1e300)"), "world.velocityIterations",
                        "32-bit integer"));
    EXPECT_TRUE(failsAt(sceneWithWorld(R"("velocityIterations": "8")"), "world.velocityIterations",
                        "must be an integer, not a string"));
    EXPECT_TRUE(failsAt(sceneWithWorld(R"("velocityIterations": true)"), "world.velocityIterations",
                        "must be an integer"));
}

TEST(SceneErrors, PositionIterationsMustBeANonNegativeInteger)
{
    EXPECT_TRUE(
        failsAt(sceneWithWorld(R"("positionIterations": -1)"), "world.positionIterations", "must be >= 0"));
    EXPECT_TRUE(
        failsAt(sceneWithWorld(R"("positionIterations": 0.5)"), "world.positionIterations", "whole number"));
    EXPECT_TRUE(failsAt(sceneWithWorld(R"("positionIterations": -2147483649)"), "world.positionIterations",
                        "32-bit integer"));
}

TEST(SceneErrors, AllowSleepMustBeABoolean)
{
    EXPECT_TRUE(failsAt(sceneWithWorld(R"("allowSleep": 1)"), "world.allowSleep", "must be true or false"));
    EXPECT_TRUE(
        failsAt(sceneWithWorld(R"("allowSleep": "yes")"), "world.allowSleep", "must be true or false"));
}

TEST(SceneErrors, RestitutionThresholdMustBeNonNegative)
{
    EXPECT_TRUE(
        failsAt(sceneWithWorld(R"("restitutionThreshold": -0.5)"), "world.restitutionThreshold", ">= 0"));
    EXPECT_TRUE(failsAt(sceneWithWorld(R"("restitutionThreshold": 5e38)"), "world.restitutionThreshold",
                        "out of range"));
}

// --- bodies --------------------------------------------------------------------------------------

TEST(SceneErrors, BodyMustBeAnObject)
{
    EXPECT_TRUE(failsAt(R"({"format": "oblique-scene/1", "bodies": [{"position": [0, 0], "radius": 1}, 3]})",
                        "bodies[1]", "must be an object, not a number"));
    EXPECT_TRUE(
        failsAt(R"({"format": "oblique-scene/1", "bodies": [[]]})", "bodies[0]", "must be an object"));
}

TEST(SceneErrors, BodyNameMustBeAString)
{
    EXPECT_TRUE(failsAt(sceneWithBody(R"("name": ["box"], "position": [0, 0], "radius": 1)"),
                        "bodies[1].name", "must be a string, not an array"));
}

TEST(SceneErrors, BodyTypeMustBeAKnownName)
{
    EXPECT_TRUE(failsAt(sceneWithBody(R"("type": "Dynamic", "position": [0, 0], "radius": 1)"),
                        "bodies[1].type", R"(must be "static", "kinematic" or "dynamic")"));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("type": 2, "position": [0, 0], "radius": 1)"), "bodies[1].type",
                        "must be a string"));
}

TEST(SceneErrors, PositionIsRequired)
{
    EXPECT_TRUE(failsAt(sceneWithBody(R"("radius": 1)"), "bodies[1].position", "is required"));
}

TEST(SceneErrors, PositionMustBeTwoFiniteNumbers)
{
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": {"x": 0, "y": 0}, "radius": 1)"), "bodies[1].position",
                        "must be an array of 2 numbers, not an object"));
    EXPECT_TRUE(
        failsAt(sceneWithBody(R"("position": [0, 0, 0], "radius": 1)"), "bodies[1].position", "exactly 2"));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [1e39, 0], "radius": 1)"), "bodies[1].position[0]",
                        "out of range"));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, true], "radius": 1)"), "bodies[1].position[1]",
                        "must be a number, not a boolean"));
}

TEST(SceneErrors, AngleMustBeAFiniteNumber)
{
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "radius": 1, "angle": "90deg")"),
                        "bodies[1].angle", "must be a number"));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "radius": 1, "angle": 1e39)"), "bodies[1].angle",
                        "out of range"));
}

TEST(SceneErrors, HalfExtentsMustBePositive)
{
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "halfExtents": [1, 0])"),
                        "bodies[1].halfExtents[1]", "must be > 0"));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "halfExtents": [-1, 1])"),
                        "bodies[1].halfExtents[0]", "must be > 0"));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "halfExtents": [1, 1e-50])"),
                        "bodies[1].halfExtents[1]", "it is 0 as a 32-bit float"));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "halfExtents": [1e39, 1])"),
                        "bodies[1].halfExtents[0]", "out of range"));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "halfExtents": [1])"), "bodies[1].halfExtents",
                        "exactly 2"));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "halfExtents": 1)"), "bodies[1].halfExtents",
                        "must be an array of 2 numbers"));
}

TEST(SceneErrors, RadiusMustBePositive)
{
    EXPECT_TRUE(
        failsAt(sceneWithBody(R"("position": [0, 0], "radius": 0)"), "bodies[1].radius", "must be > 0"));
    EXPECT_TRUE(
        failsAt(sceneWithBody(R"("position": [0, 0], "radius": -1)"), "bodies[1].radius", "must be > 0"));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "radius": 1e-50)"), "bodies[1].radius",
                        "must be > 0 (it is 0 as a 32-bit float)"));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "radius": [1])"), "bodies[1].radius",
                        "must be a number, not an array"));
}

TEST(SceneErrors, BodyNeedsExactlyOneShape)
{
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0])"), "bodies[1]", "needs a shape"));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "halfExtents": [1, 1], "radius": 1)"),
                        "bodies[1].radius", "exactly one shape"));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("radius": 1, "position": [0, 0], "halfExtents": [1, 1])"),
                        "bodies[1].halfExtents", "exactly one shape"));
}

TEST(SceneErrors, DensityMustBeNonNegative)
{
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "radius": 1, "density": -1)"),
                        "bodies[1].density", "must be >= 0"));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("type": "static", "position": [0, 0], "radius": 1, "density": -1)"),
                        "bodies[1].density", "must be >= 0"));
}

TEST(SceneErrors, DynamicBodyNeedsDensity)
{
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "radius": 1, "density": 0)"),
                        "bodies[1].density", "must be > 0 for a dynamic body"));
    // The type may come after the density; the rule is judged on the whole body.
    EXPECT_TRUE(failsAt(sceneWithBody(R"("density": 0, "position": [0, 0], "radius": 1, "type": "dynamic")"),
                        "bodies[1].density", "dynamic body"));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "radius": 1, "density": 1e-50)"),
                        "bodies[1].density", "dynamic body"));
}

TEST(SceneErrors, FrictionMustBeNonNegative)
{
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "radius": 1, "friction": -0.1)"),
                        "bodies[1].friction", "must be >= 0"));
}

TEST(SceneErrors, RestitutionMustBeInTheUnitInterval)
{
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "radius": 1, "restitution": 1.5)"),
                        "bodies[1].restitution", "must be in [0, 1]"));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "radius": 1, "restitution": -0.1)"),
                        "bodies[1].restitution", "must be in [0, 1]"));
}

TEST(SceneErrors, LinearVelocityMustBeTwoFiniteNumbers)
{
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "radius": 1, "linearVelocity": [1])"),
                        "bodies[1].linearVelocity", "exactly 2"));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "radius": 1, "linearVelocity": [0, -1e40])"),
                        "bodies[1].linearVelocity[1]", "out of range"));
}

TEST(SceneErrors, AngularVelocityMustBeAFiniteNumber)
{
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "radius": 1, "angularVelocity": false)"),
                        "bodies[1].angularVelocity", "must be a number"));
}

TEST(SceneErrors, StaticBodyMustNotMove)
{
    EXPECT_TRUE(failsAt(
        sceneWithBody(R"("type": "static", "position": [0, 0], "radius": 1, "linearVelocity": [0, 1])"),
        "bodies[1].linearVelocity", "static body"));
    EXPECT_TRUE(
        failsAt(sceneWithBody(R"("type": "static", "position": [0, 0], "radius": 1, "angularVelocity": 0.5)"),
                "bodies[1].angularVelocity", "kinematic"));
    EXPECT_TRUE(failsAt(
        sceneWithBody(R"("linearVelocity": [1e-30, 0], "position": [0, 0], "radius": 1, "type": "static")"),
        "bodies[1].linearVelocity", "static body"));
}

TEST(SceneErrors, DampingMustBeNonNegative)
{
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "radius": 1, "linearDamping": -1)"),
                        "bodies[1].linearDamping", "must be >= 0"));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "radius": 1, "angularDamping": -0.01)"),
                        "bodies[1].angularDamping", "must be >= 0"));
}

TEST(SceneErrors, GravityScaleMustBeAFiniteNumber)
{
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "radius": 1, "gravityScale": 4e38)"),
                        "bodies[1].gravityScale", "out of range"));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "radius": 1, "gravityScale": "1")"),
                        "bodies[1].gravityScale", "must be a number"));
}

TEST(SceneErrors, FixedRotationMustBeABoolean)
{
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "radius": 1, "fixedRotation": 0)"),
                        "bodies[1].fixedRotation", "must be true or false, not a number"));
}

TEST(SceneErrors, LaterBodiesAreNamedByTheirIndex)
{
    std::string text = R"({"format": "oblique-scene/1", "bodies": [)";
    for (int i = 0; i < 3; ++i)
    {
        text += R"({"position": [0, 0], "radius": 1}, )";
    }
    text += R"({"position": [0, 0], "halfExtents": [1, -2]}]})";
    EXPECT_TRUE(failsAt(text, "bodies[3].halfExtents[1]", "must be > 0"));
}

TEST(SceneErrors, TheFirstProblemInTheFileIsReported)
{
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "radius": -1, "friction": -1)"),
                        "bodies[1].radius", "must be > 0"));
}

// --- numbers beyond any float --------------------------------------------------------------------

TEST(SceneErrors, NumbersBeyondDoubleRangeNameTheirPath)
{
    EXPECT_TRUE(
        failsAt(sceneWithBody(R"("position": [0, 0], "radius": 1e400)"), "bodies[1].radius", "out of range"));
    EXPECT_TRUE(failsAt(sceneWithWorld(R"("gravity": [0, -1e999])"), "world.gravity[1]", "out of range"));
}

TEST(SceneErrors, FloatJustPastTheLargestFloatIsOutOfRange)
{
    // 3.4028236e38 rounds to infinity as a float; 3.4028235e38 rounds to the largest float.
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [3.4028236e38, 0], "radius": 1)"),
                        "bodies[1].position[0]", "out of range"));
}

} // namespace
} // namespace oblique::test
