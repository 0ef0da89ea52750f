#pragma once
/// Shapes: what a body is made of. A body has any number of them, each a box or a circle placed in
/// the body's frame, with the material, filtering and surface behaviour that go with it.

#include "oblique/vec2.hpp"

#include <cstdint>

namespace oblique
{

/// A handle to a shape. It stays valid until the shape (or its body) is destroyed; after that the
/// world recognises it as stale (World::isValid) instead of reaching another shape in the slot.
struct ShapeId
{
    std::uint32_t index = 0xFFFFFFFFu;
    std::uint32_t generation = 0;
};

constexpr bool operator==(ShapeId a, ShapeId b)
{
    return a.index == b.index && a.generation == b.generation;
}
/// True for the default-constructed handle, which never names a shape.
constexpr bool isNull(ShapeId id)
{
    return id.index == 0xFFFFFFFFu;
}

enum class ShapeKind : std::uint8_t
{
    Box,
    Circle,
};

/// Which shapes may touch. Two shapes collide when each one's category is in the other's mask,
/// unless they share a non-zero group: a positive group always collides, a negative never does
/// (Box2D's rule).
struct Filter
{
    std::uint32_t categoryBits = 0x0001u; ///< what this shape is
    std::uint32_t maskBits = 0xFFFFFFFFu; ///< what it collides with
    std::int32_t groupIndex = 0;          ///< overrides the bits when both share it
};

constexpr bool shouldCollide(const Filter& a, const Filter& b)
{
    if (a.groupIndex == b.groupIndex && a.groupIndex != 0)
    {
        return a.groupIndex > 0;
    }
    return (a.maskBits & b.categoryBits) != 0 && (a.categoryBits & b.maskBits) != 0;
}

/// Everything about one shape. Units: metres, radians, kilograms per square metre.
struct ShapeDef
{
    ShapeKind kind = ShapeKind::Box;
    Vec2 halfExtents{0.5f, 0.5f}; ///< box half width and half height, metres, > 0 (boxes)
    float radius = 0.5f;          ///< metres, > 0 (circles)
    Vec2 offset;                  ///< the shape's centre in the body's frame
    float angle = 0.0f;           ///< the box's rotation in the body's frame (0 for circles)
    float density = 1.0f;         ///< kg/m^2, >= 0; a dynamic body of density 0 weighs 1 kg and cannot turn
    float friction = 0.6f;        ///< Coulomb coefficient, >= 0; pairs mix as sqrt(fa * fb)
    float restitution = 0.0f;     ///< bounciness in [0, 1]; pairs mix as max(ra, rb)
    bool isSensor = false;        ///< reports overlaps but never pushes, and adds no mass
    Filter filter;
    /// m/s: the surface moves along itself at this speed, counter-clockwise around the shape when
    /// positive (a conveyor belt); friction drags what touches it.
    float surfaceSpeed = 0.0f;
    /// Zero: solid from every side. Otherwise a one-way platform: a direction in the body's frame;
    /// a contact that begins with the other shape on that side (within 45 degrees) holds, any
    /// other is ignored until the two stop touching.
    Vec2 oneWay;
};

/// A box shape with the given half extents and default material.
constexpr ShapeDef boxShape(Vec2 halfExtents)
{
    ShapeDef def;
    def.kind = ShapeKind::Box;
    def.halfExtents = halfExtents;
    return def;
}

/// A circle shape with the given radius and default material.
constexpr ShapeDef circleShape(float radius)
{
    ShapeDef def;
    def.kind = ShapeKind::Circle;
    def.radius = radius;
    return def;
}

/// A box placed in its body's frame: centred at offset, turned by angle.
constexpr ShapeDef boxShape(Vec2 halfExtents, Vec2 offset, float angle = 0.0f)
{
    ShapeDef def = boxShape(halfExtents);
    def.offset = offset;
    def.angle = angle;
    return def;
}

/// A circle placed in its body's frame, centred at offset.
constexpr ShapeDef circleShape(float radius, Vec2 offset)
{
    ShapeDef def = circleShape(radius);
    def.offset = offset;
    return def;
}

} // namespace oblique
