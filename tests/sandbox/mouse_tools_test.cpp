// The sandbox's mouse tools driven by input snapshots, without a window: the drag's mouse joint
// pulls a body to the cursor and stays stable, hangs from a static body of the scene or, in a scene
// without one, from a shapeless one of its own that release removes; clicks select static bodies
// that keys then turn and resize, and spawned bodies and bombs land where they should.

#include "mouse_tools.hpp"
#include "oblique/shape.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <variant>
#include <vector>

namespace
{

using oblique::BodyDef;
using oblique::BodyId;
using oblique::BodyType;
using oblique::Camera2D;
using oblique::Input;
using oblique::Key;
using oblique::KeyboardState;
using oblique::MouseButton;
using oblique::MouseState;
using oblique::Vec2;
using oblique::World;
using oblique::sandbox::MouseTools;

constexpr float kDt = 1.0f / 60.0f;

// Drives the tools the way the app does: one input snapshot per update, then world steps.
class ToolsTest : public ::testing::Test
{
protected:
    ToolsTest() : camera({0.0f, 0.0f}, 50.0f, {800.0f, 600.0f}) {}

    // One update with the cursor at a world point, the left button and the given keys held.
    oblique::sandbox::ToolResult frame(Vec2 cursorWorld, bool leftDown, std::vector<Key> keys = {},
                                       float wheel = 0.0f)
    {
        KeyboardState keyboard;
        for (const Key k : keys)
        {
            keyboard.setKey(k, true);
        }
        MouseState mouse;
        mouse.position = camera.worldToScreen(cursorWorld);
        mouse.setButton(MouseButton::Left, leftDown);
        m_wheel += wheel;
        mouse.wheel = m_wheel;
        input.advance(keyboard, mouse);
        return tools.handleInput(world, bodies, input, camera, kDt, true, true);
    }

    void step(int count)
    {
        for (int i = 0; i < count; ++i)
        {
            world.step(kDt);
        }
    }

    BodyId addBox(BodyType type, Vec2 position, Vec2 half = {0.5f, 0.5f})
    {
        BodyDef def;
        def.type = type;
        def.position = position;
        const BodyId id = world.createBody(def, oblique::boxShape(half));
        bodies.push_back(id);
        return id;
    }

    World world;
    std::vector<BodyId> bodies;
    Camera2D camera;
    Input input;
    MouseTools tools;
    float m_wheel = 0.0f;
};

TEST_F(ToolsTest, TheDragPullsABodyToTheCursorAndReleaseDestroysItsJoint)
{
    world.setGravity({0.0f, 0.0f});
    const BodyId box = addBox(BodyType::Dynamic, {0.0f, 0.0f});
    frame({0.0f, 0.0f}, false);
    const auto pressed = frame({0.0f, 0.0f}, true);
    EXPECT_TRUE(tools.isDragging());
    EXPECT_TRUE(pressed.edited);
    const oblique::JointId joint = tools.dragJoint();
    ASSERT_TRUE(world.isValid(joint));
    EXPECT_EQ(world.jointType(joint), oblique::JointType::Mouse);
    EXPECT_EQ(world.jointBodyB(joint), box);
    EXPECT_EQ(world.jointCount(), 1);
    frame({3.0f, 1.0f}, true);
    step(120);
    EXPECT_NEAR(world.position(box).x, 3.0f, 0.02f);
    EXPECT_NEAR(world.position(box).y, 1.0f, 0.02f);
    // The cursor moves on: so does the joint's target, and the body follows.
    frame({-1.0f, 2.0f}, true);
    EXPECT_EQ(world.jointAnchorA(joint), (Vec2{-1.0f, 2.0f}));
    step(120);
    EXPECT_NEAR(world.position(box).x, -1.0f, 0.02f);
    EXPECT_NEAR(world.position(box).y, 2.0f, 0.02f);
    // Released: the joint is gone, and so is the anchor the tools made in this world without a
    // static body.
    frame({-1.0f, 2.0f}, false);
    EXPECT_FALSE(tools.isDragging());
    EXPECT_FALSE(world.isValid(joint));
    EXPECT_EQ(world.jointCount(), 0);
    EXPECT_EQ(world.bodyCount(), 1);
    EXPECT_EQ(bodies.size(), 1u);
}

TEST_F(ToolsTest, TheDragHangsFromAStaticBodyOfTheSceneWhenThereIsOne)
{
    const BodyId ground = addBox(BodyType::Static, {0.0f, -1.0f}, {5.0f, 0.5f});
    const BodyId box = addBox(BodyType::Dynamic, {0.0f, 0.0f});
    frame({0.2f, 0.1f}, false);
    frame({0.2f, 0.1f}, true);
    ASSERT_TRUE(tools.isDragging());
    EXPECT_EQ(world.jointBodyA(tools.dragJoint()), ground);
    EXPECT_TRUE(oblique::isNull(tools.dragAnchor()));
    EXPECT_EQ(world.bodyCount(), 2);
    // The box still rests on the ground it hangs from: the two keep colliding.
    const oblique::JointDef def = world.jointDef(tools.dragJoint());
    EXPECT_TRUE(def.collideConnected);
    step(30);
    EXPECT_GT(world.position(box).y, -0.05f);
}

TEST_F(ToolsTest, WithoutAStaticBodyTheDragHangsFromAShapelessOneOutsideTheScene)
{
    const BodyId box = addBox(BodyType::Dynamic, {0.0f, 0.0f});
    frame({0.1f, 0.1f}, false);
    frame({0.1f, 0.1f}, true);
    ASSERT_TRUE(tools.isDragging());
    const BodyId anchor = tools.dragAnchor();
    ASSERT_TRUE(world.isValid(anchor));
    EXPECT_EQ(world.jointBodyA(tools.dragJoint()), anchor);
    EXPECT_EQ(world.bodyType(anchor), BodyType::Static);
    EXPECT_TRUE(world.shapes(anchor).empty());
    // Not one of the scene's bodies.
    ASSERT_EQ(bodies.size(), 1u);
    EXPECT_EQ(bodies[0], box);
    frame({0.1f, 0.1f}, false);
    EXPECT_FALSE(world.isValid(anchor));
}

// The pull is capped at a hundred weights of the grabbed body: a body pulled far into the floor is
// pulled with exactly that, not more.
TEST_F(ToolsTest, TheDragsForceIsAHundredWeightsOfTheBody)
{
    const BodyId box = addBox(BodyType::Dynamic, {0.0f, 0.0f});
    addBox(BodyType::Static, {0.0f, -1.0f}, {3.0f, 0.5f});
    frame({0.0f, 0.4f}, false);
    frame({0.0f, 0.4f}, true);
    ASSERT_TRUE(tools.isDragging());
    const oblique::JointDef def = world.jointDef(tools.dragJoint());
    const auto& mouse = std::get<oblique::MouseJointDef>(def.params);
    EXPECT_FLOAT_EQ(mouse.maxForce, 100.0f * world.mass(box) * 10.0f);
    EXPECT_FLOAT_EQ(mouse.hertz, 5.0f);
    EXPECT_FLOAT_EQ(mouse.dampingRatio, 0.7f);
    // Pulled towards a point 20 m below, through the floor it cannot pass: the pull saturates.
    frame({0.0f, -20.0f}, true);
    world.setGravity({0.0f, 0.0f});
    step(10);
    EXPECT_NEAR(oblique::length(world.reactionForce(tools.dragJoint())), mouse.maxForce,
                0.01f * mouse.maxForce);
    // In a weightless world the cap is still a hundred weights at 10 m/s^2.
    EXPECT_FLOAT_EQ(MouseTools::dragForce(world, 2.0f), 2000.0f);
}

TEST_F(ToolsTest, ACornerGrabUnderGravityIsStableAndHoldsTheCorner)
{
    const BodyId box = addBox(BodyType::Dynamic, {0.0f, 0.0f});
    frame({0.45f, 0.45f}, false);
    frame({0.45f, 0.45f}, true);
    ASSERT_TRUE(tools.isDragging());
    const Vec2 target{-2.0f, 3.0f};
    frame(target, true);
    step(300);
    // The grab point stays by the cursor (gravity / stiffness is about a centimetre) while the body
    // swings below it like a pendulum; nothing blows up.
    for (int i = 0; i < 60; ++i)
    {
        step(1);
        const Vec2 grab = oblique::transformPoint(world.transform(box), {0.45f, 0.45f});
        ASSERT_NEAR(grab.x, target.x, 0.1f);
        ASSERT_NEAR(grab.y, target.y, 0.1f);
        ASSERT_LT(oblique::length(world.linearVelocity(box)), 10.0f);
    }
}

TEST_F(ToolsTest, StaticBodiesAreSelectedNotDragged)
{
    const BodyId ground = addBox(BodyType::Static, {0.0f, -1.0f}, {5.0f, 0.5f});
    frame({2.0f, -1.0f}, false);
    frame({2.0f, -1.0f}, true);
    EXPECT_FALSE(tools.isDragging());
    EXPECT_EQ(tools.selected(), ground);
    frame({2.0f, -1.0f}, false);
    // A click on nothing clears the selection.
    frame({2.0f, 4.0f}, true);
    EXPECT_TRUE(oblique::isNull(tools.selected()));
}

TEST_F(ToolsTest, ATapTheSnapshotsMissedStillSelects)
{
    const BodyId ground = addBox(BodyType::Static, {0.0f, -1.0f}, {5.0f, 0.5f});
    frame({2.0f, -1.0f}, false);
    frame({2.0f, -1.0f}, false);
    EXPECT_TRUE(oblique::isNull(tools.selected()));
    // The button is up in both snapshots, but the app saw its press event.
    tools.handleInput(world, bodies, input, camera, kDt, true, true, true);
    EXPECT_EQ(tools.selected(), ground);
}

TEST_F(ToolsTest, KeysTurnAndResizeTheSelection)
{
    const BodyId plank = addBox(BodyType::Static, {0.0f, 0.0f}, {2.0f, 0.25f});
    frame({1.0f, 0.0f}, true);
    frame({1.0f, 0.0f}, false);
    ASSERT_EQ(tools.selected(), plank);

    for (int i = 0; i < 30; ++i)
    {
        frame({1.0f, 0.0f}, false, {Key::Q});
    }
    EXPECT_NEAR(world.angle(plank), 30.0f * 1.5f * kDt, 1e-4f);
    for (int i = 0; i < 30; ++i)
    {
        frame({1.0f, 0.0f}, false, {Key::E});
    }
    EXPECT_NEAR(world.angle(plank), 0.0f, 1e-4f);

    frame({1.0f, 0.0f}, false, {Key::Equal});
    EXPECT_NEAR(world.shape(plank).halfExtents.x, 2.2f, 1e-4f);
    EXPECT_NEAR(world.shape(plank).halfExtents.y, 0.275f, 1e-4f);
    frame({1.0f, 0.0f}, false);
    frame({1.0f, 0.0f}, false, {Key::Minus});
    EXPECT_NEAR(world.shape(plank).halfExtents.x, 2.0f, 1e-4f);

    // Shift + wheel resizes too, and says so, so the wheel does not also zoom.
    const auto wheel = frame({1.0f, 0.0f}, false, {Key::LShift}, 1.0f);
    EXPECT_TRUE(wheel.usedWheel);
    EXPECT_NEAR(world.shape(plank).halfExtents.x, 2.2f, 1e-4f);
    // The plain wheel is left to the camera.
    const auto zoom = frame({1.0f, 0.0f}, false, {}, 1.0f);
    EXPECT_FALSE(zoom.usedWheel);
}

TEST_F(ToolsTest, DraggingASelectedStaticBodyMovesIt)
{
    const BodyId block = addBox(BodyType::Static, {0.0f, 0.0f});
    frame({0.2f, 0.1f}, false);
    frame({0.2f, 0.1f}, true);
    frame({2.2f, 1.1f}, true);
    EXPECT_NEAR(world.position(block).x, 2.0f, 1e-4f);
    EXPECT_NEAR(world.position(block).y, 1.0f, 1e-4f);
}

TEST_F(ToolsTest, KeysSpawnBoxesCirclesAndBombsAtTheCursor)
{
    frame({1.0f, 2.0f}, false);
    const auto spawned = frame({1.0f, 2.0f}, false, {Key::B});
    EXPECT_TRUE(spawned.edited);
    ASSERT_EQ(bodies.size(), 1u);
    EXPECT_EQ(world.shape(bodies[0]).kind, oblique::ShapeKind::Box);
    EXPECT_NEAR(world.position(bodies[0]).x, 1.0f, 1e-4f);
    EXPECT_NEAR(world.position(bodies[0]).y, 2.0f, 1e-4f);
    frame({-1.0f, 2.0f}, false);
    frame({-1.0f, 2.0f}, false, {Key::C});
    ASSERT_EQ(bodies.size(), 2u);
    EXPECT_EQ(world.shape(bodies[1]).kind, oblique::ShapeKind::Circle);
    // Held keys spawn once, on the press.
    frame({-1.0f, 2.0f}, false, {Key::C});
    EXPECT_EQ(bodies.size(), 2u);
    // The UI has the keyboard: nothing spawns.
    KeyboardState keyboard;
    keyboard.setKey(Key::B, true);
    input.advance({}, {});
    input.advance(keyboard, {});
    tools.handleInput(world, bodies, input, camera, kDt, true, false);
    EXPECT_EQ(bodies.size(), 2u);
}

TEST_F(ToolsTest, TheBombComesFromOffScreenAndReachesTheCursor)
{
    const Vec2 target{2.0f, 1.0f};
    const BodyId bomb = tools.throwBomb(world, bodies, target, camera.visibleBounds());
    ASSERT_EQ(bodies.size(), 1u);
    const Vec2 start = world.position(bomb);
    EXPECT_FALSE(oblique::contains(camera.visibleBounds(), start));
    EXPECT_GT(oblique::length(world.linearVelocity(bomb)), 20.0f);
    EXPECT_GT(world.mass(bomb), 5.0f);
    // Flown for the planned time it passes close by the target (the step's integration error aside).
    float closest = 1e9f;
    for (int i = 0; i < 120; ++i)
    {
        world.step(kDt);
        closest = std::min(closest, oblique::distance(world.position(bomb), target));
    }
    EXPECT_LT(closest, 0.5f);
}

} // namespace
