#pragma once
// Internal: the weld joint. B's anchor is held on A's and B's turn to A's; with hertz > 0 the
// turn is a spring instead, so a chain of welds bends and springs back.

#include "joint_frame.hpp"
#include "oblique/joint.hpp"

#include <cstdint>

namespace oblique::detail
{

struct WeldJoint
{
    WeldJointDef def;
    float referenceAngle = 0.0f; // B's angle less A's when the joint was made
    // Accumulated impulses: over the current substep while solving, over a whole step between steps.
    Vec2 linearImpulse;
    float angularImpulse = 0.0f;
    // This step's.
    float axialMass = 0.0f;
    Softness angularSpring;
    HeldTurn turn;
    // A rigid weld whose levers dwarf its masses is solved at the centre of mass of the body that
    // turns more easily (weld_joint.cpp): kNoCentre, kCentreA or kCentreB. Then angularImpulse is
    // that body's whole turn impulse. Kept across steps with the impulses it describes.
    std::int8_t centre = 0;
    Vec2 centreAnchor; // that body's anchor as last solved, for the reaction's torque about the anchor
};

void validateJointParams(const char* function, const WeldJointDef& def);

void prepareJoint(WeldJoint& j, const JointFrame& f, const StepContext& ctx, const SolverBodies& bodies);
void warmStartJoint(WeldJoint& j, const JointFrame& f, SolverBodies& bodies);
// One pass, with the push (ctx.useBias) or without it; a spring turns B back in both.
void solveJoint(WeldJoint& j, const JointFrame& f, const StepContext& ctx, SolverBodies& bodies);
bool solveJointPosition(const WeldJoint& j, const JointFrame& f, SolverBodies& bodies);
// The joint trees' part: the shared point, and the turn when it is rigid and can turn.
inline bool joinsTrees(const WeldJoint& /*j*/)
{
    return true;
}
bool treeTurnRow(WeldJoint& j, const JointFrame& f, const StepContext& ctx, const SolverBodies& bodies);
float treeTurnBias(const WeldJoint& j, const JointFrame& f, const StepContext& ctx,
                   const SolverBodies& bodies);
void addTreeImpulse(WeldJoint& j, Vec2 point, float turn);
void storeJointImpulses(WeldJoint& j, float toStep);
JointReaction reactionOf(const WeldJoint& j, float invDt);

} // namespace oblique::detail
