#pragma once
// Internal: what prismatic and wheel joints share. B's anchor travels on a line through A's
// anchor along an axis fixed in A; the translation is how far along it B's anchor is. A force
// along the axis (or across it) acts on B at its anchor and on A at that same point, so A's lever
// arm is d + rA, not rA.

#include "constants.hpp"
#include "joint_frame.hpp"
#include "validation.hpp"

#include <algorithm>

namespace oblique::detail
{

struct SliderSpan
{
    Vec2 rA; // the anchors from the centres of mass
    Vec2 rB;
    Vec2 d; // from A's anchor to B's
    Vec2 axis;
    Vec2 perp;
    float translation = 0.0f; // d along the axis
    float a1 = 0.0f;          // lever-arm scalars along the axis: (d + rA) x axis, rB x axis
    float a2 = 0.0f;
    float s1 = 0.0f; // and across it: (d + rA) x perp, rB x perp
    float s2 = 0.0f;
};

inline SliderSpan sliderSpan(Vec2 rA, Vec2 rB, Vec2 d, Vec2 axis)
{
    const Vec2 across = perp(axis);
    return {rA,
            rB,
            d,
            axis,
            across,
            dot(d, axis),
            cross(d + rA, axis),
            cross(rB, axis),
            cross(d + rA, across),
            cross(rB, across)};
}

// The span now, from the bodies' motion since the start of the step (velocity passes).
inline SliderSpan currentSliderSpan(const JointFrame& f, const SolverBodies& bodies, Vec2 axisAtStart)
{
    const Vec2 rA = currentAnchorA(f, bodies);
    const Vec2 rB = currentAnchorB(f, bodies);
    return sliderSpan(rA, rB, currentSeparation(f, bodies, rA, rB), currentAxisA(f, bodies, axisAtStart));
}

// The span from the poses (ngs's position pass).
inline SliderSpan poseSliderSpan(const JointFrame& f, const SolverBodies& bodies, Vec2 localAxis,
                                 Vec2 axisAtStart)
{
    const SolverPose& pa = bodies.poses[static_cast<std::size_t>(f.indexA)];
    const SolverPose& pb = bodies.poses[static_cast<std::size_t>(f.indexB)];
    const Vec2 rA = rotate(pa.q, f.localA);
    const Vec2 rB = rotate(pb.q, f.localB);
    return sliderSpan(rA, rB, (pb.c + rB) - (pa.c + rA), poseAxisA(f, bodies, localAxis, axisAtStart));
}

// B's speed along the axis relative to A.
inline float speedAlongAxis(const SolverVelocity& a, const SolverVelocity& b, const SliderSpan& s)
{
    return dot(s.axis, b.v - a.v) + s.a2 * b.w - s.a1 * a.w;
}

// Applies an impulse along the axis (B gets it, A its opposite).
inline void pushAlongAxis(SolverVelocity& a, SolverVelocity& b, const SliderSpan& s, float impulse)
{
    pushWithLevers(a, b, impulse * s.axis, impulse * s.a1, impulse * s.a2);
}

// Both ends of the travel, each pushing only away from its end (the upper one with its signs
// flipped so that its error and impulse are positive while it holds).
inline void solveTravelLimits(float& lowerImpulse, float& upperImpulse, float axialMass, float lower,
                              float upper, SolverVelocity& a, SolverVelocity& b, const SliderSpan& s,
                              const StepContext& ctx)
{
    const float lowerChange = boundImpulse(lowerImpulse, axialMass, speedAlongAxis(a, b, s),
                                           boundTerms(s.translation - lower, kJointPushMaxSpeed, ctx));
    pushAlongAxis(a, b, s, lowerChange);
    const float upperChange = boundImpulse(upperImpulse, axialMass, -speedAlongAxis(a, b, s),
                                           boundTerms(upper - s.translation, kJointPushMaxSpeed, ctx));
    pushAlongAxis(a, b, s, -upperChange);
}

// What ngs's position pass removes of a travel limit's violation (a slop inside the bound, at most
// kMaxLinearCorrection a pass); 0 within the travel.
inline float travelLimitError(float translation, float lower, float upper)
{
    if (upper - lower < 2.0f * kLinearSlop)
    {
        return std::clamp(translation - lower, -kMaxLinearCorrection, kMaxLinearCorrection);
    }
    if (translation <= lower)
    {
        return std::clamp(translation - lower + kLinearSlop, -kMaxLinearCorrection, 0.0f);
    }
    if (translation >= upper)
    {
        return std::clamp(translation - upper - kLinearSlop, 0.0f, kMaxLinearCorrection);
    }
    return 0.0f;
}

// Corrects a travel limit's violation in the poses; returns the error corrected.
inline float correctTravelLimit(const SliderSpan& s, float lower, float upper, SolverBodies& bodies,
                                const JointFrame& f)
{
    const float c = travelLimitError(s.translation, lower, upper);
    if (c == 0.0f)
    {
        return 0.0f;
    }
    const SolverVelocity& ma = bodies.velocities[static_cast<std::size_t>(f.indexA)];
    const SolverVelocity& mb = bodies.velocities[static_cast<std::size_t>(f.indexB)];
    const float impulse = -massAlong(ma, mb, s.a1, s.a2) * c;
    shiftWithLevers(bodies.poses[static_cast<std::size_t>(f.indexA)],
                    bodies.poses[static_cast<std::size_t>(f.indexB)], ma, mb, impulse * s.axis,
                    impulse * s.a1, impulse * s.a2);
    return std::fabs(c);
}

// What both sliders' definitions share: a finite anchor, a non-zero axis and an ordered travel.
inline void validateSlider(const char* function, Vec2 anchor, Vec2 axis, float lower, float upper)
{
    requireInRange(function, "params.anchor", anchor);
    requireFinite(function, "params.axis", axis);
    if (lengthSquared(normalize(axis)) == 0.0f)
    {
        fail(function, "params.axis must be non-zero");
    }
    requireFinite(function, "params.lower", lower);
    requireFinite(function, "params.upper", upper);
    if (lower > upper)
    {
        fail(function, "params.lower must be <= params.upper");
    }
}

// Ngs's position pass over a slider's travel limit (when enabled); returns the error corrected.
template <class Slider>
float correctTravel(const Slider& j, const JointFrame& f, SolverBodies& bodies)
{
    if (!j.def.enableLimit)
    {
        return 0.0f;
    }
    return correctTravelLimit(poseSliderSpan(f, bodies, j.localAxisA, j.axisAtStart), j.def.lower,
                              j.def.upper, bodies, f);
}

} // namespace oblique::detail
