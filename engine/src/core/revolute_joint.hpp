#pragma once
// Internal: the revolute joint (a hinge). Its bodies share a point; B's turn relative to A may be
// limited and driven by a motor. Solved as Box2D solves it: motor, then limits, then the point.

#include "joint_frame.hpp"
#include "oblique/joint.hpp"

namespace oblique::detail
{

struct RevoluteJoint
{
    RevoluteJointDef def;
    float referenceAngle = 0.0f; // B's angle less A's when the joint was made
    // Accumulated impulses: over the current substep while solving, over a whole step between steps.
    Vec2 linearImpulse;
    float motorImpulse = 0.0f;
    float lowerImpulse = 0.0f;
    float upperImpulse = 0.0f;
    float axialMass = 0.0f; // 1 / (iA + iB), this step
    // The limit a joint tree holds this pass: 1 the lower, -1 the upper, 0 neither.
    int treeLimit = 0;
    // A tree let go of the limit this step (it pulled): the limit's own solve holds it till the next.
    bool treeLimitReleased = false;
};

// Throws, naming the field, when the definition breaks the spec's rules.
void validateJointParams(const char* function, const RevoluteJointDef& def);

void prepareJoint(RevoluteJoint& j, const JointFrame& f, const StepContext& ctx, const SolverBodies& bodies);
void warmStartJoint(RevoluteJoint& j, const JointFrame& f, SolverBodies& bodies);
// One pass, with the push (ctx.useBias) or without it.
void solveJoint(RevoluteJoint& j, const JointFrame& f, const StepContext& ctx, SolverBodies& bodies);
// One pass of ngs's position correction; true when the joint is within the slops.
bool solveJointPosition(const RevoluteJoint& j, const JointFrame& f, SolverBodies& bodies);
// The joint trees' part: the shared point, and the limit the joint is at or past.
inline bool joinsTrees(const RevoluteJoint& /*j*/)
{
    return true;
}
bool treeTurnRow(RevoluteJoint& j, const JointFrame& f, const StepContext& ctx, const SolverBodies& bodies);
float treeTurnBias(const RevoluteJoint& j, const JointFrame& f, const StepContext& ctx,
                   const SolverBodies& bodies);
bool treeTurnPushes(const RevoluteJoint& j, float impulse);
inline void releaseTreeTurn(RevoluteJoint& j)
{
    j.treeLimitReleased = true;
    j.treeLimit = 0;
}
void addTreeImpulse(RevoluteJoint& j, Vec2 point, float turn);
// Scales the impulses from a substep's to a whole step's, dropping non-finite ones.
void storeJointImpulses(RevoluteJoint& j, float toStep);
JointReaction reactionOf(const RevoluteJoint& j, float invDt);

} // namespace oblique::detail
