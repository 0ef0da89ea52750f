#include "lab_readouts.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace oblique::sandbox
{

WindowStats::WindowStats(int capacity)
{
    if (capacity < 1)
    {
        throw std::invalid_argument("WindowStats: the window must hold at least 1 value, not " +
                                    std::to_string(capacity));
    }
    m_values.assign(static_cast<std::size_t>(capacity), 0.0f);
}

void WindowStats::add(float value)
{
    m_values[static_cast<std::size_t>(m_next)] = value;
    m_next = (m_next + 1) % capacity();
    m_count = std::min(m_count + 1, capacity());
}

void WindowStats::reset()
{
    m_next = 0;
    m_count = 0;
}

float WindowStats::current() const
{
    if (m_count == 0)
    {
        return 0.0f;
    }
    return m_values[static_cast<std::size_t>((m_next + capacity() - 1) % capacity())];
}

// The held values are the first m_count slots until the ring wraps, then all of them; either way
// the sum and maximum are over those slots, whatever their order.
float WindowStats::average() const
{
    if (m_count == 0)
    {
        return 0.0f;
    }
    double sum = 0.0;
    for (int i = 0; i < m_count; ++i)
    {
        sum += static_cast<double>(m_values[static_cast<std::size_t>(i)]);
    }
    return static_cast<float>(sum / m_count);
}

float WindowStats::max() const
{
    if (m_count == 0)
    {
        return 0.0f;
    }
    const auto held = m_values.begin() + m_count;
    return *std::max_element(m_values.begin(), held);
}

const char* stageLabel(ProfileStage stage)
{
    switch (stage)
    {
    case ProfileStage::Step:
        return "step";
    case ProfileStage::Broadphase:
        return "broadphase";
    case ProfileStage::Narrowphase:
        return "narrowphase";
    case ProfileStage::Solver:
        return "solver";
    }
    return "?";
}

float stageMilliseconds(const Profile& profile, ProfileStage stage)
{
    switch (stage)
    {
    case ProfileStage::Step:
        return profile.step;
    case ProfileStage::Broadphase:
        return profile.broadphase;
    case ProfileStage::Narrowphase:
        return profile.narrowphase;
    case ProfileStage::Solver:
        return profile.solver;
    }
    return 0.0f;
}

ProfileWindow::ProfileWindow(int capacity)
    : m_stages{WindowStats(capacity), WindowStats(capacity), WindowStats(capacity), WindowStats(capacity)}
{
}

void ProfileWindow::add(const Profile& profile)
{
    for (const ProfileStage stage : kProfileStages)
    {
        m_stages[static_cast<std::size_t>(stage)].add(stageMilliseconds(profile, stage));
    }
}

void ProfileWindow::reset()
{
    for (WindowStats& stats : m_stages)
    {
        stats.reset();
    }
}

float kineticEnergy(const World& world)
{
    double energy = 0.0;
    for (const BodyId id : world.bodies())
    {
        if (world.bodyType(id) != BodyType::Dynamic || !world.isEnabled(id))
        {
            continue;
        }
        const Vec2 v = world.linearVelocity(id);
        const float w = world.angularVelocity(id);
        energy += 0.5 * static_cast<double>(world.mass(id) * dot(v, v)) +
                  0.5 * static_cast<double>(world.inertia(id) * w * w);
    }
    return static_cast<float>(energy);
}

float deepestPenetration(const World& world)
{
    float deepest = 0.0f;
    for (const ContactInfo& contact : world.contacts())
    {
        for (int i = 0; i < contact.manifold.pointCount; ++i)
        {
            deepest = std::max(deepest, -contact.manifold.points[i].separation);
        }
    }
    return deepest;
}

} // namespace oblique::sandbox
