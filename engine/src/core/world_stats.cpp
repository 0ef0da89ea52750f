// World::stats: islands counted from a union-find forest over the contacts as the last step left
// them and the joints, and the broadphase tree's height and area ratio read off its nodes.

#include "oblique/world.hpp"
#include "world_state.hpp"

#include <cstdint>
#include <vector>

namespace oblique
{

using namespace detail;

namespace
{

void countIslands(const WorldState& w, WorldStats& out)
{
    std::vector<std::int32_t> parent;
    uniteAll(w, parent);
    // Per root: 1 seen, 2 seen with an awake body.
    std::vector<std::uint8_t> seen(w.records.size(), 0);
    for (std::size_t i = 0; i < w.records.size(); ++i)
    {
        const BodyRecord& r = w.records[i];
        if (!r.alive || !r.enabled || r.type != BodyType::Dynamic)
        {
            continue;
        }
        std::uint8_t& mark = seen[static_cast<std::size_t>(findRoot(parent, static_cast<std::int32_t>(i)))];
        if (mark == 0)
        {
            ++out.islandCount;
            mark = 1;
        }
        if (r.awake && mark == 1)
        {
            ++out.awakeIslandCount;
            mark = 2;
        }
    }
}

void measureTree(const DynamicTree& tree, WorldStats& out)
{
    out.proxyCount = tree.proxyCount();
    out.treeHeight = tree.height();
    const std::int32_t root = tree.root();
    if (root == kNullNode)
    {
        return;
    }
    const std::vector<TreeNode>& nodes = tree.nodes();
    const float rootPerimeter = perimeter(nodes[static_cast<std::size_t>(root)].aabb);
    float inner = 0.0f;
    for (std::size_t i = 0; i < nodes.size(); ++i)
    {
        // Free nodes have height -1 and leaves 0.
        if (nodes[i].height > 0 && static_cast<std::int32_t>(i) != root)
        {
            inner += perimeter(nodes[i].aabb);
        }
    }
    out.treeAreaRatio = rootPerimeter > 0.0f ? inner / rootPerimeter : 0.0f;
}

} // namespace

WorldStats World::stats() const
{
    WorldStats out;
    countIslands(*m_impl, out);
    measureTree(m_impl->tree, out);
    return out;
}

} // namespace oblique
