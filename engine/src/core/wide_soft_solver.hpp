#pragma once
// Internal: soft step's contact passes several contacts at a time, colour by colour. The contacts
// of one colour share no body that impulses move, so a colour is solved in groups of four (SSE2),
// eight (AVX2) or sixteen (AVX-512) where the CPU has them, a contact per lane, with exactly the result of
// solving its contacts one after another; the overflow, the bouncy contacts and two-point contacts whose
// points nearly coincide are solved one at a time.

#include "oblique/task_system.hpp"
#include "wide_contact.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace oblique::detail
{

struct SoftContactConstraint;
struct PlainLaneInputs;
struct SolverVelocity;
struct SolverDelta;

template <int N>
struct WideSoftPointN : WidePointLanes<N>
{
    LaneFloat<N> rAx;
    LaneFloat<N> rAy;
    LaneFloat<N> rBx;
    LaneFloat<N> rBy;
    LaneFloat<N> baseSeparation;
    LaneFloat<N> totalNormalImpulse;
    LaneFloat<N> totalTangentImpulse;
    LaneFloat<N> gripFloor; // SoftPoint::gripFloor
};

// N contacts of one colour. A one-point lane has zeros in its second point, and a padding lane
// is all zeros on the immovable slot 0: both push nothing.
template <int N>
struct WideSoftConstraintN : WideContactLanes<N>
{
    LaneFloat<N> biasRate;
    LaneFloat<N> massScale;
    LaneFloat<N> impulseScale;
    LaneMask<N> twoPoints; // all bits set where the lane solves its two points together
    WideSoftPointN<N> points[2];
    // The two-point effective mass [k11 k12; k12 k22] and its inverse.
    LaneFloat<N> k11;
    LaneFloat<N> k12;
    LaneFloat<N> k22;
    LaneFloat<N> inv11;
    LaneFloat<N> inv12;
    LaneFloat<N> inv22;
};

// A lane's points: two where it solves two together (every two-point contact in the lanes does).
template <int N>
int lanePointCount(const WideSoftConstraintN<N>& g, int lane)
{
    return g.twoPoints[lane] != 0 ? 2 : 1;
}

using WideSoftConstraint = WideSoftConstraintN<4>;
using WideSoftConstraint8 = WideSoftConstraintN<8>;
using WideSoftConstraint16 = WideSoftConstraintN<16>;

// Lane groups' storage grows without zeroing what it adds: each group is cleared as it is packed,
// by whichever worker packs it, instead of all of them first on the calling thread.
template <class T>
struct LaneGroupAllocator : std::allocator<T>
{
    using value_type = T;
    template <class U>
    struct rebind
    {
        using other = LaneGroupAllocator<U>;
    };
    LaneGroupAllocator() = default;
    template <class U>
    explicit LaneGroupAllocator(const LaneGroupAllocator<U>& /*other*/) noexcept
    {
    }
    template <class U>
    void construct(U* p) noexcept
    {
        ::new (static_cast<void*>(p)) U;
    }
    template <class U, class... Args>
    void construct(U* p, Args&&... args)
    {
        ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }
    friend bool operator==(const LaneGroupAllocator& /*a*/, const LaneGroupAllocator& /*b*/) noexcept
    {
        return true;
    }
};

template <class T>
using LaneGroups = std::vector<T, LaneGroupAllocator<T>>;

// A run of constraints solved one at a time, then a run of wide constraints.
struct SoftBatch
{
    std::int32_t singleBegin = 0; // into WideSoftSolver::singles
    std::int32_t singleEnd = 0;
    std::int32_t wideBegin = 0;
    std::int32_t wideEnd = 0;
};

// Reused from step to step, so that scheduling allocates nothing once warm.
struct WideSoftSolver
{
    int width = 4;                           // lanes a group: 4, 8 or 16, as laneWidth() says at begin
    LaneGroups<WideSoftConstraint> wide;     // the groups when four lanes wide
    LaneGroups<WideSoftConstraint8> wide8;   // the groups when eight lanes wide
    LaneGroups<WideSoftConstraint16> wide16; // and sixteen
    std::vector<std::int32_t> singles;
    std::vector<SoftBatch> batches;
    // Where each colour's groups begin, then where the last one's end (layOutColours).
    std::vector<std::int32_t> colourStarts;

    // Packing, as the constraints are prepared: begin, then a batch of the overflow, all solved one
    // at a time, each added by its index among those once prepared.
    void begin(int laneWidth);
    void beginBatch();
    void addSingle(std::int32_t index);
    void endBatch();
    // Packing the colours, whose groups may be filled on any worker: the groups of colours of
    // these sizes laid out after those packed so far (a colour of n contacts takes n / width
    // groups, rounded up, and its k-th contact is lane k of them); each group cleared to padding
    // and its lanes prepared; then, colour by colour, a batch of its groups and of the contacts it
    // solves one at a time, whose lanes stay padding.
    // Room is also kept for the colours at alternateWidth lanes (lane_choice.hpp), unless 0.
    void layOutColours(const std::int32_t* sizes, int colourCount, int alternateWidth);
    void clearGroup(std::int32_t group);
    // Prepares a group's plain lanes (wide_soft_prepare.hpp) at once, every other lane made
    // padding; returns the lanes left to be solved one at a time, a bit each.
    unsigned preparePlainLanes(std::int32_t group, const PlainLaneInputs& in, float warmStartScale);
    // One constraint prepared one at a time, packed into its lane: what the lanes' own
    // preparation must equal bit for bit, and how the tests put constraints of their own in lanes.
    void packLaneAt(std::int32_t group, int laneIndex, std::int32_t source, const SoftContactConstraint& cc,
                    const std::vector<SolverVelocity>& bodies);
    // The source of a lane: -1 where it holds no contact.
    std::int32_t sourceAt(std::int32_t group, int laneIndex) const;
    void beginColourBatch(int colour);
    void endColourBatch();
    // Bouncy contacts (relax may only ease a point) and two points solved one after the other are
    // left to the scalar pass, as is the overflow.
    static bool solvedAlone(const SoftContactConstraint& cc);
    // The lane groups packed so far, at the width chosen.
    std::int32_t groupCount() const;
    // ... and their size in bytes.
    std::size_t groupBytes() const;
    // A colour's lane groups are spread over the task system's workers.
    void warmStart(std::vector<SolverVelocity>& bodies, const std::vector<SoftContactConstraint>& constraints,
                   const TaskSystem& tasks) const;
    void solve(std::vector<SolverVelocity>& bodies, const std::vector<SolverDelta>& deltas,
               std::vector<SoftContactConstraint>& constraints, float invH, float pushMaxSpeed, bool useBias,
               const TaskSystem& tasks);
    // The groups at N lanes.
    template <int N>
    LaneGroups<WideSoftConstraintN<N>>& groups()
    {
        return byLaneCount<N>(wide, wide8, wide16);
    }
    template <int N>
    const LaneGroups<WideSoftConstraintN<N>>& groups() const
    {
        return byLaneCount<N>(wide, wide8, wide16);
    }
    // visit(groups) with the lane groups of the width chosen.
    template <class Visit>
    void visitGroups(Visit visit) const
    {
        atLaneCount(width, [&]<int N>(LaneCount<N>) { visit(groups<N>()); });
    }
    template <class Visit>
    void visitGroups(Visit visit)
    {
        atLaneCount(width, [&]<int N>(LaneCount<N>) { visit(groups<N>()); });
    }
};

} // namespace oblique::detail
