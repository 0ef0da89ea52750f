#pragma once
/// What world queries look for, and what ray casts and the character mover report back.

#include "oblique/body.hpp"
#include "oblique/shape.hpp"
#include "oblique/vec2.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace oblique
{

/// Selects the shapes a query sees: by category/mask bits like a shape filter, and by body type.
struct QueryFilter
{
    std::uint32_t categoryBits = 0xFFFFFFFFu; ///< the query's own category, matched by each shape's mask
    std::uint32_t maskBits = 0xFFFFFFFFu;     ///< the shape categories the query sees
    bool staticBodies = true;
    bool kinematicBodies = true;
    bool dynamicBodies = true;
    bool sensors = false; ///< sensor shapes are skipped unless this is set
};

/// A shape a query found, and the body it belongs to.
struct ShapeRef
{
    BodyId body;
    ShapeId shape;
};

constexpr bool operator==(const ShapeRef& a, const ShapeRef& b)
{
    return a.body == b.body && a.shape == b.shape;
}

/// The bodies of query results, each once, in the results' order (queries order their results by
/// body, so a body's shapes are side by side).
inline std::vector<BodyId> bodiesOf(std::span<const ShapeRef> hits)
{
    std::vector<BodyId> bodies;
    for (const ShapeRef& hit : hits)
    {
        if (bodies.empty() || !(bodies.back() == hit.body))
        {
            bodies.push_back(hit.body);
        }
    }
    return bodies;
}

/// A ray's hit on a shape.
struct WorldRayHit
{
    BodyId body;
    ShapeId shape;
    Vec2 point;
    Vec2 normal;        ///< unit, facing the ray's origin side
    float fraction = 0; ///< along the ray's translation, in [0, 1]
};

/// One push the character mover received.
struct CharacterHit
{
    BodyId body;      ///< what was hit
    ShapeId shape;    ///< which of its shapes
    Vec2 normal;      ///< unit, from the obstacle towards the character
    Vec2 translation; ///< how far the character was pushed out (the MTV)
    Vec2 point;       ///< a world contact point between the two
};

} // namespace oblique
