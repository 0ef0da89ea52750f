#include "contact_recycling.hpp"

#include "world_state.hpp"

#include <algorithm>
#include <cmath>

namespace oblique::detail
{

namespace
{

// A manifold is found again once either body has turned this far (cosine; about 11 degrees)
// since: the normal stays as it was found.
constexpr float kRecycleCos = 0.98f;

// How far a point of the body can move when it turns: static bodies do not.
float extentOf(const BodyRecord& r)
{
    return r.type == BodyType::Static ? 0.0f : r.maxExtent;
}

// Whether the world keeps manifolds at all: soft step with a recycle distance. Checked when a
// manifold is cached and again when it would be kept, since both settings change at run time.
bool recycling(const WorldState& w)
{
    return w.def.solver == Solver::SoftStep && w.def.contactRecycleDistance > 0.0f;
}

} // namespace

bool mayRecycle(const WorldState& w, const Contact& c, float lookAhead, bool wasTouching)
{
    const ManifoldCache& cache = c.cache;
    if (!cache.valid || !recycling(w) || lookAhead > kSpeculativeDistance ||
        cache.hiddenA != w.shapes[c.shapeA].hiddenFaces || cache.hiddenB != w.shapes[c.shapeB].hiddenFaces)
    {
        return false;
    }
    const float limit = w.def.contactRecycleDistance;
    const BodyState& a = w.states[c.a];
    const BodyState& b = w.states[c.b];
    if (invMul(cache.rotationA, a.q).c < kRecycleCos || invMul(cache.rotationB, b.q).c < kRecycleCos)
    {
        return false;
    }
    // How far any point of one body has moved relative to the other since: the centre's move,
    // plus the farthest point's swing through the relative turn.
    const Vec2 relativeCenter = invRotate(a.q, b.center - a.center);
    const Rot turn = invMul(invMul(cache.rotationA, cache.rotationB), invMul(a.q, b.q));
    const float reach = std::max(extentOf(w.records[c.a]), extentOf(w.records[c.b]));
    const float moved = length(relativeCenter - cache.relativeCenter) + reach * std::fabs(turn.s);
    // A pair apart, or box on box on one point, must look again before a corner the manifold does
    // not hold could come within the speculative distance: two points are all a box pair has.
    const bool full = wasTouching && c.manifold.pointCount == 2;
    const float tolerance = full ? limit : std::min(limit, kSpeculativeDistance);
    return moved < tolerance;
}

void recycleManifold(const WorldState& w, Contact& c)
{
    const BodyState& a = w.states[c.a];
    const BodyState& b = w.states[c.b];
    const ManifoldCache& cache = c.cache;
    // Each body's turn since (plane rotations commute, so cached^T * now is now * cached^T).
    const Rot turnA = invMul(cache.rotationA, a.q);
    const Rot turnB = invMul(cache.rotationB, b.q);
    const Vec2 d = b.center - a.center;
    const Vec2 n = c.manifold.normal;
    for (int i = 0; i < c.manifold.pointCount; ++i)
    {
        const Vec2 rA = rotate(turnA, cache.anchorA[i]);
        const Vec2 rB = rotate(turnB, cache.anchorB[i]);
        ManifoldPoint& p = c.manifold.points[i];
        p.separation = cache.baseSeparation[i] + dot(d + rB - rA, n);
        p.point = 0.5f * ((a.center + rA) + (b.center + rB));
    }
}

void cacheManifold(const WorldState& w, Contact& c)
{
    ManifoldCache& cache = c.cache;
    // Only box pairs: a circle's normal turns as it moves around its neighbour, and a circle's
    // manifold costs little to find again. A one-way contact decides afresh each step. Neither
    // changes while the contact lasts (a new shape is a new contact).
    cache.valid = recycling(w) && (c.flags & kContactOneWay) == 0 &&
                  w.shapes[c.shapeA].def.kind == ShapeKind::Box &&
                  w.shapes[c.shapeB].def.kind == ShapeKind::Box;
    if (!cache.valid)
    {
        return;
    }
    const BodyState& a = w.states[c.a];
    const BodyState& b = w.states[c.b];
    cache.rotationA = a.q;
    cache.rotationB = b.q;
    cache.relativeCenter = invRotate(a.q, b.center - a.center);
    const Vec2 d = b.center - a.center;
    const Vec2 n = c.manifold.normal;
    for (int i = 0; i < c.manifold.pointCount; ++i)
    {
        const ManifoldPoint& p = c.manifold.points[i];
        cache.anchorA[i] = p.point - a.center;
        cache.anchorB[i] = p.point - b.center;
        cache.baseSeparation[i] = p.separation - dot(d + cache.anchorB[i] - cache.anchorA[i], n);
    }
    cache.hiddenA = w.shapes[c.shapeA].hiddenFaces;
    cache.hiddenB = w.shapes[c.shapeB].hiddenFaces;
}

} // namespace oblique::detail
