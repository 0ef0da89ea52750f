// Writing joints: what the writer writes for each type, exact round trips through it, and the
// jointed scenes it refuses to write because a file could not hold them.

#include "oblique/scene.hpp"
#include "oblique/scene_world.hpp"
#include "scene_test_support.hpp"

#include <cmath>
#include <fstream>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>

namespace oblique::test
{
namespace
{

Scene roundTrip(const Scene& scene)
{
    return parseScene(toSceneJson(scene), "round-trip.json");
}

/// A static pivot (0, named "pivot") and two dynamic boxes (1 and 2, "left" and "right").
Scene threeBodies()
{
    Scene scene;
    scene.name = "jointed";
    SceneBody pivot;
    pivot.name = "pivot";
    pivot.type = BodyType::Static;
    pivot.position = {0.0f, 5.0f};
    SceneBody left;
    left.name = "left";
    left.position = {-1.0f, 3.0f};
    SceneBody right;
    right.name = "right";
    right.position = {1.0f, 3.0f};
    scene.bodies = {pivot, left, right};
    return scene;
}

/// threeBodies() with one joint of `params` from `a` to `b`.
Scene withJoint(SceneJointParams params, SceneBodyRef a = 0, SceneBodyRef b = 1)
{
    Scene scene = threeBodies();
    SceneJoint joint;
    joint.bodyA = std::move(a);
    joint.bodyB = std::move(b);
    joint.params = std::move(params);
    scene.joints.push_back(std::move(joint));
    return scene;
}

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

TEST(SceneJointsRoundTrip, EveryJointKeySurvivesLoadSaveLoad)
{
    const Scene first = loadScene(dataPath("every_joint_key.json"));
    const Scene second = roundTrip(first);
    EXPECT_TRUE(sameScene(first, second));
    EXPECT_EQ(toSceneJson(first), toSceneJson(second));
}

TEST(SceneJointsRoundTrip, JointsAreWrittenAsFormatTwo)
{
    Scene scene = threeBodies();
    EXPECT_NE(toSceneJson(scene).find(R"("format": "oblique-scene/1")"), std::string::npos);
    EXPECT_EQ(toSceneJson(scene).find("joints"), std::string::npos);
    scene = withJoint(RevoluteJointDef{.anchor = {0.0f, 5.0f}});
    const std::string text = toSceneJson(scene);
    EXPECT_NE(text.find(R"("format": "oblique-scene/2")"), std::string::npos);
    EXPECT_NE(text.find(R"("joints": [)"), std::string::npos);
}

TEST(SceneJointsRoundTrip, EveryKeyOfATypeIsWrittenInTheFormatsOrder)
{
    const std::string text = toSceneJson(withJoint(RevoluteJointDef{.anchor = {0.0f, 5.0f}}));
    const std::string expected = R"(  "joints": [
    {
      "type": "revolute",
      "bodyA": 0,
      "bodyB": 1,
      "collideConnected": false,
      "anchor": [0, 5],
      "enableLimit": false,
      "lowerAngle": 0,
      "upperAngle": 0,
      "enableMotor": false,
      "motorSpeed": 0,
      "maxMotorTorque": 0
    }
  ])";
    EXPECT_NE(text.find(expected), std::string::npos) << text;
}

TEST(SceneJointsRoundTrip, LengthsAndOffsetsLeftToTheEngineAreNotWritten)
{
    const Scene rod = withJoint(DistanceJointDef{.anchorA = {0.0f, 5.0f}, .anchorB = {-1.0f, 3.0f}});
    const std::string rodText = toSceneJson(rod);
    EXPECT_EQ(rodText.find("\"length\""), std::string::npos);
    EXPECT_EQ(rodText.find("minLength"), std::string::npos);
    EXPECT_EQ(rodText.find("maxLength"), std::string::npos);
    EXPECT_TRUE(sameScene(rod, roundTrip(rod)));

    const Scene motor = withJoint(MotorJointDef{}, 2, "left");
    const std::string motorText = toSceneJson(motor);
    EXPECT_EQ(motorText.find("linearOffset"), std::string::npos);
    EXPECT_EQ(motorText.find("angularOffset"), std::string::npos);
    const Scene reloaded = roundTrip(motor);
    EXPECT_TRUE(sameScene(motor, reloaded));
    EXPECT_FALSE(std::get<MotorJointDef>(reloaded.joints[0].params).linearOffset.has_value());
}

TEST(SceneJointsRoundTrip, BodiesAreWrittenAsTheSceneNamesThem)
{
    const Scene scene = withJoint(WeldJointDef{.anchor = {0.0f, 3.0f}}, "left", 2);
    const std::string text = toSceneJson(scene);
    EXPECT_NE(text.find(R"("bodyA": "left")"), std::string::npos);
    EXPECT_NE(text.find(R"("bodyB": 2)"), std::string::npos);
    EXPECT_TRUE(sameScene(scene, roundTrip(scene)));
}

TEST(SceneJointsRoundTrip, RandomJointsSurviveExactly)
{
    std::mt19937 random(2024u);
    const auto any = [&] { return randomFloat(random, false); };
    const auto some = [&] { return std::fabs(randomFloat(random, false)); };
    const auto flag = [&] { return (random() & 1u) != 0; };
    for (int trial = 0; trial < 200; ++trial)
    {
        Scene scene = threeBodies();
        for (int k = 0; k < 6; ++k)
        {
            SceneJoint joint;
            joint.bodyA = flag() ? SceneBodyRef(0) : SceneBodyRef(std::string("pivot"));
            joint.bodyB = flag() ? SceneBodyRef(2) : SceneBodyRef(std::string("left"));
            joint.collideConnected = flag();
            float lower = any();
            float upper = any();
            if (lower > upper)
            {
                std::swap(lower, upper);
            }
            switch (k)
            {
            case 0:
                joint.params = RevoluteJointDef{{any(), any()}, flag(), lower, upper, flag(), any(), some()};
                break;
            case 1:
                joint.params = PrismaticJointDef{{any(), any()}, {0.0f, -1.0f}, flag(), lower,
                                                 upper,          flag(),        any(),  some()};
                break;
            case 2:
            {
                // A length with its range around it, or none of them.
                DistanceJointDef def{{1.0f, 2.0f}, {4.0f, 6.0f}, std::nullopt, some(), some(), {}, {}};
                if (flag())
                {
                    def.length = some();
                    def.minLength = *def.length * 0.5f;
                    def.maxLength = *def.length;
                }
                joint.params = def;
                break;
            }
            case 3:
                joint.params = WeldJointDef{{any(), any()}, some(), some()};
                break;
            case 4:
                joint.params = WheelJointDef{{any(), any()}, {0.6f, 0.8f}, some(), some(), flag(),
                                             any(),          some(),       flag(), lower,  upper};
                break;
            default:
                joint.params =
                    MotorJointDef{flag() ? std::optional<Vec2>(Vec2{any(), any()}) : std::nullopt,
                                  flag() ? std::optional<float>(any()) : std::nullopt, some(), some(),
                                  std::uniform_real_distribution<float>(0.0f, 1.0f)(random)};
                break;
            }
            scene.joints.push_back(joint);
        }
        const Scene reloaded = roundTrip(scene);
        ASSERT_TRUE(sameScene(scene, reloaded)) << toSceneJson(scene);
        ASSERT_EQ(toSceneJson(scene), toSceneJson(reloaded));
    }
}

TEST(SceneJointsRoundTrip, DamagedJointFilesAreRefusedOrSurviveExactly)
{
    // By hand, what the scene fuzzer checks: a jointed file with bytes changed at random either
    // gives a SceneError or a scene that saves and loads back exactly.
    std::ifstream in(dataPath("every_joint_key.json"));
    std::stringstream whole;
    whole << in.rdbuf();
    const std::string original = whole.str();
    ASSERT_FALSE(original.empty());
    const std::string alphabet = "{}[]:,\"-.0123456789eE+ tfnaxsrlbAB";
    std::mt19937 random(7u);
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

TEST(SceneJointsRoundTrip, JointsAFileCouldNotHoldAreNotWritten)
{
    EXPECT_TRUE(refusesToSave(withJoint(RevoluteJointDef{.lowerAngle = 1.0f, .upperAngle = 0.0f}),
                              "joints[0].upperAngle", "must be >= lowerAngle (1)"));
    EXPECT_TRUE(refusesToSave(withJoint(PrismaticJointDef{.axis = {0.0f, 0.0f}}), "joints[0].axis",
                              "must have length 1: loading would normalise it"));
    EXPECT_TRUE(refusesToSave(withJoint(WheelJointDef{.axis = {0.0f, 2.0f}}), "joints[0].axis",
                              "must have length 1"));
    EXPECT_TRUE(refusesToSave(withJoint(WeldJointDef{.hertz = -1.0f}), "joints[0].hertz", "must be >= 0"));
    EXPECT_TRUE(
        refusesToSave(withJoint(WeldJointDef{.anchor = {std::numeric_limits<float>::quiet_NaN(), 0.0f}}),
                      "joints[0].anchor[0]", "must be finite"));
    EXPECT_TRUE(refusesToSave(withJoint(MotorJointDef{.correctionFactor = 2.0f}),
                              "joints[0].correctionFactor", "must be in [0, 1]"));
    EXPECT_TRUE(
        refusesToSave(withJoint(MotorJointDef{.angularOffset = std::numeric_limits<float>::infinity()}),
                      "joints[0].angularOffset", "must be finite"));
    EXPECT_TRUE(refusesToSave(withJoint(DistanceJointDef{.anchorB = {0.0f, 2.0f}, .maxLength = 1.0f}),
                              "joints[0].maxLength", "must be >= the distance between the anchors (2)"));
    EXPECT_TRUE(refusesToSave(withJoint(WeldJointDef{}, 0, 7), "joints[0].bodyB", "no body 7"));
    EXPECT_TRUE(refusesToSave(withJoint(WeldJointDef{}, -2, 1), "joints[0].bodyA", "must be >= 0"));
    EXPECT_TRUE(refusesToSave(withJoint(WeldJointDef{}, "nobody", 1), "joints[0].bodyA",
                              R"(no body named "nobody")"));
    EXPECT_TRUE(
        refusesToSave(withJoint(WeldJointDef{}, "left", 1), "joints[0].bodyB", "is the same body as bodyA"));
    EXPECT_TRUE(refusesToSave(withJoint(WeldJointDef{}, 1, std::string("\xff")), "joints[0].bodyB",
                              "not valid UTF-8"));

    Scene statics = withJoint(WeldJointDef{});
    statics.bodies[1].type = BodyType::Static;
    EXPECT_TRUE(refusesToSave(statics, "joints[0].bodyB", "a joint needs a dynamic body"));
}

// A running jointed world saved and loaded again goes on as the world it came from: the joints
// are captured where they are, limits moved by the angle and travel so far. Only the warm start
// the reloaded joints lack tells the two apart.
TEST(SceneJointsCapture, ARunningWorldSavedAndLoadedGoesOnAsBefore)
{
    Scene scene = threeBodies();
    scene.bodies[1].position = {1.0f, 5.0f};
    scene.bodies[2].position = {0.0f, 3.0f};
    scene.joints.push_back(
        {.bodyA = std::string("pivot"),
         .bodyB = std::string("left"),
         .params = RevoluteJointDef{
             .anchor = {0.0f, 5.0f}, .enableLimit = true, .lowerAngle = -1.0f, .upperAngle = 0.2f}});
    scene.joints.push_back({.bodyA = 0,
                            .bodyB = 2,
                            .params = PrismaticJointDef{.anchor = {0.0f, 3.0f},
                                                        .axis = {1.0f, -1.0f},
                                                        .enableLimit = true,
                                                        .lower = -1.0f,
                                                        .upper = 0.6f}});
    SceneInstance running = instantiate(scene);
    for (int i = 0; i < 20; ++i)
    {
        running.world.step(1.0f / 60.0f);
    }
    const Scene saved = captureScene(running.world, running.bodies, scene);
    ASSERT_EQ(saved.joints.size(), 2u);
    SceneInstance reloaded = instantiate(roundTrip(saved));
    for (int i = 0; i < 120; ++i)
    {
        running.world.step(1.0f / 60.0f);
        reloaded.world.step(1.0f / 60.0f);
    }
    for (std::size_t i = 0; i < running.bodies.size(); ++i)
    {
        EXPECT_LT(
            distance(running.world.position(running.bodies[i]), reloaded.world.position(reloaded.bodies[i])),
            0.01f)
            << "body " << i;
        EXPECT_NEAR(running.world.angle(running.bodies[i]), reloaded.world.angle(reloaded.bodies[i]), 0.01f)
            << "body " << i;
    }
}

} // namespace
} // namespace oblique::test
