#pragma once
// Internal: the bodies as the solver sees them during a step, split by phase so each loop streams
// only what it reads. Slot 0 stands for every static body: zero velocity, zero inverse mass,
// identity pose.

#include "oblique/rot.hpp"
#include "oblique/vec2.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace oblique::detail
{

struct SolverVelocity
{
    Vec2 v;
    float w = 0.0f;
    float invMass = 0.0f; // read beside the velocity it scales, so constraints need not carry it
    float invInertia = 0.0f;
};

// A body that impulses move: a dynamic one. Static bodies (slot 0) and kinematic ones have no
// inverse mass or inertia; constraints may share them freely and never change their velocity.
// Always inlined, as the one file built for AVX2 calls it (float4.hpp).
[[gnu::always_inline]] inline bool movedByImpulses(const SolverVelocity& v)
{
    return v.invMass > 0.0f || v.invInertia > 0.0f;
}

struct SolverPose
{
    Vec2 c; // centre of mass
    float a = 0.0f;
    Rot q;
};

// How far a body has moved since the start of the step (soft step): its centre's translation and
// its rotation. Contacts measure their separation from it instead of a new narrow phase.
struct SolverDelta
{
    Vec2 dp;
    Rot dq;
};

// What integrating a dynamic body's velocity reads, gathered once a step: its records are too far
// apart to read every substep.
struct SolverForces
{
    Vec2 acceleration; // gravity times its scale, plus force over mass
    float invInertia = 0.0f;
    float torque = 0.0f;
    float linearDamping = 0.0f;
    float angularDamping = 0.0f;
    bool dynamic = false;
    // The most it turns in one integration, a step or a substep (stepTurnCap over the substeps).
    float turnCap = 0.0f;
};

// Reused from step to step.
struct SolverBodies
{
    std::vector<SolverForces> forces;
    std::vector<SolverVelocity> velocities;
    std::vector<SolverPose> poses;
    std::vector<SolverDelta> deltas;
    // Per slot: the gravity on an awake dynamic body (its scale times the world's), else none;
    // dense, so that preparing a contact need not read its bodies' records for it.
    std::vector<Vec2> gravities;
    std::vector<std::uint32_t> toBody;     // body slot of solver slot i + 1
    std::vector<std::uint32_t> lastToBody; // the last step's, to tell whether the bodies are the same
    bool sameBodies = false;
    // Per body: this step's slot, or 0 for a body the solver does not move. Apart from the
    // records, so that contacts and joints find their bodies' slots in a small dense array.
    std::vector<std::int32_t> slotOf;
    // Counts the moves of the poses within a step, so that what is computed from them can be kept
    // while they stay (the joint trees' factors).
    std::uint32_t poseVersion = 0;
};

// Relative velocity of B against A at a point, along a direction d whose lever-arm scalars
// (r x d) are given: dot(vB + wB x rB - vA - wA x rA, d) = dot(vB - vA, d) + wB*rdB - wA*rdA.
inline float relativeAlong(const SolverVelocity& a, const SolverVelocity& b, Vec2 d, float rdA, float rdB)
{
    return dot(b.v - a.v, d) + b.w * rdB - a.w * rdA;
}

// Applies impulse lambda along d (lever-arm scalars rdA, rdB) to B, and its opposite to A.
inline void push(SolverVelocity& a, SolverVelocity& b, Vec2 d, float rdA, float rdB, float lambda)
{
    a.v -= (a.invMass * lambda) * d;
    a.w -= a.invInertia * lambda * rdA;
    b.v += (b.invMass * lambda) * d;
    b.w += b.invInertia * lambda * rdB;
}

// The normal impulse a point's friction grips with: its own, or more where something else carries
// load through it (gripFloor, soft step's points).
template <class Point>
float gripOf(const Point& p)
{
    if constexpr (requires { p.gripFloor; })
    {
        return std::max(p.normalImpulse, p.gripFloor);
    }
    else
    {
        return p.normalImpulse;
    }
}

// Coulomb friction at one point of either solver's constraints: the tangent impulse that drives
// the surfaces' relative speed along t, less tangentSpeed, to zero, within friction times the
// point's normal impulse.
template <class Point>
void solveFriction(SolverVelocity& a, SolverVelocity& b, Vec2 t, float friction, float tangentSpeed, Point& p)
{
    const float vt = relativeAlong(a, b, t, p.rtA, p.rtB) - tangentSpeed;
    const float maxFriction = friction * gripOf(p);
    // min/max rather than std::clamp: they compile to branch-free minss/maxss.
    const float newImpulse =
        std::min(std::max(p.tangentImpulse - p.tangentMass * vt, -maxFriction), maxFriction);
    const float lambda = newImpulse - p.tangentImpulse;
    p.tangentImpulse = newImpulse;
    push(a, b, t, p.rtA, p.rtB, lambda);
}

// A rotation advanced by a small angle without trigonometry (then renormalised).
inline Rot advance(Rot q, float da)
{
    const float c = q.c - da * q.s;
    const float s = q.s + da * q.c;
    const float inv = 1.0f / std::sqrt(c * c + s * s);
    return {c * inv, s * inv};
}

} // namespace oblique::detail
