#pragma once
// Internal: soft step's plain hinges on one colour's lane groups, for any lane count, operation
// for operation as joint_frame.hpp's solveSharedPoint, projectSharedPoint and pushAtAnchors do one
// hinge. Four lanes are built into wide_joint_solver.cpp; eight into wide_lanes_avx2.cpp, called
// only on a CPU with AVX2.

#include "constants.hpp"
#include "solver_body.hpp"
#include "wide_joint_solver.hpp"
#include "wide_lanes.hpp"

#if defined(__AVX__)
#include <immintrin.h>
#endif

namespace oblique::detail
{

// The solver's body arrays, as the lanes read and write them.
struct HingeBodies
{
    SolverVelocity* velocities;
    SolverPose* poses;
    SolverDelta* deltas;
};

// What a pass asks of every hinge: the push's terms (equalityTerms of a unit error) and whether
// drifted points are projected back.
struct HingePass
{
    float bias;
    float massScale;
    float impulseScale;
    bool useBias;
    bool project;
};

// Correctly rounded in every lane, as std::sqrt is.
template <int N>
OBLIQUE_LANE_INLINE LaneFloat<N> sqrtLanes(LaneFloat<N> x)
{
    if constexpr (N == 4)
    {
        return sqrt4(x);
    }
    else
    {
#if defined(__AVX__)
        return _mm256_sqrt_ps(x);
#else
        LaneFloat<N> out;
        for (int lane = 0; lane < N; ++lane)
        {
            out[lane] = std::sqrt(x[lane]);
        }
        return out;
#endif
    }
}

// The lanes' anchors now: currentAnchorA and currentAnchorB.
template <int N>
struct HingeAnchorsN
{
    LaneFloat<N> rAx;
    LaneFloat<N> rAy;
    LaneFloat<N> rBx;
    LaneFloat<N> rBy;
};

template <int N>
OBLIQUE_LANE_INLINE HingeAnchorsN<N> currentAnchors(const WideHingeN<N>& c, const WideDeltaN<N>& da,
                                                    const WideDeltaN<N>& db)
{
    return {da.dqc * c.rAx - da.dqs * c.rAy, da.dqs * c.rAx + da.dqc * c.rAy, db.dqc * c.rBx - db.dqs * c.rBy,
            db.dqs * c.rBx + db.dqc * c.rBy};
}

// pushAtAnchors on N lanes.
template <int N>
OBLIQUE_LANE_INLINE void pushHingeLanes(WideVelocityN<N>& a, WideVelocityN<N>& b, const WideHingeN<N>& c,
                                        const HingeAnchorsN<N>& r, LaneFloat<N> px, LaneFloat<N> py)
{
    a.vx = a.vx - c.invMassA * px;
    a.vy = a.vy - c.invMassA * py;
    a.w = a.w - c.invInertiaA * (r.rAx * py - r.rAy * px);
    b.vx = b.vx + c.invMassB * px;
    b.vy = b.vy + c.invMassB * py;
    b.w = b.w + c.invInertiaB * (r.rBx * py - r.rBy * px);
}

template <int N>
OBLIQUE_LANE_INLINE void warmStartHingeLanes(HingeBodies bodies, const WideHingeN<N>& c)
{
    WideVelocityN<N> a = gatherLanes<N>(bodies.velocities, c.indexA);
    WideVelocityN<N> b = gatherLanes<N>(bodies.velocities, c.indexB);
    const HingeAnchorsN<N> r = currentAnchors<N>(c, gatherLanes<N>(bodies.deltas, c.indexA),
                                                 gatherLanes<N>(bodies.deltas, c.indexB));
    pushHingeLanes<N>(a, b, c, r, c.impulseX, c.impulseY);
    scatterLanes<N>(bodies.velocities, c.indexA, a);
    scatterLanes<N>(bodies.velocities, c.indexB, b);
}

// advance() of a rotation and of the motion since the step began, side by side in two lanes.
OBLIQUE_LANE_INLINE void advancePair(Float4& qc, Float4& qs, Float4 da)
{
    const Float4 c = qc - da * qs;
    const Float4 s = qs + da * qc;
    const Float4 inv = splatLanes<Float4>(1.0f) / sqrt4(c * c + s * s);
    qc = c * inv;
    qs = s * inv;
}

// moveBody() for the lanes in `moved`: the poses and the motion since the step began.
template <int N>
OBLIQUE_LANE_INLINE void moveHingeBodies(HingeBodies bodies, const std::int32_t* index, LaneMask<N> moved,
                                         LaneFloat<N> dcx, LaneFloat<N> dcy, LaneFloat<N> da)
{
    for (int lane = 0; lane < N; ++lane)
    {
        if (moved[lane] == 0)
        {
            continue;
        }
        SolverPose& pose = bodies.poses[index[lane]];
        SolverDelta& delta = bodies.deltas[index[lane]];
        Float4 qc{pose.q.c, delta.dq.c, 0.0f, 0.0f};
        Float4 qs{pose.q.s, delta.dq.s, 0.0f, 0.0f};
        advancePair(qc, qs, splatLanes<Float4>(da[lane]));
        pose.c.x += dcx[lane];
        pose.c.y += dcy[lane];
        pose.a += da[lane];
        pose.q.c = qc[0];
        pose.q.s = qs[0];
        delta.dp.x += dcx[lane];
        delta.dp.y += dcy[lane];
        delta.dq.c = qc[1];
        delta.dq.s = qs[1];
    }
}

// The relax pass's projection (projectSharedPoint) on N lanes: a shared point drifted apart by
// more than kJointProjectionSlop is moved back to it, both bodies by their inverse masses.
template <int N>
OBLIQUE_LANE_INLINE void
projectHingeLanes(HingeBodies bodies, const WideHingeN<N>& c, const HingeAnchorsN<N>& r, LaneFloat<N> k11,
                  LaneFloat<N> k12, LaneFloat<N> k22, LaneFloat<N> sx, LaneFloat<N> sy, LaneMask<N> drifted)
{
    using F = LaneFloat<N>;
    using M = LaneMask<N>;
    const F zero{};
    const F gap = sqrtLanes<N>(sx * sx + sy * sy);
    const F scale = (gap - splatLanes<F>(kJointProjectionSlop)) / gap;
    const F bx = scale * sx;
    const F by = scale * sy;
    F det = k11 * k22 - k12 * k12;
    det = det != zero ? splatLanes<F>(1.0f) / det : det;
    // p = -solve(K, b); A is moved by -p, B by p.
    const F px = -(det * (k22 * bx - k12 * by));
    const F py = -(det * (k11 * by - k12 * bx));
    const F ax = -px;
    const F ay = -py;
    const M movesA = drifted & ((c.invMassA != zero) | (c.invInertiaA != zero));
    const M movesB = drifted & ((c.invMassB != zero) | (c.invInertiaB != zero));
    moveHingeBodies<N>(bodies, c.indexA, movesA, c.invMassA * ax, c.invMassA * ay,
                       c.invInertiaA * (r.rAx * ay - r.rAy * ax));
    moveHingeBodies<N>(bodies, c.indexB, movesB, c.invMassB * px, c.invMassB * py,
                       c.invInertiaB * (r.rBx * py - r.rBy * px));
}

// solveSharedPoint on N lanes; true when the projection moved a body.
template <int N>
OBLIQUE_LANE_INLINE bool solveHingeLanes(HingeBodies bodies, WideHingeN<N>& c, const HingePass& pass)
{
    using F = LaneFloat<N>;
    using M = LaneMask<N>;
    WideVelocityN<N> a = gatherLanes<N>(bodies.velocities, c.indexA);
    WideVelocityN<N> b = gatherLanes<N>(bodies.velocities, c.indexB);
    const WideDeltaN<N> da = gatherLanes<N>(bodies.deltas, c.indexA);
    const WideDeltaN<N> db = gatherLanes<N>(bodies.deltas, c.indexB);
    const HingeAnchorsN<N> r = currentAnchors<N>(c, da, db);
    // pointMassInverse().
    const F m = c.invMassA + c.invMassB;
    const F k12 = -c.invInertiaA * r.rAx * r.rAy - c.invInertiaB * r.rBx * r.rBy;
    const F k11 = m + c.invInertiaA * r.rAy * r.rAy + c.invInertiaB * r.rBy * r.rBy;
    const F k22 = m + c.invInertiaA * r.rAx * r.rAx + c.invInertiaB * r.rBx * r.rBx;
    // currentSeparation().
    const F sx = (c.deltaCenterX + (db.dpx - da.dpx)) + (r.rBx - r.rAx);
    const F sy = (c.deltaCenterY + (db.dpy - da.dpy)) + (r.rBy - r.rAy);
    bool projected = false;
    if (pass.project)
    {
        const M drifted = sx * sx + sy * sy > splatLanes<F>(kJointProjectionSlop * kJointProjectionSlop);
        bool any = false;
        for (int lane = 0; lane < N; ++lane)
        {
            any = any || drifted[lane] != 0;
        }
        if (any)
        {
            projectHingeLanes<N>(bodies, c, r, k11, k12, k22, sx, sy, drifted);
            projected = true;
        }
    }
    const F speedX = (b.vx + -b.w * r.rBy) - (a.vx + -a.w * r.rAy);
    const F speedY = (b.vy + b.w * r.rBx) - (a.vy + a.w * r.rAx);
    const F bias = splatLanes<F>(pass.bias);
    const F zero{};
    const F biasX = pass.useBias ? bias * sx : zero;
    const F biasY = pass.useBias ? bias * sy : zero;
    // solve() of the 2x2.
    const F bx = speedX + biasX;
    const F by = speedY + biasY;
    F det = k11 * k22 - k12 * k12;
    det = det != zero ? splatLanes<F>(1.0f) / det : det;
    const F xx = det * (k22 * bx - k12 * by);
    const F xy = det * (k11 * by - k12 * bx);
    const F massScale = splatLanes<F>(-pass.massScale);
    const F impulseScale = splatLanes<F>(pass.impulseScale);
    const F px = massScale * xx - impulseScale * c.impulseX;
    const F py = massScale * xy - impulseScale * c.impulseY;
    c.impulseX = c.impulseX + px;
    c.impulseY = c.impulseY + py;
    pushHingeLanes<N>(a, b, c, r, px, py);
    scatterLanes<N>(bodies.velocities, c.indexA, a);
    scatterLanes<N>(bodies.velocities, c.indexB, b);
    return projected;
}

template <int N>
OBLIQUE_LANE_INLINE void warmStartHingeGroups(HingeBodies bodies, const WideHingeN<N>* groups, int begin,
                                              int end)
{
    for (int g = begin; g < end; ++g)
    {
        warmStartHingeLanes<N>(bodies, groups[g]);
    }
}

// True when a projection moved a body.
template <int N>
OBLIQUE_LANE_INLINE bool solveHingeGroups(HingeBodies bodies, WideHingeN<N>* groups, int begin, int end,
                                          const HingePass& pass)
{
    bool moved = false;
    for (int g = begin; g < end; ++g)
    {
        moved = solveHingeLanes<N>(bodies, groups[g], pass) || moved;
    }
    return moved;
}

// Eight lanes, built for AVX2 without FMA. Call only where eightLanesAvailable() says so.
void warmStartHingeEightLanes(HingeBodies bodies, const WideHinge8* groups, int begin, int end);
bool solveHingeEightLanes(HingeBodies bodies, WideHinge8* groups, int begin, int end, const HingePass& pass);

} // namespace oblique::detail
