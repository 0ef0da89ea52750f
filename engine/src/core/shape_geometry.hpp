#pragma once
// Internal: the one place that dispatches on shape type. A shape placed in the world is a
// ShapeGeometry; every operation on a pair or a single shape is a visit that calls the free
// function overloaded for those types, so a new shape type is one alternative here and the
// overloads the compiler then asks for, not edits across the engine.

#include "body.hpp"
#include "hidden_faces.hpp"
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

// Calls f with the shape, as its own type, centred at `center` and turned by `angle` (whose cosine
// and sine are q): the one place a ShapeDef's kind becomes a type.
template <typename F>
decltype(auto) withGeometry(const ShapeDef& def, Vec2 center, float angle, Rot q, F&& f)
{
    if (def.kind == ShapeKind::Box)
    {
        return f(Obb{center, def.halfExtents, angle, q});
    }
    return f(Circle{center, def.radius});
}

// Calls f with the shape where its body's pose puts it.
template <typename F>
decltype(auto) withWorldGeometry(const ShapeRecord& shape, Vec2 position, float angle, Rot q, F&& f)
{
    if (shape.atOrigin)
    {
        return withGeometry(shape.def, position, angle, q, f);
    }
    return withGeometry(shape.def, position + rotate(q, shape.local.p), angle + shape.def.angle,
                        mul(q, shape.local.q), f);
}

inline ShapeGeometry geometryOf(const ShapeDef& def, Vec2 center, float angle, Rot q)
{
    return withGeometry(def, center, angle, q, [](const auto& g) { return ShapeGeometry{g}; });
}

// The shape as it lies in its body's frame.
inline ShapeGeometry localGeometry(const ShapeDef& def)
{
    return geometryOf(def, def.offset, def.angle, makeRot(def.angle));
}

// The shape where its body's pose puts it.
inline ShapeGeometry worldGeometry(const ShapeRecord& shape, Vec2 position, float angle, Rot q)
{
    return withWorldGeometry(shape, position, angle, q, [](const auto& g) { return ShapeGeometry{g}; });
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

// Calls f with the two shapes as their own types. std::visit goes through a table of function
// pointers that the compiler cannot see through; this switch lets it inline the pair's function,
// which the narrow phase feels. A new alternative must be added here (the assertion says so),
// and the compiler then asks for every pairwise overload.
template <typename F>
decltype(auto) visitPair(F&& f, const ShapeGeometry& a, const ShapeGeometry& b)
{
    static_assert(std::variant_size_v<ShapeGeometry> == 2, "visitPair covers boxes and circles only");
    if (const Obb* boxA = std::get_if<Obb>(&a))
    {
        if (const Obb* boxB = std::get_if<Obb>(&b))
        {
            return f(*boxA, *boxB);
        }
        return f(*boxA, *std::get_if<Circle>(&b));
    }
    const Circle& circleA = *std::get_if<Circle>(&a);
    if (const Obb* boxB = std::get_if<Obb>(&b))
    {
        return f(circleA, *boxB);
    }
    return f(circleA, *std::get_if<Circle>(&b));
}

// A contact manifold between two placed shapes, normal from a to b, with speculative points out
// to `speculative` metres apart.
inline Manifold collideShapes(const ShapeGeometry& a, const ShapeGeometry& b, float speculative = 0.0f)
{
    return visitPair([speculative](const auto& x, const auto& y) { return collidePair(x, y, speculative); },
                     a, b);
}

// As collidePair, for shapes with faces hidden by flush neighbours (hidden_faces.hpp).
inline Manifold collidePairHidingFaces(const Obb& a, const Obb& b, float speculative, FaceMask hiddenA,
                                       FaceMask hiddenB)
{
    return collideBoxesHidingFaces(a, b, speculative, hiddenA, hiddenB);
}
inline Manifold collidePairHidingFaces(const Obb& a, const Circle& b, float speculative, FaceMask hiddenA,
                                       FaceMask /*hiddenB*/)
{
    return collideBoxCircleHidingFaces(a, b, speculative, hiddenA);
}
inline Manifold collidePairHidingFaces(const Circle& a, const Obb& b, float speculative, FaceMask /*hiddenA*/,
                                       FaceMask hiddenB)
{
    Manifold m = collideBoxCircleHidingFaces(b, a, speculative, hiddenB);
    m.normal = -m.normal;
    return m;
}
inline Manifold collidePairHidingFaces(const Circle& a, const Circle& b, float speculative,
                                       FaceMask /*hiddenA*/, FaceMask /*hiddenB*/)
{
    return collideCircles(a, b, speculative);
}

// collideShapes for a pair where either shape has hidden faces.
inline Manifold collideShapesHidingFaces(const ShapeGeometry& a, const ShapeGeometry& b, float speculative,
                                         FaceMask hiddenA, FaceMask hiddenB)
{
    return visitPair([&](const auto& x, const auto& y)
                     { return collidePairHidingFaces(x, y, speculative, hiddenA, hiddenB); },
                     a, b);
}

inline bool overlap(const ShapeGeometry& a, const ShapeGeometry& b)
{
    return visitPair([](const auto& x, const auto& y) { return testOverlap(x, y); }, a, b);
}

// No more than the distance between the two shapes (negative when they overlap): exact when one
// is a circle, the largest face separation for two boxes (sweep.cpp).
float gapBound(const Obb& a, const Obb& b);
float gapBound(const Obb& a, const Circle& b);
float gapBound(const Circle& a, const Obb& b);
float gapBound(const Circle& a, const Circle& b);

inline float gapBound(const ShapeGeometry& a, const ShapeGeometry& b)
{
    return visitPair([](const auto& x, const auto& y) { return gapBound(x, y); }, a, b);
}

// The push that moves b out of a (normal from a to b).
inline Mtv mtv(const ShapeGeometry& a, const ShapeGeometry& b)
{
    return visitPair([](const auto& x, const auto& y) { return findMtv(x, y); }, a, b);
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

// The point a contact's separation is followed from on this shape, for a contact point on its
// surface: the point itself on a box, which carries it round as it turns; a circle's centre, since
// a circle turning about its centre moves no point of its surface along the normal (followed from
// the point, a rolling ball's anchor lifts out of the ground and the ball sinks after it).
inline Vec2 followedPoint(const Obb& /*box*/, Vec2 point)
{
    return point;
}
inline Vec2 followedPoint(const Circle& circle, Vec2 /*point*/)
{
    return circle.center;
}
inline Vec2 followedPoint(const ShapeGeometry& g, Vec2 point)
{
    return std::visit([point](const auto& x) { return followedPoint(x, point); }, g);
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
