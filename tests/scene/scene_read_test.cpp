// Reading valid scene files: values, defaults and the edge values the format allows.

#include "oblique/scene.hpp"
#include "scene_test_support.hpp"

#include <gtest/gtest.h>
#include <limits>
#include <string>

namespace oblique::test
{
namespace
{

TEST(SceneRead, LoadsTheFormatExample)
{
    const Scene scene = loadScene(dataPath("two_boxes.json"));
    EXPECT_EQ(scene.name, "two boxes");
    EXPECT_EQ(scene.world.gravity, (Vec2{0.0f, -10.0f}));
    EXPECT_EQ(scene.world.timeStep, 0.016666668f);
    EXPECT_EQ(scene.world.velocityIterations, 8);
    EXPECT_EQ(scene.world.positionIterations, 3);
    EXPECT_TRUE(scene.world.allowSleep);
    EXPECT_EQ(scene.world.restitutionThreshold, 1.0f);
    ASSERT_EQ(scene.bodies.size(), 3u);

    const SceneBody& ground = scene.bodies[0];
    EXPECT_EQ(ground.name, "ground");
    EXPECT_EQ(ground.type, BodyType::Static);
    EXPECT_EQ(ground.position, (Vec2{0.0f, -1.0f}));
    EXPECT_EQ(ground.shape, ShapeKind::Box);
    EXPECT_EQ(ground.halfExtents, (Vec2{20.0f, 1.0f}));

    const SceneBody& box = scene.bodies[1];
    EXPECT_EQ(box.name, "");
    EXPECT_EQ(box.type, BodyType::Dynamic);
    EXPECT_EQ(box.position, (Vec2{0.0f, 0.5f}));
    EXPECT_EQ(box.angle, 0.25f);
    EXPECT_EQ(box.shape, ShapeKind::Box);
    EXPECT_EQ(box.halfExtents, (Vec2{0.5f, 0.25f}));
    EXPECT_EQ(box.density, 1.0f);
    EXPECT_EQ(box.friction, 0.6f);
    EXPECT_EQ(box.restitution, 0.0f);

    const SceneBody& ball = scene.bodies[2];
    EXPECT_EQ(ball.shape, ShapeKind::Circle);
    EXPECT_EQ(ball.radius, 0.5f);
    EXPECT_EQ(ball.position, (Vec2{2.0f, 3.0f}));
    EXPECT_EQ(ball.linearVelocity, (Vec2{1.0f, 0.0f}));
}

TEST(SceneRead, AppliesEveryDefault)
{
    const Scene scene =
        parseScene(R"({"format": "oblique-scene/1", "bodies": [{"position": [1, 2], "radius": 0.25}]})",
                   "defaults.json");
    EXPECT_EQ(scene.name, "defaults.json");
    EXPECT_EQ(scene.world.gravity, (Vec2{0.0f, -10.0f}));
    EXPECT_EQ(scene.world.timeStep, 1.0f / 60.0f);
    EXPECT_EQ(scene.world.velocityIterations, 8);
    EXPECT_EQ(scene.world.positionIterations, 3);
    EXPECT_TRUE(scene.world.allowSleep);
    EXPECT_EQ(scene.world.restitutionThreshold, 1.0f);
    ASSERT_EQ(scene.bodies.size(), 1u);
    const SceneBody& body = scene.bodies[0];
    EXPECT_EQ(body.name, "");
    EXPECT_EQ(body.type, BodyType::Dynamic);
    EXPECT_EQ(body.position, (Vec2{1.0f, 2.0f}));
    EXPECT_EQ(body.angle, 0.0f);
    EXPECT_EQ(body.shape, ShapeKind::Circle);
    EXPECT_EQ(body.radius, 0.25f);
    EXPECT_EQ(body.density, 1.0f);
    EXPECT_EQ(body.friction, 0.6f);
    EXPECT_EQ(body.restitution, 0.0f);
    EXPECT_EQ(body.linearVelocity, (Vec2{0.0f, 0.0f}));
    EXPECT_EQ(body.angularVelocity, 0.0f);
    EXPECT_EQ(body.linearDamping, 0.0f);
    EXPECT_EQ(body.angularDamping, 0.0f);
    EXPECT_EQ(body.gravityScale, 1.0f);
    EXPECT_FALSE(body.fixedRotation);
}

TEST(SceneRead, EmptyWorldBlockKeepsDefaults)
{
    const Scene scene = parseScene(R"({"format": "oblique-scene/1", "world": {}, "bodies": []})", "x.json");
    EXPECT_EQ(scene.world.gravity, (Vec2{0.0f, -10.0f}));
    EXPECT_EQ(scene.world.velocityIterations, 8);
    EXPECT_TRUE(scene.bodies.empty());
}

TEST(SceneRead, LoadSceneNamesTheSceneAfterTheFile)
{
    const Scene scene = loadScene(dataPath("minimal.json"));
    EXPECT_EQ(scene.name, "minimal.json");
    ASSERT_EQ(scene.bodies.size(), 1u);
    EXPECT_EQ(scene.bodies[0].radius, 0.25f);
}

TEST(SceneRead, KeysMayComeInAnyOrder)
{
    const Scene scene = parseScene(
        R"({"bodies": [{"radius": 2, "density": 0, "type": "static", "position": [4, 5]}],
            "world": {"allowSleep": false}, "name": "reordered", "format": "oblique-scene/1"})",
        "x.json");
    EXPECT_EQ(scene.name, "reordered");
    EXPECT_FALSE(scene.world.allowSleep);
    ASSERT_EQ(scene.bodies.size(), 1u);
    EXPECT_EQ(scene.bodies[0].type, BodyType::Static);
    EXPECT_EQ(scene.bodies[0].density, 0.0f);
}

TEST(SceneRead, WholeFractionsCountAsIntegers)
{
    const Scene scene =
        parseScene(sceneWithWorld(R"("velocityIterations": 8.0, "positionIterations": 1e1)"), "x.json");
    EXPECT_EQ(scene.world.velocityIterations, 8);
    EXPECT_EQ(scene.world.positionIterations, 10);
}

TEST(SceneRead, IntegerLimitsAreInclusive)
{
    const Scene scene =
        parseScene(sceneWithWorld(R"("velocityIterations": 2147483647, "positionIterations": 0)"), "x.json");
    EXPECT_EQ(scene.world.velocityIterations, std::numeric_limits<int>::max());
    EXPECT_EQ(scene.world.positionIterations, 0);
}

TEST(SceneRead, BoundaryValuesAreAccepted)
{
    const Scene scene = parseScene(
        sceneWithBody(R"("position": [0, 0], "radius": 1, "restitution": 1, "friction": 0, "linearDamping": 0,
                         "gravityScale": -3)"),
        "x.json");
    const SceneBody& body = scene.bodies[1];
    EXPECT_EQ(body.restitution, 1.0f);
    EXPECT_EQ(body.friction, 0.0f);
    EXPECT_EQ(body.gravityScale, -3.0f);
    const Scene zero =
        parseScene(sceneWithWorld(R"("restitutionThreshold": 0, "gravity": [0, 0])"), "x.json");
    EXPECT_EQ(zero.world.restitutionThreshold, 0.0f);
}

TEST(SceneRead, StaticBodyMayHaveZeroVelocityAndZeroDensity)
{
    const Scene scene =
        parseScene(sceneWithBody(R"("type": "static", "position": [0, 0], "halfExtents": [1, 1], "density": 0,
                         "linearVelocity": [0, -0.0], "angularVelocity": -0.0)"),
                   "x.json");
    EXPECT_EQ(scene.bodies[1].type, BodyType::Static);
    EXPECT_EQ(scene.bodies[1].density, 0.0f);
}

TEST(SceneRead, KinematicBodyMayMoveWithoutMass)
{
    const Scene scene = parseScene(sceneWithBody(R"("type": "kinematic", "position": [0, 0], "radius": 1,
                                                    "density": 0, "linearVelocity": [1, 2], "angularVelocity": 3)"),
                                   "x.json");
    const SceneBody& body = scene.bodies[1];
    EXPECT_EQ(body.type, BodyType::Kinematic);
    EXPECT_EQ(body.linearVelocity, (Vec2{1.0f, 2.0f}));
    EXPECT_EQ(body.angularVelocity, 3.0f);
}

TEST(SceneRead, NumbersRoundOnceToTheNearestFloat)
{
    const Scene scene =
        parseScene(sceneWithBody(R"("position": [0.1, 16777217], "angle": 3.4028235e38, "radius": 1e-45,
                         "gravityScale": -0.6)"),
                   "x.json");
    const SceneBody& body = scene.bodies[1];
    EXPECT_EQ(bitsOf(body.position.x), bitsOf(0.1f));
    EXPECT_EQ(body.position.y, 16777216.0f);
    EXPECT_EQ(body.angle, std::numeric_limits<float>::max());
    EXPECT_EQ(body.radius, std::numeric_limits<float>::denorm_min());
    EXPECT_EQ(bitsOf(body.gravityScale), bitsOf(-0.6f));
}

TEST(SceneRead, NamesKeepEscapesAndUnicode)
{
    const Scene scene = parseScene(
        R"({"format": "oblique-scene/1", "name": "a \"quoted\"\n\u00e9 \ud83d\ude00 ü", "bodies": []})",
        "x.json");
    EXPECT_EQ(scene.name, "a \"quoted\"\n\xC3\xA9 \xF0\x9F\x98\x80 \xC3\xBC");
}

TEST(SceneRead, AcceptsAByteOrderMark)
{
    const Scene scene = parseScene("\xEF\xBB\xBF{\"format\": \"oblique-scene/1\", \"bodies\": []}", "x.json");
    EXPECT_TRUE(scene.bodies.empty());
}

TEST(SceneRead, EveryFieldFileReadsAsWritten)
{
    const Scene scene = loadScene(dataPath("every_field.json"));
    EXPECT_EQ(scene.name, "every field set \"differently\" \xC3\xA9");
    EXPECT_EQ(scene.world.gravity, (Vec2{0.5f, -9.81f}));
    EXPECT_EQ(scene.world.timeStep, 0.004166667f);
    EXPECT_EQ(scene.world.velocityIterations, 12);
    EXPECT_EQ(scene.world.positionIterations, 0);
    EXPECT_FALSE(scene.world.allowSleep);
    EXPECT_EQ(scene.world.restitutionThreshold, 0.25f);
    ASSERT_EQ(scene.bodies.size(), 3u);
    const SceneBody& spinner = scene.bodies[0];
    EXPECT_EQ(spinner.type, BodyType::Kinematic);
    EXPECT_EQ(spinner.angle, -7.5f);
    EXPECT_EQ(spinner.halfExtents, (Vec2{0.1f, 2.5f}));
    EXPECT_EQ(spinner.density, 0.0f);
    EXPECT_EQ(spinner.restitution, 1.0f);
    EXPECT_EQ(spinner.linearVelocity, (Vec2{0.3f, -0.7f}));
    EXPECT_EQ(spinner.angularVelocity, 3.14159f);
    EXPECT_EQ(spinner.linearDamping, 0.05f);
    EXPECT_EQ(spinner.angularDamping, 0.2f);
    EXPECT_EQ(spinner.gravityScale, -0.5f);
    EXPECT_TRUE(spinner.fixedRotation);
    const SceneBody& ball = scene.bodies[1];
    EXPECT_EQ(ball.shape, ShapeKind::Circle);
    EXPECT_EQ(ball.radius, 0.333f);
    EXPECT_EQ(ball.linearDamping, 10.0f);
    const SceneBody& wall = scene.bodies[2];
    EXPECT_EQ(wall.type, BodyType::Static);
    EXPECT_TRUE(std::signbit(wall.linearVelocity.y));
    EXPECT_TRUE(std::signbit(wall.angularVelocity));
    EXPECT_EQ(wall.halfExtents.x, std::numeric_limits<float>::denorm_min());
}

} // namespace
} // namespace oblique::test
