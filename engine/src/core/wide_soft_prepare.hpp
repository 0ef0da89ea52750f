#pragma once
// Internal: preparing a lane group's plain contacts (those that do not bounce) all at once,
// straight into their lanes: what prepareSoftContact and packing a lane do one contact at a time,
// operation for operation, so that each lane holds the same bits. Four lanes are built into
// wide_soft_solver.cpp; eight into wide_lanes_avx2.cpp; sixteen into wide_lanes_avx512.cpp.

#include "two_point_mass.hpp"
#include "wide_soft_solver.hpp"

#include <cstdint>
#include <cstring>
#include <iterator>

namespace oblique::detail
{

// What preparing reads of each plain lane's contact and bodies, gathered one contact at a time
// (lane k of each row). A lane whose plain flag is 0 is left as it is in the group.
struct PlainLaneInputs
{
    static constexpr int kLanes = 16; // the widest group
    float normalX[kLanes];
    float normalY[kLanes];
    float friction[kLanes];
    float tangentSpeed[kLanes];
    float invMassA[kLanes];
    float invInertiaA[kLanes];
    float invMassB[kLanes];
    float invInertiaB[kLanes];
    float biasRate[kLanes];
    float massScale[kLanes];
    float impulseScale[kLanes];
    float centerAX[kLanes]; // the bodies' centres of mass at the start of the step
    float centerAY[kLanes];
    float centerBX[kLanes];
    float centerBY[kLanes];
    float circleAX[kLanes]; // where a side is a circle, its centre (the point it follows)
    float circleAY[kLanes];
    float circleBX[kLanes];
    float circleBY[kLanes];
    float pointX[2][kLanes]; // the manifold's points, as the narrow phase left them
    float pointY[2][kLanes];
    float separation[2][kLanes];
    float normalImpulse[2][kLanes]; // the contact's stored impulses, before the warm-start scale
    float tangentImpulse[2][kLanes];
    std::int32_t plain[kLanes];     // -1 where the lane is prepared here, else 0
    std::int32_t twoPoints[kLanes]; // -1 where its contact has two points, else 0
    std::int32_t circleA[kLanes];   // -1 where side A is a circle, else 0
    std::int32_t circleB[kLanes];
    std::int32_t indexA[kLanes];
    std::int32_t indexB[kLanes];
    std::int32_t source[kLanes];
};

template <int N>
OBLIQUE_LANE_INLINE LaneFloat<N> loadLanes(const float* p)
{
    LaneFloat<N> v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

template <int N>
OBLIQUE_LANE_INLINE LaneMask<N> loadMask(const std::int32_t* p)
{
    LaneMask<N> v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

// The fields of a point that preparing sets (its totals and grip floor stay as cleared).
template <int N>
constexpr LaneFloat<N> WideSoftPointN<N>::*kPreparedPointFields[] = {
    &WideSoftPointN<N>::rnA,           &WideSoftPointN<N>::rnB,
    &WideSoftPointN<N>::rtA,           &WideSoftPointN<N>::rtB,
    &WideSoftPointN<N>::normalMass,    &WideSoftPointN<N>::tangentMass,
    &WideSoftPointN<N>::normalImpulse, &WideSoftPointN<N>::tangentImpulse,
    &WideSoftPointN<N>::rAx,           &WideSoftPointN<N>::rAy,
    &WideSoftPointN<N>::rBx,           &WideSoftPointN<N>::rBy,
    &WideSoftPointN<N>::baseSeparation};

// The fields of a contact's lane taken as gathered.
template <int N>
struct PassedOnField
{
    LaneFloat<N> WideSoftConstraintN<N>::*to;
    const float (PlainLaneInputs::*from)[PlainLaneInputs::kLanes];
};

template <int N>
constexpr PassedOnField<N> kPassedOnFields[] = {
    {&WideSoftConstraintN<N>::normalX, &PlainLaneInputs::normalX},
    {&WideSoftConstraintN<N>::normalY, &PlainLaneInputs::normalY},
    {&WideSoftConstraintN<N>::friction, &PlainLaneInputs::friction},
    {&WideSoftConstraintN<N>::tangentSpeed, &PlainLaneInputs::tangentSpeed},
    {&WideSoftConstraintN<N>::invMassA, &PlainLaneInputs::invMassA},
    {&WideSoftConstraintN<N>::invInertiaA, &PlainLaneInputs::invInertiaA},
    {&WideSoftConstraintN<N>::invMassB, &PlainLaneInputs::invMassB},
    {&WideSoftConstraintN<N>::invInertiaB, &PlainLaneInputs::invInertiaB},
    {&WideSoftConstraintN<N>::biasRate, &PlainLaneInputs::biasRate},
    {&WideSoftConstraintN<N>::massScale, &PlainLaneInputs::massScale},
    {&WideSoftConstraintN<N>::impulseScale, &PlainLaneInputs::impulseScale},
};

// Both bodies' inverse masses and inertias, every lane.
template <int N>
struct LaneMasses
{
    LaneFloat<N> mA;
    LaneFloat<N> iA;
    LaneFloat<N> mB;
    LaneFloat<N> iB;
};

// prepareSoftPoint() for point j of a contact that does not bounce, on every lane.
template <int N>
OBLIQUE_LANE_INLINE WideSoftPointN<N> preparePointLanes(const PlainLaneInputs& in, int j,
                                                        const LaneMasses<N>& m, LaneFloat<N> warmStartScale)
{
    using F = LaneFloat<N>;
    const F nx = loadLanes<N>(in.normalX);
    const F ny = loadLanes<N>(in.normalY);
    const F tx = ny;
    const F ty = -nx;
    const F separation = loadLanes<N>(in.separation[j]);
    const F pointX = loadLanes<N>(in.pointX[j]);
    const F pointY = loadLanes<N>(in.pointY[j]);
    // surfacesOf(): each body's surface half the gap from the point.
    const F half = splatLanes<F>(0.5f) * separation;
    const F gapX = half * nx;
    const F gapY = half * ny;
    const F centerAX = loadLanes<N>(in.centerAX);
    const F centerAY = loadLanes<N>(in.centerAY);
    const F centerBX = loadLanes<N>(in.centerBX);
    const F centerBY = loadLanes<N>(in.centerBY);
    // The levers reach each body's surface; the points followed are the surface's, or a circle's
    // centre.
    const F leverAX = (pointX - gapX) - centerAX;
    const F leverAY = (pointY - gapY) - centerAY;
    const F leverBX = (pointX + gapX) - centerBX;
    const F leverBY = (pointY + gapY) - centerBY;
    const LaneMask<N> circleA = loadMask<N>(in.circleA);
    const LaneMask<N> circleB = loadMask<N>(in.circleB);
    WideSoftPointN<N> p;
    p.rAx = circleA ? loadLanes<N>(in.circleAX) - centerAX : leverAX;
    p.rAy = circleA ? loadLanes<N>(in.circleAY) - centerAY : leverAY;
    p.rBx = circleB ? loadLanes<N>(in.circleBX) - centerBX : leverBX;
    p.rBy = circleB ? loadLanes<N>(in.circleBY) - centerBY : leverBY;
    p.rnA = leverAX * ny - leverAY * nx;
    p.rnB = leverBX * ny - leverBY * nx;
    p.rtA = leverAX * ty - leverAY * tx;
    p.rtB = leverBX * ty - leverBY * tx;
    p.baseSeparation = separation - ((p.rBx - p.rAx) * nx + (p.rBy - p.rAy) * ny);
    const F zero{};
    const F one = splatLanes<F>(1.0f);
    const F kNormal = m.mA + m.mB + m.iA * p.rnA * p.rnA + m.iB * p.rnB * p.rnB;
    const F kTangent = m.mA + m.mB + m.iA * p.rtA * p.rtA + m.iB * p.rtB * p.rtB;
    p.normalMass = kNormal > zero ? one / kNormal : zero;
    p.tangentMass = kTangent > zero ? one / kTangent : zero;
    p.normalImpulse = warmStartScale * loadLanes<N>(in.normalImpulse[j]);
    p.tangentImpulse = warmStartScale * loadLanes<N>(in.tangentImpulse[j]);
    return p;
}

// Where `where` is set, to value; elsewhere to zero, as in a group cleared to padding. Every lane
// is written, so the group needs no clearing first and its old contents are never read.
template <class V, class M>
OBLIQUE_LANE_INLINE void writeLanes(V& to, M where, V value)
{
    to = where ? value : V{};
}

// A point's lanes: the prepared fields where `where` is set; its totals and grip floor, which
// the passes add up from zero, zero everywhere.
template <int N>
OBLIQUE_LANE_INLINE void writePointLanes(WideSoftPointN<N>& to, LaneMask<N> where, const WideSoftPointN<N>& p)
{
    for (const auto field : kPreparedPointFields<N>)
    {
        writeLanes(to.*field, where, p.*field);
    }
    to.totalNormalImpulse = LaneFloat<N>{};
    to.totalTangentImpulse = LaneFloat<N>{};
    to.gripFloor = LaneFloat<N>{};
}

// Every field of a point is either prepared or one of the three zeroed above; every field of a
// group is an index array, passed on, or one of the seven preparePlainGroup works out (the
// two-point flag and the two-point matrix and its inverse). A field added to either must be
// written by preparePlainGroup, or this fails to hold.
template <int N>
constexpr bool writesWholeGroup()
{
    constexpr std::size_t lanes = sizeof(LaneFloat<N>);
    constexpr std::size_t point = (std::size(kPreparedPointFields<N>) + 3) * lanes;
    constexpr std::size_t group =
        3 * sizeof(std::int32_t) * N + (std::size(kPassedOnFields<N>) + 7) * lanes + 2 * point;
    return sizeof(WideSoftPointN<N>) == point && sizeof(WideSoftConstraintN<N>) == group;
}

// Prepares the group's plain lanes and makes every other lane padding, as clearing the group and
// packing its plain lanes one at a time would. A plain lane whose two points nearly coincide is
// solved one at a time (WideSoftSolver::solvedAlone) and is padding here too: returns those lanes,
// a bit each.
template <int N>
OBLIQUE_LANE_INLINE unsigned preparePlainGroup(WideSoftConstraintN<N>& w, const PlainLaneInputs& in,
                                               float warmStartScale)
{
    static_assert(writesWholeGroup<N>(), "preparePlainGroup writes every field of the group");
    using F = LaneFloat<N>;
    using M = LaneMask<N>;
    const F scale = splatLanes<F>(warmStartScale);
    const M plain = loadMask<N>(in.plain);
    const M twoPoints = loadMask<N>(in.twoPoints);
    const LaneMasses<N> m{loadLanes<N>(in.invMassA), loadLanes<N>(in.invInertiaA), loadLanes<N>(in.invMassB),
                          loadLanes<N>(in.invInertiaB)};
    const WideSoftPointN<N> p1 = preparePointLanes<N>(in, 0, m, scale);
    const WideSoftPointN<N> p2 = preparePointLanes<N>(in, 1, m, scale);
    // twoPointMass() (k11 and k22 are the points' kNormal again, as there).
    const F mAB = m.mA + m.mB;
    const F k11 = mAB + m.iA * p1.rnA * p1.rnA + m.iB * p1.rnB * p1.rnB;
    const F k22 = mAB + m.iA * p2.rnA * p2.rnA + m.iB * p2.rnB * p2.rnB;
    const F k12 = mAB + m.iA * p1.rnA * p2.rnA + m.iB * p1.rnB * p2.rnB;
    const F det = k11 * k22 - k12 * k12;
    const M wellConditioned = k11 * k11 < splatLanes<F>(kMaxConditionNumber) * det;
    const F zero{};
    const F inv = det != zero ? splatLanes<F>(1.0f) / det : zero;
    const M leftOut = plain & twoPoints & ~wellConditioned;
    const M kept = plain & ~leftOut;
    const M pair = kept & twoPoints;
    for (const PassedOnField<N>& field : kPassedOnFields<N>)
    {
        writeLanes(w.*field.to, kept, loadLanes<N>(in.*field.from));
    }
    writePointLanes<N>(w.points[0], kept, p1);
    writePointLanes<N>(w.points[1], pair, p2);
    writeLanes(w.k11, pair, k11);
    writeLanes(w.k12, pair, k12);
    writeLanes(w.k22, pair, k22);
    writeLanes(w.inv11, pair, inv * k22);
    writeLanes(w.inv12, pair, -inv * k12);
    writeLanes(w.inv22, pair, inv * k11);
    w.twoPoints = pair;
    unsigned leftOutLanes = 0;
    for (int lane = 0; lane < N; ++lane)
    {
        const bool isKept = kept[lane] != 0;
        w.indexA[lane] = isKept ? in.indexA[lane] : 0;
        w.indexB[lane] = isKept ? in.indexB[lane] : 0;
        w.source[lane] = isKept ? in.source[lane] : -1;
        leftOutLanes |= leftOut[lane] != 0 ? 1u << lane : 0u;
    }
    return leftOutLanes;
}

// Eight lanes, built for AVX2 (without FMA). Call only where eightLanesAvailable() says so.
unsigned preparePlainEightLanes(WideSoftConstraint8& w, const PlainLaneInputs& in, float warmStartScale);
// Sixteen lanes, built for AVX-512 (products and sums rounded apart). Call only where
// sixteenLanesAvailable() says so.
unsigned preparePlainSixteenLanes(WideSoftConstraint16& w, const PlainLaneInputs& in, float warmStartScale);

} // namespace oblique::detail
