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

constexpr Rot inverse(Rot q)
{
    return {q.c, -q.s};
}

// How far a point of the body can move when it turns: static bodies do not.
float extentOf(const BodyRecord& r)
{
    return r.type == BodyType::Static ? 0.0f : r.maxExtent;
}

} // namespace

bool mayRecycle(const WorldState& w, const Contact& c, float lookAhead, bool wasTouching)
{
    const float limit = w.def.contactRecycleDistance;
    const ManifoldCache& cache = c.cache;
    // Only box pairs: a circle's normal turns as it moves around its neighbour, and a circle's
    // manifold costs little to find again.
    const bool boxes =
        w.shapes[c.shapeA].def.kind == ShapeKind::Box && w.shapes[c.shapeB].def.kind == ShapeKind::Box;
    if (!boxes || w.def.solver != Solver::SoftStep || !(limit > 0.0f) || !cache.valid ||
        (c.flags & kContactOneWay) != 0 || lookAhead > kSpeculativeDistance ||
        cache.hiddenA != w.shapes[c.shapeA].hiddenFaces || cache.hiddenB != w.shapes[c.shapeB].hiddenFaces)
    {
        return false;
    }
    const BodyState& a = w.states[c.a];
    const BodyState& b = w.states[c.b];
    if (invMul(cache.rotationA, a.q).c < kRecycleCos || invMul(cache.rotationB, b.q).c < kRecycleCos)
    {
        return false;
    }
    // How far any point of one body has moved relative to the other since: the centre's move,
    // plus the farthest point's swing through the relative turn.
    const Vec2 relativeCenter = invRotate(a.q, b.center - a.center);
    const Rot turn = invMul(cache.relativeRotation, invMul(a.q, b.q));
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
    const Rot turnA = mul(a.q, inverse(cache.rotationA));
    const Rot turnB = mul(b.q, inverse(cache.rotationB));
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
    const BodyState& a = w.states[c.a];
    const BodyState& b = w.states[c.b];
    ManifoldCache& cache = c.cache;
    cache.rotationA = a.q;
    cache.rotationB = b.q;
    cache.relativeCenter = invRotate(a.q, b.center - a.center);
    cache.relativeRotation = invMul(a.q, b.q);
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
    cache.valid = true;
}

} // namespace oblique::detail
