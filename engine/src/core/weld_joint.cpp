// The weld joint's stages: the turn first, then the shared point (as the revolute joint holds it).

#include "weld_joint.hpp"

#include "constants.hpp"
#include "validation.hpp"

#include <algorithm>
#include <cmath>

namespace oblique::detail
{

namespace
{

bool isRigid(const WeldJoint& j)
{
    return j.def.hertz == 0.0f;
}

void solveTurn(WeldJoint& j, const JointFrame& f, const StepContext& ctx, SolverBodies& bodies)
{
    SolverVelocity& a = velocityOf(bodies, f.indexA);
    SolverVelocity& b = velocityOf(bodies, f.indexB);
    const float error = currentAngle(f, bodies) - j.referenceAngle;
    const PartTerms t =
        isRigid(j) ? equalityTerms(error, kJointTurnPushMaxSpeed, ctx) : springTerms(error, j.angularSpring);
    const float impulse =
        -t.massScale * j.axialMass * (b.w - a.w + t.bias) - t.impulseScale * j.angularImpulse;
    j.angularImpulse += impulse;
    pushAngular(a, b, impulse);
}

} // namespace

void validateJointParams(const char* function, const WeldJointDef& def)
{
    requireInRange(function, "params.anchor", def.anchor);
    requireNonNegative(function, "params.hertz", def.hertz);
    requireNonNegative(function, "params.dampingRatio", def.dampingRatio);
}

void prepareJoint(WeldJoint& j, const JointFrame& f, const StepContext& ctx, const SolverBodies& bodies)
{
    j.axialMass = axialMassOf(bodies.velocities[static_cast<std::size_t>(f.indexA)],
                              bodies.velocities[static_cast<std::size_t>(f.indexB)]);
    j.angularSpring = makeSoftness(j.def.hertz, j.def.dampingRatio, ctx.h);
    const float warmStartScale = ctx.warmStartScale / static_cast<float>(ctx.subSteps);
    j.linearImpulse *= warmStartScale;
    j.angularImpulse *= warmStartScale;
}

void warmStartJoint(const WeldJoint& j, const JointFrame& f, SolverBodies& bodies)
{
    SolverVelocity& a = velocityOf(bodies, f.indexA);
    SolverVelocity& b = velocityOf(bodies, f.indexB);
    pushAtAnchors(a, b, currentAnchorA(f, bodies), currentAnchorB(f, bodies), j.linearImpulse);
    pushAngular(a, b, j.angularImpulse);
}

void solveJoint(WeldJoint& j, const JointFrame& f, const StepContext& ctx, SolverBodies& bodies)
{
    // In a tree, a rigid turn is the tree's to solve; a spring's stays here.
    if (j.axialMass > 0.0f && !(f.inTree && isRigid(j)))
    {
        solveTurn(j, f, ctx, bodies);
    }
    if (!f.inTree && !f.treeLoop)
    {
        solveSharedPoint(j.linearImpulse, f, ctx, bodies);
    }
}

bool treeTurnRow(WeldJoint& j, const JointFrame& /*f*/, const StepContext& /*ctx*/,
                 const SolverBodies& /*bodies*/)
{
    return isRigid(j) && j.axialMass > 0.0f;
}

float treeTurnBias(const WeldJoint& j, const JointFrame& f, const StepContext& ctx,
                   const SolverBodies& bodies)
{
    return equalityTerms(currentAngle(f, bodies) - j.referenceAngle, kJointTurnPushMaxSpeed, ctx).bias;
}

void addTreeImpulse(WeldJoint& j, Vec2 point, float turn)
{
    j.linearImpulse += point;
    j.angularImpulse += turn;
}

bool solveJointPosition(const WeldJoint& j, const JointFrame& f, SolverBodies& bodies)
{
    SolverPose& pa = bodies.poses[static_cast<std::size_t>(f.indexA)];
    SolverPose& pb = bodies.poses[static_cast<std::size_t>(f.indexB)];
    const SolverVelocity& ma = velocityOf(bodies, f.indexA);
    const SolverVelocity& mb = velocityOf(bodies, f.indexB);
    float angularError = 0.0f;
    // A soft weld's turn is a spring, not an error to correct.
    if (isRigid(j) && j.axialMass > 0.0f)
    {
        const float c = std::clamp(currentAngle(f, bodies) - j.referenceAngle, -kMaxAngularCorrection,
                                   kMaxAngularCorrection);
        shiftWithLevers(pa, pb, ma, mb, {}, -j.axialMass * c, -j.axialMass * c);
        angularError = std::fabs(c);
    }
    const Vec2 rA = rotate(pa.q, f.localA);
    const Vec2 rB = rotate(pb.q, f.localB);
    const Vec2 c = (pb.c + rB) - (pa.c + rA);
    shiftAtAnchors(pa, pb, ma, mb, rA, rB, -solve(pointMassInverse(ma, mb, rA, rB), c));
    return length(c) <= kLinearSlop && angularError <= kAngularSlop;
}

void storeJointImpulses(WeldJoint& j, float toStep)
{
    j.linearImpulse = {stepImpulse(j.linearImpulse.x, toStep), stepImpulse(j.linearImpulse.y, toStep)};
    j.angularImpulse = stepImpulse(j.angularImpulse, toStep);
}

JointReaction reactionOf(const WeldJoint& j, float invDt)
{
    return {invDt * j.linearImpulse, invDt * j.angularImpulse};
}

} // namespace oblique::detail
