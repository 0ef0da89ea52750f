#include "oblique/mtv.hpp"
#include "oblique/overlap.hpp"
#include "oblique/ray_cast.hpp"
#include "random_shapes.hpp"
#include "sat_oracle.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <iostream>
#include <sstream>
#include <string>

namespace
{

using namespace oblique;
using namespace oblique::test;

// Pairs closer to touching than this (by the oracle's separation) may go either way in float and
// are counted but not compared.
constexpr double kTouchingBand = 1e-4;

std::string describe(const Obb& b)
{
    std::ostringstream out;
    out.precision(9);
    out << "{centre (" << b.center.x << ", " << b.center.y << "), half (" << b.halfExtents.x << ", "
        << b.halfExtents.y << "), angle " << b.angle << "}";
    return out.str();
}

std::string describe(const Circle& c)
{
    std::ostringstream out;
    out.precision(9);
    out << "{centre (" << c.center.x << ", " << c.center.y << "), radius " << c.radius << "}";
    return out.str();
}

// Report only the first few failures in detail; the totals are asserted at the end.
class FailureLog
{
public:
    void add(const std::string& what)
    {
        ++m_count;
        if (m_count <= 10)
        {
            ADD_FAILURE() << what;
        }
    }
    int count() const { return m_count; }

private:
    int m_count = 0;
};

TEST(OverlapPropertyTest, AgreesWithCornerProjectionOracle)
{
    constexpr int kPairs = 120000;
    ShapeSampler s(20240611u);
    int tested = 0;
    int skipped = 0;
    int agreements = 0;
    int overlapping = 0;
    FailureLog failures;
    for (int i = 0; i < kPairs; ++i)
    {
        const Obb a = makeObb(s.centre(), s.halfExtents(), s.anyAngle());
        const Obb b = placeBoxNear(s, a, s.halfExtents(), s.relatedAngle(a.angle), s.chance(0.35));
        const double d = oracleSeparation(a, b);
        if (std::fabs(d) < kTouchingBand)
        {
            ++skipped;
            continue;
        }
        ++tested;
        const bool expected = d < 0.0;
        overlapping += expected ? 1 : 0;
        const bool ab = testOverlap(a, b);
        const bool ba = testOverlap(b, a);
        if (ab == expected && ba == expected)
        {
            ++agreements;
        }
        else
        {
            failures.add("pair " + std::to_string(i) + ": oracle separation " + std::to_string(d) +
                         ", testOverlap(a,b) " + std::to_string(ab) + ", testOverlap(b,a) " +
                         std::to_string(ba) + "\n a " + describe(a) + "\n b " + describe(b));
        }
    }
    std::cout << "[ counts   ] box-box overlap vs oracle: pairs " << kPairs << ", tested " << tested
              << ", skipped as touching " << skipped << ", agreements " << agreements << ", overlapping "
              << overlapping << "\n";
    RecordProperty("pairs", kPairs);
    RecordProperty("tested", tested);
    RecordProperty("skippedTouching", skipped);
    RecordProperty("agreements", agreements);
    EXPECT_GE(tested, 100000);
    EXPECT_EQ(agreements, tested);
    EXPECT_EQ(failures.count(), 0);
    // The generator must keep both outcomes well represented, or the agreement says little.
    EXPECT_GT(overlapping, tested * 35 / 100);
    EXPECT_LT(overlapping, tested * 65 / 100);
}

double gapOf(const Obb& a, const Obb& b)
{
    return oracleSeparation(a, b);
}
double gapOf(const Obb& a, const Circle& b)
{
    return oracleSignedDistance(a, b);
}
double gapOf(const Circle& a, const Obb& b)
{
    return oracleSignedDistance(b, a);
}
double gapOf(const Circle& a, const Circle& b)
{
    return oracleSignedDistance(a, b);
}

Obb movedBy(Obb b, Vec2 v)
{
    b.center += v;
    return b;
}
Circle movedBy(Circle c, Vec2 v)
{
    c.center += v;
    return c;
}

struct MtvCounts
{
    int pairs = 0;
    int overlapping = 0;
    int separatedChecked = 0;
    int swapTies = 0; ///< swapped calls that picked the other of two equally deep faces
};

// The checks shared by every pairing: findMtv and testOverlap give the oracle's verdict away from
// touching, the depth is minus the oracle's separation, an overlapping pair moved by the
// translation just touches and one more millimetre parts it, and swapping the shapes negates the
// normal and keeps the depth.
template <typename A, typename B>
void checkMtv(const A& a, const B& b, MtvCounts& counts, FailureLog& failures)
{
    ++counts.pairs;
    const Mtv m = findMtv(a, b);
    const Mtv swapped = findMtv(b, a);
    const double d = gapOf(a, b);
    const auto fail = [&](const std::string& what)
    {
        failures.add(what + ": oracle separation " + std::to_string(d) + ", depth " +
                     std::to_string(m.depth) + ", normal (" + std::to_string(m.normal.x) + ", " +
                     std::to_string(m.normal.y) + ")\n a " + describe(a) + "\n b " + describe(b));
    };

    if (std::fabs(length(m.normal) - 1.0f) > 1e-5f)
    {
        fail("normal not unit");
    }
    if (std::fabs(static_cast<double>(m.depth) + d) > 1e-4)
    {
        fail("depth differs from the oracle");
    }
    if (swapped.depth != m.depth)
    {
        fail("swapping changed the depth to " + std::to_string(swapped.depth));
    }
    if (std::fabs(swapped.normal.x + m.normal.x) > 1e-5f || std::fabs(swapped.normal.y + m.normal.y) > 1e-5f)
    {
        // Allowed only when the two boxes offer faces of exactly equal depth, each call then keeping
        // its own first shape's face: the other normal must then part the pair just as well.
        const bool overlappingPair = d < -kTouchingBand;
        const B viaOther = movedBy(b, -swapped.depth * swapped.normal);
        if (overlappingPair && std::fabs(gapOf(a, viaOther)) < 1e-4)
        {
            ++counts.swapTies;
        }
        else
        {
            fail("swapping did not negate the normal: (" + std::to_string(swapped.normal.x) + ", " +
                 std::to_string(swapped.normal.y) + ")");
        }
    }
    if (std::fabs(d) < kTouchingBand)
    {
        return;
    }
    if (m.overlapping != (d < 0.0) || testOverlap(a, b) != (d < 0.0) || testOverlap(b, a) != (d < 0.0))
    {
        fail("overlap verdict (findMtv or testOverlap) differs from the oracle");
        return;
    }
    if (!m.overlapping)
    {
        ++counts.separatedChecked;
        if (!(m.translation == Vec2{}))
        {
            fail("separated pair with a non-zero translation");
        }
        return;
    }
    ++counts.overlapping;
    const B touching = movedBy(b, m.translation);
    const double afterMove = gapOf(a, touching);
    if (std::fabs(afterMove) > 1e-4)
    {
        fail("after the translation the gap is " + std::to_string(afterMove));
    }
    const B beyond = movedBy(touching, 1e-3f * m.normal);
    if (!(gapOf(a, beyond) > 0.0) || testOverlap(a, beyond))
    {
        fail("a millimetre past the translation the shapes still overlap");
    }
}

TEST(MtvPropertyTest, TranslationSeparatesAndSwapNegates)
{
    constexpr int kPairsPerKind = 25000;
    ShapeSampler s(7771u);
    FailureLog failures;
    MtvCounts boxBox;
    MtvCounts boxCircle;
    MtvCounts circleBox;
    MtvCounts circleCircle;
    for (int i = 0; i < kPairsPerKind; ++i)
    {
        const Obb a = makeObb(s.centre(), s.halfExtents(), s.anyAngle());
        const Obb b = placeBoxNear(s, a, s.halfExtents(), s.relatedAngle(a.angle), s.chance(0.35));
        checkMtv(a, b, boxBox, failures);

        const Obb box = makeObb(s.centre(), s.halfExtents(), s.anyAngle());
        const Circle c = placeCircleNear(s, box, s.logUniform(0.01f, 3.0f), s.chance(0.35));
        checkMtv(box, c, boxCircle, failures);

        const Obb box2 = makeObb(s.centre(), s.halfExtents(), s.anyAngle());
        const Circle c2 = placeCircleNear(s, box2, s.logUniform(0.01f, 3.0f), s.chance(0.35));
        checkMtv(c2, box2, circleBox, failures);

        const Circle p{s.centre(), s.logUniform(0.01f, 3.0f)};
        const float rq = s.logUniform(0.01f, 3.0f);
        const Circle q{p.center + s.uniform(0.0f, 1.6f * (p.radius + rq)) * s.unitVector(), rq};
        checkMtv(p, q, circleCircle, failures);
    }
    const auto print = [](const char* name, const MtvCounts& c)
    {
        std::cout << "[ counts   ] findMtv " << name << ": pairs " << c.pairs << ", overlapping checked "
                  << c.overlapping << ", separated checked " << c.separatedChecked
                  << ", swap picked the other equally deep face " << c.swapTies << "\n";
    };
    print("box-box", boxBox);
    print("box-circle", boxCircle);
    print("circle-box", circleBox);
    print("circle-circle", circleCircle);
    RecordProperty("boxBoxOverlapping", boxBox.overlapping);
    RecordProperty("boxCircleOverlapping", boxCircle.overlapping);
    RecordProperty("circleBoxOverlapping", circleBox.overlapping);
    RecordProperty("circleCircleOverlapping", circleCircle.overlapping);
    EXPECT_EQ(failures.count(), 0);
    for (const MtvCounts* c : {&boxBox, &boxCircle, &circleBox, &circleCircle})
    {
        EXPECT_GT(c->overlapping, kPairsPerKind / 4);
        EXPECT_GT(c->separatedChecked, kPairsPerKind / 4);
    }
}

// The entry fraction of a ray into a box or circle, worked in double: slabs in the box's frame, the
// quadratic for the circle. Negative when there is no entry (miss, too short, or starting inside).
double oracleRayBox(const Obb& box, Vec2 origin, Vec2 translation, double maxFraction, double grow)
{
    const OracleBox b = oracleBox(box);
    const DVec2 rel{static_cast<double>(origin.x) - b.center.x, static_cast<double>(origin.y) - b.center.y};
    const DVec2 d{translation.x, translation.y};
    const double p[2] = {dotD(rel, b.axisX), dotD(rel, b.axisY)};
    const double v[2] = {dotD(d, b.axisX), dotD(d, b.axisY)};
    const double h[2] = {b.half.x + grow, b.half.y + grow};
    double enter = -1e300;
    double leave = 1e300;
    for (int i = 0; i < 2; ++i)
    {
        if (v[i] == 0.0)
        {
            if (std::fabs(p[i]) > h[i])
            {
                return -1.0;
            }
            continue;
        }
        const double t0 = (-h[i] - p[i]) / v[i];
        const double t1 = (h[i] - p[i]) / v[i];
        enter = std::max(enter, std::min(t0, t1));
        leave = std::min(leave, std::max(t0, t1));
    }
    if (enter <= 0.0 || enter > leave || enter > maxFraction)
    {
        return -1.0;
    }
    return enter;
}

double oracleRayCircle(const Circle& c, Vec2 origin, Vec2 translation, double maxFraction, double grow)
{
    const double sx = static_cast<double>(origin.x) - static_cast<double>(c.center.x);
    const double sy = static_cast<double>(origin.y) - static_cast<double>(c.center.y);
    const double dx = translation.x;
    const double dy = translation.y;
    const double r = static_cast<double>(c.radius) + grow;
    const double qa = dx * dx + dy * dy;
    const double qb = 2.0 * (sx * dx + sy * dy);
    const double qc = sx * sx + sy * sy - r * r;
    const double disc = qb * qb - 4.0 * qa * qc;
    if (qc <= 0.0 || disc < 0.0 || qa == 0.0)
    {
        return -1.0;
    }
    const double t = (-qb - std::sqrt(disc)) / (2.0 * qa);
    return t > 0.0 && t <= maxFraction ? t : -1.0;
}

TEST(RayCastPropertyTest, AgreesWithDoubleOracle)
{
    constexpr int kRays = 40000;
    constexpr double kGrazing = 1e-4;
    ShapeSampler s(99173u);
    FailureLog failures;
    int tested = 0;
    int grazing = 0;
    int hits = 0;
    for (int i = 0; i < kRays; ++i)
    {
        const bool isBox = (i & 1) == 0;
        const Obb box = makeObb(s.centre(), s.halfExtents(), s.anyAngle());
        const Circle circle{box.center, s.logUniform(0.01f, 3.0f)};
        const float reach = isBox ? boundingRadius(box.halfExtents) : circle.radius;
        // Rays from around the shape, aimed near it, of lengths from a millimetre to ten metres.
        const Vec2 origin = box.center + s.uniform(0.0f, 3.0f * reach) * s.unitVector();
        const Vec2 target = box.center + s.uniform(0.0f, 1.5f * reach) * s.unitVector();
        const float rayLength = s.logUniform(1e-3f, 10.0f);
        const Vec2 translation = rayLength * normalize(target - origin);
        const float maxFraction = s.chance(0.2) ? s.uniform(0.1f, 2.0f) : 1.0f;
        const RayCastInput ray{origin, translation, maxFraction};

        const auto oracle = [&](double grow)
        {
            return isBox ? oracleRayBox(box, origin, translation, maxFraction, grow)
                         : oracleRayCircle(circle, origin, translation, maxFraction, grow);
        };
        const double exact = oracle(0.0);
        // A ray that would change its answer if the shape were 0.1 mm larger or smaller grazes it.
        if ((oracle(kGrazing) > 0.0) != (exact > 0.0) || (oracle(-kGrazing) > 0.0) != (exact > 0.0))
        {
            ++grazing;
            continue;
        }
        ++tested;
        const std::optional<RayHit> hit = isBox ? rayCast(box, ray) : rayCast(circle, ray);
        const std::string context =
            std::string(isBox ? "box " + describe(box) : "circle " + describe(circle)) + ", origin (" +
            std::to_string(origin.x) + ", " + std::to_string(origin.y) + "), translation (" +
            std::to_string(translation.x) + ", " + std::to_string(translation.y) + "), max " +
            std::to_string(maxFraction) + ", oracle fraction " + std::to_string(exact);
        if (hit.has_value() != (exact > 0.0))
        {
            failures.add("hit verdict differs: " + context);
            continue;
        }
        if (!hit)
        {
            continue;
        }
        ++hits;
        const Vec2 expectedPoint = origin + static_cast<float>(exact) * translation;
        if (distance(hit->point, expectedPoint) > 1e-4f ||
            std::fabs(static_cast<double>(hit->fraction) - exact) * static_cast<double>(rayLength) > 1e-4)
        {
            failures.add("hit point differs: got fraction " + std::to_string(hit->fraction) + ", " + context);
            continue;
        }
        // The normal faces the ray and is the surface normal there (away from box corners, where it
        // may be either face's).
        if (dot(hit->normal, translation) >= 0.0f || std::fabs(length(hit->normal) - 1.0f) > 1e-5f)
        {
            failures.add("normal does not face the ray: " + context);
        }
    }
    std::cout << "[ counts   ] ray casts vs double oracle: rays " << kRays << ", tested " << tested
              << ", skipped as grazing " << grazing << ", hits " << hits << "\n";
    EXPECT_EQ(failures.count(), 0);
    EXPECT_GT(hits, tested / 4);
    EXPECT_GT(tested - hits, tested / 4);
}

} // namespace
