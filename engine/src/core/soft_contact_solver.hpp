#pragma once
// Internal: contacts as soft constraints of the substepping solver (soft step, Box2D v3's method).
// Prepared once a step; each substep warm starts them, solves them with a soft push toward their
// current separation, and after the positions move solves them again without it (relax).

#include "softness.hpp"
#include "solver_body.hpp"
#include "two_point_mass.hpp"

#include <cstdint>
#include <vector>

namespace oblique::detail
{

struct StepContext;
struct ConstraintExtra;

struct SoftPoint
{
    // Where the separation is followed from on each body (the point, or a circle's centre:
    // followedPoint), from its centre of mass, fixed for the step.
    Vec2 rA;
    Vec2 rB;
    // The separation at the start of the step less n . (rB - rA): adding n . (rB - rA) measured
    // with the bodies' moved centres and rotated anchors gives the separation now.
    float baseSeparation = 0.0f;
    float rnA = 0.0f; // r x n and r x t, through which the velocity solve uses r
    float rnB = 0.0f;
    float rtA = 0.0f;
    float rtB = 0.0f;
    float normalMass = 0.0f;
    float tangentMass = 0.0f;
    float normalImpulse = 0.0f; // accumulated over the substep; carried to the next one
    float tangentImpulse = 0.0f;
    float totalNormalImpulse = 0.0f; // over the whole step, for impulse events
    float totalTangentImpulse = 0.0f;
    // The least normal impulse friction grips with: the weight the stack support carries through
    // the contact (SupportConstraint::load), which it does not hand to the soft solve; else 0.
    float gripFloor = 0.0f;
    // A point that bounces this step holds the normal speed that places the pair where the
    // bounce would (rigidly, in every pass) instead of the soft push: restitution at the time of
    // impact, as the ngs solver does it.
    float bounceSpeed = 0.0f;
    bool bounces = false;
};

struct SoftContactConstraint
{
    std::int32_t indexA = 0;
    std::int32_t indexB = 0;
    Vec2 normal;
    float friction = 0.0f;
    float tangentSpeed = 0.0f;
    Softness softness;
    // Bouncy: once apart after the move, relax only eases the push (see solveSoftContact).
    bool relaxLetsGo = false;
    std::int32_t velocityPoints = 0;
    SoftPoint points[2];
    // Two points solved together (solvePair) when wellConditioned; set for two-point contacts
    // that are not bouncy, or whose two points both bounce.
    TwoPointMass mass;
};

// One solve of one contact: non-penetration at each point (soft when useBias, rigid otherwise),
// then friction. The relax pass (useBias false) ends a substep and adds its impulses to the step's
// totals.
void solveSoftContact(std::vector<SolverVelocity>& velocities, const std::vector<SolverDelta>& deltas,
                      SoftContactConstraint& cc, float invH, float pushMaxSpeed, bool useBias);

// Applies the impulses a contact carries over from the last substep.
void warmStartSoftContact(std::vector<SolverVelocity>& velocities, const SoftContactConstraint& cc);

// The current separation of a point, from the bodies' motion since the start of the step.
inline float currentSeparation(Vec2 rA, Vec2 rB, float baseSeparation, Vec2 n, const SolverDelta& a,
                               const SolverDelta& b)
{
    const Vec2 d = (b.dp - a.dp) + (rotate(b.dq, rB) - rotate(a.dq, rA));
    return baseSeparation + dot(d, n);
}
inline float currentSeparation(const SoftPoint& p, Vec2 n, const SolverDelta& a, const SolverDelta& b)
{
    return currentSeparation(p.rA, p.rB, p.baseSeparation, n, a, b);
}

// The constraint of contact ci, into cc and extra, as the contact is solved one at a time (or
// packed into a lane from cc); true when a point of it bounces this step. Contacts in the colours'
// lanes that are plain are prepared with their group instead (wide_soft_prepare.hpp), to the same
// bits.
bool prepareSoftContact(StepContext& ctx, float warmStartScale, std::int32_t ci, SoftContactConstraint& cc,
                        ConstraintExtra& extra);

// The contact stages of soft step, in the order the step runs them.
void prepareSoftContacts(StepContext& ctx);
void warmStartSoftContacts(StepContext& ctx);
// One solve of every contact, with the soft push (ctx.useBias) or without it (relax).
void solveSoftContacts(StepContext& ctx);
void restoreSoftBounces(StepContext& ctx);
void storeSoftImpulses(StepContext& ctx);
void reportSoftImpulses(StepContext& ctx);

} // namespace oblique::detail
