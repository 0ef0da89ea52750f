#pragma once
// Internal: contacts as constraints of the solver. A contact goes through the same stages every
// kind of constraint does (prepare, warm start, solve velocities, solve positions, store
// impulses), each a function over the step context; contacts add the bounce restore.

#include "oblique/contact_events.hpp"
#include "soft_contact_solver.hpp"
#include "solver_body.hpp"
#include "stack_support.hpp"
#include "wide_soft_solver.hpp"
#include "wide_solver.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace oblique::detail
{

struct StepContext;
struct WorldState;
struct Contact;

// What the velocity iterations read for one point. Lever arms are kept as the scalars
// rn = r x n and rt = r x t: every use of r in the velocity solve is through them.
struct VelocityPoint
{
    float rnA = 0.0f;
    float rnB = 0.0f;
    float rtA = 0.0f;
    float rtB = 0.0f;
    float normalImpulse = 0.0f;
    float tangentImpulse = 0.0f;
    float normalMass = 0.0f;
    float tangentMass = 0.0f;
    float velocityBias = 0.0f;
};

// What the velocity iterations read for one contact: solved as it is when it is alone in its
// level, packed into a lane of a WideConstraint otherwise.
struct ContactConstraint
{
    std::int32_t indexA = 0;
    std::int32_t indexB = 0;
    Vec2 normal;
    float friction = 0.0f;
    float tangentSpeed = 0.0f;       // the speed friction drives B's surface to along t, against A's
    std::int32_t velocityPoints = 0; // points the velocity solver uses (1 when ill-conditioned)
    VelocityPoint points[2];
    TwoPointMass mass; // set when the two points are solved together
};

// The rest of a constraint: position correction and bookkeeping, read once or a few times a step.
struct ConstraintExtra
{
    std::int32_t contact = 0;
    std::int32_t pointCount = 0;            // points in the constraint, all used by position correction
    std::int32_t manifoldIndex[2] = {0, 1}; // which manifold point each constraint point is
    Vec2 localAnchorA[2];                   // the point on A's surface, A's frame (world frame for slot 0)
    Vec2 localAnchorB[2];
    float bounce[2] = {0.0f, 0.0f}; // normal speed to leave at, restored after integration (0: none)
};

// Whether a point pushed at all this step.
inline bool pushedThisStep(const VelocityPoint& p)
{
    return p.normalImpulse > 0.0f;
}
inline bool pushedThisStep(const SoftPoint& p)
{
    return p.totalNormalImpulse > 0.0f;
}

template <class Constraint>
void restoreBounce(Constraint& cc, const ConstraintExtra& extra, SolverVelocity& a, SolverVelocity& b,
                   const SolverPose& pa, const SolverPose& pb)
{
    const int count = cc.velocityPoints;
    bool bounces[2] = {false, false};
    for (int j = 0; j < count; ++j)
    {
        // Only where the contact pushed: a pair something else turned aside never landed.
        bounces[j] = extra.bounce[j] > 0.0f && pushedThisStep(cc.points[j]);
    }
    if (!bounces[0] && !bounces[1])
    {
        return;
    }
    const Vec2 n = cc.normal;
    float rnA[2] = {0.0f, 0.0f};
    float rnB[2] = {0.0f, 0.0f};
    float rhs[2] = {0.0f, 0.0f}; // normal speed short of the target (negative: too slow)
    for (int j = 0; j < count; ++j)
    {
        const Vec2 m =
            0.5f * (pa.c + rotate(pa.q, extra.localAnchorA[j]) + pb.c + rotate(pb.q, extra.localAnchorB[j]));
        rnA[j] = cross(m - pa.c, n);
        rnB[j] = cross(m - pb.c, n);
        if (bounces[j])
        {
            rhs[j] = relativeAlong(a, b, n, rnA[j], rnB[j]) - extra.bounce[j];
        }
    }
    const TwoPointMass k =
        twoPointMass(a.invMass, a.invInertia, b.invMass, b.invInertia, rnA[0], rnB[0], rnA[1], rnB[1]);
    if (k.k11 <= 0.0f)
    {
        return;
    }
    // Increments d >= 0 with rhs + K d >= 0: the velocity iterations' two-point problem, from zero.
    Vec2 d{std::max(-rhs[0] / k.k11, 0.0f), 0.0f};
    if (count == 2 &&
        !(k.wellConditioned && solveTwoPoints(k, 1.0f / k.k11, 1.0f / k.k22, {rhs[0], rhs[1]}, d)))
    {
        // Nearly coincident points, or no active set fits: one after the other.
        d.y = k.k22 > 0.0f ? std::max(-(rhs[1] + k.k12 * d.x) / k.k22, 0.0f) : 0.0f;
    }
    const float total = d.x + d.y;
    a.v -= (a.invMass * total) * n;
    a.w -= a.invInertia * (d.x * rnA[0] + d.y * rnA[1]);
    b.v += (b.invMass * total) * n;
    b.w += b.invInertia * (d.x * rnB[0] + d.y * rnB[1]);
    cc.points[0].normalImpulse += d.x;
    if (count == 2)
    {
        cc.points[1].normalImpulse += d.y;
    }
}

// One velocity iteration's pass over one contact, alone (friction, then the normal impulses).
void solveContactVelocity(std::vector<SolverVelocity>& bodies, ContactConstraint& cc);

// Reused from step to step: rebuilt by prepareContacts.
struct ContactSolver
{
    std::vector<ContactConstraint> constraints;
    // Soft step's constraints solved one at a time, in place of the above (with their extras);
    // the others go straight into softWide's lanes.
    std::vector<SoftContactConstraint> soft;
    WideSoftSolver softWide;
    std::vector<ConstraintExtra> extras;
    // Where soft step prepares each constraint before it goes to soft or to the lanes; every
    // field read later is written for each, so it is never cleared.
    SoftContactConstraint softScratch;
    ConstraintExtra extraScratch;
    StackSupport support;
    int softCount = 0; // soft step's constraints this step, both kinds
    WideSolver wide;
    bool hasBounces = false;
};

// The contact stages, in the order the step runs them.
void prepareContacts(StepContext& ctx);
void warmStartContacts(StepContext& ctx);
// One velocity iteration.
void solveContactVelocities(StepContext& ctx);
// After the last iteration: the impulses the lanes accumulated, back in the constraints.
void finishContactVelocities(StepContext& ctx);
// One pass of position correction; returns the smallest separation seen (0 when none is negative).
float solveContactPositions(StepContext& ctx);
void restoreContactBounces(StepContext& ctx);
void storeContactImpulses(StepContext& ctx);
void reportContactImpulses(StepContext& ctx);

// An impulse event's pair, shapes and normal for a contact; the caller fills in its points.
ContactImpulseEvent impulseEventOf(const WorldState& w, const Contact& c, int pointCount);

} // namespace oblique::detail
