#pragma once
// The velocity iterations four contacts at a time. Contacts are put in levels so that no two of
// one level share a body that moves under impulses and each comes after those before it that do;
// a level is then solved in groups of four, one contact per lane, which gives bit for bit the
// result of solving every contact one after another.

#include "float4.hpp"

#include <cstdint>
#include <vector>

namespace oblique::detail
{

struct ContactConstraint;
struct SolverVelocity;

// One point of four contacts, a lane each.
struct WidePoint
{
    Float4 rnA;
    Float4 rnB;
    Float4 rtA;
    Float4 rtB;
    Float4 normalMass;
    Float4 tangentMass;
    Float4 velocityBias;
    Float4 normalImpulse;
    Float4 tangentImpulse;
};

// Four contacts of one level. A lane that solves one point has zero masses and impulses in its
// second; an empty lane (padding) is all zeros on the immovable slot 0, and pushes nothing.
struct WideConstraint
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
    WidePoint points[2];
    // The two-point effective mass [k11 k12; k12 k22] and its inverse; k11 alone for one point.
    Float4 k11;
    Float4 k12;
    Float4 k22;
    Float4 inv11;
    Float4 inv12;
    Float4 inv22;
    Mask4 twoPoints; // all bits set where the lane solves its two points together
};

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
    std::vector<Batch> batches; // one per level, in level order
    std::vector<WideConstraint> wide;

    // Schedules the constraints by level and packs them, four lanes at a time.
    void build(const std::vector<ContactConstraint>& constraints, const std::vector<SolverVelocity>& bodies);
    // One velocity iteration over every constraint, with exactly the result of solving them one
    // after another in their order; the wide constraints carry the impulses between iterations.
    void iterate(std::vector<SolverVelocity>& bodies, std::vector<ContactConstraint>& constraints);
    // Copies the accumulated impulses back into the constraints they came from.
    void unpack(std::vector<ContactConstraint>& constraints) const;
};

} // namespace oblique::detail
