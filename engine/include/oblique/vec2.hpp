#pragma once
/// A 2D vector of floats: positions in metres, directions, velocities. Plain value type.

#include <cmath>

namespace oblique
{

struct Vec2
{
    float x = 0.0f;
    float y = 0.0f;
};

constexpr Vec2 operator+(Vec2 a, Vec2 b)
{
    return {a.x + b.x, a.y + b.y};
}
constexpr Vec2 operator-(Vec2 a, Vec2 b)
{
    return {a.x - b.x, a.y - b.y};
}
constexpr Vec2 operator-(Vec2 a)
{
    return {-a.x, -a.y};
}
constexpr Vec2 operator*(float s, Vec2 a)
{
    return {s * a.x, s * a.y};
}
constexpr Vec2 operator*(Vec2 a, float s)
{
    return {s * a.x, s * a.y};
}
constexpr Vec2& operator+=(Vec2& a, Vec2 b)
{
    a.x += b.x;
    a.y += b.y;
    return a;
}
constexpr Vec2& operator-=(Vec2& a, Vec2 b)
{
    a.x -= b.x;
    a.y -= b.y;
    return a;
}
constexpr Vec2& operator*=(Vec2& a, float s)
{
    a.x *= s;
    a.y *= s;
    return a;
}
constexpr bool operator==(Vec2 a, Vec2 b)
{
    return a.x == b.x && a.y == b.y;
}

/// Dot product.
constexpr float dot(Vec2 a, Vec2 b)
{
    return a.x * b.x + a.y * b.y;
}
/// 2D cross product (the z of the 3D cross product).
constexpr float cross(Vec2 a, Vec2 b)
{
    return a.x * b.y - a.y * b.x;
}
/// Cross of a vector with a scalar z: rotates a by -90 degrees and scales by s.
constexpr Vec2 cross(Vec2 a, float s)
{
    return {s * a.y, -s * a.x};
}
/// Cross of a scalar z with a vector: rotates a by +90 degrees and scales by s.
constexpr Vec2 cross(float s, Vec2 a)
{
    return {-s * a.y, s * a.x};
}
/// The vector turned a quarter turn counter-clockwise.
constexpr Vec2 perp(Vec2 a)
{
    return {-a.y, a.x};
}
constexpr Vec2 abs(Vec2 a)
{
    return {a.x < 0.0f ? -a.x : a.x, a.y < 0.0f ? -a.y : a.y};
}
constexpr Vec2 min(Vec2 a, Vec2 b)
{
    return {a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y};
}
constexpr Vec2 max(Vec2 a, Vec2 b)
{
    return {a.x > b.x ? a.x : b.x, a.y > b.y ? a.y : b.y};
}
constexpr float lengthSquared(Vec2 a)
{
    return dot(a, a);
}
inline float length(Vec2 a)
{
    return std::sqrt(dot(a, a));
}
inline float distance(Vec2 a, Vec2 b)
{
    return length(b - a);
}
constexpr float distanceSquared(Vec2 a, Vec2 b)
{
    return lengthSquared(b - a);
}
constexpr Vec2 lerp(Vec2 a, Vec2 b, float t)
{
    return {a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)};
}
inline bool isFinite(Vec2 a)
{
    return std::isfinite(a.x) && std::isfinite(a.y);
}

/// The unit vector along a; the zero vector stays zero instead of becoming NaN.
inline Vec2 normalize(Vec2 a)
{
    const float len = length(a);
    if (len <= 0.0f)
    {
        return {};
    }
    const float inv = 1.0f / len;
    return {inv * a.x, inv * a.y};
}

} // namespace oblique
