#pragma once
/// An oriented bounding box: centre, half extents along its own axes, and a rotation. The angle is
/// kept as given (any size) and its cosine/sine are cached, so tests never call trigonometry.

#include "oblique/aabb.hpp"
#include "oblique/interval.hpp"
#include "oblique/rot.hpp"
#include "oblique/transform.hpp"
#include "oblique/vec2.hpp"

#include <array>

namespace oblique
{

struct Obb
{
    Vec2 center;                  ///< world position of the centre, metres
    Vec2 halfExtents{0.5f, 0.5f}; ///< half width and half height along the box's own axes, metres, > 0
    float angle = 0.0f;           ///< radians, counter-clockwise; any size
    Rot rot;                      ///< cos/sin of angle; keep in step through makeObb or setAngle
};

/// A box with its rotation cache filled in from the angle.
inline Obb makeObb(Vec2 center, Vec2 halfExtents, float angle = 0.0f)
{
    return {center, halfExtents, angle, makeRot(angle)};
}

/// Changes the angle and its cached rotation together.
inline void setAngle(Obb& box, float angle)
{
    box.angle = angle;
    box.rot = makeRot(angle);
}

/// The box's local x axis in the world (unit length).
constexpr Vec2 axisX(const Obb& b)
{
    return xAxis(b.rot);
}
/// The box's local y axis in the world (unit length).
constexpr Vec2 axisY(const Obb& b)
{
    return yAxis(b.rot);
}

/// The transform from the box's local frame (origin at the centre) to the world.
constexpr Transform transformOf(const Obb& b)
{
    return {b.center, b.rot};
}
/// A world point in the box's local frame.
constexpr Vec2 toLocal(const Obb& b, Vec2 world)
{
    return invRotate(b.rot, world - b.center);
}
/// A point of the box's local frame in the world.
constexpr Vec2 toWorld(const Obb& b, Vec2 local)
{
    return rotate(b.rot, local) + b.center;
}

/// The four corners in counter-clockwise order, starting bottom-left in the box's own frame:
/// (-hx,-hy), (hx,-hy), (hx,hy), (-hx,hy). Edge i runs from corner i to corner i+1.
constexpr std::array<Vec2, 4> corners(const Obb& b)
{
    const Vec2 ex = b.halfExtents.x * xAxis(b.rot);
    const Vec2 ey = b.halfExtents.y * yAxis(b.rot);
    return {b.center - ex - ey, b.center + ex - ey, b.center + ex + ey, b.center - ex + ey};
}

/// The radius of the box's shadow on a unit axis.
constexpr float projectedRadius(const Obb& b, Vec2 unitAxis)
{
    const float px = dot(unitAxis, xAxis(b.rot));
    const float py = dot(unitAxis, yAxis(b.rot));
    return b.halfExtents.x * (px < 0.0f ? -px : px) + b.halfExtents.y * (py < 0.0f ? -py : py);
}

/// The box's shadow on a unit axis.
constexpr Interval project(const Obb& b, Vec2 unitAxis)
{
    const float c = dot(b.center, unitAxis);
    const float r = projectedRadius(b, unitAxis);
    return {c - r, c + r};
}

/// The box's bounding box.
constexpr Aabb aabbOf(const Obb& b)
{
    const float c = b.rot.c < 0.0f ? -b.rot.c : b.rot.c;
    const float s = b.rot.s < 0.0f ? -b.rot.s : b.rot.s;
    const Vec2 h{c * b.halfExtents.x + s * b.halfExtents.y, s * b.halfExtents.x + c * b.halfExtents.y};
    return makeAabb(b.center, h);
}

/// True when p lies inside the box or on its boundary.
constexpr bool contains(const Obb& b, Vec2 p)
{
    const Vec2 l = toLocal(b, p);
    return (l.x < 0.0f ? -l.x : l.x) <= b.halfExtents.x && (l.y < 0.0f ? -l.y : l.y) <= b.halfExtents.y;
}

} // namespace oblique
