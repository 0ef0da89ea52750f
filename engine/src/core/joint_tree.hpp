#pragma once
// Internal: joint trees. Soft step solves the rigid equalities of joints (a hinge's or a weld's
// shared point, a rigid weld's turn) exactly in every pass wherever the joints join moving bodies
// into trees, in time linear in their count, by eliminating the tree's blocks from the leaves up
// (Baraff, "Linear-time dynamics using Lagrange multipliers", 1996). One-at-a-time passes carry a
// load along a chain one link per pass and let a heavy body stretch the light links it hangs from;
// an exact solve does neither. Up to kMaxTreeLoops joints a tree that close a loop over it
// (through its bodies, or a second way to the ground) are solved with it; other loops, and
// meshes, are left to the one-at-a-time passes.

#include "joint_tree_lanes.hpp"
#include "mat33.hpp"
#include "oblique/vec2.hpp"
#include "tree_factor.hpp"

#include <cstdint>
#include <vector>

namespace oblique::detail
{

struct StepContext;
struct WorldState;

// A body or a joint of a tree, in elimination order: every node before its parent.
struct JointTreeNode
{
    std::int32_t parent = -1; // node index; -1 for a root
    std::int32_t children = 0;
    std::int32_t tree = 0;     // index in JointTrees::trees
    std::int32_t body = 0;     // a body node's solver slot
    std::int32_t joint = -1;   // a joint node's index in Joints::solved; -1 for a body node
    bool turn = false;         // a joint node's third row (B's turn less A's) holds this pass
    bool factoredTurn = false; // ... and held when its tree was last factored
    Vec2 anchorA;              // a joint node's anchors this pass, from the centres of mass
    Vec2 anchorB;
};

// Something worked out for the solver's poses as they were at one SolverBodies::poseVersion, or
// for none yet.
struct PoseStamp
{
    bool set = false;
    std::uint32_t version = 0;

    bool holdsFor(std::uint32_t poseVersion) const { return set && version == poseVersion; }
    void stamp(std::uint32_t poseVersion)
    {
        set = true;
        version = poseVersion;
    }
};

// A tree's nodes (a run of JointTrees::nodes) and the loops that close over it (a run of
// JointTrees::loops).
struct TreeRange
{
    std::int32_t begin = 0;
    std::int32_t end = 0;
    std::int32_t loops = 0;
    std::int32_t firstLoop = 0;
    std::int32_t firstResponse = 0; // into JointTrees::responses
    std::int32_t batch = -1;        // the batch whose lanes solve it (TreeLanes::batches), or -1
    bool solve = true;              // solved in the pass under way
};

// A joint that closes a loop over one tree (or from it to the ground): its shared point is solved
// with the tree's, through the tree's responses to impulses at its anchors.
struct TreeLoop
{
    std::int32_t joint = -1; // index in Joints::solved
    std::int32_t tree = -1;
    std::int32_t nodeA = -1; // its bodies' nodes; -1 for the ground
    std::int32_t nodeB = -1;
    Vec2 anchorA;
    Vec2 anchorB;
};

inline constexpr std::int32_t kMaxTreeLoops = 4; // per tree; more stay with the one-at-a-time passes

// Reused from step to step.
struct JointTrees
{
    // The poses the trees were last factored for (each tree's factors are kept while these and its
    // rows that hold stay as they were), and those the nodes' turn rows were found for.
    PoseStamp factoredFor;
    PoseStamp turnsFoundFor;
    std::vector<TreeRange> trees;
    std::vector<TreeLoop> loops;
    std::vector<Vec3> responses;              // per tree with loops: each loop row's response, node by node
    std::vector<std::int32_t> nodeOf;         // per solver slot: its body node, or -1
    std::vector<std::int32_t> loopCandidates; // indices into Joints::solved
    std::vector<float> loopImpulses;          // two per loop, from the last solve
    std::vector<JointTreeNode> nodes;
    // Per node: its link rows, found whenever its tree is factored, and its inverse for a tree
    // factored alone.
    std::vector<TreeFactor> factors;
    TreeLanes lanes; // trees of one shape, solved side by side
    // Per node: the right-hand side, eliminated, then the solution. Kept apart from the nodes: in
    // the node, the compiler paired a value's loads with the inverse beside it, and a load that
    // straddles two recent stores (a parent's value, just written) waits for both to reach the
    // cache, a fifth of the substitution's time.
    std::vector<Vec3> values;
    // Scratch for building them.
    struct Pair
    {
        std::int32_t a = 0; // node slots (0: the ground), or -1 for a joint the trees do not take
        std::int32_t b = 0;
        bool operator==(const Pair&) const = default;
    };
    std::vector<Pair> pairs; // per solved joint
    // Last step's pairs: when this step's are the same, so are the picks (treeJoints and
    // loopCandidates, kept), which spares a large net of joints two passes of union-find a step.
    std::vector<Pair> previousPairs;
    bool picked = false;
    // The nodes, ranges and loops were built from the current picks: a step that keeps the picks
    // keeps them too.
    bool built = false;
    std::vector<std::int32_t> sets;       // union-find over solver slots; slot 0 is the ground
    std::vector<std::int32_t> firstEdge;  // per solver slot, into edges (counts, then starts)
    std::vector<std::int32_t> edges;      // tree joints by body, as indices into Joints::solved
    std::vector<std::int32_t> treeJoints; // indices into Joints::solved
    std::vector<std::int32_t> cursor;     // per solver slot, while edges go in
    std::vector<std::uint8_t> visited;    // per solver slot
    std::vector<std::uint8_t> meshes;     // per solver slot: the body is part of a mesh
    std::vector<std::int32_t> counts;
};

// After the joints are prepared (soft step): picks the joints the trees solve, marks them
// (JointFrame::inTree), and orders the trees' nodes.
void buildJointTrees(StepContext& ctx);
// Soft step's relax pass, first: the bodies moved (not their velocities) until every shared point of
// the trees has drifted apart by no more than kJointProjectionSlop, solved over each tree at once.
void projectJointTrees(StepContext& ctx);
// One pass over the trees: with the push toward zero error (ctx.useBias) or holding the velocities
// the joints allow (relax). The joints' own passes (the rest of each joint) and the contacts go
// first, so that the trees have the last word.
void solveJointTrees(StepContext& ctx);

} // namespace oblique::detail
