// The wheel joint's stages: the suspension spring, the motor, the travel limits, then the axle
// held on its line.

#include "wheel_joint.hpp"

#include "constants.hpp"
#include "slider_frame.hpp"
#include "validation.hpp"

#include <algorithm>
#include <cmath>

namespace oblique::detail
{

namespace
{

float axialImpulse(const WheelJoint& j)
{
    return j.springImpulse + j.lowerImpulse - j.upperImpulse;
}

void solveSpring(WheelJoint& j, SolverVelocity& a, SolverVelocity& b, const SliderSpan& s)
{
    const PartTerms t = springTerms(s.translation, j.spring);
    const float impulse =
        -t.massScale * j.axialMass * (speedAlongAxis(a, b, s) + t.bias) - t.impulseScale * j.springImpulse;
    j.springImpulse += impulse;
    pushAlongAxis(a, b, s, impulse);
}

void solveMotor(WheelJoint& j, SolverVelocity& a, SolverVelocity& b, float h)
{
    const float change = -j.motorMass * (b.w - a.w - j.def.motorSpeed);
    pushAngular(a, b, clampedImpulse(j.motorImpulse, change, h * j.def.maxMotorTorque));
}

// The axle on its line: no motion across the axis.
void solveAcross(WheelJoint& j, SolverVelocity& a, SolverVelocity& b, const SliderSpan& s,
                 const StepContext& ctx)
{
    const float mass = massAlong(a, b, s.s1, s.s2);
    const PartTerms t = equalityTerms(dot(s.perp, s.d), kJointPushMaxSpeed, ctx);
    const float speed = dot(s.perp, b.v - a.v) + s.s2 * b.w - s.s1 * a.w;
    const float impulse = -t.massScale * mass * (speed + t.bias) - t.impulseScale * j.perpImpulse;
    j.perpImpulse += impulse;
    pushWithLevers(a, b, impulse * s.perp, impulse * s.s1, impulse * s.s2);
}

} // namespace

WheelJoint makeWheelJoint(const WheelJointDef& def, Rot qA)
{
    WheelJoint j;
    j.def = def;
    j.def.axis = normalize(def.axis);
    j.localAxisA = invRotate(qA, j.def.axis);
    return j;
}

void validateJointParams(const char* function, const WheelJointDef& def)
{
    validateSlider(function, def.anchor, def.axis, def.lower, def.upper);
    requireNonNegative(function, "params.hertz", def.hertz);
    requireNonNegative(function, "params.dampingRatio", def.dampingRatio);
    requireFinite(function, "params.motorSpeed", def.motorSpeed);
    requireNonNegative(function, "params.maxMotorTorque", def.maxMotorTorque);
}

void prepareJoint(WheelJoint& j, const JointFrame& f, const StepContext& ctx, const SolverBodies& bodies)
{
    const SolverVelocity& a = bodies.velocities[static_cast<std::size_t>(f.indexA)];
    const SolverVelocity& b = bodies.velocities[static_cast<std::size_t>(f.indexB)];
    j.axisAtStart = rotate(f.qA, j.localAxisA);
    const SliderSpan s = sliderSpan(f.rA, f.rB, f.deltaCenter + f.rB - f.rA, j.axisAtStart);
    j.axialMass = massAlong(a, b, s.a1, s.a2);
    j.motorMass = axialMassOf(a, b);
    j.spring = makeSoftness(j.def.hertz, j.def.dampingRatio, ctx.h);
    j.axis = s.axis;
    const float warmStartScale = ctx.warmStartScale / static_cast<float>(ctx.subSteps);
    forgetSwitchedOff(j.def, j.motorImpulse, j.lowerImpulse, j.upperImpulse);
    if (j.def.hertz == 0.0f)
    {
        j.springImpulse = 0.0f;
    }
    j.perpImpulse *= warmStartScale;
    j.springImpulse *= warmStartScale;
    j.motorImpulse *= warmStartScale;
    j.lowerImpulse *= warmStartScale;
    j.upperImpulse *= warmStartScale;
}

void warmStartJoint(const WheelJoint& j, const JointFrame& f, SolverBodies& bodies)
{
    SolverVelocity& a = velocityOf(bodies, f.indexA);
    SolverVelocity& b = velocityOf(bodies, f.indexB);
    const SliderSpan s = currentSliderSpan(f, bodies, j.axisAtStart);
    pushAlongAxis(a, b, s, axialImpulse(j));
    pushWithLevers(a, b, j.perpImpulse * s.perp, j.perpImpulse * s.s1, j.perpImpulse * s.s2);
    pushAngular(a, b, j.motorImpulse);
}

void solveJoint(WheelJoint& j, const JointFrame& f, const StepContext& ctx, SolverBodies& bodies)
{
    SolverVelocity& a = velocityOf(bodies, f.indexA);
    SolverVelocity& b = velocityOf(bodies, f.indexB);
    const SliderSpan s = currentSliderSpan(f, bodies, j.axisAtStart);
    j.axis = s.axis;
    if (ctx.posesMoveBetweenPasses)
    {
        j.axialMass = massAlong(a, b, s.a1, s.a2);
    }
    if (j.def.hertz > 0.0f)
    {
        solveSpring(j, a, b, s);
    }
    if (j.def.enableMotor && j.motorMass > 0.0f)
    {
        solveMotor(j, a, b, ctx.h);
    }
    if (j.def.enableLimit)
    {
        solveTravelLimits(j.lowerImpulse, j.upperImpulse, j.axialMass, j.def.lower, j.def.upper, a, b, s,
                          ctx);
    }
    solveAcross(j, a, b, s, ctx);
}

bool solveJointPosition(const WheelJoint& j, const JointFrame& f, SolverBodies& bodies)
{
    const float limitError = correctTravel(j, f, bodies);
    const SliderSpan s = poseSliderSpan(f, bodies, j.localAxisA, j.axisAtStart);
    const SolverVelocity& ma = velocityOf(bodies, f.indexA);
    const SolverVelocity& mb = velocityOf(bodies, f.indexB);
    const float c = dot(s.perp, s.d);
    const float impulse = -massAlong(ma, mb, s.s1, s.s2) * c;
    shiftWithLevers(bodies.poses[static_cast<std::size_t>(f.indexA)],
                    bodies.poses[static_cast<std::size_t>(f.indexB)], ma, mb, impulse * s.perp,
                    impulse * s.s1, impulse * s.s2);
    return std::fabs(c) <= kLinearSlop && limitError <= kLinearSlop;
}

void storeJointImpulses(WheelJoint& j, float toStep)
{
    j.perpImpulse = stepImpulse(j.perpImpulse, toStep);
    j.springImpulse = stepImpulse(j.springImpulse, toStep);
    j.motorImpulse = stepImpulse(j.motorImpulse, toStep);
    j.lowerImpulse = stepImpulse(j.lowerImpulse, toStep);
    j.upperImpulse = stepImpulse(j.upperImpulse, toStep);
}

JointReaction reactionOf(const WheelJoint& j, float invDt)
{
    return {invDt * (j.perpImpulse * perp(j.axis) + axialImpulse(j) * j.axis), invDt * j.motorImpulse};
}

} // namespace oblique::detail
