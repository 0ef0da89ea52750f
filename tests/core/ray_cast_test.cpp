#include "oblique/ray_cast.hpp"

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

TEST(RayCastBoxTest, HitsTheNearFace)
{
    // Unit box at the origin; from (-3, 0.5) along (4, 0) the ray reaches x = -1 after 2 of its 4
    // metres: fraction 0.5, point (-1, 0.5), normal -x (facing the origin of the ray).
    const Obb box = makeObb({0.0f, 0.0f}, {1.0f, 1.0f});
    const auto hit = rayCast(box, {{-3.0f, 0.5f}, {4.0f, 0.0f}, 1.0f});
    ASSERT_TRUE(hit.has_value());
    // The start is really at float(-1.0001) = -1.00010002, so the exact fraction is 0.50008; the
    // quadratic gives up some digits on so short a ray, but 1e-3 of 0.2 mm is 0.2 micrometres.
    EXPECT_NEAR(hit->fraction, 0.50008f, 1e-3f);
    expectVecNear(hit->point, {-1.0f, 0.5f}, 1e-6f);
    expectVecNear(hit->normal, {-1.0f, 0.0f}, 1e-6f);

    // From above, straight down onto the top face y = 1 from y = 5 with translation (0, -8):
    // 4 / 8 = 0.5.
    const auto top = rayCast(box, {{0.25f, 5.0f}, {0.0f, -8.0f}, 1.0f});
    ASSERT_TRUE(top.has_value());
    EXPECT_NEAR(top->fraction, 0.5f, 1e-6f);
    expectVecNear(top->point, {0.25f, 1.0f}, 1e-6f);
    expectVecNear(top->normal, {0.0f, 1.0f}, 1e-6f);

    // Diagonally from (-3, -2) along (4, 4): x reaches -1 at t = 0.5 (y = 0, inside), y reaches -1 at
    // t = 0.25 (x = -2, outside), so the entry is through the left face at 0.5.
    const auto diag = rayCast(box, {{-3.0f, -2.0f}, {4.0f, 4.0f}, 1.0f});
    ASSERT_TRUE(diag.has_value());
    EXPECT_NEAR(diag->fraction, 0.5f, 1e-6f);
    expectVecNear(diag->point, {-1.0f, 0.0f}, 1e-6f);
    expectVecNear(diag->normal, {-1.0f, 0.0f}, 1e-6f);
}

TEST(RayCastBoxTest, TurnedBox)
{
    // A unit box turned 45 degrees is the diamond |x| + |y| <= sqrt2. A horizontal ray at y = 0.5
    // from x = -3 meets the upper-left edge y = x + sqrt2 at x = 0.5 - sqrt2 = -0.914214, after
    // 3 - 0.914214 = 2.085786 of its 6 metres: fraction 0.347631. That edge faces (-1, 1)/sqrt2.
    const Obb diamond = makeObb({0.0f, 0.0f}, {1.0f, 1.0f}, 0.25f * kPi);
    const auto hit = rayCast(diamond, {{-3.0f, 0.5f}, {6.0f, 0.0f}, 1.0f});
    ASSERT_TRUE(hit.has_value());
    EXPECT_NEAR(hit->fraction, (3.0f + 0.5f - kSqrt2) / 6.0f, 1e-6f);
    expectVecNear(hit->point, {0.5f - kSqrt2, 0.5f}, 1e-5f);
    expectVecNear(hit->normal, {-1.0f / kSqrt2, 1.0f / kSqrt2}, 1e-6f);
}

TEST(RayCastBoxTest, MissesAndShortRays)
{
    const Obb box = makeObb({0.0f, 0.0f}, {1.0f, 1.0f});
    // Passes above.
    EXPECT_FALSE(rayCast(box, {{-3.0f, 2.0f}, {6.0f, 0.0f}, 1.0f}).has_value());
    // Passes by the corner diagonally: from (-3, 0) along (2, 4) it is at x = -1 when y = 4.
    EXPECT_FALSE(rayCast(box, {{-3.0f, 0.0f}, {2.0f, 4.0f}, 1.0f}).has_value());
    // Stops 1 m short: translation (1, 0) from x = -3.
    EXPECT_FALSE(rayCast(box, {{-3.0f, 0.0f}, {1.0f, 0.0f}, 1.0f}).has_value());
    // Would hit at 0.5, but maxFraction is 0.3.
    EXPECT_FALSE(rayCast(box, {{-3.0f, 0.0f}, {4.0f, 0.0f}, 0.3f}).has_value());
    // Long translation, reaching the box only with maxFraction above 1: (1, 0) scaled by 2 -> x = -1.
    const auto far = rayCast(box, {{-3.0f, 0.0f}, {1.0f, 0.0f}, 2.5f});
    ASSERT_TRUE(far.has_value());
    EXPECT_NEAR(far->fraction, 2.0f, 1e-6f);
    // Pointing away.
    EXPECT_FALSE(rayCast(box, {{-3.0f, 0.0f}, {-4.0f, 0.0f}, 1.0f}).has_value());
}

TEST(RayCastBoxTest, StartingInsideReportsNoHit)
{
    const Obb box = makeObb({0.0f, 0.0f}, {1.0f, 1.0f}, 0.3f);
    EXPECT_FALSE(rayCast(box, {{0.0f, 0.0f}, {5.0f, 0.0f}, 1.0f}).has_value());
    EXPECT_FALSE(rayCast(box, {{0.2f, -0.3f}, {-5.0f, 3.0f}, 1.0f}).has_value());
}

TEST(RayCastBoxTest, ParallelRays)
{
    const Obb box = makeObb({0.0f, 0.0f}, {1.0f, 1.0f});
    // Parallel to the x faces, outside their slab: no hit however long.
    EXPECT_FALSE(rayCast(box, {{-3.0f, 1.5f}, {10.0f, 0.0f}, 1.0f}).has_value());
    EXPECT_FALSE(rayCast(box, {{1.5f, -5.0f}, {0.0f, 10.0f}, 1.0f}).has_value());
    // Parallel to the y faces, inside their slab: enters through the bottom face at y = -1 after 4 of
    // 10 metres.
    const auto hit = rayCast(box, {{0.5f, -5.0f}, {0.0f, 10.0f}, 1.0f});
    ASSERT_TRUE(hit.has_value());
    EXPECT_NEAR(hit->fraction, 0.4f, 1e-6f);
    expectVecNear(hit->point, {0.5f, -1.0f}, 1e-6f);
    expectVecNear(hit->normal, {0.0f, -1.0f}, 1e-6f);
}

TEST(RayCastCircleTest, HitsMissesInside)
{
    const Circle c{{0.0f, 0.0f}, 1.0f};
    // Head on: x = -1 after 2 of 4 metres.
    const auto hit = rayCast(c, {{-3.0f, 0.0f}, {4.0f, 0.0f}, 1.0f});
    ASSERT_TRUE(hit.has_value());
    // The start is really at float(-1.0001) = -1.00010002, so the exact fraction is 0.50008; the
    // quadratic gives up some digits on so short a ray, but 1e-3 of 0.2 mm is 0.2 micrometres.
    EXPECT_NEAR(hit->fraction, 0.50008f, 1e-3f);
    expectVecNear(hit->point, {-1.0f, 0.0f}, 1e-6f);
    expectVecNear(hit->normal, {-1.0f, 0.0f}, 1e-6f);

    // Off centre at y = 0.6: the circle is entered at x = -sqrt(1 - 0.36) = -0.8, after 2.2 of 6
    // metres, where the normal is (-0.8, 0.6).
    const auto off = rayCast(c, {{-3.0f, 0.6f}, {6.0f, 0.0f}, 1.0f});
    ASSERT_TRUE(off.has_value());
    EXPECT_NEAR(off->fraction, 2.2f / 6.0f, 1e-6f);
    expectVecNear(off->point, {-0.8f, 0.6f}, 1e-5f);
    expectVecNear(off->normal, {-0.8f, 0.6f}, 1e-5f);

    // Misses: passes above, stops short, points away, starts inside.
    EXPECT_FALSE(rayCast(c, {{-3.0f, 1.5f}, {6.0f, 0.0f}, 1.0f}).has_value());
    EXPECT_FALSE(rayCast(c, {{-3.0f, 0.0f}, {1.5f, 0.0f}, 1.0f}).has_value());
    EXPECT_FALSE(rayCast(c, {{-3.0f, 0.0f}, {-4.0f, 0.0f}, 1.0f}).has_value());
    EXPECT_FALSE(rayCast(c, {{0.2f, 0.1f}, {4.0f, 0.0f}, 1.0f}).has_value());

    // Off-origin circle: centre (5, 5), radius 2, ray straight down from (5, 10) with translation
    // (0, -10): the top of the circle (5, 7) after 3 of 10 metres.
    const auto down = rayCast(Circle{{5.0f, 5.0f}, 2.0f}, {{5.0f, 10.0f}, {0.0f, -10.0f}, 1.0f});
    ASSERT_TRUE(down.has_value());
    EXPECT_NEAR(down->fraction, 0.3f, 1e-6f);
    expectVecNear(down->point, {5.0f, 7.0f}, 1e-5f);
    expectVecNear(down->normal, {0.0f, 1.0f}, 1e-6f);
}

TEST(RayCastCircleTest, ShortRayThatEntersHits)
{
    // A 0.2 mm ray starting 0.1 mm outside a unit circle crosses its surface halfway: fraction 0.5 at
    // (-1, 0). The same ray against the unit box hits its face the same way, and a circle must not
    // need a longer ray than a box to be found.
    const RayCastInput ray{{-1.0001f, 0.0f}, {2.0e-4f, 0.0f}, 1.0f};
    const auto boxHit = rayCast(makeObb({0.0f, 0.0f}, {1.0f, 1.0f}), ray);
    ASSERT_TRUE(boxHit.has_value());
    EXPECT_NEAR(boxHit->fraction, 0.5f, 1e-3f);

    const auto hit = rayCast(Circle{{0.0f, 0.0f}, 1.0f}, ray);
    ASSERT_TRUE(hit.has_value());
    // The start is really at float(-1.0001) = -1.00010002, so the exact fraction is 0.50008; the
    // quadratic gives up some digits on so short a ray, but 1e-3 of 0.2 mm is 0.2 micrometres.
    EXPECT_NEAR(hit->fraction, 0.50008f, 1e-3f);
    expectVecNear(hit->point, {-1.0f, 0.0f}, 1e-6f);
    expectVecNear(hit->normal, {-1.0f, 0.0f}, 1e-6f);

    // Stopping 0.05 mm short of the surface it must still miss, and a zero-length ray never hits.
    EXPECT_FALSE(rayCast(Circle{{0.0f, 0.0f}, 1.0f}, {{-1.0001f, 0.0f}, {0.5e-4f, 0.0f}, 1.0f}).has_value());
    EXPECT_FALSE(rayCast(Circle{{0.0f, 0.0f}, 1.0f}, {{-1.0001f, 0.0f}, {0.0f, 0.0f}, 1.0f}).has_value());
}

} // namespace
