#pragma once
// Internal: the prismatic joint (a slider). B keeps A's turn and stays on a line fixed in A; its
// travel along the line may be limited and driven by a motor. Solved as the revolute joint is:
// motor, then limits, then the rest (across the line and the turn, as one 2x2 block).

#include "joint_frame.hpp"
#include "oblique/joint.hpp"

namespace oblique::detail
{

struct PrismaticJoint
{
    PrismaticJointDef def;       // axis normalised
    Vec2 localAxisA;             // the axis in A's frame
    float referenceAngle = 0.0f; // B's angle less A's when the joint was made
    // Accumulated impulses: over the current substep while solving, over a whole step between steps.
    Vec2 impulse; // across the axis and about the anchor
    float motorImpulse = 0.0f;
    float lowerImpulse = 0.0f;
    float upperImpulse = 0.0f;
    // This step's.
    Vec2 axisAtStart;
    float axialMass = 0.0f; // along the axis: soft step's as of the last pass (levers turn)
    Vec2 axis;              // as last solved, for the reaction
    HeldTurn turn;
};

PrismaticJoint makePrismaticJoint(const PrismaticJointDef& def, Rot qA, float referenceAngle);
void validateJointParams(const char* function, const PrismaticJointDef& def);

void prepareJoint(PrismaticJoint& j, const JointFrame& f, const StepContext& ctx, const SolverBodies& bodies);
void warmStartJoint(const PrismaticJoint& j, const JointFrame& f, SolverBodies& bodies);
void solveJoint(PrismaticJoint& j, const JointFrame& f, const StepContext& ctx, SolverBodies& bodies);
bool solveJointPosition(const PrismaticJoint& j, const JointFrame& f, SolverBodies& bodies);
void storeJointImpulses(PrismaticJoint& j, float toStep);
JointReaction reactionOf(const PrismaticJoint& j, float invDt);

} // namespace oblique::detail
