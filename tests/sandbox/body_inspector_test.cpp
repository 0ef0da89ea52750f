// The body inspector: a click picks the body under the cursor (what can be dragged before what
// cannot, the body drawn on top first), bodies are called by their scene names, and the text
// for a known body gives its name, type, mass, shapes, contacts (naming the other body) and joints.
// A selection is a handle, which a world built anew can make name another body: it is cleared.

#include "../support/scene_bodies.hpp"
#include "body_inspector.hpp"
#include "mouse_tools.hpp"
#include "oblique/scene_world.hpp"

#include <algorithm>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace
{

using oblique::BodyId;
using oblique::BodyType;
using oblique::Scene;
using oblique::SceneBody;
using oblique::SceneInstance;
using oblique::Vec2;
using oblique::sandbox::BodyNames;

constexpr float kDt = 1.0f / 60.0f;

SceneBody named(const char* name, SceneBody body)
{
    body.name = name;
    return body;
}

// A ground, a 2 kg crate resting on it, a wall the crate does not touch, an unnamed ball in the
// air, and a dynamic "peg" inside the wall.
Scene yard()
{
    Scene s;
    s.name = "Yard";
    using oblique::test::sceneBox;
    s.bodies.push_back(named("ground", sceneBox(BodyType::Static, {0.0f, -1.0f}, {20.0f, 1.0f})));
    SceneBody crate = named("crate", sceneBox(BodyType::Dynamic, {0.0f, 0.5f}, {0.5f, 0.5f}));
    crate.density = 2.0f;
    s.bodies.push_back(crate);
    s.bodies.push_back(named("wall", sceneBox(BodyType::Static, {8.0f, 3.0f}, {1.0f, 3.0f})));
    s.bodies.push_back(oblique::test::sceneBall(BodyType::Dynamic, {-5.0f, 10.0f}, 0.5f));
    s.bodies.push_back(named("peg", sceneBox(BodyType::Dynamic, {8.0f, 3.0f}, {0.2f, 0.2f})));
    return s;
}

bool hasLine(const std::vector<std::string>& lines, const std::string& text)
{
    return std::any_of(lines.begin(), lines.end(),
                       [&](const std::string& l) { return l.find(text) != std::string::npos; });
}

std::string joined(const std::vector<std::string>& lines)
{
    std::string all;
    for (const std::string& l : lines)
    {
        all += l + "\n";
    }
    return all;
}

TEST(BodyNames, SceneNamesThenPlacesThenSlots)
{
    const Scene scene = yard();
    SceneInstance yardWorld = oblique::instantiate(scene);
    const BodyNames names(&scene, yardWorld.bodies);
    EXPECT_EQ(names.name(yardWorld.bodies[0]), "ground");
    EXPECT_EQ(names.name(yardWorld.bodies[3]), "body 3");
    EXPECT_EQ(names.sceneIndex(yardWorld.bodies[2]), 2);
    EXPECT_EQ(names.find("crate"), yardWorld.bodies[1]);
    EXPECT_EQ(names.find("body 3"), yardWorld.bodies[3]);
    EXPECT_TRUE(oblique::isNull(names.find("no such body")));
    // A body the scene never listed is called by its slot in the world.
    oblique::BodyDef extra;
    const BodyId spawned = yardWorld.world.createBody(extra, oblique::boxShape({0.5f, 0.5f}));
    EXPECT_EQ(names.sceneIndex(spawned), -1);
    EXPECT_EQ(names.name(spawned), "world body " + std::to_string(spawned.index));
}

TEST(BodyAt, PicksTheBodyUnderAWorldPoint)
{
    const Scene scene = yard();
    const SceneInstance instance = oblique::instantiate(scene);
    const std::vector<BodyId>& b = instance.bodies;
    EXPECT_EQ(oblique::sandbox::bodyAt(instance.world, {0.1f, 0.6f}), b[1]);    // the crate
    EXPECT_EQ(oblique::sandbox::bodyAt(instance.world, {-10.0f, -1.5f}), b[0]); // the ground
    EXPECT_EQ(oblique::sandbox::bodyAt(instance.world, {-5.2f, 10.1f}), b[3]);  // the ball
    // The peg is inside the wall: the dynamic body comes first; beside it, the wall.
    EXPECT_EQ(oblique::sandbox::bodyAt(instance.world, {8.1f, 3.1f}), b[4]);
    EXPECT_EQ(oblique::sandbox::bodyAt(instance.world, {8.5f, 5.0f}), b[2]);
    EXPECT_TRUE(oblique::isNull(oblique::sandbox::bodyAt(instance.world, {0.0f, 20.0f})));
}

TEST(BodyAt, AClickOfTheMouseToolsReportsTheBodyUnderIt)
{
    const Scene scene = yard();
    SceneInstance instance = oblique::instantiate(scene);
    const oblique::Camera2D camera({0.0f, 0.0f}, 40.0f, {800.0f, 600.0f});
    oblique::Input input;
    oblique::sandbox::MouseTools tools;
    const auto click = [&](Vec2 at)
    {
        oblique::MouseState mouse;
        mouse.position = camera.worldToScreen(at);
        input.advance({}, mouse);
        mouse.setButton(oblique::MouseButton::Left, true);
        input.advance({}, mouse);
        return tools.handleInput(instance.world, instance.bodies, input, camera, kDt, true, true);
    };
    const oblique::sandbox::ToolResult onWall = click({8.5f, 5.0f});
    EXPECT_TRUE(onWall.clicked);
    EXPECT_EQ(onWall.clickedBody, instance.bodies[2]);
    const oblique::sandbox::ToolResult onNothing = click({0.0f, 5.0f});
    EXPECT_TRUE(onNothing.clicked);
    EXPECT_TRUE(oblique::isNull(onNothing.clickedBody));
}

TEST(DescribeBody, TheCrateOnTheGround)
{
    const Scene scene = yard();
    SceneInstance instance = oblique::instantiate(scene);
    oblique::World& world = instance.world;
    const std::vector<BodyId>& b = instance.bodies;
    oblique::JointDef hinge;
    hinge.bodyA = b[1];
    hinge.bodyB = b[3];
    hinge.params = oblique::RevoluteJointDef{{-2.5f, 5.0f}};
    world.createJoint(hinge);
    for (int i = 0; i < 10; ++i)
    {
        world.step(kDt);
    }
    const std::vector<std::string> lines = oblique::sandbox::describeBody(world, b[1], BodyNames(&scene, b));
    SCOPED_TRACE(joined(lines));
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines.front().rfind("crate: dynamic, awake", 0), 0u);
    EXPECT_TRUE(hasLine(lines, "mass 2 kg"));
    EXPECT_TRUE(hasLine(lines, "box 1 x 1 m, friction 0.6, restitution 0, density 2"));
    EXPECT_TRUE(hasLine(lines, "contacts: 1"));
    // The ground is under the crate: the normal points away from the crate, down.
    EXPECT_TRUE(hasLine(lines, "  ground, normal ("));
    EXPECT_TRUE(hasLine(lines, ", -1.00):"));
    EXPECT_TRUE(hasLine(lines, "joints: 1"));
    EXPECT_TRUE(hasLine(lines, "  revolute with body 3"));

    // The ground's text names the crate, and it is static with no joints.
    const std::vector<std::string> ground = oblique::sandbox::describeBody(world, b[0], BodyNames(&scene, b));
    EXPECT_EQ(ground.front(), "ground: static, fixed");
    EXPECT_TRUE(hasLine(ground, "  crate, normal ("));
    EXPECT_TRUE(hasLine(ground, "joints: 0"));
}

TEST(BodyInspector, ADestroyedBodyClearsTheSelection)
{
    const Scene scene = yard();
    SceneInstance instance = oblique::instantiate(scene);
    oblique::sandbox::BodyInspector inspector;
    inspector.select(instance.bodies[1]);
    EXPECT_EQ(inspector.selected(instance.world), instance.bodies[1]);
    instance.world.destroyBody(instance.bodies[1]);
    EXPECT_TRUE(oblique::isNull(inspector.selected(instance.world)));
}

// Why a scene switch must clear the selection rather than wait for the handle to go stale: the
// new world's body in the same slot answers to the old handle.
TEST(BodyInspector, ASceneSwitchClearsASelectionTheNewWorldWouldStillTake)
{
    const Scene scene = yard();
    SceneInstance first = oblique::instantiate(scene);
    oblique::sandbox::BodyInspector inspector;
    inspector.select(first.bodies[4]);
    Scene other = yard();
    other.bodies.resize(2);
    for (const float x : {3.0f, 4.0f, 5.0f})
    {
        other.bodies.push_back(oblique::test::sceneBox(BodyType::Dynamic, {x, 3.0f}, {0.5f, 0.5f}));
    }
    first.world = std::move(oblique::instantiate(other).world);
    EXPECT_TRUE(first.world.isValid(inspector.selected()));
    inspector.clear(); // what the app does whenever it installs a world
    EXPECT_TRUE(oblique::isNull(inspector.selected(first.world)));
}

} // namespace
