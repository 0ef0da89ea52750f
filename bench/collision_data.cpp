#include "collision_data.hpp"

#include <box2d/b2_collision.h>
#include <cmath>
#include <numbers>
#include <oblique/manifold.hpp>
#include <oblique/overlap.hpp>

namespace oblique::bench
{

namespace
{

constexpr std::uint64_t kSeed = 0x0b119e5eed2d0001ULL;
constexpr std::uint32_t kPoolSize = 1024;
constexpr float kPi = std::numbers::pi_v<float>;
constexpr float kWorldHalfWidth = 50.0f; // centres spread over a 100 m square, away from the origin

// How far apart pair members are placed, as a fraction of the sum of their bounding radii. The
// values put roughly half of the pairs in contact.
constexpr float kBoxReach = 1.36f;
constexpr float kCircleReach = 1.55f;

// SplitMix64: tiny, fast, and its output does not depend on the standard library, so the pairs
// are the same with every toolchain.
class Random
{
public:
    explicit Random(std::uint64_t seed) : m_state(seed) {}

    std::uint64_t next()
    {
        m_state += 0x9e3779b97f4a7c15ULL;
        std::uint64_t z = m_state;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }

    // In [0, 1): the top 24 bits are exactly representable.
    float unit() { return static_cast<float>(next() >> 40) * 0x1.0p-24f; }

    float uniform(float lo, float hi) { return lo + (hi - lo) * unit(); }

    // Spreads sizes evenly over scales, so small and large shapes are equally common.
    float logUniform(float lo, float hi) { return lo * std::exp(std::log(hi / lo) * unit()); }

    std::uint32_t index(std::uint32_t count)
    {
        return static_cast<std::uint32_t>(((next() >> 32) * count) >> 32);
    }

private:
    std::uint64_t m_state;
};

// Geometric-mean half extent from 0.1 m to 2 m, aspect ratio from 1:6 to 6:1.
Vec2 randomHalfExtents(Random& rng)
{
    const float size = rng.logUniform(0.1f, 2.0f);
    const float stretch = std::sqrt(rng.logUniform(1.0f / 6.0f, 6.0f));
    return {size * stretch, size / stretch};
}

float quarterTurns(Random& rng)
{
    return static_cast<float>(rng.index(4)) * (0.5f * kPi);
}

Vec2 randomDirection(Random& rng)
{
    const float theta = rng.uniform(-kPi, kPi);
    return {std::cos(theta), std::sin(theta)};
}

Vec2 randomCenter(Random& rng)
{
    return {rng.uniform(-kWorldHalfWidth, kWorldHalfWidth), rng.uniform(-kWorldHalfWidth, kWorldHalfWidth)};
}

// Box2D gets the very rotation Oblique caches, so both engines see bit-identical poses.
b2Transform toB2(Vec2 position, Rot rot)
{
    b2Transform xf;
    xf.p.Set(position.x, position.y);
    xf.q.s = rot.s;
    xf.q.c = rot.c;
    return xf;
}

} // namespace

CollisionData makeCollisionData(std::size_t pairCount)
{
    Random rng(kSeed);
    CollisionData data;

    std::vector<Vec2> sizes(kPoolSize);
    data.b2Boxes.resize(kPoolSize);
    for (std::uint32_t i = 0; i < kPoolSize; ++i)
    {
        sizes[i] = randomHalfExtents(rng);
        data.b2Boxes[i].SetAsBox(sizes[i].x, sizes[i].y);
        data.b2Boxes[i].m_radius = 0.0f;
    }
    std::vector<float> radii(kPoolSize);
    data.b2Circles.resize(kPoolSize);
    for (std::uint32_t i = 0; i < kPoolSize; ++i)
    {
        radii[i] = rng.logUniform(0.05f, 1.5f);
        data.b2Circles[i].m_radius = radii[i];
        data.b2Circles[i].m_p.SetZero();
    }

    data.boxPairs.reserve(pairCount);
    data.b2BoxPairs.reserve(pairCount);
    for (std::size_t i = 0; i < pairCount; ++i)
    {
        const std::uint32_t sizeA = rng.index(kPoolSize);
        const std::uint32_t sizeB = rng.index(kPoolSize);
        // A scene mixes tumbling bodies with resting, axis-aligned ones and stacks whose faces
        // are parallel; the last two are where face-face contacts and near-ties come from.
        const float mix = rng.unit();
        float angleA = 0.0f;
        float angleB = 0.0f;
        if (mix < 0.6f)
        {
            angleA = rng.uniform(-kPi, kPi);
            angleB = rng.uniform(-kPi, kPi);
        }
        else if (mix < 0.8f)
        {
            angleA = quarterTurns(rng);
            angleB = quarterTurns(rng);
        }
        else
        {
            angleA = rng.uniform(-kPi, kPi);
            angleB = angleA + quarterTurns(rng);
        }
        const Vec2 ha = sizes[sizeA];
        const Vec2 hb = sizes[sizeB];
        const Vec2 ca = randomCenter(rng);
        const float reach = kBoxReach * (length(ha) + length(hb));
        const Vec2 cb = ca + rng.uniform(0.0f, reach) * randomDirection(rng);

        const BoxPair pair{makeObb(ca, ha, angleA), makeObb(cb, hb, angleB)};
        data.boxPairs.push_back(pair);
        data.b2BoxPairs.push_back({toB2(ca, pair.a.rot), toB2(cb, pair.b.rot), sizeA, sizeB});
    }

    data.circlePairs.reserve(pairCount);
    data.b2CirclePairs.reserve(pairCount);
    for (std::size_t i = 0; i < pairCount; ++i)
    {
        const std::uint32_t size = rng.index(kPoolSize);
        const std::uint32_t radius = rng.index(kPoolSize);
        const float angle = rng.unit() < 0.7f ? rng.uniform(-kPi, kPi) : quarterTurns(rng);
        const Vec2 h = sizes[size];
        const float r = radii[radius];
        const Vec2 cBox = randomCenter(rng);
        const Vec2 cCircle = cBox + rng.uniform(0.0f, kCircleReach * (length(h) + r)) * randomDirection(rng);

        const BoxCirclePair pair{makeObb(cBox, h, angle), Circle{cCircle, r}};
        data.circlePairs.push_back(pair);
        data.b2CirclePairs.push_back({toB2(cBox, pair.box.rot), toB2(cCircle, Rot{}), size, radius});
    }
    return data;
}

DataSummary summarize(const CollisionData& data)
{
    DataSummary s;
    for (std::size_t i = 0; i < data.boxPairs.size(); ++i)
    {
        const BoxPair& p = data.boxPairs[i];
        const B2BoxPair& q = data.b2BoxPairs[i];
        const b2PolygonShape& shapeA = data.b2Boxes[q.shapeA];
        const b2PolygonShape& shapeB = data.b2Boxes[q.shapeB];

        const bool ours = testOverlap(p.a, p.b);
        s.boxOverlaps += ours ? 1U : 0U;
        s.overlapDisagreements += ours != b2TestOverlap(&shapeA, 0, &shapeB, 0, q.xfA, q.xfB) ? 1U : 0U;

        b2Manifold theirs;
        b2CollidePolygons(&theirs, &shapeA, q.xfA, &shapeB, q.xfB);
        s.manifoldDisagreements += collideBoxes(p.a, p.b).pointCount != theirs.pointCount ? 1U : 0U;
    }
    for (std::size_t i = 0; i < data.circlePairs.size(); ++i)
    {
        const BoxCirclePair& p = data.circlePairs[i];
        const B2BoxCirclePair& q = data.b2CirclePairs[i];
        const int ours = collideBoxCircle(p.box, p.circle).pointCount;
        s.circleTouches += ours > 0 ? 1U : 0U;

        b2Manifold theirs;
        b2CollidePolygonAndCircle(&theirs, &data.b2Boxes[q.box], q.xfBox, &data.b2Circles[q.circle],
                                  q.xfCircle);
        s.circleDisagreements += ours != theirs.pointCount ? 1U : 0U;
    }
    return s;
}

} // namespace oblique::bench
