// The velocity iterations: contacts one at a time, and four, eight or sixteen at a time where their
// order allows (the eight lanes' pass is in wide_lanes_avx2.cpp, the sixteen's in
// wide_lanes_avx512.cpp).

#include "buffers.hpp"
#include "contact_solver.hpp"
#include "lane_choice.hpp"
#include "wide_ngs_lanes.hpp"

#include <algorithm>

namespace oblique::detail
{

void solveContactVelocity(std::vector<SolverVelocity>& bodies, ContactConstraint& cc)
{
    SolverVelocity& a = bodies[static_cast<std::size_t>(cc.indexA)];
    SolverVelocity& b = bodies[static_cast<std::size_t>(cc.indexB)];
    const Vec2 n = cc.normal;
    const Vec2 t{n.y, -n.x};

    // Friction first: its bound depends on the normal impulse, and solving it before the normal
    // keeps non-penetration the last word of each pass.
    for (int j = 0; j < cc.velocityPoints; ++j)
    {
        solveFriction(a, b, t, cc.friction, cc.tangentSpeed, cc.points[j]);
    }

    if (cc.velocityPoints == 1)
    {
        VelocityPoint& cp = cc.points[0];
        const float vn = relativeAlong(a, b, n, cp.rnA, cp.rnB);
        const float newImpulse = std::max(cp.normalImpulse - cp.normalMass * (vn - cp.velocityBias), 0.0f);
        const float lambda = newImpulse - cp.normalImpulse;
        cp.normalImpulse = newImpulse;
        push(a, b, n, cp.rnA, cp.rnB, lambda);
        return;
    }

    // Two points solved together: what keeps boxes resting flat instead of rocking between their
    // two corners.
    VelocityPoint& cp1 = cc.points[0];
    VelocityPoint& cp2 = cc.points[1];
    const Vec2 old{cp1.normalImpulse, cp2.normalImpulse};
    const float vn1 = relativeAlong(a, b, n, cp1.rnA, cp1.rnB);
    const float vn2 = relativeAlong(a, b, n, cp2.rnA, cp2.rnB);
    const Vec2 rhs{vn1 - cp1.velocityBias - (cc.mass.k11 * old.x + cc.mass.k12 * old.y),
                   vn2 - cp2.velocityBias - (cc.mass.k12 * old.x + cc.mass.k22 * old.y)};
    Vec2 x;
    if (!solveTwoPoints(cc.mass, cp1.normalMass, cp2.normalMass, rhs, x))
    {
        return; // keep last iterate's impulses
    }
    const Vec2 d = x - old;
    const float total = d.x + d.y;
    a.v -= (a.invMass * total) * n;
    a.w -= a.invInertia * (d.x * cp1.rnA + d.y * cp2.rnA);
    b.v += (b.invMass * total) * n;
    b.w += b.invInertia * (d.x * cp1.rnB + d.y * cp2.rnB);
    cp1.normalImpulse = x.x;
    cp2.normalImpulse = x.y;
}

namespace
{

template <int N>
void packLane(WideConstraintN<N>& w, int lane, std::int32_t source, const ContactConstraint& cc,
              const std::vector<SolverVelocity>& bodies)
{
    packContactLane<N>(w, lane, source, cc, bodies);
    // What a lane does not set stays zero: every group starts as blankGroup().
    for (int j = 0; j < cc.velocityPoints; ++j)
    {
        WidePointN<N>& wp = w.points[j];
        const VelocityPoint& cp = cc.points[j];
        packPointLane<N>(wp, lane, cp);
        wp.velocityBias[lane] = cp.velocityBias;
    }
    if (cc.velocityPoints == 2)
    {
        w.k11[lane] = cc.mass.k11;
        w.k12[lane] = cc.mass.k12;
        w.k22[lane] = cc.mass.k22;
        w.inv11[lane] = cc.mass.inv11;
        w.inv12[lane] = cc.mass.inv12;
        w.inv22[lane] = cc.mass.inv22;
        w.twoPoints[lane] = -1;
    }
}

template <int N>
void packLevels(std::vector<WideConstraintN<N>>& wide, std::vector<Batch>& batches,
                std::vector<std::int32_t>& levelFilled, const std::vector<std::int32_t>& levelOf,
                const std::vector<std::int32_t>& levelCount,
                const std::vector<ContactConstraint>& constraints, const std::vector<SolverVelocity>& bodies)
{
    // A level of one constraint is solved alone; the others N lanes at a time, in constraint
    // order within the level.
    batches.clear();
    std::int32_t groups = 0;
    for (const std::int32_t count : levelCount)
    {
        Batch batch;
        if (count > 1)
        {
            batch.wideBegin = groups;
            groups += (count + N - 1) / N;
            batch.wideEnd = groups;
        }
        batches.push_back(batch);
    }
    refill(wide, static_cast<std::size_t>(groups), blankGroup<WideConstraintN<N>>());
    refill(levelFilled, levelCount.size(), std::int32_t{0});
    for (std::size_t k = 0; k < constraints.size(); ++k)
    {
        const auto level = static_cast<std::size_t>(levelOf[k]);
        Batch& batch = batches[level];
        if (levelCount[level] == 1)
        {
            batch.single = static_cast<std::int32_t>(k);
            continue;
        }
        const std::int32_t slot = levelFilled[level]++;
        WideConstraintN<N>& w =
            wide[static_cast<std::size_t>(batch.wideBegin) + static_cast<std::size_t>(slot / N)];
        packLane(w, slot % N, static_cast<std::int32_t>(k), constraints[k], bodies);
    }
}

// The accumulated impulses, the only thing the iterations change in a lane.
template <int N>
void unpackGroups(const std::vector<WideConstraintN<N>>& wide, std::vector<ContactConstraint>& constraints)
{
    unpackLanes(wide, constraints,
                [](VelocityPoint& p, const WidePointN<N>& wp, int lane)
                {
                    p.normalImpulse = wp.normalImpulse[lane];
                    p.tangentImpulse = wp.tangentImpulse[lane];
                });
}

} // namespace

void WideSolver::build(const std::vector<ContactConstraint>& constraints,
                       const std::vector<SolverVelocity>& bodies, int laneWidth)
{
    // Level of each constraint: one past the highest level of the constraints before it that share
    // a body moved by impulses. Running the levels in turn then gives every constraint exactly the
    // velocities it sees when the constraints run one after another in their order.
    refill(bodyLevel, bodies.size(), std::int32_t{-1});
    refill(levelOf, constraints.size(), std::int32_t{0});
    levelCount.clear();
    for (std::size_t k = 0; k < constraints.size(); ++k)
    {
        const auto a = static_cast<std::size_t>(constraints[k].indexA);
        const auto b = static_cast<std::size_t>(constraints[k].indexB);
        const bool movesA = movedByImpulses(bodies[a]);
        const bool movesB = movedByImpulses(bodies[b]);
        const std::int32_t level =
            1 + std::max(movesA ? bodyLevel[a] : std::int32_t{-1}, movesB ? bodyLevel[b] : std::int32_t{-1});
        if (movesA)
        {
            bodyLevel[a] = level;
        }
        if (movesB)
        {
            bodyLevel[b] = level;
        }
        levelOf[k] = level;
        if (static_cast<std::size_t>(level) >= levelCount.size())
        {
            levelCount.push_back(0);
        }
        ++levelCount[static_cast<std::size_t>(level)];
    }

    width = laneWidthFor(laneWidth, levelCount.data(), static_cast<int>(levelCount.size()));
    wide.clear();
    wide8.clear();
    wide16.clear();
    if (const int alternate = alternateLaneWidth(laneWidth, width); alternate != 0)
    {
        // A level of one constraint takes no group, so this is a little more room than needed.
        const std::int32_t groups =
            laneGroupsFor(levelCount.data(), static_cast<int>(levelCount.size()), alternate);
        atLaneCount(alternate, [&]<int N>(LaneCount<N>)
                    { reserveAtLeast(this->groups<N>(), static_cast<std::size_t>(groups)); });
    }
    atLaneCount(
        width, [&]<int N>(LaneCount<N>)
        { packLevels<N>(groups<N>(), batches, levelFilled, levelOf, levelCount, constraints, bodies); });
}

void WideSolver::iterate(std::vector<SolverVelocity>& bodies, std::vector<ContactConstraint>& constraints)
{
    for (const Batch& batch : batches)
    {
        if (batch.single >= 0)
        {
            solveContactVelocity(bodies, constraints[static_cast<std::size_t>(batch.single)]);
            continue;
        }
        atLaneCount(width, [&]<int N>(LaneCount<N>)
                    { solveNgsAt<N>(bodies.data(), groups<N>().data(), batch.wideBegin, batch.wideEnd); });
    }
    // Slot 0 stands for every static body. Lanes on it push nothing, as its inverse masses are
    // zero, unless an impulse went non-finite: that must not reach every other static contact.
    bodies[0] = SolverVelocity{};
}

void WideSolver::unpack(std::vector<ContactConstraint>& constraints) const
{
    atLaneCount(width, [&]<int N>(LaneCount<N>) { unpackGroups(groups<N>(), constraints); });
}

} // namespace oblique::detail
