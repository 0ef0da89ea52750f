#include "oblique/mtv.hpp"
#include "oblique/overlap.hpp"
#include "sat_oracle.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <numbers>

namespace
{

using namespace oblique;
using oblique::test::oracleSeparation;
using oblique::test::oracleSignedDistance;

constexpr float kPi = std::numbers::pi_v<float>;
const float kSqrt2 = std::sqrt(2.0f);

void expectVecNear(Vec2 actual, Vec2 expected, float tol)
{
    EXPECT_NEAR(actual.x, expected.x, tol);
    EXPECT_NEAR(actual.y, expected.y, tol);
}

Obb moved(Obb b, Vec2 by)
{
    b.center += by;
    return b;
}

Circle moved(Circle c, Vec2 by)
{
    c.center += by;
    return c;
}

double gap(const Obb& a, const Obb& b)
{
    return oracleSeparation(a, b);
}
double gap(const Obb& a, const Circle& b)
{
    return oracleSignedDistance(a, b);
}
double gap(const Circle& a, const Obb& b)
{
    return oracleSignedDistance(b, a);
}
double gap(const Circle& a, const Circle& b)
{
    return oracleSignedDistance(a, b);
}

// Moving B by the translation must leave the pair just touching, and one more millimetre along the
// normal must part them.
template <typename A, typename B>
void expectTranslationSeparates(const A& a, const B& b, const Mtv& m)
{
    ASSERT_TRUE(m.overlapping);
    const B touching = moved(b, m.translation);
    EXPECT_NEAR(gap(a, touching), 0.0, 1e-4);
    const B beyond = moved(touching, 1e-3f * m.normal);
    EXPECT_GT(gap(a, beyond), 0.0);
    EXPECT_FALSE(testOverlap(a, beyond));
}

TEST(MtvBoxBoxTest, AxisAlignedOverlap)
{
    // Unit boxes with centres 1.5 apart on x: they overlap by 2 - 1.5 = 0.5 on x and by 2 - 0.2 = 1.8
    // on y, so the least penetration is 0.5 along +x (from a towards b).
    const Obb a = makeObb({0.0f, 0.0f}, {1.0f, 1.0f});
    const Obb b = makeObb({1.5f, 0.2f}, {1.0f, 1.0f});
    const Mtv m = findMtv(a, b);
    EXPECT_TRUE(m.overlapping);
    EXPECT_NEAR(m.depth, 0.5f, 1e-6f);
    expectVecNear(m.normal, {1.0f, 0.0f}, 1e-6f);
    expectVecNear(m.translation, {0.5f, 0.0f}, 1e-6f);
    expectTranslationSeparates(a, b, m);

    // b to the lower left of a: now the smaller overlap is on y (2 - 1.7 = 0.3 against 2 - 0.4 = 1.6)
    // and the normal points down, towards b.
    const Obb c = makeObb({-0.4f, -1.7f}, {1.0f, 1.0f});
    const Mtv mc = findMtv(a, c);
    EXPECT_NEAR(mc.depth, 0.3f, 1e-6f);
    expectVecNear(mc.normal, {0.0f, -1.0f}, 1e-6f);
    expectTranslationSeparates(a, c, mc);
}

TEST(MtvBoxBoxTest, RotatedBoxUsesTheBestFaceOfEitherBox)
{
    // A diamond (unit box at 45 degrees) at (2, 0) reaches back to 2 - sqrt2 = 0.5858 on x, so it
    // overlaps the unit box at the origin by 1 - 0.5858 = sqrt2 - 1 = 0.41421 along x. Along the
    // diamond's own axes the unit box reaches sqrt2 and the centres are 2/sqrt2 = sqrt2 apart, giving
    // an overlap of sqrt2 + 1 - sqrt2 = 1: worse. So the answer is a's face: +x, depth sqrt2 - 1.
    const Obb a = makeObb({0.0f, 0.0f}, {1.0f, 1.0f});
    const Obb diamond = makeObb({2.0f, 0.0f}, {1.0f, 1.0f}, 0.25f * kPi);
    const Mtv m = findMtv(a, diamond);
    EXPECT_TRUE(m.overlapping);
    EXPECT_NEAR(m.depth, kSqrt2 - 1.0f, 1e-5f);
    expectVecNear(m.normal, {1.0f, 0.0f}, 1e-6f);
    expectTranslationSeparates(a, diamond, m);

    // Swapped: the best face now belongs to the second box (the unit box, face -x), and the normal
    // still points from the first shape to the second: -x.
    const Mtv s = findMtv(diamond, a);
    EXPECT_NEAR(s.depth, kSqrt2 - 1.0f, 1e-5f);
    expectVecNear(s.normal, {-1.0f, 0.0f}, 1e-6f);
    expectTranslationSeparates(diamond, a, s);
}

TEST(MtvBoxBoxTest, RotatedFaceWins)
{
    // A box turned 30 degrees with half extents (2, 0.5); b is a unit box placed on its local +y side:
    // b's centre is at local (0.3, 1.2). Along a's y axis a reaches 0.5 and b reaches
    // cos30 + sin30 = 1.36603 (b's shadow radius in a's frame), so the overlap is
    // 0.5 + 1.36603 - 1.2 = 0.66603. In the world b's centre is at (0.3 cos30 - 1.2 sin30,
    // 0.3 sin30 + 1.2 cos30) = (-0.34019, 1.18923) from a's; along world x a reaches
    // 2 cos30 + 0.5 sin30 = 1.98205, an overlap of 1 + 1.98205 - 0.34019 = 2.64186, and along world y
    // it reaches 2 sin30 + 0.5 cos30 = 1.43301, an overlap of 1 + 1.43301 - 1.18923 = 1.24378. Both
    // are deeper, so the answer is a's local +y.
    const Obb a = makeObb({1.0f, -1.0f}, {2.0f, 0.5f}, kPi / 6.0f);
    const Obb b = makeObb(toWorld(a, {0.3f, 1.2f}), {1.0f, 1.0f});
    const Mtv m = findMtv(a, b);
    EXPECT_TRUE(m.overlapping);
    EXPECT_NEAR(m.depth, 0.5f + 0.5f * std::sqrt(3.0f) + 0.5f - 1.2f, 1e-5f);
    expectVecNear(m.normal, axisY(a), 1e-6f);
    expectTranslationSeparates(a, b, m);
}

TEST(MtvBoxBoxTest, SeparatedReportsTheGapAndNoTranslation)
{
    // A gap of 3 - 2 = 1 on x.
    const Obb a = makeObb({0.0f, 0.0f}, {1.0f, 1.0f});
    const Mtv m = findMtv(a, makeObb({3.0f, 0.5f}, {1.0f, 1.0f}));
    EXPECT_FALSE(m.overlapping);
    EXPECT_NEAR(m.depth, -1.0f, 1e-6f);
    expectVecNear(m.normal, {1.0f, 0.0f}, 1e-6f);
    EXPECT_EQ(m.translation, (Vec2{0.0f, 0.0f}));
}

TEST(MtvBoxBoxTest, TouchingHasZeroDepth)
{
    const Mtv m = findMtv(makeObb({0.0f, 0.0f}, {1.0f, 1.0f}), makeObb({0.5f, 2.0f}, {1.0f, 1.0f}));
    EXPECT_TRUE(m.overlapping);
    EXPECT_NEAR(m.depth, 0.0f, 1e-6f);
    expectVecNear(m.normal, {0.0f, 1.0f}, 1e-6f);
}

TEST(MtvBoxCircleTest, FaceCentreInsideAndCorner)
{
    const Obb box = makeObb({0.0f, 0.0f}, {2.0f, 1.0f});

    // Above the top face: the centre is 1.3 - 1 = 0.3 over it, radius 0.5, so 0.2 deep, along +y.
    const Circle above{{0.5f, 1.3f}, 0.5f};
    const Mtv m1 = findMtv(box, above);
    EXPECT_NEAR(m1.depth, 0.2f, 1e-6f);
    expectVecNear(m1.normal, {0.0f, 1.0f}, 1e-6f);
    expectVecNear(m1.translation, {0.0f, 0.2f}, 1e-6f);
    expectTranslationSeparates(box, above, m1);

    // Centre inside, 0.2 from the right face (x = 2) and further from the rest: pushing out through
    // that face takes 0.2 + 0.5 = 0.7.
    const Circle inside{{1.8f, 0.2f}, 0.5f};
    const Mtv m2 = findMtv(box, inside);
    EXPECT_NEAR(m2.depth, 0.7f, 1e-6f);
    expectVecNear(m2.normal, {1.0f, 0.0f}, 1e-6f);
    expectTranslationSeparates(box, inside, m2);

    // Beyond the corner (2, 1) by (0.6, 0.8): 1 from it, radius 1.5, so 0.5 deep along (0.6, 0.8).
    const Circle corner{{2.6f, 1.8f}, 1.5f};
    const Mtv m3 = findMtv(box, corner);
    EXPECT_NEAR(m3.depth, 0.5f, 1e-6f);
    expectVecNear(m3.normal, {0.6f, 0.8f}, 1e-6f);
    expectTranslationSeparates(box, corner, m3);

    // Apart: 1 from the corner, radius 0.75: a gap of 0.25.
    const Mtv m4 = findMtv(box, Circle{{2.6f, 1.8f}, 0.75f});
    EXPECT_FALSE(m4.overlapping);
    EXPECT_NEAR(m4.depth, -0.25f, 1e-6f);
    EXPECT_EQ(m4.translation, (Vec2{0.0f, 0.0f}));
}

TEST(MtvCircleBoxTest, NormalPointsFromCircleToBox)
{
    // The circle sits over the top face (y = 1) of a unit box, centre 2 above it, radius 2.5: 0.5 deep.
    // Seen from the circle the box lies below, so the normal is -y, and moving the box down by 0.5
    // parts them.
    const Circle c{{0.2f, 3.0f}, 2.5f};
    const Obb box = makeObb({0.0f, 0.0f}, {1.0f, 1.0f});
    const Mtv m = findMtv(c, box);
    EXPECT_TRUE(m.overlapping);
    EXPECT_NEAR(m.depth, 0.5f, 1e-6f);
    expectVecNear(m.normal, {0.0f, -1.0f}, 1e-6f);
    expectVecNear(m.translation, {0.0f, -0.5f}, 1e-6f);
    expectTranslationSeparates(c, box, m);

    // Against a turned box: the diamond's right corner is at (sqrt2, 0); a circle at (2.4, 0) with
    // radius 1.1 reaches 1.3, so 1.41421 - 1.3 = 0.11421 deep, and the box must move along -x.
    const Obb diamond = makeObb({0.0f, 0.0f}, {1.0f, 1.0f}, 0.25f * kPi);
    const Circle side{{2.4f, 0.0f}, 1.1f};
    const Mtv md = findMtv(side, diamond);
    EXPECT_NEAR(md.depth, kSqrt2 - 1.3f, 1e-5f);
    expectVecNear(md.normal, {-1.0f, 0.0f}, 1e-5f);
    expectTranslationSeparates(side, diamond, md);
}

TEST(MtvCircleCircleTest, DepthNormalTranslation)
{
    // Centres 5 apart along (0.6, 0.8), radii 2 + 4 = 6: 1 deep.
    const Circle a{{0.0f, 0.0f}, 2.0f};
    const Circle b{{3.0f, 4.0f}, 4.0f};
    const Mtv m = findMtv(a, b);
    EXPECT_TRUE(m.overlapping);
    EXPECT_NEAR(m.depth, 1.0f, 1e-6f);
    expectVecNear(m.normal, {0.6f, 0.8f}, 1e-6f);
    expectVecNear(m.translation, {0.6f, 0.8f}, 1e-6f);
    expectTranslationSeparates(a, b, m);

    // Apart by 5 - 4 = 1.
    const Mtv apart = findMtv(a, Circle{{3.0f, 4.0f}, 2.0f});
    EXPECT_FALSE(apart.overlapping);
    EXPECT_NEAR(apart.depth, -1.0f, 1e-6f);
}

} // namespace
