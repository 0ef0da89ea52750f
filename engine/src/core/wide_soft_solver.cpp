// Soft step's contact passes several at a time: packing a colour's contacts into groups of four,
// eight or sixteen lanes, and running the warm start and solve passes on them at that width (the
// eight lanes' passes are in wide_lanes_avx2.cpp, the sixteen's in wide_lanes_avx512.cpp).

#include "wide_soft_solver.hpp"

#include "buffers.hpp"
#include "lane_choice.hpp"
#include "parallel_for.hpp"
#include "soft_contact_solver.hpp"
#include "wide_soft_lanes.hpp"
#include "wide_soft_prepare.hpp"

#include <algorithm>

namespace oblique::detail
{

namespace
{

template <int N>
void packLane(WideSoftConstraintN<N>& w, int lane, std::int32_t source, const SoftContactConstraint& cc,
              const std::vector<SolverVelocity>& bodies)
{
    packContactLane<N>(w, lane, source, cc, bodies);
    w.biasRate[lane] = cc.softness.biasRate;
    w.massScale[lane] = cc.softness.massScale;
    w.impulseScale[lane] = cc.softness.impulseScale;
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
    // What a lane does not set stays zero: every group is cleared before it is packed.
    for (int j = 0; j < cc.velocityPoints; ++j)
    {
        WideSoftPointN<N>& wp = w.points[j];
        const SoftPoint& p = cc.points[j];
        packPointLane<N>(wp, lane, p);
        wp.rAx[lane] = p.rA.x;
        wp.rAy[lane] = p.rA.y;
        wp.rBx[lane] = p.rB.x;
        wp.rBy[lane] = p.rB.y;
        wp.baseSeparation[lane] = p.baseSeparation;
        wp.totalNormalImpulse[lane] = p.totalNormalImpulse;
        wp.totalTangentImpulse[lane] = p.totalTangentImpulse;
        wp.gripFloor[lane] = p.gripFloor;
    }
}

// The passes at N lanes: the entry points of the file built for that width.
template <int N>
struct SoftLanePasses
{
    static void warmStart(SolverVelocity* bodies, const WideSoftConstraintN<N>* groups, int begin, int end)
    {
        byLaneCount<N>(warmStartGroups<4>, warmStartEightLanes, warmStartSixteenLanes)(bodies, groups, begin,
                                                                                       end);
    }
    static void solve(SolverVelocity* bodies, const SolverDelta* deltas, WideSoftConstraintN<N>* groups,
                      int begin, int end, float invH, float pushMaxSpeed, bool useBias, bool prefetch)
    {
        byLaneCount<N>(solveGroups<4>, solveEightLanes, solveSixteenLanes)(
            bodies, deltas, groups, begin, end, invH, pushMaxSpeed, useBias, prefetch);
    }
    static unsigned preparePlain(WideSoftConstraintN<N>& w, const PlainLaneInputs& in, float warmStartScale)
    {
        return byLaneCount<N>(preparePlainGroup<4>, preparePlainEightLanes,
                              preparePlainSixteenLanes)(w, in, warmStartScale);
    }
};

// Past this many bytes of lane groups, a solve pass finds its groups in memory rather than in
// cache (it last read each a whole pass ago) and waits on each group's lines unless it asks for
// them ahead; below it the requests only cost instructions. Where the two cross on the CPU
// measured (docs/performance.md).
constexpr std::size_t kStreamedGroupBytes = std::size_t{4} << 20;

// groups.resize(n) without zeroing, growing the capacity geometrically as refill() does.
template <class Groups>
void resizeGroups(Groups& groups, std::size_t n)
{
    if (n > groups.capacity())
    {
        groups.reserve(std::max(n, 2 * groups.capacity()));
    }
    groups.resize(n);
}

} // namespace

void WideSoftSolver::begin(int laneWidth)
{
    singles.clear();
    batches.clear();
    wide.clear();
    wide8.clear();
    wide16.clear();
    width = laneWidth;
}

void WideSoftSolver::beginBatch()
{
    SoftBatch batch;
    batch.singleBegin = static_cast<std::int32_t>(singles.size());
    batch.wideBegin = groupCount();
    batches.push_back(batch);
}

bool WideSoftSolver::solvedAlone(const SoftContactConstraint& cc)
{
    return cc.relaxLetsGo || (cc.velocityPoints == 2 && !cc.mass.wellConditioned);
}

void WideSoftSolver::addSingle(std::int32_t index)
{
    singles.push_back(index);
}

void WideSoftSolver::endBatch()
{
    SoftBatch& batch = batches.back();
    batch.singleEnd = static_cast<std::int32_t>(singles.size());
    batch.wideEnd = groupCount();
}

void WideSoftSolver::layOutColours(const std::int32_t* sizes, int colourCount, int alternateWidth)
{
    colourStarts.resize(static_cast<std::size_t>(colourCount) + 1);
    std::int32_t next = groupCount();
    for (int c = 0; c < colourCount; ++c)
    {
        colourStarts[static_cast<std::size_t>(c)] = next;
        next += (sizes[c] + width - 1) / width;
    }
    colourStarts[static_cast<std::size_t>(colourCount)] = next;
    visitGroups([next](auto& groups) { resizeGroups(groups, static_cast<std::size_t>(next)); });
    if (alternateWidth != 0)
    {
        const std::int32_t groups = colourStarts.front() + laneGroupsFor(sizes, colourCount, alternateWidth);
        atLaneCount(alternateWidth, [&]<int N>(LaneCount<N>)
                    { reserveAtLeast(this->groups<N>(), static_cast<std::size_t>(groups)); });
    }
}

void WideSoftSolver::clearGroup(std::int32_t group)
{
    visitGroups([group](auto& groups) { clearToPadding(groups[static_cast<std::size_t>(group)]); });
}

void WideSoftSolver::packLaneAt(std::int32_t group, int laneIndex, std::int32_t source,
                                const SoftContactConstraint& cc, const std::vector<SolverVelocity>& bodies)
{
    visitGroups([&](auto& groups)
                { packLane(groups[static_cast<std::size_t>(group)], laneIndex, source, cc, bodies); });
}

unsigned WideSoftSolver::preparePlainLanes(std::int32_t group, const PlainLaneInputs& in,
                                           float warmStartScale)
{
    const auto g = static_cast<std::size_t>(group);
    return atLaneCount(width, [&]<int N>(LaneCount<N>)
                       { return SoftLanePasses<N>::preparePlain(groups<N>()[g], in, warmStartScale); });
}

std::int32_t WideSoftSolver::sourceAt(std::int32_t group, int laneIndex) const
{
    const auto g = static_cast<std::size_t>(group);
    return atLaneCount(width, [&]<int N>(LaneCount<N>) { return groups<N>()[g].source[laneIndex]; });
}

void WideSoftSolver::beginColourBatch(int colour)
{
    SoftBatch batch;
    batch.singleBegin = static_cast<std::int32_t>(singles.size());
    batch.wideBegin = colourStarts[static_cast<std::size_t>(colour)];
    batch.wideEnd = colourStarts[static_cast<std::size_t>(colour) + 1];
    batches.push_back(batch);
}

void WideSoftSolver::endColourBatch()
{
    batches.back().singleEnd = static_cast<std::int32_t>(singles.size());
}

std::int32_t WideSoftSolver::groupCount() const
{
    return atLaneCount(width,
                       [this]<int N>(LaneCount<N>) { return static_cast<std::int32_t>(groups<N>().size()); });
}

std::size_t WideSoftSolver::groupBytes() const
{
    return atLaneCount(width, [this]<int N>(LaneCount<N>)
                       { return groups<N>().size() * sizeof(WideSoftConstraintN<N>); });
}

void WideSoftSolver::warmStart(std::vector<SolverVelocity>& bodies,
                               const std::vector<SoftContactConstraint>& constraints,
                               const TaskSystem& tasks) const
{
    for (const SoftBatch& batch : batches)
    {
        for (std::int32_t i = batch.singleBegin; i < batch.singleEnd; ++i)
        {
            warmStartSoftContact(bodies,
                                 constraints[static_cast<std::size_t>(singles[static_cast<std::size_t>(i)])]);
        }
        parallelFor(tasks, batch.wideEnd - batch.wideBegin, laneGroupsPerTask(width),
                    [&](int begin, int end)
                    {
                        atLaneCount(width,
                                    [&]<int N>(LaneCount<N>)
                                    {
                                        SoftLanePasses<N>::warmStart(bodies.data(), groups<N>().data(),
                                                                     batch.wideBegin + begin,
                                                                     batch.wideBegin + end);
                                    });
                    });
    }
    bodies[0] = SolverVelocity{};
}

void WideSoftSolver::solve(std::vector<SolverVelocity>& bodies, const std::vector<SolverDelta>& deltas,
                           std::vector<SoftContactConstraint>& constraints, float invH, float pushMaxSpeed,
                           bool useBias, const TaskSystem& tasks)
{
    const bool prefetch = groupBytes() > kStreamedGroupBytes;
    for (const SoftBatch& batch : batches)
    {
        for (std::int32_t i = batch.singleBegin; i < batch.singleEnd; ++i)
        {
            solveSoftContact(bodies, deltas,
                             constraints[static_cast<std::size_t>(singles[static_cast<std::size_t>(i)])],
                             invH, pushMaxSpeed, useBias);
        }
        parallelFor(tasks, batch.wideEnd - batch.wideBegin, laneGroupsPerTask(width),
                    [&](int begin, int end)
                    {
                        atLaneCount(width,
                                    [&]<int N>(LaneCount<N>)
                                    {
                                        SoftLanePasses<N>::solve(bodies.data(), deltas.data(),
                                                                 groups<N>().data(), batch.wideBegin + begin,
                                                                 batch.wideBegin + end, invH, pushMaxSpeed,
                                                                 useBias, prefetch);
                                    });
                    });
    }
    // Slot 0 stands for every static body. Lanes on it push nothing, as its inverse masses are
    // zero, unless an impulse went non-finite: that must not reach every other static contact.
    bodies[0] = SolverVelocity{};
}

} // namespace oblique::detail
