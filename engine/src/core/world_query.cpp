// World queries answered from the broadphase tree, and the character mover built on them.

#include "oblique/api_error.hpp"
#include "oblique/mtv.hpp"
#include "oblique/overlap.hpp"
#include "oblique/ray_cast.hpp"
#include "world_state.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace oblique
{

using namespace detail;

namespace
{

bool passes(const QueryFilter& f, const ShapeRecord& shape, const BodyRecord& r)
{
    if (shape.def.isSensor && !f.sensors)
    {
        return false;
    }
    switch (r.type)
    {
    case BodyType::Static:
        if (!f.staticBodies)
        {
            return false;
        }
        break;
    case BodyType::Kinematic:
        if (!f.kinematicBodies)
        {
            return false;
        }
        break;
    case BodyType::Dynamic:
        if (!f.dynamicBodies)
        {
            return false;
        }
        break;
    }
    return (f.categoryBits & shape.def.filter.maskBits) != 0 &&
           (shape.def.filter.categoryBits & f.maskBits) != 0;
}

bool passes(const WorldState& w, const QueryFilter& f, std::uint32_t shape)
{
    const ShapeRecord& s = w.shapes[shape];
    return passes(f, s, w.records[s.body]);
}

ShapeRef refOf(const WorldState& w, std::uint32_t shape)
{
    return {w.idOf(w.shapes[shape].body), w.shapeIdOf(shape)};
}

bool before(const ShapeRef& x, const ShapeRef& y)
{
    return x.body.index != y.body.index ? x.body.index < y.body.index : x.shape.index < y.shape.index;
}

void requireFiniteAabb(const char* function, const Aabb& a)
{
    if (!isFinite(a.lower) || !isFinite(a.upper))
    {
        reportApiError((std::string(function) + ": the query region must be finite").c_str());
    }
}

template <typename Exact>
std::vector<ShapeRef> overlapQuery(const WorldState& w, const Aabb& region, const QueryFilter& filter,
                                   Exact&& exact)
{
    std::vector<ShapeRef> out;
    w.tree.query(region,
                 [&](std::int32_t proxy)
                 {
                     const std::uint32_t shape = w.tree.userData(proxy);
                     // The tree holds fattened boxes: check the real box before the exact test.
                     if (passes(w, filter, shape) && overlaps(w.shapeAabb(shape), region) &&
                         exact(w.geometry(shape)))
                     {
                         out.push_back(refOf(w, shape));
                     }
                     return true;
                 });
    std::sort(out.begin(), out.end(), before);
    return out;
}

// Worst-case pushes per sub-step: enough to settle into a corner of a few walls.
constexpr int kMoverIterations = 8;

template <typename Shape>
CharacterMoveResult moveShape(const WorldState& w, Shape shape, Vec2 displacement, const QueryFilter& filter,
                              float thickness)
{
    CharacterMoveResult result;
    // Sub-steps no longer than half the shape's thickness, so thin walls cannot be skipped over.
    const float distance = length(displacement);
    const float maxStep = 0.5f * thickness;
    // Converted only after clamping in float: a very thin shape moved far asks for more sub-steps
    // than an int holds.
    constexpr float kMaxSubSteps = 10000.0f;
    const float wanted = std::ceil(distance / maxStep);
    const int steps =
        !(wanted < kMaxSubSteps) ? static_cast<int>(kMaxSubSteps) : std::max(1, static_cast<int>(wanted));
    const Vec2 stepDisplacement = (1.0f / static_cast<float>(steps)) * displacement;
    for (int s = 0; s < steps; ++s)
    {
        shape.center += stepDisplacement;
        for (int it = 0; it < kMoverIterations; ++it)
        {
            // Push out of the deepest overlap first; the others are often resolved by it.
            float deepest = 0.0f;
            CharacterHit best{};
            bool found = false;
            const Aabb region = aabbOf(shape);
            w.tree.query(region,
                         [&](std::int32_t proxy)
                         {
                             const std::uint32_t index = w.tree.userData(proxy);
                             if (!passes(w, filter, index))
                             {
                                 return true;
                             }
                             // Obstacle first: normals point from the obstacle to the character.
                             const ShapeGeometry& other = w.geometry(index);
                             const Mtv push = mtv(other, ShapeGeometry{shape});
                             if (push.overlapping && push.depth > deepest)
                             {
                                 deepest = push.depth;
                                 found = true;
                                 const Manifold m = collideShapes(other, ShapeGeometry{shape});
                                 best.body = w.idOf(w.shapes[index].body);
                                 best.shape = w.shapeIdOf(index);
                                 best.normal = push.normal;
                                 best.translation = push.translation;
                                 best.point = m.pointCount > 0 ? m.points[0].point : shape.center;
                             }
                             return true;
                         });
            if (!found || deepest <= 0.0f)
            {
                break;
            }
            shape.center += best.translation;
            result.hits.push_back(best);
        }
    }
    result.position = shape.center;
    return result;
}

} // namespace

std::vector<ShapeRef> World::queryAabb(const Aabb& aabb, const QueryFilter& filter) const
{
    requireFiniteAabb("queryAabb", aabb);
    return overlapQuery(*m_impl, aabb, filter, [](const ShapeGeometry&) { return true; });
}

std::vector<ShapeRef> World::overlapObb(const Obb& box, const QueryFilter& filter) const
{
    if (!isFinite(box.center) || !isFinite(box.halfExtents) || !std::isfinite(box.angle) ||
        box.halfExtents.x < 0.0f || box.halfExtents.y < 0.0f)
    {
        reportApiError("overlapObb: the box must be finite with non-negative half extents");
    }
    const ShapeGeometry query{box};
    return overlapQuery(*m_impl, aabbOf(box), filter,
                        [&](const ShapeGeometry& s) { return overlap(s, query); });
}

std::vector<ShapeRef> World::overlapCircle(const Circle& circle, const QueryFilter& filter) const
{
    if (!isFinite(circle.center) || !std::isfinite(circle.radius) || circle.radius < 0.0f)
    {
        reportApiError("overlapCircle: the circle must be finite with a non-negative radius");
    }
    const ShapeGeometry query{circle};
    return overlapQuery(*m_impl, aabbOf(circle), filter,
                        [&](const ShapeGeometry& s) { return overlap(s, query); });
}

std::vector<ShapeRef> World::overlapPoint(Vec2 point, const QueryFilter& filter) const
{
    if (!isFinite(point))
    {
        reportApiError("overlapPoint: the point must be finite");
    }
    return overlapQuery(*m_impl, Aabb{point, point}, filter,
                        [&](const ShapeGeometry& s) { return contains(s, point); });
}

namespace
{

template <typename OnHit>
void castRay(const WorldState& w, Vec2 origin, Vec2 translation, const QueryFilter& filter, OnHit&& onHit)
{
    if (!isFinite(origin) || !isFinite(translation))
    {
        reportApiError("rayCast: origin and translation must be finite");
    }
    const TreeRayInput input{origin, origin + translation, 1.0f};
    w.tree.rayCast(input,
                   [&](const TreeRayInput& clipped, std::int32_t proxy) -> float
                   {
                       const std::uint32_t index = w.tree.userData(proxy);
                       if (!passes(w, filter, index))
                       {
                           return -1.0f;
                       }
                       const RayCastInput ray{origin, translation, clipped.maxFraction};
                       const std::optional<RayHit> hit = rayCast(w.geometry(index), ray);
                       if (!hit)
                       {
                           return -1.0f;
                       }
                       const ShapeRef ref = refOf(w, index);
                       return onHit(WorldRayHit{ref.body, ref.shape, hit->point, hit->normal, hit->fraction},
                                    clipped.maxFraction);
                   });
}

} // namespace

std::optional<WorldRayHit> World::rayCastClosest(Vec2 origin, Vec2 translation,
                                                 const QueryFilter& filter) const
{
    std::optional<WorldRayHit> best;
    castRay(
        *m_impl, origin, translation, filter,
        [&](const WorldRayHit& hit, float)
        {
            // Ties at the same fraction go to the lower slot, so the answer never depends on tree shape.
            if (!best || hit.fraction < best->fraction ||
                (hit.fraction == best->fraction && before({hit.body, hit.shape}, {best->body, best->shape})))
            {
                best = hit;
            }
            return hit.fraction;
        });
    return best;
}

std::vector<WorldRayHit> World::rayCastAll(Vec2 origin, Vec2 translation, const QueryFilter& filter) const
{
    std::vector<WorldRayHit> hits;
    castRay(*m_impl, origin, translation, filter,
            [&](const WorldRayHit& hit, float current)
            {
                hits.push_back(hit);
                return current;
            });
    std::sort(hits.begin(), hits.end(),
              [](const WorldRayHit& x, const WorldRayHit& y)
              {
                  return x.fraction != y.fraction ? x.fraction < y.fraction
                                                  : before({x.body, x.shape}, {y.body, y.shape});
              });
    return hits;
}

QueryFilter World::solidsOnly()
{
    QueryFilter f;
    f.dynamicBodies = false;
    return f;
}

CharacterMoveResult World::moveCharacter(const Obb& box, Vec2 displacement, const QueryFilter& filter) const
{
    if (!isFinite(box.center) || !isFinite(box.halfExtents) || !std::isfinite(box.angle) ||
        !(box.halfExtents.x > 0.0f) || !(box.halfExtents.y > 0.0f) || !isFinite(displacement))
    {
        reportApiError("moveCharacter: the box must be finite with positive half extents, and the "
                       "displacement finite");
    }
    return moveShape(*m_impl, box, displacement, filter,
                     2.0f * std::min(box.halfExtents.x, box.halfExtents.y));
}

CharacterMoveResult World::moveCharacter(const Circle& circle, Vec2 displacement,
                                         const QueryFilter& filter) const
{
    if (!isFinite(circle.center) || !std::isfinite(circle.radius) || !(circle.radius > 0.0f) ||
        !isFinite(displacement))
    {
        reportApiError("moveCharacter: the circle must be finite with a positive radius, and the "
                       "displacement finite");
    }
    return moveShape(*m_impl, circle, displacement, filter, 2.0f * circle.radius);
}

} // namespace oblique
