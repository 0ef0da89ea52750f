#pragma once
// Internal: a dynamic bounding-volume tree of fattened AABBs. The broadphase keeps one proxy per
// shape in it; it finds candidate pairs and answers region and ray queries in O(log n).

#include "oblique/aabb.hpp"
#include "oblique/vec2.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace oblique::detail
{

// Whether two fat boxes share more than their edges, the broadphase's test for a pair. Boxes that
// only touch are taken as boxes a hair apart, which are no pair either: a grid of 0.8 m balls 1 m
// apart (Box2D v3's joint grid) has every diagonal neighbour's fat box touching at a corner, and
// paired, the narrow phase looked at 18,810 pairs of balls 0.61 m apart every step.
constexpr bool overlapsWithin(const Aabb& a, const Aabb& b)
{
    return a.lower.x < b.upper.x && b.lower.x < a.upper.x && a.lower.y < b.upper.y && b.lower.y < a.upper.y;
}

inline constexpr std::int32_t kNullNode = -1;

struct TreeNode
{
    Aabb aabb;                       // fattened for leaves, union of children for internal nodes
    std::int32_t parent = kNullNode; // also the next free node while on the free list
    std::int32_t child1 = kNullNode;
    std::int32_t child2 = kNullNode;
    std::int32_t height = -1;   // 0 for leaves, -1 for free nodes
    std::uint32_t userData = 0; // the proxy's owner (a body index), leaves only
    bool moved = false;         // leaf re-fattened since the flag was last cleared
    bool enlarged = false;      // inner node on the path from the root to a re-fattened leaf

    bool isLeaf() const { return child1 == kNullNode; }
};

// A segment to test against proxies: p1 + t * (p2 - p1), t in [0, maxFraction].
struct TreeRayInput
{
    Vec2 p1;
    Vec2 p2;
    float maxFraction = 1.0f;
};

class DynamicTree
{
public:
    // Inserts a leaf for aabb, stored fattened by margin on every side. Returns the proxy id,
    // stable until destroyProxy. Marks the proxy moved.
    std::int32_t createProxy(const Aabb& aabb, float margin, std::uint32_t userData);
    void destroyProxy(std::int32_t proxyId);

    // Gives the proxy a new fat AABB when aabb has left its current one (or the current one has
    // become far too large): aabb fattened by margin and stretched along displacement *
    // multiplier, so a body moving steadily does not need a new box every step. The leaf stays
    // where it is and its ancestors grow to hold the new box; rebuild() later puts it in its
    // place. Returns true, and marks the proxy moved, when the box changed.
    bool moveProxy(std::int32_t proxyId, const Aabb& aabb, float margin, Vec2 displacement);
    // Whether moveProxy would give the proxy a new box. Reads the tree alone, so several threads
    // may ask at once while nothing moves a proxy.
    bool needsMove(std::int32_t proxyId, const Aabb& aabb, float margin, Vec2 displacement) const;

    // Rebuilds the part of the tree that moveProxy has enlarged since the last call (the paths
    // from the root to the moved leaves), top-down by a binned surface-area split over the leaves
    // and the untouched subtrees hanging off those paths. Many small re-insertions each placed
    // greedily leave a tree whose boxes overlap more and more as bodies move; a rebuild keeps
    // queries near log n however many proxies moved. Allocates nothing once the scratch arrays
    // have grown.
    void rebuild();

    const Aabb& fatAabb(std::int32_t proxyId) const
    {
        return m_nodes[static_cast<std::size_t>(proxyId)].aabb;
    }
    std::uint32_t userData(std::int32_t proxyId) const
    {
        return m_nodes[static_cast<std::size_t>(proxyId)].userData;
    }
    bool wasMoved(std::int32_t proxyId) const { return m_nodes[static_cast<std::size_t>(proxyId)].moved; }
    void clearMoved(std::int32_t proxyId) { m_nodes[static_cast<std::size_t>(proxyId)].moved = false; }

    // Calls callback(proxyId) for each leaf whose fat AABB overlaps aabb, in a deterministic
    // order; the callback returns false to stop the query. The traversal stack is the thread's
    // own (traversalStack), so queries on a const tree may run from several threads at once.
    template <typename Callback>
    void query(const Aabb& aabb, Callback&& callback) const;

    // Calls callback(input, proxyId) for each leaf whose fat AABB the segment may cross. The
    // callback returns the new maxFraction: 0 stops the cast, a value < current clips the
    // segment, the current value (input.maxFraction) continues unchanged, and a negative value
    // ignores the proxy.
    template <typename Callback>
    void rayCast(const TreeRayInput& input, Callback&& callback) const;

    std::int32_t root() const { return m_root; }
    const std::vector<TreeNode>& nodes() const { return m_nodes; }
    std::int32_t height() const;
    std::int32_t proxyCount() const { return m_proxyCount; }
    // Checks structure and bounds; for tests. Returns false on any inconsistency.
    bool validate() const;

    // Saves or restores the whole tree, fat bounds and free list included (snapshot.cpp).
    template <class Io, class Tree>
    friend void transferTree(Io& io, Tree& tree);

private:
    std::int32_t allocateNode();
    void freeNode(std::int32_t node);
    void insertLeaf(std::int32_t leaf);
    void removeLeaf(std::int32_t leaf);
    // Walks from index to the root, rebalancing and refitting heights and bounds on the way.
    void refitAncestors(std::int32_t index);
    std::int32_t balance(std::int32_t node);
    std::int32_t rotateUp(std::int32_t index, std::int32_t up);
    // Sets a leaf's fat box and grows its ancestors to hold it, flagging them enlarged.
    void enlargeLeaf(std::int32_t leaf, const Aabb& fat);
    // Builds a subtree over m_buildItems (leaves and whole subtrees) and returns its root.
    std::int32_t buildSubtree();
    // Splits m_buildItems[begin, end) in two by the cheapest of a few binned cuts along the
    // longer axis of the items' centres; returns the index where the second part begins.
    std::size_t partitionItems(std::size_t begin, std::size_t end);

    std::vector<TreeNode> m_nodes;
    std::int32_t m_root = kNullNode;
    std::int32_t m_freeList = kNullNode;
    std::int32_t m_proxyCount = 0;

    // Scratch for rebuild(), kept so that a warm rebuild allocates nothing. Items carry their
    // boxes and centres so the splits read contiguous memory, not scattered nodes.
    struct BuildItem
    {
        Aabb box;
        Vec2 centre;
        std::int32_t node = kNullNode;
    };
    struct BuildRange
    {
        std::size_t begin = 0;
        std::size_t end = 0;
        std::int32_t node = kNullNode;
    };
    std::vector<BuildItem> m_buildItems;
    std::vector<BuildRange> m_buildRanges;
    std::vector<std::int32_t> m_buildOrder;
};

// The nodes still to visit, shared by the traversals of one thread: each keeps to the part above
// where the stack stood when it began, so a callback may query the tree again, and queries on a
// const tree may run from several threads at once. It grows to the deepest walk and then stays,
// so a warm traversal allocates nothing.
inline std::vector<std::int32_t>& traversalStack()
{
    thread_local std::vector<std::int32_t> stack;
    return stack;
}

template <typename Callback>
void DynamicTree::query(const Aabb& aabb, Callback&& callback) const
{
    std::vector<std::int32_t>& stack = traversalStack();
    const std::size_t base = stack.size();
    if (m_root != kNullNode)
    {
        stack.push_back(m_root);
    }
    while (stack.size() > base)
    {
        const std::int32_t id = stack.back();
        stack.pop_back();
        const TreeNode& node = m_nodes[static_cast<std::size_t>(id)];
        if (!overlaps(node.aabb, aabb))
        {
            continue;
        }
        if (node.isLeaf())
        {
            if (!callback(id))
            {
                stack.resize(base);
                return;
            }
            continue;
        }
        // Pushed second so child1's subtree is visited first.
        stack.push_back(node.child2);
        stack.push_back(node.child1);
    }
}

template <typename Callback>
void DynamicTree::rayCast(const TreeRayInput& input, Callback&& callback) const
{
    const Vec2 p1 = input.p1;
    const Vec2 p2 = input.p2;
    const Vec2 dir = normalize(p2 - p1);
    // The segment's only non-axis separating direction. A zero-length segment gives a zero axis,
    // which never separates, leaving the box test alone: a point query.
    const Vec2 axis = perp(dir);
    const Vec2 absAxis = abs(axis);

    float maxFraction = input.maxFraction;
    const auto segmentBounds = [&]()
    {
        const Vec2 end = p1 + maxFraction * (p2 - p1);
        return Aabb{min(p1, end), max(p1, end)};
    };
    Aabb bounds = segmentBounds();

    std::vector<std::int32_t>& stack = traversalStack();
    const std::size_t base = stack.size();
    if (m_root != kNullNode)
    {
        stack.push_back(m_root);
    }
    while (stack.size() > base)
    {
        const std::int32_t id = stack.back();
        stack.pop_back();
        const TreeNode& node = m_nodes[static_cast<std::size_t>(id)];
        if (!overlaps(node.aabb, bounds))
        {
            continue;
        }
        const Vec2 c = center(node.aabb);
        const Vec2 h = halfExtents(node.aabb);
        if (std::abs(dot(axis, c - p1)) - dot(absAxis, h) > 0.0f)
        {
            continue;
        }

        if (node.isLeaf())
        {
            const TreeRayInput subInput{p1, p2, maxFraction};
            const float value = callback(subInput, id);
            if (value == 0.0f)
            {
                stack.resize(base);
                return;
            }
            // Only shrinking is honoured: a larger value must not bring back boxes that an
            // earlier, closer hit has already ruled out.
            if (value > 0.0f && value < maxFraction)
            {
                maxFraction = value;
                bounds = segmentBounds();
            }
            continue;
        }
        stack.push_back(node.child2);
        stack.push_back(node.child1);
    }
}

} // namespace oblique::detail
