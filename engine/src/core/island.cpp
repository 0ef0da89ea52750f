// Islands and sleep: bodies joined by the contacts the solver works on, or by joints, wake
// together and sleep together. Static bodies join no island, so a ground shared by many piles keeps each pile
// its own island.

#include "island.hpp"

#include "parallel_for.hpp"
#include "step_context.hpp"
#include "world_state.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace oblique::detail
{

std::int32_t findRoot(std::vector<std::int32_t>& parent, std::int32_t i)
{
    while (parent[static_cast<std::size_t>(i)] != i)
    {
        // Path halving: every other node on the way points to its grandparent.
        const std::int32_t grand = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(i)])];
        parent[static_cast<std::size_t>(i)] = grand;
        i = grand;
    }
    return i;
}

namespace
{

// The lower index becomes the root, so the outcome never depends on the order of unions.
void unite(std::vector<std::int32_t>& parent, std::int32_t a, std::int32_t b)
{
    const std::int32_t ra = findRoot(parent, a);
    const std::int32_t rb = findRoot(parent, b);
    if (ra < rb)
    {
        parent[static_cast<std::size_t>(rb)] = ra;
    }
    else if (rb < ra)
    {
        parent[static_cast<std::size_t>(ra)] = rb;
    }
}

} // namespace

namespace
{

// Whether the contact or joint joins its two bodies into one island: static bodies join none.
bool joinsContact(const WorldState& w, const Contact& c)
{
    return isActive(c) && w.records[c.a].type != BodyType::Static && w.records[c.b].type != BodyType::Static;
}

bool joinsJoint(const WorldState& w, const JointRecord& j)
{
    const BodyRecord& a = w.records[j.bodyA];
    const BodyRecord& b = w.records[j.bodyB];
    // A disabled body neither wakes nor sleeps with its partner.
    return j.alive && a.type != BodyType::Static && b.type != BodyType::Static && a.enabled && b.enabled;
}

// Wakes a sleeping body that shares an island with an awake one (its sleep timer kept, as the
// island decides together) and queues it, so that what it touches and is jointed to is reached.
void wakeWithIsland(WorldState& w, std::uint32_t body)
{
    BodyRecord& r = w.records[body];
    if (!r.awake)
    {
        r.awake = true;
        w.noteBody(body);
        w.awakeBodies.push_back(body);
        w.islands.queue.push_back(static_cast<std::int32_t>(body));
    }
}

// Joins the bodies of every joint, and of the contacts of awake bodies (of every contact while
// no body sleeps), waking the sleeping bodies these join to awake ones. A contact between two
// sleeping bodies is left to reachPartners.
void uniteAwake(WorldState& w, bool anyAsleep)
{
    Islands& islands = w.islands;
    ContactSet& set = islands.contacts;
    if (!anyAsleep)
    {
        set.fill(w.contacts.size());
    }
    else
    {
        set.clear(w.contacts.size());
        for (const std::uint32_t i : w.awakeBodies)
        {
            insertContactsOf(w, set, i);
        }
    }
    set.forEach(
        [&w, &islands](std::int32_t ci)
        {
            const Contact& c = w.contacts[static_cast<std::size_t>(ci)];
            if (joinsContact(w, c))
            {
                unite(islands.parent, static_cast<std::int32_t>(c.a), static_cast<std::int32_t>(c.b));
                wakeWithIsland(w, c.a);
                wakeWithIsland(w, c.b);
            }
        });
    for (const JointRecord& j : w.joints.records)
    {
        if (joinsJoint(w, j))
        {
            unite(islands.parent, static_cast<std::int32_t>(j.bodyA), static_cast<std::int32_t>(j.bodyB));
            if (w.records[j.bodyA].awake != w.records[j.bodyB].awake)
            {
                wakeWithIsland(w, j.bodyA);
                wakeWithIsland(w, j.bodyB);
            }
        }
    }
}

// Joins the body to its contact and joint partners, waking and queueing the sleeping ones.
void reachPartners(WorldState& w, std::int32_t body)
{
    Islands& islands = w.islands;
    const auto reach = [&w, &islands, body](std::uint32_t other)
    {
        unite(islands.parent, body, static_cast<std::int32_t>(other));
        wakeWithIsland(w, other);
    };
    for (std::int32_t edge = w.records[static_cast<std::size_t>(body)].contactHead; edge != kNullIndex;)
    {
        const Contact& c = w.contacts[static_cast<std::size_t>(edge >> 1)];
        if (joinsContact(w, c))
        {
            reach((edge & 1) == 0 ? c.b : c.a);
        }
        edge = c.edges[edge & 1].next;
    }
    for (std::int32_t edge = w.records[static_cast<std::size_t>(body)].jointHead; edge != kNullIndex;)
    {
        const JointRecord& j = w.joints.records[static_cast<std::size_t>(edge >> 1)];
        if (joinsJoint(w, j))
        {
            reach((edge & 1) == 0 ? j.bodyB : j.bodyA);
        }
        edge = j.edges[edge & 1].next;
    }
}

} // namespace

void uniteAll(const WorldState& w, std::vector<std::int32_t>& parent)
{
    parent.resize(w.records.size());
    std::iota(parent.begin(), parent.end(), 0);
    for (const Contact& c : w.contacts)
    {
        if (joinsContact(w, c))
        {
            unite(parent, static_cast<std::int32_t>(c.a), static_cast<std::int32_t>(c.b));
        }
    }
    for (const JointRecord& j : w.joints.records)
    {
        if (joinsJoint(w, j))
        {
            unite(parent, static_cast<std::int32_t>(j.bodyA), static_cast<std::int32_t>(j.bodyB));
        }
    }
}

void buildIslands(StepContext& ctx)
{
    WorldState& w = ctx.world;
    Islands& islands = w.islands;
    const bool anyAsleep = w.anyAsleep();
    islands.anyAsleep = anyAsleep;
    // Islands serve sleep alone: with sleep off and every body awake there is nothing to wake and
    // no island will fall asleep (updateSleep does not read the forest then).
    if (!w.def.allowSleep && !anyAsleep)
    {
        return;
    }
    islands.parent.resize(w.records.size());
    std::iota(islands.parent.begin(), islands.parent.end(), 0);
    islands.queue.clear();
    // Every sleeping body joined to an awake one is woken and queued as the awake bodies' contacts
    // and the joints are joined; from those, breadth first, the sleeping bodies they touch or are
    // jointed to, so that each woken island is whole in the forest.
    uniteAwake(w, anyAsleep);
    for (std::size_t next = 0; next < islands.queue.size(); ++next)
    {
        reachPartners(w, islands.queue[next]);
    }
    islands.anyAsleep = w.anyAsleep();
}

namespace
{

// How fast a body moves, in sleep tolerances: below 1 it may sleep.
float sleepSpeedOf(const BodyState& s)
{
    return std::max(length(s.v) / kLinearSleepTolerance, std::fabs(s.w) / kAngularSleepTolerance);
}

// A body slow enough to sleep that is not at rest all the same: a contact of it is overlapped
// beyond what its load presses in (soft contacts push that out at speeds the relax pass takes
// back, so the body looks still while it moves), or it has sped up to twice its speed since its
// sleep timer started (a body balanced past its tipping point, or sliding off, gains speed from
// next to nothing). Speeds below a tenth of the tolerance are noise.
bool stillSettling(const BodyRecord& r, const BodyState& s)
{
    constexpr float kNoise = 0.1f;
    const float speed = sleepSpeedOf(s);
    return r.overlapped || (speed > kNoise && speed > 2.0f * r.sleepSpeed);
}

// A body's sleep timer: counted up while it is slow and settled, back to 0 otherwise. Soft step
// also notes the speed the timer started at (stillSettling) and clears the overlap mark.
void updateSleepTimer(WorldState& w, std::uint32_t index, float dt)
{
    constexpr float linTolSq = kLinearSleepTolerance * kLinearSleepTolerance;
    constexpr float angTolSq = kAngularSleepTolerance * kAngularSleepTolerance;
    const bool soft = w.def.solver == Solver::SoftStep;
    BodyRecord& r = w.records[index];
    const BodyState& s = w.states[index];
    const bool moving = lengthSquared(s.v) > linTolSq || s.w * s.w > angTolSq;
    if (!w.def.allowSleep || !r.allowSleep || moving || (soft && stillSettling(r, s)))
    {
        r.sleepTime = 0.0f;
    }
    else
    {
        r.sleepTime += dt;
    }
    if (soft)
    {
        r.overlapped = false;
        if (r.sleepTime == 0.0f)
        {
            r.sleepSpeed = sleepSpeedOf(s);
        }
    }
}

} // namespace

void updateSleep(StepContext& ctx)
{
    WorldState& w = ctx.world;
    Islands& islands = w.islands;
    // Each body's own timer: spread over the workers.
    const std::vector<std::uint32_t>& bodies = w.solverBodies.toBody;
    parallelFor(w.def.tasks, static_cast<int>(bodies.size()), kBodiesPerTask,
                [&](int begin, int end)
                {
                    for (int k = begin; k < end; ++k)
                    {
                        updateSleepTimer(w, bodies[static_cast<std::size_t>(k)], ctx.dt);
                    }
                });
    // Not while position correction is still working: the island would fall asleep overlapped.
    if (!w.def.allowSleep || !ctx.positionSolved)
    {
        return;
    }
    islands.sleep.assign(w.records.size(), kTimeToSleep * 2.0f);
    for (const std::uint32_t index : w.solverBodies.toBody)
    {
        float& island =
            islands
                .sleep[static_cast<std::size_t>(findRoot(islands.parent, static_cast<std::int32_t>(index)))];
        island = std::min(island, w.records[index].sleepTime);
    }
    for (const std::uint32_t index : w.solverBodies.toBody)
    {
        const std::int32_t root = findRoot(islands.parent, static_cast<std::int32_t>(index));
        if (islands.sleep[static_cast<std::size_t>(root)] >= kTimeToSleep)
        {
            BodyRecord& r = w.records[index];
            BodyState& s = w.states[index];
            r.awake = false;
            w.noteBody(index);
            s.v = {};
            s.w = 0.0f;
            // It moved in this step after its sensor contacts were looked at; asleep, it would
            // not be looked at again.
            w.recheckSensors(index);
        }
    }
}

} // namespace oblique::detail
