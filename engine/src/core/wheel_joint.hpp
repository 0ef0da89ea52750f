#pragma once
// Internal: the wheel joint. B's anchor (the axle) stays on a line fixed in A, sprung toward where
// it started (the suspension), and B turns freely, driven by a motor if asked.

#include "joint_frame.hpp"
#include "oblique/joint.hpp"

namespace oblique::detail
{

struct WheelJoint
{
    WheelJointDef def; // axis normalised
    Vec2 localAxisA;   // the axis in A's frame
    // Accumulated impulses: over the current substep while solving, over a whole step between steps.
    float perpImpulse = 0.0f; // across the axis
    float springImpulse = 0.0f;
    float motorImpulse = 0.0f;
    float lowerImpulse = 0.0f;
    float upperImpulse = 0.0f;
    // This step's.
    Vec2 axisAtStart;
    float axialMass = 0.0f; // along the axis: soft step's as of the last pass
    float motorMass = 0.0f; // of the turn
    Softness spring;
    Vec2 axis; // as last solved, for the reaction
};

WheelJoint makeWheelJoint(const WheelJointDef& def, Rot qA);
void validateJointParams(const char* function, const WheelJointDef& def);

void prepareJoint(WheelJoint& j, const JointFrame& f, const StepContext& ctx, const SolverBodies& bodies);
void warmStartJoint(const WheelJoint& j, const JointFrame& f, SolverBodies& bodies);
// One pass, with the push (ctx.useBias) or without it; the spring acts in both.
void solveJoint(WheelJoint& j, const JointFrame& f, const StepContext& ctx, SolverBodies& bodies);
bool solveJointPosition(const WheelJoint& j, const JointFrame& f, SolverBodies& bodies);
void storeJointImpulses(WheelJoint& j, float toStep);
JointReaction reactionOf(const WheelJoint& j, float invDt);

} // namespace oblique::detail
