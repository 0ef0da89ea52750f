#include "dynamic_tree.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <gtest/gtest.h>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace oblique::detail
{
namespace
{

// A small self-contained generator so the worlds are identical on every standard library.
class Rng
{
public:
    explicit Rng(std::uint64_t seed) : m_state(seed) {}

    std::uint64_t next()
    {
        m_state += 0x9e3779b97f4a7c15ULL;
        std::uint64_t z = m_state;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    float uniform(float lo, float hi)
    {
        const float unit = static_cast<float>(next() >> 40) / static_cast<float>(1ULL << 24);
        return lo + (hi - lo) * unit;
    }
    std::size_t index(std::size_t count) { return static_cast<std::size_t>(next() % count); }

private:
    std::uint64_t m_state;
};

constexpr float kMargin = 0.1f;
constexpr float kWorld = 200.0f;

Aabb randomBox(Rng& rng, float world = kWorld)
{
    const Vec2 c{rng.uniform(0.0f, world), rng.uniform(0.0f, world)};
    const Vec2 h{rng.uniform(0.05f, 1.5f), rng.uniform(0.05f, 1.5f)};
    return makeAabb(c, h);
}

float heightBound(std::int32_t count)
{
    return 2.5f * std::log2(static_cast<float>(count)) + 2.0f;
}

// The live proxies of a tree, tracked alongside it by the tests.
struct World
{
    DynamicTree tree;
    std::vector<std::int32_t> ids;
    std::vector<Aabb> tight; // indexed like ids
};

World makeWorld(std::uint64_t seed, std::size_t count)
{
    World world;
    Rng rng(seed);
    for (std::size_t i = 0; i < count; ++i)
    {
        const Aabb box = randomBox(rng);
        world.ids.push_back(world.tree.createProxy(box, kMargin, static_cast<std::uint32_t>(i)));
        world.tight.push_back(box);
    }
    return world;
}

std::vector<std::int32_t> treeQuery(const DynamicTree& tree, const Aabb& box)
{
    std::vector<std::int32_t> found;
    tree.query(box,
               [&](std::int32_t id)
               {
                   found.push_back(id);
                   return true;
               });
    return found;
}

std::vector<std::int32_t> bruteQuery(const World& world, const Aabb& box)
{
    std::vector<std::int32_t> found;
    for (const std::int32_t id : world.ids)
    {
        if (overlaps(world.tree.fatAabb(id), box))
        {
            found.push_back(id);
        }
    }
    return found;
}

void expectSameSet(std::vector<std::int32_t> a, std::vector<std::int32_t> b)
{
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    EXPECT_EQ(a, b);
}

// Slab test of the segment p1 + t (p2 - p1), t in [0, maxFraction], against box: the entry
// fraction when they meet.
std::optional<float> segmentEntry(Vec2 p1, Vec2 p2, float maxFraction, const Aabb& box)
{
    const Vec2 d = p2 - p1;
    const float start[2] = {p1.x, p1.y};
    const float dir[2] = {d.x, d.y};
    const float lo[2] = {box.lower.x, box.lower.y};
    const float hi[2] = {box.upper.x, box.upper.y};
    float tMin = 0.0f;
    float tMax = maxFraction;
    for (int i = 0; i < 2; ++i)
    {
        if (dir[i] == 0.0f)
        {
            if (start[i] < lo[i] || start[i] > hi[i])
            {
                return std::nullopt;
            }
            continue;
        }
        float t1 = (lo[i] - start[i]) / dir[i];
        float t2 = (hi[i] - start[i]) / dir[i];
        if (t1 > t2)
        {
            std::swap(t1, t2);
        }
        tMin = std::max(tMin, t1);
        tMax = std::min(tMax, t2);
        if (tMin > tMax)
        {
            return std::nullopt;
        }
    }
    return tMin;
}

TreeRayInput randomRay(Rng& rng)
{
    TreeRayInput ray;
    ray.p1 = {rng.uniform(-10.0f, kWorld + 10.0f), rng.uniform(-10.0f, kWorld + 10.0f)};
    ray.p2 = {rng.uniform(-10.0f, kWorld + 10.0f), rng.uniform(-10.0f, kWorld + 10.0f)};
    ray.maxFraction = rng.index(4) == 0 ? rng.uniform(0.1f, 1.0f) : 1.0f;
    return ray;
}

bool sameNodes(const DynamicTree& a, const DynamicTree& b)
{
    if (a.root() != b.root() || a.proxyCount() != b.proxyCount() || a.nodes().size() != b.nodes().size())
    {
        return false;
    }
    for (std::size_t i = 0; i < a.nodes().size(); ++i)
    {
        const TreeNode& x = a.nodes()[i];
        const TreeNode& y = b.nodes()[i];
        // Bitwise, so that even the sign of a zero would count as a difference.
        const bool sameBox = std::memcmp(&x.aabb, &y.aabb, sizeof(Aabb)) == 0;
        if (!sameBox || x.parent != y.parent || x.child1 != y.child1 || x.child2 != y.child2 ||
            x.height != y.height || x.userData != y.userData || x.moved != y.moved ||
            x.enlarged != y.enlarged)
        {
            return false;
        }
    }
    return true;
}

// Box2D's measure of a tree's quality: the perimeters of the inner nodes below the root, over
// the root's. Lower means boxes that hug their children, so queries visit fewer nodes.
float areaRatio(const DynamicTree& tree)
{
    float inner = 0.0f;
    for (std::size_t i = 0; i < tree.nodes().size(); ++i)
    {
        const TreeNode& node = tree.nodes()[i];
        if (node.height > 0 && static_cast<std::int32_t>(i) != tree.root())
        {
            inner += perimeter(node.aabb);
        }
    }
    return inner / perimeter(tree.nodes()[static_cast<std::size_t>(tree.root())].aabb);
}

bool anyEnlarged(const DynamicTree& tree)
{
    return std::any_of(tree.nodes().begin(), tree.nodes().end(),
                       [](const TreeNode& n) { return n.enlarged; });
}

// Moves every proxy of the world by a random step, a tenth of them far across the world.
void moveAll(World& world, Rng& rng)
{
    for (std::size_t i = 0; i < world.ids.size(); ++i)
    {
        Vec2 step{rng.uniform(-0.3f, 0.3f), rng.uniform(-0.3f, 0.3f)};
        if (rng.index(10) == 0)
        {
            step = {rng.uniform(-60.0f, 60.0f), rng.uniform(-60.0f, 60.0f)};
        }
        world.tight[i].lower += step;
        world.tight[i].upper += step;
        world.tree.moveProxy(world.ids[i], world.tight[i], kMargin, step);
    }
}

// Rounds of moving every proxy, the enlarged part of the tree rebuilt after each.
void moveAndRebuild(World& world, Rng& rng, int rounds)
{
    for (int round = 0; round < rounds; ++round)
    {
        moveAll(world, rng);
        world.tree.rebuild();
    }
}

TEST(DynamicTree, EmptyTreeAnswersNothing)
{
    DynamicTree tree;
    EXPECT_TRUE(tree.validate());
    EXPECT_EQ(tree.height(), 0);
    EXPECT_EQ(tree.proxyCount(), 0);
    EXPECT_EQ(tree.root(), kNullNode);

    int calls = 0;
    tree.query(makeAabb({0.0f, 0.0f}, {1e6f, 1e6f}),
               [&](std::int32_t)
               {
                   ++calls;
                   return true;
               });
    tree.rayCast({{-1.0f, 0.0f}, {1.0f, 0.0f}, 1.0f},
                 [&](const TreeRayInput& input, std::int32_t)
                 {
                     ++calls;
                     return input.maxFraction;
                 });
    EXPECT_EQ(calls, 0);
}

TEST(DynamicTree, SingleProxyIsFattenedAndFlaggedMoved)
{
    DynamicTree tree;
    const Aabb box{{1.0f, 2.0f}, {3.0f, 5.0f}};
    const std::int32_t id = tree.createProxy(box, 0.25f, 42u);
    EXPECT_TRUE(tree.validate());
    EXPECT_EQ(tree.root(), id);
    EXPECT_EQ(tree.height(), 0);
    EXPECT_EQ(tree.userData(id), 42u);
    EXPECT_TRUE(tree.wasMoved(id));
    tree.clearMoved(id);
    EXPECT_FALSE(tree.wasMoved(id));

    const Aabb fat = tree.fatAabb(id);
    EXPECT_FLOAT_EQ(fat.lower.x, 0.75f);
    EXPECT_FLOAT_EQ(fat.lower.y, 1.75f);
    EXPECT_FLOAT_EQ(fat.upper.x, 3.25f);
    EXPECT_FLOAT_EQ(fat.upper.y, 5.25f);

    tree.destroyProxy(id);
    EXPECT_TRUE(tree.validate());
    EXPECT_EQ(tree.root(), kNullNode);
    EXPECT_EQ(tree.proxyCount(), 0);
}

TEST(DynamicTree, QueryMatchesBruteForce)
{
    const World world = makeWorld(1234u, 3000);
    ASSERT_TRUE(world.tree.validate());
    ASSERT_EQ(world.tree.proxyCount(), 3000);

    Rng rng(99u);
    std::size_t totalHits = 0;
    for (int q = 0; q < 500; ++q)
    {
        const Vec2 c{rng.uniform(-5.0f, kWorld + 5.0f), rng.uniform(-5.0f, kWorld + 5.0f)};
        const Vec2 h{rng.uniform(0.0f, 15.0f), rng.uniform(0.0f, 15.0f)};
        const Aabb box = makeAabb(c, h);
        const std::vector<std::int32_t> found = treeQuery(world.tree, box);
        totalHits += found.size();
        expectSameSet(found, bruteQuery(world, box));
    }
    // The comparison must not be vacuous.
    EXPECT_GT(totalHits, 1000u);
}

TEST(DynamicTree, QueryStopsWhenCallbackReturnsFalse)
{
    const World world = makeWorld(5u, 500);
    int calls = 0;
    world.tree.query(makeAabb({100.0f, 100.0f}, {200.0f, 200.0f}),
                     [&](std::int32_t)
                     {
                         ++calls;
                         return false;
                     });
    EXPECT_EQ(calls, 1);
}

TEST(DynamicTree, RandomInsertionsStayShallow)
{
    for (const std::uint64_t seed : {1u, 2u, 3u})
    {
        const World world = makeWorld(seed, 4000);
        ASSERT_TRUE(world.tree.validate());
        const std::int32_t height = world.tree.height();
        RecordProperty("random_height_seed" + std::to_string(seed), height);
        std::printf("random insert, 4000 proxies, seed %u: height %d\n", static_cast<unsigned>(seed),
                    static_cast<int>(height));
        EXPECT_LE(static_cast<float>(height), heightBound(4000));
        EXPECT_GE(height, 12); // log2(4000) rounded up: a binary tree cannot be shallower
    }
}

TEST(DynamicTree, SortedInsertionsStayBalanced)
{
    // A row and a diagonal of boxes inserted in order: the worst case for an unbalanced tree,
    // which would degenerate into a list of height ~1000.
    for (const bool diagonal : {false, true})
    {
        DynamicTree tree;
        for (int i = 0; i < 1000; ++i)
        {
            const float x = static_cast<float>(i);
            const Vec2 c{x, diagonal ? x : 0.0f};
            tree.createProxy(makeAabb(c, {0.4f, 0.4f}), kMargin, static_cast<std::uint32_t>(i));
        }
        ASSERT_TRUE(tree.validate());
        std::printf("sorted insert (%s), 1000 proxies: height %d\n", diagonal ? "diagonal" : "row",
                    static_cast<int>(tree.height()));
        EXPECT_LE(static_cast<float>(tree.height()), heightBound(1000));
    }
}

TEST(DynamicTree, RandomMovesAndDestroysKeepTreeValid)
{
    World world = makeWorld(77u, 2500);
    Rng rng(78u);
    std::uint32_t nextUser = 2500;
    std::int32_t maxHeight = 0;
    int moved = 0;
    int kept = 0;

    for (int round = 0; round < 20; ++round)
    {
        for (std::size_t i = 0; i < world.ids.size(); ++i)
        {
            // Mostly small steps that the fat box absorbs, sometimes a jump across the world.
            Vec2 step{rng.uniform(-0.05f, 0.05f), rng.uniform(-0.05f, 0.05f)};
            if (rng.index(10) == 0)
            {
                step = {rng.uniform(-20.0f, 20.0f), rng.uniform(-20.0f, 20.0f)};
            }
            world.tight[i].lower += step;
            world.tight[i].upper += step;
            if (world.tree.moveProxy(world.ids[i], world.tight[i], kMargin, step))
            {
                ++moved;
            }
            else
            {
                ++kept;
            }
            // Whatever happened, the fat box still covers the tight box.
            ASSERT_TRUE(contains(world.tree.fatAabb(world.ids[i]), world.tight[i]));
        }
        // Every other round destroys and creates proxies in a tree the moves have enlarged but
        // not yet rebuilt; the world never does, but the tree must stay sound either way.
        if (round % 2 == 0)
        {
            world.tree.rebuild();
        }

        // Destroy a few percent (swap-remove keeps the bookkeeping arrays aligned) and add some.
        for (int k = 0; k < 100; ++k)
        {
            const std::size_t victim = rng.index(world.ids.size());
            world.tree.destroyProxy(world.ids[victim]);
            world.ids[victim] = world.ids.back();
            world.tight[victim] = world.tight.back();
            world.ids.pop_back();
            world.tight.pop_back();
        }
        for (int k = 0; k < 60; ++k)
        {
            const Aabb box = randomBox(rng);
            world.ids.push_back(world.tree.createProxy(box, kMargin, nextUser++));
            world.tight.push_back(box);
        }

        ASSERT_TRUE(world.tree.validate()) << "round " << round;
        ASSERT_EQ(world.tree.proxyCount(), static_cast<std::int32_t>(world.ids.size()));
        maxHeight = std::max(maxHeight, world.tree.height());
        EXPECT_LE(static_cast<float>(world.tree.height()), heightBound(world.tree.proxyCount()))
            << "round " << round;
    }
    std::printf("moves/destroys: %d re-inserted, %d kept, final proxies %d, max height %d\n", moved, kept,
                static_cast<int>(world.tree.proxyCount()), static_cast<int>(maxHeight));
    EXPECT_GT(moved, 0);
    EXPECT_GT(kept, moved); // small steps must mostly be absorbed by the fat boxes

    for (int q = 0; q < 200; ++q)
    {
        const Aabb box = makeAabb({rng.uniform(-20.0f, kWorld + 20.0f), rng.uniform(-20.0f, kWorld + 20.0f)},
                                  {rng.uniform(0.0f, 20.0f), rng.uniform(0.0f, 20.0f)});
        expectSameSet(treeQuery(world.tree, box), bruteQuery(world, box));
    }
}

TEST(DynamicTree, RayCastVisitsEveryCrossedProxy)
{
    const World world = makeWorld(4242u, 3000);
    Rng rng(4343u);
    constexpr float kSlack = 1e-3f;
    std::size_t totalCrossed = 0;

    for (int r = 0; r < 300; ++r)
    {
        const TreeRayInput ray = randomRay(rng);
        std::vector<std::int32_t> visited;
        world.tree.rayCast(ray,
                           [&](const TreeRayInput& input, std::int32_t id)
                           {
                               EXPECT_EQ(input.maxFraction, ray.maxFraction);
                               visited.push_back(id);
                               return input.maxFraction;
                           });
        std::sort(visited.begin(), visited.end());
        ASSERT_TRUE(std::adjacent_find(visited.begin(), visited.end()) == visited.end());

        for (const std::int32_t id : world.ids)
        {
            const Aabb& fat = world.tree.fatAabb(id);
            const bool surelyCrossed =
                segmentEntry(ray.p1, ray.p2, ray.maxFraction, inflate(fat, -kSlack)).has_value();
            const bool maybeCrossed =
                segmentEntry(ray.p1, ray.p2, ray.maxFraction, inflate(fat, kSlack)).has_value();
            const bool wasVisited = std::binary_search(visited.begin(), visited.end(), id);
            if (surelyCrossed)
            {
                ++totalCrossed;
                EXPECT_TRUE(wasVisited) << "ray " << r << " missed proxy " << id;
            }
            if (!maybeCrossed)
            {
                // The pruning tests are exact for a segment against a box, so nothing else is
                // reported.
                EXPECT_FALSE(wasVisited) << "ray " << r << " reported proxy " << id;
            }
        }
    }
    EXPECT_GT(totalCrossed, 1000u);
}

TEST(DynamicTree, RayCastWithClippingFindsClosestHit)
{
    const World world = makeWorld(808u, 3000);
    Rng rng(909u);
    int hits = 0;
    int clippedCalls = 0;
    int unclippedCalls = 0;

    for (int r = 0; r < 300; ++r)
    {
        const TreeRayInput ray = randomRay(rng);

        std::optional<float> brute;
        for (const std::int32_t id : world.ids)
        {
            const std::optional<float> t =
                segmentEntry(ray.p1, ray.p2, ray.maxFraction, world.tree.fatAabb(id));
            if (t && (!brute || *t < *brute))
            {
                brute = t;
            }
        }
        // Several boxes can share the closest fraction (e.g. 0 when p1 starts inside them).
        std::vector<std::int32_t> bruteIds;
        for (const std::int32_t id : world.ids)
        {
            const std::optional<float> t =
                segmentEntry(ray.p1, ray.p2, ray.maxFraction, world.tree.fatAabb(id));
            if (t && brute && *t == *brute)
            {
                bruteIds.push_back(id);
            }
        }

        std::optional<float> closest;
        std::int32_t closestId = kNullNode;
        world.tree.rayCast(ray,
                           [&](const TreeRayInput& input, std::int32_t id) -> float
                           {
                               ++clippedCalls;
                               EXPECT_LE(input.maxFraction, ray.maxFraction);
                               const std::optional<float> t = segmentEntry(
                                   input.p1, input.p2, input.maxFraction, world.tree.fatAabb(id));
                               if (!t)
                               {
                                   return -1.0f;
                               }
                               if (!closest || *t < *closest)
                               {
                                   closest = t;
                                   closestId = id;
                               }
                               return *t;
                           });
        world.tree.rayCast(ray,
                           [&](const TreeRayInput& input, std::int32_t)
                           {
                               ++unclippedCalls;
                               return input.maxFraction;
                           });

        ASSERT_EQ(closest.has_value(), brute.has_value()) << "ray " << r;
        if (brute)
        {
            ++hits;
            EXPECT_EQ(*closest, *brute) << "ray " << r;
            EXPECT_TRUE(std::find(bruteIds.begin(), bruteIds.end(), closestId) != bruteIds.end())
                << "ray " << r;
        }
    }
    EXPECT_GT(hits, 100);
    // Clipping must actually prune the rest of the segment.
    EXPECT_LT(2 * clippedCalls, unclippedCalls);
}

TEST(DynamicTree, RayCastStopsWhenCallbackReturnsZero)
{
    const World world = makeWorld(31u, 1000);
    int calls = 0;
    world.tree.rayCast({{-10.0f, 100.0f}, {kWorld + 10.0f, 100.0f}, 1.0f},
                       [&](const TreeRayInput&, std::int32_t)
                       {
                           ++calls;
                           return 0.0f;
                       });
    EXPECT_EQ(calls, 1);
}

TEST(DynamicTree, MoveProxyHysteresis)
{
    DynamicTree tree;
    const float margin = 0.5f;
    Aabb box{{0.0f, 0.0f}, {1.0f, 1.0f}};
    const std::int32_t id = tree.createProxy(box, margin, 7u);
    // Neighbours so the proxy is not the root and re-insertion really restructures the tree.
    tree.createProxy({{5.0f, 5.0f}, {6.0f, 6.0f}}, margin, 8u);
    tree.createProxy({{-5.0f, 3.0f}, {-4.0f, 4.0f}}, margin, 9u);
    tree.clearMoved(id);

    // A small step stays inside the fat box: nothing changes.
    const Aabb fatBefore = tree.fatAabb(id);
    const Vec2 small{0.2f, -0.1f};
    box.lower += small;
    box.upper += small;
    EXPECT_FALSE(tree.moveProxy(id, box, margin, small));
    EXPECT_FALSE(tree.wasMoved(id));
    EXPECT_EQ(std::memcmp(&fatBefore, &tree.fatAabb(id), sizeof(Aabb)), 0);

    // A step out of the fat box re-inserts, stretched 4x the displacement ahead of the motion.
    const Vec2 big{1.0f, -2.0f};
    box.lower += big;
    box.upper += big;
    EXPECT_TRUE(tree.moveProxy(id, box, margin, big));
    EXPECT_TRUE(tree.wasMoved(id));
    EXPECT_TRUE(tree.validate());
    const Aabb stretched = tree.fatAabb(id);
    EXPECT_FLOAT_EQ(stretched.lower.x, box.lower.x - margin);
    EXPECT_FLOAT_EQ(stretched.upper.x, box.upper.x + margin + 4.0f);
    EXPECT_FLOAT_EQ(stretched.lower.y, box.lower.y - margin - 8.0f);
    EXPECT_FLOAT_EQ(stretched.upper.y, box.upper.y + margin);
    EXPECT_EQ(tree.userData(id), 7u);

    // Stopped: the box is still covered, but the stretched fat box is far too large, so it
    // shrinks back to the plain margin.
    tree.clearMoved(id);
    EXPECT_TRUE(tree.moveProxy(id, box, margin, {0.0f, 0.0f}));
    EXPECT_TRUE(tree.wasMoved(id));
    const Aabb shrunk = tree.fatAabb(id);
    EXPECT_FLOAT_EQ(shrunk.lower.x, box.lower.x - margin);
    EXPECT_FLOAT_EQ(shrunk.upper.x, box.upper.x + margin);
    EXPECT_FLOAT_EQ(shrunk.lower.y, box.lower.y - margin);
    EXPECT_FLOAT_EQ(shrunk.upper.y, box.upper.y + margin);

    // And now at rest it stays put.
    tree.clearMoved(id);
    EXPECT_FALSE(tree.moveProxy(id, box, margin, {0.0f, 0.0f}));
    EXPECT_FALSE(tree.wasMoved(id));
    EXPECT_TRUE(tree.validate());
}

// A body moving steadily keeps its stretched box until where it will reach in the next step leaves
// it, however fast it goes: the box is oversized only next to the one it would get now, stretch
// included. And the box always holds that reach, so pairs are found before the body gets there.
TEST(DynamicTree, SteadyMotionKeepsItsStretchedBox)
{
    DynamicTree tree;
    const float margin = 0.1f;
    Aabb box{{0.0f, 0.0f}, {1.0f, 1.0f}};
    const std::int32_t id = tree.createProxy(box, margin, 1u);
    tree.createProxy({{5.0f, 5.0f}, {6.0f, 6.0f}}, margin, 2u);
    for (const float speed : {0.5f, 3.0f, 20.0f, 80.0f}) // m/s, at 60 Hz
    {
        const Vec2 step{speed / 60.0f, 0.0f};
        int refattened = 0;
        for (int i = 0; i < 60; ++i)
        {
            box.lower += step;
            box.upper += step;
            if (tree.moveProxy(id, box, margin, step))
            {
                ++refattened;
            }
            const Aabb reach{box.lower, box.upper + step};
            ASSERT_TRUE(contains(tree.fatAabb(id), reach)) << speed << " m/s, step " << i;
        }
        tree.rebuild();
        std::printf("steady motion at %.1f m/s: a new fat box at %d of 60 steps\n",
                    static_cast<double>(speed), refattened);
        // Stretched 4 steps ahead: a new box every few steps at most, never every step.
        EXPECT_LE(refattened, 20) << speed << " m/s";
        EXPECT_GE(refattened, 1) << speed << " m/s";
    }
    EXPECT_TRUE(tree.validate());
}

TEST(DynamicTree, DestroyedIdsAreReusedWithoutGrowingThePool)
{
    World world = makeWorld(555u, 1000);
    const std::size_t poolSize = world.tree.nodes().size();
    const std::size_t poolCapacity = world.tree.nodes().capacity();

    std::vector<std::int32_t> destroyed;
    for (std::size_t i = 0; i < world.ids.size(); i += 3)
    {
        world.tree.destroyProxy(world.ids[i]);
        destroyed.push_back(world.ids[i]);
    }
    ASSERT_TRUE(world.tree.validate());

    Rng rng(556u);
    std::vector<std::int32_t> recreated;
    for (std::size_t i = 0; i < destroyed.size(); ++i)
    {
        recreated.push_back(world.tree.createProxy(randomBox(rng), kMargin, 0u));
    }
    ASSERT_TRUE(world.tree.validate());
    EXPECT_EQ(world.tree.nodes().size(), poolSize);
    EXPECT_EQ(world.tree.nodes().capacity(), poolCapacity);

    std::sort(destroyed.begin(), destroyed.end());
    std::sort(recreated.begin(), recreated.end());
    EXPECT_EQ(recreated, destroyed);
}

TEST(DynamicTree, SameOperationsBuildIdenticalTrees)
{
    const auto build = [](DynamicTree& tree)
    {
        Rng rng(2024u);
        std::vector<std::int32_t> ids;
        std::vector<Aabb> boxes;
        for (int i = 0; i < 1500; ++i)
        {
            boxes.push_back(randomBox(rng));
            ids.push_back(tree.createProxy(boxes.back(), kMargin, static_cast<std::uint32_t>(i)));
        }
        for (int round = 0; round < 5; ++round)
        {
            for (std::size_t i = 0; i < ids.size(); ++i)
            {
                const Vec2 step{rng.uniform(-3.0f, 3.0f), rng.uniform(-3.0f, 3.0f)};
                boxes[i].lower += step;
                boxes[i].upper += step;
                tree.moveProxy(ids[i], boxes[i], kMargin, step);
            }
            tree.rebuild();
            for (int k = 0; k < 50; ++k)
            {
                const std::size_t victim = rng.index(ids.size());
                tree.destroyProxy(ids[victim]);
                ids[victim] = ids.back();
                boxes[victim] = boxes.back();
                ids.pop_back();
                boxes.pop_back();
            }
        }
    };

    DynamicTree a;
    DynamicTree b;
    build(a);
    build(b);
    ASSERT_TRUE(a.validate());
    EXPECT_TRUE(sameNodes(a, b));

    const Aabb region = makeAabb({100.0f, 100.0f}, {40.0f, 40.0f});
    EXPECT_EQ(treeQuery(a, region), treeQuery(b, region)); // same order, not just the same set
}

TEST(DynamicTree, RebuildPlacesMovedProxiesAndTightensTheTree)
{
    World world = makeWorld(31u, 3000);
    Rng rng(32u);
    // One round of rebuilding first, so the scratch arrays have grown.
    moveAll(world, rng);
    world.tree.rebuild();
    const std::size_t poolSize = world.tree.nodes().size();
    const std::size_t poolCapacity = world.tree.nodes().capacity();

    moveAll(world, rng);
    ASSERT_TRUE(world.tree.validate()); // enlarged, not yet rebuilt: still sound
    EXPECT_TRUE(anyEnlarged(world.tree));
    const float stale = areaRatio(world.tree);
    world.tree.rebuild();
    const float rebuilt = areaRatio(world.tree);
    std::printf("3000 proxies after a round of moves: area ratio %.1f enlarged, %.1f rebuilt\n",
                static_cast<double>(stale), static_cast<double>(rebuilt));

    ASSERT_TRUE(world.tree.validate());
    EXPECT_FALSE(anyEnlarged(world.tree));
    EXPECT_LT(rebuilt, 0.5f * stale);
    // The rebuild reuses the nodes it takes apart: the pool neither grows nor reallocates.
    EXPECT_EQ(world.tree.nodes().size(), poolSize);
    EXPECT_EQ(world.tree.nodes().capacity(), poolCapacity);
    for (std::size_t i = 0; i < world.ids.size(); ++i)
    {
        ASSERT_EQ(world.tree.userData(world.ids[i]), static_cast<std::uint32_t>(i));
        ASSERT_TRUE(contains(world.tree.fatAabb(world.ids[i]), world.tight[i]));
    }
    for (int q = 0; q < 200; ++q)
    {
        const Aabb box = makeAabb({rng.uniform(-60.0f, kWorld + 60.0f), rng.uniform(-60.0f, kWorld + 60.0f)},
                                  {rng.uniform(0.0f, 20.0f), rng.uniform(0.0f, 20.0f)});
        expectSameSet(treeQuery(world.tree, box), bruteQuery(world, box));
    }
}

TEST(DynamicTree, RebuiltTreeIsNoWorseThanOneBuiltFresh)
{
    World world = makeWorld(41u, 2000);
    Rng rng(42u);
    moveAndRebuild(world, rng, 30);
    // The same fat boxes inserted one by one into a new tree, as the tree was built at first.
    DynamicTree fresh;
    for (const std::int32_t id : world.ids)
    {
        fresh.createProxy(world.tree.fatAabb(id), 0.0f, 0u);
    }
    const float rebuilt = areaRatio(world.tree);
    const float inserted = areaRatio(fresh);
    std::printf(
        "2000 proxies after 30 rounds of moves: area ratio %.1f rebuilt, %.1f inserted fresh; height %d "
        "and %d\n",
        static_cast<double>(rebuilt), static_cast<double>(inserted), static_cast<int>(world.tree.height()),
        static_cast<int>(fresh.height()));
    EXPECT_LE(rebuilt, inserted);
    EXPECT_LE(static_cast<float>(world.tree.height()), 2.0f * heightBound(world.tree.proxyCount()));
}

// A body flung to infinity gives boxes whose centres overflow or are not numbers; the rebuild
// must still split them (no bin computed from a NaN) and leave a sound tree.
TEST(DynamicTree, RebuildSurvivesBoxesFlungToInfinity)
{
    World world = makeWorld(61u, 200);
    const float huge = std::numeric_limits<float>::max();
    const Vec2 flung[] = {{huge, huge}, {-huge, huge}, {std::numeric_limits<float>::infinity(), 0.0f}};
    for (std::size_t i = 0; i < 3; ++i)
    {
        world.tight[i] = {{-huge, -huge}, {huge, huge}};
        world.tree.moveProxy(world.ids[i], world.tight[i], kMargin, flung[i]);
    }
    world.tree.rebuild();
    EXPECT_TRUE(world.tree.validate());
    EXPECT_EQ(world.tree.proxyCount(), 200);
    EXPECT_FALSE(anyEnlarged(world.tree));
}

// A tree of a few proxies is rebuilt by median cuts alone (no bins): still sound, still finding
// exactly what overlaps, with boxes flung to infinity among them.
TEST(DynamicTree, FewProxiesRebuiltByMedianCutsStaySound)
{
    World world = makeWorld(71u, 24);
    Rng rng(72u);
    for (int round = 0; round < 5; ++round)
    {
        moveAndRebuild(world, rng, 1);
        ASSERT_TRUE(world.tree.validate());
        EXPECT_FALSE(anyEnlarged(world.tree));
        for (int q = 0; q < 50; ++q)
        {
            const Aabb box = makeAabb({rng.uniform(0.0f, kWorld), rng.uniform(0.0f, kWorld)},
                                      {rng.uniform(0.0f, 40.0f), rng.uniform(0.0f, 40.0f)});
            expectSameSet(treeQuery(world.tree, box), bruteQuery(world, box));
        }
    }
    const float huge = std::numeric_limits<float>::max();
    world.tight[0] = {{-huge, -huge}, {huge, huge}};
    world.tree.moveProxy(world.ids[0], world.tight[0], kMargin,
                         {std::numeric_limits<float>::infinity(), 0.0f});
    world.tight[1] = {{-huge, -huge}, {huge, huge}};
    world.tree.moveProxy(world.ids[1], world.tight[1], kMargin, {huge, -huge});
    world.tree.rebuild();
    EXPECT_TRUE(world.tree.validate());
    EXPECT_EQ(world.tree.proxyCount(), 24);
    EXPECT_FALSE(anyEnlarged(world.tree));
}

TEST(DynamicTree, RebuildWithNothingMovedChangesNothing)
{
    World world = makeWorld(51u, 500);
    DynamicTree copy = world.tree;
    world.tree.rebuild();
    EXPECT_TRUE(sameNodes(world.tree, copy));

    // A move the fat box absorbs enlarges nothing either.
    const Vec2 nudge{0.01f, 0.0f};
    world.tight[7].lower += nudge;
    world.tight[7].upper += nudge;
    EXPECT_FALSE(world.tree.moveProxy(world.ids[7], world.tight[7], kMargin, nudge));
    world.tree.rebuild();
    EXPECT_TRUE(sameNodes(world.tree, copy));
}

} // namespace
} // namespace oblique::detail
