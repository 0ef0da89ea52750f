#pragma once
/// A rigid transform (rotation then translation) taking a body's local frame to the world.

#include "oblique/rot.hpp"
#include "oblique/vec2.hpp"

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
