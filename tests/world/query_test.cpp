// World queries against brute force: on random seeded worlds, every query answered from the
// broadphase tree must equal testing every body with the core shape functions.

#include "oblique/overlap.hpp"
#include "oblique/ray_cast.hpp"
#include "world_scenes.hpp"

#include <algorithm>
#include <gtest/gtest.h>
#include <random>
#include <vector>

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

// What QueryFilter documents, one term per rule: the body's type is asked for, a sensor only when
// sensors are, and the query's category and the shape's match each other's masks.
bool passes(const World& world, BodyId id, const QueryFilter& f)
{
    const ShapeDef& shape = world.shape(id);
    const BodyType type = world.bodyType(id);
    const bool typeAskedFor = (type == BodyType::Static && f.staticBodies) ||
                              (type == BodyType::Kinematic && f.kinematicBodies) ||
                              (type == BodyType::Dynamic && f.dynamicBodies);
    const bool sensorAskedFor = f.sensors || !shape.isSensor;
    const bool shapeSeesQuery = (shape.filter.maskBits & f.categoryBits) != 0;
    const bool querySeesShape = (f.maskBits & shape.filter.categoryBits) != 0;
    return typeAskedFor && sensorAskedFor && shapeSeesQuery && querySeesShape;
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

// Each body of these worlds has one shape: the shape the queries must name with it.
ShapeRef refOf(const World& world, BodyId id)
{
    return {id, world.shapes(id).front()};
}

template <typename Test>
std::vector<ShapeRef> bruteForce(const World& world, const QueryFilter& filter, Test test)
{
    std::vector<ShapeRef> out;
    for (const BodyId id : world.bodies()) // creation-slot order, as queries sort their answers
    {
        if (passes(world, id, filter) && test(id))
        {
            out.push_back(refOf(world, id));
        }
    }
    return out;
}

TEST(WorldQueryFilter, EachRuleByHand)
{
    // Six unit boxes in a row, each set apart from the first by one thing, and one box query over
    // all of them: the expected answers are written out, not computed by a second filter.
    World world;
    std::vector<BodyId> b;
    const auto add = [&](BodyType type, bool sensor, std::uint32_t category, std::uint32_t mask)
    {
        BodyDef def;
        def.type = type;
        def.position = {2.0f * static_cast<float>(b.size()), 0.0f};
        ShapeDef shape = boxShape({0.5f, 0.5f});
        shape.isSensor = sensor;
        shape.filter.categoryBits = category;
        shape.filter.maskBits = mask;
        b.push_back(world.createBody(def, shape));
    };
    add(BodyType::Dynamic, false, 0x1, 0xFFFFFFFF);   // 0: plain
    add(BodyType::Static, false, 0x1, 0xFFFFFFFF);    // 1: static
    add(BodyType::Kinematic, false, 0x1, 0xFFFFFFFF); // 2: kinematic
    add(BodyType::Dynamic, true, 0x1, 0xFFFFFFFF);    // 3: sensor
    add(BodyType::Dynamic, false, 0x2, 0xFFFFFFFF);   // 4: category 2
    add(BodyType::Dynamic, false, 0x1, 0x2);          // 5: seen only by category-2 queries
    const Aabb all{{-1.0f, -1.0f}, {12.0f, 1.0f}};
    const auto query = [&](const QueryFilter& f)
    {
        const std::vector<ShapeRef> hits = world.queryAabb(all, f);
        for (const ShapeRef& hit : hits)
        {
            EXPECT_EQ(hit.shape, world.shapes(hit.body).front());
        }
        return bodiesOf(hits);
    };

    // The default query is of every category, so every mask sees it.
    EXPECT_EQ(query({}), (std::vector<BodyId>{b[0], b[1], b[2], b[4], b[5]}));
    QueryFilter sensors;
    sensors.sensors = true;
    EXPECT_EQ(query(sensors), (std::vector<BodyId>{b[0], b[1], b[2], b[3], b[4], b[5]}));
    QueryFilter dynamicOnly;
    dynamicOnly.staticBodies = false;
    dynamicOnly.kinematicBodies = false;
    EXPECT_EQ(query(dynamicOnly), (std::vector<BodyId>{b[0], b[4], b[5]}));
    QueryFilter noDynamic;
    noDynamic.dynamicBodies = false;
    EXPECT_EQ(query(noDynamic), (std::vector<BodyId>{b[1], b[2]}));
    QueryFilter seesCategory1;
    seesCategory1.maskBits = 0x1;
    EXPECT_EQ(query(seesCategory1), (std::vector<BodyId>{b[0], b[1], b[2], b[5]}));
    QueryFilter isCategory1;
    isCategory1.categoryBits = 0x1;
    EXPECT_EQ(query(isCategory1), (std::vector<BodyId>{b[0], b[1], b[2], b[4]}));
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
                expected.push_back({id, world.shapes(id).front(), hit->point, hit->normal, hit->fraction});
            }
        }
        std::stable_sort(expected.begin(), expected.end(),
                         [](const WorldRayHit& a, const WorldRayHit& b) { return a.fraction < b.fraction; });

        const std::vector<WorldRayHit> all = world.rayCastAll(origin, translation, filter);
        ASSERT_EQ(all.size(), expected.size()) << "ray " << q;
        for (std::size_t i = 0; i < all.size(); ++i)
        {
            EXPECT_EQ(all[i].body, expected[i].body) << "ray " << q << " hit " << i;
            EXPECT_EQ(all[i].shape, expected[i].shape) << "ray " << q << " hit " << i;
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
