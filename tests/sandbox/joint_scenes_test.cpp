// The scene browser's Joints category, run the way the sandbox runs it (the scene's update, then a
// world step, 60 times a second) under either solver: every scene builds, runs four seconds without
// a body's state turning non-finite, and holds every joint together: the two anchors of a hinge or
// weld stay within a centimetre of each other, a distance joint's length within a centimetre of
// its range, a slider's or wheel's B anchor within a centimetre of its axis.

#include "joint_scene.hpp"
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
    void frame(std::initializer_list<Key> held = {})
    {
        oblique::KeyboardState keys;
        for (const Key key : held)
        {
            keys.setKey(key, true);
        }
        m_input.advance(keys, {});
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
    const std::vector<JointId>& joints() const { return m_joints; }
    float worstSeparation() const { return m_worstSeparation; }

private:
    World m_world;
    std::vector<BodyId> m_bodies;
    oblique::Camera2D m_camera;
    oblique::Input m_input;
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
    for (const char* name : {"Pendulums", "Newton's cradle", "Chain", "Bridge", "Ragdolls", "Doors"})
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

INSTANTIATE_TEST_SUITE_P(BothSolvers, JointScenes, ::testing::Values(Solver::SoftStep, Solver::Ngs),
                         [](const ::testing::TestParamInfo<Solver>& param) {
                             return param.param == Solver::Ngs ? std::string("Ngs") : std::string("SoftStep");
                         });

} // namespace
