#pragma once
// Internal: joint trees of one shape (the same nodes in the same order, such as ragdolls built
// alike) factored and solved side by side, a tree a lane, four doubles wide with AVX2 (eight
// lanes and up, lane_width.hpp; at four each tree is solved alone). Every lane rounds as the tree
// alone would (joint_tree_elimination.hpp), so the trees come out the same bits either way.

#include "mat33.hpp"
#include "tree_factor.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace oblique::detail
{

struct JointTreeNode;
struct JointTrees;
struct SolverVelocity;
struct WorldState;

inline constexpr int kTreeLanes = 4;

// Computed on only in joint_tree_lanes_avx2.cpp; held elsewhere in the 32-byte aligned records
// below, since GCC aligns the bare type to 16 bytes where AVX is off.
using TreeLane = double __attribute__((vector_size(32)));
using TreeLaneMask = std::int64_t __attribute__((vector_size(32)));

struct alignas(32) TreeLaneFactor
{
    TreeFactorOf<TreeLane> lanes;
};
struct alignas(32) TreeLaneValue
{
    Vec3Of<TreeLane> lanes;
};

struct TreeBatch
{
    std::array<std::int32_t, kTreeLanes>
        trees{};            // indices in JointTrees::trees; spare lanes repeat the first
    std::int32_t lanes = 0; // the trees it holds
    std::int32_t first = 0; // its nodes' first index in TreeLanes::factors and values
    // Last factored in lanes; else each of its trees alone (lanes not in use, or a body that
    // cannot turn), and solved alone until factored again.
    bool factoredInLanes = false;
};

struct TreeLanes
{
    std::vector<TreeBatch> batches;
    std::vector<TreeLaneFactor> factors; // per batch, per node of its shape
    std::vector<TreeLaneValue> values;
    std::vector<std::int32_t> order; // scratch: tree indices by shape
    std::vector<std::uint64_t> keys; // scratch: per tree, its shape's sort key
};

// Groups the trees without loops into batches of one shape, two or more trees each; sets each
// batched tree's TreeRange::batch. After the trees are built.
void batchTrees(JointTrees& t);
// Whether batches are factored and solved in lanes: at eight lanes and more (AVX2).
bool treeLanesInUse();

// Factors the batch's trees in lanes, their link rows (JointTrees::factors) already found for the
// poses as they are. False, with nothing factored, where a body of them cannot turn or be
// pushed: those are factored one tree at a time. Only where treeLanesInUse().
bool factorInLanes(const WorldState& w, JointTrees& t, const TreeBatch& batch);
// Solves a batch factored in lanes for the right-hand sides in JointTrees::values; writes back the
// solutions of the trees marked to be solved (TreeRange::solve) only.
void substituteInLanes(const WorldState& w, JointTrees& t, const TreeBatch& batch);

// A batch as the file built for AVX2 reads it: plain pointers, since that file may call no
// function it does not inline, not even a container's (scripts/check-lane-object).
struct TreeLaneView
{
    const JointTreeNode* nodes = nullptr;       // JointTrees::nodes
    std::int32_t begins[kTreeLanes] = {};       // each lane's tree's first node
    std::int32_t size = 0;                      // nodes a tree
    bool writeBack[kTreeLanes] = {};            // lanes whose solutions are written back
    const TreeFactor* links = nullptr;          // JointTrees::factors: their links
    const SolverVelocity* velocities = nullptr; // the solver's bodies
    Vec3* values = nullptr;                     // JointTrees::values
    TreeLaneFactor* laneFactors = nullptr;      // the batch's, in TreeLanes
    TreeLaneValue* laneValues = nullptr;
};

// The entry points of joint_tree_lanes_avx2.cpp, built for AVX2.
bool factorInTreeLanes(const TreeLaneView& view);
void substituteInTreeLanes(const TreeLaneView& view);

} // namespace oblique::detail
