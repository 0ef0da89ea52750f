// Joint trees of one shape factored and solved in lanes: a file built for AVX2, like
// wide_lanes_avx2.cpp, and like it called only where the CPU has it (treeLanesInUse). Its entry
// points read the batch through plain pointers and call only what is always inlined, so it leaves
// no copy of an inline function built with AVX2 for other code to bind to
// (scripts/check-lane-object).

#include "joint_tree.hpp"
#include "joint_tree_elimination.hpp"
#include "joint_tree_lanes.hpp"
#include "solver_body.hpp"

#include <cstddef>
#include <cstdint>

namespace oblique::detail
{

namespace
{

struct LaneMass
{
    TreeLane invMass;
    TreeLane invInertia;
};

// A batch's trees as elimination sees them, a lane each.
struct LaneTrees
{
    const TreeLaneView& view;

    const JointTreeNode& node(int lane, std::int32_t k) const { return view.nodes[view.begins[lane] + k]; }
    LaneMass mass(std::int32_t k) const
    {
        LaneMass m{};
        for (int lane = 0; lane < kTreeLanes; ++lane)
        {
            const SolverVelocity& v = view.velocities[node(lane, k).body];
            m.invMass[lane] = static_cast<double>(v.invMass);
            m.invInertia[lane] = static_cast<double>(v.invInertia);
        }
        return m;
    }
    TreeRowsOf<TreeLane> rows(std::int32_t k) const
    {
        // Every member given: a default-constructed one is a constructor call where nothing is
        // inlined (Clang at -O0).
        TreeRowsOf<TreeLane> rows{TreeLane{}, TreeLane{}, TreeLane{}, TreeLane{}};
        for (int lane = 0; lane < kTreeLanes; ++lane)
        {
            const TreeRows& r = view.links[view.begins[lane] + k].link;
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
        for (int lane = 0; lane < kTreeLanes; ++lane)
        {
            turns[lane] = node(lane, k).turn ? -1 : 0;
        }
        return turns;
    }
};

// Lanes hold bodies that both move and turn under impulses (bodyInverse's first way).
bool turnsAndMoves(const TreeLaneView& view)
{
    for (int lane = 0; lane < kTreeLanes; ++lane)
    {
        for (std::int32_t k = 0; k < view.size; ++k)
        {
            const JointTreeNode& node = view.nodes[view.begins[lane] + k];
            if (node.joint >= 0)
            {
                continue;
            }
            const SolverVelocity& v = view.velocities[node.body];
            if (!(v.invMass > 0.0f && v.invInertia > 0.0f))
            {
                return false;
            }
        }
    }
    return true;
}

} // namespace

bool factorInTreeLanes(const TreeLaneView& view)
{
    if (!turnsAndMoves(view))
    {
        return false;
    }
    const std::int32_t begin = view.begins[0];
    eliminate(view.nodes + begin, begin, view.size, &view.laneFactors->lanes, LaneTrees{view});
    return true;
}

void substituteInTreeLanes(const TreeLaneView& view)
{
    const std::int32_t begin = view.begins[0];
    Vec3Of<TreeLane>* values = &view.laneValues->lanes;
    for (std::int32_t k = 0; k < view.size; ++k)
    {
        for (int lane = 0; lane < kTreeLanes; ++lane)
        {
            const Vec3& v = view.values[view.begins[lane] + k];
            values[k].x[lane] = v.x;
            values[k].y[lane] = v.y;
            values[k].z[lane] = v.z;
        }
    }
    substituteNodes(view.nodes + begin, begin, view.size, &view.laneFactors->lanes, values);
    for (int lane = 0; lane < kTreeLanes; ++lane)
    {
        if (!view.writeBack[lane])
        {
            continue;
        }
        for (std::int32_t k = 0; k < view.size; ++k)
        {
            view.values[view.begins[lane] + k] =
                Vec3{values[k].x[lane], values[k].y[lane], values[k].z[lane]};
        }
    }
}

} // namespace oblique::detail
