#include "dynamic_tree.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <cstddef>
#include <limits>

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
// Cuts tried per split in rebuild(): enough to find a good one, few enough to stay cheap.
constexpr int kBins = 16;

// Ranges of at most this many items are cut at their median centre along the longer side instead:
// binning them costs more than the better cut saves a query (the tumbler's tree, rebuilt most of
// the way each step, spent a tenth of the step binning).
constexpr std::size_t kMedianCutItems = 32;

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

namespace
{

// The fat box moveProxy gives: aabb fattened by margin and stretched ahead along displacement.
Aabb stretchedFatBox(const Aabb& aabb, float margin, Vec2 displacement)
{
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
    return fat;
}

} // namespace

bool DynamicTree::needsMove(std::int32_t proxyId, const Aabb& aabb, float margin, Vec2 displacement) const
{
    assert(0 <= proxyId && toIndex(proxyId) < m_nodes.size());
    assert(m_nodes[toIndex(proxyId)].height == 0);

    // Where the shape will reach if it keeps its velocity through the next step. The current box
    // must hold all of it, so that when pairs are next found the shape is paired with whatever it
    // can meet in that step: continuous collision's look-ahead works on those pairs.
    Aabb reach = aabb;
    reach.lower = min(aabb.lower, aabb.lower + displacement);
    reach.upper = max(aabb.upper, aabb.upper + displacement);
    const Aabb& current = m_nodes[toIndex(proxyId)].aabb;
    if (!contains(current, reach))
    {
        return true;
    }
    // Still covered. Keep it unless it is oversized, e.g. stretched by a past fast motion that
    // has since stopped; an oversized box produces needless candidate pairs. Judged by size
    // against the box it would get now, stretch included, so a body moving steadily at any speed
    // keeps its box until its reach leaves it.
    const Aabb fat = stretchedFatBox(aabb, margin, displacement);
    const Vec2 largest = (fat.upper - fat.lower) +
                         Vec2{2.0f * kLargeMarginFactor * margin, 2.0f * kLargeMarginFactor * margin};
    const Vec2 size = current.upper - current.lower;
    return !(size.x <= largest.x && size.y <= largest.y);
}

bool DynamicTree::moveProxy(std::int32_t proxyId, const Aabb& aabb, float margin, Vec2 displacement)
{
    if (!needsMove(proxyId, aabb, margin, displacement))
    {
        return false;
    }
    enlargeLeaf(proxyId, stretchedFatBox(aabb, margin, displacement));
    m_nodes[toIndex(proxyId)].moved = true;
    return true;
}

void DynamicTree::enlargeLeaf(std::int32_t leaf, const Aabb& fat)
{
    m_nodes[toIndex(leaf)].aabb = fat;
    // Every ancestor already holds its descendants' boxes, so once one holds the new box and is
    // flagged, all above it hold it and are flagged too.
    for (std::int32_t index = m_nodes[toIndex(leaf)].parent; index != kNullNode;)
    {
        TreeNode& node = m_nodes[toIndex(index)];
        const bool holds = contains(node.aabb, fat);
        if (holds && node.enlarged)
        {
            break;
        }
        if (!holds)
        {
            node.aabb = merge(node.aabb, fat);
        }
        node.enlarged = true;
        index = node.parent;
    }
}

void DynamicTree::rebuild()
{
    if (m_root == kNullNode || !m_nodes[toIndex(m_root)].enlarged)
    {
        return;
    }
    // Take apart the enlarged inner nodes, keeping what hangs off them (leaves and subtrees no
    // moved leaf reached) as the items to build over. The freed nodes are exactly the ones the
    // build takes again: k items need k - 1 inner nodes.
    m_buildItems.clear();
    std::vector<std::int32_t>& stack = traversalStack();
    const std::size_t base = stack.size();
    stack.push_back(m_root);
    while (stack.size() > base)
    {
        const std::int32_t id = stack.back();
        stack.pop_back();
        const TreeNode& node = m_nodes[toIndex(id)];
        if (node.isLeaf() || !node.enlarged)
        {
            m_buildItems.push_back({node.aabb, center(node.aabb), id});
            continue;
        }
        stack.push_back(node.child2);
        stack.push_back(node.child1);
        freeNode(id);
    }
    m_root = buildSubtree();
    m_nodes[toIndex(m_root)].parent = kNullNode;
}

std::int32_t DynamicTree::buildSubtree()
{
    if (m_buildItems.size() == 1)
    {
        return m_buildItems.front().node;
    }
    // Top-down in preorder, so every inner node is made before its children; bounds and heights
    // are then filled in reverse order, children first.
    m_buildOrder.clear();
    m_buildRanges.clear();
    const std::int32_t root = allocateNode();
    m_buildRanges.push_back({0, m_buildItems.size(), root});
    while (!m_buildRanges.empty())
    {
        const BuildRange range = m_buildRanges.back();
        m_buildRanges.pop_back();
        m_buildOrder.push_back(range.node);
        const std::size_t split = partitionItems(range.begin, range.end);
        const auto child = [&](std::size_t begin, std::size_t end)
        {
            if (end - begin == 1)
            {
                return m_buildItems[begin].node;
            }
            const std::int32_t inner = allocateNode();
            m_buildRanges.push_back({begin, end, inner});
            return inner;
        };
        const std::int32_t child1 = child(range.begin, split);
        const std::int32_t child2 = child(split, range.end);
        TreeNode& node = m_nodes[toIndex(range.node)];
        node.child1 = child1;
        node.child2 = child2;
        m_nodes[toIndex(child1)].parent = range.node;
        m_nodes[toIndex(child2)].parent = range.node;
    }
    for (auto it = m_buildOrder.rbegin(); it != m_buildOrder.rend(); ++it)
    {
        TreeNode& node = m_nodes[toIndex(*it)];
        const TreeNode& child1 = m_nodes[toIndex(node.child1)];
        const TreeNode& child2 = m_nodes[toIndex(node.child2)];
        node.aabb = merge(child1.aabb, child2.aabb);
        node.height = 1 + std::max(child1.height, child2.height);
    }
    return root;
}

std::size_t DynamicTree::partitionItems(std::size_t begin, std::size_t end)
{
    const auto first = m_buildItems.begin() + static_cast<std::ptrdiff_t>(begin);
    const auto last = m_buildItems.begin() + static_cast<std::ptrdiff_t>(end);
    const std::size_t half = begin + (end - begin) / 2;
    if (end - begin == 2)
    {
        return half;
    }

    Aabb centres{first->centre, first->centre};
    for (auto it = first; it != last; ++it)
    {
        centres = merge(centres, Aabb{it->centre, it->centre});
    }
    const Vec2 extent = centres.upper - centres.lower;
    const bool alongX = extent.x >= extent.y;
    if (end - begin <= kMedianCutItems)
    {
        // A centre that is not a number sorts first, so the order stays strict.
        const auto along = [alongX](const BuildItem& item)
        {
            const float v = alongX ? item.centre.x : item.centre.y;
            return std::isnan(v) ? -std::numeric_limits<float>::infinity() : v;
        };
        std::nth_element(first, m_buildItems.begin() + static_cast<std::ptrdiff_t>(half), last,
                         [&along](const BuildItem& a, const BuildItem& b) { return along(a) < along(b); });
        return half;
    }
    const float lowest = alongX ? centres.lower.x : centres.lower.y;
    const float span = alongX ? extent.x : extent.y;
    const float toBin = static_cast<float>(kBins) / span;
    if (!(span > 0.0f) || !(toBin > 0.0f) || !std::isfinite(toBin))
    {
        // Every centre in one place, or boxes so far out (a body flung to infinity) that their
        // centres do not compare: no cut separates them, so halve the range.
        return half;
    }
    const auto binOf = [&](const BuildItem& item)
    {
        const float scaled = ((alongX ? item.centre.x : item.centre.y) - lowest) * toBin;
        // Written so that a centre that is not a number goes to the first bin.
        if (!(scaled > 0.0f))
        {
            return 0;
        }
        return scaled < static_cast<float>(kBins - 1) ? static_cast<int>(scaled) : kBins - 1;
    };

    std::array<Aabb, kBins> boxes{};
    std::array<int, kBins> counts{};
    for (auto it = first; it != last; ++it)
    {
        const int bin = binOf(*it);
        const Aabb& box = it->box;
        boxes[static_cast<std::size_t>(bin)] = counts[static_cast<std::size_t>(bin)] == 0
                                                   ? box
                                                   : merge(boxes[static_cast<std::size_t>(bin)], box);
        ++counts[static_cast<std::size_t>(bin)];
    }

    // The cost of cutting after bin i: each side's perimeter times its item count, the expected
    // work of a query reaching that side.
    std::array<float, kBins> rightCost{};
    Aabb right{};
    int rightCount = 0;
    for (int i = kBins - 1; i > 0; --i)
    {
        const std::size_t b = static_cast<std::size_t>(i);
        if (counts[b] > 0)
        {
            right = rightCount == 0 ? boxes[b] : merge(right, boxes[b]);
            rightCount += counts[b];
        }
        rightCost[b - 1] = rightCount == 0 ? 0.0f : static_cast<float>(rightCount) * perimeter(right);
    }
    int bestCut = -1;
    float bestCost = 0.0f;
    Aabb left{};
    int leftCount = 0;
    const int total = static_cast<int>(end - begin);
    for (int i = 0; i < kBins - 1; ++i)
    {
        const std::size_t b = static_cast<std::size_t>(i);
        if (counts[b] > 0)
        {
            left = leftCount == 0 ? boxes[b] : merge(left, boxes[b]);
            leftCount += counts[b];
        }
        if (leftCount == 0 || leftCount == total)
        {
            continue;
        }
        const float cost = static_cast<float>(leftCount) * perimeter(left) + rightCost[b];
        if (bestCut < 0 || cost < bestCost)
        {
            bestCut = i;
            bestCost = cost;
        }
    }
    if (bestCut < 0)
    {
        return half;
    }
    const auto middle =
        std::partition(first, last, [&](const BuildItem& item) { return binOf(item) <= bestCut; });
    return static_cast<std::size_t>(middle - m_buildItems.begin());
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
