#pragma once
/// A circle in world space: centre and radius.

#include "oblique/aabb.hpp"
#include "oblique/interval.hpp"
#include "oblique/vec2.hpp"

namespace oblique
{

struct Circle
{
    Vec2 center;
    float radius = 0.5f; ///< metres, > 0
};

/// The circle's bounding box.
constexpr Aabb aabbOf(const Circle& c)
{
    return makeAabb(c.center, {c.radius, c.radius});
}

/// The circle's shadow on a unit axis.
constexpr Interval project(const Circle& c, Vec2 unitAxis)
{
    const float d = dot(c.center, unitAxis);
    return {d - c.radius, d + c.radius};
}

/// True when p lies inside the circle or on its boundary.
constexpr bool contains(const Circle& c, Vec2 p)
{
    return distanceSquared(c.center, p) <= c.radius * c.radius;
}

} // namespace oblique
