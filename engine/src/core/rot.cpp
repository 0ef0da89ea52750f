// The engine's sine and cosine. The step turns every body's angle into a rotation with these, so
// they must give the same bits wherever the engine is built: only double additions and
// multiplications in a fixed order, which IEEE 754 defines exactly, and no call into the C
// library, whose sinf and cosf differ between versions in the last bit.

#include "oblique/rot.hpp"

#include <cmath>
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
// except in the rarest ties.
double sinSeries(double r)
{
    const double r2 = r * r;
    double p = 1.0 / 1307674368000.0; // 1/15!
    p = p * r2 - 1.0 / 6227020800.0;  // 1/13!
    p = p * r2 + 1.0 / 39916800.0;    // 1/11!
    p = p * r2 - 1.0 / 362880.0;      // 1/9!
    p = p * r2 + 1.0 / 5040.0;        // 1/7!
    p = p * r2 - 1.0 / 120.0;         // 1/5!
    p = p * r2 + 1.0 / 6.0;           // 1/3!
    return r - r * r2 * p;
}

double cosSeries(double r)
{
    const double r2 = r * r;
    double p = 1.0 / 20922789888000.0; // 1/16!
    p = p * r2 - 1.0 / 87178291200.0;  // 1/14!
    p = p * r2 + 1.0 / 479001600.0;    // 1/12!
    p = p * r2 - 1.0 / 3628800.0;      // 1/10!
    p = p * r2 + 1.0 / 40320.0;        // 1/8!
    p = p * r2 - 1.0 / 720.0;          // 1/6!
    p = p * r2 + 1.0 / 24.0;           // 1/4!
    p = p * r2 - 0.5;                  // 1/2!
    return 1.0 + r2 * p;
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
    const double s = sinSeries(r);
    const double c = cosSeries(r);
    const auto quadrant = static_cast<std::int64_t>(k) & 3;
    switch (quadrant)
    {
    case 0:
        return {static_cast<float>(c), static_cast<float>(s)};
    case 1:
        return {static_cast<float>(-s), static_cast<float>(c)};
    case 2:
        return {static_cast<float>(-c), static_cast<float>(-s)};
    default:
        return {static_cast<float>(s), static_cast<float>(-c)};
    }
}

} // namespace oblique
