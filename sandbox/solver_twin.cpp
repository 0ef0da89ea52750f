#include "solver_twin.hpp"

#include "body_inspector.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace oblique::sandbox
{

namespace
{

constexpr int kMaxTwinCount = 100;

} // namespace

TwinSettings otherSolver(const WorldDef& main)
{
    TwinSettings twin;
    twin.solver = main.solver == Solver::Ngs ? Solver::SoftStep : Solver::Ngs;
    twin.subSteps = main.subSteps;
    twin.velocityIterations = main.velocityIterations;
    twin.positionIterations = main.positionIterations;
    return twin;
}

WorldDef twinWorldDef(const WorldDef& main, const TwinSettings& twin)
{
    WorldDef def = main;
    def.solver = twin.solver;
    def.subSteps = twin.subSteps;
    def.velocityIterations = twin.velocityIterations;
    def.positionIterations = twin.positionIterations;
    return def;
}

std::string twinLabel(const TwinSettings& twin)
{
    if (twin.solver == Solver::Ngs)
    {
        return "ngs, " + std::to_string(twin.velocityIterations) + " velocity / " +
               std::to_string(twin.positionIterations) + " position iter.";
    }
    return "soft step, " + std::to_string(twin.subSteps) + " substeps";
}

std::optional<TwinSettings> parseTwinSpec(std::string_view spec, const WorldDef& main, std::string& error)
{
    const std::size_t colon = spec.find(':');
    const std::string_view solver = spec.substr(0, colon);
    TwinSettings twin = otherSolver(main);
    if (solver == "ngs")
    {
        twin.solver = Solver::Ngs;
    }
    else if (solver == "soft")
    {
        twin.solver = Solver::SoftStep;
    }
    else
    {
        error = "--twin needs 'ngs' or 'soft', optionally with ':N', not '" + std::string(spec) + "'";
        return std::nullopt;
    }
    if (colon == std::string_view::npos)
    {
        return twin;
    }
    const std::string_view digits = spec.substr(colon + 1);
    int count = 0;
    const auto [end, failure] = std::from_chars(digits.data(), digits.data() + digits.size(), count);
    if (failure != std::errc{} || end != digits.data() + digits.size() || count < 1 || count > kMaxTwinCount)
    {
        error = "--twin '" + std::string(spec) + "': N (" +
                (twin.solver == Solver::Ngs ? std::string("velocity iterations") : std::string("substeps")) +
                ") must be a whole number from 1 to " + std::to_string(kMaxTwinCount);
        return std::nullopt;
    }
    (twin.solver == Solver::Ngs ? twin.velocityIterations : twin.subSteps) = count;
    return twin;
}

void SolverTwin::start(const World& main, const TwinSettings& settings)
{
    stop();
    m_world.restore(main.snapshot());
    const WorldDef def = twinWorldDef(main.settings(), settings);
    m_world.setSolver(def.solver);
    m_world.setSubSteps(def.subSteps);
    m_world.setIterations(def.velocityIterations, def.positionIterations);
    m_settings = settings;
    m_running = true;
}

void SolverTwin::stop()
{
    m_world = World{};
    m_running = false;
    m_diverged = false;
    m_divergedReason.clear();
    m_maxDifference = 0.0f;
    m_maxDifferenceBody = {};
    m_maxAngleDifference = 0.0f;
    m_stepCount = 0;
}

void SolverTwin::syncKinematic(const World& main)
{
    if (!m_running)
    {
        return;
    }
    for (const BodyId id : main.bodies())
    {
        if (main.bodyType(id) != BodyType::Kinematic || !m_world.isValid(id) ||
            m_world.bodyType(id) != BodyType::Kinematic)
        {
            continue;
        }
        m_world.setTransform(id, main.position(id), main.angle(id));
        m_world.setLinearVelocity(id, main.linearVelocity(id));
        m_world.setAngularVelocity(id, main.angularVelocity(id));
    }
}

void SolverTwin::step(const World& main, float dt)
{
    if (!m_running)
    {
        return;
    }
    m_world.step(dt);
    ++m_stepCount;
    measure(main);
}

// Bodies are compared by handle: the twin began as a snapshot of the main world, so a handle
// names the same body in both. Bodies made in the main world since are not in the twin.
void SolverTwin::measure(const World& main)
{
    m_maxDifference = 0.0f;
    m_maxDifferenceBody = {};
    m_maxAngleDifference = 0.0f;
    for (const BodyId id : main.bodies())
    {
        if (!m_world.isValid(id))
        {
            continue;
        }
        const float gap = distance(main.position(id), m_world.position(id));
        if (isNull(m_maxDifferenceBody) || gap > m_maxDifference)
        {
            m_maxDifference = gap;
            m_maxDifferenceBody = id;
        }
        m_maxAngleDifference = std::max(m_maxAngleDifference, std::abs(main.angle(id) - m_world.angle(id)));
    }
}

void SolverTwin::followMainSettings(const WorldDef& main)
{
    if (!m_running)
    {
        return;
    }
    m_world.setGravity(main.gravity);
    m_world.setAllowSleep(main.allowSleep);
    m_world.setWarmStarting(main.warmStarting);
    m_world.setContactTuning(main.contactHertz, main.contactDampingRatio, main.contactPushMaxSpeed);
}

void SolverTwin::markDiverged(const std::string& reason)
{
    if (m_running && !m_diverged)
    {
        m_diverged = true;
        m_divergedReason = reason;
    }
}

void SolverTwin::draw(DebugDraw& drawer) const
{
    if (!m_running)
    {
        return;
    }
    for (const BodyId id : m_world.bodies())
    {
        outlineBody(m_world, id, drawer, kTwinColor);
    }
}

} // namespace oblique::sandbox
