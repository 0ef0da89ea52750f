// The engine's sine and cosine. The step turns every body's angle into a rotation with these, so
// they must give the same bits wherever the engine is built: only double additions and
// multiplications in a fixed order, which IEEE 754 defines exactly, and no call into the C
// library, whose sinf and cosf differ between versions in the last bit.

#include "oblique/rot.hpp"

#include "rots.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

namespace oblique
{
namespace
{

// pi/2 split into three doubles. The first two have their low 20 bits clear, so k times each is
// exact for |k| < 2^20 and the reduced angle keeps its precision up to |angle| ~ 1.6e6.
constexpr double kHalfPi1 = 0x1.921fb54400000p+0;
constexpr double kHalfPi2 = 0x1.0b4611a600000p-34;
constexpr double kHalfPi3 = 0x1.3198a2e037073p-69;
constexpr double kTwoOverPi = 0x1.45f306dc9c883p-1;
constexpr double kTwoPi = 0x1.921fb54442d18p+2;
// Past this the angle is first reduced by whole turns (fmod is exact), so k stays below 2^20.
constexpr double kReduceTurnsAbove = 1.0e5;

// Taylor series on [-pi/4, pi/4], evaluated in double: the truncation error (below 1e-16) is far
// under half a float ulp, so rounding the result to float gives the correctly rounded value
// except in the rarest ties. The polynomials in r^2, highest power first (Horner's rule).
constexpr double kSinTerms[] = {1.0 / 1307674368000.0, -1.0 / 6227020800.0, 1.0 / 39916800.0, -1.0 / 362880.0,
                                1.0 / 5040.0,          -1.0 / 120.0,        1.0 / 6.0}; // 1/15! down to 1/3!
constexpr double kCosTerms[] = {
    1.0 / 20922789888000.0, -1.0 / 87178291200.0, 1.0 / 479001600.0, -1.0 / 3628800.0,
    1.0 / 40320.0,          -1.0 / 720.0,         1.0 / 24.0,        -0.5}; // 1/16! down to 1/2!

// Written once for a double and for a vector of them (makeRots), so that both take the same
// operations in the same order and round alike.
template <class D, std::size_t N>
[[gnu::always_inline]] inline D horner(D x, const double (&terms)[N])
{
    D p = D{} + terms[0];
    for (std::size_t i = 1; i < N; ++i)
    {
        p = p * x + terms[i];
    }
    return p;
}

template <class D>
[[gnu::always_inline]] inline D sinSeries(D r)
{
    const D r2 = r * r;
    return r - r * r2 * horner(r2, kSinTerms);
}

template <class D>
[[gnu::always_inline]] inline D cosSeries(D r)
{
    const D r2 = r * r;
    return 1.0 + r2 * horner(r2, kCosTerms);
}

// The rotation by k quarter turns more than (c, s), the cosine and sine of the remainder, already
// rounded to float: negating commutes with rounding, so the swaps and signs may come after it.
Rot turnedByQuadrants(std::int64_t k, float c, float s)
{
    switch (k & 3)
    {
    case 0:
        return {c, s};
    case 1:
        return {-s, c};
    case 2:
        return {-c, -s};
    default:
        return {s, -c};
    }
}

// Two doubles (an SSE2 register), their 64-bit integer masks and their floats: makeRots works two
// angles at a time, and four such pairs side by side.
using Double2 = double __attribute__((vector_size(16)));
using Int2 = std::int64_t __attribute__((vector_size(16)));
using Int32x2 = std::int32_t __attribute__((vector_size(8)));
using Float2 = float __attribute__((vector_size(8)));

// makeRot's steps on two angles at once, its floor as a truncation stepped down where that
// rounded up. The series and every sum and product are the same, in the same order, so each lane
// rounds as makeRot does. Angles makeRot treats apart (not finite, or past kReduceTurnsAbove)
// are left to it.
[[gnu::always_inline]] inline void makeTwoRots(const float* radians, Rot* rotations)
{
    const Double2 wide{static_cast<double>(radians[0]), static_cast<double>(radians[1])};
    const Double2 magnitude = wide < 0.0 ? -wide : wide;
    const Int2 plain = magnitude <= kReduceTurnsAbove;
    // Zero stands in for the others, so that every lane converts to an integer in range.
    const Double2 x = plain ? wide : Double2{};
    const Double2 t = x * kTwoOverPi + 0.5;
    const Int32x2 truncated = __builtin_convertvector(t, Int32x2);
    const Double2 whole = __builtin_convertvector(truncated, Double2);
    const Int2 roundedUp = t < whole; // where truncating rounded up: t was negative
    const Double2 k = roundedUp ? whole - 1.0 : whole;
    const Double2 r = ((x - k * kHalfPi1) - k * kHalfPi2) - k * kHalfPi3;
    const Float2 sine = __builtin_convertvector(sinSeries(r), Float2);
    const Float2 cosine = __builtin_convertvector(cosSeries(r), Float2);
    for (int j = 0; j < 2; ++j)
    {
        if (plain[j] == 0)
        {
            rotations[j] = makeRot(radians[j]);
            continue;
        }
        rotations[j] = turnedByQuadrants(truncated[j] - (roundedUp[j] != 0 ? 1 : 0), cosine[j], sine[j]);
    }
}

} // namespace

Rot makeRot(float radians)
{
    if (!std::isfinite(radians))
    {
        const float nan = std::numeric_limits<float>::quiet_NaN();
        return {nan, nan};
    }
    double x = static_cast<double>(radians);
    if (std::fabs(x) > kReduceTurnsAbove)
    {
        x = std::fmod(x, kTwoPi);
    }
    // The nearest multiple k of pi/2, then the remainder in [-pi/4, pi/4] in three exact-ish parts.
    const double k = std::floor(x * kTwoOverPi + 0.5);
    const double r = ((x - k * kHalfPi1) - k * kHalfPi2) - k * kHalfPi3;
    return turnedByQuadrants(static_cast<std::int64_t>(k), static_cast<float>(cosSeries(r)),
                             static_cast<float>(sinSeries(r)));
}

namespace detail
{

void makeRots(const float* radians, Rot* rotations, std::size_t count)
{
    std::size_t i = 0;
    // Four pairs side by side: each pair's series is a chain of dependent steps, which the others
    // fill the gaps of.
    for (; i + 8 <= count; i += 8)
    {
        makeTwoRots(radians + i, rotations + i);
        makeTwoRots(radians + i + 2, rotations + i + 2);
        makeTwoRots(radians + i + 4, rotations + i + 4);
        makeTwoRots(radians + i + 6, rotations + i + 6);
    }
    for (; i < count; ++i)
    {
        rotations[i] = makeRot(radians[i]);
    }
}

} // namespace detail

} // namespace oblique
