#include "world_settings.hpp"

#include <algorithm>
#include <cstdio>

namespace oblique::sandbox
{

namespace
{

// The softest contact and slowest push the panel lets through: the world takes anything above
// zero, but at zero it would refuse the whole change.
constexpr float kMinContactHertz = 0.1f;
constexpr float kMinPushMaxSpeed = 0.01f;

void applyTo(World& world, const WorldDef& settings)
{
    world.setGravity(settings.gravity);
    world.setSolver(settings.solver);
    world.setSubSteps(settings.subSteps);
    world.setContactTuning(settings.contactHertz, settings.contactDampingRatio, settings.contactPushMaxSpeed);
    world.setIterations(settings.velocityIterations, settings.positionIterations);
    world.setAllowSleep(settings.allowSleep);
    world.setWarmStarting(settings.warmStarting);
    world.setContinuous(settings.continuous);
}

} // namespace

const char* solverLabel(Solver solver)
{
    return solver == Solver::Ngs ? "ngs" : "soft step";
}

std::string solverSummary(const WorldDef& settings)
{
    char text[128];
    if (settings.solver == Solver::Ngs)
    {
        std::snprintf(text, sizeof text, "solver ngs   %d velocity / %d position iter.",
                      settings.velocityIterations, settings.positionIterations);
    }
    else
    {
        std::snprintf(text, sizeof text, "solver soft step   %d substeps   %.0f Hz", settings.subSteps,
                      static_cast<double>(settings.contactHertz));
    }
    return text;
}

void PanelSettings::adopt(World& world)
{
    if (m_overridden)
    {
        applyTo(world, m_values);
    }
    m_values = world.settings();
}

void PanelSettings::apply(World& world)
{
    clampToLimits();
    applyTo(world, m_values);
    m_overridden = true;
}

void PanelSettings::clampToLimits()
{
    m_values.subSteps = std::max(1, m_values.subSteps);
    m_values.contactHertz = std::max(kMinContactHertz, m_values.contactHertz);
    m_values.contactDampingRatio = std::max(0.0f, m_values.contactDampingRatio);
    m_values.contactPushMaxSpeed = std::max(kMinPushMaxSpeed, m_values.contactPushMaxSpeed);
    m_values.velocityIterations = std::max(1, m_values.velocityIterations);
    m_values.positionIterations = std::max(0, m_values.positionIterations);
}

} // namespace oblique::sandbox
