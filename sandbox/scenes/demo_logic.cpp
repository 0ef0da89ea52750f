#include "demo_logic.hpp"

#include "oblique/gaussian.hpp"
#include "oblique/overlap.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <random>

namespace oblique::sandbox
{

namespace
{

// A float uniform in [0, 1) from 24 random bits: exact, and the same on every platform because
// std::mt19937's sequence is fixed by the standard while its distributions are not.
float unitFloat(std::mt19937& rng)
{
    const auto bits = static_cast<std::uint32_t>(rng() >> 8u);
    return static_cast<float>(bits) * (1.0f / 16777216.0f);
}

float lerp(float a, float b, float t)
{
    return a + t * (b - a);
}

// The shift along one axis that brings [lower, upper] inside [boundLower, boundUpper].
float clampShift(float lower, float upper, float boundLower, float boundUpper)
{
    if (upper - lower >= boundUpper - boundLower)
    {
        return 0.5f * (boundLower + boundUpper) - 0.5f * (lower + upper);
    }
    if (lower < boundLower)
    {
        return boundLower - lower;
    }
    if (upper > boundUpper)
    {
        return boundUpper - upper;
    }
    return 0.0f;
}

} // namespace

Vec2 arrowDirection(bool left, bool right, bool down, bool up)
{
    const float x = (right ? 1.0f : 0.0f) - (left ? 1.0f : 0.0f);
    const float y = (up ? 1.0f : 0.0f) - (down ? 1.0f : 0.0f);
    if (x != 0.0f && y != 0.0f)
    {
        const float diagonal = 1.0f / std::numbers::sqrt2_v<float>;
        return {x * diagonal, y * diagonal};
    }
    return {x, y};
}

Aabb clampInside(const Aabb& box, const Aabb& bounds)
{
    const Vec2 shift{clampShift(box.lower.x, box.upper.x, bounds.lower.x, bounds.upper.x),
                     clampShift(box.lower.y, box.upper.y, bounds.lower.y, bounds.upper.y)};
    return {box.lower + shift, box.upper + shift};
}

IntervalRelation relate(Interval a, Interval b)
{
    const float start = std::max(a.min, b.min);
    const float end = std::min(a.max, b.max);
    // Overlapping, [start, end] is the shared part; apart, end < start and [end, start] is the gap.
    return {overlaps(a, b), std::min(start, end), std::max(start, end), overlapAmount(a, b)};
}

std::array<AxisProjection, 4> projectOnFaceAxes(const Obb& a, const Obb& b)
{
    const std::array<Vec2, 4> axes{axisX(a), axisY(a), axisX(b), axisY(b)};
    std::array<AxisProjection, 4> result{};
    for (std::size_t i = 0; i < axes.size(); ++i)
    {
        const Interval ia = project(a, axes[i]);
        const Interval ib = project(b, axes[i]);
        result[i] = {axes[i], ia, ib, relate(ia, ib)};
    }
    return result;
}

bool allAxesOverlap(const std::array<AxisProjection, 4>& projections)
{
    return std::all_of(projections.begin(), projections.end(),
                       [](const AxisProjection& p) { return p.relation.overlapping; });
}

float angleTowards(Vec2 center, Vec2 point, float fallback, float minDistance)
{
    const Vec2 d = point - center;
    if (!isFinite(d) || lengthSquared(d) < minDistance * minDistance)
    {
        return fallback;
    }
    return std::atan2(d.y, d.x);
}

Vec2 halfExtentsFromCorner(const Obb& box, Vec2 point, float minHalfExtent, float maxHalfExtent)
{
    const Vec2 local = toLocal(box, point);
    if (!isFinite(local))
    {
        return box.halfExtents;
    }
    return {std::clamp(std::fabs(local.x), minHalfExtent, maxHalfExtent),
            std::clamp(std::fabs(local.y), minHalfExtent, maxHalfExtent)};
}

Mat22 covarianceFrom(float sigmaX, float sigmaY, float rho, float minSigma, float maxCorrelation)
{
    // NaN fails every comparison, so it is replaced before the clamps rather than passed through.
    const float sx = std::isfinite(sigmaX) ? std::max(sigmaX, minSigma) : minSigma;
    const float sy = std::isfinite(sigmaY) ? std::max(sigmaY, minSigma) : minSigma;
    const float r = std::isfinite(rho) ? std::clamp(rho, -maxCorrelation, maxCorrelation) : 0.0f;
    const float sxy = r * sx * sy;
    return {{sx * sx, sxy}, {sxy, sy * sy}};
}

std::vector<Vec2> sigmaEllipse(Vec2 mean, const Mat22& covariance, float k, int segments)
{
    const int n = std::max(segments, 3);
    const SymmetricEigen e = eigenSymmetric(covariance);
    // The semi-axes are k standard deviations along each eigenvector.
    const float major = k * std::sqrt(std::max(e.lambda1, 0.0f));
    const float minor = k * std::sqrt(std::max(e.lambda2, 0.0f));
    const Vec2 u{std::cos(e.angle), std::sin(e.angle)};
    const Vec2 v = perp(u);
    std::vector<Vec2> points;
    points.reserve(static_cast<std::size_t>(n));
    const double step = 2.0 * std::numbers::pi / static_cast<double>(n);
    for (int i = 0; i < n; ++i)
    {
        const double t = step * static_cast<double>(i);
        const auto c = static_cast<float>(std::cos(t));
        const auto s = static_cast<float>(std::sin(t));
        points.push_back(mean + (major * c) * u + (minor * s) * v);
    }
    return points;
}

float mahalanobisSquared(Vec2 p, Vec2 mean, const Mat22& covariance)
{
    const auto a = static_cast<double>(covariance.cx.x);
    const double b = 0.5 * (static_cast<double>(covariance.cy.x) + static_cast<double>(covariance.cx.y));
    const auto c = static_cast<double>(covariance.cy.y);
    const double det = a * c - b * b;
    if (!(det > 0.0) || !std::isfinite(det))
    {
        return std::numeric_limits<float>::infinity();
    }
    const double dx = static_cast<double>(p.x) - static_cast<double>(mean.x);
    const double dy = static_cast<double>(p.y) - static_cast<double>(mean.y);
    return static_cast<float>((c * dx * dx - 2.0 * b * dx * dy + a * dy * dy) / det);
}

float massInsideSigma(float k)
{
    return 1.0f - std::exp(-0.5f * k * k);
}

std::vector<Vec2> gaussianSamples(Vec2 mean, const Mat22& covariance, int count, std::uint32_t seed)
{
    // Cholesky factor L with L * L^T = covariance: L * z maps standard normal z onto the Gaussian.
    const double a = std::max(static_cast<double>(covariance.cx.x), 0.0);
    const double b = 0.5 * (static_cast<double>(covariance.cy.x) + static_cast<double>(covariance.cx.y));
    const double c = std::max(static_cast<double>(covariance.cy.y), 0.0);
    const double l11 = std::sqrt(a);
    const double l21 = l11 > 0.0 ? b / l11 : 0.0;
    const double l22 = std::sqrt(std::max(c - l21 * l21, 0.0));

    std::mt19937 rng(seed);
    std::vector<Vec2> samples;
    samples.reserve(static_cast<std::size_t>(std::max(count, 0)));
    for (int i = 0; i < count; ++i)
    {
        // Box-Muller; 1 - u keeps the logarithm's argument in (0, 1].
        const double u1 = 1.0 - static_cast<double>(unitFloat(rng));
        const double u2 = static_cast<double>(unitFloat(rng));
        const double r = std::sqrt(-2.0 * std::log(u1));
        const double z1 = r * std::cos(2.0 * std::numbers::pi * u2);
        const double z2 = r * std::sin(2.0 * std::numbers::pi * u2);
        samples.push_back(
            {mean.x + static_cast<float>(l11 * z1), mean.y + static_cast<float>(l21 * z1 + l22 * z2)});
    }
    return samples;
}

std::vector<Obb> generateTown(const TownLayout& layout)
{
    std::mt19937 rng(layout.seed);
    std::vector<Obb> buildings;
    std::vector<Aabb> bounds; // each building's box grown by the spacing, for a cheap first test
    const std::size_t wanted = static_cast<std::size_t>(std::max(layout.count, 0));
    buildings.reserve(wanted);
    bounds.reserve(wanted);
    const float minHalf = std::max(layout.minHalfSize, 1e-3f);
    const float maxHalf = std::max(layout.maxHalfSize, minHalf);
    const float spacing = std::max(layout.spacing, 0.0f);

    for (int attempt = 0; attempt < layout.maxAttempts && buildings.size() < wanted; ++attempt)
    {
        const Vec2 half{lerp(minHalf, maxHalf, unitFloat(rng)), lerp(minHalf, maxHalf, unitFloat(rng))};
        const bool rotated = unitFloat(rng) < layout.rotatedShare;
        const float angle = rotated ? 0.5f * std::numbers::pi_v<float> * unitFloat(rng) : 0.0f;
        // Where the centre may go so that the whole building stays inside the region.
        const Vec2 reach = halfExtents(aabbOf(makeObb({}, half, angle)));
        const Vec2 lo = layout.region.lower + reach;
        const Vec2 hi = layout.region.upper - reach;
        if (lo.x > hi.x || lo.y > hi.y)
        {
            continue;
        }
        const Vec2 center{lerp(lo.x, hi.x, unitFloat(rng)), lerp(lo.y, hi.y, unitFloat(rng))};
        // Growing only the newcomer by the full spacing keeps a street of that width between the
        // faces of any two buildings.
        const Obb grown = makeObb(center, {half.x + spacing, half.y + spacing}, angle);
        const Aabb grownBounds = aabbOf(grown);
        bool free = true;
        for (std::size_t i = 0; i < buildings.size() && free; ++i)
        {
            free = !(overlaps(grownBounds, bounds[i]) && testOverlap(grown, buildings[i]));
        }
        if (free)
        {
            buildings.push_back(makeObb(center, half, angle));
            bounds.push_back(aabbOf(buildings.back()));
        }
    }
    return buildings;
}

float zoomToFit(Vec2 viewportPixels, Vec2 worldSize, float fill)
{
    constexpr float kFallback = 50.0f;
    if (!isFinite(viewportPixels) || !isFinite(worldSize) || !(viewportPixels.x > 0.0f) ||
        !(viewportPixels.y > 0.0f) || !(worldSize.x > 0.0f) || !(worldSize.y > 0.0f))
    {
        return kFallback;
    }
    const float f = std::isfinite(fill) ? std::clamp(fill, 0.01f, 1.0f) : 1.0f;
    return f * std::min(viewportPixels.x / worldSize.x, viewportPixels.y / worldSize.y);
}

void drawArrow(DebugDraw& drawer, Vec2 from, Vec2 to, float headLength, Color color)
{
    drawer.drawSegment(from, to, color);
    const Vec2 d = to - from;
    const float len = length(d);
    if (!(headLength > 0.0f) || !(len > headLength))
    {
        return;
    }
    const Vec2 u = (1.0f / len) * d;
    const Vec2 back = to - headLength * u;
    const Vec2 side = (0.5f * headLength) * perp(u);
    drawer.drawSegment(to, back + side, color);
    drawer.drawSegment(to, back - side, color);
}

void drawThickSegment(DebugDraw& drawer, Vec2 from, Vec2 to, float width, Color color)
{
    const Vec2 d = to - from;
    const float len = length(d);
    if (!(len > 0.0f) || !(width > 0.0f))
    {
        drawer.drawSegment(from, to, color);
        return;
    }
    const Vec2 n = (0.5f * width / len) * perp(d);
    const std::array<Vec2, 4> quad{from - n, to - n, to + n, from + n};
    drawer.drawSolidPolygon(quad, color);
}

void drawAabb(DebugDraw& drawer, const Aabb& box, Color color, bool solid)
{
    const std::array<Vec2, 4> v{box.lower, Vec2{box.upper.x, box.lower.y}, box.upper,
                                Vec2{box.lower.x, box.upper.y}};
    if (solid)
    {
        drawer.drawSolidPolygon(v, color);
    }
    else
    {
        drawer.drawPolygon(v, color);
    }
}

} // namespace oblique::sandbox
