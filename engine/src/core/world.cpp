// The world as a whole: its settings, what it reports after a step, and its state hash.

#include "oblique/world.hpp"

#include "validation.hpp"
#include "world_state.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <utility>

namespace oblique
{

using namespace detail;

World::World(const WorldDef& def) : m_impl(std::make_unique<WorldState>())
{
    requireFinite("World", "gravity", def.gravity);
    validateIterations("World", def.velocityIterations, def.positionIterations);
    validateSolver("World", def.solver);
    validateSubSteps("World", def.subSteps);
    validateContactTuning("World", def.contactHertz, def.contactDampingRatio, def.contactPushMaxSpeed);
    requireNonNegative("World", "contactRecycleDistance", def.contactRecycleDistance);
    validateTaskSystem("World", def.tasks);
    if (!std::isfinite(def.restitutionThreshold) || def.restitutionThreshold < 0.0f)
    {
        fail("World", "restitutionThreshold must be finite and >= 0");
    }
    m_impl->def = def;
    // Slot 0 of the solver arrays is the shared immovable body.
    m_impl->solverBodies.velocities.emplace_back();
    m_impl->solverBodies.poses.emplace_back();
}

World::~World() = default;
World::World(World&&) noexcept = default;
World& World::operator=(World&&) noexcept = default;

const WorldDef& World::settings() const
{
    return m_impl->def;
}

void World::setGravity(Vec2 gravity)
{
    requireFinite("setGravity", "gravity", gravity);
    m_impl->def.gravity = gravity;
}

void World::setIterations(int velocityIterations, int positionIterations)
{
    validateIterations("setIterations", velocityIterations, positionIterations);
    m_impl->def.velocityIterations = velocityIterations;
    m_impl->def.positionIterations = positionIterations;
}

void World::setSolver(Solver solver)
{
    validateSolver("setSolver", solver);
    m_impl->def.solver = solver;
}

void World::setSubSteps(int subSteps)
{
    validateSubSteps("setSubSteps", subSteps);
    m_impl->def.subSteps = subSteps;
}

void World::setContactTuning(float hertz, float dampingRatio, float pushMaxSpeed)
{
    validateContactTuning("setContactTuning", hertz, dampingRatio, pushMaxSpeed);
    m_impl->def.contactHertz = hertz;
    m_impl->def.contactDampingRatio = dampingRatio;
    m_impl->def.contactPushMaxSpeed = pushMaxSpeed;
}

void World::setContactRecycleDistance(float metres)
{
    requireNonNegative("setContactRecycleDistance", "contactRecycleDistance", metres);
    m_impl->def.contactRecycleDistance = metres;
}

void World::setAllowSleep(bool allow)
{
    m_impl->def.allowSleep = allow;
    if (!allow)
    {
        for (std::uint32_t i = 0; i < m_impl->records.size(); ++i)
        {
            if (m_impl->records[i].alive)
            {
                m_impl->wake(i);
            }
        }
    }
}

void World::setWarmStarting(bool enabled)
{
    m_impl->def.warmStarting = enabled;
}

void World::setContinuous(bool enabled)
{
    m_impl->def.continuous = enabled;
}

void World::setRestitutionThreshold(float metresPerSecond)
{
    if (!std::isfinite(metresPerSecond) || metresPerSecond < 0.0f)
    {
        fail("setRestitutionThreshold", "threshold must be finite and >= 0");
    }
    m_impl->def.restitutionThreshold = metresPerSecond;
}

void World::setImpulseEvents(bool enabled)
{
    m_impl->def.impulseEvents = enabled;
}

void World::setTaskSystem(const TaskSystem& tasks)
{
    WorldState& w = *m_impl;
    w.checkNotInCallback("setTaskSystem");
    validateTaskSystem("setTaskSystem", tasks);
    w.def.tasks = tasks;
}

void World::setPreSolve(PreSolveCallback callback)
{
    WorldState& w = *m_impl;
    w.checkNotInCallback("setPreSolve");
    w.preSolve = std::move(callback);
    // What the last callback changed must not outlive it.
    for (Contact& contact : w.contacts)
    {
        resetStepValues(contact);
    }
}

namespace
{

// A touching contact as contacts() reports it: the touching part of its manifold, each point with
// the impulses the solver stored for it (stored by manifold point, so they follow the filter).
ContactInfo contactInfoOf(const WorldState& w, const Contact& c)
{
    ContactInfo info{w.idOf(c.a), w.idOf(c.b), w.shapeIdOf(c.shapeA), w.shapeIdOf(c.shapeB), {}, {}, {}};
    info.manifold.normal = c.manifold.normal;
    int count = 0;
    for (int i = 0; i < std::min(c.manifold.pointCount, 2); ++i)
    {
        if (c.manifold.points[i].separation <= kTouchingDistance)
        {
            info.manifold.points[count] = c.manifold.points[i];
            info.normalImpulses[count] = c.normalImpulse[i];
            info.tangentImpulses[count] = c.tangentImpulse[i];
            ++count;
        }
    }
    info.manifold.pointCount = count;
    return info;
}

void sortContactInfos(std::vector<ContactInfo>& infos)
{
    const auto order = [](const ContactInfo& x) {
        return std::tuple{x.a.index, x.b.index, x.shapeA.index, x.shapeB.index};
    };
    std::sort(infos.begin(), infos.end(),
              [&](const ContactInfo& x, const ContactInfo& y) { return order(x) < order(y); });
}

} // namespace

std::vector<ContactInfo> World::contacts() const
{
    const WorldState& w = *m_impl;
    std::vector<ContactInfo> out;
    for (const Contact& c : w.contacts)
    {
        if (isTouchingSolid(c))
        {
            out.push_back(contactInfoOf(w, c));
        }
    }
    sortContactInfos(out);
    return out;
}

std::vector<ContactInfo> World::contacts(BodyId body) const
{
    const WorldState& w = *m_impl;
    const std::uint32_t slot = w.checkedIndex(body, "contacts");
    std::vector<ContactInfo> out;
    for (const Contact& c : w.contacts)
    {
        if (isTouchingSolid(c) && (c.a == slot || c.b == slot))
        {
            out.push_back(contactInfoOf(w, c));
        }
    }
    sortContactInfos(out);
    return out;
}

std::span<const ContactBeginEvent> World::contactBeginEvents() const
{
    return m_impl->beginEvents;
}
std::span<const ContactEndEvent> World::contactEndEvents() const
{
    return m_impl->endEvents;
}
std::span<const ContactImpulseEvent> World::contactImpulseEvents() const
{
    return m_impl->impulseEvents;
}
std::span<const SensorEvent> World::sensorBeginEvents() const
{
    return m_impl->sensorBeginEvents;
}
std::span<const SensorEvent> World::sensorEndEvents() const
{
    return m_impl->sensorEndEvents;
}

std::span<const BodyId> World::outOfRangeBodies() const
{
    return m_impl->outOfRange;
}

const Profile& World::profile() const
{
    return m_impl->profile;
}

std::uint64_t World::stateHash() const
{
    // FNV-1a over the raw bits, so any difference at all changes the hash.
    std::uint64_t h = 14695981039346656037ull;
    const auto mix = [&h](const void* data, std::size_t size)
    {
        const auto* bytes = static_cast<const unsigned char*>(data);
        for (std::size_t i = 0; i < size; ++i)
        {
            h = (h ^ bytes[i]) * 1099511628211ull;
        }
    };
    const WorldState& w = *m_impl;
    for (std::uint32_t i = 0; i < w.records.size(); ++i)
    {
        const BodyRecord& r = w.records[i];
        if (!r.alive)
        {
            continue;
        }
        const BodyState& s = w.states[i];
        const float values[8] = {s.position.x, s.position.y, s.angle, s.q.c, s.q.s, s.v.x, s.v.y, s.w};
        mix(&i, sizeof i);
        mix(values, sizeof values);
        const unsigned char awake = r.awake ? 1 : 0;
        mix(&awake, 1);
        // Only for a disabled body, so a world without one hashes as it always has.
        if (!r.enabled)
        {
            const unsigned char disabled = 2;
            mix(&disabled, 1);
        }
    }
    // The impulses joints carry into the next step (as the force and torque over a step of one
    // second); a world without joints hashes as it always has.
    for (std::uint32_t i = 0; i < w.joints.records.size(); ++i)
    {
        const JointRecord& j = w.joints.records[i];
        if (!j.alive)
        {
            continue;
        }
        const JointReaction carried = reactionOf(j, 1.0f);
        const float values[3] = {carried.force.x, carried.force.y, carried.torque};
        mix(&i, sizeof i);
        mix(values, sizeof values);
    }
    return h;
}

} // namespace oblique
