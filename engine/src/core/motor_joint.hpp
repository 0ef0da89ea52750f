#pragma once
// Internal: the motor joint. Drives B's origin toward an offset in A's frame and B's turn toward
// an angle relative to A, closing a share of the error each (sub)step, with capped force and
// torque; nothing is held rigidly, so it never fights a wall.

#include "joint_frame.hpp"
#include "oblique/joint.hpp"

namespace oblique::detail
{

struct MotorJoint
{
    Vec2 linearOffset; // B's origin in A's frame (A's anchor), resolved at creation
    float angularOffset = 0.0f;
    float maxForce = 0.0f;
    float maxTorque = 0.0f;
    float correctionFactor = 0.3f;
    // Accumulated impulses: over the current substep while solving, over a whole step between steps.
    Vec2 linearImpulse;
    float angularImpulse = 0.0f;
    float axialMass = 0.0f; // this step's
};

void validateJointParams(const char* function, const MotorJointDef& def);

void prepareJoint(MotorJoint& j, const JointFrame& f, const StepContext& ctx, const SolverBodies& bodies);
void warmStartJoint(const MotorJoint& j, const JointFrame& f, SolverBodies& bodies);
// One pass; the drive acts in every pass (it is a force, not a repair).
void solveJoint(MotorJoint& j, const JointFrame& f, const StepContext& ctx, SolverBodies& bodies);
// Nothing to correct: the motor joint only drives.
bool solveJointPosition(const MotorJoint& j, const JointFrame& f, SolverBodies& bodies);
void storeJointImpulses(MotorJoint& j, float toStep);
JointReaction reactionOf(const MotorJoint& j, float invDt);

} // namespace oblique::detail
