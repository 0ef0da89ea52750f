#pragma once
// Seeded random boxes and circles for the property tests: varied sizes and aspect ratios, angles
// that are often exactly or nearly parallel, and placements that land about half the pairs in
// overlap, many of them close to touching.

#include "oblique/circle.hpp"
#include "oblique/obb.hpp"
#include "sat_oracle.hpp"

#include <cmath>
#include <numbers>
#include <random>

namespace oblique::test
{

class ShapeSampler
{
public:
    explicit ShapeSampler(std::uint32_t seed) : m_rng(seed) {}

    float uniform(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(m_rng); }

    // Log-uniform on [lo, hi]: small and large values equally likely per decade.
    float logUniform(float lo, float hi) { return std::exp(uniform(std::log(lo), std::log(hi))); }

    bool chance(double p) { return std::bernoulli_distribution(p)(m_rng); }

    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_rng); }

    // Half extents from 1 cm to 4 m, aspect ratios up to 40:1 either way round.
    Vec2 halfExtents()
    {
        const float major = logUniform(0.01f, 4.0f);
        const float aspect = chance(0.3) ? 1.0f : logUniform(1.0f, 40.0f);
        const float minor = std::max(major / aspect, 0.005f);
        return chance(0.5) ? Vec2{major, minor} : Vec2{minor, major};
    }

    float anyAngle()
    {
        if (chance(0.05))
        {
            return uniform(-1.0e4f, 1.0e4f);
        }
        return uniform(-std::numbers::pi_v<float>, std::numbers::pi_v<float>);
    }

    // B's angle given A's: exactly the same, the same up to quarter turns, nearly the same, or free.
    float relatedAngle(float angleA)
    {
        constexpr float kHalfPi = 0.5f * std::numbers::pi_v<float>;
        switch (pick(5))
        {
        case 0:
            return angleA;
        case 1:
            return angleA + kHalfPi * static_cast<float>(pick(4) - 1);
        case 2:
        {
            const float tiny = logUniform(1.0e-7f, 1.0e-3f) * (chance(0.5) ? 1.0f : -1.0f);
            return angleA + tiny + (chance(0.5) ? 0.0f : kHalfPi * static_cast<float>(pick(4) - 1));
        }
        default:
            return anyAngle();
        }
    }

    Vec2 unitVector()
    {
        const float a = uniform(-std::numbers::pi_v<float>, std::numbers::pi_v<float>);
        return {std::cos(a), std::sin(a)};
    }

    Vec2 centre() { return {uniform(-20.0f, 20.0f), uniform(-20.0f, 20.0f)}; }

    std::mt19937& engine() { return m_rng; }

private:
    std::mt19937 m_rng;
};

// The distance along u at which b, slid from a's centre, just touches a (the root of the oracle's
// convex separation function), found by bisection.
template <typename Gap>
float touchingDistance(Gap gapAt, float far)
{
    float lo = 0.0f;
    float hi = far;
    while (gapAt(hi) < 0.0)
    {
        hi *= 2.0f;
    }
    for (int i = 0; i < 40; ++i)
    {
        const float mid = 0.5f * (lo + hi);
        (gapAt(mid) < 0.0 ? lo : hi) = mid;
    }
    return 0.5f * (lo + hi);
}

inline float boundingRadius(Vec2 halfExtents)
{
    return std::sqrt(halfExtents.x * halfExtents.x + halfExtents.y * halfExtents.y);
}

// The touching distance t pushed in or out by 10 micrometres to 10 cm. An offset that would pass
// the centre through a's is halved instead: concentric shapes have no preferred direction at all.
inline float offsetDistance(ShapeSampler& s, float t)
{
    const float offset = s.logUniform(1.0e-5f, 0.1f) * (s.chance(0.5) ? 1.0f : -1.0f);
    return t + offset > 0.0f ? t + offset : 0.5f * t;
}

// A second box placed against a: a third of the time right at the touching distance along a random
// direction, pushed in or out by an offset from 10 micrometres to 10 cm; otherwise anywhere from
// concentric to well apart.
inline Obb placeBoxNear(ShapeSampler& s, const Obb& a, Vec2 halfExtentsB, float angleB, bool nearTouching)
{
    const Vec2 u = s.unitVector();
    const float reach = boundingRadius(a.halfExtents) + boundingRadius(halfExtentsB);
    if (!nearTouching)
    {
        return makeObb(a.center + s.uniform(0.0f, 1.25f * reach) * u, halfExtentsB, angleB);
    }
    Obb b = makeObb(a.center, halfExtentsB, angleB);
    const float t = touchingDistance(
        [&](float dist)
        {
            b.center = a.center + dist * u;
            return oracleSeparation(a, b);
        },
        reach);
    b.center = a.center + offsetDistance(s, t) * u;
    return b;
}

inline Circle placeCircleNear(ShapeSampler& s, const Obb& a, float radius, bool nearTouching)
{
    const Vec2 u = s.unitVector();
    const float reach = boundingRadius(a.halfExtents) + radius;
    if (!nearTouching)
    {
        return {a.center + s.uniform(0.0f, 1.25f * reach) * u, radius};
    }
    Circle c{a.center, radius};
    const float t = touchingDistance(
        [&](float dist)
        {
            c.center = a.center + dist * u;
            return oracleSignedDistance(a, c);
        },
        reach);
    c.center = a.center + offsetDistance(s, t) * u;
    return c;
}

} // namespace oblique::test
