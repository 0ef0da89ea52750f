#pragma once
// Internal: soft step's warm start and solve on one colour's lane groups, for any lane count,
// operation for operation as soft_contact_solver.cpp does them one at a time. Four lanes are
// built into wide_soft_solver.cpp; eight into wide_lanes_avx2.cpp, the one file compiled for
// AVX2, and sixteen into wide_lanes_avx512.cpp, the one compiled for AVX-512, whose entry points
// the solver calls only on a CPU that has them.

#include "prefetch.hpp"
#include "solver_body.hpp"
#include "wide_lanes.hpp"
#include "wide_soft_solver.hpp"

namespace oblique::detail
{

// push() on N lanes.
template <int N>
OBLIQUE_LANE_INLINE void pushLanes(WideVelocityN<N>& a, WideVelocityN<N>& b, const WideSoftConstraintN<N>& c,
                                   LaneFloat<N> dx, LaneFloat<N> dy, LaneFloat<N> rdA, LaneFloat<N> rdB,
                                   LaneFloat<N> lambda)
{
    const LaneFloat<N> pA = c.invMassA * lambda;
    const LaneFloat<N> pB = c.invMassB * lambda;
    a.vx = a.vx - pA * dx;
    a.vy = a.vy - pA * dy;
    a.w = a.w - c.invInertiaA * lambda * rdA;
    b.vx = b.vx + pB * dx;
    b.vy = b.vy + pB * dy;
    b.w = b.w + c.invInertiaB * lambda * rdB;
}

// relativeAlong() on N lanes.
template <int N>
OBLIQUE_LANE_INLINE LaneFloat<N> relativeLanes(const WideVelocityN<N>& a, const WideVelocityN<N>& b,
                                               LaneFloat<N> dx, LaneFloat<N> dy, LaneFloat<N> rdA,
                                               LaneFloat<N> rdB)
{
    return ((b.vx - a.vx) * dx + (b.vy - a.vy) * dy) + b.w * rdB - a.w * rdA;
}

template <int N>
OBLIQUE_LANE_INLINE void warmStartLanes(SolverVelocity* bodies, const WideSoftConstraintN<N>& c)
{
    WideVelocityN<N> a = gatherLanes<N>(bodies, c.indexA);
    WideVelocityN<N> b = gatherLanes<N>(bodies, c.indexB);
    const LaneFloat<N> tx = c.normalY;
    const LaneFloat<N> ty = -c.normalX;
    for (const WideSoftPointN<N>& p : c.points)
    {
        pushLanes<N>(a, b, c, c.normalX, c.normalY, p.rnA, p.rnB, p.normalImpulse);
        pushLanes<N>(a, b, c, tx, ty, p.rtA, p.rtB, p.tangentImpulse);
    }
    scatterLanes<N>(bodies, c.indexA, a);
    scatterLanes<N>(bodies, c.indexB, b);
}

// The pass's constants, splat once for a run of groups.
template <int N>
struct SoftPassLanes
{
    LaneFloat<N> invH;
    LaneFloat<N> pushLimit;
    bool useBias;
};

// solveSoftContact on N lanes (no lane bounces: those are solved one at a time).
template <int N>
OBLIQUE_LANE_INLINE void solveLanes(SolverVelocity* bodies, const SolverDelta* deltas,
                                    WideSoftConstraintN<N>& c, const SoftPassLanes<N>& pass)
{
    using F = LaneFloat<N>;
    using M = LaneMask<N>;
    WideVelocityN<N> a = gatherLanes<N>(bodies, c.indexA);
    WideVelocityN<N> b = gatherLanes<N>(bodies, c.indexB);
    const WideDeltaN<N> da = gatherLanes<N>(deltas, c.indexA);
    const WideDeltaN<N> db = gatherLanes<N>(deltas, c.indexB);
    const F nx = c.normalX;
    const F ny = c.normalY;
    const F zero{};
    const F one = splatLanes<F>(1.0f);
    const bool useBias = pass.useBias;
    // pointTerms() for each point.
    F bias[2];
    F massScale[2];
    F impulseScale[2];
    for (int j = 0; j < 2; ++j)
    {
        const WideSoftPointN<N>& p = c.points[j];
        // currentSeparation(): (dpB - dpA) + (rotate(dqB, rB) - rotate(dqA, rA)), along n.
        const F dx =
            (db.dpx - da.dpx) + ((db.dqc * p.rBx - db.dqs * p.rBy) - (da.dqc * p.rAx - da.dqs * p.rAy));
        const F dy =
            (db.dpy - da.dpy) + ((db.dqs * p.rBx + db.dqc * p.rBy) - (da.dqs * p.rAx + da.dqc * p.rAy));
        const F s = p.baseSeparation + (dx * nx + dy * ny);
        const M apart = s > zero;
        const F soft = useBias ? maxLanes(c.biasRate * s, pass.pushLimit) : zero;
        bias[j] = apart ? s * pass.invH : soft;
        massScale[j] = apart ? one : (useBias ? c.massScale : one);
        impulseScale[j] = apart ? zero : (useBias ? c.impulseScale : zero);
    }
    WideSoftPointN<N>& p1 = c.points[0];
    WideSoftPointN<N>& p2 = c.points[1];
    const F old1 = p1.normalImpulse;
    const F old2 = p2.normalImpulse;
    const F vn1 = relativeLanes<N>(a, b, nx, ny, p1.rnA, p1.rnB);
    const F vn2 = relativeLanes<N>(a, b, nx, ny, p2.rnA, p2.rnB);

    // One point (solveSoftContact's loop), or two together (solvePair()).
    const F single =
        maxLanes(old1 + (-p1.normalMass * massScale[0] * (vn1 + bias[0]) - impulseScale[0] * old1), zero);
    const F rhs1 = massScale[0] * (vn1 + bias[0]) - ((one - impulseScale[0]) * c.k11 * old1 + c.k12 * old2);
    const F rhs2 = massScale[1] * (vn2 + bias[1]) - (c.k12 * old1 + (one - impulseScale[1]) * c.k22 * old2);
    applyNormalImpulses(a, b, c, single, rhs1, rhs2);
    if (useBias)
    {
        scatterLanes<N>(bodies, c.indexA, a);
        scatterLanes<N>(bodies, c.indexB, b);
        return;
    }
    p1.totalNormalImpulse += p1.normalImpulse;
    p2.totalNormalImpulse += p2.normalImpulse;

    const F tx = ny;
    const F ty = -nx;
    for (WideSoftPointN<N>& p : c.points)
    {
        const F vt = relativeLanes<N>(a, b, tx, ty, p.rtA, p.rtB) - c.tangentSpeed;
        const F maxFriction = c.friction * maxLanes(p.normalImpulse, p.gripFloor);
        const F newImpulse =
            minLanes(maxLanes(p.tangentImpulse - p.tangentMass * vt, -maxFriction), maxFriction);
        const F lambda = newImpulse - p.tangentImpulse;
        p.tangentImpulse = newImpulse;
        pushLanes<N>(a, b, c, tx, ty, p.rtA, p.rtB, lambda);
        p.totalTangentImpulse += newImpulse;
    }
    scatterLanes<N>(bodies, c.indexA, a);
    scatterLanes<N>(bodies, c.indexB, b);
}

template <int N>
OBLIQUE_LANE_INLINE void warmStartGroups(SolverVelocity* bodies, const WideSoftConstraintN<N>* groups,
                                         int begin, int end)
{
    for (int g = begin; g < end; ++g)
    {
        warmStartLanes<N>(bodies, groups[g]);
    }
}

// How many groups ahead a solve pass asks for a group's lines, where it asks (prefetch): one
// group's work does not cover a miss to memory, two do (docs/performance.md).
inline constexpr int kGroupsAhead = 2;

template <int N>
OBLIQUE_LANE_INLINE void solveGroups(SolverVelocity* bodies, const SolverDelta* deltas,
                                     WideSoftConstraintN<N>* groups, int begin, int end, float invH,
                                     float pushMaxSpeed, bool useBias, bool prefetch)
{
    const SoftPassLanes<N> pass{splatLanes<LaneFloat<N>>(invH), splatLanes<LaneFloat<N>>(-pushMaxSpeed),
                                useBias};
    for (int g = begin; g < end; ++g)
    {
        if (prefetch && g + kGroupsAhead < end)
        {
            prefetchObject(&groups[g + kGroupsAhead]);
        }
        solveLanes<N>(bodies, deltas, groups[g], pass);
    }
}

// Eight lanes, built for AVX2 (without FMA, so each lane rounds as the scalar pass does). Call
// only where eightLanesAvailable() says so.
void warmStartEightLanes(SolverVelocity* bodies, const WideSoftConstraint8* groups, int begin, int end);
void solveEightLanes(SolverVelocity* bodies, const SolverDelta* deltas, WideSoftConstraint8* groups,
                     int begin, int end, float invH, float pushMaxSpeed, bool useBias, bool prefetch);

// Sixteen lanes, built for AVX-512 (products and sums rounded apart). Call only where
// sixteenLanesAvailable() says so.
void warmStartSixteenLanes(SolverVelocity* bodies, const WideSoftConstraint16* groups, int begin, int end);
void solveSixteenLanes(SolverVelocity* bodies, const SolverDelta* deltas, WideSoftConstraint16* groups,
                       int begin, int end, float invH, float pushMaxSpeed, bool useBias, bool prefetch);

} // namespace oblique::detail
