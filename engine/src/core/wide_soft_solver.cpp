// Soft step's contact passes several at a time: packing a colour's contacts into groups of four
// or eight lanes, and running the warm start and solve passes on them at that width (the eight
// lanes' passes are in wide_lanes_avx2.cpp).

#include "wide_soft_solver.hpp"

#include "parallel_for.hpp"
#include "soft_contact_solver.hpp"
#include "wide_soft_lanes.hpp"

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
    // What a lane does not set stays zero: every group starts as blankGroup().
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

// Adds the constraint to the batch being packed: to a lane of the last group, or of a new one,
// blanked as it is begun.
template <int N>
void packInto(std::vector<WideSoftConstraintN<N>>& wide, int& lane, std::int32_t source,
              const SoftContactConstraint& cc, const std::vector<SolverVelocity>& bodies)
{
    if (lane == N)
    {
        wide.push_back(blankGroup<WideSoftConstraintN<N>>());
        lane = 0;
    }
    packLane(wide.back(), lane++, source, cc, bodies);
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
    lane = width;
}

bool WideSoftSolver::solvedAlone(const SoftContactConstraint& cc)
{
    return cc.relaxLetsGo || (cc.velocityPoints == 2 && !cc.mass.wellConditioned);
}

void WideSoftSolver::addSingle(std::int32_t index)
{
    singles.push_back(index);
}

void WideSoftSolver::addLane(std::int32_t source, const SoftContactConstraint& cc,
                             const std::vector<SolverVelocity>& bodies)
{
    if (width == 8)
    {
        packInto(wide8, lane, source, cc, bodies);
    }
    else
    {
        packInto(wide, lane, source, cc, bodies);
    }
}

void WideSoftSolver::endBatch()
{
    SoftBatch& batch = batches.back();
    batch.singleEnd = static_cast<std::int32_t>(singles.size());
    batch.wideEnd = groupCount();
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
        parallelFor(tasks, batch.wideEnd - batch.wideBegin, kLaneGroupsPerTask,
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
        parallelFor(tasks, batch.wideEnd - batch.wideBegin, kLaneGroupsPerTask,
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
