// Writing scenes: every field is written, and loading the text gives back the same scene bit for bit.

#include "oblique/scene.hpp"
#include "scene_test_support.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <unistd.h>

namespace oblique::test
{
namespace
{

Scene roundTrip(const Scene& scene)
{
    return parseScene(toSceneJson(scene), "round-trip.json");
}

TEST(SceneRoundTrip, FormatExampleSurvivesLoadSaveLoad)
{
    const Scene first = loadScene(dataPath("two_boxes.json"));
    EXPECT_TRUE(sameScene(first, roundTrip(first)));
}

TEST(SceneRoundTrip, EveryNonDefaultFieldSurvivesLoadSaveLoad)
{
    const Scene first = loadScene(dataPath("every_field.json"));
    const Scene second = roundTrip(first);
    EXPECT_TRUE(sameScene(first, second));
    // Saving again gives the same text: the writer is a fixed point.
    EXPECT_EQ(toSceneJson(first), toSceneJson(second));
}

TEST(SceneRoundTrip, DefaultsAreWrittenOut)
{
    const Scene scene = loadScene(dataPath("minimal.json"));
    const std::string text = toSceneJson(scene);
    for (const char* key : {"\"format\": \"oblique-scene/1\"",
                            "\"name\": \"minimal.json\"",
                            "\"gravity\": [0, -10]",
                            "\"timeStep\": 0.016666668",
                            "\"velocityIterations\": 8",
                            "\"positionIterations\": 3",
                            "\"allowSleep\": true",
                            "\"restitutionThreshold\": 1",
                            "\"name\": \"\"",
                            "\"type\": \"dynamic\"",
                            "\"position\": [1, 2]",
                            "\"angle\": 0",
                            "\"radius\": 0.25",
                            "\"density\": 1",
                            "\"friction\": 0.6",
                            "\"restitution\": 0",
                            "\"linearVelocity\": [0, 0]",
                            "\"angularVelocity\": 0",
                            "\"linearDamping\": 0",
                            "\"angularDamping\": 0",
                            "\"gravityScale\": 1",
                            "\"fixedRotation\": false"})
    {
        EXPECT_NE(text.find(key), std::string::npos) << key << " missing from\n" << text;
    }
    EXPECT_EQ(text.find("halfExtents"), std::string::npos) << "a circle has no halfExtents";
}

TEST(SceneRoundTrip, OutputIsPrettyPrintedWithShortestFloats)
{
    Scene scene;
    scene.name = "tiny";
    SceneBody box;
    box.name = "box";
    box.position = {0.1f, -0.0f};
    box.halfExtents = {0.5f, 0.25f};
    box.friction = 0.3f;
    scene.bodies.push_back(box);
    const std::string expected = R"({
  "format": "oblique-scene/1",
  "name": "tiny",
  "world": {
    "gravity": [0, -10],
    "timeStep": 0.016666668,
    "velocityIterations": 8,
    "positionIterations": 3,
    "allowSleep": true,
    "restitutionThreshold": 1
  },
  "bodies": [
    {
      "name": "box",
      "type": "dynamic",
      "position": [0.1, -0.0],
      "angle": 0,
      "halfExtents": [0.5, 0.25],
      "density": 1,
      "friction": 0.3,
      "restitution": 0,
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
}

TEST(SceneRoundTrip, EmptySceneIsWrittenWithAnEmptyBodyList)
{
    Scene scene;
    scene.name = "empty";
    const std::string text = toSceneJson(scene);
    EXPECT_NE(text.find("\"bodies\": []"), std::string::npos) << text;
    EXPECT_TRUE(sameScene(scene, roundTrip(scene)));
}

TEST(SceneRoundTrip, ExtremeFloatsSurviveBitForBit)
{
    const float largest = std::numeric_limits<float>::max();
    const float tiniest = std::numeric_limits<float>::denorm_min();
    const float smallestNormal = std::numeric_limits<float>::min();
    Scene scene;
    scene.world.gravity = {-0.0f, largest};
    scene.world.timeStep = tiniest;
    scene.world.restitutionThreshold = largest;
    scene.world.velocityIterations = std::numeric_limits<int>::max();
    scene.world.positionIterations = 0;
    SceneBody body;
    body.type = BodyType::Static;
    body.position = {-largest, smallestNormal};
    body.angle = -tiniest;
    body.halfExtents = {tiniest, largest};
    body.density = 0.0f;
    body.friction = std::nextafter(0.6f, 1.0f);
    body.restitution = std::nextafter(1.0f, 0.0f);
    body.linearVelocity = {-0.0f, 0.0f};
    body.angularVelocity = -0.0f;
    body.linearDamping = 1.0f / 3.0f;
    body.angularDamping = 16777216.0f;
    body.gravityScale = -123456789.0f;
    scene.bodies.push_back(body);
    EXPECT_TRUE(sameScene(scene, roundTrip(scene)));
}

TEST(SceneRoundTrip, RandomScenesSurviveBitForBit)
{
    std::mt19937 random(20240611u);
    for (int trial = 0; trial < 20; ++trial)
    {
        Scene scene;
        scene.name = "random " + std::to_string(trial);
        scene.world.gravity = {randomFloat(random, false), randomFloat(random, false)};
        scene.world.timeStep = randomFloat(random, true);
        scene.world.velocityIterations = 1 + static_cast<int>(random() % 1000u);
        scene.world.positionIterations = static_cast<int>(random() % 1000u);
        scene.world.allowSleep = (random() & 1u) != 0;
        scene.world.restitutionThreshold = std::fabs(randomFloat(random, false));
        for (int i = 0; i < 200; ++i)
        {
            scene.bodies.push_back(randomBody(random, i));
        }
        ASSERT_TRUE(sameScene(scene, roundTrip(scene))) << "trial " << trial;
    }
}

TEST(SceneRoundTrip, NamesWithEscapesAndUnicodeSurvive)
{
    Scene scene;
    scene.name =
        std::string("quote \" backslash \\ newline \n tab \t nul ") + '\0' + " bell \x07 del \x7F é 😀";
    SceneBody body;
    body.name = "/slash/ \u2028 line separator";
    body.shape = ShapeKind::Circle;
    scene.bodies.push_back(body);
    const std::string text = toSceneJson(scene);
    EXPECT_NE(text.find(R"(\u0000)"), std::string::npos);
    EXPECT_NE(text.find(R"(\n)"), std::string::npos);
    EXPECT_TRUE(sameScene(scene, roundTrip(scene)));
}

TEST(SceneRoundTrip, SaveThenLoadGivesTheSameScene)
{
    const Scene scene = loadScene(dataPath("every_field.json"));
    const std::filesystem::path file = std::filesystem::temp_directory_path() /
                                       ("oblique-scene-save-" + std::to_string(::getpid()) + ".json");
    saveScene(scene, file);
    const Scene loaded = loadScene(file);
    std::filesystem::remove(file);
    EXPECT_TRUE(sameScene(scene, loaded));
}

TEST(SceneRoundTrip, SavingToAnUnwritablePlaceThrows)
{
    const std::filesystem::path file = "/nonexistent-directory-for-oblique/scene.json";
    try
    {
        saveScene(Scene{}, file);
        FAIL() << "saved";
    }
    catch (const std::runtime_error& e)
    {
        EXPECT_EQ(std::string(e.what()).rfind(file.string() + ": cannot open for writing", 0), 0u)
            << e.what();
    }
}

/// Whether toSceneJson refuses `scene` with a message naming `path`.
testing::AssertionResult refusesToSave(const Scene& scene, const std::string& path)
{
    try
    {
        (void)toSceneJson(scene);
    }
    catch (const std::invalid_argument& e)
    {
        const std::string expected = "scene cannot be saved: " + path + ": ";
        if (std::string(e.what()).rfind(expected, 0) != 0)
        {
            return testing::AssertionFailure() << "wrong message: " << e.what();
        }
        return testing::AssertionSuccess();
    }
    return testing::AssertionFailure() << "saved";
}

TEST(SceneRoundTrip, ScenesThatCouldNotBeLoadedBackAreNotSaved)
{
    Scene base;
    base.bodies.resize(2);
    base.bodies[1].shape = ShapeKind::Circle;
    ASSERT_NO_THROW((void)toSceneJson(base));

    Scene nan = base;
    nan.world.gravity.y = std::numeric_limits<float>::quiet_NaN();
    EXPECT_TRUE(refusesToSave(nan, "world.gravity[1]"));

    Scene infinite = base;
    infinite.bodies[1].angle = std::numeric_limits<float>::infinity();
    EXPECT_TRUE(refusesToSave(infinite, "bodies[1].angle"));

    Scene flat = base;
    flat.bodies[1].radius = 0.0f;
    EXPECT_TRUE(refusesToSave(flat, "bodies[1].radius"));

    Scene flatBox = base;
    flatBox.bodies[0].halfExtents.x = -1.0f;
    EXPECT_TRUE(refusesToSave(flatBox, "bodies[0].halfExtents[0]"));

    Scene iterations = base;
    iterations.world.velocityIterations = 0;
    EXPECT_TRUE(refusesToSave(iterations, "world.velocityIterations"));

    Scene moving = base;
    moving.bodies[0].type = BodyType::Static;
    moving.bodies[0].angularVelocity = 1.0f;
    EXPECT_TRUE(refusesToSave(moving, "bodies[0].angularVelocity"));

    Scene massless = base;
    massless.bodies[1].density = 0.0f;
    EXPECT_TRUE(refusesToSave(massless, "bodies[1].density"));

    Scene bouncy = base;
    bouncy.bodies[0].restitution = 2.0f;
    EXPECT_TRUE(refusesToSave(bouncy, "bodies[0].restitution"));

    Scene badType = base;
    badType.bodies[1].type = static_cast<BodyType>(7);
    EXPECT_TRUE(refusesToSave(badType, "bodies[1].type"));

    Scene badName = base;
    badName.bodies[0].name = "\xFF";
    EXPECT_TRUE(refusesToSave(badName, "bodies[0].name"));
}

} // namespace
} // namespace oblique::test
