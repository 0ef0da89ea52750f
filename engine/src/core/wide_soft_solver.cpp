// Soft step's contact passes several at a time: packing a colour's contacts into groups of four
// or eight lanes, and running the warm start and solve passes on them at that width (the eight
// lanes' passes are in wide_lanes_avx2.cpp).

#include "wide_soft_solver.hpp"

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

void WideSoftSolver::layOutColours(const std::int32_t* sizes, int colourCount)
{
    colourStarts.resize(static_cast<std::size_t>(colourCount) + 1);
    std::int32_t next = groupCount();
    for (int c = 0; c < colourCount; ++c)
    {
        colourStarts[static_cast<std::size_t>(c)] = next;
        next += (sizes[c] + width - 1) / width;
    }
    colourStarts[static_cast<std::size_t>(colourCount)] = next;
    if (width == 8)
    {
        resizeGroups(wide8, static_cast<std::size_t>(next));
    }
    else
    {
        resizeGroups(wide, static_cast<std::size_t>(next));
    }
}

void WideSoftSolver::clearGroup(std::int32_t group)
{
    if (width == 8)
    {
        clearToPadding(wide8[static_cast<std::size_t>(group)]);
    }
    else
    {
        clearToPadding(wide[static_cast<std::size_t>(group)]);
    }
}

void WideSoftSolver::packLaneAt(std::int32_t group, int laneIndex, std::int32_t source,
                                const SoftContactConstraint& cc, const std::vector<SolverVelocity>& bodies)
{
    if (width == 8)
    {
        packLane(wide8[static_cast<std::size_t>(group)], laneIndex, source, cc, bodies);
    }
    else
    {
        packLane(wide[static_cast<std::size_t>(group)], laneIndex, source, cc, bodies);
    }
}

unsigned WideSoftSolver::preparePlainLanes(std::int32_t group, const PlainLaneInputs& in,
                                           float warmStartScale)
{
    const auto g = static_cast<std::size_t>(group);
    return width == 8 ? preparePlainEightLanes(wide8[g], in, warmStartScale)
                      : preparePlainGroup<4>(wide[g], in, warmStartScale);
}

std::int32_t WideSoftSolver::sourceAt(std::int32_t group, int laneIndex) const
{
    const auto g = static_cast<std::size_t>(group);
    return width == 8 ? wide8[g].source[laneIndex] : wide[g].source[laneIndex];
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
    return static_cast<std::int32_t>(width == 8 ? wide8.size() : wide.size());
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
                        if (width == 8)
                        {
                            warmStartEightLanes(bodies.data(), wide8.data(), batch.wideBegin + begin,
                                                batch.wideBegin + end);
                        }
                        else
                        {
                            warmStartGroups<4>(bodies.data(), wide.data(), batch.wideBegin + begin,
                                               batch.wideBegin + end);
                        }
                    });
    }
    bodies[0] = SolverVelocity{};
}

void WideSoftSolver::solve(std::vector<SolverVelocity>& bodies, const std::vector<SolverDelta>& deltas,
                           std::vector<SoftContactConstraint>& constraints, float invH, float pushMaxSpeed,
                           bool useBias, const TaskSystem& tasks)
{
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
                        if (width == 8)
                        {
                            solveEightLanes(bodies.data(), deltas.data(), wide8.data(),
                                            batch.wideBegin + begin, batch.wideBegin + end, invH,
                                            pushMaxSpeed, useBias);
                        }
                        else
                        {
                            solveGroups<4>(bodies.data(), deltas.data(), wide.data(), batch.wideBegin + begin,
                                           batch.wideBegin + end, invH, pushMaxSpeed, useBias);
                        }
                    });
    }
    // Slot 0 stands for every static body. Lanes on it push nothing, as its inverse masses are
    // zero, unless an impulse went non-finite: that must not reach every other static contact.
    bodies[0] = SolverVelocity{};
}

} // namespace oblique::detail
