#pragma once
// The velocity iterations several contacts at a time. Contacts are put in levels so that no two
// of one level share a body that moves under impulses and each comes after those before it that
// do; a level is then solved in groups of four (SSE2), eight (AVX2) or sixteen (AVX-512) lanes, one contact
// per lane, which gives bit for bit the result of solving every contact one after another.

#include "wide_contact.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace oblique::detail
{

struct ContactConstraint;
struct SolverVelocity;

// One point of N contacts, a lane each.
template <int N>
struct WidePointN : WidePointLanes<N>
{
    LaneFloat<N> velocityBias;
};

// N contacts of one level. A lane that solves one point has zero masses and impulses in its
// second; an empty lane (padding) is all zeros on the immovable slot 0, and pushes nothing.
template <int N>
struct WideConstraintN : WideContactLanes<N>
{
    WidePointN<N> points[2];
    // The two-point effective mass [k11 k12; k12 k22] and its inverse; k11 alone for one point.
    LaneFloat<N> k11;
    LaneFloat<N> k12;
    LaneFloat<N> k22;
    LaneFloat<N> inv11;
    LaneFloat<N> inv12;
    LaneFloat<N> inv22;
    LaneMask<N> twoPoints; // all bits set where the lane solves its two points together
};

using WideConstraint = WideConstraintN<4>;
using WideConstraint8 = WideConstraintN<8>;
using WideConstraint16 = WideConstraintN<16>;

// Either one constraint solved alone or a run of wide constraints.
struct Batch
{
    std::int32_t single = -1; // constraint index, or -1
    std::int32_t wideBegin = 0;
    std::int32_t wideEnd = 0;
};

// Reused from step to step, so that scheduling allocates nothing once warm.
struct WideSolver
{
    std::vector<std::int32_t> bodyLevel;  // per solver body: the level of its latest constraint
    std::vector<std::int32_t> levelOf;    // per constraint
    std::vector<std::int32_t> levelCount; // constraints per level
    std::vector<std::int32_t> levelFilled;
    std::vector<Batch> batches;           // one per level, in level order
    int width = 4;                        // lanes a group: 4, 8 or 16, chosen by build
    std::vector<WideConstraint> wide;     // the groups when four lanes wide
    std::vector<WideConstraint8> wide8;   // the groups when eight lanes wide
    std::vector<WideConstraint16> wide16; // and sixteen

    // Schedules the constraints by level and packs them, laneWidth (4, 8 or 16) lanes at a time.
    void build(const std::vector<ContactConstraint>& constraints, const std::vector<SolverVelocity>& bodies,
               int laneWidth);
    // One velocity iteration over every constraint, with exactly the result of solving them one
    // after another in their order; the wide constraints carry the impulses between iterations.
    void iterate(std::vector<SolverVelocity>& bodies, std::vector<ContactConstraint>& constraints);
    // Copies the accumulated impulses back into the constraints they came from.
    void unpack(std::vector<ContactConstraint>& constraints) const;

    // The groups at N lanes.
    template <int N>
    std::vector<WideConstraintN<N>>& groups()
    {
        return byLaneCount<N>(wide, wide8, wide16);
    }
    template <int N>
    const std::vector<WideConstraintN<N>>& groups() const
    {
        return byLaneCount<N>(wide, wide8, wide16);
    }
};

} // namespace oblique::detail
