// The gap bounds the sweep advances by (sweep.cpp): never more than the true distance between the
// two shapes (or the sweep could step past a hit), exact for pairs with a circle, and not negative
// for shapes apart nor positive for shapes that overlap.

#include "box_geometry.hpp"
#include "oblique/overlap.hpp"
#include "shape_geometry.hpp"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <random>

namespace oblique::detail
{
namespace
{

Vec2 corner(const Obb& b, int i)
{
    return b.center + rotate(b.rot, boxVertex(b.halfExtents, i));
}

float pointToSegment(Vec2 p, Vec2 a, Vec2 b)
{
    const Vec2 ab = b - a;
    const float t = std::clamp(dot(p - a, ab) / dot(ab, ab), 0.0f, 1.0f);
    return distance(p, a + t * ab);
}

// Two convex polygons apart are nearest at a corner of one against an edge of the other.
float trueDistance(const Obb& a, const Obb& b)
{
    float best = INFINITY;
    for (int i = 0; i < 4; ++i)
    {
        for (int j = 0; j < 4; ++j)
        {
            best = std::min(best, pointToSegment(corner(a, i), corner(b, j), corner(b, (j + 1) % 4)));
            best = std::min(best, pointToSegment(corner(b, i), corner(a, j), corner(a, (j + 1) % 4)));
        }
    }
    return best;
}

float trueDistance(const Obb& a, const Circle& c)
{
    if (contains(a, c.center))
    {
        return -c.radius; // only its sign and bound matter: the shapes overlap
    }
    float best = INFINITY;
    for (int j = 0; j < 4; ++j)
    {
        best = std::min(best, pointToSegment(c.center, corner(a, j), corner(a, (j + 1) % 4)));
    }
    return best - c.radius;
}

class GapBound : public ::testing::Test
{
protected:
    std::mt19937 m_random{20261127u};
    float uniform(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(m_random); }
    Obb randomBox()
    {
        return makeObb({uniform(-3.0f, 3.0f), uniform(-3.0f, 3.0f)},
                       {uniform(0.02f, 1.5f), uniform(0.02f, 1.5f)}, uniform(-4.0f, 4.0f));
    }
};

TEST_F(GapBound, TwoBoxesNeverMoreThanTheirDistance)
{
    int apart = 0;
    for (int i = 0; i < 20000; ++i)
    {
        const Obb a = randomBox();
        const Obb b = randomBox();
        const float bound = gapBound(a, b);
        if (testOverlap(a, b))
        {
            EXPECT_LE(bound, 1.0e-5f) << "case " << i;
            continue;
        }
        ++apart;
        const float d = trueDistance(a, b);
        EXPECT_LE(bound, d + 1.0e-5f) << "case " << i;
        EXPECT_GE(bound, -1.0e-5f) << "case " << i;
    }
    EXPECT_GT(apart, 5000); // the draw reaches both kinds of pair
}

TEST_F(GapBound, ABoxAndACircleExactly)
{
    for (int i = 0; i < 20000; ++i)
    {
        const Obb a = randomBox();
        const Circle c{{uniform(-4.0f, 4.0f), uniform(-4.0f, 4.0f)}, uniform(0.02f, 1.0f)};
        const float bound = gapBound(a, c);
        EXPECT_FLOAT_EQ(bound, gapBound(c, a));
        if (testOverlap(a, c))
        {
            EXPECT_LE(bound, 1.0e-5f) << "case " << i;
        }
        else
        {
            EXPECT_NEAR(bound, trueDistance(a, c), 1.0e-4f) << "case " << i;
        }
    }
}

TEST(GapBoundCircles, TwoCirclesExactly)
{
    EXPECT_FLOAT_EQ(gapBound(Circle{{0.0f, 0.0f}, 0.5f}, Circle{{3.0f, 4.0f}, 1.0f}), 3.5f);
    EXPECT_FLOAT_EQ(gapBound(Circle{{0.0f, 0.0f}, 0.5f}, Circle{{1.0f, 0.0f}, 1.0f}), -0.5f);
}

} // namespace
} // namespace oblique::detail
