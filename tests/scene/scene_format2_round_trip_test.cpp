// Writing format-2 scenes: the writer's choice of format, what it writes for bodies of several
// shapes and for the shorthand's format-2 keys, exact round trips, and scenes it refuses.

#include "oblique/scene.hpp"
#include "oblique/scene_world.hpp"
#include "scene_rules.hpp"
#include "scene_test_support.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace oblique::test
{
namespace
{

Scene roundTrip(const Scene& scene)
{
    return parseScene(toSceneJson(scene), "round-trip.json");
}

bool writesFormat(const Scene& scene, int version)
{
    const std::string tag = "\"format\": \"oblique-scene/" + std::to_string(version) + "\"";
    return toSceneJson(scene).find(tag) != std::string::npos;
}

/// A scene of one dynamic box body, in format 1.
Scene oneBox()
{
    Scene scene;
    scene.name = "one box";
    scene.bodies.emplace_back();
    return scene;
}

TEST(SceneFormat2RoundTrip, EveryShapeKeySurvivesLoadSaveLoad)
{
    const Scene first = loadScene(dataPath("every_shape_key.json"));
    const Scene second = roundTrip(first);
    EXPECT_TRUE(sameScene(first, second));
    EXPECT_EQ(toSceneJson(first), toSceneJson(second));
    EXPECT_TRUE(writesFormat(first, 2));
}

TEST(SceneFormat2RoundTrip, WriterWritesFormatOneWhenNothingOfFormatTwoIsUsed)
{
    EXPECT_TRUE(writesFormat(oneBox(), 1));
    EXPECT_TRUE(writesFormat(loadScene(dataPath("every_field.json")), 1));
    EXPECT_TRUE(writesFormat(Scene{}, 1));
    // A format-2 file that uses nothing of format 2 is written as format 1.
    const Scene plain =
        parseScene(R"({"format": "oblique-scene/2", "bodies": [{"position": [0, 0], "radius": 1,
                                       "filter": {"category": 1, "mask": 65535, "group": 0}, "surfaceSpeed": 0}]})",
                   "plain.json");
    EXPECT_TRUE(writesFormat(plain, 1));
    EXPECT_EQ(toSceneJson(plain).find("filter"), std::string::npos);
}

TEST(SceneFormat2RoundTrip, WriterWritesFormatTwoForEachFormatTwoFeature)
{
    std::vector<std::pair<std::string, Scene>> cases;
    const auto add = [&](const std::string& what, auto change)
    {
        Scene scene = oneBox();
        change(scene.bodies[0]);
        cases.emplace_back(what, scene);
    };
    add("shapes", [](SceneBody& b) { b.shapes = {boxShape({1.0f, 1.0f})}; });
    add("sensor",
        [](SceneBody& b)
        {
            b.type = BodyType::Static;
            b.sensor = true;
        });
    add("category", [](SceneBody& b) { b.filter.categoryBits = 2u; });
    add("mask", [](SceneBody& b) { b.filter.maskBits = 5u; });
    add("group", [](SceneBody& b) { b.filter.groupIndex = -3; });
    add("surfaceSpeed", [](SceneBody& b) { b.surfaceSpeed = 0.5f; });
    add("oneWay", [](SceneBody& b) { b.oneWay = {0.0f, 1.0f}; });
    const auto addWorld = [&](const std::string& what, auto change)
    {
        Scene scene = oneBox();
        change(scene.world);
        cases.emplace_back(what, scene);
    };
    addWorld("solver", [](SceneWorld& w) { w.solver = Solver::Ngs; });
    addWorld("subSteps", [](SceneWorld& w) { w.subSteps = 8; });
    addWorld("contactHertz", [](SceneWorld& w) { w.contactHertz = 60.0f; });
    addWorld("contactDampingRatio", [](SceneWorld& w) { w.contactDampingRatio = 0.0f; });
    addWorld("contactPushMaxSpeed", [](SceneWorld& w) { w.contactPushMaxSpeed = 0.5f; });
    for (const auto& [what, scene] : cases)
    {
        ASSERT_TRUE(usesFormat2(scene)) << what;
        EXPECT_TRUE(writesFormat(scene, 2)) << what;
        EXPECT_TRUE(sameScene(scene, roundTrip(scene))) << what;
    }
}

TEST(SceneFormat2RoundTrip, ShorthandWritesOnlyTheFormatTwoKeysItUses)
{
    Scene scene = oneBox();
    scene.bodies[0].surfaceSpeed = -1.5f;
    SceneBody plain;
    plain.position = {3.0f, 0.0f};
    scene.bodies.push_back(plain);
    const std::string text = toSceneJson(scene);
    EXPECT_NE(text.find("\"surfaceSpeed\": -1.5"), std::string::npos) << text;
    for (const char* key : {"\"sensor\"", "\"filter\"", "\"oneWay\"", "\"shapes\"", "\"offset\""})
    {
        EXPECT_EQ(text.find(key), std::string::npos) << key << " in\n" << text;
    }
    EXPECT_TRUE(sameScene(scene, roundTrip(scene)));
}

TEST(SceneFormat2RoundTrip, CompoundBodyIsWrittenWithEveryShapeKey)
{
    Scene scene;
    scene.name = "table";
    SceneBody table;
    table.name = "table";
    table.position = {0.0f, 1.5f};
    ShapeDef top = boxShape({1.5f, 0.1f});
    top.filter.maskBits = 6u;
    top.oneWay = {0.0f, 1.0f};
    ShapeDef knob = circleShape(0.25f);
    knob.offset = {1.0f, 0.35f};
    knob.isSensor = true;
    knob.filter = {0xFFFFu, 0xFFFFFFFFu, -2};
    knob.surfaceSpeed = -0.0f;
    table.shapes = {top, knob};
    scene.bodies.push_back(table);
    const std::string expected = R"({
  "format": "oblique-scene/2",
  "name": "table",
  "world": {
    "gravity": [0, -10],
    "timeStep": 0.016666668,
    "velocityIterations": 8,
    "positionIterations": 3,
    "allowSleep": true,
    "restitutionThreshold": 1,
    "solver": "soft-step",
    "subSteps": 4,
    "contactHertz": 30,
    "contactDampingRatio": 10,
    "contactPushMaxSpeed": 3
  },
  "bodies": [
    {
      "name": "table",
      "type": "dynamic",
      "position": [0, 1.5],
      "angle": 0,
      "shapes": [
        {
          "halfExtents": [1.5, 0.1],
          "offset": [0, 0],
          "angle": 0,
          "density": 1,
          "friction": 0.6,
          "restitution": 0,
          "sensor": false,
          "filter": {"category": 1, "mask": 6, "group": 0},
          "surfaceSpeed": 0,
          "oneWay": [0, 1]
        },
        {
          "radius": 0.25,
          "offset": [1, 0.35],
          "density": 1,
          "friction": 0.6,
          "restitution": 0,
          "sensor": true,
          "filter": {"category": 65535, "mask": 65535, "group": -2},
          "surfaceSpeed": -0.0
        }
      ],
      "linearVelocity": [0, 0],
      "angularVelocity": 0,
      "linearDamping": 0,
      "angularDamping": 0,
      "gravityScale": 1,
      "fixedRotation": false
    }
  ]
}
)";
    EXPECT_EQ(toSceneJson(scene), expected);
    EXPECT_TRUE(sameScene(scene, roundTrip(scene)));
}

/// Random filter bits a file can hold: 16 bits, or every category for a mask.
Filter randomFilter(std::mt19937& random)
{
    Filter filter;
    filter.categoryBits = static_cast<std::uint32_t>(random()) & 0xFFFFu;
    const std::uint32_t mask = static_cast<std::uint32_t>(random()) & 0xFFFFu;
    filter.maskBits = mask == 0xFFFFu || random() % 4u == 0 ? 0xFFFFFFFFu : mask;
    filter.groupIndex = static_cast<std::int32_t>(random() % 65536u) - 32768;
    return filter;
}

Vec2 randomDirection(std::mt19937& random)
{
    for (;;)
    {
        if (const auto unit =
                scene_detail::normalisedDirection({randomFloat(random, false), randomFloat(random, false)}))
        {
            return *unit;
        }
    }
}

ShapeDef randomShape(std::mt19937& random)
{
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    ShapeDef shape;
    if ((random() & 1u) != 0)
    {
        shape.kind = ShapeKind::Box;
        shape.halfExtents = {randomFloat(random, true), randomFloat(random, true)};
        shape.angle = randomFloat(random, false);
    }
    else
    {
        shape.kind = ShapeKind::Circle;
        shape.radius = randomFloat(random, true);
    }
    shape.offset = {randomFloat(random, false), randomFloat(random, false)};
    shape.density = random() % 5u == 0 ? 0.0f : randomFloat(random, true);
    shape.friction = std::fabs(randomFloat(random, false));
    shape.restitution = unit(random);
    shape.isSensor = random() % 3u == 0;
    shape.filter = randomFilter(random);
    shape.surfaceSpeed = randomFloat(random, false);
    if ((random() & 1u) != 0)
    {
        shape.oneWay = randomDirection(random);
    }
    return shape;
}

/// The format-2 keys of the shorthand, each set or left at its default at random.
void randomShorthandKeys(std::mt19937& random, SceneBody& body)
{
    if (body.type != BodyType::Dynamic && random() % 3u == 0)
    {
        body.sensor = true;
    }
    if (random() % 3u == 0)
    {
        body.filter = randomFilter(random);
    }
    if (random() % 3u == 0)
    {
        body.surfaceSpeed = randomFloat(random, false);
    }
    if (random() % 3u == 0)
    {
        body.oneWay = randomDirection(random);
    }
}

/// The world's format-2 keys, each set or left at its default at random.
void randomSolverKeys(std::mt19937& random, SceneWorld& world)
{
    if (random() % 2u == 0)
    {
        world.solver = Solver::Ngs;
    }
    if (random() % 2u == 0)
    {
        world.subSteps = 1 + static_cast<int>(random() % 0x7FFFFFFFu);
    }
    if (random() % 2u == 0)
    {
        world.contactHertz = randomFloat(random, true);
    }
    if (random() % 2u == 0)
    {
        world.contactDampingRatio = random() % 4u == 0 ? -0.0f : std::fabs(randomFloat(random, false));
    }
    if (random() % 2u == 0)
    {
        world.contactPushMaxSpeed = randomFloat(random, true);
    }
}

TEST(SceneFormat2RoundTrip, RandomScenesSurviveBitForBit)
{
    std::mt19937 random(20250101u);
    std::uniform_int_distribution<int> shapeCount(1, 5);
    for (int trial = 0; trial < 20; ++trial)
    {
        Scene scene;
        scene.name = "random format 2 scene " + std::to_string(trial);
        scene.world.gravity = {randomFloat(random, false), randomFloat(random, false)};
        scene.world.timeStep = randomFloat(random, true);
        randomSolverKeys(random, scene.world);
        for (int i = 0; i < 200; ++i)
        {
            SceneBody body = randomBody(random, i);
            if ((random() & 1u) != 0)
            {
                const int count = shapeCount(random);
                for (int k = 0; k < count; ++k)
                {
                    body.shapes.push_back(randomShape(random));
                }
                if (body.type == BodyType::Dynamic)
                {
                    // One solid shape with mass, anywhere among the others.
                    ShapeDef& solid = body.shapes[random() % body.shapes.size()];
                    solid.isSensor = false;
                    solid.density = randomFloat(random, true);
                }
                // The shorthand's keys are not written for a body of shapes: back to defaults.
                setShorthandShape(body, ShapeDef{});
            }
            else
            {
                randomShorthandKeys(random, body);
            }
            scene.bodies.push_back(body);
        }
        const Scene reloaded = roundTrip(scene);
        ASSERT_TRUE(sameScene(scene, reloaded)) << "trial " << trial;
        ASSERT_EQ(toSceneJson(scene), toSceneJson(reloaded)) << "trial " << trial;
    }
}

TEST(SceneFormat2RoundTrip, FormatOneOutputIsUnchangedByTheFormatTwoFields)
{
    // A format-1 scene's text has no trace of format 2, whatever else it holds.
    const Scene scene = loadScene(dataPath("every_field.json"));
    const std::string text = toSceneJson(scene);
    for (const char* key :
         {"\"sensor\"", "\"filter\"", "\"surfaceSpeed\"", "\"oneWay\"", "\"shapes\"", "\"solver\"",
          "\"subSteps\"", "\"contactHertz\"", "\"contactDampingRatio\"", "\"contactPushMaxSpeed\""})
    {
        EXPECT_EQ(text.find(key), std::string::npos) << key;
    }
}

TEST(SceneFormat2RoundTrip, SolverKeysSurviveLoadSaveLoad)
{
    const Scene first = loadScene(dataPath("solver_settings.json"));
    const std::string text = toSceneJson(first);
    EXPECT_TRUE(writesFormat(first, 2));
    for (const char* line : {R"("solver": "ngs",)", R"("subSteps": 6,)", R"("contactHertz": 45.5,)",
                             R"("contactDampingRatio": 0.75,)", R"("contactPushMaxSpeed": 1.25)"})
    {
        EXPECT_NE(text.find(line), std::string::npos) << line << " not in\n" << text;
    }
    const Scene second = roundTrip(first);
    EXPECT_TRUE(sameScene(first, second));
    EXPECT_EQ(text, toSceneJson(second));
}

TEST(SceneFormat2RoundTrip, DefaultSolverKeysAreWrittenAsFormatOne)
{
    // A format-2 file that spells out the defaults means what a format-1 file means.
    const Scene defaults =
        parseScene(scene2WithWorld(
                       R"("solver": "soft-step", "subSteps": 4, "contactHertz": 30, "contactDampingRatio": 10,
                           "contactPushMaxSpeed": 3.0)"),
                   "defaults.json");
    EXPECT_FALSE(usesFormat2(defaults));
    const std::string text = toSceneJson(defaults);
    EXPECT_TRUE(writesFormat(defaults, 1));
    for (const char* key : {"\"solver\"", "\"subSteps\"", "\"contactHertz\"", "\"contactDampingRatio\"",
                            "\"contactPushMaxSpeed\""})
    {
        EXPECT_EQ(text.find(key), std::string::npos) << key << " in\n" << text;
    }
    EXPECT_TRUE(sameScene(defaults, roundTrip(defaults)));

    // -0.0 is not the default damping ratio, nor is a hertz one ulp from 30.
    Scene zero = oneBox();
    zero.world.contactDampingRatio = -0.0f;
    EXPECT_TRUE(writesFormat(zero, 2));
    EXPECT_NE(toSceneJson(zero).find(R"("contactDampingRatio": -0.0)"), std::string::npos);
    EXPECT_EQ(bitsOf(roundTrip(zero).world.contactDampingRatio), bitsOf(-0.0f));
    Scene nudged = oneBox();
    nudged.world.contactHertz = std::nextafter(30.0f, 31.0f);
    EXPECT_TRUE(writesFormat(nudged, 2));
    EXPECT_TRUE(sameScene(nudged, roundTrip(nudged)));
}

TEST(SceneFormat2RoundTrip, SolverSettingsOfARunningWorldAreSaved)
{
    // instantiate hands the settings to the world, captureScene takes them back from it, so a
    // world retuned while it runs saves with its new settings.
    Scene scene = loadScene(dataPath("solver_settings.json"));
    ASSERT_EQ(scene.world.solver, Solver::Ngs);
    SceneInstance instance = instantiate(scene);
    EXPECT_TRUE(sameScene(scene, captureScene(instance.world, instance.bodies, scene)));

    instance.world.setSolver(Solver::SoftStep);
    instance.world.setSubSteps(4);
    instance.world.setContactTuning(30.0f, 10.0f, 3.0f);
    const Scene retuned = captureScene(instance.world, instance.bodies, scene);
    Scene expected = scene;
    const SceneWorld defaults;
    expected.world.solver = defaults.solver;
    expected.world.subSteps = defaults.subSteps;
    expected.world.contactHertz = defaults.contactHertz;
    expected.world.contactDampingRatio = defaults.contactDampingRatio;
    expected.world.contactPushMaxSpeed = defaults.contactPushMaxSpeed;
    EXPECT_TRUE(sameScene(expected, retuned));
    // Back at the defaults, with one box each: nothing of format 2 is left.
    EXPECT_TRUE(writesFormat(retuned, 1));
}

/// Whether toSceneJson refuses `scene` with a message naming `path` and containing `messagePart`.
testing::AssertionResult refusesToSave(const Scene& scene, const std::string& path,
                                       const std::string& messagePart)
{
    try
    {
        (void)toSceneJson(scene);
    }
    catch (const std::invalid_argument& e)
    {
        const std::string what = e.what();
        const std::string expected = "scene cannot be saved: " + path + ": ";
        if (what.rfind(expected, 0) != 0 || what.find(messagePart) == std::string::npos)
        {
            return testing::AssertionFailure() << "wrong message: " << what;
        }
        return testing::AssertionSuccess() << what;
    }
    return testing::AssertionFailure() << "saved";
}

/// A scene whose bodies[1] is a dynamic compound of a box and a circle.
Scene compound()
{
    Scene scene = oneBox();
    SceneBody body;
    body.shapes = {boxShape({1.0f, 0.5f}), circleShape(0.5f)};
    scene.bodies.push_back(body);
    return scene;
}

TEST(SceneFormat2RoundTrip, FilterBitsAFileCannotNameAreRefused)
{
    ASSERT_NO_THROW((void)toSceneJson(compound()));

    Scene category = compound();
    category.bodies[1].shapes[1].filter.categoryBits = 0x10000u;
    EXPECT_TRUE(refusesToSave(category, "bodies[1].shapes[1].filter.category", "beyond the 16"));

    Scene mask = compound();
    mask.bodies[1].shapes[0].filter.maskBits = 0x8000FFFFu;
    EXPECT_TRUE(refusesToSave(mask, "bodies[1].shapes[0].filter.mask", "beyond the 16"));

    // 65535 in a file means every category, so 16 set bits alone cannot be written.
    Scene sixteen = compound();
    sixteen.bodies[1].shapes[0].filter.maskBits = 0xFFFFu;
    EXPECT_TRUE(refusesToSave(sixteen, "bodies[1].shapes[0].filter.mask", "means every category"));

    Scene group = compound();
    group.bodies[1].shapes[1].filter.groupIndex = 40000;
    EXPECT_TRUE(refusesToSave(group, "bodies[1].shapes[1].filter.group", "must be in [-32768, 32767]"));

    Scene shorthand = oneBox();
    shorthand.bodies[0].filter.categoryBits = 0xFFFFFFFFu;
    EXPECT_TRUE(refusesToSave(shorthand, "bodies[0].filter.category", "beyond the 16"));
}

TEST(SceneFormat2RoundTrip, ShapesThatCouldNotBeLoadedBackAreRefused)
{
    Scene flat = compound();
    flat.bodies[1].shapes[1].radius = 0.0f;
    EXPECT_TRUE(refusesToSave(flat, "bodies[1].shapes[1].radius", "must be > 0"));

    Scene far = compound();
    far.bodies[1].shapes[0].offset.y = std::numeric_limits<float>::infinity();
    EXPECT_TRUE(refusesToSave(far, "bodies[1].shapes[0].offset[1]", "must be finite"));

    Scene speed = compound();
    speed.bodies[1].shapes[0].surfaceSpeed = std::numeric_limits<float>::quiet_NaN();
    EXPECT_TRUE(refusesToSave(speed, "bodies[1].shapes[0].surfaceSpeed", "must be finite"));

    Scene odd = compound();
    odd.bodies[1].shapes[1].kind = static_cast<ShapeKind>(9);
    EXPECT_TRUE(refusesToSave(odd, "bodies[1].shapes[1]", "neither a box nor a circle"));

    Scene long_ = compound();
    long_.bodies[1].shapes[0].oneWay = {0.0f, 2.0f};
    EXPECT_TRUE(refusesToSave(long_, "bodies[1].shapes[0].oneWay", "must have length 1"));

    Scene shorthandWay = oneBox();
    shorthandWay.bodies[0].oneWay = {3.0f, 4.0f};
    EXPECT_TRUE(refusesToSave(shorthandWay, "bodies[0].oneWay", "must have length 1"));

    Scene sensors = compound();
    sensors.bodies[1].shapes[0].isSensor = true;
    sensors.bodies[1].shapes[1].isSensor = true;
    EXPECT_TRUE(refusesToSave(sensors, "bodies[1].shapes", "not a sensor"));

    Scene weightless = compound();
    weightless.bodies[1].shapes[0].density = 0.0f;
    weightless.bodies[1].shapes[1].density = 0.0f;
    EXPECT_TRUE(refusesToSave(weightless, "bodies[1].shapes", "needs mass"));

    Scene sensorBody = oneBox();
    sensorBody.bodies[0].sensor = true;
    EXPECT_TRUE(refusesToSave(sensorBody, "bodies[0].sensor", "must be false for a dynamic body"));
}

TEST(SceneFormat2RoundTrip, SolverSettingsThatCouldNotBeLoadedBackAreRefused)
{
    ASSERT_NO_THROW((void)toSceneJson(oneBox()));

    Scene solver = oneBox();
    solver.world.solver = static_cast<Solver>(7);
    EXPECT_TRUE(refusesToSave(solver, "world.solver", "is not a solver"));

    Scene subSteps = oneBox();
    subSteps.world.subSteps = 0;
    EXPECT_TRUE(refusesToSave(subSteps, "world.subSteps", "must be >= 1"));

    Scene hertz = oneBox();
    hertz.world.contactHertz = -0.0f;
    EXPECT_TRUE(refusesToSave(hertz, "world.contactHertz", "must be > 0"));

    Scene damping = oneBox();
    damping.world.contactDampingRatio = std::numeric_limits<float>::quiet_NaN();
    EXPECT_TRUE(refusesToSave(damping, "world.contactDampingRatio", "must be finite"));

    Scene push = oneBox();
    push.world.contactPushMaxSpeed = std::numeric_limits<float>::infinity();
    EXPECT_TRUE(refusesToSave(push, "world.contactPushMaxSpeed", "must be finite"));
}

TEST(SceneFormat2RoundTrip, UnusedFieldsOfABodyWithShapesAreNotWritten)
{
    // The shorthand's fields mean nothing on a body with shapes, so even broken ones are not
    // written or judged.
    Scene scene = compound();
    scene.bodies[1].radius = -1.0f;
    scene.bodies[1].density = std::numeric_limits<float>::quiet_NaN();
    scene.bodies[1].sensor = true;
    const std::string text = toSceneJson(scene);
    const Scene reloaded = parseScene(text, "x.json");
    ASSERT_EQ(reloaded.bodies[1].shapes.size(), 2u);
    EXPECT_FALSE(reloaded.bodies[1].sensor);
}

/// The JSON blocks of docs/scene-format.md that are whole format-2 scenes.
std::vector<std::string> documentedFormat2Scenes()
{
    std::ifstream in(OBLIQUE_SCENE_DOCS);
    std::stringstream whole;
    whole << in.rdbuf();
    const std::string text = whole.str();
    std::vector<std::string> scenes;
    const std::string open = "```json\n";
    for (std::size_t at = text.find(open); at != std::string::npos; at = text.find(open, at))
    {
        at += open.size();
        const std::size_t end = text.find("```", at);
        const std::string block = text.substr(at, end - at);
        if (block.rfind("{", 0) == 0 && block.find("\"oblique-scene/2\"") != std::string::npos)
        {
            scenes.push_back(block);
        }
        at = end;
    }
    return scenes;
}

TEST(SceneFormat2RoundTrip, DocumentedExamplesLoadAndSurvive)
{
    const std::vector<std::string> scenes = documentedFormat2Scenes();
    ASSERT_FALSE(scenes.empty()) << "no format-2 example in " << OBLIQUE_SCENE_DOCS;
    for (const std::string& text : scenes)
    {
        const Scene scene = parseScene(text, "scene-format.md");
        EXPECT_TRUE(sameScene(scene, roundTrip(scene))) << text;
    }
}

TEST(SceneFormat2RoundTrip, DamagedFilesAreRefusedOrSurviveExactly)
{
    // By hand, what the scene fuzzer checks: bytes of a format-2 file changed at random either give
    // a SceneError or a scene that saves and loads back exactly.
    std::ifstream in(dataPath("every_shape_key.json"));
    std::stringstream whole;
    whole << in.rdbuf();
    const std::string original = whole.str();
    const std::string alphabet = "{}[]:,\"-.0123456789eE+ tfnaxsrl";
    std::mt19937 random(99u);
    int loaded = 0;
    for (int trial = 0; trial < 3000; ++trial)
    {
        std::string text = original;
        const int edits = 1 + static_cast<int>(random() % 3u);
        for (int e = 0; e < edits; ++e)
        {
            text[random() % text.size()] = alphabet[random() % alphabet.size()];
        }
        try
        {
            const Scene scene = parseScene(text, "damaged.json");
            const Scene reloaded = roundTrip(scene);
            ASSERT_TRUE(sameScene(scene, reloaded)) << text;
            ASSERT_EQ(toSceneJson(scene), toSceneJson(reloaded)) << text;
            ++loaded;
        }
        catch (const SceneError&)
        {
        }
    }
    EXPECT_GT(loaded, 0);
}

} // namespace
} // namespace oblique::test
