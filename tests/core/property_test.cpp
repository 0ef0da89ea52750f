#include "oblique/mtv.hpp"
#include "oblique/overlap.hpp"
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

// The checks shared by every pairing: the depth is minus the oracle's separation, an overlapping
// pair moved by the translation just touches and one more millimetre parts it, and swapping the
// shapes negates the normal and keeps the depth.
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
    if (m.overlapping != (d < 0.0))
    {
        fail("overlap verdict differs from the oracle");
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

} // namespace
