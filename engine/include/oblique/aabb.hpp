#pragma once
/// An axis-aligned bounding box in world space (y up): the cheap first test before exact shapes.

#include "oblique/vec2.hpp"

namespace oblique
{

struct Aabb
{
    Vec2 lower; ///< bottom-left corner (smallest x and y)
    Vec2 upper; ///< top-right corner (largest x and y)
};

/// The box centred on centre with the given half extents.
constexpr Aabb makeAabb(Vec2 center, Vec2 halfExtents)
{
    return {center - halfExtents, center + halfExtents};
}

constexpr float left(const Aabb& a)
{
    return a.lower.x;
}
constexpr float right(const Aabb& a)
{
    return a.upper.x;
}
/// The top edge: the largest y, since the world is y-up.
constexpr float top(const Aabb& a)
{
    return a.upper.y;
}
constexpr float bottom(const Aabb& a)
{
    return a.lower.y;
}
constexpr Vec2 center(const Aabb& a)
{
    return 0.5f * (a.lower + a.upper);
}
constexpr Vec2 halfExtents(const Aabb& a)
{
    return 0.5f * (a.upper - a.lower);
}
/// Perimeter: the cost a bounding-volume tree minimises.
constexpr float perimeter(const Aabb& a)
{
    return 2.0f * ((a.upper.x - a.lower.x) + (a.upper.y - a.lower.y));
}

/// True when the boxes share at least one point (touching edges count as overlap).
constexpr bool overlaps(const Aabb& a, const Aabb& b)
{
    return a.lower.x <= b.upper.x && b.lower.x <= a.upper.x && a.lower.y <= b.upper.y &&
           b.lower.y <= a.upper.y;
}

/// True when p lies inside a or on its boundary.
constexpr bool contains(const Aabb& a, Vec2 p)
{
    return a.lower.x <= p.x && p.x <= a.upper.x && a.lower.y <= p.y && p.y <= a.upper.y;
}

/// True when inner lies entirely inside outer.
constexpr bool contains(const Aabb& outer, const Aabb& inner)
{
    return outer.lower.x <= inner.lower.x && outer.lower.y <= inner.lower.y &&
           inner.upper.x <= outer.upper.x && inner.upper.y <= outer.upper.y;
}

/// The smallest box holding both.
constexpr Aabb merge(const Aabb& a, const Aabb& b)
{
    return {min(a.lower, b.lower), max(a.upper, b.upper)};
}

/// The box grown by margin on every side.
constexpr Aabb inflate(const Aabb& a, float margin)
{
    return {{a.lower.x - margin, a.lower.y - margin}, {a.upper.x + margin, a.upper.y + margin}};
}

} // namespace oblique
