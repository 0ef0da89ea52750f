#pragma once
/// Ray casts against single shapes: the first point where a segment enters a shape.

#include "oblique/circle.hpp"
#include "oblique/obb.hpp"

#include <optional>

namespace oblique
{

/// The segment origin + t * translation for t in [0, maxFraction].
struct RayCastInput
{
    Vec2 origin;
    Vec2 translation;
    float maxFraction = 1.0f;
};

struct RayHit
{
    Vec2 point;         ///< where the ray enters the shape
    Vec2 normal;        ///< unit surface normal at the hit, facing the ray's origin side
    float fraction = 0; ///< t of the hit along translation
};

/// The entry hit, or nothing when the ray misses, stops short, or starts inside the shape
/// (a ray from inside has no entry point; Box2D behaves the same).
std::optional<RayHit> rayCast(const Obb& box, const RayCastInput& ray);
std::optional<RayHit> rayCast(const Circle& circle, const RayCastInput& ray);

} // namespace oblique
