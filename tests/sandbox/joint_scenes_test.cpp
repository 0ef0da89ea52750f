// The scene browser's Joints category, run the way the sandbox runs it (the scene's update, then a
// world step, 60 times a second) under either solver: every scene builds, runs four seconds without
// a body's state turning non-finite, and holds every joint together: the two anchors of a hinge or
// weld stay within a centimetre of each other, a distance joint's length within a centimetre of
// its range, a slider's or wheel's B anchor within a centimetre of its axis. And each does what
// its help line says: the car drives both ways on the arrow keys, the elevator goes up and down,
// the catapult's pin breaks and the stone knocks the tower over, and the sandbox's drag lifts a
// body of a joint scene and lets it go.

#include "joint_scene.hpp"
#include "mouse_tools.hpp"
#include "oblique/scene_world.hpp"
#include "oblique/sfml/mouse_state.hpp"
#include "sandbox_scene.hpp"
#include "world_settings.hpp"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace
{

using oblique::BodyId;
using oblique::JointDef;
using oblique::JointId;
using oblique::Key;
using oblique::Solver;
using oblique::Vec2;
using oblique::World;
using oblique::sandbox::JointScene;
using oblique::sandbox::SceneEntry;

constexpr const char* kCategory = "Joints";
constexpr float kDt = 1.0f / 60.0f;
constexpr int kFrames = 240;
constexpr float kTolerance = 0.01f; // metres

const SceneEntry* entryNamed(std::string_view name)
{
    for (const SceneEntry& entry : oblique::sandbox::builtinScenes())
    {
        if (entry.category == kCategory && entry.name == name)
        {
            return &entry;
        }
    }
    return nullptr;
}

std::vector<std::string> sceneNames()
{
    std::vector<std::string> names;
    for (const SceneEntry& entry : oblique::sandbox::builtinScenes())
    {
        if (entry.category == kCategory)
        {
            names.push_back(entry.name);
        }
    }
    return names;
}

bool finite(Vec2 v)
{
    return std::isfinite(v.x) && std::isfinite(v.y);
}

// Every joint of the world, once each.
std::vector<JointId> allJoints(const World& world)
{
    std::vector<JointId> found;
    for (const BodyId body : world.bodies())
    {
        for (const JointId id : world.joints(body))
        {
            if (std::find(found.begin(), found.end(), id) == found.end())
            {
                found.push_back(id);
            }
        }
    }
    return found;
}

// How far the joint has come apart, metres: zero while it holds exactly. A hinge's or weld's two
// anchors apart; a distance joint's length outside its range; a slider's or wheel's B anchor off
// the axis through A's. Mouse and motor joints are soft by design and always give 0.
float separation(const World& world, JointId id)
{
    const Vec2 a = world.jointAnchorA(id);
    const Vec2 b = world.jointAnchorB(id);
    const JointDef def = world.jointDef(id);
    if (const auto* rod = std::get_if<oblique::DistanceJointDef>(&def.params))
    {
        const float length = oblique::distance(a, b);
        return std::max(
            {0.0f, rod->minLength.value_or(0.0f) - length, length - rod->maxLength.value_or(length)});
    }
    if (const auto* slider = std::get_if<oblique::PrismaticJointDef>(&def.params))
    {
        return std::abs(oblique::cross(oblique::normalize(slider->axis), b - a));
    }
    if (const auto* wheel = std::get_if<oblique::WheelJointDef>(&def.params))
    {
        return std::abs(oblique::cross(oblique::normalize(wheel->axis), b - a));
    }
    if (std::holds_alternative<oblique::RevoluteJointDef>(def.params) ||
        std::holds_alternative<oblique::WeldJointDef>(def.params))
    {
        return oblique::distance(a, b);
    }
    return 0.0f;
}

// A scene of the category opened as the sandbox opens it, with the panel's solver choice applied,
// and stepped as the sandbox steps it.
class JointSceneRun
{
public:
    JointSceneRun(std::string_view name, Solver solver) : m_camera({0.0f, 0.0f}, 50.0f, {1280.0f, 720.0f})
    {
        const SceneEntry* entry = entryNamed(name);
        if (entry == nullptr)
        {
            ADD_FAILURE() << "no scene '" << name << "' under " << kCategory;
            return;
        }
        m_scene = entry->make();
        m_context.world = &m_world;
        m_context.bodies = &m_bodies;
        m_context.input = &m_input;
        m_context.camera = &m_camera;
        m_scene->load(m_context);
        oblique::sandbox::PanelSettings panel;
        panel.adopt(m_world);
        panel.values().solver = solver;
        panel.apply(m_world);
        m_joints = allJoints(m_world);
    }

    bool isOpen() const { return m_scene != nullptr; }

    // One update with these keys held, then one world step; the worst joint separation is kept.
    void frame(std::initializer_list<Key> held = {}) { frame(held, {}); }

    // The same with the mouse: the sandbox's tools read it first (a press on a dynamic body grabs
    // it with a mouse joint).
    void frame(std::initializer_list<Key> held, const oblique::MouseState& mouse)
    {
        oblique::KeyboardState keys;
        for (const Key key : held)
        {
            keys.setKey(key, true);
        }
        m_input.advance(keys, mouse);
        m_tools.handleInput(m_world, m_bodies, m_input, m_camera, kDt, true, true);
        oblique::GameTime time;
        time.elapsed = oblique::durationFromSeconds(static_cast<double>(kDt));
        time.total =
            oblique::durationFromSeconds(static_cast<double>(m_frames + 1) * static_cast<double>(kDt));
        m_scene->update(m_context, time);
        m_world.step(kDt);
        ++m_frames;
        for (const JointId id : m_joints)
        {
            if (!m_world.isValid(id))
            {
                continue;
            }
            const float gap = separation(m_world, id);
            if (!(gap <= m_worstSeparation))
            {
                m_worstSeparation = gap;
                m_worstJoint = id;
                m_worstFrame = m_frames;
            }
        }
    }

    // One frame with the cursor at a world point and the left button held or not.
    void mouse(Vec2 cursor, bool leftDown)
    {
        oblique::MouseState state;
        state.position = m_camera.worldToScreen(cursor);
        state.setButton(oblique::MouseButton::Left, leftDown);
        frame({}, state);
    }

    // The first body whose pose or velocity is not finite, as its index; -1 when all are.
    int firstNonFiniteBody() const
    {
        for (std::size_t i = 0; i < m_bodies.size(); ++i)
        {
            const BodyId id = m_bodies[i];
            if (!finite(m_world.position(id)) || !std::isfinite(m_world.angle(id)) ||
                !finite(m_world.linearVelocity(id)) || !std::isfinite(m_world.angularVelocity(id)))
            {
                return static_cast<int>(i);
            }
        }
        return -1;
    }

    // What the worst joint separation was, where and when, for a failure message.
    std::string worstJoint() const
    {
        if (oblique::isNull(m_worstJoint))
        {
            return "none";
        }
        return "joint slot " + std::to_string(m_worstJoint.index) + " at frame " +
               std::to_string(m_worstFrame);
    }

    World& world() { return m_world; }
    JointScene& scene() { return dynamic_cast<JointScene&>(*m_scene); }
    const oblique::Camera2D& camera() const { return m_camera; }
    const oblique::sandbox::MouseTools& tools() const { return m_tools; }
    const std::vector<JointId>& joints() const { return m_joints; }
    float worstSeparation() const { return m_worstSeparation; }

private:
    World m_world;
    std::vector<BodyId> m_bodies;
    oblique::Camera2D m_camera;
    oblique::Input m_input;
    oblique::sandbox::MouseTools m_tools;
    oblique::sandbox::SceneContext m_context;
    std::unique_ptr<oblique::sandbox::SandboxScene> m_scene;
    std::vector<JointId> m_joints;
    int m_frames = 0;
    float m_worstSeparation = 0.0f;
    JointId m_worstJoint;
    int m_worstFrame = 0;
};

class JointScenes : public ::testing::TestWithParam<Solver>
{
};

TEST(JointsCategory, ListsItsScenes)
{
    for (const char* name : {"Pendulums", "Newton's cradle", "Chain", "Bridge", "Ragdolls", "Car", "Elevator",
                             "Doors", "Catapult", "Soft blob"})
    {
        EXPECT_NE(entryNamed(name), nullptr) << name;
    }
}

TEST_P(JointScenes, EverySceneHoldsItsJointsTogetherWithoutNonFiniteState)
{
    const std::vector<std::string> names = sceneNames();
    ASSERT_FALSE(names.empty());
    for (const std::string& name : names)
    {
        SCOPED_TRACE(name);
        JointSceneRun run(name, GetParam());
        ASSERT_TRUE(run.isOpen());
        EXPECT_FALSE(run.scene().help().empty());
        EXPECT_EQ(run.scene().sceneDescription(), nullptr);
        EXPECT_TRUE(finite(run.camera().center()));
        EXPECT_EQ(run.world().settings().solver, GetParam());
        EXPECT_FALSE(run.joints().empty());
        EXPECT_EQ(static_cast<int>(run.joints().size()), run.world().jointCount());
        for (int frame = 0; frame < kFrames; ++frame)
        {
            run.frame();
        }
        EXPECT_EQ(run.firstNonFiniteBody(), -1);
        EXPECT_LT(run.worstSeparation(), kTolerance) << run.worstJoint();
    }
}

// What the panel's Save does with a Joints scene (it has no description, so every body of the
// world): the file keeps every joint, and builds a world with as many bodies and joints again.
TEST(JointsCategory, EverySceneSavesWithItsJoints)
{
    for (const std::string& name : sceneNames())
    {
        SCOPED_TRACE(name);
        JointSceneRun run(name, Solver::SoftStep);
        ASSERT_TRUE(run.isOpen());
        for (int frame = 0; frame < 30; ++frame)
        {
            run.frame();
        }
        const oblique::Scene saved =
            oblique::captureScene(run.world(), run.world().bodies(), oblique::Scene{});
        EXPECT_EQ(static_cast<int>(saved.joints.size()), run.world().jointCount());
        const oblique::SceneInstance loaded = oblique::instantiate(saved);
        EXPECT_EQ(loaded.world.bodyCount(), run.world().bodyCount());
        EXPECT_EQ(loaded.world.jointCount(), run.world().jointCount());
    }
}

// The checker itself: a hinge pulled apart by hand reads as apart.
TEST(JointSeparation, SeesAHingeComeApart)
{
    JointSceneRun run("Pendulums", Solver::SoftStep);
    ASSERT_TRUE(run.isOpen());
    const BodyId rod = run.scene().body("single");
    const JointId hinge = run.scene().joint("single hinge");
    ASSERT_FALSE(oblique::isNull(rod));
    ASSERT_TRUE(run.world().isValid(hinge));
    EXPECT_LT(separation(run.world(), hinge), 1e-5f);
    run.world().setTransform(rod, run.world().position(rod) + Vec2{0.0f, -0.05f}, run.world().angle(rod));
    EXPECT_NEAR(separation(run.world(), hinge), 0.05f, 1e-4f);
}

// The first ball's knock goes through the three at rest to the last: it leaves at nearly the
// first ball's speed while the others stay almost still, and then swings back and sends the first.
TEST_P(JointScenes, TheCradlePassesTheKnockToTheLastBall)
{
    JointSceneRun run("Newton's cradle", GetParam());
    ASSERT_TRUE(run.isOpen());
    std::vector<BodyId> balls;
    for (int i = 0; i < 5; ++i)
    {
        balls.push_back(run.scene().body("ball " + std::to_string(i)));
        ASSERT_FALSE(oblique::isNull(balls.back()));
    }
    const auto speed = [&run, &balls](int i)
    { return run.world().linearVelocity(balls[static_cast<std::size_t>(i)]).x; };
    // The first ball's fastest, just before the knock; until the last ball moves.
    float before = 0.0f;
    int frame = 0;
    for (; frame < 120 && speed(4) < 0.5f; ++frame)
    {
        before = std::max(before, speed(0));
        run.frame();
    }
    ASSERT_GT(before, 4.0f);
    // A few steps for the knock to run through the row.
    for (int i = 0; i < 3; ++i)
    {
        run.frame();
    }
    EXPECT_GT(speed(4), 0.9f * before);
    for (int i = 0; i < 4; ++i)
    {
        EXPECT_LT(std::abs(speed(i)), 0.1f * before) << "ball " << i;
    }
    // The last ball swings out and back, and the knock comes back to the first.
    bool firstOut = false;
    for (; frame < 300 && !firstOut; ++frame)
    {
        run.frame();
        firstOut = speed(0) < -0.8f * before;
    }
    EXPECT_TRUE(firstOut);
    EXPECT_LT(run.worstSeparation(), kTolerance) << run.worstJoint();
}

// The car's motors follow the arrow keys: Right drives it right, Left back left past where it
// started, and with no key held they brake it to a stop.
TEST_P(JointScenes, TheCarDrivesRightAndLeftWithTheArrowKeys)
{
    JointSceneRun run("Car", GetParam());
    ASSERT_TRUE(run.isOpen());
    const BodyId car = run.scene().body("car");
    ASSERT_FALSE(oblique::isNull(car));
    for (int frame = 0; frame < 30; ++frame)
    {
        run.frame();
    }
    const float start = run.world().position(car).x;
    for (int frame = 0; frame < 120; ++frame)
    {
        run.frame({Key::Right});
    }
    const float right = run.world().position(car).x;
    EXPECT_GT(right, start + 5.0f);
    EXPECT_GT(run.world().linearVelocity(car).x, 3.0f);
    EXPECT_LT(run.world().angularVelocity(run.scene().body("rear wheel")), -10.0f);
    for (int frame = 0; frame < 240; ++frame)
    {
        run.frame({Key::Left});
    }
    EXPECT_LT(run.world().position(car).x, start - 2.0f);
    EXPECT_LT(run.world().linearVelocity(car).x, -3.0f);
    for (int frame = 0; frame < 120; ++frame)
    {
        run.frame();
    }
    EXPECT_LT(std::abs(run.world().linearVelocity(car).x), 0.1f);
    EXPECT_EQ(run.firstNonFiniteBody(), -1);
    EXPECT_LT(run.worstSeparation(), kTolerance) << run.worstJoint();
}

// The tray waits a second, rises the 6 m of its travel in three seconds and brings its load up
// with it, waits, and comes back down.
TEST_P(JointScenes, TheElevatorGoesUpWithItsLoadAndComesBackDown)
{
    JointSceneRun run("Elevator", GetParam());
    ASSERT_TRUE(run.isOpen());
    const BodyId tray = run.scene().body("tray");
    const BodyId crate = run.scene().body("crate");
    const JointId slider = run.scene().joint("slider");
    ASSERT_TRUE(run.world().isValid(slider));
    const float trayStart = run.world().position(tray).y;
    const float crateStart = run.world().position(crate).y;
    float highest = trayStart;
    int topFrame = -1;
    for (int frame = 0; frame < 300; ++frame)
    {
        run.frame();
        const float y = run.world().position(tray).y;
        if (y > highest)
        {
            highest = y;
            topFrame = frame;
        }
    }
    EXPECT_NEAR(highest - trayStart, 6.0f, 0.05f);
    EXPECT_NEAR(run.world().jointTranslation(slider), 6.0f, 0.05f) << "waiting at the top";
    EXPECT_NEAR(run.world().position(crate).y - crateStart, 6.0f, 0.1f) << "the crate rode up";
    // At 2 m/s, three seconds of travel after the first second's wait.
    EXPECT_GT(topFrame, 200);
    // Down from 5 s to 8 s; at 8.5 s it waits at the bottom.
    for (int frame = 0; frame < 210; ++frame)
    {
        run.frame();
    }
    EXPECT_NEAR(run.world().jointTranslation(slider), 0.0f, 0.05f) << "back at the bottom";
    EXPECT_EQ(run.firstNonFiniteBody(), -1);
    EXPECT_LT(run.worstSeparation(), kTolerance) << run.worstJoint();
}

// The stone's pin breaks during the swing, with the world's break event and the scene's record of
// it (named, past its break force), and the stone flies on to the tower and knocks it down.
TEST_P(JointScenes, TheCatapultsPinBreaksAndTheStoneHitsTheTower)
{
    JointSceneRun run("Catapult", GetParam());
    ASSERT_TRUE(run.isOpen());
    const JointId pin = run.scene().joint("stone pin");
    const BodyId stone = run.scene().body("stone");
    ASSERT_TRUE(run.world().isValid(pin));
    const float breakForce = run.world().jointDef(pin).breakForce;
    std::vector<BodyId> tower;
    for (const BodyId id : run.world().bodies())
    {
        if (run.world().bodyType(id) == oblique::BodyType::Dynamic && run.world().position(id).x > 10.0f)
        {
            tower.push_back(id);
        }
    }
    ASSERT_EQ(tower.size(), 12u);
    int eventFrame = -1;
    for (int frame = 0; frame < 360; ++frame)
    {
        run.frame();
        for (const oblique::JointBreakEvent& event : run.world().jointBreakEvents())
        {
            EXPECT_EQ(event.joint, pin);
            EXPECT_EQ(event.bodyB, stone);
            EXPECT_GT(oblique::length(event.force), breakForce);
            eventFrame = frame;
        }
    }
    ASSERT_GT(eventFrame, 60) << "not before the motor starts at one second";
    EXPECT_FALSE(run.world().isValid(pin));
    ASSERT_EQ(run.scene().breaks().size(), 1u);
    EXPECT_EQ(run.scene().breaks().front().name, "stone pin");
    EXPECT_GT(oblique::length(run.scene().breaks().front().force), breakForce);
    // Some crate of the tower was knocked out of its column.
    float moved = 0.0f;
    for (const BodyId crate : tower)
    {
        moved = std::max(moved, std::abs(run.world().position(crate).x - 16.4f));
    }
    EXPECT_GT(moved, 1.0f);
    EXPECT_EQ(run.firstNonFiniteBody(), -1);
}

// The sandbox's drag on a joint scene: the bridge's crate is grabbed, pulled 2 m up and held there
// by the mouse joint, and let go: the joint is gone and the crate falls back onto the deck.
TEST_P(JointScenes, TheDragLiftsABodyOfAJointSceneAndReleaseDestroysItsJoint)
{
    JointSceneRun run("Bridge", GetParam());
    ASSERT_TRUE(run.isOpen());
    const BodyId load = run.scene().body("load");
    for (int frame = 0; frame < 60; ++frame)
    {
        run.frame();
    }
    const int joints = run.world().jointCount();
    const Vec2 start = run.world().position(load);
    run.mouse(start, true);
    ASSERT_TRUE(run.tools().isDragging());
    const JointId drag = run.tools().dragJoint();
    EXPECT_EQ(run.world().jointType(drag), oblique::JointType::Mouse);
    EXPECT_EQ(run.world().jointCount(), joints + 1);
    for (int frame = 0; frame < 90; ++frame)
    {
        run.mouse(start + Vec2{0.0f, 2.0f}, true);
    }
    EXPECT_NEAR(run.world().position(load).y, start.y + 2.0f, 0.1f);
    run.mouse(start + Vec2{0.0f, 2.0f}, false);
    EXPECT_FALSE(run.world().isValid(drag));
    EXPECT_EQ(run.world().jointCount(), joints);
    for (int frame = 0; frame < 90; ++frame)
    {
        run.frame();
    }
    EXPECT_NEAR(run.world().position(load).y, start.y, 0.3f);
    EXPECT_EQ(run.firstNonFiniteBody(), -1);
}

INSTANTIATE_TEST_SUITE_P(BothSolvers, JointScenes, ::testing::Values(Solver::SoftStep, Solver::Ngs),
                         [](const ::testing::TestParamInfo<Solver>& param) {
                             return param.param == Solver::Ngs ? std::string("Ngs") : std::string("SoftStep");
                         });

} // namespace
