// The mouse joint's stages. Only B moves; its anchor's offset from the target is read from its
// pose every pass.

#include "mouse_joint.hpp"

#include "validation.hpp"

namespace oblique::detail
{

namespace
{

// Applies an impulse at B's anchor.
void pushB(SolverVelocity& b, Vec2 rB, Vec2 impulse)
{
    b.v += b.invMass * impulse;
    b.w += b.invInertia * cross(rB, impulse);
}

} // namespace

void validateJointParams(const char* function, const MouseJointDef& def)
{
    requireInRange(function, "params.target", def.target);
    requireFinite(function, "params.hertz", def.hertz);
    if (!(def.hertz > 0.0f))
    {
        fail(function, "params.hertz must be > 0");
    }
    requireNonNegative(function, "params.dampingRatio", def.dampingRatio);
    requireFinite(function, "params.maxForce", def.maxForce);
    if (!(def.maxForce > 0.0f))
    {
        fail(function, "params.maxForce must be > 0");
    }
}

void prepareJoint(MouseJoint& j, const JointFrame& /*f*/, const StepContext& ctx,
                  const SolverBodies& /*bodies*/)
{
    j.spring = makeSoftness(j.def.hertz, j.def.dampingRatio, ctx.h);
    j.impulse *= ctx.warmStartScale / static_cast<float>(ctx.subSteps);
}

void warmStartJoint(const MouseJoint& j, const JointFrame& f, SolverBodies& bodies)
{
    pushB(bodies.velocities[static_cast<std::size_t>(f.indexB)], currentAnchorB(f, bodies), j.impulse);
}

void solveJoint(MouseJoint& j, const JointFrame& f, const StepContext& ctx, SolverBodies& bodies)
{
    const auto b = static_cast<std::size_t>(f.indexB);
    SolverVelocity& vb = bodies.velocities[b];
    const Vec2 rB = currentAnchorB(f, bodies);
    const Vec2 error = bodies.poses[b].c + rB - j.def.target;
    const Vec2 speed = vb.v + cross(vb.w, rB);
    const PartTerms t = springTerms(1.0f, j.spring);
    const Vec2 x = solvePoint(SolverVelocity{}, vb, {}, rB, speed + t.bias * error);
    const Vec2 old = j.impulse;
    j.impulse += -t.massScale * x - t.impulseScale * old;
    const float maxImpulse = ctx.h * j.def.maxForce;
    if (lengthSquared(j.impulse) > maxImpulse * maxImpulse)
    {
        j.impulse = maxImpulse * normalize(j.impulse);
    }
    pushB(vb, rB, j.impulse - old);
}

bool solveJointPosition(const MouseJoint& /*j*/, const JointFrame& /*f*/, SolverBodies& /*bodies*/)
{
    return true;
}

void storeJointImpulses(MouseJoint& j, float toStep)
{
    j.impulse = {stepImpulse(j.impulse.x, toStep), stepImpulse(j.impulse.y, toStep)};
}

JointReaction reactionOf(const MouseJoint& j, float invDt)
{
    return {invDt * j.impulse, 0.0f};
}

} // namespace oblique::detail
