#include "joint_scene.hpp"

#include "sandbox_math.hpp"

#include <array>
#include <cmath>
#include <cstdio>
#include <imgui.h>
#include <numbers>

namespace oblique::sandbox
{

namespace
{

constexpr Color kBreakColor{1.0f, 0.35f, 0.25f, 1.0f};
// How long a break stays marked in the world, seconds of scene time.
constexpr float kBreakShownFor = 4.0f;
constexpr int kBurstRays = 8;

const char* nameOrJoint(const std::string& name)
{
    return name.empty() ? "joint" : name.c_str();
}

} // namespace

void JointScene::load(SceneContext& context)
{
    m_world = context.world;
    m_bodies = context.bodies;
    m_bodyNames.clear();
    m_jointNames.clear();
    m_breaks.clear();
    m_time = 0.0f;
    build(*context.world);
    if (context.camera != nullptr)
    {
        frameBounds(*context.camera, m_frame);
    }
}

void JointScene::update(SceneContext& context, const GameTime& time)
{
    const float dt = time.elapsedSeconds();
    World& world = *context.world;
    // The app calls update before each step, so these are the previous step's breaks, each seen once.
    for (const JointBreakEvent& event : world.jointBreakEvents())
    {
        JointBreak broken;
        for (const auto& [name, id] : m_jointNames)
        {
            if (id == event.joint)
            {
                broken.name = name;
            }
        }
        broken.where = world.isValid(event.bodyB) ? world.worldCenter(event.bodyB) : Vec2{};
        broken.force = event.force;
        broken.torque = event.torque;
        broken.time = m_time;
        m_breaks.push_back(broken);
    }
    if (dt > 0.0f)
    {
        m_time += dt;
    }
    control(context, dt);
}

void JointScene::draw(SceneContext& context, DebugDraw& drawer)
{
    const float pixel = context.camera != nullptr ? context.camera->screenToWorldLength(1.0f) : 0.02f;
    for (const JointBreak& broken : m_breaks)
    {
        if (m_time - broken.time > kBreakShownFor)
        {
            continue;
        }
        // A burst of rays, a constant size on screen, and what the joint had to bear.
        for (int i = 0; i < kBurstRays; ++i)
        {
            const float angle = 2.0f * std::numbers::pi_v<float> * static_cast<float>(i) / kBurstRays;
            const Vec2 ray{std::cos(angle), std::sin(angle)};
            drawer.drawSegment(broken.where + (8.0f * pixel) * ray, broken.where + (22.0f * pixel) * ray,
                               kBreakColor);
        }
        char text[96];
        std::snprintf(text, sizeof text, "%s broke: %.0f N", nameOrJoint(broken.name),
                      static_cast<double>(length(broken.force)));
        drawer.drawString(broken.where + Vec2{26.0f * pixel, 8.0f * pixel}, text, kBreakColor);
    }
}

void JointScene::drawPanel(SceneContext& /*context*/)
{
    for (const JointBreak& broken : m_breaks)
    {
        ImGui::TextColored(ImVec4(kBreakColor.r, kBreakColor.g, kBreakColor.b, 1.0f),
                           "%.2f s: %s broke at %.0f N, %.1f N*m", static_cast<double>(broken.time),
                           nameOrJoint(broken.name), static_cast<double>(length(broken.force)),
                           static_cast<double>(broken.torque));
    }
}

BodyId JointScene::body(std::string_view name) const
{
    for (const auto& [bodyName, id] : m_bodyNames)
    {
        if (bodyName == name)
        {
            return id;
        }
    }
    return {};
}

JointId JointScene::joint(std::string_view name) const
{
    for (const auto& [jointName, id] : m_jointNames)
    {
        if (jointName == name)
        {
            return id;
        }
    }
    return {};
}

BodyId JointScene::addBody(const BodyDef& def, const ShapeDef& shape, std::string name)
{
    const BodyId id = m_world->createBody(def, shape);
    if (m_bodies != nullptr)
    {
        m_bodies->push_back(id);
    }
    if (!name.empty())
    {
        m_bodyNames.emplace_back(std::move(name), id);
    }
    return id;
}

ShapeId JointScene::addShape(BodyId body, const ShapeDef& shape)
{
    return m_world->createShape(body, shape);
}

JointId JointScene::addJoint(const JointDef& def, std::string name)
{
    const JointId id = m_world->createJoint(def);
    if (!name.empty())
    {
        m_jointNames.emplace_back(std::move(name), id);
    }
    return id;
}

} // namespace oblique::sandbox
