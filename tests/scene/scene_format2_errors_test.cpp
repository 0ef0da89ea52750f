// Every format-2 shape rule broken once: each error must name the file and the exact JSON path.

#include "oblique/scene.hpp"
#include "scene_reader.hpp"
#include "scene_test_support.hpp"

#include <gtest/gtest.h>
#include <string>

namespace oblique::test
{
namespace
{

// --- shapes and the shorthand ---------------------------------------------------------------------

TEST(SceneFormat2Errors, ShapesMustBeANonEmptyArrayOfObjects)
{
    EXPECT_TRUE(failsAt(scene2WithBody(R"("position": [0, 0], "shapes": [])"), "bodies[1].shapes",
                        "must not be empty"));
    EXPECT_TRUE(failsAt(scene2WithBody(R"("position": [0, 0], "shapes": {"radius": 1})"), "bodies[1].shapes",
                        "must be an array, not an object"));
    EXPECT_TRUE(failsAt(scene2WithBody(R"("position": [0, 0], "shapes": [{"radius": 1}, 2])"),
                        "bodies[1].shapes[1]", "must be an object, not a number"));
    EXPECT_TRUE(failsAt(scene2WithBody(R"("position": [0, 0], "shapes": [[]])"), "bodies[1].shapes[0]",
                        "must be an object, not an array"));
    EXPECT_TRUE(
        failsAt(scene2WithBody(R"("position": [0, 0], "shapes": null)"), "bodies[1].shapes", "not null"));
}

TEST(SceneFormat2Errors, ShapeNeedsHalfExtentsOrRadius)
{
    EXPECT_TRUE(failsAt(scene2WithShape(R"("offset": [1, 0])"), "bodies[1].shapes[1]",
                        "needs a size: halfExtents (a box) or radius (a circle)"));
    EXPECT_TRUE(failsAt(scene2WithShape(""), "bodies[1].shapes[1]", "needs a size"));
}

TEST(SceneFormat2Errors, ShapeHasNotBothHalfExtentsAndRadius)
{
    EXPECT_TRUE(failsAt(scene2WithShape(R"("halfExtents": [1, 1], "radius": 1)"),
                        "bodies[1].shapes[1].radius",
                        "a shape is a box (halfExtents) or a circle (radius), not both"));
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "density": 2, "halfExtents": [1, 1])"),
                        "bodies[1].shapes[1].halfExtents", "not both"));
}

TEST(SceneFormat2Errors, AngleIsAnErrorOnACircle)
{
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "angle": 0.5)"), "bodies[1].shapes[1].angle",
                        "is for boxes only, and this shape is a circle"));
    // Even a zero angle, and whichever key comes first.
    EXPECT_TRUE(failsAt(scene2WithShape(R"("angle": 0, "offset": [0, 0], "radius": 1)"),
                        "bodies[1].shapes[1].angle", "boxes only"));
}

TEST(SceneFormat2Errors, ShapesAndTheShorthandAreNeverBoth)
{
    EXPECT_TRUE(
        failsAt(scene2WithBody(R"("position": [0, 0], "halfExtents": [1, 1], "shapes": [{"radius": 1}])"),
                "bodies[1].halfExtents",
                "a body has either shapes or the one-shape shorthand (halfExtents or radius on the body)"));
    EXPECT_TRUE(failsAt(scene2WithBody(R"("position": [0, 0], "shapes": [{"radius": 1}], "radius": 1)"),
                        "bodies[1].radius", "either shapes or the one-shape shorthand"));
}

TEST(SceneFormat2Errors, ShapeKeysOnABodyWithShapesAreErrors)
{
    for (const char* member :
         {R"("density": 1)", R"("friction": 0.5)", R"("restitution": 0)", R"("sensor": false)",
          R"("filter": {})", R"("surfaceSpeed": 1)", R"("oneWay": [0, 1])"})
    {
        const std::string key = std::string(member).substr(1, std::string(member).find('"', 1) - 1);
        // The shape key is named whether it comes before or after `shapes`.
        EXPECT_TRUE(failsAt(
            scene2WithBody(R"("position": [0, 0], "shapes": [{"radius": 1}], )" + std::string(member)),
            "bodies[1]." + key, "is a shape key: a body with shapes gives it in each shape"))
            << member;
        EXPECT_TRUE(failsAt(
            scene2WithBody(std::string(member) + R"(, "position": [0, 0], "shapes": [{"radius": 1}])"),
            "bodies[1]." + key, "is a shape key"))
            << member;
    }
}

TEST(SceneFormat2Errors, BodyNeedsAShapeOrShapes)
{
    EXPECT_TRUE(failsAt(scene2WithBody(R"("position": [0, 0])"), "bodies[1]",
                        "needs a shape: halfExtents (a box), radius (a circle) or shapes"));
    EXPECT_TRUE(
        failsAt(scene2WithBody(R"("position": [0, 0], "sensor": true)"), "bodies[1]", "needs a shape"));
}

TEST(SceneFormat2Errors, ShapeOnlyKeysAreUnknownOnTheBody)
{
    EXPECT_TRUE(failsAt(scene2WithBody(R"("position": [0, 0], "radius": 1, "offset": [1, 0])"),
                        "bodies[1].offset", "unknown key"));
}

TEST(SceneFormat2Errors, BodyKeysAreUnknownInAShape)
{
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "position": [1, 0])"), "bodies[1].shapes[1].position",
                        "unknown key"));
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "shapes": [])"), "bodies[1].shapes[1].shapes",
                        "unknown key"));
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "Offset": [1, 0])"), "bodies[1].shapes[1].Offset",
                        "unknown key \"Offset\" (did you mean \"offset\"?)"));
}

// --- values in a shape ----------------------------------------------------------------------------

TEST(SceneFormat2Errors, ShapeSizesAndMaterialKeepTheirFormatOneRules)
{
    EXPECT_TRUE(failsAt(scene2WithShape(R"("halfExtents": [1, 0])"), "bodies[1].shapes[1].halfExtents[1]",
                        "must be > 0"));
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1e-50)"), "bodies[1].shapes[1].radius",
                        "must be > 0 (it is 0 as a 32-bit float)"));
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "density": -1)"), "bodies[1].shapes[1].density",
                        "must be >= 0"));
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "friction": -0.5)"), "bodies[1].shapes[1].friction",
                        "must be >= 0"));
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "restitution": 1.5)"),
                        "bodies[1].shapes[1].restitution", "must be in [0, 1]"));
}

TEST(SceneFormat2Errors, OffsetMustBeTwoFiniteNumbers)
{
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "offset": [1])"), "bodies[1].shapes[1].offset",
                        "exactly 2 numbers"));
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "offset": [0, 1e39])"),
                        "bodies[1].shapes[1].offset[1]", "out of range for a 32-bit float"));
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "offset": 1)"), "bodies[1].shapes[1].offset",
                        "must be an array of 2 numbers, not a number"));
}

TEST(SceneFormat2Errors, ShapeValuesOfTheWrongTypeAreErrors)
{
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "sensor": 1)"), "bodies[1].shapes[1].sensor",
                        "must be true or false, not a number"));
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "surfaceSpeed": "fast")"),
                        "bodies[1].shapes[1].surfaceSpeed", "must be a number, not a string"));
    EXPECT_TRUE(failsAt(scene2WithShape(R"("halfExtents": [1, 1], "angle": null)"),
                        "bodies[1].shapes[1].angle", "must be a number, not null"));
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "filter": [1, 65535, 0])"),
                        "bodies[1].shapes[1].filter", "must be an object, not an array"));
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "filter": {"group": true})"),
                        "bodies[1].shapes[1].filter.group", "must be an integer, not a boolean"));
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "filter": {"mask": "all"})"),
                        "bodies[1].shapes[1].filter.mask", "must be an integer, not a string"));
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "oneWay": {"x": 0, "y": 1})"),
                        "bodies[1].shapes[1].oneWay", "must be an array of 2 numbers, not an object"));
    EXPECT_TRUE(failsAt(scene2WithBody(R"("position": [0, 0], "radius": 1, "sensor": "yes")"),
                        "bodies[1].sensor", "must be true or false, not a string"));
}

TEST(SceneFormat2Errors, DuplicateKeysInAShapeOrFilterAreErrors)
{
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "radius": 2)"), "bodies[1].shapes[1].radius",
                        "duplicate key"));
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "sensor": true, "sensor": false)"),
                        "bodies[1].shapes[1].sensor", "duplicate key"));
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "filter": {}, "filter": {})"),
                        "bodies[1].shapes[1].filter", "duplicate key"));
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "filter": {"mask": 1, "m\u0061sk": 2})"),
                        "bodies[1].shapes[1].filter.mask", "duplicate key"));
}

// --- filter ---------------------------------------------------------------------------------------

TEST(SceneFormat2Errors, FilterCategoryIsAWholeNumberIn16Bits)
{
    const auto filter = [](const std::string& members)
    { return scene2WithShape(R"("radius": 1, "filter": {)" + members + "}"); };
    const std::string path = "bodies[1].shapes[1].filter.category";
    EXPECT_TRUE(failsAt(filter(R"("category": -1)"), path, "must be in [0, 65535]"));
    EXPECT_TRUE(failsAt(filter(R"("category": 65536)"), path, "must be in [0, 65535]"));
    EXPECT_TRUE(failsAt(filter(R"("category": 4294967296)"), path, "must be in [0, 65535]"));
    EXPECT_TRUE(failsAt(filter(R"("category": 1e300)"), path, "must be in [0, 65535]"));
    EXPECT_TRUE(failsAt(filter(R"("category": 1.5)"), path, "must be a whole number"));
}

TEST(SceneFormat2Errors, FilterMaskIsAWholeNumberIn16Bits)
{
    const auto filter = [](const std::string& members)
    { return scene2WithShape(R"("radius": 1, "filter": {)" + members + "}"); };
    const std::string path = "bodies[1].shapes[1].filter.mask";
    EXPECT_TRUE(failsAt(filter(R"("mask": -1)"), path, "must be in [0, 65535]"));
    EXPECT_TRUE(failsAt(filter(R"("mask": 65536)"), path, "must be in [0, 65535]"));
    EXPECT_TRUE(failsAt(filter(R"("mask": 4294967295)"), path, "must be in [0, 65535]"));
    EXPECT_TRUE(failsAt(filter(R"("mask": 0.25)"), path, "must be a whole number"));
}

TEST(SceneFormat2Errors, FilterGroupIsAWholeNumberIn16Bits)
{
    const auto filter = [](const std::string& members)
    { return scene2WithShape(R"("radius": 1, "filter": {)" + members + "}"); };
    const std::string path = "bodies[1].shapes[1].filter.group";
    EXPECT_TRUE(failsAt(filter(R"("group": -32769)"), path, "must be in [-32768, 32767]"));
    EXPECT_TRUE(failsAt(filter(R"("group": 32768)"), path, "must be in [-32768, 32767]"));
    EXPECT_TRUE(failsAt(filter(R"("group": -1e20)"), path, "must be in [-32768, 32767]"));
    EXPECT_TRUE(failsAt(filter(R"("group": -0.5)"), path, "must be a whole number"));
}

TEST(SceneFormat2Errors, FilterTakesOnlyItsThreeKeys)
{
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "filter": {"categoryBits": 1})"),
                        "bodies[1].shapes[1].filter.categoryBits", "unknown key"));
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "filter": {"Group": 1})"),
                        "bodies[1].shapes[1].filter.Group", "did you mean \"group\"?"));
}

TEST(SceneFormat2Errors, ShorthandFilterIsCheckedToo)
{
    EXPECT_TRUE(failsAt(scene2WithBody(R"("position": [0, 0], "radius": 1, "filter": {"mask": 70000})"),
                        "bodies[1].filter.mask", "must be in [0, 65535]"));
}

TEST(SceneFormat2Errors, DeepPathsNameEveryLevel)
{
    std::string text = R"({"format": "oblique-scene/2", "bodies": [)";
    text += R"({"position": [0, 0], "radius": 1}, {"position": [0, 0], "radius": 1}, )";
    text += R"({"position": [0, 0], "shapes": [{"radius": 1}, {"radius": 1}, {"radius": 1},
              {"radius": 1, "filter": {"category": 2, "mask": 65536}}]}]})";
    EXPECT_TRUE(failsAt(text, "bodies[2].shapes[3].filter.mask", "must be in [0, 65535]"));
}

// --- oneWay ---------------------------------------------------------------------------------------

TEST(SceneFormat2Errors, OneWayMustBeANonZeroFiniteDirection)
{
    const std::string path = "bodies[1].shapes[1].oneWay";
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "oneWay": [0, 0])"), path, "must not be [0, 0]"));
    EXPECT_TRUE(
        failsAt(scene2WithShape(R"("radius": 1, "oneWay": [-0.0, 0.0])"), path, "must not be [0, 0]"));
    // Zero once converted to 32-bit floats.
    EXPECT_TRUE(
        failsAt(scene2WithShape(R"("radius": 1, "oneWay": [1e-50, -1e-60])"), path, "must not be [0, 0]"));
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "oneWay": [1e39, 0])"), path + "[0]",
                        "out of range for a 32-bit float"));
    EXPECT_TRUE(
        failsAt(scene2WithShape(R"("radius": 1, "oneWay": [0, -1e400])"), path + "[1]", "out of range"));
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "oneWay": [0, 1, 0])"), path, "exactly 2 numbers"));
    EXPECT_TRUE(failsAt(scene2WithBody(R"("position": [0, 0], "radius": 1, "oneWay": [0, 0])"),
                        "bodies[1].oneWay", "must not be [0, 0]"));
}

// --- mass -----------------------------------------------------------------------------------------

TEST(SceneFormat2Errors, DynamicBodyOfSensorsOnlyIsAnError)
{
    EXPECT_TRUE(failsAt(scene2WithBody(R"("position": [0, 0], "shapes": [{"radius": 1, "sensor": true},
                                          {"halfExtents": [1, 1], "sensor": true}])"),
                        "bodies[1].shapes", "a dynamic body needs a shape that is not a sensor"));
    EXPECT_TRUE(failsAt(scene2WithBody(R"("sensor": true, "position": [0, 0], "radius": 1)"),
                        "bodies[1].sensor", "must be false for a dynamic body"));
    // The type may come last; the rule is judged on the whole body.
    EXPECT_TRUE(
        failsAt(scene2WithBody(R"("position": [0, 0], "radius": 1, "sensor": true, "type": "dynamic")"),
                "bodies[1].sensor", "dynamic body"));
}

TEST(SceneFormat2Errors, DynamicCompoundOfZeroDensityIsAnError)
{
    EXPECT_TRUE(failsAt(scene2WithBody(R"("position": [0, 0], "shapes": [{"radius": 1, "density": 0},
                                          {"halfExtents": [1, 1], "density": 0}])"),
                        "bodies[1].shapes", "a dynamic body needs mass"));
    // A sensor's density does not count: sensors add no mass.
    EXPECT_TRUE(failsAt(scene2WithBody(R"("position": [0, 0], "shapes": [{"radius": 1, "density": 0},
                                          {"radius": 1, "density": 5, "sensor": true}])"),
                        "bodies[1].shapes", "needs mass"));
    EXPECT_TRUE(failsAt(scene2WithBody(R"("position": [0, 0], "radius": 1, "density": 0)"),
                        "bodies[1].density", "must be > 0 for a dynamic body"));
}

// --- formats --------------------------------------------------------------------------------------

TEST(SceneFormat2Errors, FormatOneFileUsingAFormatTwoKeyIsAnError)
{
    for (const char* member : {R"("shapes": [{"radius": 1}])", R"("sensor": true)", R"("filter": {})",
                               R"("surfaceSpeed": 1)", R"("oneWay": [0, 1])"})
    {
        const std::string key = std::string(member).substr(1, std::string(member).find('"', 1) - 1);
        EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], )" + std::string(member)),
                            "bodies[1]." + key,
                            R"(needs format "oblique-scene/2" (the file says "oblique-scene/1"))"))
            << member;
    }
}

TEST(SceneFormat2Errors, FormatOneFileWithJointsIsAnError)
{
    // Even an empty array: a format-1 file has no joints key at all.
    EXPECT_TRUE(failsAt(R"({"format": "oblique-scene/1", "bodies": [], "joints": []})", "joints",
                        R"(needs format "oblique-scene/2" (the file says "oblique-scene/1"))"));
    EXPECT_TRUE(failsAt(R"({"format": "oblique-scene/1", "joints": [{"type": "weld"}], "bodies": []})",
                        "joints", R"(needs format "oblique-scene/2")"));
}

TEST(SceneFormat2Errors, FormatOneFileUsingASolverKeyIsAnError)
{
    // Even at its default value: a format-1 file means the default solver by leaving them out.
    for (const char* member :
         {R"("solver": "ngs")", R"("solver": "soft-step")", R"("subSteps": 4)", R"("contactHertz": 30)",
          R"("contactDampingRatio": 10)", R"("contactPushMaxSpeed": 3)"})
    {
        const std::string key = std::string(member).substr(1, std::string(member).find('"', 1) - 1);
        EXPECT_TRUE(failsAt(sceneWithWorld(R"("gravity": [0, -10], )" + std::string(member)), "world." + key,
                            R"(needs format "oblique-scene/2" (the file says "oblique-scene/1"))"))
            << member;
    }
}

// --- world: the solver and its settings -------------------------------------------------------------

TEST(SceneFormat2Errors, SolverMustBeSoftStepOrNgs)
{
    const std::string path = "world.solver";
    const testing::AssertionResult fast =
        failsAt(scene2WithWorld(R"("solver": "fast")"), path, R"(must be "soft-step" or "ngs", not "fast")");
    EXPECT_TRUE(fast);
    EXPECT_NE(std::string(fast.message()).find(R"(scene.json: world.solver: must be "soft-step" or "ngs")"),
              std::string::npos)
        << fast.message();
    // Spellings are exact: no other case, spacing or underscore.
    for (const char* name : {"NGS", "Soft-Step", "soft_step", "softstep", " ngs", ""})
    {
        EXPECT_TRUE(failsAt(scene2WithWorld(std::string(R"("solver": ")") + name + "\""), path,
                            R"(must be "soft-step" or "ngs", not ")" + std::string(name) + "\""))
            << name;
    }
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("solver": 1)"), path, "must be a string, not a number"));
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("solver": null)"), path, "must be a string, not null"));
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("solver": true)"), path, "must be a string, not a boolean"));
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("solver": ["ngs"])"), path, "must be a string, not an array"));
    EXPECT_TRUE(
        failsAt(scene2WithWorld(R"("solver": {"name": "ngs"})"), path, "must be a string, not an object"));
}

TEST(SceneFormat2Errors, SubStepsIsAWholeNumberOfAtLeastOne)
{
    const std::string path = "world.subSteps";
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("subSteps": 0)"), path, "must be >= 1"));
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("subSteps": -4)"), path, "must be >= 1"));
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("subSteps": 2.5)"), path, "must be a whole number"));
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("subSteps": 1e-9)"), path, "must be a whole number"));
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("subSteps": 2147483648)"), path, "must fit in a 32-bit integer"));
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("subSteps": "4")"), path, "must be an integer, not a string"));
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("subSteps": null)"), path, "must be an integer, not null"));
}

TEST(SceneFormat2Errors, ContactHertzIsAPositiveNumber)
{
    const std::string path = "world.contactHertz";
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("contactHertz": 0)"), path, "must be > 0"));
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("contactHertz": -0.0)"), path, "must be > 0"));
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("contactHertz": -30)"), path, "must be > 0"));
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("contactHertz": 1e-50)"), path,
                        "must be > 0 (it is 0 as a 32-bit float)"));
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("contactHertz": 1e39)"), path, "out of range for a 32-bit float"));
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("contactHertz": "30")"), path, "must be a number, not a string"));
}

TEST(SceneFormat2Errors, ContactDampingRatioIsANonNegativeNumber)
{
    const std::string path = "world.contactDampingRatio";
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("contactDampingRatio": -1)"), path, "must be >= 0"));
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("contactDampingRatio": -1e-30)"), path, "must be >= 0"));
    EXPECT_TRUE(
        failsAt(scene2WithWorld(R"("contactDampingRatio": -1e39)"), path, "out of range for a 32-bit float"));
    EXPECT_TRUE(
        failsAt(scene2WithWorld(R"("contactDampingRatio": false)"), path, "must be a number, not a boolean"));
}

TEST(SceneFormat2Errors, ContactPushMaxSpeedIsAPositiveNumber)
{
    const std::string path = "world.contactPushMaxSpeed";
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("contactPushMaxSpeed": 0)"), path, "must be > 0"));
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("contactPushMaxSpeed": -3)"), path, "must be > 0"));
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("contactPushMaxSpeed": 1e-46)"), path,
                        "must be > 0 (it is 0 as a 32-bit float)"));
    EXPECT_TRUE(
        failsAt(scene2WithWorld(R"("contactPushMaxSpeed": [3])"), path, "must be a number, not an array"));
}

TEST(SceneFormat2Errors, SolverKeysGivenTwiceOrMisspeltAreErrors)
{
    EXPECT_TRUE(
        failsAt(scene2WithWorld(R"("solver": "ngs", "solver": "ngs")"), "world.solver", "duplicate key"));
    EXPECT_TRUE(
        failsAt(scene2WithWorld(R"("subSteps": 4, "subSteps": 8)"), "world.subSteps", "duplicate key"));
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("substeps": 4)"), "world.substeps",
                        R"(unknown key "substeps" (did you mean "subSteps"?))"));
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("contacthertz": 4)"), "world.contacthertz",
                        R"(unknown key "contacthertz" (did you mean "contactHertz"?))"));
    // The solver keys belong to the world alone.
    EXPECT_TRUE(
        failsAt(R"({"format": "oblique-scene/2", "solver": "ngs", "bodies": []})", "solver", "unknown key"));
    EXPECT_TRUE(failsAt(scene2WithBody(R"("position": [0, 0], "radius": 1, "subSteps": 4)"),
                        "bodies[1].subSteps", "unknown key"));
}

TEST(SceneFormat2Errors, TheFirstBadSolverKeyInTheFileIsReported)
{
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("contactHertz": 0, "solver": "fast")"), "world.contactHertz",
                        "must be > 0"));
    EXPECT_TRUE(
        failsAt(scene2WithWorld(R"("solver": "fast", "contactHertz": 0)"), "world.solver", "must be"));
}

TEST(SceneFormat2Errors, ProblemsInShapesAreFoundInDocumentOrder)
{
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": -1, "friction": -1)"), "bodies[1].shapes[1].radius",
                        "must be > 0"));
    EXPECT_TRUE(failsAt(scene2WithBody(R"("position": [0, 0], "shapes": [{"radius": 1, "sensor": true}],
                                          "linearVelocity": [1e39, 0])"),
                        "bodies[1].linearVelocity[0]", "out of range"));
}

TEST(SceneFormat2Errors, ShapeCountIsCapped)
{
    scene_detail::ReadLimits limits;
    limits.maxShapes = 3;
    const std::string three = R"({"format": "oblique-scene/2", "bodies": [
        {"position": [0, 0], "shapes": [{"radius": 1}, {"radius": 1}]},
        {"position": [0, 0], "radius": 1},
        {"position": [0, 0], "shapes": [{"radius": 1}]}]})";
    EXPECT_EQ(scene_detail::readScene(three, "s.json", "s", limits).bodies.size(), 3u);
    const std::string four = R"({"format": "oblique-scene/2", "bodies": [
        {"position": [0, 0], "shapes": [{"radius": 1}, {"radius": 1}]},
        {"position": [0, 0], "shapes": [{"radius": 1}, {"radius": 1}]}]})";
    EXPECT_TRUE(throwsSceneError([&] { (void)scene_detail::readScene(four, "s.json", "s", limits); },
                                 "s.json", "bodies[1].shapes", "brings the scene to more than 3 shapes"));
    EXPECT_EQ(scene_detail::ReadLimits{}.maxShapes, 1'000'000u);
}

} // namespace
} // namespace oblique::test
