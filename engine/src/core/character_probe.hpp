#pragma once
// Internal: the world as one move of a character mover sees it. It knows the character's shape,
// the solids it collides with and the sensors it reports (through World's queries, less the
// ignored bodies), and answers what the mover asks: where a slide ends, what ground lies below,
// which sensors overlap.

#include "hidden_faces.hpp"
#include "oblique/body_type.hpp"
#include "oblique/character_mover.hpp"
#include "oblique/mtv.hpp"
#include "oblique/query.hpp"
#include "shape_geometry.hpp"

#include <optional>
#include <vector>

namespace oblique
{
class World;
}

namespace oblique::detail
{

/// One overlap the character was pushed out of.
struct CharacterContact
{
    CharacterHit hit;
    BodyType bodyType = BodyType::Static;
    Vec2 exit;           // unit: the way it was pushed out
    bool ground = false; // a walkable surface under it rather than something in its way
};

/// The walkable surface nearest below the character.
struct GroundContact
{
    ShapeRef ref;
    Vec2 normal;      // unit, from the ground towards the character
    Vec2 point;       // on the ground's surface, under the part of the character that rests on it
    float gap = 0.0f; // how far the character would drop straight down to touch it
};

class CharacterProbe
{
public:
    CharacterProbe(const World& world, const CharacterMoverDef& def);

    ShapeGeometry shapeAt(Vec2 center) const;

    /// Moves the shape from `from` by `displacement` in sub-steps no longer than half its
    /// thickness, leaving each overlap the way exitDirection says; returns where it ends and adds
    /// each overlap left to `contacts`.
    Vec2 slide(Vec2 from, Vec2 displacement, std::vector<CharacterContact>& contacts) const;
    /// Pushes the shape out of overlaps deeper than a linear slop along their minimum translation
    /// vectors, as World::moveCharacter does: how a character that starts inside something gets out.
    Vec2 leaveDeepOverlaps(Vec2 at, std::vector<CharacterContact>& contacts) const;
    /// The walkable ground the shape at `at` would reach dropping at most `reach` straight down.
    std::optional<GroundContact> findGround(Vec2 at, float reach) const;
    /// The sensor shapes the shape at `at` overlaps, ordered as queries order them.
    std::vector<ShapeRef> sensorsAt(Vec2 at) const;

private:
    struct Solid
    {
        ShapeRef ref;
        BodyType bodyType;
        ShapeGeometry geometry;
        Vec2 oneWay;         // a one-way platform's direction in the world; zero for a solid
        FaceMask hidden = 0; // faces flush neighbours cover (tile seams): they never push
    };

    // The push out of a solid, as mtv() gives it, but from no face a flush neighbour hides and
    // none of the corners such a face ends (so a tile floor's seams do not lift the character).
    static Mtv pushOut(const Solid& solid, const ShapeGeometry& character);
    // The solid's contact manifold with the character, hidden faces left out.
    static Manifold contactWith(const Solid& solid, const ShapeGeometry& character, float speculative);

    // A one-way platform blocks only a character that meets it from its side, within 45 degrees
    // of its direction; one that starts inside it (jumping up through it) passes.
    static bool blocks(const Solid& solid, Vec2 normal, bool startsInside);

    std::vector<Solid> solidsIn(const Aabb& region) const;
    bool isIgnored(BodyId body) const;
    // Which overlaps are left, and how.
    struct Leaving
    {
        float minDepth;     // shallower ones stay
        bool alongMtv;      // along the MTV, rather than the way exitDirection says
        bool dynamicBodies; // dynamic bodies' shapes count
    };

    // Leaves the overlaps of the shape moved from `from` to `at` the rule selects, one after
    // another, taking out of `step` its part into each; returns where that leaves it.
    Vec2 leave(Vec2 from, Vec2 at, const Leaving& rule, Vec2& step,
               std::vector<CharacterContact>& contacts) const;
    // Of those overlaps, the one to leave first.
    std::optional<CharacterContact> firstOverlap(Vec2 from, Vec2 at, const Leaving& rule) const;
    // How far along from -> to the shape first overlaps the obstacle (it does not at `from`).
    float entryFraction(const Solid& obstacle, Vec2 from, Vec2 to) const;
    Vec2 exitDirection(Vec2 normal) const;

    const World& m_world;
    const CharacterMoverDef& m_def;
    QueryFilter m_solids;
    QueryFilter m_sensors;
    float m_cosMaxSlope;
    float m_thickness;
};

} // namespace oblique::detail
