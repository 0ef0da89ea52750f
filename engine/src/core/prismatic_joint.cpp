// The prismatic joint's stages. The motor and the limits act along the axis; the rest holds B's
// anchor on the line and B's turn to A's, solved together because both turn the bodies.

#include "prismatic_joint.hpp"

#include "constants.hpp"
#include "slider_frame.hpp"
#include "validation.hpp"

#include <algorithm>
#include <cmath>

namespace oblique::detail
{

namespace
{

float axialImpulse(const PrismaticJoint& j)
{
    return j.motorImpulse + j.lowerImpulse - j.upperImpulse;
}

// The block across the axis and about the anchor: K and the impulse it applies.
Mat22 blockMassInverse(const SolverVelocity& a, const SolverVelocity& b, const SliderSpan& s)
{
    const float k11 = a.invMass + b.invMass + a.invInertia * s.s1 * s.s1 + b.invInertia * s.s2 * s.s2;
    const float k12 = a.invInertia * s.s1 + b.invInertia * s.s2;
    const float k22 = a.invInertia + b.invInertia;
    // Neither body turns: the angular row is satisfied by itself; keep K invertible.
    return {{k11, k12}, {k12, k22 > 0.0f ? k22 : 1.0f}};
}

void pushBlock(SolverVelocity& a, SolverVelocity& b, const SliderSpan& s, Vec2 impulse)
{
    pushWithLevers(a, b, impulse.x * s.perp, impulse.x * s.s1 + impulse.y, impulse.x * s.s2 + impulse.y);
}

void solveMotor(PrismaticJoint& j, SolverVelocity& a, SolverVelocity& b, const SliderSpan& s, float h)
{
    const float change = -j.axialMass * (speedAlongAxis(a, b, s) - j.def.motorSpeed);
    pushAlongAxis(a, b, s, clampedImpulse(j.motorImpulse, change, h * j.def.maxMotorForce));
}

void solveBlock(PrismaticJoint& j, const JointFrame& f, const StepContext& ctx, SolverBodies& bodies,
                const SliderSpan& s)
{
    SolverVelocity& a = velocityOf(bodies, f.indexA);
    SolverVelocity& b = velocityOf(bodies, f.indexB);
    const PartTerms t = pushTerms(ctx);
    const Vec2 error{dot(s.perp, s.d), turnError(j.turn, f, bodies, j.referenceAngle)};
    const Vec2 push{cappedPush(t, error.x, kJointPushMaxSpeed, ctx),
                    cappedPush(t, error.y, kJointTurnPushMaxSpeed, ctx)};
    const Vec2 speed{dot(s.perp, b.v - a.v) + s.s2 * b.w - s.s1 * a.w, b.w - a.w};
    const Vec2 x = solve(blockMassInverse(a, b, s), speed + push);
    const Vec2 impulse = -t.massScale * x - t.impulseScale * j.impulse;
    j.impulse += impulse;
    pushBlock(a, b, s, impulse);
}

} // namespace

PrismaticJoint makePrismaticJoint(const PrismaticJointDef& def, Rot qA, float referenceAngle)
{
    PrismaticJoint j;
    j.def = def;
    j.def.axis = normalize(def.axis);
    j.localAxisA = invRotate(qA, j.def.axis);
    j.referenceAngle = referenceAngle;
    return j;
}

void validateJointParams(const char* function, const PrismaticJointDef& def)
{
    validateSlider(function, def.anchor, def.axis, def.lower, def.upper);
    requireFinite(function, "params.motorSpeed", def.motorSpeed);
    requireNonNegative(function, "params.maxMotorForce", def.maxMotorForce);
}

void prepareJoint(PrismaticJoint& j, const JointFrame& f, const StepContext& ctx, const SolverBodies& bodies)
{
    j.axisAtStart = rotate(f.qA, j.localAxisA);
    const SliderSpan s = sliderSpan(f.rA, f.rB, f.deltaCenter + f.rB - f.rA, j.axisAtStart);
    j.axialMass = massAlong(bodies.velocities[static_cast<std::size_t>(f.indexA)],
                            bodies.velocities[static_cast<std::size_t>(f.indexB)], s.a1, s.a2);
    j.axis = s.axis;
    j.turn = holdTurn(f, bodies, j.referenceAngle);
    // The impulses are a whole step's; warm starting applies them every substep.
    const float warmStartScale = ctx.warmStartScale / static_cast<float>(ctx.subSteps);
    forgetSwitchedOff(j.def, j.motorImpulse, j.lowerImpulse, j.upperImpulse);
    j.impulse *= warmStartScale;
    j.motorImpulse *= warmStartScale;
    j.lowerImpulse *= warmStartScale;
    j.upperImpulse *= warmStartScale;
}

void warmStartJoint(const PrismaticJoint& j, const JointFrame& f, SolverBodies& bodies)
{
    SolverVelocity& a = velocityOf(bodies, f.indexA);
    SolverVelocity& b = velocityOf(bodies, f.indexB);
    const SliderSpan s = currentSliderSpan(f, bodies, j.axisAtStart);
    pushAlongAxis(a, b, s, axialImpulse(j));
    pushBlock(a, b, s, j.impulse);
}

void solveJoint(PrismaticJoint& j, const JointFrame& f, const StepContext& ctx, SolverBodies& bodies)
{
    SolverVelocity& a = velocityOf(bodies, f.indexA);
    SolverVelocity& b = velocityOf(bodies, f.indexB);
    const SliderSpan s = currentSliderSpan(f, bodies, j.axisAtStart);
    j.axis = s.axis;
    if (ctx.posesMoveBetweenPasses)
    {
        j.axialMass = massAlong(a, b, s.a1, s.a2);
    }
    if (j.def.enableMotor)
    {
        solveMotor(j, a, b, s, ctx.h);
    }
    if (j.def.enableLimit)
    {
        solveTravelLimits(j.lowerImpulse, j.upperImpulse, j.axialMass, j.def.lower, j.def.upper, a, b, s,
                          ctx);
    }
    solveBlock(j, f, ctx, bodies, s);
}

bool solveJointPosition(const PrismaticJoint& j, const JointFrame& f, SolverBodies& bodies)
{
    const float limitError = correctTravel(j, f, bodies);
    const SliderSpan s = poseSliderSpan(f, bodies, j.localAxisA, j.axisAtStart);
    const SolverVelocity& ma = velocityOf(bodies, f.indexA);
    const SolverVelocity& mb = velocityOf(bodies, f.indexB);
    const Vec2 error{dot(s.perp, s.d), turnError(j.turn, f, bodies, j.referenceAngle)};
    const Vec2 impulse = -solve(blockMassInverse(ma, mb, s), error);
    shiftWithLevers(bodies.poses[static_cast<std::size_t>(f.indexA)],
                    bodies.poses[static_cast<std::size_t>(f.indexB)], ma, mb, impulse.x * s.perp,
                    impulse.x * s.s1 + impulse.y, impulse.x * s.s2 + impulse.y);
    return std::fabs(error.x) <= kLinearSlop && std::fabs(error.y) <= kAngularSlop &&
           limitError <= kLinearSlop;
}

void storeJointImpulses(PrismaticJoint& j, float toStep)
{
    j.impulse = {stepImpulse(j.impulse.x, toStep), stepImpulse(j.impulse.y, toStep)};
    j.motorImpulse = stepImpulse(j.motorImpulse, toStep);
    j.lowerImpulse = stepImpulse(j.lowerImpulse, toStep);
    j.upperImpulse = stepImpulse(j.upperImpulse, toStep);
}

JointReaction reactionOf(const PrismaticJoint& j, float invDt)
{
    return {invDt * (j.impulse.x * perp(j.axis) + axialImpulse(j) * j.axis), invDt * j.impulse.y};
}

} // namespace oblique::detail
