// Reading format-2 scenes: bodies of several shapes, every shape key, and the shorthand's
// format-2 keys.

#include "oblique/scene.hpp"
#include "oblique/scene_world.hpp"
#include "oblique/world_def.hpp"
#include "scene_rules.hpp"
#include "scene_test_support.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <string>

namespace oblique::test
{
namespace
{

TEST(SceneFormat2Read, FormatOneAndTwoAreBothRead)
{
    const std::string bodies = R"(, "bodies": [{"position": [1, 2], "radius": 0.25}]})";
    const Scene one = parseScene(R"({"format": "oblique-scene/1")" + bodies, "x.json");
    const Scene two = parseScene(R"({"format": "oblique-scene/2")" + bodies, "x.json");
    ASSERT_EQ(two.bodies.size(), 1u);
    EXPECT_TRUE(sameScene(one, two));
}

TEST(SceneFormat2Read, EveryShapeKeyIsRead)
{
    const Scene scene = loadScene(dataPath("every_shape_key.json"));
    ASSERT_EQ(scene.bodies.size(), 2u);
    const SceneBody& compound = scene.bodies[0];
    EXPECT_EQ(compound.angle, 0.5f);
    EXPECT_EQ(compound.angularVelocity, 2.0f);
    ASSERT_EQ(compound.shapes.size(), 3u);

    const ShapeDef& box = compound.shapes[0];
    EXPECT_EQ(box.kind, ShapeKind::Box);
    EXPECT_EQ(box.halfExtents, (Vec2{0.5f, 0.25f}));
    EXPECT_EQ(box.offset, (Vec2{0.75f, -0.125f}));
    EXPECT_EQ(box.angle, -0.3f);
    EXPECT_EQ(box.density, 3.0f);
    EXPECT_EQ(box.friction, 0.2f);
    EXPECT_EQ(box.restitution, 0.4f);
    EXPECT_FALSE(box.isSensor);
    EXPECT_EQ(box.filter.categoryBits, 8u);
    EXPECT_EQ(box.filter.maskBits, 12u);
    EXPECT_EQ(box.filter.groupIndex, 3);
    EXPECT_EQ(box.surfaceSpeed, 1.5f);
    // [3, 4] normalised.
    EXPECT_EQ(box.oneWay, (Vec2{0.6f, 0.8f}));

    const ShapeDef& circle = compound.shapes[1];
    EXPECT_EQ(circle.kind, ShapeKind::Circle);
    EXPECT_EQ(circle.radius, 0.3f);
    EXPECT_EQ(circle.offset, (Vec2{-0.5f, 0.0f}));
    EXPECT_EQ(circle.angle, 0.0f);
    EXPECT_TRUE(circle.isSensor);
    // A category of 65535 is the 16 categories a file can name, not every one.
    EXPECT_EQ(circle.filter.categoryBits, 0xFFFFu);
    EXPECT_EQ(circle.filter.maskBits, 0u);
    EXPECT_EQ(circle.filter.groupIndex, -32768);

    const ShapeDef& thin = compound.shapes[2];
    EXPECT_EQ(thin.halfExtents, (Vec2{1e-3f, 2.0f}));
    EXPECT_EQ(thin.filter.categoryBits, 1u);
    EXPECT_EQ(thin.filter.maskBits, 0xFFFFFFFFu) << "a mask of 65535 means every category";
    EXPECT_EQ(thin.filter.groupIndex, 32767);

    const SceneBody& shorthand = scene.bodies[1];
    EXPECT_TRUE(shorthand.shapes.empty());
    EXPECT_EQ(shorthand.shape, ShapeKind::Box);
    EXPECT_EQ(shorthand.halfExtents, (Vec2{5.0f, 0.5f}));
    EXPECT_TRUE(shorthand.sensor);
    EXPECT_EQ(shorthand.filter.categoryBits, 1u);
    EXPECT_EQ(shorthand.filter.maskBits, 6u);
    EXPECT_EQ(shorthand.filter.groupIndex, 0);
    EXPECT_EQ(shorthand.surfaceSpeed, -2.0f);
    EXPECT_EQ(shorthand.oneWay, (Vec2{0.0f, 1.0f}));
}

TEST(SceneFormat2Read, ShapeKeysTakeTheirDefaults)
{
    const Scene scene = parseScene(
        R"({"format": "oblique-scene/2", "bodies": [{"position": [0, 0], "shapes": [{"radius": 2}]}]})",
        "x.json");
    ASSERT_EQ(scene.bodies.size(), 1u);
    ASSERT_EQ(scene.bodies[0].shapes.size(), 1u);
    const ShapeDef& shape = scene.bodies[0].shapes[0];
    const ShapeDef defaults;
    EXPECT_EQ(shape.kind, ShapeKind::Circle);
    EXPECT_EQ(shape.radius, 2.0f);
    EXPECT_EQ(shape.halfExtents, defaults.halfExtents);
    EXPECT_EQ(shape.offset, (Vec2{0.0f, 0.0f}));
    EXPECT_EQ(shape.angle, 0.0f);
    EXPECT_EQ(shape.density, 1.0f);
    EXPECT_EQ(shape.friction, 0.6f);
    EXPECT_EQ(shape.restitution, 0.0f);
    EXPECT_FALSE(shape.isSensor);
    EXPECT_EQ(shape.filter.categoryBits, 1u);
    EXPECT_EQ(shape.filter.maskBits, 0xFFFFFFFFu);
    EXPECT_EQ(shape.filter.groupIndex, 0);
    EXPECT_EQ(shape.surfaceSpeed, 0.0f);
    EXPECT_EQ(shape.oneWay, (Vec2{0.0f, 0.0f}));
}

TEST(SceneFormat2Read, ShorthandKeysTakeTheirDefaults)
{
    const Scene scene = parseScene(scene2WithBody(R"("position": [0, 0], "halfExtents": [1, 1])"), "x.json");
    const SceneBody& body = scene.bodies[1];
    EXPECT_TRUE(body.shapes.empty());
    EXPECT_FALSE(body.sensor);
    EXPECT_EQ(body.filter.categoryBits, 1u);
    EXPECT_EQ(body.filter.maskBits, 0xFFFFFFFFu);
    EXPECT_EQ(body.filter.groupIndex, 0);
    EXPECT_EQ(body.surfaceSpeed, 0.0f);
    EXPECT_EQ(body.oneWay, (Vec2{0.0f, 0.0f}));
}

TEST(SceneFormat2Read, ShapesKeepTheirOrder)
{
    const Scene scene =
        parseScene(scene2WithBody(R"("position": [0, 0], "shapes": [{"radius": 1}, {"radius": 2},
                                                     {"halfExtents": [3, 3]}, {"radius": 4}])"),
                   "x.json");
    const auto& shapes = scene.bodies[1].shapes;
    ASSERT_EQ(shapes.size(), 4u);
    EXPECT_EQ(shapes[0].radius, 1.0f);
    EXPECT_EQ(shapes[1].radius, 2.0f);
    EXPECT_EQ(shapes[2].halfExtents, (Vec2{3.0f, 3.0f}));
    EXPECT_EQ(shapes[3].radius, 4.0f);
}

TEST(SceneFormat2Read, ShapeKeysMayComeInAnyOrder)
{
    const Scene scene =
        parseScene(scene2WithBody(R"("shapes": [{"filter": {"group": -1}, "angle": 1, "density": 0,
                                                     "halfExtents": [1, 2]}, {"density": 2, "radius": 1}],
                                                     "type": "dynamic", "position": [0, 0])"),
                   "x.json");
    const auto& shapes = scene.bodies[1].shapes;
    ASSERT_EQ(shapes.size(), 2u);
    EXPECT_EQ(shapes[0].kind, ShapeKind::Box);
    EXPECT_EQ(shapes[0].angle, 1.0f);
    EXPECT_EQ(shapes[0].filter.groupIndex, -1);
    EXPECT_EQ(shapes[1].kind, ShapeKind::Circle);
}

TEST(SceneFormat2Read, DynamicCompoundNeedsOnlyOneSolidShapeWithMass)
{
    // Sensors and weightless shapes are fine beside one shape that gives the body mass.
    const Scene scene = parseScene(
        scene2WithBody(
            R"("position": [0, 0], "shapes": [{"radius": 1, "sensor": true}, {"radius": 1, "density": 0},
                          {"radius": 1, "density": 0.5}])"),
        "x.json");
    EXPECT_EQ(scene.bodies[1].shapes.size(), 3u);
}

TEST(SceneFormat2Read, StaticAndKinematicBodiesMayBeAllSensorsAndWeightless)
{
    for (const char* type : {"static", "kinematic"})
    {
        const Scene scene = parseScene(
            scene2WithBody(
                std::string(R"("type": ")") + type +
                R"(", "position": [0, 0], "shapes": [{"radius": 1, "sensor": true, "density": 0}])"),
            "x.json");
        EXPECT_TRUE(scene.bodies[1].shapes[0].isSensor) << type;
        const Scene shorthand =
            parseScene(scene2WithBody(std::string(R"("type": ")") + type +
                                      R"(", "position": [0, 0], "radius": 1, "sensor": true)"),
                       "x.json");
        EXPECT_TRUE(shorthand.bodies[1].sensor) << type;
    }
}

TEST(SceneFormat2Read, FilterBoundsAreInclusive)
{
    const Scene low = parseScene(
        scene2WithShape(R"("radius": 1, "filter": {"category": 0, "mask": 0, "group": -32768})"), "x.json");
    const Filter& a = low.bodies[1].shapes[1].filter;
    EXPECT_EQ(a.categoryBits, 0u);
    EXPECT_EQ(a.maskBits, 0u);
    EXPECT_EQ(a.groupIndex, -32768);
    const Scene high = parseScene(
        scene2WithShape(R"("radius": 1, "filter": {"category": 65535, "mask": 65534, "group": 32767.0})"),
        "x.json");
    const Filter& b = high.bodies[1].shapes[1].filter;
    EXPECT_EQ(b.categoryBits, 0xFFFFu);
    EXPECT_EQ(b.maskBits, 0xFFFEu);
    EXPECT_EQ(b.groupIndex, 32767);
}

TEST(SceneFormat2Read, EmptyFilterKeepsTheDefaults)
{
    const Scene scene = parseScene(scene2WithShape(R"("radius": 1, "filter": {})"), "x.json");
    const Filter& filter = scene.bodies[1].shapes[1].filter;
    EXPECT_EQ(filter.categoryBits, 1u);
    EXPECT_EQ(filter.maskBits, 0xFFFFFFFFu);
    EXPECT_EQ(filter.groupIndex, 0);
}

TEST(SceneFormat2Read, OneWayIsNormalised)
{
    const Scene scene = parseScene(scene2WithBody(R"("position": [0, 0], "shapes": [{"halfExtents": [1, 1],
                                                     "oneWay": [0, 1e-30]}, {"radius": 1, "oneWay": [-3e38, 3e38]},
                                                     {"radius": 1, "oneWay": [1e-45, 0]}])"),
                                   "x.json");
    const auto& shapes = scene.bodies[1].shapes;
    EXPECT_EQ(shapes[0].oneWay, (Vec2{0.0f, 1.0f}));
    EXPECT_EQ(shapes[1].oneWay.x, -shapes[1].oneWay.y);
    EXPECT_NEAR(shapes[1].oneWay.y, std::sqrt(0.5f), 1e-7f);
    EXPECT_EQ(shapes[2].oneWay, (Vec2{1.0f, 0.0f}));
}

TEST(SceneFormat2Read, NormalisingADirectionTwiceChangesNothing)
{
    // What makes a saved direction load back exactly: the normalised vector is its own normal.
    std::mt19937 random(7u);
    std::uniform_real_distribution<float> angle(-4.0f, 4.0f);
    std::uniform_int_distribution<int> exponent(-140, 120);
    for (int trial = 0; trial < 100000; ++trial)
    {
        const float scale = std::ldexp(1.0f, exponent(random));
        const float a = angle(random);
        const Vec2 v{scale * std::cos(a), scale * std::sin(a)};
        const auto once = scene_detail::normalisedDirection(v);
        ASSERT_TRUE(once) << v.x << ", " << v.y;
        const auto twice = scene_detail::normalisedDirection(*once);
        ASSERT_TRUE(twice);
        ASSERT_EQ(bitsOf(once->x), bitsOf(twice->x)) << v.x << ", " << v.y;
        ASSERT_EQ(bitsOf(once->y), bitsOf(twice->y)) << v.x << ", " << v.y;
        ASSERT_NEAR(std::hypot(static_cast<double>(once->x), static_cast<double>(once->y)), 1.0, 3e-7);
    }
}

TEST(SceneFormat2Read, FormatOneFilesKeepTheirMeaning)
{
    // Every format-1 scene reads the same as before: one shape each, format-2 keys at defaults.
    const Scene scene = loadScene(dataPath("every_field.json"));
    for (const SceneBody& body : scene.bodies)
    {
        EXPECT_TRUE(body.shapes.empty());
        EXPECT_FALSE(body.sensor);
        EXPECT_EQ(body.filter.maskBits, 0xFFFFFFFFu);
        EXPECT_EQ(body.surfaceSpeed, 0.0f);
        EXPECT_EQ(body.oneWay, (Vec2{0.0f, 0.0f}));
    }
}

TEST(SceneFormat2Read, EverySolverKeyIsRead)
{
    const Scene scene = loadScene(dataPath("solver_settings.json"));
    EXPECT_EQ(scene.world.solver, Solver::Ngs);
    EXPECT_EQ(scene.world.subSteps, 6);
    EXPECT_EQ(scene.world.contactHertz, 45.5f);
    EXPECT_EQ(scene.world.contactDampingRatio, 0.75f);
    EXPECT_EQ(scene.world.contactPushMaxSpeed, 1.25f);
    // The keys around them are read as before.
    EXPECT_EQ(scene.world.gravity, (Vec2{0.0f, -9.8f}));
    EXPECT_EQ(scene.world.velocityIterations, 12);
    EXPECT_EQ(scene.world.positionIterations, 4);
    EXPECT_EQ(scene.bodies.size(), 2u);

    const Scene softStep = parseScene(scene2WithWorld(R"("solver": "soft-step")"), "x.json");
    EXPECT_EQ(softStep.world.solver, Solver::SoftStep);
}

TEST(SceneFormat2Read, SolverKeysTakeTheEnginesDefaults)
{
    // Left out of a format-2 file, and in every format-1 file, the world is the engine's default.
    const WorldDef engine;
    for (const std::string& text : {scene2WithWorld(R"("gravity": [0, -10])"), sceneWithWorld(""),
                                    std::string(R"({"format": "oblique-scene/1", "bodies": []})")})
    {
        const SceneWorld world = parseScene(text, "x.json").world;
        EXPECT_EQ(world.solver, Solver::SoftStep) << text;
        EXPECT_EQ(world.subSteps, 4) << text;
        EXPECT_EQ(world.contactHertz, 30.0f) << text;
        EXPECT_EQ(world.contactDampingRatio, 10.0f) << text;
        EXPECT_EQ(world.contactPushMaxSpeed, 3.0f) << text;

        const WorldDef def = worldDefOf(world);
        EXPECT_EQ(def.solver, engine.solver) << text;
        EXPECT_EQ(def.subSteps, engine.subSteps) << text;
        EXPECT_EQ(bitsOf(def.contactHertz), bitsOf(engine.contactHertz)) << text;
        EXPECT_EQ(bitsOf(def.contactDampingRatio), bitsOf(engine.contactDampingRatio)) << text;
        EXPECT_EQ(bitsOf(def.contactPushMaxSpeed), bitsOf(engine.contactPushMaxSpeed)) << text;
    }
}

TEST(SceneFormat2Read, SolverSettingBoundsAreInclusive)
{
    const Scene low = parseScene(
        scene2WithWorld(
            R"("subSteps": 1.0, "contactHertz": 1e-45, "contactDampingRatio": 0, "contactPushMaxSpeed": 1.4e-45)"),
        "x.json");
    EXPECT_EQ(low.world.subSteps, 1);
    EXPECT_EQ(low.world.contactHertz, std::numeric_limits<float>::denorm_min());
    EXPECT_EQ(bitsOf(low.world.contactDampingRatio), 0u);
    EXPECT_EQ(low.world.contactPushMaxSpeed, std::numeric_limits<float>::denorm_min());

    // -0.0 is >= 0, and stays -0.0.
    const Scene negativeZero = parseScene(scene2WithWorld(R"("contactDampingRatio": -0.0)"), "x.json");
    EXPECT_EQ(bitsOf(negativeZero.world.contactDampingRatio), bitsOf(-0.0f));

    const Scene high = parseScene(
        scene2WithWorld(
            R"("subSteps": 2147483647, "contactHertz": 3.4028235e38, "contactDampingRatio": 1e38, "contactPushMaxSpeed": 3e38)"),
        "x.json");
    EXPECT_EQ(high.world.subSteps, std::numeric_limits<int>::max());
    EXPECT_EQ(high.world.contactHertz, std::numeric_limits<float>::max());
    EXPECT_EQ(high.world.contactDampingRatio, 1e38f);
    EXPECT_EQ(high.world.contactPushMaxSpeed, 3e38f);
}

TEST(SceneFormat2Read, SolverSettingsReachTheWorld)
{
    const Scene scene = loadScene(dataPath("solver_settings.json"));
    const SceneInstance instance = instantiate(scene);
    const WorldDef& settings = instance.world.settings();
    EXPECT_EQ(settings.solver, Solver::Ngs);
    EXPECT_EQ(settings.subSteps, 6);
    EXPECT_EQ(settings.contactHertz, 45.5f);
    EXPECT_EQ(settings.contactDampingRatio, 0.75f);
    EXPECT_EQ(settings.contactPushMaxSpeed, 1.25f);
    EXPECT_EQ(settings.velocityIterations, 12);
    EXPECT_EQ(settings.positionIterations, 4);
}

} // namespace
} // namespace oblique::test
