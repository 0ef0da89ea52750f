#pragma once
// Internal: the mouse joint. A soft spring, capped in force, pulls B's anchor toward a target in
// the world; A is not pushed back (the hand that drags is not part of the world).

#include "joint_frame.hpp"
#include "oblique/joint.hpp"

namespace oblique::detail
{

struct MouseJoint
{
    MouseJointDef def;
    // Accumulated impulse: over the current substep while solving, over a whole step between steps.
    Vec2 impulse;
    Softness spring; // this step's
};

void validateJointParams(const char* function, const MouseJointDef& def);

void prepareJoint(MouseJoint& j, const JointFrame& f, const StepContext& ctx, const SolverBodies& bodies);
void warmStartJoint(const MouseJoint& j, const JointFrame& f, SolverBodies& bodies);
// One pass; the spring pulls in every pass.
void solveJoint(MouseJoint& j, const JointFrame& f, const StepContext& ctx, SolverBodies& bodies);
// Nothing to correct: the spring is soft by design.
bool solveJointPosition(const MouseJoint& j, const JointFrame& f, SolverBodies& bodies);
void storeJointImpulses(MouseJoint& j, float toStep);
JointReaction reactionOf(const MouseJoint& j, float invDt);

} // namespace oblique::detail
