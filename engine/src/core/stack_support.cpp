// Stack support: which contacts carry a heavy body down to the ground, and the pass that holds
// each lower body still while the one above is stopped on it.

#include "stack_support.hpp"

#include "constants.hpp"
#include "contact_solver.hpp"
#include "soft_contact_solver.hpp"
#include "step_context.hpp"
#include "wide_contact.hpp"
#include "world_state.hpp"

#include <algorithm>
#include <cstddef>
#include <type_traits>

namespace oblique::detail
{

namespace
{

// A body touching nothing that leads to the ground.
constexpr std::int32_t kUnsupported = 1 << 30;

// Every contact in the constraint graph as a StackPair, in the order the graph is prepared in:
// the contact records are read once, the passes below read these.
void gatherPairs(StackSupport& s, const WorldState& w)
{
    s.pairs.clear();
    const auto add = [&](const std::vector<std::int32_t>& members)
    {
        for (const std::int32_t ci : members)
        {
            const Contact& c = w.contacts[static_cast<std::size_t>(ci)];
            s.pairs.push_back({ci, w.solverBodies.slotOf[c.a], w.solverBodies.slotOf[c.b],
                               (c.flags & kContactTouching) != 0});
        }
    };
    add(w.graph.overflow);
    for (const GraphColor& color : w.graph.colors)
    {
        add(color.contacts);
    }
}

// Each body's level: 1 touching something impulses do not move (0: the ground, a kinematic
// body), then one more per touching contact, breadth first.
void findLevels(StackSupport& s, const std::vector<SolverVelocity>& velocities)
{
    const std::size_t slots = velocities.size();
    s.levels.assign(slots, kUnsupported);
    s.edgeStart.assign(slots + 1, 0);
    s.queue.clear();
    for (std::size_t i = 0; i < slots; ++i)
    {
        if (!movedByImpulses(velocities[i]))
        {
            s.levels[i] = 0;
        }
    }
    for (const StackPair& p : s.pairs)
    {
        if (!p.touching)
        {
            continue;
        }
        const auto a = static_cast<std::size_t>(p.slotA);
        const auto b = static_cast<std::size_t>(p.slotB);
        const bool movesA = s.levels[a] != 0;
        const bool movesB = s.levels[b] != 0;
        if (movesA && movesB)
        {
            ++s.edgeStart[a];
            ++s.edgeStart[b];
        }
        else if (movesA != movesB)
        {
            const std::size_t body = movesA ? a : b;
            if (s.levels[body] == kUnsupported)
            {
                s.levels[body] = 1;
                s.queue.push_back(static_cast<std::int32_t>(body));
            }
        }
    }
    // Each slot's count summed into where its edges end, then filled from the end backwards,
    // which leaves edgeStart[i] where slot i's edges start and edgeStart[slots] at their total.
    for (std::size_t i = 1; i < slots; ++i)
    {
        s.edgeStart[i] += s.edgeStart[i - 1];
    }
    s.edgeStart[slots] = slots > 0 ? s.edgeStart[slots - 1] : 0;
    s.edges.resize(static_cast<std::size_t>(s.edgeStart[slots]));
    for (const StackPair& p : s.pairs)
    {
        const auto a = static_cast<std::size_t>(p.slotA);
        const auto b = static_cast<std::size_t>(p.slotB);
        if (p.touching && s.levels[a] != 0 && s.levels[b] != 0)
        {
            s.edges[static_cast<std::size_t>(--s.edgeStart[a])] = p.slotB;
            s.edges[static_cast<std::size_t>(--s.edgeStart[b])] = p.slotA;
        }
    }
    for (std::size_t k = 0; k < s.queue.size(); ++k)
    {
        const auto body = static_cast<std::size_t>(s.queue[k]);
        const std::int32_t next = s.levels[body] + 1;
        for (std::int32_t e = s.edgeStart[body]; e < s.edgeStart[body + 1]; ++e)
        {
            const auto other = static_cast<std::size_t>(s.edges[static_cast<std::size_t>(e)]);
            if (s.levels[other] == kUnsupported)
            {
                s.levels[other] = next;
                s.queue.push_back(static_cast<std::int32_t>(other));
            }
        }
    }
}

// The lower of a pair's two bodies' levels (the unsupported counted as one past the highest).
std::size_t keyOf(const StackSupport& s, const StackPair& p, std::size_t unsupportedKey)
{
    const std::int32_t level =
        std::min(s.levels[static_cast<std::size_t>(p.slotA)], s.levels[static_cast<std::size_t>(p.slotB)]);
    return level == kUnsupported ? unsupportedKey : static_cast<std::size_t>(level);
}

// The pairs by level, ground up, as indices into pairs (a counting sort: within a level, in
// graph order).
void sortByLevel(StackSupport& s)
{
    std::int32_t highest = 0;
    for (const std::int32_t level : s.levels)
    {
        highest = level == kUnsupported ? highest : std::max(highest, level);
    }
    const std::size_t buckets = static_cast<std::size_t>(highest) + 2;
    s.bucketStart.assign(buckets + 1, 0);
    for (const StackPair& p : s.pairs)
    {
        ++s.bucketStart[keyOf(s, p, buckets - 1) + 1];
    }
    for (std::size_t i = 0; i < buckets; ++i)
    {
        s.bucketStart[i + 1] += s.bucketStart[i];
    }
    s.byLevel.resize(s.pairs.size());
    for (std::size_t k = 0; k < s.pairs.size(); ++k)
    {
        const std::size_t key = keyOf(s, s.pairs[k], buckets - 1);
        s.byLevel[static_cast<std::size_t>(s.bucketStart[key]++)] = static_cast<std::int32_t>(k);
    }
}

// From the top down: a contact is supported when the body above is kStackSupportMassRatio times
// heavier than the one below, or itself rests on a supported contact; the body below then carries
// that weight, and so its own supports are supported in turn. Left in s.supported ground up.
void selectSupported(StackSupport& s, const std::vector<SolverVelocity>& velocities)
{
    s.loaded.assign(velocities.size(), 0);
    s.supported.clear();
    for (std::size_t k = s.byLevel.size(); k-- > 0;)
    {
        const StackPair& p = s.pairs[static_cast<std::size_t>(s.byLevel[k])];
        const auto a = static_cast<std::size_t>(p.slotA);
        const auto b = static_cast<std::size_t>(p.slotB);
        if (s.levels[a] == s.levels[b])
        {
            continue;
        }
        const std::size_t upper = s.levels[a] > s.levels[b] ? a : b;
        const std::size_t lower = upper == a ? b : a;
        const float upperInvMass = velocities[upper].invMass;
        const bool heavy =
            upperInvMass > 0.0f && velocities[lower].invMass >= kStackSupportMassRatio * upperInvMass;
        if (heavy || s.loaded[upper] != 0)
        {
            s.supported.push_back(p.contact);
            s.loaded[lower] = 1;
        }
    }
    std::reverse(s.supported.begin(), s.supported.end());
}

// calls alone(constraint) or inLane(group, lane) with where the soft solve keeps a contact's
// constraint: solved one at a time (home >= 0, an index into soft) or in a lane (-1 - its place).
template <class Alone, class InLane>
void atHome(ContactSolver& solver, std::int32_t home, Alone alone, InLane inLane)
{
    if (home >= 0)
    {
        alone(solver.soft[static_cast<std::size_t>(home)]);
        return;
    }
    const std::int32_t place = -1 - home;
    solver.softWide.visitGroups(
        [&](auto& groups)
        {
            constexpr auto width = static_cast<std::int32_t>(std::decay_t<decltype(groups[0])>::kLanes);
            inLane(groups[static_cast<std::size_t>(place / width)], static_cast<int>(place % width));
        });
}

// Where each contact of the soft solve is (see atHome).
template <int N>
void noteLanes(std::vector<std::int32_t>& homeOf, const LaneGroups<WideSoftConstraintN<N>>& groups)
{
    forEachFilledLane(groups,
                      [&](const WideSoftConstraintN<N>& g, int lane)
                      {
                          const auto group = static_cast<std::int32_t>(&g - groups.data());
                          homeOf[static_cast<std::size_t>(g.source[lane])] = -1 - (group * N + lane);
                      });
}

void findHomes(StackSupport& s, const WorldState& w)
{
    const ContactSolver& solver = w.contactSolver;
    s.homeOf.assign(w.contacts.size(), 0);
    for (std::size_t k = 0; k < solver.soft.size(); ++k)
    {
        s.homeOf[static_cast<std::size_t>(solver.extras[k].contact)] = static_cast<std::int32_t>(k);
    }
    solver.softWide.visitGroups([&](const auto& groups) { noteLanes(s.homeOf, groups); });
}

// The points of a contact as the soft solve prepared them, solved one at a time or in a lane
// (where no point bounces: bouncy contacts are solved one at a time).
void copyPrepared(SupportConstraint& s, const SoftContactConstraint& cc)
{
    s.indexA = cc.indexA;
    s.indexB = cc.indexB;
    s.normal = cc.normal;
    s.pointCount = cc.velocityPoints;
    for (int j = 0; j < s.pointCount; ++j)
    {
        const SoftPoint& from = cc.points[j];
        s.points[j] = {from.rA, from.rB, from.baseSeparation, from.rnA, from.rnB};
        s.points[j].bounces = from.bounces;
        s.points[j].bounceSpeed = from.bounceSpeed;
    }
}

template <int N>
void copyPrepared(SupportConstraint& s, const WideSoftConstraintN<N>& g, int lane)
{
    s.indexA = g.indexA[lane];
    s.indexB = g.indexB[lane];
    s.normal = {g.normalX[lane], g.normalY[lane]};
    s.pointCount = lanePointCount(g, lane);
    for (int j = 0; j < s.pointCount; ++j)
    {
        const WideSoftPointN<N>& from = g.points[j];
        s.points[j] = {{from.rAx[lane], from.rAy[lane]},
                       {from.rBx[lane], from.rBy[lane]},
                       from.baseSeparation[lane],
                       from.rnA[lane],
                       from.rnB[lane]};
    }
}

// Holds the body on the lower level, and the points' masses with it held.
void holdLower(SupportConstraint& s, const StackSupport& stack, const std::vector<SolverVelocity>& velocities)
{
    const std::int32_t levelA = stack.levels[static_cast<std::size_t>(s.indexA)];
    const std::int32_t levelB = stack.levels[static_cast<std::size_t>(s.indexB)];
    s.movesA = levelA < levelB ? 0.0f : 1.0f;
    s.movesB = levelB < levelA ? 0.0f : 1.0f;
    const SolverVelocity& a = velocities[static_cast<std::size_t>(s.indexA)];
    const SolverVelocity& b = velocities[static_cast<std::size_t>(s.indexB)];
    const float mA = s.movesA * a.invMass;
    const float iA = s.movesA * a.invInertia;
    const float mB = s.movesB * b.invMass;
    const float iB = s.movesB * b.invInertia;
    for (int j = 0; j < s.pointCount; ++j)
    {
        SupportPoint& p = s.points[j];
        const float k = mA + mB + iA * p.rnA * p.rnA + iB * p.rnB * p.rnB;
        p.normalMass = k > 0.0f ? 1.0f / k : 0.0f;
    }
    if (s.pointCount == 2)
    {
        s.mass =
            twoPointMass(mA, iA, mB, iB, s.points[0].rnA, s.points[0].rnB, s.points[1].rnA, s.points[1].rnB);
    }
}

// Applies impulse lambda along n to B and its opposite to A, but not to a held body.
void pushUnlessHeld(SolverVelocity& a, SolverVelocity& b, const SupportConstraint& s, Vec2 d, float rdA,
                    float rdB, float lambda)
{
    const float la = s.movesA * lambda;
    const float lb = s.movesB * lambda;
    a.v -= (a.invMass * la) * d;
    a.w -= a.invInertia * la * rdA;
    b.v += (b.invMass * lb) * d;
    b.w += b.invInertia * lb * rdB;
}

// How far point j's normal speed falls short of what the pass asks (negative: closing too fast):
// not to close at all, or a speculative gap's closing in this substep, or a bounce's speed.
float shortfall(const SupportConstraint& s, int j, const SolverVelocity& a, const SolverVelocity& b,
                const SolverDelta& da, const SolverDelta& db, float invH)
{
    const SupportPoint& p = s.points[j];
    const Vec2 n = s.normal;
    float bias = -p.bounceSpeed;
    if (!p.bounces)
    {
        const float separation = currentSeparation(p.rA, p.rB, p.baseSeparation, n, da, db);
        bias = std::max(separation, 0.0f) * invH;
    }
    float vn = relativeAlong(a, b, n, p.rnA, p.rnB);
    // A held body moving into the one above is left to the soft solve: the pass keeps the upper
    // body from sinking into it, without throwing the upper body along with it as well. Each level
    // would add its push to all those below, and the top of a tall stack be thrown off.
    if (s.movesA == 0.0f)
    {
        vn += std::max(dot(a.v, n) + a.w * p.rnA, 0.0f);
    }
    if (s.movesB == 0.0f)
    {
        vn -= std::min(dot(b.v, n) + b.w * p.rnB, 0.0f);
    }
    return vn + bias;
}

// One contact: pushes only, from none; two points together where they are well apart, so that
// the body above lands flat on its support instead of rocking on it.
void solveSupport(std::vector<SolverVelocity>& velocities, const std::vector<SolverDelta>& deltas,
                  SupportConstraint& s, float invH)
{
    SolverVelocity& a = velocities[static_cast<std::size_t>(s.indexA)];
    SolverVelocity& b = velocities[static_cast<std::size_t>(s.indexB)];
    const SolverDelta& da = deltas[static_cast<std::size_t>(s.indexA)];
    const SolverDelta& db = deltas[static_cast<std::size_t>(s.indexB)];
    SupportPoint& p1 = s.points[0];
    SupportPoint& p2 = s.points[1];
    Vec2 x;
    if (s.pointCount == 2 && s.mass.wellConditioned &&
        solveTwoPoints(s.mass, p1.normalMass, p2.normalMass,
                       {shortfall(s, 0, a, b, da, db, invH), shortfall(s, 1, a, b, da, db, invH)}, x))
    {
        p1.normalImpulse = x.x;
        p2.normalImpulse = x.y;
        pushUnlessHeld(a, b, s, s.normal, p1.rnA, p1.rnB, x.x);
        pushUnlessHeld(a, b, s, s.normal, p2.rnA, p2.rnB, x.y);
    }
    else
    {
        for (int j = 0; j < s.pointCount; ++j)
        {
            SupportPoint& p = s.points[j];
            p.normalImpulse = std::max(-p.normalMass * shortfall(s, j, a, b, da, db, invH), 0.0f);
            pushUnlessHeld(a, b, s, s.normal, p.rnA, p.rnB, p.normalImpulse);
        }
    }
}

// The weight each supported contact carries, from the top down (see SupportConstraint::load).
void shareLoads(StackSupport& s, const SolverBodies& bodies, float h)
{
    const std::size_t slots = bodies.velocities.size();
    s.carried.assign(slots, 0.0f);
    s.supportsOf.assign(slots, 0);
    for (std::size_t i = 0; i < slots; ++i)
    {
        const float invMass = bodies.velocities[i].invMass;
        s.carried[i] = invMass > 0.0f ? 1.0f / invMass : 0.0f;
    }
    for (const SupportConstraint& c : s.constraints)
    {
        ++s.supportsOf[static_cast<std::size_t>(c.movesA == 0.0f ? c.indexB : c.indexA)];
    }
    for (std::size_t k = s.constraints.size(); k-- > 0;)
    {
        SupportConstraint& c = s.constraints[k];
        const bool upperIsB = c.movesA == 0.0f;
        const auto upper = static_cast<std::size_t>(upperIsB ? c.indexB : c.indexA);
        const auto lower = static_cast<std::size_t>(upperIsB ? c.indexA : c.indexB);
        const float share = s.carried[upper] / static_cast<float>(s.supportsOf[upper]);
        // Gravity pressing the upper body onto the lower, along the normal from lower to upper.
        const Vec2 up = upperIsB ? c.normal : -c.normal;
        c.load = share * std::max(-dot(bodies.gravities[upper], up), 0.0f) * h;
        s.carried[lower] += share;
    }
}

// The soft constraints of supported contacts grip with the weight the support carries through them.
void setGripFloors(StackSupport& s, ContactSolver& solver)
{
    for (const SupportConstraint& c : s.constraints)
    {
        const float floor = c.load / static_cast<float>(c.pointCount);
        atHome(
            solver, c.home,
            [&](SoftContactConstraint& cc)
            {
                for (int j = 0; j < c.pointCount; ++j)
                {
                    cc.points[j].gripFloor = floor;
                }
            },
            [&](auto& g, int lane)
            {
                for (int j = 0; j < c.pointCount; ++j)
                {
                    g.points[j].gripFloor[lane] = floor;
                }
            });
    }
}

} // namespace

void prepareStackSupport(StepContext& ctx)
{
    WorldState& w = ctx.world;
    StackSupport& s = w.contactSolver.support;
    s.constraints.clear();
    if (!s.heavyOnLight)
    {
        return;
    }
    const std::vector<SolverVelocity>& velocities = w.solverBodies.velocities;
    gatherPairs(s, w);
    findLevels(s, velocities);
    sortByLevel(s);
    selectSupported(s, velocities);
    findHomes(s, w);
    for (const std::int32_t ci : s.supported)
    {
        SupportConstraint& c = s.constraints.emplace_back();
        c.home = s.homeOf[static_cast<std::size_t>(ci)];
        atHome(
            w.contactSolver, c.home, [&](const SoftContactConstraint& cc) { copyPrepared(c, cc); },
            [&](const auto& g, int lane) { copyPrepared(c, g, lane); });
        holdLower(c, s, velocities);
    }
    shareLoads(s, w.solverBodies, ctx.h);
    setGripFloors(s, w.contactSolver);
}

void solveStackSupport(StepContext& ctx)
{
    WorldState& w = ctx.world;
    for (SupportConstraint& s : w.contactSolver.support.constraints)
    {
        solveSupport(w.solverBodies.velocities, w.solverBodies.deltas, s, ctx.invH);
        for (int j = 0; j < s.pointCount; ++j)
        {
            s.points[j].totalNormalImpulse += s.points[j].normalImpulse;
        }
    }
}

void addStackSupportTotals(StepContext& ctx)
{
    StackSupport& s = ctx.world.contactSolver.support;
    for (const SupportConstraint& c : s.constraints)
    {
        atHome(
            ctx.world.contactSolver, c.home,
            [&](SoftContactConstraint& cc)
            {
                for (int j = 0; j < c.pointCount; ++j)
                {
                    cc.points[j].totalNormalImpulse += c.points[j].totalNormalImpulse;
                }
            },
            [&](auto& g, int lane)
            {
                for (int j = 0; j < c.pointCount; ++j)
                {
                    g.points[j].totalNormalImpulse[lane] += c.points[j].totalNormalImpulse;
                }
            });
    }
}

} // namespace oblique::detail
