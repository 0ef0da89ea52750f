// The joint trees' symmetric 3x3 blocks (mat33.hpp): a Sym33 is the full matrix it stands for, and
// its inverse is that matrix's.

#include "mat33.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <random>

namespace oblique::detail
{
namespace
{

Mat33 full(const Sym33& s)
{
    return {{{s.xx, s.xy, s.xz}, {s.xy, s.yy, s.yz}, {s.xz, s.yz, s.zz}}};
}

Mat33 transposed(const Mat33& m)
{
    return {{{m.r[0].x, m.r[1].x, m.r[2].x}, {m.r[0].y, m.r[1].y, m.r[2].y}, {m.r[0].z, m.r[1].z, m.r[2].z}}};
}

Mat33 product(const Mat33& a, const Mat33& b)
{
    const Mat33 columns = transposed(b);
    Mat33 p;
    for (int i = 0; i < 3; ++i)
    {
        p.r[i] = {dot(a.r[i], columns.r[0]), dot(a.r[i], columns.r[1]), dot(a.r[i], columns.r[2])};
    }
    return p;
}

// Symmetric and positive definite, as a body's or a joint's block is: Q^T D Q for a random rotation
// Q and D's entries 1e-3 to 1e3, so conditioned up to 1e6 (a light body on a long lever).
Sym33 randomBlock(std::mt19937& rng)
{
    std::uniform_real_distribution<double> angle(-3.14159, 3.14159);
    std::uniform_real_distribution<double> scale(-3.0, 3.0);
    const auto turn = [](double t, int axis)
    {
        const double c = std::cos(t);
        const double s = std::sin(t);
        if (axis == 0)
        {
            return Mat33{{{1.0, 0.0, 0.0}, {0.0, c, -s}, {0.0, s, c}}};
        }
        if (axis == 1)
        {
            return Mat33{{{c, 0.0, s}, {0.0, 1.0, 0.0}, {-s, 0.0, c}}};
        }
        return Mat33{{{c, -s, 0.0}, {s, c, 0.0}, {0.0, 0.0, 1.0}}};
    };
    const Mat33 q = product(turn(angle(rng), 0), product(turn(angle(rng), 1), turn(angle(rng), 2)));
    const Vec3 d{std::pow(10.0, scale(rng)), std::pow(10.0, scale(rng)), std::pow(10.0, scale(rng))};
    const Mat33 m = product(transposed(q), scaleRows(d, q));
    return {m.r[0].x, m.r[0].y, m.r[0].z, m.r[1].y, m.r[1].z, m.r[2].z};
}

TEST(Sym33, TimesAVectorAsTheFullMatrix)
{
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> entry(-5.0, 5.0);
    for (int k = 0; k < 200; ++k)
    {
        const Sym33 s{entry(rng), entry(rng), entry(rng), entry(rng), entry(rng), entry(rng)};
        const Vec3 v{entry(rng), entry(rng), entry(rng)};
        const Vec3 got = mul(s, v);
        const Vec3 want = mul(full(s), v);
        EXPECT_DOUBLE_EQ(got.x, want.x);
        EXPECT_DOUBLE_EQ(got.y, want.y);
        EXPECT_DOUBLE_EQ(got.z, want.z);
    }
}

TEST(Sym33, InverseTimesTheMatrixIsTheIdentity)
{
    std::mt19937 rng(11);
    for (int k = 0; k < 500; ++k)
    {
        const Sym33 s = randomBlock(rng);
        const Mat33 p = product(full(inverse(s)), full(s));
        const double tolerance = 1e-7; // conditioning up to 1e6: about 2e-8 seen
        for (int i = 0; i < 3; ++i)
        {
            const Vec3 row = p.r[i];
            EXPECT_NEAR(row.x, i == 0 ? 1.0 : 0.0, tolerance) << "block " << k << " row " << i;
            EXPECT_NEAR(row.y, i == 1 ? 1.0 : 0.0, tolerance) << "block " << k << " row " << i;
            EXPECT_NEAR(row.z, i == 2 ? 1.0 : 0.0, tolerance) << "block " << k << " row " << i;
        }
    }
}

TEST(Sym33, InverseAgreesWithTheGeneralInverse)
{
    std::mt19937 rng(13);
    for (int k = 0; k < 500; ++k)
    {
        const Sym33 s = randomBlock(rng);
        const Mat33 symmetric = full(inverse(s));
        const Mat33 general = inverse(full(s));
        for (int i = 0; i < 3; ++i)
        {
            const double size =
                std::fabs(general.r[i].x) + std::fabs(general.r[i].y) + std::fabs(general.r[i].z);
            EXPECT_NEAR(symmetric.r[i].x, general.r[i].x, 1e-9 * size);
            EXPECT_NEAR(symmetric.r[i].y, general.r[i].y, 1e-9 * size);
            EXPECT_NEAR(symmetric.r[i].z, general.r[i].z, 1e-9 * size);
        }
    }
}

TEST(Sym33, SingularBlockHasTheZeroInverse)
{
    // Rank one: every row a multiple of the first.
    const Sym33 s{1.0, 2.0, 3.0, 4.0, 6.0, 9.0};
    const Sym33 inv = inverse(s);
    EXPECT_EQ(inv.xx, 0.0);
    EXPECT_EQ(inv.xy, 0.0);
    EXPECT_EQ(inv.xz, 0.0);
    EXPECT_EQ(inv.yy, 0.0);
    EXPECT_EQ(inv.yz, 0.0);
    EXPECT_EQ(inv.zz, 0.0);
}

} // namespace
} // namespace oblique::detail
