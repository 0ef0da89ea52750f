#include "oblique/gaussian.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <numbers>
#include <stdexcept>

namespace
{

using namespace oblique;

constexpr float kPi = std::numbers::pi_v<float>;

// A symmetric matrix [[a, b], [b, c]] (columns (a, b) and (b, c)).
Mat22 sym(float a, float b, float c)
{
    return {{a, b}, {b, c}};
}

TEST(EigenTest, DiagonalMatrices)
{
    const SymmetricEigen e = eigenSymmetric(sym(4.0f, 0.0f, 1.0f));
    EXPECT_FLOAT_EQ(e.lambda1, 4.0f);
    EXPECT_FLOAT_EQ(e.lambda2, 1.0f);
    EXPECT_FLOAT_EQ(e.angle, 0.0f);

    // The larger eigenvalue along y: the first eigenvector is (0, 1), angle pi/2.
    const SymmetricEigen f = eigenSymmetric(sym(1.0f, 0.0f, 4.0f));
    EXPECT_FLOAT_EQ(f.lambda1, 4.0f);
    EXPECT_FLOAT_EQ(f.lambda2, 1.0f);
    EXPECT_FLOAT_EQ(f.angle, 0.5f * kPi);

    // Equal eigenvalues: any direction will do, but it must be a valid angle.
    const SymmetricEigen g = eigenSymmetric(sym(2.0f, 0.0f, 2.0f));
    EXPECT_FLOAT_EQ(g.lambda1, 2.0f);
    EXPECT_FLOAT_EQ(g.lambda2, 2.0f);
    EXPECT_GT(g.angle, -0.5f * kPi);
    EXPECT_LE(g.angle, 0.5f * kPi);
}

TEST(EigenTest, AngleStaysInRangeForNegativeZeroOffDiagonal)
{
    // diag(1, 4) written with off-diagonal entries of -0 (as an expression like -1 * 0.0f gives):
    // still the same matrix, with its first eigenvector along y, so the angle in (-pi/2, pi/2] must
    // be +pi/2, not -pi/2.
    const SymmetricEigen e = eigenSymmetric(sym(1.0f, -0.0f, 4.0f));
    EXPECT_FLOAT_EQ(e.lambda1, 4.0f);
    EXPECT_FLOAT_EQ(e.lambda2, 1.0f);
    EXPECT_GT(e.angle, -0.5f * kPi);
    EXPECT_FLOAT_EQ(e.angle, 0.5f * kPi);

    // A tiny negative off-diagonal term tilts the axis just past vertical on the negative side; the
    // angle must still be reported inside the half-open range.
    const SymmetricEigen t = eigenSymmetric(sym(1.0f, -1e-30f, 4.0f));
    EXPECT_GT(t.angle, -0.5f * kPi);
    EXPECT_LE(t.angle, 0.5f * kPi);
}

TEST(EigenTest, RotatedCovariance)
{
    // R(30 deg) diag(9, 1) R^T with c = cos30 = sqrt3/2, s = 1/2:
    //   a = 9c^2 + s^2 = 6.75 + 0.25 = 7, c' = 9s^2 + c^2 = 2.25 + 0.75 = 3,
    //   b = (9 - 1) c s = 8 * sqrt3/4 = 2 sqrt3 = 3.464102.
    // Check: mean (7 + 3)/2 = 5, radius hypot(2, 2 sqrt3) = 4, so eigenvalues 9 and 1, and the
    // angle is atan2(2b, a - c')/2 = atan2(4 sqrt3, 4)/2 = 60/2 = 30 degrees.
    const float b = 2.0f * std::sqrt(3.0f);
    const SymmetricEigen e = eigenSymmetric(sym(7.0f, b, 3.0f));
    EXPECT_NEAR(e.lambda1, 9.0f, 1e-5f);
    EXPECT_NEAR(e.lambda2, 1.0f, 1e-5f);
    EXPECT_NEAR(e.angle, kPi / 6.0f, 1e-6f);

    // Mirrored (b negative): -30 degrees.
    const SymmetricEigen m = eigenSymmetric(sym(7.0f, -b, 3.0f));
    EXPECT_NEAR(m.lambda1, 9.0f, 1e-5f);
    EXPECT_NEAR(m.angle, -kPi / 6.0f, 1e-6f);

    // R(120 deg) diag(9, 1) R^T: c = -1/2, s = sqrt3/2, so a = 9/4 + 3/4 = 3, c' = 27/4 + 1/4 = 7,
    // b = 8 (-1/2)(sqrt3/2) = -2 sqrt3. The axis at 120 degrees is the same line as -60 degrees,
    // which is the representative in (-pi/2, pi/2].
    const SymmetricEigen r = eigenSymmetric(sym(3.0f, -b, 7.0f));
    EXPECT_NEAR(r.lambda1, 9.0f, 1e-5f);
    EXPECT_NEAR(r.lambda2, 1.0f, 1e-5f);
    EXPECT_NEAR(r.angle, -kPi / 3.0f, 1e-6f);
}

TEST(GaussianObbTest, HalfExtentsAreKSigma)
{
    // Variances 4 and 1 along the axes: sigmas 2 and 1, so at k = 2 the half extents are 4 and 2.
    const Obb box = obbFromGaussian({1.0f, -2.0f}, sym(4.0f, 0.0f, 1.0f), 2.0f);
    EXPECT_EQ(box.center, (Vec2{1.0f, -2.0f}));
    EXPECT_NEAR(box.halfExtents.x, 4.0f, 1e-6f);
    EXPECT_NEAR(box.halfExtents.y, 2.0f, 1e-6f);
    EXPECT_NEAR(box.angle, 0.0f, 1e-7f);

    // The rotated covariance above: eigenvalues 9 and 1 at 30 degrees. k = 3 gives 9 and 3, and the
    // cached rotation agrees with the angle.
    const Obb r = obbFromGaussian({0.0f, 0.0f}, sym(7.0f, 2.0f * std::sqrt(3.0f), 3.0f), 3.0f);
    EXPECT_NEAR(r.halfExtents.x, 9.0f, 1e-5f);
    EXPECT_NEAR(r.halfExtents.y, 3.0f, 1e-5f);
    EXPECT_NEAR(r.angle, kPi / 6.0f, 1e-6f);
    EXPECT_NEAR(r.rot.c, 0.5f * std::sqrt(3.0f), 1e-6f);
    EXPECT_NEAR(r.rot.s, 0.5f, 1e-6f);

    // The k-sigma ellipse touches the box: its point along the major axis, 3 * 3 = 9 from the centre
    // at 30 degrees, lies on the box boundary.
    const Vec2 tip = 9.0f * Vec2{0.5f * std::sqrt(3.0f), 0.5f};
    const Vec2 local = toLocal(r, tip);
    EXPECT_NEAR(local.x, r.halfExtents.x, 1e-5f);
    EXPECT_NEAR(local.y, 0.0f, 1e-5f);
}

TEST(GaussianObbTest, DegenerateCovarianceGivesAFlatBox)
{
    // [[1, 1], [1, 1]] has eigenvalues 2 and 0 with the first eigenvector along (1, 1): a segment
    // of half length k sqrt2 at 45 degrees.
    const Obb box = obbFromGaussian({0.0f, 0.0f}, sym(1.0f, 1.0f, 1.0f), 1.5f);
    EXPECT_NEAR(box.halfExtents.x, 1.5f * std::sqrt(2.0f), 1e-5f);
    EXPECT_NEAR(box.halfExtents.y, 0.0f, 1e-3f);
    EXPECT_NEAR(box.angle, 0.25f * kPi, 1e-6f);
}

TEST(GaussianObbTest, BadInputThrows)
{
    const Mat22 good = sym(2.0f, 0.5f, 1.0f);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    EXPECT_NO_THROW(obbFromGaussian({0.0f, 0.0f}, good, 1.0f));

    // Not symmetric.
    EXPECT_THROW(obbFromGaussian({0.0f, 0.0f}, Mat22{{1.0f, 0.5f}, {0.0f, 1.0f}}, 1.0f),
                 std::invalid_argument);
    // Not positive semi-definite: an eigenvalue of -1, and [[1, 2], [2, 1]] with eigenvalues 3, -1.
    EXPECT_THROW(obbFromGaussian({0.0f, 0.0f}, sym(1.0f, 0.0f, -1.0f), 1.0f), std::invalid_argument);
    EXPECT_THROW(obbFromGaussian({0.0f, 0.0f}, sym(1.0f, 2.0f, 1.0f), 1.0f), std::invalid_argument);
    // Non-finite entries.
    EXPECT_THROW(obbFromGaussian({0.0f, 0.0f}, sym(nan, 0.0f, 1.0f), 1.0f), std::invalid_argument);
    EXPECT_THROW(obbFromGaussian({0.0f, 0.0f}, sym(1.0f, inf, 1.0f), 1.0f), std::invalid_argument);
    EXPECT_THROW(obbFromGaussian({nan, 0.0f}, good, 1.0f), std::invalid_argument);
    EXPECT_THROW(obbFromGaussian({0.0f, -inf}, good, 1.0f), std::invalid_argument);
    // k must be finite and positive.
    EXPECT_THROW(obbFromGaussian({0.0f, 0.0f}, good, 0.0f), std::invalid_argument);
    EXPECT_THROW(obbFromGaussian({0.0f, 0.0f}, good, -2.0f), std::invalid_argument);
    EXPECT_THROW(obbFromGaussian({0.0f, 0.0f}, good, nan), std::invalid_argument);
    EXPECT_THROW(obbFromGaussian({0.0f, 0.0f}, good, inf), std::invalid_argument);
}

} // namespace
