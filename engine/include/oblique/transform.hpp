#pragma once
/// A rigid transform (rotation then translation) taking a body's local frame to the world.

#include "oblique/rot.hpp"
#include "oblique/vec2.hpp"

#include <cmath>

namespace oblique
{

struct Transform
{
    Vec2 p; ///< translation: where the local origin lies in the world
    Rot q;  ///< rotation of the local axes
};

/// Local point to world point.
constexpr Vec2 transformPoint(const Transform& t, Vec2 local)
{
    return rotate(t.q, local) + t.p;
}
/// World point to local point.
constexpr Vec2 invTransformPoint(const Transform& t, Vec2 world)
{
    return invRotate(t.q, world - t.p);
}
/// The transform b expressed in a's frame (a^-1 * b).
constexpr Transform invMul(const Transform& a, const Transform& b)
{
    return {invRotate(a.q, b.p - a.p), invMul(a.q, b.q)};
}
/// The transform b then a (a * b).
constexpr Transform mul(const Transform& a, const Transform& b)
{
    return {rotate(a.q, b.p) + a.p, mul(a.q, b.q)};
}

/// The pose a fraction alpha (0 to 1) of the way from `from` to `to`, for drawing between two
/// physics steps: the origin moves on the straight line, the rotation is the normalised blend of
/// the two (exact at both ends; for the few degrees a body turns in one step it matches the blended
/// angle to well under a pixel). Two rotations half a turn apart have no blend: `to`'s is taken.
inline Transform interpolate(const Transform& from, const Transform& to, float alpha)
{
    const float c = from.q.c + alpha * (to.q.c - from.q.c);
    const float s = from.q.s + alpha * (to.q.s - from.q.s);
    const float length = std::sqrt(c * c + s * s);
    const Rot q = length > 1e-6f ? Rot{c / length, s / length} : to.q;
    return {lerp(from.p, to.p, alpha), q};
}

/// The same transform as a homogeneous 2x3 matrix, row-major: [m0 m1 m2; m3 m4 m5], so that
/// world = [m0 m1; m3 m4] * local + [m2; m5]. Handy for renderers and for shader uniforms.
struct Matrix23
{
    float m[6] = {1.0f, 0.0f, 0.0f, 0.0f, 1.0f, 0.0f};
};

constexpr Matrix23 toMatrix(const Transform& t)
{
    return {{t.q.c, -t.q.s, t.p.x, t.q.s, t.q.c, t.p.y}};
}
constexpr Vec2 transformPoint(const Matrix23& a, Vec2 v)
{
    return {a.m[0] * v.x + a.m[1] * v.y + a.m[2], a.m[3] * v.x + a.m[4] * v.y + a.m[5]};
}

} // namespace oblique
