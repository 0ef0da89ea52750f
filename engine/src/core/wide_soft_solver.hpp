#pragma once
// Internal: soft step's contact passes four contacts at a time, colour by colour. The contacts of
// one colour share no body that impulses move, so a colour is solved in groups of four, a contact
// per lane, with exactly the result of solving its contacts one after another; the overflow, the
// bouncy contacts and two-point contacts whose points nearly coincide are solved one at a time.

#include "float4.hpp"
#include "oblique/task_system.hpp"

#include <cstdint>
#include <vector>

namespace oblique::detail
{

struct SoftContactConstraint;
struct SolverVelocity;
struct SolverDelta;

struct WideSoftPoint
{
    Float4 rAx;
    Float4 rAy;
    Float4 rBx;
    Float4 rBy;
    Float4 baseSeparation;
    Float4 rnA;
    Float4 rnB;
    Float4 rtA;
    Float4 rtB;
    Float4 normalMass;
    Float4 tangentMass;
    Float4 normalImpulse;
    Float4 tangentImpulse;
    Float4 totalNormalImpulse;
    Float4 totalTangentImpulse;
};

// Four contacts of one colour. A one-point lane has zeros in its second point, and a padding lane
// is all zeros on the immovable slot 0: both push nothing.
struct WideSoftConstraint
{
    std::int32_t indexA[4] = {0, 0, 0, 0};
    std::int32_t indexB[4] = {0, 0, 0, 0};
    std::int32_t source[4] = {-1, -1, -1, -1}; // constraint index of each lane; -1 for padding
    Float4 normalX;
    Float4 normalY;
    Float4 friction;
    Float4 tangentSpeed;
    Float4 invMassA;
    Float4 invInertiaA;
    Float4 invMassB;
    Float4 invInertiaB;
    Float4 biasRate;
    Float4 massScale;
    Float4 impulseScale;
    Mask4 twoPoints; // all bits set where the lane solves its two points together
    WideSoftPoint points[2];
    // The two-point effective mass [k11 k12; k12 k22] and its inverse.
    Float4 k11;
    Float4 k12;
    Float4 k22;
    Float4 inv11;
    Float4 inv12;
    Float4 inv22;
};

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
    std::vector<WideSoftConstraint> wide;
    std::vector<std::int32_t> singles;
    std::vector<SoftBatch> batches;

    // Packs the constraints, which come grouped: the overflow's first (all solved one at a time),
    // then each colour's, colour k's from groupStart[k + 1] to groupStart[k + 2].
    void build(const std::vector<SoftContactConstraint>& constraints,
               const std::vector<std::int32_t>& groupStart, const std::vector<SolverVelocity>& bodies);
    // A colour's four-lane groups are spread over the task system's workers.
    void warmStart(std::vector<SolverVelocity>& bodies, const std::vector<SoftContactConstraint>& constraints,
                   const TaskSystem& tasks) const;
    void solve(std::vector<SolverVelocity>& bodies, const std::vector<SolverDelta>& deltas,
               std::vector<SoftContactConstraint>& constraints, float invH, float pushMaxSpeed, bool useBias,
               const TaskSystem& tasks);
    // Copies the lanes' impulses back into the constraints they came from.
    void unpack(std::vector<SoftContactConstraint>& constraints) const;
};

} // namespace oblique::detail
