// The motor joint's stages: the turn, then the offset, each a capped drive toward its target.

#include "motor_joint.hpp"

#include "validation.hpp"

#include <cmath>

namespace oblique::detail
{

namespace
{

void solveTurn(MotorJoint& j, const JointFrame& f, const StepContext& ctx, SolverBodies& bodies)
{
    SolverVelocity& a = velocityOf(bodies, f.indexA);
    SolverVelocity& b = velocityOf(bodies, f.indexB);
    const float error = currentAngle(f, bodies) - j.angularOffset;
    const float bias = j.correctionFactor * ctx.invH * error;
    const float change = -j.axialMass * (b.w - a.w + bias);
    pushAngular(a, b, clampedImpulse(j.angularImpulse, change, ctx.h * j.maxTorque));
}

void solveOffset(MotorJoint& j, const JointFrame& f, const StepContext& ctx, SolverBodies& bodies)
{
    SolverVelocity& a = velocityOf(bodies, f.indexA);
    SolverVelocity& b = velocityOf(bodies, f.indexB);
    const Vec2 rA = currentAnchorA(f, bodies);
    const Vec2 rB = currentAnchorB(f, bodies);
    const Vec2 bias = (j.correctionFactor * ctx.invH) * currentSeparation(f, bodies, rA, rB);
    const Vec2 speed = (b.v + cross(b.w, rB)) - (a.v + cross(a.w, rA));
    const Vec2 old = j.linearImpulse;
    j.linearImpulse += -solvePoint(a, b, rA, rB, speed + bias);
    const float maxImpulse = ctx.h * j.maxForce;
    if (lengthSquared(j.linearImpulse) > maxImpulse * maxImpulse)
    {
        j.linearImpulse = maxImpulse * normalize(j.linearImpulse);
    }
    pushAtAnchors(a, b, rA, rB, j.linearImpulse - old);
}

} // namespace

void validateJointParams(const char* function, const MotorJointDef& def)
{
    if (def.linearOffset)
    {
        requireInRange(function, "params.linearOffset", *def.linearOffset);
    }
    if (def.angularOffset)
    {
        requireFinite(function, "params.angularOffset", *def.angularOffset);
    }
    requireNonNegative(function, "params.maxForce", def.maxForce);
    requireNonNegative(function, "params.maxTorque", def.maxTorque);
    if (!(def.correctionFactor >= 0.0f && def.correctionFactor <= 1.0f))
    {
        fail(function, "params.correctionFactor must be in [0, 1]");
    }
}

void prepareJoint(MotorJoint& j, const JointFrame& f, const StepContext& ctx, const SolverBodies& bodies)
{
    j.axialMass = axialMassOf(bodies.velocities[static_cast<std::size_t>(f.indexA)],
                              bodies.velocities[static_cast<std::size_t>(f.indexB)]);
    const float warmStartScale = ctx.warmStartScale / static_cast<float>(ctx.subSteps);
    j.linearImpulse *= warmStartScale;
    j.angularImpulse *= warmStartScale;
}

void warmStartJoint(const MotorJoint& j, const JointFrame& f, SolverBodies& bodies)
{
    SolverVelocity& a = velocityOf(bodies, f.indexA);
    SolverVelocity& b = velocityOf(bodies, f.indexB);
    pushAtAnchors(a, b, currentAnchorA(f, bodies), currentAnchorB(f, bodies), j.linearImpulse);
    pushAngular(a, b, j.angularImpulse);
}

void solveJoint(MotorJoint& j, const JointFrame& f, const StepContext& ctx, SolverBodies& bodies)
{
    if (j.axialMass > 0.0f)
    {
        solveTurn(j, f, ctx, bodies);
    }
    solveOffset(j, f, ctx, bodies);
}

bool solveJointPosition(const MotorJoint& /*j*/, const JointFrame& /*f*/, SolverBodies& /*bodies*/)
{
    return true;
}

void storeJointImpulses(MotorJoint& j, float toStep)
{
    j.linearImpulse = {stepImpulse(j.linearImpulse.x, toStep), stepImpulse(j.linearImpulse.y, toStep)};
    j.angularImpulse = stepImpulse(j.angularImpulse, toStep);
}

JointReaction reactionOf(const MotorJoint& j, float invDt)
{
    return {invDt * j.linearImpulse, invDt * j.angularImpulse};
}

} // namespace oblique::detail
