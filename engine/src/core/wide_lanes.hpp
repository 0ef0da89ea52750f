#pragma once
// Internal: what the wide solvers do the same way at any lane count: the lanes' body velocities
// and motion since the step began gathered, velocities scattered, and a contact's normal impulses
// applied, one point or two solved together, operation for operation as the scalar solvers do it.

#include "float4.hpp"
#include "solver_body.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace oblique::detail
{

// Velocities of N lanes' bodies, a component per register.
template <int N>
struct WideVelocityN
{
    LaneFloat<N> vx;
    LaneFloat<N> vy;
    LaneFloat<N> w;
};

// Four rows of four floats (the first 16 bytes of four records) as four columns: row i's float j
// becomes lane i of column j.
struct Columns4
{
    Float4 c0;
    Float4 c1;
    Float4 c2;
    Float4 c3;
};

OBLIQUE_LANE_INLINE Columns4 transposeRows(const void* p0, const void* p1, const void* p2, const void* p3)
{
    Float4 r0;
    Float4 r1;
    Float4 r2;
    Float4 r3;
    std::memcpy(&r0, p0, sizeof r0);
    std::memcpy(&r1, p1, sizeof r1);
    std::memcpy(&r2, p2, sizeof r2);
    std::memcpy(&r3, p3, sizeof r3);
    const Float4 t0 = __builtin_shufflevector(r0, r1, 0, 4, 1, 5); // x0 x1 y0 y1
    const Float4 t1 = __builtin_shufflevector(r2, r3, 0, 4, 1, 5); // x2 x3 y2 y3
    const Float4 t2 = __builtin_shufflevector(r0, r1, 2, 6, 3, 7); // z0 z1 w0 w1
    const Float4 t3 = __builtin_shufflevector(r2, r3, 2, 6, 3, 7); // z2 z3 w2 w3
    return {__builtin_shufflevector(t0, t1, 0, 1, 4, 5), __builtin_shufflevector(t0, t1, 2, 3, 6, 7),
            __builtin_shufflevector(t2, t3, 0, 1, 4, 5), __builtin_shufflevector(t2, t3, 2, 3, 6, 7)};
}

// Four columns of four lanes as one of sixteen.
template <int N>
OBLIQUE_LANE_INLINE LaneFloat<N> joinColumns(Float4 a, Float4 b, Float4 c, Float4 d)
{
    static_assert(N == 16);
    const LaneFloat<8> ab = __builtin_shufflevector(a, b, 0, 1, 2, 3, 4, 5, 6, 7);
    const LaneFloat<8> cd = __builtin_shufflevector(c, d, 0, 1, 2, 3, 4, 5, 6, 7);
    return __builtin_shufflevector(ab, cd, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}

// The first four floats of N records, a float per column: loaded a record at a time and
// transposed, rather than assembled a float at a time. Only moves bits.
template <int N, class Record>
OBLIQUE_LANE_INLINE void gatherColumns(const Record* records, const std::int32_t* index, LaneFloat<N>& c0,
                                       LaneFloat<N>& c1, LaneFloat<N>& c2, LaneFloat<N>& c3)
{
    static_assert(sizeof(Record) >= 4 * sizeof(float));
    const Columns4 lo =
        transposeRows(&records[index[0]], &records[index[1]], &records[index[2]], &records[index[3]]);
    if constexpr (N == 4)
    {
        c0 = lo.c0;
        c1 = lo.c1;
        c2 = lo.c2;
        c3 = lo.c3;
    }
    else if constexpr (N == 8)
    {
        const Columns4 hi =
            transposeRows(&records[index[4]], &records[index[5]], &records[index[6]], &records[index[7]]);
        c0 = __builtin_shufflevector(lo.c0, hi.c0, 0, 1, 2, 3, 4, 5, 6, 7);
        c1 = __builtin_shufflevector(lo.c1, hi.c1, 0, 1, 2, 3, 4, 5, 6, 7);
        c2 = __builtin_shufflevector(lo.c2, hi.c2, 0, 1, 2, 3, 4, 5, 6, 7);
        c3 = __builtin_shufflevector(lo.c3, hi.c3, 0, 1, 2, 3, 4, 5, 6, 7);
    }
    else
    {
        const Columns4 b =
            transposeRows(&records[index[4]], &records[index[5]], &records[index[6]], &records[index[7]]);
        const Columns4 c =
            transposeRows(&records[index[8]], &records[index[9]], &records[index[10]], &records[index[11]]);
        const Columns4 d =
            transposeRows(&records[index[12]], &records[index[13]], &records[index[14]], &records[index[15]]);
        c0 = joinColumns<N>(lo.c0, b.c0, c.c0, d.c0);
        c1 = joinColumns<N>(lo.c1, b.c1, c.c1, d.c1);
        c2 = joinColumns<N>(lo.c2, b.c2, c.c2, d.c2);
        c3 = joinColumns<N>(lo.c3, b.c3, c.c3, d.c3);
    }
}

// A velocity record starts with v.x, v.y, w, invMass: its first four floats.
static_assert(offsetof(SolverVelocity, v) == 0 && offsetof(SolverVelocity, w) == 2 * sizeof(float) &&
              offsetof(SolverVelocity, invMass) == 3 * sizeof(float));

template <int N>
OBLIQUE_LANE_INLINE WideVelocityN<N> gatherLanes(const SolverVelocity* bodies, const std::int32_t* index)
{
    WideVelocityN<N> out;
    LaneFloat<N> invMass;
    gatherColumns<N>(bodies, index, out.vx, out.vy, out.w, invMass);
    return out;
}

// Only bodies that impulses move are written back. The others (slot 0, standing for every static
// body, and kinematic bodies) may sit in several lanes of a colour, possibly on different threads,
// and no constraint changes their velocity.
template <int N>
OBLIQUE_LANE_INLINE void scatterLanes(SolverVelocity* bodies, const std::int32_t* index,
                                      const WideVelocityN<N>& v)
{
    for (int lane = 0; lane < N; ++lane)
    {
        SolverVelocity& b = bodies[index[lane]];
        if (movedByImpulses(b))
        {
            b.v = {v.vx[lane], v.vy[lane]};
            b.w = v.w[lane];
        }
    }
}

// The lanes' bodies' motion since the step began, for the separations.
template <int N>
struct WideDeltaN
{
    LaneFloat<N> dpx;
    LaneFloat<N> dpy;
    LaneFloat<N> dqc;
    LaneFloat<N> dqs;
};

// A motion record is dp.x, dp.y, dq.c, dq.s.
static_assert(sizeof(SolverDelta) == 4 * sizeof(float) && offsetof(SolverDelta, dq) == 2 * sizeof(float));

template <int N>
OBLIQUE_LANE_INLINE WideDeltaN<N> gatherLanes(const SolverDelta* deltas, const std::int32_t* index)
{
    WideDeltaN<N> out;
    gatherColumns<N>(deltas, index, out.dpx, out.dpy, out.dqc, out.dqs);
    return out;
}

// A contact's new normal impulses, all lanes at once. `single` is the one-point lanes' new
// impulse; rhs1 and rhs2 are the two-point lanes' complementarity right-hand side (solveTwoPoints
// on lanes): the active sets in the scalar order of preference (both pushing, only the first,
// only the second, neither), selected from the least preferred up so the preferred overwrite. A
// two-point lane where no set fits keeps its impulses. Wide is a wide constraint of either solver
// at any width: both name their masses, two-point effective mass and points alike.
template <class Wide, class V, class F>
OBLIQUE_LANE_INLINE void applyNormalImpulses(V& a, V& b, Wide& c, F single, F rhs1, F rhs2)
{
    using M = decltype(c.twoPoints);
    auto& p1 = c.points[0];
    auto& p2 = c.points[1];
    const F nx = c.normalX;
    const F ny = c.normalY;
    const F zero{};
    const M two = c.twoPoints;
    const F old1 = p1.normalImpulse;
    const F old2 = p2.normalImpulse;
    const F singleLambda = single - old1;

    F x1 = old1;
    F x2 = old2;
    const M neither = (rhs1 >= zero) & (rhs2 >= zero);
    x1 = neither ? zero : x1;
    x2 = neither ? zero : x2;
    const F second = -p2.normalMass * rhs2;
    const M onlySecond = (second >= zero) & (c.k12 * second + rhs1 >= zero);
    x1 = onlySecond ? zero : x1;
    x2 = onlySecond ? second : x2;
    const F first = -p1.normalMass * rhs1;
    const M onlyFirst = (first >= zero) & (c.k12 * first + rhs2 >= zero);
    x1 = onlyFirst ? first : x1;
    x2 = onlyFirst ? zero : x2;
    const F both1 = -(c.inv11 * rhs1 + c.inv12 * rhs2);
    const F both2 = -(c.inv12 * rhs1 + c.inv22 * rhs2);
    const M both = (both1 >= zero) & (both2 >= zero);
    x1 = both ? both1 : x1;
    x2 = both ? both2 : x2;
    const M found = neither | onlySecond | onlyFirst | both;
    const F d1 = x1 - old1;
    const F d2 = x2 - old2;
    const F total = d1 + d2;

    const M pushTwo = two & found;
    a.vx = pushTwo ? a.vx - c.invMassA * total * nx : (two ? a.vx : a.vx - c.invMassA * singleLambda * nx);
    a.vy = pushTwo ? a.vy - c.invMassA * total * ny : (two ? a.vy : a.vy - c.invMassA * singleLambda * ny);
    a.w = pushTwo ? a.w - c.invInertiaA * (d1 * p1.rnA + d2 * p2.rnA)
                  : (two ? a.w : a.w - c.invInertiaA * singleLambda * p1.rnA);
    b.vx = pushTwo ? b.vx + c.invMassB * total * nx : (two ? b.vx : b.vx + c.invMassB * singleLambda * nx);
    b.vy = pushTwo ? b.vy + c.invMassB * total * ny : (two ? b.vy : b.vy + c.invMassB * singleLambda * ny);
    b.w = pushTwo ? b.w + c.invInertiaB * (d1 * p1.rnB + d2 * p2.rnB)
                  : (two ? b.w : b.w + c.invInertiaB * singleLambda * p1.rnB);
    p1.normalImpulse = pushTwo ? x1 : (two ? old1 : single);
    p2.normalImpulse = pushTwo ? x2 : old2;
}

} // namespace oblique::detail
