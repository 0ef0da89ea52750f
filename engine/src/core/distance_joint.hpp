#pragma once
// Internal: the distance joint. The distance between its anchors is held at `length` (a rod, when
// the range is a single value), pulled toward it by a spring (hertz > 0), and kept within
// [minLength, maxLength] by one-sided bounds (a rope is a bound alone).

#include "joint_frame.hpp"
#include "oblique/joint.hpp"

namespace oblique::detail
{

struct DistanceJoint
{
    float length = 0.0f;
    float hertz = 0.0f;
    float dampingRatio = 0.0f;
    float minLength = 0.0f;
    float maxLength = 0.0f; // kUnlimitedLength when it has none
    // Accumulated impulses along the axis from A's anchor to B's: over the current substep while
    // solving, over a whole step between steps.
    float impulse = 0.0f; // the rod's or the spring's
    float lowerImpulse = 0.0f;
    float upperImpulse = 0.0f;
    float axialMass = 0.0f; // along the axis: soft step's as of the last pass
    Softness spring;        // this step's
    Vec2 axis;              // as last solved, for the reaction
};

// The joint a definition describes, its missing lengths filled in from `between`, the distance
// between its anchors.
DistanceJoint makeDistanceJoint(const DistanceJointDef& def, float between);
// Throws, naming the field, when the definition breaks the spec's rules (its missing lengths
// filled in as makeDistanceJoint does).
void validateJointParams(const char* function, const DistanceJointDef& def);
// A rod: the range is one value, held as an equality.
inline bool isRigid(const DistanceJoint& j)
{
    return j.minLength >= j.maxLength;
}

void prepareJoint(DistanceJoint& j, const JointFrame& f, const StepContext& ctx, const SolverBodies& bodies);
void warmStartJoint(const DistanceJoint& j, const JointFrame& f, SolverBodies& bodies);
// One pass, with the push (ctx.useBias) or without it; a spring pulls in both.
void solveJoint(DistanceJoint& j, const JointFrame& f, const StepContext& ctx, SolverBodies& bodies);
// One pass of ngs's position correction (the rod or a violated bound); true when within the slop.
bool solveJointPosition(const DistanceJoint& j, const JointFrame& f, SolverBodies& bodies);
void storeJointImpulses(DistanceJoint& j, float toStep);
JointReaction reactionOf(const DistanceJoint& j, float invDt);

} // namespace oblique::detail
