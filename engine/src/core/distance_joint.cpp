// The distance joint's stages. Everything acts along the axis between the anchors, measured anew
// in every pass, and in soft step so is the effective mass along it: levers that turned since the
// step began (a light body spinning on a long rod) would otherwise be solved with a mass many
// times too large, and each pass would overshoot.

#include "distance_joint.hpp"

#include "constants.hpp"
#include "validation.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

namespace oblique::detail
{

namespace
{

// The joint's geometry in one pass: the anchors now and the axis between them.
struct Span
{
    Vec2 rA;
    Vec2 rB;
    Vec2 axis;
    float length = 0.0f;
    float rdA = 0.0f; // rA x axis, rB x axis
    float rdB = 0.0f;
};

Span spanOf(Vec2 rA, Vec2 rB, Vec2 separation)
{
    const Vec2 axis = normalize(separation);
    return {rA, rB, axis, length(separation), cross(rA, axis), cross(rB, axis)};
}

Span currentSpan(const JointFrame& f, const SolverBodies& bodies)
{
    const Vec2 rA = currentAnchorA(f, bodies);
    const Vec2 rB = currentAnchorB(f, bodies);
    return spanOf(rA, rB, currentSeparation(f, bodies, rA, rB));
}

// One pass of an equality along the axis (the rod, the spring) on the joint's own impulse.
void solveAlong(DistanceJoint& j, SolverVelocity& a, SolverVelocity& b, const Span& s, const PartTerms& t)
{
    const float speed = relativeAlong(a, b, s.axis, s.rdA, s.rdB);
    const float impulse = -t.massScale * j.axialMass * (speed + t.bias) - t.impulseScale * j.impulse;
    j.impulse += impulse;
    push(a, b, s.axis, s.rdA, s.rdB, impulse);
}

// Both bounds, each pushing only away from its end of the range (the upper one with its signs
// flipped so that its error and impulse are positive while it holds).
void solveBounds(DistanceJoint& j, SolverVelocity& a, SolverVelocity& b, const Span& s,
                 const StepContext& ctx)
{
    const float lower = boundImpulse(j.lowerImpulse, j.axialMass, relativeAlong(a, b, s.axis, s.rdA, s.rdB),
                                     boundTerms(s.length - j.minLength, kJointPushMaxSpeed, ctx));
    push(a, b, s.axis, s.rdA, s.rdB, lower);
    if (j.maxLength >= kUnlimitedLength)
    {
        return;
    }
    const float upper = boundImpulse(j.upperImpulse, j.axialMass, -relativeAlong(a, b, s.axis, s.rdA, s.rdB),
                                     boundTerms(j.maxLength - s.length, kJointPushMaxSpeed, ctx));
    push(a, b, s.axis, s.rdA, s.rdB, -upper);
}

// What ngs's position pass removes of the distance's error, at most kMaxLinearCorrection a pass;
// 0 when it is within the range.
float positionError(const DistanceJoint& j, float distance)
{
    if (isRigid(j))
    {
        return std::clamp(distance - j.length, -kMaxLinearCorrection, kMaxLinearCorrection);
    }
    if (distance < j.minLength)
    {
        return std::max(distance - j.minLength, -kMaxLinearCorrection);
    }
    if (distance > j.maxLength)
    {
        return std::min(distance - j.maxLength, kMaxLinearCorrection);
    }
    return 0.0f;
}

} // namespace

DistanceJoint makeDistanceJoint(const DistanceJointDef& def, float between)
{
    DistanceJoint j;
    j.length = def.length.value_or(between);
    j.hertz = def.hertz;
    j.dampingRatio = def.dampingRatio;
    const bool spring = def.hertz > 0.0f;
    j.minLength = def.minLength.value_or(spring ? 0.0f : j.length);
    j.maxLength = def.maxLength.value_or(spring ? kUnlimitedLength : j.length);
    return j;
}

void validateJointParams(const char* function, const DistanceJointDef& def)
{
    requireInRange(function, "params.anchorA", def.anchorA);
    requireInRange(function, "params.anchorB", def.anchorB);
    requireNonNegative(function, "params.hertz", def.hertz);
    requireNonNegative(function, "params.dampingRatio", def.dampingRatio);
    const std::pair<const char*, const std::optional<float>&> given[] = {{"params.length", def.length},
                                                                         {"params.minLength", def.minLength},
                                                                         {"params.maxLength", def.maxLength}};
    for (const auto& [name, value] : given)
    {
        if (value)
        {
            requireNonNegative(function, name, *value);
        }
    }
    const DistanceJoint j = makeDistanceJoint(def, distance(def.anchorA, def.anchorB));
    if (!std::isfinite(j.length))
    {
        fail(function, "params.length (the distance between the anchors) must be finite");
    }
    if (j.minLength > j.length || j.length > j.maxLength)
    {
        fail(function, "params.minLength <= params.length <= params.maxLength must hold");
    }
}

void prepareJoint(DistanceJoint& j, const JointFrame& f, const StepContext& ctx, const SolverBodies& bodies)
{
    const SolverVelocity& a = bodies.velocities[static_cast<std::size_t>(f.indexA)];
    const SolverVelocity& b = bodies.velocities[static_cast<std::size_t>(f.indexB)];
    const Span s = spanOf(f.rA, f.rB, f.deltaCenter + f.rB - f.rA);
    j.axialMass = massAlong(a, b, s.rdA, s.rdB);
    j.axis = s.axis;
    j.spring = makeSoftness(j.hertz, j.dampingRatio, ctx.h);
    // The impulses are a whole step's; warm starting applies them every substep.
    const float warmStartScale = ctx.warmStartScale / static_cast<float>(ctx.subSteps);
    j.impulse *= warmStartScale;
    j.lowerImpulse *= warmStartScale;
    j.upperImpulse *= warmStartScale;
}

void warmStartJoint(const DistanceJoint& j, const JointFrame& f, SolverBodies& bodies)
{
    const Span s = currentSpan(f, bodies);
    push(bodies.velocities[static_cast<std::size_t>(f.indexA)],
         bodies.velocities[static_cast<std::size_t>(f.indexB)], s.axis, s.rdA, s.rdB,
         j.impulse + j.lowerImpulse - j.upperImpulse);
}

void solveJoint(DistanceJoint& j, const JointFrame& f, const StepContext& ctx, SolverBodies& bodies)
{
    SolverVelocity& a = bodies.velocities[static_cast<std::size_t>(f.indexA)];
    SolverVelocity& b = bodies.velocities[static_cast<std::size_t>(f.indexB)];
    const Span s = currentSpan(f, bodies);
    j.axis = s.axis;
    if (ctx.posesMoveBetweenPasses)
    {
        j.axialMass = massAlong(a, b, s.rdA, s.rdB);
    }
    if (isRigid(j))
    {
        solveAlong(j, a, b, s, equalityTerms(s.length - j.length, kJointPushMaxSpeed, ctx));
        return;
    }
    if (j.hertz > 0.0f)
    {
        solveAlong(j, a, b, s, springTerms(s.length - j.length, j.spring));
    }
    solveBounds(j, a, b, s, ctx);
}

bool solveJointPosition(const DistanceJoint& j, const JointFrame& f, SolverBodies& bodies)
{
    SolverPose& pa = bodies.poses[static_cast<std::size_t>(f.indexA)];
    SolverPose& pb = bodies.poses[static_cast<std::size_t>(f.indexB)];
    const SolverVelocity& ma = bodies.velocities[static_cast<std::size_t>(f.indexA)];
    const SolverVelocity& mb = bodies.velocities[static_cast<std::size_t>(f.indexB)];
    const Vec2 rA = rotate(pa.q, f.localA);
    const Vec2 rB = rotate(pb.q, f.localB);
    const Span s = spanOf(rA, rB, (pb.c + rB) - (pa.c + rA));
    const float c = positionError(j, s.length);
    if (c == 0.0f)
    {
        return true;
    }
    const float k = ma.invMass + mb.invMass + ma.invInertia * s.rdA * s.rdA + mb.invInertia * s.rdB * s.rdB;
    const float impulse = k > 0.0f ? -c / k : 0.0f;
    shiftAtAnchors(pa, pb, ma, mb, rA, rB, impulse * s.axis);
    return std::fabs(c) < kLinearSlop;
}

void storeJointImpulses(DistanceJoint& j, float toStep)
{
    j.impulse = stepImpulse(j.impulse, toStep);
    j.lowerImpulse = stepImpulse(j.lowerImpulse, toStep);
    j.upperImpulse = stepImpulse(j.upperImpulse, toStep);
}

JointReaction reactionOf(const DistanceJoint& j, float invDt)
{
    return {(invDt * (j.impulse + j.lowerImpulse - j.upperImpulse)) * j.axis, 0.0f};
}

} // namespace oblique::detail
