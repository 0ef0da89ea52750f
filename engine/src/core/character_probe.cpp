#include "character_probe.hpp"

#include "oblique/world.hpp"
#include "world_internals.hpp"

#include <algorithm>
#include <cmath>
#include <variant>

namespace oblique::detail
{

namespace
{

// Overlaps left per sub-step at most: enough to settle into a corner of a few surfaces.
constexpr int kIterations = 8;
// A very thin shape moved far asks for more sub-steps than this; the move is cut there.
constexpr float kMaxSubSteps = 10000.0f;
// Shallower overlaps are the rounding of shapes left touching, not something to push out of: a
// character resting on the ground is not pushed (and does not report a hit) every move.
constexpr float kResolveDepth = 1e-5f;
// Overlaps deeper than this (the solver's linear slop) at the start of a move are left along the
// MTV: something moved into the character, or it was put inside something.
constexpr float kDeepOverlap = 0.005f;
// An exit that meets the surface this obliquely would travel far for a small overlap (a slope
// limit near 90 degrees makes one): such overlaps are left along the normal instead.
constexpr float kMinExitAlignment = 0.05f;
// Halvings of a sub-step that find where it met something: to 1/65536 of the sub-step.
constexpr int kEntryBisections = 16;
// Contact points this much farther from the ground than the nearest still carry the character.
constexpr float kFootTolerance = 0.001f;
// Ground candidates this close in height count as level with each other.
constexpr float kGroundTie = 1e-4f;

bool closerThan(const GroundContact& a, const GroundContact& b)
{
    if (a.gap < b.gap - kGroundTie)
    {
        return true;
    }
    // Level with each other: the flatter one is what the character stands on.
    return a.gap <= b.gap + kGroundTie && a.normal.y > b.normal.y;
}

ShapeGeometry geometryOf(const World& world, ShapeId shape)
{
    if (world.shape(shape).kind == ShapeKind::Box)
    {
        return world.obb(shape);
    }
    return world.circle(shape);
}

Interval projectOnto(const ShapeGeometry& g, Vec2 axis)
{
    return std::visit([axis](const auto& shape) { return project(shape, axis); }, g);
}

// How far the character reaches into the obstacle along the normal (from the obstacle to it).
float depthAlong(const ShapeGeometry& obstacle, const ShapeGeometry& character, Vec2 normal)
{
    return projectOnto(obstacle, normal).max - projectOnto(character, normal).min;
}

// Where two touching or overlapping shapes meet: the middle of their contact points.
Vec2 meetingPoint(const Manifold& m, const ShapeGeometry& character)
{
    if (m.pointCount == 0)
    {
        return centerOf(character);
    }
    Vec2 sum;
    for (int i = 0; i < m.pointCount; ++i)
    {
        sum += m.points[i].point;
    }
    return (1.0f / static_cast<float>(m.pointCount)) * sum;
}

} // namespace

CharacterProbe::CharacterProbe(const World& world, const CharacterMoverDef& def)
    : m_world(world), m_def(def), m_solids(def.filter), m_sensors(def.filter),
      m_cosMaxSlope(std::cos(def.maxSlopeAngle)),
      m_thickness(def.kind == ShapeKind::Box ? 2.0f * std::min(def.halfExtents.x, def.halfExtents.y)
                                             : 2.0f * def.radius)
{
    m_solids.sensors = false;
    m_sensors.sensors = true;
}

ShapeGeometry CharacterProbe::shapeAt(Vec2 center) const
{
    if (m_def.kind == ShapeKind::Box)
    {
        return makeObb(center, m_def.halfExtents);
    }
    return Circle{center, m_def.radius};
}

bool CharacterProbe::isIgnored(BodyId body) const
{
    return std::find(m_def.ignoredBodies.begin(), m_def.ignoredBodies.end(), body) !=
           m_def.ignoredBodies.end();
}

std::vector<CharacterProbe::Solid> CharacterProbe::solidsIn(const Aabb& region) const
{
    std::vector<Solid> solids;
    for (const ShapeRef& ref : m_world.queryAabb(region, m_solids))
    {
        if (!isIgnored(ref.body))
        {
            const Vec2 oneWay = m_world.shape(ref.shape).oneWay;
            solids.push_back({ref, m_world.bodyType(ref.body), geometryOf(m_world, ref.shape),
                              oneWay == Vec2{} ? Vec2{} : rotate(m_world.transform(ref.body).q, oneWay),
                              WorldInternals::of(m_world).shapes[ref.shape.index].hiddenFaces});
        }
    }
    return solids;
}

Mtv CharacterProbe::pushOut(const Solid& solid, const ShapeGeometry& character)
{
    if (solid.hidden == 0)
    {
        return mtv(solid.geometry, character);
    }
    // The manifold's normal is the allowed axis of least penetration, its deepest point how far.
    // Speculative points out to a metre give the normal (and the gap) of a shape just clear of
    // the solid too, as mtv() does: where a slide met the solid is found just outside it.
    constexpr float kNormalReach = 1.0f;
    Manifold m = contactWith(solid, character, 0.0f);
    if (m.pointCount == 0)
    {
        m = contactWith(solid, character, kNormalReach);
    }
    if (m.pointCount == 0)
    {
        return mtv(solid.geometry, character);
    }
    Mtv push;
    push.depth = -m.points[0].separation;
    for (int i = 1; i < m.pointCount; ++i)
    {
        push.depth = std::max(push.depth, -m.points[i].separation);
    }
    push.overlapping = push.depth >= 0.0f;
    push.normal = m.normal;
    push.translation = push.overlapping ? push.depth * m.normal : Vec2{};
    return push;
}

Manifold CharacterProbe::contactWith(const Solid& solid, const ShapeGeometry& character, float speculative)
{
    return solid.hidden == 0
               ? collideShapes(solid.geometry, character, speculative)
               : collideShapesHidingFaces(solid.geometry, character, speculative, solid.hidden, 0);
}

bool CharacterProbe::blocks(const Solid& solid, Vec2 normal, bool startsInside)
{
    // The scene format's one-way rule: within 45 degrees of the platform's direction.
    constexpr float kOneWayCone = 0.70710678f;
    return solid.oneWay == Vec2{} || (!startsInside && dot(normal, solid.oneWay) >= kOneWayCone);
}

// Straight up off walkable ground, so that standing still on a slope does not creep down it and
// walking up one keeps its pace; straight out sideways from a steeper surface that faces up, so
// that walking into it cannot climb it while falling onto it still slides down it; along the
// normal from the rest (walls, ceilings).
Vec2 CharacterProbe::exitDirection(Vec2 normal) const
{
    Vec2 exit = normal;
    if (normal.y >= m_cosMaxSlope)
    {
        exit = {0.0f, 1.0f};
    }
    else if (normal.y > 0.0f)
    {
        exit = {normal.x > 0.0f ? 1.0f : -1.0f, 0.0f};
    }
    if (dot(exit, normal) < kMinExitAlignment)
    {
        exit = normal;
    }
    return exit;
}

std::optional<CharacterContact> CharacterProbe::firstOverlap(Vec2 from, Vec2 at, const Leaving& rule) const
{
    const ShapeGeometry character = shapeAt(at);
    const ShapeGeometry before = shapeAt(from);
    const std::vector<Solid> solids = solidsIn(aabbOf(character));
    const Solid* first = nullptr;
    Vec2 firstNormal;
    float firstDepth = 0.0f;
    float firstEntry = 0.0f;
    for (const Solid& solid : solids)
    {
        if (!rule.dynamicBodies && solid.bodyType == BodyType::Dynamic)
        {
            continue;
        }
        // Obstacle first: the normal points from the obstacle to the character.
        const Mtv now = pushOut(solid, character);
        if (!now.overlapping || !(now.depth > rule.minDepth))
        {
            continue;
        }
        Vec2 normal = now.normal;
        float depth = now.depth;
        float entry = 0.0f;
        // Met on the way from `from`: it is left through the surface it was met on, which is not
        // always the one it overlaps least (landing near a ledge's edge goes deeper into the
        // ledge's top than it overlaps its side).
        const bool wasInside = rule.alongMtv || pushOut(solid, before).depth > kResolveDepth;
        if (!wasInside)
        {
            entry = entryFraction(solid, from, at);
            normal = pushOut(solid, shapeAt(lerp(from, at, entry))).normal;
            depth = depthAlong(solid.geometry, character, normal);
        }
        if (!blocks(solid, normal, wasInside))
        {
            continue;
        }
        // What it met first is left first; of what it was already in, the deepest.
        if (first == nullptr || entry < firstEntry || (entry == firstEntry && depth > firstDepth))
        {
            first = &solid;
            firstNormal = normal;
            firstDepth = depth;
            firstEntry = entry;
        }
    }
    if (first == nullptr)
    {
        return std::nullopt;
    }
    const Vec2 exit = rule.alongMtv ? firstNormal : exitDirection(firstNormal);
    CharacterContact contact;
    contact.hit.body = first->ref.body;
    contact.hit.shape = first->ref.shape;
    contact.hit.normal = firstNormal;
    // The exit meets the surface at dot(exit, normal) >= kMinExitAlignment: this far along it
    // clears the overlap.
    contact.hit.translation = (firstDepth / dot(exit, firstNormal)) * exit;
    contact.hit.point = meetingPoint(contactWith(*first, character, 0.0f), character);
    contact.bodyType = first->bodyType;
    contact.exit = exit;
    contact.ground = firstNormal.y >= m_cosMaxSlope;
    return contact;
}

float CharacterProbe::entryFraction(const Solid& obstacle, Vec2 from, Vec2 to) const
{
    float clear = 0.0f;
    float inside = 1.0f;
    for (int i = 0; i < kEntryBisections; ++i)
    {
        const float mid = 0.5f * (clear + inside);
        if (pushOut(obstacle, shapeAt(lerp(from, to, mid))).depth > kResolveDepth)
        {
            inside = mid;
        }
        else
        {
            clear = mid;
        }
    }
    return clear;
}

Vec2 CharacterProbe::slide(Vec2 from, Vec2 displacement, std::vector<CharacterContact>& contacts) const
{
    const float distance = length(displacement);
    const float wanted = std::ceil(distance / (0.5f * m_thickness));
    // Converted only after clamping in float: a huge count does not fit an int.
    const int steps =
        !(wanted < kMaxSubSteps) ? static_cast<int>(kMaxSubSteps) : std::max(1, static_cast<int>(wanted));
    Vec2 step = (1.0f / static_cast<float>(steps)) * displacement;
    Vec2 at = from;
    for (int s = 0; s < steps; ++s)
    {
        const Vec2 stepStart = at;
        at += step;
        at = leave(stepStart, at, {kResolveDepth, false, true}, step, contacts);
        // The level's static and kinematic shapes have the last word: a crate pressing down on the
        // character does not leave it inside the floor.
        at = leave(stepStart, at, {kResolveDepth, false, false}, step, contacts);
    }
    return at;
}

Vec2 CharacterProbe::leave(Vec2 from, Vec2 at, const Leaving& rule, Vec2& step,
                           std::vector<CharacterContact>& contacts) const
{
    for (int i = 0; i < kIterations; ++i)
    {
        const std::optional<CharacterContact> contact = firstOverlap(from, at, rule);
        if (!contact)
        {
            break;
        }
        at += contact->hit.translation;
        contacts.push_back(*contact);
        // The rest of the slide no longer heads into what stopped it.
        const float into = dot(step, contact->exit);
        if (into < 0.0f)
        {
            step -= into * contact->exit;
        }
    }
    return at;
}

Vec2 CharacterProbe::leaveDeepOverlaps(Vec2 at, std::vector<CharacterContact>& contacts) const
{
    Vec2 still;
    return leave(at, at, {kDeepOverlap, true, true}, still, contacts);
}

std::optional<GroundContact> CharacterProbe::findGround(Vec2 at, float reach) const
{
    const ShapeGeometry character = shapeAt(at);
    Aabb region = aabbOf(character);
    region.lower.y -= reach;
    std::optional<GroundContact> best;
    for (const Solid& solid : solidsIn(region))
    {
        // Speculative points out to `reach` along the normal: a drop of `reach` straight down
        // closes at most that much of the gap.
        const Manifold m = contactWith(solid, character, reach);
        if (m.pointCount == 0 || !(m.normal.y >= m_cosMaxSlope) ||
            !blocks(solid, m.normal, pushOut(solid, character).depth > kResolveDepth))
        {
            continue;
        }
        float nearest = m.points[0].separation;
        for (int i = 1; i < m.pointCount; ++i)
        {
            nearest = std::min(nearest, m.points[i].separation);
        }
        const float gap = std::max(0.0f, nearest) / m.normal.y;
        if (gap > reach)
        {
            continue;
        }
        // The points the character rests on, moved from midway onto the ground's surface.
        Vec2 sum;
        int count = 0;
        for (int i = 0; i < m.pointCount; ++i)
        {
            const ManifoldPoint& p = m.points[i];
            if (p.separation <= nearest + kFootTolerance)
            {
                sum += p.point - (0.5f * p.separation) * m.normal;
                ++count;
            }
        }
        const GroundContact candidate{solid.ref, m.normal, (1.0f / static_cast<float>(count)) * sum, gap};
        if (!best || closerThan(candidate, *best))
        {
            best = candidate;
        }
    }
    return best;
}

std::vector<ShapeRef> CharacterProbe::sensorsAt(Vec2 at) const
{
    std::vector<ShapeRef> found = m_def.kind == ShapeKind::Box
                                      ? m_world.overlapObb(makeObb(at, m_def.halfExtents), m_sensors)
                                      : m_world.overlapCircle(Circle{at, m_def.radius}, m_sensors);
    std::erase_if(found, [&](const ShapeRef& ref)
                  { return isIgnored(ref.body) || !m_world.shape(ref.shape).isSensor; });
    return found;
}

} // namespace oblique::detail
