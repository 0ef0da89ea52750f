// World queries against brute force: on random seeded worlds, every query answered from the
// broadphase tree must equal testing every body with the core shape functions.

#include "oblique/overlap.hpp"
#include "oblique/ray_cast.hpp"
#include "world_scenes.hpp"

#include <algorithm>
#include <gtest/gtest.h>
#include <random>

namespace oblique::test
{
namespace
{

class Random
{
public:
    explicit Random(std::uint32_t seed) : m_rng(seed) {}
    float uniform(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(m_rng); }
    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_rng); }
    Vec2 point(float extent) { return {uniform(-extent, extent), uniform(-extent, extent)}; }

private:
    std::mt19937 m_rng;
};

constexpr float kExtent = 30.0f; // bodies are scattered over a 60 m square

// A few hundred boxes and circles of every body type, some of them sensors, in a few collision
// categories. The world is then stepped for a second so the dynamic bodies have moved and the
// tree's fattened boxes no longer match the shapes exactly.
World randomWorld(std::uint32_t seed, int count)
{
    Random rng(seed);
    World world;
    for (int i = 0; i < count; ++i)
    {
        BodyDef body;
        body.type = static_cast<BodyType>(rng.pick(3));
        body.position = rng.point(kExtent);
        body.angle = rng.uniform(-3.2f, 3.2f);
        if (body.type != BodyType::Static)
        {
            body.linearVelocity = rng.point(3.0f);
            body.angularVelocity = rng.uniform(-2.0f, 2.0f);
        }
        ShapeDef shape = rng.pick(2) == 0 ? boxShape({rng.uniform(0.1f, 2.0f), rng.uniform(0.1f, 2.0f)})
                                          : circleShape(rng.uniform(0.1f, 1.5f));
        shape.isSensor = rng.pick(8) == 0;
        shape.filter.categoryBits = 1u << rng.pick(4);
        world.createBody(body, shape);
    }
    for (int i = 0; i < 60; ++i)
    {
        world.step(1.0f / 60.0f);
    }
    return world;
}

// What QueryFilter documents, restated: type switches, sensors only on request, and the bits
// matched both ways.
bool passes(const World& world, BodyId id, const QueryFilter& f)
{
    const ShapeDef& shape = world.shape(id);
    if (shape.isSensor && !f.sensors)
    {
        return false;
    }
    switch (world.bodyType(id))
    {
    case BodyType::Static:
        if (!f.staticBodies)
        {
            return false;
        }
        break;
    case BodyType::Kinematic:
        if (!f.kinematicBodies)
        {
            return false;
        }
        break;
    case BodyType::Dynamic:
        if (!f.dynamicBodies)
        {
            return false;
        }
        break;
    }
    return (f.categoryBits & shape.filter.maskBits) != 0 && (shape.filter.categoryBits & f.maskBits) != 0;
}

bool isBox(const World& world, BodyId id)
{
    return world.shape(id).kind == ShapeKind::Box;
}

QueryFilter randomFilter(Random& rng)
{
    QueryFilter f;
    switch (rng.pick(5))
    {
    case 0:
        break; // the default: every type, no sensors
    case 1:
        f.sensors = true;
        break;
    case 2:
        f.dynamicBodies = false;
        break;
    case 3:
        f.staticBodies = false;
        f.kinematicBodies = false;
        f.sensors = true;
        break;
    default:
        f.maskBits = 0x5u; // categories 1 and 4 only
        break;
    }
    return f;
}

template <typename Test>
std::vector<BodyId> bruteForce(const World& world, const QueryFilter& filter, Test test)
{
    std::vector<BodyId> out;
    for (const BodyId id : world.bodies()) // creation-slot order, as queries sort their answers
    {
        if (passes(world, id, filter) && test(id))
        {
            out.push_back(id);
        }
    }
    return out;
}

class WorldQueries : public ::testing::TestWithParam<std::uint32_t>
{
};

TEST_P(WorldQueries, OverlapQueriesMatchBruteForce)
{
    const World world = randomWorld(GetParam(), 300);
    Random rng(GetParam() * 7919u + 1u);
    std::size_t found = 0;
    for (int q = 0; q < 100; ++q)
    {
        const QueryFilter filter = randomFilter(rng);

        const Vec2 lower = rng.point(kExtent + 2.0f);
        const Aabb region{lower, lower + Vec2{rng.uniform(0.0f, 8.0f), rng.uniform(0.0f, 8.0f)}};
        const auto aabbHits = world.queryAabb(region, filter);
        EXPECT_EQ(aabbHits,
                  bruteForce(world, filter, [&](BodyId id) { return overlaps(world.aabb(id), region); }));

        const Obb box = makeObb(rng.point(kExtent), {rng.uniform(0.05f, 4.0f), rng.uniform(0.05f, 4.0f)},
                                rng.uniform(-3.2f, 3.2f));
        const auto boxHits = world.overlapObb(box, filter);
        EXPECT_EQ(boxHits, bruteForce(world, filter,
                                      [&](BodyId id) {
                                          return isBox(world, id) ? testOverlap(world.obb(id), box)
                                                                  : testOverlap(box, world.circle(id));
                                      }));

        const Circle circle{rng.point(kExtent), rng.uniform(0.05f, 4.0f)};
        const auto circleHits = world.overlapCircle(circle, filter);
        EXPECT_EQ(circleHits, bruteForce(world, filter,
                                         [&](BodyId id) {
                                             return isBox(world, id) ? testOverlap(world.obb(id), circle)
                                                                     : testOverlap(world.circle(id), circle);
                                         }));

        const Vec2 point = rng.point(kExtent);
        const auto pointHits = world.overlapPoint(point, filter);
        EXPECT_EQ(pointHits, bruteForce(world, filter,
                                        [&](BodyId id) {
                                            return isBox(world, id) ? contains(world.obb(id), point)
                                                                    : contains(world.circle(id), point);
                                        }));
        found += aabbHits.size() + boxHits.size() + circleHits.size() + pointHits.size();
    }
    // The queries were not all empty: the comparison had something to compare.
    EXPECT_GT(found, 300u);
}

std::optional<RayHit> castAt(const World& world, BodyId id, Vec2 origin, Vec2 translation)
{
    const RayCastInput ray{origin, translation, 1.0f};
    return isBox(world, id) ? rayCast(world.obb(id), ray) : rayCast(world.circle(id), ray);
}

TEST_P(WorldQueries, RayCastsMatchBruteForce)
{
    const World world = randomWorld(GetParam(), 300);
    Random rng(GetParam() * 104729u + 3u);
    std::size_t hits = 0;
    for (int q = 0; q < 100; ++q)
    {
        const QueryFilter filter = randomFilter(rng);
        const Vec2 origin = rng.point(kExtent + 5.0f);
        const Vec2 translation = rng.point(40.0f);

        // Every body the ray enters, nearest first (ties by slot, as rayCastAll orders them).
        std::vector<WorldRayHit> expected;
        for (const BodyId id : world.bodies())
        {
            if (!passes(world, id, filter))
            {
                continue;
            }
            if (const auto hit = castAt(world, id, origin, translation))
            {
                expected.push_back({id, hit->point, hit->normal, hit->fraction});
            }
        }
        std::stable_sort(expected.begin(), expected.end(),
                         [](const WorldRayHit& a, const WorldRayHit& b) { return a.fraction < b.fraction; });

        const std::vector<WorldRayHit> all = world.rayCastAll(origin, translation, filter);
        ASSERT_EQ(all.size(), expected.size()) << "ray " << q;
        for (std::size_t i = 0; i < all.size(); ++i)
        {
            EXPECT_EQ(all[i].body, expected[i].body) << "ray " << q << " hit " << i;
            EXPECT_EQ(all[i].fraction, expected[i].fraction) << "ray " << q << " hit " << i;
            EXPECT_EQ(all[i].point, expected[i].point) << "ray " << q << " hit " << i;
            EXPECT_EQ(all[i].normal, expected[i].normal) << "ray " << q << " hit " << i;
        }

        const std::optional<WorldRayHit> closest = world.rayCastClosest(origin, translation, filter);
        ASSERT_EQ(closest.has_value(), !expected.empty()) << "ray " << q;
        if (closest)
        {
            EXPECT_EQ(closest->body, expected.front().body) << "ray " << q;
            EXPECT_EQ(closest->fraction, expected.front().fraction) << "ray " << q;
            EXPECT_EQ(closest->point, expected.front().point) << "ray " << q;
        }
        hits += expected.size();
    }
    EXPECT_GT(hits, 100u);
}

INSTANTIATE_TEST_SUITE_P(Seeds, WorldQueries, ::testing::Values(1u, 2u, 3u, 20240611u));

} // namespace
} // namespace oblique::test
