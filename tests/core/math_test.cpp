#include "oblique/mat22.hpp"
#include "oblique/rot.hpp"
#include "oblique/transform.hpp"
#include "oblique/vec2.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <numbers>

namespace
{

using namespace oblique;

constexpr float kPi = std::numbers::pi_v<float>;

void expectVecNear(Vec2 actual, Vec2 expected, float tol)
{
    EXPECT_NEAR(actual.x, expected.x, tol);
    EXPECT_NEAR(actual.y, expected.y, tol);
}

TEST(Vec2Test, Arithmetic)
{
    const Vec2 a{1.0f, 2.0f};
    const Vec2 b{3.0f, -4.0f};
    EXPECT_EQ(a + b, (Vec2{4.0f, -2.0f}));
    EXPECT_EQ(a - b, (Vec2{-2.0f, 6.0f}));
    EXPECT_EQ(-a, (Vec2{-1.0f, -2.0f}));
    EXPECT_EQ(2.0f * a, (Vec2{2.0f, 4.0f}));
    EXPECT_EQ(a * 2.0f, (Vec2{2.0f, 4.0f}));

    Vec2 c = a;
    c += b;
    EXPECT_EQ(c, (Vec2{4.0f, -2.0f}));
    c -= a;
    EXPECT_EQ(c, b);
    c *= -0.5f;
    EXPECT_EQ(c, (Vec2{-1.5f, 2.0f}));
}

TEST(Vec2Test, DotAndCross)
{
    const Vec2 a{1.0f, 2.0f};
    const Vec2 b{3.0f, -4.0f};
    // 1*3 + 2*(-4) = -5; 1*(-4) - 2*3 = -10.
    EXPECT_FLOAT_EQ(dot(a, b), -5.0f);
    EXPECT_FLOAT_EQ(cross(a, b), -10.0f);
    EXPECT_FLOAT_EQ(cross(b, a), 10.0f);
    // The x axis crossed with the y axis is +z.
    EXPECT_FLOAT_EQ(cross(Vec2{1.0f, 0.0f}, Vec2{0.0f, 1.0f}), 1.0f);
    // v x s turns v clockwise and scales it; s x v turns it counter-clockwise.
    EXPECT_EQ(cross(Vec2{1.0f, 0.0f}, 2.0f), (Vec2{0.0f, -2.0f}));
    EXPECT_EQ(cross(2.0f, Vec2{1.0f, 0.0f}), (Vec2{0.0f, 2.0f}));
    EXPECT_EQ(perp(Vec2{1.0f, 0.0f}), (Vec2{0.0f, 1.0f}));
    EXPECT_EQ(perp(Vec2{0.0f, 1.0f}), (Vec2{-1.0f, 0.0f}));
    // perp is orthogonal and keeps the length.
    EXPECT_FLOAT_EQ(dot(perp(b), b), 0.0f);
}

TEST(Vec2Test, LengthsAndDistances)
{
    // The 3-4-5 triangle.
    EXPECT_FLOAT_EQ(length(Vec2{3.0f, 4.0f}), 5.0f);
    EXPECT_FLOAT_EQ(lengthSquared(Vec2{3.0f, 4.0f}), 25.0f);
    EXPECT_FLOAT_EQ(distance(Vec2{1.0f, 1.0f}, Vec2{4.0f, 5.0f}), 5.0f);
    EXPECT_FLOAT_EQ(distanceSquared(Vec2{1.0f, 1.0f}, Vec2{4.0f, 5.0f}), 25.0f);
}

TEST(Vec2Test, NormalizeKeepsZeroAndMakesUnitVectors)
{
    expectVecNear(normalize(Vec2{3.0f, 4.0f}), {0.6f, 0.8f}, 1e-7f);
    expectVecNear(normalize(Vec2{0.0f, -7.0f}), {0.0f, -1.0f}, 1e-7f);
    EXPECT_EQ(normalize(Vec2{}), (Vec2{0.0f, 0.0f}));
    EXPECT_TRUE(isFinite(normalize(Vec2{})));
}

TEST(Vec2Test, ComponentwiseHelpers)
{
    const Vec2 a{-1.0f, 5.0f};
    const Vec2 b{2.0f, -3.0f};
    EXPECT_EQ(abs(a), (Vec2{1.0f, 5.0f}));
    EXPECT_EQ(min(a, b), (Vec2{-1.0f, -3.0f}));
    EXPECT_EQ(max(a, b), (Vec2{2.0f, 5.0f}));
    EXPECT_EQ(lerp(a, b, 0.0f), a);
    EXPECT_EQ(lerp(a, b, 1.0f), b);
    // Halfway: (-1+2)/2 = 0.5, (5-3)/2 = 1.
    EXPECT_EQ(lerp(a, b, 0.5f), (Vec2{0.5f, 1.0f}));
    EXPECT_TRUE(isFinite(a));
    EXPECT_FALSE(isFinite(Vec2{std::nanf(""), 0.0f}));
    EXPECT_FALSE(isFinite(Vec2{0.0f, INFINITY}));
}

TEST(RotTest, QuarterTurnsAndKnownAngles)
{
    const Rot q90 = makeRot(0.5f * kPi);
    EXPECT_NEAR(q90.c, 0.0f, 1e-7f);
    EXPECT_NEAR(q90.s, 1.0f, 1e-7f);
    expectVecNear(rotate(q90, Vec2{1.0f, 0.0f}), {0.0f, 1.0f}, 1e-7f);
    expectVecNear(rotate(q90, Vec2{0.0f, 1.0f}), {-1.0f, 0.0f}, 1e-7f);
    expectVecNear(invRotate(q90, Vec2{0.0f, 1.0f}), {1.0f, 0.0f}, 1e-7f);

    // cos 30 = sqrt(3)/2, sin 30 = 1/2: (2, 0) goes to (sqrt 3, 1).
    const Rot q30 = makeRot(kPi / 6.0f);
    expectVecNear(rotate(q30, Vec2{2.0f, 0.0f}), {std::sqrt(3.0f), 1.0f}, 1e-6f);
    expectVecNear(xAxis(q30), {0.5f * std::sqrt(3.0f), 0.5f}, 1e-7f);
    expectVecNear(yAxis(q30), {-0.5f, 0.5f * std::sqrt(3.0f)}, 1e-7f);

    // -45 degrees turns (1, 1) onto the x axis: (sqrt 2, 0).
    expectVecNear(rotate(makeRot(-0.25f * kPi), Vec2{1.0f, 1.0f}), {std::sqrt(2.0f), 0.0f}, 1e-6f);
}

TEST(RotTest, AngleRoundTripAndComposition)
{
    EXPECT_NEAR(angle(makeRot(1.0f)), 1.0f, 1e-6f);
    EXPECT_NEAR(angle(makeRot(-2.5f)), -2.5f, 1e-6f);
    // 30 + 60 = 90 degrees.
    const Rot r = mul(makeRot(kPi / 3.0f), makeRot(kPi / 6.0f));
    EXPECT_NEAR(r.c, 0.0f, 1e-6f);
    EXPECT_NEAR(r.s, 1.0f, 1e-6f);
    // invMul(r, q) is the rotation from r to q: 0.3 -> 1.0 is +0.7 rad.
    EXPECT_NEAR(angle(invMul(makeRot(0.3f), makeRot(1.0f))), 0.7f, 1e-6f);
    EXPECT_NEAR(angle(invMul(makeRot(1.0f), makeRot(0.3f))), -0.7f, 1e-6f);
}

TEST(RotTest, WrapAngleSmallValues)
{
    EXPECT_FLOAT_EQ(wrapAngle(0.0f), 0.0f);
    EXPECT_FLOAT_EQ(wrapAngle(1.0f), 1.0f);
    EXPECT_FLOAT_EQ(wrapAngle(-1.0f), -1.0f);
    // 3*pi/2 is a quarter turn short of a full turn: -pi/2.
    EXPECT_NEAR(wrapAngle(1.5f * kPi), -0.5f * kPi, 1e-6f);
    EXPECT_NEAR(wrapAngle(2.0f * kPi + 0.25f), 0.25f, 1e-6f);
}

TEST(RotTest, WrapAngleHugeValues)
{
    // 1e6 / (2 pi) = 159154.943..., so the nearest whole number of turns is 159155 and
    // 1e6 - 159155 * 2 pi = -0.357564167086 (to 12 digits). A float reduction would lose every digit
    // of this; the reduction in double keeps it to well under a micro-radian.
    EXPECT_NEAR(wrapAngle(1.0e6f), -0.357564167f, 1e-6f);
    const Rot q = makeRot(1.0e6f);
    EXPECT_NEAR(q.c, std::cos(-0.357564167f), 1e-6f);
    EXPECT_NEAR(q.s, std::sin(-0.357564167f), 1e-6f);

    // -7 pi is an odd number of half turns, so it lands on the +-pi seam, and which side it lands on
    // depends on how the float input was rounded. The float nearest -7 pi = -21.99114857513 is
    // -21.99114799500, which is 5.8e-7 above -7 pi, so the remainder is -pi + 5.8e-7.
    const float nearest = static_cast<float>(-7.0 * std::numbers::pi);
    const float w = wrapAngle(nearest);
    EXPECT_LE(std::fabs(w), kPi);
    EXPECT_NEAR(w, -kPi, 2e-6f);
    EXPECT_GT(w, -kPi);
    const Rot r = makeRot(nearest);
    EXPECT_NEAR(r.c, -1.0f, 1e-6f);
    EXPECT_NEAR(r.s, 0.0f, 2e-6f);
    // Written as -7.0f * kPi instead, the float pi (3.14159274, above pi) times 7 is 21.99114919, and
    // that rounds to 21.99114990: 1.33e-6 beyond 7 pi, so this time the remainder is pi - 1.33e-6.
    const float product = -7.0f * kPi;
    const float wp = wrapAngle(product);
    EXPECT_NEAR(wp, kPi, 3e-6f);
    EXPECT_LT(wp, kPi);
    EXPECT_NEAR(makeRot(product).c, -1.0f, 1e-6f);

    // A million full turns plus a quarter turn: 2e6 pi + pi/2 = 6283186.8..., which a float holds
    // only to 0.5, so all that can be asked is that the result is a valid angle and the rotation a
    // unit one.
    const float big = wrapAngle(6283186.5f);
    EXPECT_LE(std::fabs(big), kPi);
    const Rot rb = makeRot(6283186.5f);
    EXPECT_NEAR(rb.c * rb.c + rb.s * rb.s, 1.0f, 1e-6f);
    EXPECT_NEAR(angle(rb), big, 1e-5f);
}

TEST(TransformTest, PointRoundTripAndKnownValue)
{
    const Transform t{{3.0f, -1.0f}, makeRot(0.5f * kPi)};
    // (1, 2) turned a quarter turn is (-2, 1), then shifted by (3, -1): (1, 0).
    expectVecNear(transformPoint(t, Vec2{1.0f, 2.0f}), {1.0f, 0.0f}, 1e-6f);
    expectVecNear(invTransformPoint(t, Vec2{1.0f, 0.0f}), {1.0f, 2.0f}, 1e-6f);

    const Transform u{{-4.5f, 7.25f}, makeRot(2.1f)};
    const Vec2 p{0.3f, -9.0f};
    expectVecNear(invTransformPoint(u, transformPoint(u, p)), p, 1e-5f);
    expectVecNear(transformPoint(u, invTransformPoint(u, p)), p, 1e-5f);
}

TEST(TransformTest, ComposeAndInverseCompose)
{
    const Transform a{{1.0f, 2.0f}, makeRot(0.7f)};
    const Transform b{{-3.0f, 0.5f}, makeRot(-1.9f)};
    const Vec2 p{2.0f, -1.0f};

    // (a * b) applied to p is b then a.
    const Transform ab = mul(a, b);
    expectVecNear(transformPoint(ab, p), transformPoint(a, transformPoint(b, p)), 1e-5f);
    EXPECT_NEAR(angle(ab.q), 0.7f - 1.9f, 1e-6f);

    // a^-1 * b maps b's local points into a's frame.
    const Transform rel = invMul(a, b);
    expectVecNear(transformPoint(rel, p), invTransformPoint(a, transformPoint(b, p)), 1e-5f);
    EXPECT_NEAR(angle(rel.q), -1.9f - 0.7f, 1e-6f);

    // a * (a^-1 * b) is b again.
    const Transform back = mul(a, rel);
    expectVecNear(back.p, b.p, 1e-5f);
    EXPECT_NEAR(back.q.c, b.q.c, 1e-6f);
    EXPECT_NEAR(back.q.s, b.q.s, 1e-6f);
}

TEST(TransformTest, Matrix23AgreesWithTransform)
{
    const Transform t{{2.0f, -3.0f}, makeRot(0.9f)};
    const Matrix23 m = toMatrix(t);
    // Row-major [c -s px; s c py].
    EXPECT_FLOAT_EQ(m.m[0], t.q.c);
    EXPECT_FLOAT_EQ(m.m[1], -t.q.s);
    EXPECT_FLOAT_EQ(m.m[2], 2.0f);
    EXPECT_FLOAT_EQ(m.m[3], t.q.s);
    EXPECT_FLOAT_EQ(m.m[4], t.q.c);
    EXPECT_FLOAT_EQ(m.m[5], -3.0f);
    const Vec2 samples[] = {{0.0f, 0.0f}, {1.0f, 0.0f}, {0.0f, 1.0f}, {-2.5f, 4.0f}, {100.0f, -50.0f}};
    for (const Vec2& p : samples)
    {
        expectVecNear(transformPoint(m, p), transformPoint(t, p), 1e-4f);
    }
    // The default matrix is the identity.
    EXPECT_EQ(transformPoint(Matrix23{}, Vec2{5.0f, 6.0f}), (Vec2{5.0f, 6.0f}));
}

TEST(Mat22Test, MultiplyTransposeSolve)
{
    // Columns (1, 3) and (2, 4): the matrix [1 2; 3 4].
    const Mat22 m{{1.0f, 3.0f}, {2.0f, 4.0f}};
    // [1 2; 3 4] * (1, 1) = (3, 7).
    EXPECT_EQ(mul(m, Vec2{1.0f, 1.0f}), (Vec2{3.0f, 7.0f}));
    const Mat22 t = transpose(m);
    EXPECT_EQ(mul(t, Vec2{1.0f, 1.0f}), (Vec2{4.0f, 6.0f}));
    // 1*4 - 2*3 = -2.
    EXPECT_FLOAT_EQ(determinant(m), -2.0f);
    // [1 2; 3 4] x = (5, 11) has x = (1, 2).
    expectVecNear(solve(m, Vec2{5.0f, 11.0f}), {1.0f, 2.0f}, 1e-6f);
    // Singular: rows (1, 2) and (2, 4).
    EXPECT_EQ(solve(Mat22{{1.0f, 2.0f}, {2.0f, 4.0f}}, Vec2{1.0f, 1.0f}), (Vec2{0.0f, 0.0f}));
}

} // namespace
