#pragma once
/// Contact manifolds: where two shapes touch, along which normal, and how deep.
///
/// Conventions, the same for every pair:
/// - the normal is a unit vector pointing from shape A to shape B;
/// - separation is negative when the shapes overlap;
/// - each point lies midway between the two surfaces (as Box2D's world manifold reports it);
/// - each point has a feature id that stays the same while the same features stay in contact,
///   which is what lets a solver carry impulses from one step to the next.

#include "oblique/circle.hpp"
#include "oblique/obb.hpp"

#include <cstdint>

namespace oblique
{

/// What kind of feature a contact point comes from on one shape.
enum class FeatureType : std::uint8_t
{
    Vertex = 0,
    Face = 1,
};

/// The pair of features (vertex or face, by index) that produced a contact point.
struct FeatureId
{
    std::uint8_t indexA = 0;
    std::uint8_t indexB = 0;
    FeatureType typeA = FeatureType::Vertex;
    FeatureType typeB = FeatureType::Vertex;
};

/// The feature id packed into one integer for cheap matching.
constexpr std::uint32_t key(FeatureId f)
{
    return static_cast<std::uint32_t>(f.indexA) | (static_cast<std::uint32_t>(f.indexB) << 8) |
           (static_cast<std::uint32_t>(f.typeA) << 16) | (static_cast<std::uint32_t>(f.typeB) << 24);
}

constexpr bool operator==(FeatureId a, FeatureId b)
{
    return key(a) == key(b);
}

struct ManifoldPoint
{
    Vec2 point;              ///< world position, midway between the two surfaces
    float separation = 0.0f; ///< along the normal; negative when overlapping
    FeatureId id;
};

struct Manifold
{
    Vec2 normal;             ///< unit, from A to B
    ManifoldPoint points[2]; ///< the first pointCount entries are valid
    int pointCount = 0;      ///< 0 (apart), 1 or 2
};

/// Box-box by reference/incident face clipping: zero, one or two points. The reference face is
/// the face of least penetration, preferring A's unless B's is better by more than
/// kReferenceFaceTolerance (the same rule as Box2D, so both engines pick the same face).
/// Points whose separation exceeds speculativeDistance are dropped; 0 keeps only touching points.
Manifold collideBoxes(const Obb& a, const Obb& b, float speculativeDistance = 0.0f);

/// Box A against circle B, worked out in the box's local frame.
Manifold collideBoxCircle(const Obb& a, const Circle& b, float speculativeDistance = 0.0f);

/// Circle A against box B (the normal still points from A to B).
Manifold collideCircleBox(const Circle& a, const Obb& b, float speculativeDistance = 0.0f);

/// Circle against circle; coincident centres get the normal +x.
Manifold collideCircles(const Circle& a, const Circle& b, float speculativeDistance = 0.0f);

/// How much better B's best face must be before it becomes the reference face (metres).
inline constexpr float kReferenceFaceTolerance = 0.0005f;

} // namespace oblique
