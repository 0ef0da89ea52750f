// The arithmetic of the collision teaching scenes, checked without a window: clamping to the
// screen, interval relations and the separating-axis verdict, handle editing, Gaussian contours
// and samples, the generated town and the drawing helpers.

#include "oblique/gaussian.hpp"
#include "oblique/overlap.hpp"
#include "scenes/demo_logic.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <numbers>
#include <random>
#include <string>
#include <vector>

namespace oblique::sandbox
{
namespace
{

constexpr float kPi = std::numbers::pi_v<float>;

TEST(ArrowDirection, NoKeysOrOppositeKeysStandStill)
{
    EXPECT_EQ(arrowDirection(false, false, false, false), (Vec2{0.0f, 0.0f}));
    EXPECT_EQ(arrowDirection(true, true, false, false), (Vec2{0.0f, 0.0f}));
    EXPECT_EQ(arrowDirection(false, false, true, true), (Vec2{0.0f, 0.0f}));
}

TEST(ArrowDirection, SingleKeysAreUnitAxesWithYUp)
{
    EXPECT_EQ(arrowDirection(true, false, false, false), (Vec2{-1.0f, 0.0f}));
    EXPECT_EQ(arrowDirection(false, true, false, false), (Vec2{1.0f, 0.0f}));
    EXPECT_EQ(arrowDirection(false, false, true, false), (Vec2{0.0f, -1.0f}));
    EXPECT_EQ(arrowDirection(false, false, false, true), (Vec2{0.0f, 1.0f}));
}

TEST(ArrowDirection, DiagonalsAreNotFaster)
{
    const Vec2 d = arrowDirection(false, true, false, true);
    EXPECT_NEAR(length(d), 1.0f, 1e-6f);
    EXPECT_GT(d.x, 0.0f);
    EXPECT_GT(d.y, 0.0f);
}

TEST(ClampInside, BoxInsideIsUnchanged)
{
    const Aabb bounds{{-10.0f, -5.0f}, {10.0f, 5.0f}};
    const Aabb box{{-1.0f, -1.0f}, {2.0f, 1.0f}};
    const Aabb r = clampInside(box, bounds);
    EXPECT_EQ(r.lower, box.lower);
    EXPECT_EQ(r.upper, box.upper);
}

TEST(ClampInside, BoxOffAnEdgeIsPushedBackKeepingItsSize)
{
    const Aabb bounds{{-10.0f, -5.0f}, {10.0f, 5.0f}};
    const Aabb r = clampInside(Aabb{{-12.0f, 3.0f}, {-9.0f, 7.0f}}, bounds);
    EXPECT_FLOAT_EQ(r.lower.x, -10.0f);
    EXPECT_FLOAT_EQ(r.upper.x, -7.0f);
    EXPECT_FLOAT_EQ(r.upper.y, 5.0f);
    EXPECT_FLOAT_EQ(r.lower.y, 1.0f);

    const Aabb s = clampInside(Aabb{{11.0f, -9.0f}, {13.0f, -8.0f}}, bounds);
    EXPECT_FLOAT_EQ(s.upper.x, 10.0f);
    EXPECT_FLOAT_EQ(s.lower.x, 8.0f);
    EXPECT_FLOAT_EQ(s.lower.y, -5.0f);
    EXPECT_FLOAT_EQ(s.upper.y, -4.0f);
    EXPECT_TRUE(contains(bounds, s));
}

TEST(ClampInside, BoxLargerThanBoundsIsCentredOnThatAxis)
{
    const Aabb bounds{{0.0f, 0.0f}, {4.0f, 4.0f}};
    const Aabb r = clampInside(Aabb{{10.0f, 10.0f}, {16.0f, 11.0f}}, bounds);
    EXPECT_FLOAT_EQ(r.lower.x, -1.0f);
    EXPECT_FLOAT_EQ(r.upper.x, 5.0f);
    EXPECT_FLOAT_EQ(r.upper.y, 4.0f);
    EXPECT_FLOAT_EQ(r.lower.y, 3.0f);
}

TEST(Relate, OverlapGapTouchAndContainment)
{
    const IntervalRelation overlap = relate({0.0f, 3.0f}, {2.0f, 5.0f});
    EXPECT_TRUE(overlap.overlapping);
    EXPECT_FLOAT_EQ(overlap.low, 2.0f);
    EXPECT_FLOAT_EQ(overlap.high, 3.0f);
    EXPECT_FLOAT_EQ(overlap.amount, 1.0f);

    const IntervalRelation gap = relate({4.0f, 6.0f}, {0.0f, 1.5f});
    EXPECT_FALSE(gap.overlapping);
    EXPECT_FLOAT_EQ(gap.low, 1.5f);
    EXPECT_FLOAT_EQ(gap.high, 4.0f);
    EXPECT_FLOAT_EQ(gap.amount, -2.5f);

    const IntervalRelation touch = relate({0.0f, 1.0f}, {1.0f, 2.0f});
    EXPECT_TRUE(touch.overlapping);
    EXPECT_FLOAT_EQ(touch.amount, 0.0f);
    EXPECT_FLOAT_EQ(touch.low, touch.high);

    const IntervalRelation inside = relate({0.0f, 10.0f}, {3.0f, 4.0f});
    EXPECT_TRUE(inside.overlapping);
    EXPECT_FLOAT_EQ(inside.low, 3.0f);
    EXPECT_FLOAT_EQ(inside.high, 4.0f);
}

TEST(FaceAxes, AxisAlignedBoxesApartOnXShowTheGapOnAx)
{
    const Obb a = makeObb({0.0f, 0.0f}, {1.0f, 1.0f});
    const Obb b = makeObb({3.5f, 0.5f}, {1.0f, 2.0f});
    const auto p = projectOnFaceAxes(a, b);
    EXPECT_FALSE(p[0].relation.overlapping);
    EXPECT_NEAR(p[0].relation.amount, -1.5f, 1e-6f);
    EXPECT_TRUE(p[1].relation.overlapping);
    EXPECT_FALSE(allAxesOverlap(p));
    EXPECT_NEAR(p[0].a.min, -1.0f, 1e-6f);
    EXPECT_NEAR(p[0].b.max, 4.5f, 1e-6f);
}

TEST(FaceAxes, VerdictAgreesWithTestOverlapAwayFromTouching)
{
    std::mt19937 rng(12345);
    std::uniform_real_distribution<float> position(-3.0f, 3.0f);
    std::uniform_real_distribution<float> size(0.1f, 2.0f);
    std::uniform_real_distribution<float> turn(-kPi, kPi);
    int compared = 0;
    for (int i = 0; i < 5000; ++i)
    {
        const Obb a = makeObb({position(rng), position(rng)}, {size(rng), size(rng)}, turn(rng));
        const Obb b = makeObb({position(rng), position(rng)}, {size(rng), size(rng)}, turn(rng));
        const auto p = projectOnFaceAxes(a, b);
        float closest = std::numeric_limits<float>::infinity();
        for (const AxisProjection& axis : p)
        {
            closest = std::min(closest, std::fabs(axis.relation.amount));
        }
        if (closest < 1e-3f)
        {
            continue; // too close to touching for two float computations to be held to one answer
        }
        EXPECT_EQ(allAxesOverlap(p), testOverlap(a, b)) << "pair " << i;
        ++compared;
    }
    EXPECT_GT(compared, 4900);
}

TEST(AngleTowards, FollowsThePointAndFallsBackAtTheCentre)
{
    EXPECT_FLOAT_EQ(angleTowards({1.0f, 1.0f}, {1.0f, 3.0f}, 0.0f), 0.5f * kPi);
    EXPECT_FLOAT_EQ(angleTowards({0.0f, 0.0f}, {-2.0f, 0.0f}, 0.0f), kPi);
    EXPECT_FLOAT_EQ(angleTowards({1.0f, 1.0f}, {1.0f, 1.0f}, 0.7f), 0.7f);
    EXPECT_FLOAT_EQ(angleTowards({1.0f, 1.0f}, {1.0f + 1e-6f, 1.0f}, 0.7f), 0.7f);
    EXPECT_FLOAT_EQ(angleTowards({0.0f, 0.0f}, {std::numeric_limits<float>::quiet_NaN(), 1.0f}, 0.3f), 0.3f);
}

TEST(HalfExtentsFromCorner, PutsTheCornerUnderThePointInTheBoxFrame)
{
    const Obb box = makeObb({2.0f, 1.0f}, {1.0f, 1.0f}, 0.5f * kPi);
    // Local (2, -3) of a box turned a quarter: world offset (3, 2).
    const Vec2 h = halfExtentsFromCorner(box, {5.0f, 3.0f}, 0.1f, 10.0f);
    EXPECT_NEAR(h.x, 2.0f, 1e-5f);
    EXPECT_NEAR(h.y, 3.0f, 1e-5f);
}

TEST(HalfExtentsFromCorner, ClampsAndIgnoresBadPoints)
{
    const Obb box = makeObb({0.0f, 0.0f}, {1.0f, 2.0f});
    const Vec2 atCentre = halfExtentsFromCorner(box, {0.0f, 0.0f}, 0.1f, 10.0f);
    EXPECT_FLOAT_EQ(atCentre.x, 0.1f);
    EXPECT_FLOAT_EQ(atCentre.y, 0.1f);
    const Vec2 far = halfExtentsFromCorner(box, {1e9f, -1e9f}, 0.1f, 10.0f);
    EXPECT_FLOAT_EQ(far.x, 10.0f);
    EXPECT_FLOAT_EQ(far.y, 10.0f);
    const Vec2 bad = halfExtentsFromCorner(box, {std::numeric_limits<float>::infinity(), 0.0f}, 0.1f, 10.0f);
    EXPECT_EQ(bad, box.halfExtents);
}

TEST(CovarianceFrom, BuildsTheMatrixAndKeepsItPositiveDefinite)
{
    const Mat22 c = covarianceFrom(2.0f, 1.0f, 0.5f);
    EXPECT_FLOAT_EQ(c.cx.x, 4.0f);
    EXPECT_FLOAT_EQ(c.cy.y, 1.0f);
    EXPECT_FLOAT_EQ(c.cx.y, 1.0f);
    EXPECT_FLOAT_EQ(c.cy.x, 1.0f);

    for (const Mat22& m : {covarianceFrom(0.0f, -1.0f, 2.0f), covarianceFrom(3.0f, 3.0f, -1.0f),
                           covarianceFrom(std::numeric_limits<float>::quiet_NaN(), 1.0f,
                                          std::numeric_limits<float>::quiet_NaN())})
    {
        EXPECT_GT(determinant(m), 0.0f);
        EXPECT_EQ(m.cx.y, m.cy.x);
        EXPECT_NO_THROW((void)obbFromGaussian({}, m, 3.0f));
    }
}

TEST(SigmaEllipse, PointsLieOnTheKSigmaContourInsideTheFittedBox)
{
    const Vec2 mean{1.0f, -2.0f};
    for (const float rho : {-0.9f, -0.3f, 0.0f, 0.6f, 0.95f})
    {
        const Mat22 cov = covarianceFrom(2.0f, 0.7f, rho);
        for (const float k : {1.0f, 2.0f, 3.0f})
        {
            const std::vector<Vec2> points = sigmaEllipse(mean, cov, k, 64);
            ASSERT_EQ(points.size(), 64u);
            const Obb box = obbFromGaussian(mean, cov, k);
            Vec2 reach{0.0f, 0.0f};
            for (const Vec2 p : points)
            {
                EXPECT_NEAR(std::sqrt(mahalanobisSquared(p, mean, cov)), k, 2e-3f * k);
                const Vec2 local = abs(toLocal(box, p));
                EXPECT_LE(local.x, box.halfExtents.x * (1.0f + 1e-4f) + 1e-5f);
                EXPECT_LE(local.y, box.halfExtents.y * (1.0f + 1e-4f) + 1e-5f);
                reach = max(reach, local);
            }
            // The box is tight: the ellipse reaches each of its sides.
            EXPECT_NEAR(reach.x, box.halfExtents.x, 1e-3f * box.halfExtents.x + 1e-5f);
            EXPECT_NEAR(reach.y, box.halfExtents.y, 1e-3f * box.halfExtents.y + 1e-5f);
        }
    }
}

TEST(SigmaEllipse, CounterClockwiseAndAtLeastATriangle)
{
    const std::vector<Vec2> points = sigmaEllipse({}, covarianceFrom(1.0f, 1.0f, 0.0f), 1.0f, 1);
    ASSERT_EQ(points.size(), 3u);
    EXPECT_GT(cross(points[1] - points[0], points[2] - points[1]), 0.0f);
}

TEST(Mahalanobis, SingularCovarianceIsInfinitelyFar)
{
    const Mat22 singular{{1.0f, 1.0f}, {1.0f, 1.0f}};
    EXPECT_TRUE(std::isinf(mahalanobisSquared({1.0f, 0.0f}, {}, singular)));
    EXPECT_FLOAT_EQ(mahalanobisSquared({3.0f, 0.0f}, {}, covarianceFrom(1.5f, 1.0f, 0.0f)), 4.0f);
}

TEST(MassInsideSigma, KnownValues)
{
    EXPECT_NEAR(massInsideSigma(1.0f), 0.3935f, 1e-4f);
    EXPECT_NEAR(massInsideSigma(2.0f), 0.8647f, 1e-4f);
    EXPECT_NEAR(massInsideSigma(3.0f), 0.9889f, 1e-4f);
}

TEST(GaussianSamples, SeededAndMatchingTheDistribution)
{
    const Vec2 mean{2.0f, -1.0f};
    const Mat22 cov = covarianceFrom(1.5f, 0.5f, -0.7f);
    const std::vector<Vec2> a = gaussianSamples(mean, cov, 20000, 99);
    const std::vector<Vec2> b = gaussianSamples(mean, cov, 20000, 99);
    ASSERT_EQ(a.size(), 20000u);
    EXPECT_TRUE(a == b);
    EXPECT_FALSE(a == gaussianSamples(mean, cov, 20000, 100));

    double mx = 0.0;
    double my = 0.0;
    for (const Vec2 p : a)
    {
        mx += static_cast<double>(p.x);
        my += static_cast<double>(p.y);
    }
    mx /= static_cast<double>(a.size());
    my /= static_cast<double>(a.size());
    double sxx = 0.0;
    double syy = 0.0;
    double sxy = 0.0;
    int inside1 = 0;
    for (const Vec2 p : a)
    {
        const double dx = static_cast<double>(p.x) - mx;
        const double dy = static_cast<double>(p.y) - my;
        sxx += dx * dx;
        syy += dy * dy;
        sxy += dx * dy;
        inside1 += mahalanobisSquared(p, mean, cov) <= 1.0f ? 1 : 0;
    }
    const auto n = static_cast<double>(a.size());
    EXPECT_NEAR(mx, 2.0, 0.03);
    EXPECT_NEAR(my, -1.0, 0.01);
    EXPECT_NEAR(sxx / n, static_cast<double>(cov.cx.x), 0.06);
    EXPECT_NEAR(syy / n, static_cast<double>(cov.cy.y), 0.01);
    EXPECT_NEAR(sxy / n, static_cast<double>(cov.cx.y), 0.02);
    EXPECT_NEAR(inside1 / n, static_cast<double>(massInsideSigma(1.0f)), 0.015);
    EXPECT_TRUE(gaussianSamples(mean, cov, -5, 1).empty());
}

TEST(GenerateTown, HundredsOfSpacedBuildingsInsideTheRegion)
{
    const TownLayout layout;
    const std::vector<Obb> town = generateTown(layout);
    EXPECT_EQ(static_cast<int>(town.size()), layout.count);
    int rotated = 0;
    for (std::size_t i = 0; i < town.size(); ++i)
    {
        EXPECT_TRUE(contains(layout.region, aabbOf(town[i]))) << i;
        EXPECT_GE(town[i].halfExtents.x, layout.minHalfSize);
        EXPECT_LE(town[i].halfExtents.y, layout.maxHalfSize);
        rotated += town[i].angle != 0.0f ? 1 : 0;
        // Spaced: even grown by just under the spacing, no building touches another.
        const Obb grown =
            makeObb(town[i].center, town[i].halfExtents + Vec2{0.9f * layout.spacing, 0.9f * layout.spacing},
                    town[i].angle);
        for (std::size_t j = 0; j < i; ++j)
        {
            ASSERT_FALSE(testOverlap(grown, town[j])) << i << " and " << j;
        }
    }
    EXPECT_GT(rotated, layout.count / 5);
    EXPECT_LT(rotated, layout.count / 2);
}

TEST(GenerateTown, SameLayoutSameTownAndCrowdingGivesUp)
{
    TownLayout layout;
    layout.count = 100;
    const std::vector<Obb> a = generateTown(layout);
    const std::vector<Obb> b = generateTown(layout);
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i)
    {
        EXPECT_EQ(a[i].center, b[i].center);
        EXPECT_EQ(a[i].halfExtents, b[i].halfExtents);
        EXPECT_EQ(a[i].angle, b[i].angle);
    }
    layout.seed = 2;
    EXPECT_FALSE(generateTown(layout)[0].center == a[0].center);

    TownLayout tiny;
    tiny.region = {{0.0f, 0.0f}, {10.0f, 10.0f}};
    tiny.count = 1000;
    tiny.maxAttempts = 2000;
    const std::vector<Obb> crowded = generateTown(tiny);
    EXPECT_GT(crowded.size(), 0u);
    EXPECT_LT(crowded.size(), 1000u);

    TownLayout none;
    none.region = {{0.0f, 0.0f}, {0.5f, 0.5f}}; // smaller than any building
    EXPECT_TRUE(generateTown(none).empty());
}

TEST(ZoomToFit, FitsTheTighterAxisAndFallsBackOnNonsense)
{
    EXPECT_FLOAT_EQ(zoomToFit({1000.0f, 500.0f}, {10.0f, 10.0f}, 1.0f), 50.0f);
    EXPECT_FLOAT_EQ(zoomToFit({1000.0f, 500.0f}, {100.0f, 10.0f}, 0.5f), 5.0f);
    EXPECT_GT(zoomToFit({0.0f, 500.0f}, {10.0f, 10.0f}), 0.0f);
    EXPECT_GT(zoomToFit({800.0f, 600.0f}, {0.0f, 0.0f}), 0.0f);
    EXPECT_TRUE(std::isfinite(zoomToFit({800.0f, 600.0f}, {std::numeric_limits<float>::infinity(), 1.0f})));
}

// Keeps what was drawn, to check the helpers' primitives.
class RecordingDraw final : public DebugDraw
{
public:
    void drawPolygon(std::span<const Vec2> vertices, Color) override
    {
        polygons.emplace_back(vertices.begin(), vertices.end());
    }
    void drawSolidPolygon(std::span<const Vec2> vertices, Color) override
    {
        solids.emplace_back(vertices.begin(), vertices.end());
    }
    void drawCircle(Vec2, float, Color) override {}
    void drawSolidCircle(Vec2, float, Vec2, Color) override {}
    void drawSegment(Vec2 p1, Vec2 p2, Color) override { segments.push_back({p1, p2}); }
    void drawPoint(Vec2, float, Color) override {}
    void drawTransform(const Transform&) override {}
    void drawString(Vec2, std::string_view, Color) override {}

    std::vector<std::vector<Vec2>> polygons;
    std::vector<std::vector<Vec2>> solids;
    std::vector<std::array<Vec2, 2>> segments;
};

TEST(DrawHelpers, ArrowHasAHeadOnlyWhenLongEnough)
{
    RecordingDraw d;
    drawArrow(d, {0.0f, 0.0f}, {2.0f, 0.0f}, 0.5f, {});
    ASSERT_EQ(d.segments.size(), 3u);
    for (std::size_t i = 1; i < 3; ++i)
    {
        EXPECT_EQ(d.segments[i][0], (Vec2{2.0f, 0.0f}));
        EXPECT_NEAR(d.segments[i][1].x, 1.5f, 1e-6f);
        EXPECT_NEAR(std::fabs(d.segments[i][1].y), 0.25f, 1e-6f);
    }
    RecordingDraw shortArrow;
    drawArrow(shortArrow, {0.0f, 0.0f}, {0.1f, 0.0f}, 0.5f, {});
    drawArrow(shortArrow, {1.0f, 1.0f}, {1.0f, 1.0f}, 0.5f, {});
    EXPECT_EQ(shortArrow.segments.size(), 2u);
}

TEST(DrawHelpers, ThickSegmentIsACounterClockwiseQuad)
{
    RecordingDraw d;
    drawThickSegment(d, {0.0f, 0.0f}, {0.0f, 3.0f}, 0.2f, {});
    ASSERT_EQ(d.solids.size(), 1u);
    const std::vector<Vec2>& q = d.solids[0];
    ASSERT_EQ(q.size(), 4u);
    for (std::size_t i = 0; i < 4; ++i)
    {
        const Vec2 e1 = q[(i + 1) % 4] - q[i];
        const Vec2 e2 = q[(i + 2) % 4] - q[(i + 1) % 4];
        EXPECT_GT(cross(e1, e2), 0.0f);
    }
    EXPECT_NEAR(distance(q[0], q[3]), 0.2f, 1e-6f);

    drawThickSegment(d, {1.0f, 1.0f}, {1.0f, 1.0f}, 0.2f, {});
    EXPECT_EQ(d.solids.size(), 1u);
    EXPECT_EQ(d.segments.size(), 1u);

    drawAabb(d, {{0.0f, 0.0f}, {2.0f, 1.0f}}, {}, false);
    ASSERT_EQ(d.polygons.size(), 1u);
    EXPECT_EQ(d.polygons[0][2], (Vec2{2.0f, 1.0f}));
}

} // namespace
} // namespace oblique::sandbox
