#include "dynamic_tree.hpp"

#include <algorithm>
#include <cassert>
#include <cstddef>

namespace oblique::detail
{

namespace
{

constexpr std::size_t toIndex(std::int32_t id)
{
    return static_cast<std::size_t>(id);
}

// How far ahead of a moving proxy its fat box reaches, in multiples of the step's displacement.
constexpr float kDisplacementMultiplier = 4.0f;
// A fat box bigger than the tight box inflated by this many margins is shrunk by re-inserting.
constexpr float kLargeMarginFactor = 4.0f;

} // namespace

std::int32_t DynamicTree::allocateNode()
{
    if (m_freeList == kNullNode)
    {
        // Grow geometrically and thread the new nodes onto the free list in index order, so the
        // ids handed out depend only on the sequence of calls.
        const std::size_t oldCount = m_nodes.size();
        const std::size_t newCount = std::max<std::size_t>(16, 2 * oldCount);
        m_nodes.resize(newCount);
        for (std::size_t i = oldCount; i < newCount; ++i)
        {
            TreeNode& node = m_nodes[i];
            node = TreeNode{};
            node.parent = i + 1 < newCount ? static_cast<std::int32_t>(i + 1) : kNullNode;
        }
        m_freeList = static_cast<std::int32_t>(oldCount);
    }

    const std::int32_t id = m_freeList;
    TreeNode& node = m_nodes[toIndex(id)];
    m_freeList = node.parent;
    node = TreeNode{};
    node.height = 0;
    return id;
}

void DynamicTree::freeNode(std::int32_t id)
{
    assert(0 <= id && toIndex(id) < m_nodes.size());
    TreeNode& node = m_nodes[toIndex(id)];
    node = TreeNode{};
    node.parent = m_freeList;
    m_freeList = id;
}

std::int32_t DynamicTree::createProxy(const Aabb& aabb, float margin, std::uint32_t userData)
{
    const std::int32_t id = allocateNode();
    TreeNode& node = m_nodes[toIndex(id)];
    node.aabb = inflate(aabb, margin);
    node.userData = userData;
    node.moved = true;
    insertLeaf(id);
    ++m_proxyCount;
    return id;
}

void DynamicTree::destroyProxy(std::int32_t proxyId)
{
    assert(0 <= proxyId && toIndex(proxyId) < m_nodes.size());
    assert(m_nodes[toIndex(proxyId)].height == 0);
    removeLeaf(proxyId);
    freeNode(proxyId);
    --m_proxyCount;
}

bool DynamicTree::moveProxy(std::int32_t proxyId, const Aabb& aabb, float margin, Vec2 displacement)
{
    assert(0 <= proxyId && toIndex(proxyId) < m_nodes.size());
    assert(m_nodes[toIndex(proxyId)].height == 0);

    const Aabb& current = m_nodes[toIndex(proxyId)].aabb;
    if (contains(current, aabb))
    {
        // Still covered. Keep it unless it is oversized, e.g. stretched by a past fast motion
        // that has since stopped; an oversized box produces needless candidate pairs.
        const Aabb largest = inflate(aabb, kLargeMarginFactor * margin);
        if (contains(largest, current))
        {
            return false;
        }
    }

    removeLeaf(proxyId);

    Aabb fat = inflate(aabb, margin);
    const Vec2 d = kDisplacementMultiplier * displacement;
    if (d.x < 0.0f)
    {
        fat.lower.x += d.x;
    }
    else
    {
        fat.upper.x += d.x;
    }
    if (d.y < 0.0f)
    {
        fat.lower.y += d.y;
    }
    else
    {
        fat.upper.y += d.y;
    }

    TreeNode& node = m_nodes[toIndex(proxyId)];
    node.aabb = fat;
    insertLeaf(proxyId);
    m_nodes[toIndex(proxyId)].moved = true;
    return true;
}

void DynamicTree::insertLeaf(std::int32_t leaf)
{
    if (m_root == kNullNode)
    {
        m_root = leaf;
        m_nodes[toIndex(leaf)].parent = kNullNode;
        return;
    }

    // Find the sibling whose pairing with the leaf adds the least total perimeter. Every
    // ancestor of the chosen sibling grows to hold the leaf; that growth is the inherited cost.
    const Aabb leafAabb = m_nodes[toIndex(leaf)].aabb;
    std::int32_t index = m_root;
    while (!m_nodes[toIndex(index)].isLeaf())
    {
        const TreeNode& node = m_nodes[toIndex(index)];
        const float area = perimeter(node.aabb);
        const float combinedArea = perimeter(merge(node.aabb, leafAabb));

        // Cost of making a new parent for this node and the leaf.
        const float cost = 2.0f * combinedArea;
        // Minimum cost pushed onto every node below this one.
        const float inheritance = 2.0f * (combinedArea - area);

        const auto descendCost = [&](std::int32_t childId)
        {
            const TreeNode& child = m_nodes[toIndex(childId)];
            const float enlarged = perimeter(merge(leafAabb, child.aabb));
            if (child.isLeaf())
            {
                return enlarged + inheritance;
            }
            // Descending into an internal child creates a parent somewhere below it, so only the
            // child's growth is a lower bound on the cost of going that way.
            return enlarged - perimeter(child.aabb) + inheritance;
        };
        const float cost1 = descendCost(node.child1);
        const float cost2 = descendCost(node.child2);

        if (cost < cost1 && cost < cost2)
        {
            break;
        }
        index = cost1 <= cost2 ? node.child1 : node.child2;
    }
    const std::int32_t sibling = index;

    // The allocation may grow the pool, so no node references are held across it.
    const std::int32_t newParent = allocateNode();
    const std::int32_t oldParent = m_nodes[toIndex(sibling)].parent;
    {
        TreeNode& parent = m_nodes[toIndex(newParent)];
        parent.parent = oldParent;
        parent.aabb = merge(leafAabb, m_nodes[toIndex(sibling)].aabb);
        parent.height = m_nodes[toIndex(sibling)].height + 1;
        parent.child1 = sibling;
        parent.child2 = leaf;
    }
    m_nodes[toIndex(sibling)].parent = newParent;
    m_nodes[toIndex(leaf)].parent = newParent;

    if (oldParent == kNullNode)
    {
        m_root = newParent;
    }
    else
    {
        TreeNode& grand = m_nodes[toIndex(oldParent)];
        if (grand.child1 == sibling)
        {
            grand.child1 = newParent;
        }
        else
        {
            grand.child2 = newParent;
        }
    }

    refitAncestors(newParent);
}

void DynamicTree::removeLeaf(std::int32_t leaf)
{
    if (leaf == m_root)
    {
        m_root = kNullNode;
        return;
    }

    const std::int32_t parent = m_nodes[toIndex(leaf)].parent;
    const TreeNode& parentNode = m_nodes[toIndex(parent)];
    const std::int32_t grandParent = parentNode.parent;
    const std::int32_t sibling = parentNode.child1 == leaf ? parentNode.child2 : parentNode.child1;

    m_nodes[toIndex(leaf)].parent = kNullNode;
    m_nodes[toIndex(sibling)].parent = grandParent;
    if (grandParent == kNullNode)
    {
        m_root = sibling;
        freeNode(parent);
        return;
    }

    TreeNode& grand = m_nodes[toIndex(grandParent)];
    if (grand.child1 == parent)
    {
        grand.child1 = sibling;
    }
    else
    {
        grand.child2 = sibling;
    }
    freeNode(parent);
    refitAncestors(grandParent);
}

void DynamicTree::refitAncestors(std::int32_t index)
{
    while (index != kNullNode)
    {
        index = balance(index);
        TreeNode& node = m_nodes[toIndex(index)];
        const TreeNode& child1 = m_nodes[toIndex(node.child1)];
        const TreeNode& child2 = m_nodes[toIndex(node.child2)];
        node.height = 1 + std::max(child1.height, child2.height);
        node.aabb = merge(child1.aabb, child2.aabb);
        index = node.parent;
    }
}

std::int32_t DynamicTree::balance(std::int32_t index)
{
    const TreeNode& node = m_nodes[toIndex(index)];
    if (node.isLeaf() || node.height < 2)
    {
        return index;
    }
    const std::int32_t heightDiff =
        m_nodes[toIndex(node.child2)].height - m_nodes[toIndex(node.child1)].height;
    if (heightDiff > 1)
    {
        return rotateUp(index, node.child2);
    }
    if (heightDiff < -1)
    {
        return rotateUp(index, node.child1);
    }
    return index;
}

std::int32_t DynamicTree::rotateUp(std::int32_t index, std::int32_t up)
{
    // `up` is the taller child (height >= 2, so internal). It takes index's place; index becomes
    // up's first child, up keeps its taller child and hands its shorter one down to index in the
    // slot up used to occupy. That moves the extra height one level up in one step.
    TreeNode& a = m_nodes[toIndex(index)];
    TreeNode& u = m_nodes[toIndex(up)];
    const std::int32_t f = u.child1;
    const std::int32_t g = u.child2;
    const bool fTaller = m_nodes[toIndex(f)].height > m_nodes[toIndex(g)].height;
    const std::int32_t keep = fTaller ? f : g;
    const std::int32_t handDown = fTaller ? g : f;

    u.parent = a.parent;
    if (u.parent == kNullNode)
    {
        m_root = up;
    }
    else
    {
        TreeNode& above = m_nodes[toIndex(u.parent)];
        if (above.child1 == index)
        {
            above.child1 = up;
        }
        else
        {
            above.child2 = up;
        }
    }
    u.child1 = index;
    u.child2 = keep;
    a.parent = up;

    if (a.child1 == up)
    {
        a.child1 = handDown;
    }
    else
    {
        a.child2 = handDown;
    }
    m_nodes[toIndex(handDown)].parent = index;

    const TreeNode& a1 = m_nodes[toIndex(a.child1)];
    const TreeNode& a2 = m_nodes[toIndex(a.child2)];
    a.aabb = merge(a1.aabb, a2.aabb);
    a.height = 1 + std::max(a1.height, a2.height);

    const TreeNode& kept = m_nodes[toIndex(keep)];
    u.aabb = merge(a.aabb, kept.aabb);
    u.height = 1 + std::max(a.height, kept.height);
    return up;
}

std::int32_t DynamicTree::height() const
{
    return m_root == kNullNode ? 0 : m_nodes[toIndex(m_root)].height;
}

bool DynamicTree::validate() const
{
    const auto valid = [this](std::int32_t id) { return 0 <= id && toIndex(id) < m_nodes.size(); };

    // Every slot must be either reachable from the root or on the free list, exactly once.
    std::vector<char> seen(m_nodes.size(), 0);
    std::int32_t reachable = 0;
    std::int32_t leaves = 0;

    if (m_root != kNullNode)
    {
        if (!valid(m_root) || m_nodes[toIndex(m_root)].parent != kNullNode)
        {
            return false;
        }
        std::vector<std::int32_t> pending{m_root};
        while (!pending.empty())
        {
            const std::int32_t id = pending.back();
            pending.pop_back();
            if (seen[toIndex(id)] != 0)
            {
                return false;
            }
            seen[toIndex(id)] = 1;
            ++reachable;

            const TreeNode& node = m_nodes[toIndex(id)];
            if (node.isLeaf())
            {
                if (node.child2 != kNullNode || node.height != 0)
                {
                    return false;
                }
                ++leaves;
                continue;
            }
            if (!valid(node.child1) || !valid(node.child2) || node.child1 == node.child2)
            {
                return false;
            }
            const TreeNode& child1 = m_nodes[toIndex(node.child1)];
            const TreeNode& child2 = m_nodes[toIndex(node.child2)];
            if (child1.parent != id || child2.parent != id)
            {
                return false;
            }
            if (node.height != 1 + std::max(child1.height, child2.height))
            {
                return false;
            }
            if (!contains(node.aabb, child1.aabb) || !contains(node.aabb, child2.aabb))
            {
                return false;
            }
            pending.push_back(node.child1);
            pending.push_back(node.child2);
        }
    }

    std::int32_t freeCount = 0;
    for (std::int32_t id = m_freeList; id != kNullNode; id = m_nodes[toIndex(id)].parent)
    {
        if (!valid(id) || seen[toIndex(id)] != 0 || m_nodes[toIndex(id)].height != -1)
        {
            return false;
        }
        seen[toIndex(id)] = 1;
        ++freeCount;
    }

    return leaves == m_proxyCount && toIndex(reachable + freeCount) == m_nodes.size();
}

} // namespace oblique::detail
