#pragma once
// Internal: ngs's velocity iteration on one level's lane groups, for any lane count, operation for
// operation as solveContactVelocity does it one contact at a time. Four lanes are built into
// wide_solver.cpp; eight into wide_lanes_avx2.cpp, called only on a CPU with AVX2; sixteen into
// wide_lanes_avx512.cpp, called only on one with AVX-512.

#include "solver_body.hpp"
#include "wide_lanes.hpp"
#include "wide_solver.hpp"

namespace oblique::detail
{

// solveContactVelocity on N lanes at once, so that each lane's result is bit for bit the scalar
// one: a one-point lane skips its second point and takes the one-point update, and a two-point
// lane where no active set fits is left as it was.
template <int N>
OBLIQUE_LANE_INLINE void solveNgsLanes(SolverVelocity* bodies, WideConstraintN<N>& c)
{
    using F = LaneFloat<N>;
    using M = LaneMask<N>;
    WideVelocityN<N> a = gatherLanes<N>(bodies, c.indexA);
    WideVelocityN<N> b = gatherLanes<N>(bodies, c.indexB);
    const F nx = c.normalX;
    const F ny = c.normalY;
    const F tx = ny;
    const F ty = -nx;
    const M two = c.twoPoints;
    const M all = two | ~two;

    for (int j = 0; j < 2; ++j)
    {
        WidePointN<N>& p = c.points[j];
        const M active = j == 0 ? all : two;
        const F vt = (b.vx - a.vx) * tx + (b.vy - a.vy) * ty + b.w * p.rtB - a.w * p.rtA - c.tangentSpeed;
        const F maxFriction = c.friction * p.normalImpulse;
        const F newImpulse =
            minLanes(maxLanes(p.tangentImpulse - p.tangentMass * vt, -maxFriction), maxFriction);
        const F lambda = newImpulse - p.tangentImpulse;
        p.tangentImpulse = active ? newImpulse : p.tangentImpulse;
        const F pA = c.invMassA * lambda;
        const F pB = c.invMassB * lambda;
        a.vx = active ? a.vx - pA * tx : a.vx;
        a.vy = active ? a.vy - pA * ty : a.vy;
        a.w = active ? a.w - c.invInertiaA * lambda * p.rtA : a.w;
        b.vx = active ? b.vx + pB * tx : b.vx;
        b.vy = active ? b.vy + pB * ty : b.vy;
        b.w = active ? b.w + c.invInertiaB * lambda * p.rtB : b.w;
    }

    WidePointN<N>& p1 = c.points[0];
    WidePointN<N>& p2 = c.points[1];
    const F old1 = p1.normalImpulse;
    const F old2 = p2.normalImpulse;
    const F zero{};
    const F vn1 = (b.vx - a.vx) * nx + (b.vy - a.vy) * ny + b.w * p1.rnB - a.w * p1.rnA;
    const F vn2 = (b.vx - a.vx) * nx + (b.vy - a.vy) * ny + b.w * p2.rnB - a.w * p2.rnA;

    const F single = maxLanes(old1 - p1.normalMass * (vn1 - p1.velocityBias), zero);
    const F rhs1 = vn1 - p1.velocityBias - (c.k11 * old1 + c.k12 * old2);
    const F rhs2 = vn2 - p2.velocityBias - (c.k12 * old1 + c.k22 * old2);
    applyNormalImpulses(a, b, c, single, rhs1, rhs2);

    scatterLanes<N>(bodies, c.indexA, a);
    scatterLanes<N>(bodies, c.indexB, b);
}

template <int N>
OBLIQUE_LANE_INLINE void solveNgsGroups(SolverVelocity* bodies, WideConstraintN<N>* groups, int begin,
                                        int end)
{
    for (int g = begin; g < end; ++g)
    {
        solveNgsLanes<N>(bodies, groups[g]);
    }
}

// Eight lanes, built for AVX2 without FMA. Call only where eightLanesAvailable() says so.
void solveNgsEightLanes(SolverVelocity* bodies, WideConstraint8* groups, int begin, int end);

// Sixteen lanes, built for AVX-512 (products and sums rounded apart). Call only where
// sixteenLanesAvailable() says so.
void solveNgsSixteenLanes(SolverVelocity* bodies, WideConstraint16* groups, int begin, int end);

// The pass at N lanes: the entry point of the file built for that width.
template <int N>
void solveNgsAt(SolverVelocity* bodies, WideConstraintN<N>* groups, int begin, int end)
{
    byLaneCount<N>(solveNgsGroups<4>, solveNgsEightLanes, solveNgsSixteenLanes)(bodies, groups, begin, end);
}

} // namespace oblique::detail
