#include "oblique/aabb.hpp"
#include "oblique/circle.hpp"
#include "oblique/interval.hpp"
#include "oblique/obb.hpp"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <numbers>

namespace
{

using namespace oblique;

constexpr float kPi = std::numbers::pi_v<float>;
const float kSqrt2 = std::sqrt(2.0f);

void expectVecNear(Vec2 actual, Vec2 expected, float tol)
{
    EXPECT_NEAR(actual.x, expected.x, tol);
    EXPECT_NEAR(actual.y, expected.y, tol);
}

TEST(AabbTest, EdgesFollowYUp)
{
    const Aabb a = makeAabb({1.0f, 2.0f}, {3.0f, 0.5f});
    EXPECT_FLOAT_EQ(left(a), -2.0f);
    EXPECT_FLOAT_EQ(right(a), 4.0f);
    // y points up, so the top edge is the larger y.
    EXPECT_FLOAT_EQ(top(a), 2.5f);
    EXPECT_FLOAT_EQ(bottom(a), 1.5f);
    EXPECT_GT(top(a), bottom(a));
    EXPECT_EQ(center(a), (Vec2{1.0f, 2.0f}));
    EXPECT_EQ(halfExtents(a), (Vec2{3.0f, 0.5f}));
    // 2 * (6 + 1) = 14.
    EXPECT_FLOAT_EQ(perimeter(a), 14.0f);
}

TEST(AabbTest, OverlapCountsTouchingEdgesAndCorners)
{
    const Aabb a{{0.0f, 0.0f}, {1.0f, 1.0f}};
    // Overlapping.
    EXPECT_TRUE(overlaps(a, Aabb{{0.5f, 0.5f}, {2.0f, 2.0f}}));
    // Sharing the right edge, the top edge, and only the top-right corner.
    EXPECT_TRUE(overlaps(a, Aabb{{1.0f, 0.2f}, {2.0f, 0.8f}}));
    EXPECT_TRUE(overlaps(a, Aabb{{0.2f, 1.0f}, {0.8f, 2.0f}}));
    EXPECT_TRUE(overlaps(a, Aabb{{1.0f, 1.0f}, {2.0f, 2.0f}}));
    // Sharing the left and bottom edges.
    EXPECT_TRUE(overlaps(a, Aabb{{-1.0f, 0.0f}, {0.0f, 1.0f}}));
    EXPECT_TRUE(overlaps(a, Aabb{{0.0f, -1.0f}, {1.0f, 0.0f}}));
    // One inside the other, both ways round.
    EXPECT_TRUE(overlaps(a, Aabb{{0.25f, 0.25f}, {0.75f, 0.75f}}));
    EXPECT_TRUE(overlaps(Aabb{{0.25f, 0.25f}, {0.75f, 0.75f}}, a));
    // Apart on each side by a small gap.
    EXPECT_FALSE(overlaps(a, Aabb{{1.001f, 0.0f}, {2.0f, 1.0f}}));   // right
    EXPECT_FALSE(overlaps(a, Aabb{{-1.0f, 0.0f}, {-0.001f, 1.0f}})); // left
    EXPECT_FALSE(overlaps(a, Aabb{{0.0f, 1.001f}, {1.0f, 2.0f}}));   // above
    EXPECT_FALSE(overlaps(a, Aabb{{0.0f, -1.0f}, {1.0f, -0.001f}})); // below
    // Overlapping on x only, or on y only, is not enough.
    EXPECT_FALSE(overlaps(a, Aabb{{0.5f, 3.0f}, {0.7f, 4.0f}}));
    EXPECT_FALSE(overlaps(a, Aabb{{3.0f, 0.5f}, {4.0f, 0.7f}}));
}

TEST(AabbTest, ContainsMergeInflate)
{
    const Aabb a{{-1.0f, -2.0f}, {3.0f, 4.0f}};
    EXPECT_TRUE(contains(a, Vec2{0.0f, 0.0f}));
    EXPECT_TRUE(contains(a, Vec2{3.0f, 4.0f}));  // corner
    EXPECT_TRUE(contains(a, Vec2{-1.0f, 1.0f})); // left edge
    EXPECT_FALSE(contains(a, Vec2{3.01f, 0.0f}));
    EXPECT_FALSE(contains(a, Vec2{0.0f, -2.01f}));

    EXPECT_TRUE(contains(a, Aabb{{0.0f, 0.0f}, {1.0f, 1.0f}}));
    EXPECT_TRUE(contains(a, a));
    EXPECT_FALSE(contains(a, Aabb{{0.0f, 0.0f}, {3.5f, 1.0f}}));
    EXPECT_FALSE(contains(Aabb{{0.0f, 0.0f}, {1.0f, 1.0f}}, a));

    const Aabb m = merge(a, Aabb{{2.0f, -5.0f}, {6.0f, 0.0f}});
    EXPECT_EQ(m.lower, (Vec2{-1.0f, -5.0f}));
    EXPECT_EQ(m.upper, (Vec2{6.0f, 4.0f}));

    const Aabb g = inflate(a, 0.5f);
    EXPECT_EQ(g.lower, (Vec2{-1.5f, -2.5f}));
    EXPECT_EQ(g.upper, (Vec2{3.5f, 4.5f}));
}

TEST(AabbTest, OfObbAtZeroFortyFiveAndNinetyDegrees)
{
    const Aabb a0 = aabbOf(makeObb({1.0f, 1.0f}, {2.0f, 1.0f}, 0.0f));
    expectVecNear(a0.lower, {-1.0f, 0.0f}, 1e-6f);
    expectVecNear(a0.upper, {3.0f, 2.0f}, 1e-6f);

    // At 45 degrees each half extent of the bounding box is (hx + hy) / sqrt 2 = 3 / sqrt 2.
    const float h45 = 3.0f / kSqrt2;
    const Aabb a45 = aabbOf(makeObb({1.0f, 1.0f}, {2.0f, 1.0f}, 0.25f * kPi));
    expectVecNear(a45.lower, {1.0f - h45, 1.0f - h45}, 1e-5f);
    expectVecNear(a45.upper, {1.0f + h45, 1.0f + h45}, 1e-5f);

    // A quarter turn swaps width and height.
    const Aabb a90 = aabbOf(makeObb({1.0f, 1.0f}, {2.0f, 1.0f}, 0.5f * kPi));
    expectVecNear(a90.lower, {0.0f, -1.0f}, 1e-5f);
    expectVecNear(a90.upper, {2.0f, 3.0f}, 1e-5f);

    // A negative angle bounds the same way as the positive one.
    const Aabb aNeg = aabbOf(makeObb({1.0f, 1.0f}, {2.0f, 1.0f}, -0.25f * kPi));
    expectVecNear(aNeg.lower, a45.lower, 1e-5f);
    expectVecNear(aNeg.upper, a45.upper, 1e-5f);
}

TEST(AabbTest, OfObbContainsItsCorners)
{
    const float angles[] = {0.1f, 1.0f, 2.0f, 3.0f, -2.5f, 100.0f};
    for (const float a : angles)
    {
        const Obb box = makeObb({-3.0f, 2.0f}, {1.5f, 0.25f}, a);
        const Aabb bound = inflate(aabbOf(box), 1e-5f);
        for (const Vec2& c : corners(box))
        {
            EXPECT_TRUE(contains(bound, c)) << "angle " << a;
        }
    }
}

TEST(AabbTest, OfCircle)
{
    const Aabb a = aabbOf(Circle{{2.0f, -1.0f}, 0.5f});
    EXPECT_EQ(a.lower, (Vec2{1.5f, -1.5f}));
    EXPECT_EQ(a.upper, (Vec2{2.5f, -0.5f}));
}

TEST(IntervalTest, OverlapAndAmount)
{
    EXPECT_TRUE(overlaps(Interval{0.0f, 2.0f}, Interval{1.0f, 3.0f}));
    EXPECT_FLOAT_EQ(overlapAmount(Interval{0.0f, 2.0f}, Interval{1.0f, 3.0f}), 1.0f);
    // Touching: share only the point 1.
    EXPECT_TRUE(overlaps(Interval{0.0f, 1.0f}, Interval{1.0f, 2.0f}));
    EXPECT_FLOAT_EQ(overlapAmount(Interval{0.0f, 1.0f}, Interval{1.0f, 2.0f}), 0.0f);
    // Apart by a gap of 1: the amount is minus the gap, either order.
    EXPECT_FALSE(overlaps(Interval{0.0f, 1.0f}, Interval{2.0f, 3.0f}));
    EXPECT_FLOAT_EQ(overlapAmount(Interval{0.0f, 1.0f}, Interval{2.0f, 3.0f}), -1.0f);
    EXPECT_FLOAT_EQ(overlapAmount(Interval{2.0f, 3.0f}, Interval{0.0f, 1.0f}), -1.0f);
    // Nested: the amount is the inner length.
    EXPECT_FLOAT_EQ(overlapAmount(Interval{0.0f, 10.0f}, Interval{2.0f, 5.0f}), 3.0f);
}

TEST(ObbTest, CornersAreCounterClockwiseFromLocalBottomLeft)
{
    const Obb b0 = makeObb({1.0f, 2.0f}, {2.0f, 1.0f}, 0.0f);
    const auto c0 = corners(b0);
    expectVecNear(c0[0], {-1.0f, 1.0f}, 1e-6f);
    expectVecNear(c0[1], {3.0f, 1.0f}, 1e-6f);
    expectVecNear(c0[2], {3.0f, 3.0f}, 1e-6f);
    expectVecNear(c0[3], {-1.0f, 3.0f}, 1e-6f);

    // A quarter turn maps local (x, y) to (-y, x): (-2,-1) -> (1,-2), (2,-1) -> (1,2),
    // (2,1) -> (-1,2), (-2,1) -> (-1,-2); then add the centre (1, 2).
    const Obb b90 = makeObb({1.0f, 2.0f}, {2.0f, 1.0f}, 0.5f * kPi);
    const auto c90 = corners(b90);
    expectVecNear(c90[0], {2.0f, 0.0f}, 1e-6f);
    expectVecNear(c90[1], {2.0f, 4.0f}, 1e-6f);
    expectVecNear(c90[2], {0.0f, 4.0f}, 1e-6f);
    expectVecNear(c90[3], {0.0f, 0.0f}, 1e-6f);

    // Counter-clockwise means a positive signed (shoelace) area, here 4 * 2 = 8.
    for (const Obb& b : {b0, b90, makeObb({5.0f, -3.0f}, {0.5f, 3.0f}, 2.7f)})
    {
        const auto c = corners(b);
        float twiceArea = 0.0f;
        for (std::size_t i = 0; i < 4; ++i)
        {
            twiceArea += cross(c[i], c[(i + 1) % 4]);
        }
        EXPECT_NEAR(0.5f * twiceArea, 4.0f * b.halfExtents.x * b.halfExtents.y, 1e-4f);
    }
}

TEST(ObbTest, AxesAngleCacheAndTransform)
{
    Obb b = makeObb({0.0f, 0.0f}, {1.0f, 1.0f}, 0.0f);
    setAngle(b, 0.5f * kPi);
    EXPECT_FLOAT_EQ(b.angle, 0.5f * kPi);
    expectVecNear(axisX(b), {0.0f, 1.0f}, 1e-7f);
    expectVecNear(axisY(b), {-1.0f, 0.0f}, 1e-7f);
    // The angle is stored as given even when it is many turns.
    setAngle(b, 20.0f * kPi + 0.5f * kPi);
    EXPECT_FLOAT_EQ(b.angle, 20.0f * kPi + 0.5f * kPi);
    expectVecNear(axisX(b), {0.0f, 1.0f}, 1e-5f);

    const Obb c = makeObb({3.0f, 4.0f}, {1.0f, 2.0f}, 0.3f);
    const Transform t = transformOf(c);
    expectVecNear(transformPoint(t, Vec2{0.7f, -0.2f}), toWorld(c, Vec2{0.7f, -0.2f}), 1e-6f);
}

TEST(ObbTest, ProjectionIntervals)
{
    const Obb b = makeObb({1.0f, 2.0f}, {2.0f, 1.0f}, 0.0f);
    const Interval ix = project(b, {1.0f, 0.0f});
    EXPECT_FLOAT_EQ(ix.min, -1.0f);
    EXPECT_FLOAT_EQ(ix.max, 3.0f);
    const Interval iy = project(b, {0.0f, -1.0f});
    EXPECT_FLOAT_EQ(iy.min, -3.0f);
    EXPECT_FLOAT_EQ(iy.max, -1.0f);
    // On the diagonal (1,1)/sqrt2 the centre lands at 3/sqrt2 and the radius is (2+1)/sqrt2, so the
    // shadow is [0, 6/sqrt2].
    const Vec2 diag{1.0f / kSqrt2, 1.0f / kSqrt2};
    const Interval id = project(b, diag);
    EXPECT_NEAR(id.min, 0.0f, 1e-6f);
    EXPECT_NEAR(id.max, 6.0f / kSqrt2, 1e-5f);
    EXPECT_NEAR(projectedRadius(b, diag), 3.0f / kSqrt2, 1e-6f);

    // The same box turned 30 degrees, projected on x: radius 2 cos30 + 1 sin30 = sqrt3 + 0.5.
    const Obb r = makeObb({0.0f, 0.0f}, {2.0f, 1.0f}, kPi / 6.0f);
    EXPECT_NEAR(projectedRadius(r, {1.0f, 0.0f}), std::sqrt(3.0f) + 0.5f, 1e-6f);
    // ... and on y: 2 sin30 + 1 cos30 = 1 + sqrt3/2.
    EXPECT_NEAR(projectedRadius(r, {0.0f, 1.0f}), 1.0f + 0.5f * std::sqrt(3.0f), 1e-6f);

    // The interval bounds every corner's projection, and the extreme corners reach it.
    const Vec2 axis = normalize(Vec2{0.3f, -0.8f});
    const Interval ir = project(r, axis);
    float lo = 1e9f;
    float hi = -1e9f;
    for (const Vec2& c : corners(r))
    {
        lo = std::min(lo, dot(c, axis));
        hi = std::max(hi, dot(c, axis));
    }
    EXPECT_NEAR(ir.min, lo, 1e-5f);
    EXPECT_NEAR(ir.max, hi, 1e-5f);
}

TEST(CircleTest, ProjectionAndContains)
{
    const Circle c{{3.0f, 4.0f}, 2.0f};
    // (3,4) on (0.6, 0.8) is 5; plus/minus the radius.
    const Interval i = project(c, {0.6f, 0.8f});
    EXPECT_NEAR(i.min, 3.0f, 1e-6f);
    EXPECT_NEAR(i.max, 7.0f, 1e-6f);
    EXPECT_TRUE(contains(c, Vec2{3.0f, 4.0f}));
    EXPECT_TRUE(contains(c, Vec2{5.0f, 4.0f})); // on the boundary
    EXPECT_FALSE(contains(c, Vec2{5.01f, 4.0f}));
    // (4.5, 5.5) is 1.5*sqrt2 = 2.12 from the centre.
    EXPECT_FALSE(contains(c, Vec2{4.5f, 5.5f}));
}

TEST(ObbTest, LocalWorldRoundTrip)
{
    // Quarter turn about (1, 2): local (2, 1) -> (-1, 2) + (1, 2) = (0, 4).
    const Obb b = makeObb({1.0f, 2.0f}, {2.0f, 1.0f}, 0.5f * kPi);
    expectVecNear(toWorld(b, Vec2{2.0f, 1.0f}), {0.0f, 4.0f}, 1e-6f);
    expectVecNear(toLocal(b, Vec2{0.0f, 4.0f}), {2.0f, 1.0f}, 1e-6f);

    const Obb c = makeObb({-7.0f, 3.5f}, {1.0f, 1.0f}, -2.2f);
    const Vec2 pts[] = {{0.0f, 0.0f}, {1.0f, -1.0f}, {-12.0f, 40.0f}, {0.001f, 0.002f}};
    for (const Vec2& p : pts)
    {
        expectVecNear(toLocal(c, toWorld(c, p)), p, 1e-5f);
        expectVecNear(toWorld(c, toLocal(c, p)), p, 1e-5f);
    }
}

TEST(ObbTest, ContainsRespectsRotation)
{
    // A unit-half-extent box turned 45 degrees is a diamond reaching sqrt2 = 1.4142 along the axes,
    // with edges on |x| + |y| = sqrt2.
    const Obb d = makeObb({0.0f, 0.0f}, {1.0f, 1.0f}, 0.25f * kPi);
    EXPECT_TRUE(contains(d, Vec2{1.41f, 0.0f}));
    EXPECT_FALSE(contains(d, Vec2{1.42f, 0.0f}));
    EXPECT_TRUE(contains(d, Vec2{0.7f, 0.7f}));    // |x|+|y| = 1.4
    EXPECT_FALSE(contains(d, Vec2{0.75f, 0.75f})); // |x|+|y| = 1.5, though inside the unturned box
    EXPECT_TRUE(contains(d, Vec2{0.0f, -1.41f}));

    const Obb b = makeObb({2.0f, 3.0f}, {2.0f, 1.0f}, 0.0f);
    EXPECT_TRUE(contains(b, Vec2{4.0f, 4.0f})); // corner
    EXPECT_TRUE(contains(b, Vec2{0.0f, 3.0f})); // left edge
    EXPECT_FALSE(contains(b, Vec2{2.0f, 4.01f}));
}

} // namespace
