#pragma once
// Internal: the one place that dispatches on shape type. A shape placed in the world is a
// ShapeGeometry; every operation on a pair or a single shape is a visit that calls the free
// function overloaded for those types, so a new shape type is one alternative here and the
// overloads the compiler then asks for, not edits across the engine.

#include "body.hpp"
#include "oblique/circle.hpp"
#include "oblique/debug_draw.hpp"
#include "oblique/manifold.hpp"
#include "oblique/mtv.hpp"
#include "oblique/obb.hpp"
#include "oblique/overlap.hpp"
#include "oblique/ray_cast.hpp"
#include "shape.hpp"

#include <optional>
#include <variant>

namespace oblique::detail
{

using ShapeGeometry = std::variant<Obb, Circle>;

// The shape with its centre at `center`, turned by `angle` (whose cosine and sine are q): the
// one place a ShapeDef's kind becomes a type.
inline ShapeGeometry geometryOf(const ShapeDef& def, Vec2 center, float angle, Rot q)
{
    if (def.kind == ShapeKind::Box)
    {
        return Obb{center, def.halfExtents, angle, q};
    }
    return Circle{center, def.radius};
}

// The shape as it lies in its body's frame.
inline ShapeGeometry localGeometry(const ShapeDef& def)
{
    return geometryOf(def, def.offset, def.angle, makeRot(def.angle));
}

// The shape where its body's pose puts it.
inline ShapeGeometry worldGeometry(const ShapeRecord& shape, Vec2 position, float angle, Rot q)
{
    if (shape.atOrigin)
    {
        return geometryOf(shape.def, position, angle, q);
    }
    return geometryOf(shape.def, position + rotate(q, shape.local.p), angle + shape.def.angle,
                      mul(q, shape.local.q));
}

inline ShapeGeometry worldGeometry(const ShapeRecord& shape, const BodyState& body)
{
    return worldGeometry(shape, body.position, body.angle, body.q);
}

// The pairwise operations, each written once per pair of types.
inline Manifold collidePair(const Obb& a, const Obb& b, float speculative)
{
    return collideBoxes(a, b, speculative);
}
inline Manifold collidePair(const Obb& a, const Circle& b, float speculative)
{
    return collideBoxCircle(a, b, speculative);
}
inline Manifold collidePair(const Circle& a, const Obb& b, float speculative)
{
    return collideCircleBox(a, b, speculative);
}
inline Manifold collidePair(const Circle& a, const Circle& b, float speculative)
{
    return collideCircles(a, b, speculative);
}

// A contact manifold between two placed shapes, normal from a to b, with speculative points out
// to `speculative` metres apart.
inline Manifold collideShapes(const ShapeGeometry& a, const ShapeGeometry& b, float speculative = 0.0f)
{
    return std::visit([speculative](const auto& x, const auto& y) { return collidePair(x, y, speculative); },
                      a, b);
}

inline bool overlap(const ShapeGeometry& a, const ShapeGeometry& b)
{
    return std::visit([](const auto& x, const auto& y) { return testOverlap(x, y); }, a, b);
}

// The push that moves b out of a (normal from a to b).
inline Mtv mtv(const ShapeGeometry& a, const ShapeGeometry& b)
{
    return std::visit([](const auto& x, const auto& y) { return findMtv(x, y); }, a, b);
}

inline Aabb aabbOf(const ShapeGeometry& g)
{
    return std::visit([](const auto& x) { return oblique::aabbOf(x); }, g);
}

inline bool contains(const ShapeGeometry& g, Vec2 point)
{
    return std::visit([point](const auto& x) { return oblique::contains(x, point); }, g);
}

inline std::optional<RayHit> rayCast(const ShapeGeometry& g, const RayCastInput& ray)
{
    return std::visit([&ray](const auto& x) { return oblique::rayCast(x, ray); }, g);
}

// How far the shape reaches from its own centre.
inline float extentOf(const Obb& box)
{
    return length(box.halfExtents);
}
inline float extentOf(const Circle& circle)
{
    return circle.radius;
}

inline Vec2 centerOf(const ShapeGeometry& g)
{
    return std::visit([](const auto& x) { return x.center; }, g);
}

inline float extentOf(const ShapeGeometry& g)
{
    return std::visit([](const auto& x) { return extentOf(x); }, g);
}

// Area and rotational inertia per unit mass about the shape's own centre.
struct AreaInertia
{
    float area = 0.0f;
    float inertiaPerMass = 0.0f;
};
AreaInertia areaInertiaOf(const Obb& box);
AreaInertia areaInertiaOf(const Circle& circle);

inline AreaInertia areaInertiaOf(const ShapeGeometry& g)
{
    return std::visit([](const auto& x) { return areaInertiaOf(x); }, g);
}

// Draws the shape filled; `axis` marks a circle's rotation.
inline void drawSolid(DebugDraw& d, const Obb& box, Vec2 /*axis*/, Color color)
{
    const auto v = corners(box);
    d.drawSolidPolygon(v, color);
}
inline void drawSolid(DebugDraw& d, const Circle& circle, Vec2 axis, Color color)
{
    d.drawSolidCircle(circle.center, circle.radius, axis, color);
}

inline void drawSolid(DebugDraw& d, const ShapeGeometry& g, Vec2 axis, Color color)
{
    std::visit([&](const auto& x) { drawSolid(d, x, axis, color); }, g);
}

} // namespace oblique::detail
