#pragma once
/// The shape a body is made of (one per body): a box centred on the body's origin or a circle
/// centred on it, with the material and filtering that go with it.

#include "oblique/vec2.hpp"

#include <cstdint>

namespace oblique
{

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

struct ShapeDef
{
    ShapeKind kind = ShapeKind::Box;
    Vec2 halfExtents{0.5f, 0.5f}; ///< box half width and half height, metres, > 0 (boxes)
    float radius = 0.5f;          ///< metres, > 0 (circles)
    float density = 1.0f;         ///< kg/m^2, >= 0; a dynamic body of density 0 weighs 1 kg and cannot turn
    float friction = 0.6f;        ///< Coulomb coefficient, >= 0; pairs mix as sqrt(fa * fb)
    float restitution = 0.0f;     ///< bounciness in [0, 1]; pairs mix as max(ra, rb)
    bool isSensor = false;        ///< reports overlaps but never pushes
    Filter filter;
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

} // namespace oblique
