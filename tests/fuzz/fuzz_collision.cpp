// Fuzz target for the collision routines: pairs of boxes and circles decoded from the input, each
// checked against properties every correct answer has.
//
// Shapes stay in a sane but wide range (centres within 1e4 m of the origin, half extents and
// radii 1e-3 .. 1e3 m, any finite angle); inputs that decode outside it are skipped before any
// engine call. For every pair:
// - no output holds a NaN or an infinity;
// - testOverlap(a, b) == testOverlap(b, a);
// - testOverlap agrees with findMtv's `overlapping`, except when findMtv's depth is within the
//   touching tolerance of zero;
// - when overlapping, moving B by the MTV's translation plus a little more along the normal parts
//   the pair, and moving it by a little less than the translation does not (the MTV is the
//   smallest separating move, not merely one that works);
// - findMtv(b, a) finds the same depth;
// - manifold normals are unit length, point separations respect the speculative distance, circle
//   manifolds have at most one point, and clearly overlapping pairs have at least one;
// - ray hits lie on the shape's surface, along the ray, with a unit normal, never from inside.
// The tolerance is relative: float rounding grows with the coordinates and sizes involved.

#include "fuzz_input.hpp"
#include "oblique/manifold.hpp"
#include "oblique/mtv.hpp"
#include "oblique/overlap.hpp"
#include "oblique/ray_cast.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace
{

using namespace oblique;
using oblique::fuzz::ByteReader;
using oblique::fuzz::fail;

constexpr float kMaxCoordinate = 1.0e4f;
constexpr float kMinSize = 1.0e-3f;
constexpr float kMaxSize = 1.0e3f;
// Relative tolerance: about 80 float ulps of the largest magnitude involved.
constexpr float kRelativeTolerance = 1.0e-5f;
// Absolute floor: the routines treat distances below FLT_EPSILON metres as zero (two circle
// centres that close get the fixed normal +x, a circle centre that close to a box face counts as
// on it), which can shift an answer by a couple of FLT_EPSILON however small the shapes are.
constexpr float kAbsoluteTolerance = 4.0f * FLT_EPSILON;
// Unit vectors come from float cosines, sines and square roots: a few ulps off unit length.
constexpr float kUnitTolerance = 1.0e-5f;
// Pairs checked per input: enough to make each run worthwhile, few enough to stay fast.
constexpr int kMaxPairs = 16;

bool inRange(Vec2 c)
{
    return std::fabs(c.x) <= kMaxCoordinate && std::fabs(c.y) <= kMaxCoordinate;
}

bool sizeInRange(float s)
{
    return s >= kMinSize && s <= kMaxSize;
}

std::optional<Obb> decodeBox(ByteReader& in)
{
    const Vec2 center{fuzz::number(in, 20.0f), fuzz::number(in, 20.0f)};
    const Vec2 half{fuzz::size(in, kMinSize, kMaxSize), fuzz::size(in, kMinSize, kMaxSize)};
    const float angle = fuzz::angle(in);
    // The comparisons are false for NaN, so these reject every non-finite value too.
    if (!inRange(center) || !sizeInRange(half.x) || !sizeInRange(half.y) || !std::isfinite(angle))
    {
        return std::nullopt;
    }
    return makeObb(center, half, angle);
}

std::optional<Circle> decodeCircle(ByteReader& in)
{
    const Vec2 center{fuzz::number(in, 20.0f), fuzz::number(in, 20.0f)};
    const float radius = fuzz::size(in, kMinSize, kMaxSize);
    if (!inRange(center) || !sizeInRange(radius))
    {
        return std::nullopt;
    }
    return Circle{center, radius};
}

float magnitude(const Obb& b)
{
    return std::max({std::fabs(b.center.x), std::fabs(b.center.y), b.halfExtents.x, b.halfExtents.y});
}
float magnitude(const Circle& c)
{
    return std::max({std::fabs(c.center.x), std::fabs(c.center.y), c.radius});
}

Obb movedBy(Obb b, Vec2 d)
{
    b.center += d;
    return b;
}
Circle movedBy(Circle c, Vec2 d)
{
    c.center += d;
    return c;
}

// The manifold routine for each ordered pair of shapes.
Manifold collide(const Obb& a, const Obb& b, float s)
{
    return collideBoxes(a, b, s);
}
Manifold collide(const Obb& a, const Circle& b, float s)
{
    return collideBoxCircle(a, b, s);
}
Manifold collide(const Circle& a, const Obb& b, float s)
{
    return collideCircleBox(a, b, s);
}
Manifold collide(const Circle& a, const Circle& b, float s)
{
    return collideCircles(a, b, s);
}

constexpr bool isCircle(const Circle&)
{
    return true;
}
constexpr bool isCircle(const Obb&)
{
    return false;
}

bool isUnit(Vec2 v)
{
    return std::fabs(length(v) - 1.0f) <= kUnitTolerance;
}

void checkManifold(const Manifold& m, bool hasCircle, float speculative, float depth, float tolerance,
                   const char* pair)
{
    if (m.pointCount < 0 || m.pointCount > (hasCircle ? 1 : 2))
    {
        fail(pair, ": manifold has ", m.pointCount, " points");
    }
    if (depth > tolerance && m.pointCount == 0)
    {
        fail(pair, ": shapes overlap by ", depth, " but the manifold has no point");
    }
    if (m.pointCount == 0)
    {
        return;
    }
    if (!isFinite(m.normal) || !isUnit(m.normal))
    {
        fail(pair, ": manifold normal ", m.normal, " is not a unit vector");
    }
    for (int i = 0; i < m.pointCount; ++i)
    {
        const ManifoldPoint& p = m.points[i];
        if (!isFinite(p.point) || !std::isfinite(p.separation))
        {
            fail(pair, ": manifold point ", i, " is not finite: ", p.point, " separation ", p.separation);
        }
        if (p.separation > speculative + tolerance)
        {
            fail(pair, ": manifold point ", i, " has separation ", p.separation,
                 " beyond the speculative distance ", speculative);
        }
    }
}

template <typename A, typename B>
void checkPair(const A& a, const B& b, float speculative, const char* kind)
{
    const std::string described = fuzz::describe(kind, " (A = ", a, ", B = ", b, ")");
    const char* pair = described.c_str();
    const float tolerance = kAbsoluteTolerance + kRelativeTolerance * std::max(magnitude(a), magnitude(b));

    const bool overlapAB = testOverlap(a, b);
    if (overlapAB != testOverlap(b, a))
    {
        fail(pair, ": testOverlap(a, b) is ", overlapAB, " but testOverlap(b, a) is not");
    }

    const Mtv mtv = findMtv(a, b);
    if (!isFinite(mtv.normal) || !std::isfinite(mtv.depth) || !isFinite(mtv.translation))
    {
        fail(pair, ": findMtv is not finite: normal ", mtv.normal, " depth ", mtv.depth, " translation ",
             mtv.translation);
    }
    if (mtv.overlapping != (mtv.depth >= 0.0f))
    {
        fail(pair, ": findMtv says overlapping ", mtv.overlapping, " with depth ", mtv.depth);
    }
    if (overlapAB != mtv.overlapping && std::fabs(mtv.depth) > tolerance)
    {
        fail(pair, ": testOverlap says ", overlapAB, " but findMtv says ", mtv.overlapping, " with depth ",
             mtv.depth, " (tolerance ", tolerance, ")");
    }
    const Mtv reverse = findMtv(b, a);
    if (!(std::fabs(reverse.depth - mtv.depth) <= tolerance))
    {
        fail(pair, ": findMtv(a, b) has depth ", mtv.depth, " but findMtv(b, a) has ", reverse.depth);
    }

    if (mtv.overlapping)
    {
        if (!isUnit(mtv.normal))
        {
            fail(pair, ": MTV normal ", mtv.normal, " is not a unit vector");
        }
        if (!(length(mtv.translation - mtv.depth * mtv.normal) <= tolerance))
        {
            fail(pair, ": MTV translation ", mtv.translation, " is not depth ", mtv.depth, " times normal ",
                 mtv.normal);
        }
        const Vec2 apart = mtv.translation + (2.0f * tolerance) * mtv.normal;
        if (testOverlap(a, movedBy(b, apart)))
        {
            fail(pair, ": moving B by the MTV ", mtv.translation, " (plus ", 2.0f * tolerance,
                 " along the normal) leaves the shapes overlapping");
        }
        if (mtv.depth > 4.0f * tolerance)
        {
            const Vec2 shortOf = mtv.translation - (2.0f * tolerance) * mtv.normal;
            if (!testOverlap(a, movedBy(b, shortOf)))
            {
                fail(pair, ": moving B by less than the MTV ", mtv.translation,
                     " already parts the shapes: the MTV is not the smallest move");
            }
        }
    }

    const bool hasCircle = isCircle(a) || isCircle(b);
    const float depth = mtv.overlapping ? mtv.depth : 0.0f;
    checkManifold(collide(a, b, 0.0f), hasCircle, 0.0f, depth, tolerance, pair);
    if (speculative > 0.0f)
    {
        checkManifold(collide(a, b, speculative), hasCircle, speculative, depth, tolerance, pair);
    }
}

// Signed distance from a point to the shape's surface, negative inside.
float surfaceDistance(const Obb& b, Vec2 p)
{
    const Vec2 l = toLocal(b, p);
    const Vec2 outside{std::fabs(l.x) - b.halfExtents.x, std::fabs(l.y) - b.halfExtents.y};
    const float inside = std::min(std::max(outside.x, outside.y), 0.0f);
    return length(max(outside, Vec2{})) + inside;
}
float surfaceDistance(const Circle& c, Vec2 p)
{
    return distance(c.center, p) - c.radius;
}

template <typename Shape>
void checkRay(const Shape& shape, ByteReader& in)
{
    RayCastInput ray;
    ray.origin = shape.center + Vec2{fuzz::number(in, 20.0f), fuzz::number(in, 20.0f)};
    ray.translation = Vec2{fuzz::number(in, 40.0f), fuzz::number(in, 40.0f)};
    ray.maxFraction = in.flag() ? 1.0f : static_cast<float>(in.u8()) / 128.0f;
    const Vec2 end = ray.origin + ray.translation;
    if (!inRange(ray.origin) || !inRange(end))
    {
        return;
    }
    const std::string described =
        fuzz::describe("ray from ", ray.origin, " along ", ray.translation, " up to fraction ",
                       ray.maxFraction, " against ", shape, ":");
    const char* kind = described.c_str();
    const float tolerance =
        kAbsoluteTolerance +
        kRelativeTolerance * std::max({magnitude(shape), std::fabs(ray.origin.x), std::fabs(ray.origin.y),
                                       std::fabs(end.x), std::fabs(end.y)});
    const std::optional<RayHit> hit = rayCast(shape, ray);
    if (!hit)
    {
        return;
    }
    if (!isFinite(hit->point) || !isFinite(hit->normal) || !std::isfinite(hit->fraction))
    {
        fail(kind, " ray hit is not finite: point ", hit->point, " normal ", hit->normal, " fraction ",
             hit->fraction);
    }
    if (!isUnit(hit->normal))
    {
        fail(kind, " ray hit normal ", hit->normal, " is not a unit vector");
    }
    if (hit->fraction < 0.0f || hit->fraction > ray.maxFraction)
    {
        fail(kind, " ray hit fraction ", hit->fraction, " is outside [0, ", ray.maxFraction, "]");
    }
    if (!(length(hit->point - (ray.origin + hit->fraction * ray.translation)) <= tolerance))
    {
        fail(kind, " ray hit point ", hit->point, " is not on the ray at fraction ", hit->fraction);
    }
    if (!(std::fabs(surfaceDistance(shape, hit->point)) <= tolerance))
    {
        fail(kind, " ray hit point ", hit->point, " is ", surfaceDistance(shape, hit->point),
             " from the surface");
    }
    if (surfaceDistance(shape, ray.origin) < -tolerance)
    {
        fail(kind, " ray from inside the shape (origin ", ray.origin, ") reports a hit");
    }
    // A grazing hit has a normal square to the ray, give or take rounding.
    if (dot(hit->normal, ray.translation) > kUnitTolerance * length(ray.translation))
    {
        fail(kind, " ray hit normal ", hit->normal, " faces away from the ray's origin");
    }
}

// Zero most of the time (touching only), otherwise a distance the world's speculative contacts
// could ask for.
float decodeSpeculative(ByteReader& in)
{
    const std::uint8_t b = in.u8();
    return b < 128 ? 0.0f : static_cast<float>(b - 128) / 32.0f;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    ByteReader in(data, size);
    for (int pair = 0; pair < kMaxPairs && !in.empty(); ++pair)
    {
        const std::uint8_t kind = in.u8() % 4;
        const float speculative = decodeSpeculative(in);
        if (kind == 0)
        {
            const std::optional<Obb> a = decodeBox(in);
            const std::optional<Obb> b = decodeBox(in);
            if (a && b)
            {
                checkPair(*a, *b, speculative, "box-box");
                checkRay(*a, in);
            }
        }
        else if (kind == 1)
        {
            const std::optional<Obb> a = decodeBox(in);
            const std::optional<Circle> b = decodeCircle(in);
            if (a && b)
            {
                checkPair(*a, *b, speculative, "box-circle");
                checkRay(*b, in);
            }
        }
        else if (kind == 2)
        {
            const std::optional<Circle> a = decodeCircle(in);
            const std::optional<Obb> b = decodeBox(in);
            if (a && b)
            {
                checkPair(*a, *b, speculative, "circle-box");
            }
        }
        else
        {
            const std::optional<Circle> a = decodeCircle(in);
            const std::optional<Circle> b = decodeCircle(in);
            if (a && b)
            {
                checkPair(*a, *b, speculative, "circle-circle");
            }
        }
    }
    return 0;
}
