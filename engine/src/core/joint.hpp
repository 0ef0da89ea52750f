#pragma once
// Internal: joints. Records live in a slot array with generations and are threaded onto both
// bodies' lists (edge keys joint * 2 + side, as contacts are). Every joint goes through the same
// stages (prepare, warm start, solve, solve positions, store impulses); joint.cpp dispatches them
// on the joint's type, the one place that does.

#include "body.hpp"
#include "distance_joint.hpp"
#include "joint_frame.hpp"
#include "motor_joint.hpp"
#include "mouse_joint.hpp"
#include "oblique/joint.hpp"
#include "prismatic_joint.hpp"
#include "revolute_joint.hpp"
#include "weld_joint.hpp"
#include "wheel_joint.hpp"
#include "wide_joint_solver.hpp"

#include <cstdint>
#include <limits>
#include <utility>
#include <variant>
#include <vector>

namespace oblique::detail
{

struct StepContext;

// A joint's link in one of its bodies' lists.
struct JointEdge
{
    std::int32_t prev = kNullIndex;
    std::int32_t next = kNullIndex;
};

// The state of each type, its alternatives in JointType's order.
using JointKind =
    std::variant<RevoluteJoint, DistanceJoint, PrismaticJoint, WeldJoint, WheelJoint, MotorJoint, MouseJoint>;

struct JointRecord
{
    std::uint32_t generation = 0;
    bool alive = false;
    bool collideConnected = false;
    float breakForce = std::numeric_limits<float>::infinity(); // infinity: never breaks
    float breakTorque = std::numeric_limits<float>::infinity();
    std::uint32_t bodyA = 0;
    std::uint32_t bodyB = 0;
    Vec2 localAnchorA; // in each body's frame, from its origin (the centre of mass may move)
    Vec2 localAnchorB;
    JointEdge edges[2];
    JointKind kind;
};

// Reused from step to step.
struct Joints
{
    std::vector<JointRecord> records;
    std::vector<std::uint32_t> free; // slots to reuse, most recently freed last
    int count = 0;
    std::vector<std::uint32_t> solved; // the joints this step solves, in index order
    // Per solved joint, its frame this step: apart from the records, so that preparing writes
    // one dense array rather than into every record, and the passes read them packed.
    std::vector<JointFrame> frames;
    // Per solved joint, noted while its record is at hand: its bodies' solver slots when the
    // joint trees take its type, {-1, -1} when not.
    std::vector<std::pair<std::int32_t, std::int32_t>> treeBodies;
    // The solved joints the one-at-a-time passes take (all of them in ngs), as indices into
    // solved, in order; soft step's plain hinges go four or eight at a time instead.
    std::vector<std::uint32_t> oneAtATime;
    // Some solved joint has a break force or torque: breakJoints has something to check.
    bool anyBreakable = false;
    WideJointSolver wide;
};

inline JointType typeOf(const JointRecord& j)
{
    return static_cast<JointType>(j.kind.index());
}

// Where a new joint's bodies are: what a definition's defaults and frames are resolved against.
struct JointPlacement
{
    Vec2 positionA; // the bodies' origins
    Vec2 positionB;
    Rot qA;
    float referenceAngle = 0.0f; // B's angle less A's
};

// The joint's state for a new definition (checked already).
JointKind makeJointKind(const JointDef& def, const JointPlacement& placement);
// The anchors a definition gives, in the world: A's and B's.
std::pair<Vec2, Vec2> anchorsOf(const JointDef& def, const JointPlacement& placement);
// The force and torque on B over a step of 1 / invDt that ended with the joint's stored impulses.
JointReaction reactionOf(const JointRecord& j, float invDt);

// What a joint gives the joint trees (joint_tree.hpp): whether its rigid rows join them (a shared
// point, and maybe B's turn less A's); whether the turn row holds this pass (deciding, for a limit,
// which bound); the speed the turn row pushes at; whether an impulse on the turn row pushes (a
// limit's may not pull, and is let go when it would); and the impulses the trees solved for.
bool joinsTreesOf(const JointRecord& j);
bool treeTurnRowOf(JointRecord& j, const JointFrame& f, const StepContext& ctx, const SolverBodies& bodies);
float treeTurnBiasOf(const JointRecord& j, const JointFrame& f, const StepContext& ctx,
                     const SolverBodies& bodies);
bool treeTurnPushesOf(const JointRecord& j, float impulse);
// Lets go of a turn row that pulled, for the rest of the step.
void releaseTreeTurnOf(JointRecord& j);
// Adds a tree solve's impulse on the shared point and, where the turn row held, on the turn.
void addTreeImpulseOf(JointRecord& j, Vec2 point, float turn);
// After a pass of joint j: where its push was capped (ctx.jointPushCapped), its bodies are kept
// awake this step; the flag is cleared for the next joint.
void keepAwakeWhileCapped(WorldState& w, const JointRecord& j, const StepContext& ctx);

// The joint stages, in the order the step runs them. Joints are solved before the contacts in
// every pass: one at a time in index order, then (soft step) the plain hinges four at a time.
void prepareJoints(StepContext& ctx);
void warmStartJoints(StepContext& ctx);
// One pass over every joint: with the push (ctx.useBias) or without it (soft step's relax, ngs).
void solveJoints(StepContext& ctx);
// One pass of ngs's position correction; true when every joint is within the slops.
bool solveJointPositions(StepContext& ctx);
void storeJointImpulses(StepContext& ctx);
// Destroys the solved joints whose last step's force or torque passed their thresholds, with an
// event each; after the bodies are finished, so the broadphase sees where they are.
void breakJoints(StepContext& ctx);

} // namespace oblique::detail
