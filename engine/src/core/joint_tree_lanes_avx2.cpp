// Joint trees of one shape factored and solved in lanes: the one file built for AVX2 besides
// wide_lanes_avx2.cpp, and like it called only where the CPU has it (treeLanesInUse). Its entry
// points take in everything they call (flatten), so it leaves no copy of an inline function built
// with AVX2 for other code to bind to (scripts/check-lane-object).

#include "joint_tree.hpp"
#include "joint_tree_elimination.hpp"
#include "joint_tree_lanes.hpp"
#include "world_state.hpp"

#include <cstddef>
#include <utility>

namespace oblique::detail
{

namespace
{

std::size_t index(std::int32_t i)
{
    return static_cast<std::size_t>(i);
}

// The batch's trees' first nodes, a lane each (spare lanes repeat the first tree).
std::array<std::int32_t, kTreeLanes> beginsOf(const JointTrees& t, const TreeBatch& batch)
{
    std::array<std::int32_t, kTreeLanes> begins{};
    for (std::size_t lane = 0; lane < begins.size(); ++lane)
    {
        begins[lane] = t.trees[index(batch.trees[lane])].begin;
    }
    return begins;
}

// A batch's trees as elimination sees them, a lane each.
struct LaneTrees
{
    const WorldState& w;
    const JointTrees& t;
    std::array<std::int32_t, kTreeLanes> begins;

    std::pair<TreeLane, TreeLane> mass(std::int32_t k) const
    {
        std::pair<TreeLane, TreeLane> m{};
        for (std::size_t lane = 0; lane < begins.size(); ++lane)
        {
            const JointTreeNode& node = t.nodes[index(begins[lane] + k)];
            const SolverVelocity& v = w.solverBodies.velocities[index(node.body)];
            m.first[lane] = static_cast<double>(v.invMass);
            m.second[lane] = static_cast<double>(v.invInertia);
        }
        return m;
    }
    TreeRowsOf<TreeLane> rows(std::int32_t k) const
    {
        TreeRowsOf<TreeLane> rows;
        for (std::size_t lane = 0; lane < begins.size(); ++lane)
        {
            const TreeRows& r = t.factors[index(begins[lane] + k)].link;
            rows.s[lane] = r.s;
            rows.a[lane] = r.a;
            rows.b[lane] = r.b;
            rows.c[lane] = r.c;
        }
        return rows;
    }
    TreeLaneMask turn(std::int32_t k) const
    {
        TreeLaneMask turns{};
        for (std::size_t lane = 0; lane < begins.size(); ++lane)
        {
            turns[lane] = t.nodes[index(begins[lane] + k)].turn ? -1 : 0;
        }
        return turns;
    }
};

// Lanes hold bodies that both move and turn under impulses (bodyInverse's first way).
bool turnsAndMoves(const WorldState& w, const JointTrees& t, const TreeBatch& batch)
{
    for (std::int32_t lane = 0; lane < batch.lanes; ++lane)
    {
        const TreeRange& tree = t.trees[index(batch.trees[index(lane)])];
        for (std::int32_t n = tree.begin; n < tree.end; ++n)
        {
            const JointTreeNode& node = t.nodes[index(n)];
            if (node.joint >= 0)
            {
                continue;
            }
            const SolverVelocity& v = w.solverBodies.velocities[index(node.body)];
            if (!(v.invMass > 0.0f && v.invInertia > 0.0f))
            {
                return false;
            }
        }
    }
    return true;
}

} // namespace

[[gnu::flatten]] bool factorInTreeLanes(const WorldState& w, JointTrees& t, const TreeBatch& batch)
{
    if (!turnsAndMoves(w, t, batch))
    {
        return false;
    }
    const TreeRange& lead = t.trees[index(batch.trees[0])];
    eliminate(&t.nodes[index(lead.begin)], lead.begin, lead.end - lead.begin,
              &t.lanes.factors[index(batch.first)].lanes, LaneTrees{w, t, beginsOf(t, batch)});
    return true;
}

[[gnu::flatten]] void substituteInTreeLanes(JointTrees& t, const TreeBatch& batch)
{
    const TreeRange& lead = t.trees[index(batch.trees[0])];
    const std::int32_t size = lead.end - lead.begin;
    const std::array<std::int32_t, kTreeLanes> begins = beginsOf(t, batch);
    Vec3Of<TreeLane>* values = &t.lanes.values[index(batch.first)].lanes;
    for (std::int32_t k = 0; k < size; ++k)
    {
        for (std::size_t lane = 0; lane < begins.size(); ++lane)
        {
            const Vec3 v = t.values[index(begins[lane] + k)];
            values[k].x[lane] = v.x;
            values[k].y[lane] = v.y;
            values[k].z[lane] = v.z;
        }
    }
    substituteNodes(&t.nodes[index(lead.begin)], lead.begin, size, &t.lanes.factors[index(batch.first)].lanes,
                    values);
    for (std::int32_t lane = 0; lane < batch.lanes; ++lane)
    {
        if (!t.trees[index(batch.trees[index(lane)])].solve)
        {
            continue;
        }
        for (std::int32_t k = 0; k < size; ++k)
        {
            t.values[index(begins[index(lane)] + k)] =
                Vec3{values[k].x[lane], values[k].y[lane], values[k].z[lane]};
        }
    }
}

} // namespace oblique::detail
