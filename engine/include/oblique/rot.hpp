#pragma once
/// A rotation stored as its cosine and sine, so rotating a vector needs no trigonometry.

#include "oblique/vec2.hpp"

#include <cmath>
#include <numbers>

namespace oblique
{

struct Rot
{
    float c = 1.0f; ///< cosine of the angle
    float s = 0.0f; ///< sine of the angle
};

/// Reduces an angle of any size to [-pi, pi]. Done in double so that large angles keep the
/// precision a float could not give them.
inline float wrapAngle(float radians)
{
    const double twoPi = 2.0 * std::numbers::pi;
    return static_cast<float>(std::remainder(static_cast<double>(radians), twoPi));
}

/// The rotation by an angle in radians (counter-clockwise positive); any finite angle is
/// accepted. The sine and cosine are the engine's own (not the C library's), computed with
/// plain IEEE arithmetic, so every compiler and C library gives the same bits
/// (docs/determinism.md). A non-finite angle gives a rotation of NaNs.
Rot makeRot(float radians);

/// The angle of a rotation, in [-pi, pi].
inline float angle(Rot q)
{
    return std::atan2(q.s, q.c);
}

/// The rotation's x axis (first column of its matrix).
constexpr Vec2 xAxis(Rot q)
{
    return {q.c, q.s};
}
/// The rotation's y axis (second column of its matrix).
constexpr Vec2 yAxis(Rot q)
{
    return {-q.s, q.c};
}

/// Rotates v by q.
constexpr Vec2 rotate(Rot q, Vec2 v)
{
    return {q.c * v.x - q.s * v.y, q.s * v.x + q.c * v.y};
}
/// Rotates v by the inverse of q.
constexpr Vec2 invRotate(Rot q, Vec2 v)
{
    return {q.c * v.x + q.s * v.y, -q.s * v.x + q.c * v.y};
}
/// The rotation q then r (r * q).
constexpr Rot mul(Rot r, Rot q)
{
    return {r.c * q.c - r.s * q.s, r.s * q.c + r.c * q.s};
}
/// The rotation that takes q's frame to r's (r^T * q).
constexpr Rot invMul(Rot r, Rot q)
{
    return {r.c * q.c + r.s * q.s, r.c * q.s - r.s * q.c};
}

} // namespace oblique
