// The revolute joint's stages. The motor and the limits act on the relative turn only; the shared
// point is a two-dimensional equality solved through its 2x2 effective mass.

#include "revolute_joint.hpp"

#include "constants.hpp"
#include "validation.hpp"

#include <algorithm>
#include <cmath>

namespace oblique::detail
{

namespace
{

// The impulse the motor and the limits apply about the hinge, B's way.
float axialImpulse(const RevoluteJoint& j)
{
    return j.motorImpulse + j.lowerImpulse - j.upperImpulse;
}

// Drives the relative turn toward the motor speed with no more than the motor's torque.
void solveMotor(RevoluteJoint& j, SolverVelocity& a, SolverVelocity& b, float h)
{
    const float speed = b.w - a.w - j.def.motorSpeed;
    const float maxImpulse = h * j.def.maxMotorTorque;
    const float old = j.motorImpulse;
    j.motorImpulse = std::clamp(old - j.axialMass * speed, -maxImpulse, maxImpulse);
    pushAngular(a, b, j.motorImpulse - old);
}

// Both limits; each pushes only away from its bound (the upper one with its signs flipped so that
// its error and impulse are positive while it holds).
void solveLimits(RevoluteJoint& j, const JointFrame& f, const StepContext& ctx, SolverBodies& bodies)
{
    SolverVelocity& a = velocityOf(bodies, f.indexA);
    SolverVelocity& b = velocityOf(bodies, f.indexB);
    const float angle = currentAngle(f, bodies) - j.referenceAngle;
    const float lower = boundImpulse(j.lowerImpulse, j.axialMass, b.w - a.w,
                                     boundTerms(angle - j.def.lowerAngle, kJointTurnPushMaxSpeed, ctx));
    pushAngular(a, b, lower);
    const float upper = boundImpulse(j.upperImpulse, j.axialMass, a.w - b.w,
                                     boundTerms(j.def.upperAngle - angle, kJointTurnPushMaxSpeed, ctx));
    pushAngular(a, b, -upper);
}

// Ngs's angular correction of a violated limit (a slop inside the bound, at most
// kMaxAngularCorrection a pass); returns the error it corrected.
float correctLimit(const RevoluteJoint& j, const JointFrame& f, SolverBodies& bodies)
{
    SolverPose& pa = bodies.poses[static_cast<std::size_t>(f.indexA)];
    SolverPose& pb = bodies.poses[static_cast<std::size_t>(f.indexB)];
    const SolverVelocity& ma = velocityOf(bodies, f.indexA);
    const SolverVelocity& mb = velocityOf(bodies, f.indexB);
    const float angle = currentAngle(f, bodies) - j.referenceAngle;
    const float lower = j.def.lowerAngle;
    const float upper = j.def.upperAngle;
    float c = 0.0f;
    if (upper - lower < 2.0f * kAngularSlop)
    {
        c = std::clamp(angle - lower, -kMaxAngularCorrection, kMaxAngularCorrection);
    }
    else if (angle <= lower)
    {
        c = std::clamp(angle - lower + kAngularSlop, -kMaxAngularCorrection, 0.0f);
    }
    else if (angle >= upper)
    {
        c = std::clamp(angle - upper - kAngularSlop, 0.0f, kMaxAngularCorrection);
    }
    const float impulse = -j.axialMass * c;
    const float daA = -ma.invInertia * impulse;
    const float daB = mb.invInertia * impulse;
    pa.a += daA;
    pa.q = advance(pa.q, daA);
    pb.a += daB;
    pb.q = advance(pb.q, daB);
    return std::fabs(c);
}

} // namespace

void validateJointParams(const char* function, const RevoluteJointDef& def)
{
    requireInRange(function, "params.anchor", def.anchor);
    requireFinite(function, "params.lowerAngle", def.lowerAngle);
    requireFinite(function, "params.upperAngle", def.upperAngle);
    if (def.lowerAngle > def.upperAngle)
    {
        fail(function, "params.lowerAngle must be <= params.upperAngle");
    }
    requireFinite(function, "params.motorSpeed", def.motorSpeed);
    requireNonNegative(function, "params.maxMotorTorque", def.maxMotorTorque);
}

void prepareJoint(RevoluteJoint& j, const JointFrame& f, const StepContext& ctx, const SolverBodies& bodies)
{
    // The impulses are a whole step's; warm starting applies them every substep.
    const float warmStartScale = ctx.warmStartScale / static_cast<float>(ctx.subSteps);
    const float k = bodies.velocities[static_cast<std::size_t>(f.indexA)].invInertia +
                    bodies.velocities[static_cast<std::size_t>(f.indexB)].invInertia;
    j.axialMass = k > 0.0f ? 1.0f / k : 0.0f;
    j.treeLimitReleased = false;
    forgetSwitchedOff(j.def, j.motorImpulse, j.lowerImpulse, j.upperImpulse);
    j.linearImpulse *= warmStartScale;
    j.motorImpulse *= warmStartScale;
    j.lowerImpulse *= warmStartScale;
    j.upperImpulse *= warmStartScale;
}

void warmStartJoint(RevoluteJoint& j, const JointFrame& f, SolverBodies& bodies)
{
    warmStartSharedPoint(j.linearImpulse, f, bodies, currentAnchorA(f, bodies), currentAnchorB(f, bodies));
    pushAngular(velocityOf(bodies, f.indexA), velocityOf(bodies, f.indexB), axialImpulse(j));
}

void solveJoint(RevoluteJoint& j, const JointFrame& f, const StepContext& ctx, SolverBodies& bodies)
{
    // With neither body able to turn, the motor and the limits have nothing to act on.
    const bool turns = j.axialMass > 0.0f;
    if (j.def.enableMotor && turns)
    {
        solveMotor(j, velocityOf(bodies, f.indexA), velocityOf(bodies, f.indexB), ctx.h);
    }
    // In a tree, the tree holds the point, and the limit too once it is at it. A locked limit
    // (lower = upper) it holds in every pass, until it lets go of one that pulls: solved here as
    // well, each bound's take-back of what the tree accumulated on it turned the body about its
    // centre alone, a turn the tree's point then had to swing back (a box on a locked hinge 30 m out,
    // pushed across the lever by a contact, went to 4e6 m/s in nine steps).
    const bool treeHoldsLimit = f.inTree && j.def.lowerAngle == j.def.upperAngle && !j.treeLimitReleased;
    if (j.def.enableLimit && turns && !treeHoldsLimit)
    {
        solveLimits(j, f, ctx, bodies);
    }
    if (!f.inTree && !f.treeLoop)
    {
        solveSharedPoint(j.linearImpulse, f, ctx, bodies);
    }
}

bool treeTurnRow(RevoluteJoint& j, const JointFrame& f, const StepContext& /*ctx*/,
                 const SolverBodies& bodies)
{
    j.treeLimit = 0;
    if (!j.def.enableLimit || j.axialMass == 0.0f || j.treeLimitReleased)
    {
        return false;
    }
    const float angle = currentAngle(f, bodies) - j.referenceAngle;
    j.treeLimit = angle <= j.def.lowerAngle ? 1 : (angle >= j.def.upperAngle ? -1 : 0);
    return j.treeLimit != 0;
}

float treeTurnBias(const RevoluteJoint& j, const JointFrame& f, const StepContext& ctx,
                   const SolverBodies& bodies)
{
    // The row is B's turn less A's against the bound, as the limit's own solve has it, with the
    // upper bound's signs flipped back.
    const float angle = currentAngle(f, bodies) - j.referenceAngle;
    if (j.treeLimit > 0)
    {
        return boundTerms(angle - j.def.lowerAngle, kJointTurnPushMaxSpeed, ctx).bias;
    }
    return -boundTerms(j.def.upperAngle - angle, kJointTurnPushMaxSpeed, ctx).bias;
}

bool treeTurnPushes(const RevoluteJoint& j, float impulse)
{
    const float accumulated = j.treeLimit > 0 ? j.lowerImpulse : j.upperImpulse;
    return accumulated + static_cast<float>(j.treeLimit) * impulse >= 0.0f;
}

void addTreeImpulse(RevoluteJoint& j, Vec2 point, float turn)
{
    j.linearImpulse += point;
    if (j.treeLimit != 0)
    {
        float& accumulated = j.treeLimit > 0 ? j.lowerImpulse : j.upperImpulse;
        accumulated = std::max(accumulated + static_cast<float>(j.treeLimit) * turn, 0.0f);
    }
}

bool solveJointPosition(const RevoluteJoint& j, const JointFrame& f, SolverBodies& bodies)
{
    const float angularError = j.def.enableLimit && j.axialMass > 0.0f ? correctLimit(j, f, bodies) : 0.0f;
    SolverPose& pa = bodies.poses[static_cast<std::size_t>(f.indexA)];
    SolverPose& pb = bodies.poses[static_cast<std::size_t>(f.indexB)];
    const SolverVelocity& ma = velocityOf(bodies, f.indexA);
    const SolverVelocity& mb = velocityOf(bodies, f.indexB);
    const Vec2 rA = rotate(pa.q, f.localA);
    const Vec2 rB = rotate(pb.q, f.localB);
    const Vec2 c = (pb.c + rB) - (pa.c + rA);
    shiftAtAnchors(pa, pb, ma, mb, rA, rB, -solvePointImpulse(ma, mb, rA, rB, c));
    return length(c) <= kLinearSlop && angularError <= kAngularSlop;
}

void storeJointImpulses(RevoluteJoint& j, float toStep)
{
    j.linearImpulse = {stepImpulse(j.linearImpulse.x, toStep), stepImpulse(j.linearImpulse.y, toStep)};
    j.motorImpulse = stepImpulse(j.motorImpulse, toStep);
    j.lowerImpulse = stepImpulse(j.lowerImpulse, toStep);
    j.upperImpulse = stepImpulse(j.upperImpulse, toStep);
}

JointReaction reactionOf(const RevoluteJoint& j, float invDt)
{
    return {invDt * j.linearImpulse, invDt * axialImpulse(j)};
}

} // namespace oblique::detail
