// Joint trees of one shape, factored and solved side by side.

#include "joint_tree_lanes.hpp"

#include "joint_tree.hpp"
#include "oblique/lane_width.hpp"
#include "world_state.hpp"

#include <algorithm>
#include <cstddef>

namespace oblique::detail
{

namespace
{

std::size_t index(std::int32_t i)
{
    return static_cast<std::size_t>(i);
}

// A node's place in its tree's shape: its kind, its parent counted from the tree's first node, and
// its children.
struct NodeShape
{
    bool body = false;
    std::int32_t parent = -1;
    std::int32_t children = 0;
    bool operator==(const NodeShape&) const = default;
};

NodeShape shapeOf(const JointTreeNode& node, std::int32_t begin)
{
    return {node.joint < 0, node.parent >= 0 ? node.parent - begin : -1, node.children};
}

bool sameShape(const JointTrees& t, const TreeRange& a, const TreeRange& b)
{
    if (a.end - a.begin != b.end - b.begin)
    {
        return false;
    }
    for (std::int32_t k = 0; k < a.end - a.begin; ++k)
    {
        if (!(shapeOf(t.nodes[index(a.begin + k)], a.begin) == shapeOf(t.nodes[index(b.begin + k)], b.begin)))
        {
            return false;
        }
    }
    return true;
}

// Sorts trees of one shape next to one another (a shape's trees may share a key with another
// shape's; batches then check the shapes themselves).
std::uint64_t shapeKey(const JointTrees& t, const TreeRange& tree)
{
    std::uint64_t key = static_cast<std::uint64_t>(tree.end - tree.begin);
    for (std::int32_t k = tree.begin; k < tree.end; ++k)
    {
        const NodeShape s = shapeOf(t.nodes[index(k)], tree.begin);
        key = key * 1000003u + static_cast<std::uint64_t>(s.parent + 1) * 4u +
              static_cast<std::uint64_t>(s.body ? 1 : 0) + static_cast<std::uint64_t>(s.children) * 64u;
    }
    return key;
}

} // namespace

void batchTrees(JointTrees& t)
{
    TreeLanes& lanes = t.lanes;
    lanes.batches.clear();
    lanes.order.clear();
    // Sized by the nodes' room (the world's joints), so rebuilding the trees allocates nothing.
    lanes.batches.reserve(t.nodes.capacity());
    lanes.order.reserve(t.nodes.capacity());
    lanes.keys.reserve(t.nodes.capacity());
    lanes.factors.reserve(t.nodes.capacity());
    lanes.values.reserve(t.nodes.capacity());
    lanes.keys.assign(t.trees.size(), 0);
    for (std::size_t i = 0; i < t.trees.size(); ++i)
    {
        TreeRange& tree = t.trees[i];
        tree.batch = -1;
        // Trees with loops close them one tree at a time.
        if (tree.loops == 0)
        {
            lanes.keys[i] = shapeKey(t, tree);
            lanes.order.push_back(static_cast<std::int32_t>(i));
        }
    }
    std::sort(lanes.order.begin(), lanes.order.end(),
              [&](std::int32_t a, std::int32_t b)
              {
                  return lanes.keys[index(a)] != lanes.keys[index(b)]
                             ? lanes.keys[index(a)] < lanes.keys[index(b)]
                             : a < b;
              });
    std::int32_t nodes = 0;
    TreeBatch batch;
    const auto close = [&]
    {
        if (batch.lanes >= 2)
        {
            const TreeRange& lead = t.trees[index(batch.trees[0])];
            std::fill(batch.trees.begin() + batch.lanes, batch.trees.end(), batch.trees[0]);
            batch.first = nodes;
            nodes += lead.end - lead.begin;
            for (std::int32_t lane = 0; lane < batch.lanes; ++lane)
            {
                t.trees[index(batch.trees[index(lane)])].batch =
                    static_cast<std::int32_t>(lanes.batches.size());
            }
            lanes.batches.push_back(batch);
        }
        batch = TreeBatch{};
    };
    for (const std::int32_t i : lanes.order)
    {
        const TreeRange& tree = t.trees[index(i)];
        if (batch.lanes == kTreeLanes ||
            (batch.lanes > 0 && !sameShape(t, t.trees[index(batch.trees[0])], tree)))
        {
            close();
        }
        batch.trees[index(batch.lanes++)] = i;
    }
    close();
    lanes.factors.resize(index(nodes));
    lanes.values.resize(index(nodes));
}

bool treeLanesInUse()
{
    return laneWidth() >= 8;
}

namespace
{

TreeLaneView viewOf(const WorldState& w, JointTrees& t, const TreeBatch& batch)
{
    TreeLaneView view;
    view.nodes = t.nodes.data();
    const TreeRange& lead = t.trees[index(batch.trees[0])];
    view.size = lead.end - lead.begin;
    for (std::size_t lane = 0; lane < batch.trees.size(); ++lane)
    {
        const TreeRange& tree = t.trees[index(batch.trees[lane])];
        view.begins[lane] = tree.begin;
        view.writeBack[lane] = static_cast<std::int32_t>(lane) < batch.lanes && tree.solve;
    }
    view.links = t.factors.data();
    view.velocities = w.solverBodies.velocities.data();
    view.values = t.values.data();
    view.laneFactors = t.lanes.factors.data() + batch.first;
    view.laneValues = t.lanes.values.data() + batch.first;
    return view;
}

} // namespace

bool factorInLanes(const WorldState& w, JointTrees& t, const TreeBatch& batch)
{
    return factorInTreeLanes(viewOf(w, t, batch));
}

void substituteInLanes(const WorldState& w, JointTrees& t, const TreeBatch& batch)
{
    substituteInTreeLanes(viewOf(w, t, batch));
}

} // namespace oblique::detail
