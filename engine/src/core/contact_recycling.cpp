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

// Rounding room for staysApart per metre of the bodies' distance from the origin (some hundred
// float steps at that distance).
constexpr float kApartRounding = 1e-5f;

float maxAbs(Vec2 v)
{
    return std::max(std::fabs(v.x), std::fabs(v.y));
}

// B's turn relative to A since the bodies were turned by thenA and thenB.
Rot relativeTurnSince(Rot thenA, Rot thenB, const BodyState& a, const BodyState& b)
{
    return invMul(invMul(thenA, thenB), invMul(a.q, b.q));
}

// Whether the world keeps manifolds at all: soft step with a recycle distance. Checked when a
// manifold is cached and again when it would be kept, since both settings change at run time.
bool recycling(const WorldState& w)
{
    return w.def.solver == Solver::SoftStep && w.def.contactRecycleDistance > 0.0f;
}

// A point's lever from a body's centre now, from its anchor as cached. A box's point turns with
// the body; a circle's stays where it was beside the circle's centre, which the body carries: it is
// the point of the circle facing along the normal, and turning the circle in place does not move
// it (as the solver follows a circle's points).
Vec2 leverNow(const WorldState& w, const Contact& c, std::uint8_t side, Rot turn, Vec2 bodyCentre,
              Vec2 anchor)
{
    const Circle* circle = w.circleOf(c, side);
    return circle == nullptr ? rotate(turn, anchor) : (circle->center - bodyCentre) + anchor;
}

// A point's anchor on one side as cached: from the body's centre for a box, from the circle's
// centre for a circle.
Vec2 anchorOf(const WorldState& w, const Contact& c, std::uint8_t side, Vec2 point, Vec2 bodyCentre)
{
    const Circle* circle = w.circleOf(c, side);
    return point - (circle == nullptr ? bodyCentre : circle->center);
}

} // namespace

bool mayRecycle(const WorldState& w, const Contact& c, const ManifoldCache& cache, float lookAheadTime,
                bool wasTouching)
{
    if (!cache.valid || !recycling(w) || cache.hiddenA != w.shapeBriefs[c.shapeA].hiddenFaces ||
        cache.hiddenB != w.shapeBriefs[c.shapeB].hiddenFaces)
    {
        return false;
    }
    const float limit = w.def.contactRecycleDistance;
    const BodyState& a = w.states[c.a];
    const BodyState& b = w.states[c.b];
    const float reachA = w.bodyBriefs[c.a].reach;
    const float reachB = w.bodyBriefs[c.b].reach;
    // A pair that can close past the speculative distance in the step looks again. Only the two
    // bodies' motion relative to each other counts: a pile carried along keeps its manifolds.
    // Compared squared, without a square root: the slide's room is what the turns leave.
    const float slideRoom =
        kSpeculativeDistance - lookAheadTime * (std::fabs(a.w) * reachA + std::fabs(b.w) * reachB);
    const Vec2 slide = lookAheadTime * (b.v - a.v);
    if (slideRoom < 0.0f || lengthSquared(slide) > slideRoom * slideRoom ||
        invMul(cache.rotationA, a.q).c < kRecycleCos || invMul(cache.rotationB, b.q).c < kRecycleCos)
    {
        return false;
    }
    // How far any point of one body has moved relative to the other since: the centre's move,
    // plus the farthest point's swing through the relative turn.
    const Vec2 relativeCenter = invRotate(a.q, b.center - a.center);
    const Rot turn = relativeTurnSince(cache.rotationA, cache.rotationB, a, b);
    const float reach = std::max(reachA, reachB);
    // A pair apart, or box on box on one point, must look again before a corner the manifold does
    // not hold could come within the speculative distance: two points are all a box pair has.
    const bool full = wasTouching && c.manifold.pointCount == 2;
    const float tolerance = full ? limit : std::min(limit, kSpeculativeDistance);
    const float centreRoom = tolerance - reach * std::fabs(turn.s);
    return centreRoom > 0.0f &&
           lengthSquared(relativeCenter - cache.relativeCenter) < centreRoom * centreRoom;
}

void recycleManifold(const WorldState& w, Contact& c, const ManifoldCache& cache)
{
    const BodyState& a = w.states[c.a];
    const BodyState& b = w.states[c.b];
    // Each body's turn since (plane rotations commute, so cached^T * now is now * cached^T).
    const Rot turnA = invMul(cache.rotationA, a.q);
    const Rot turnB = invMul(cache.rotationB, b.q);
    const Vec2 d = b.center - a.center;
    const Vec2 n = c.manifold.normal;
    // Worked out before any is written: the cache sits in another array, and writing the points
    // first would make the compiler read it again after each.
    ManifoldPoint moved[2];
    const int count = c.manifold.pointCount;
    for (int i = 0; i < count; ++i)
    {
        const Vec2 rA = leverNow(w, c, kCircleA, turnA, a.center, cache.anchorA[i]);
        const Vec2 rB = leverNow(w, c, kCircleB, turnB, b.center, cache.anchorB[i]);
        moved[i].separation = cache.baseSeparation[i] + dot(d + rB - rA, n);
        moved[i].point = 0.5f * ((a.center + rA) + (b.center + rB));
    }
    for (int i = 0; i < count; ++i)
    {
        c.manifold.points[i].separation = moved[i].separation;
        c.manifold.points[i].point = moved[i].point;
    }
}

bool staysApart(const WorldState& w, const Contact& c, const ManifoldCache& cache, float lookAhead)
{
    if (!cache.apart)
    {
        return false;
    }
    const BodyState& a = w.states[c.a];
    const BodyState& b = w.states[c.b];
    // In A's frame (where A's shapes stay put), a point of B has moved by no more than B's origin
    // has, plus the chord its reach from the origin sweeps through the relative turn
    // (2 |sin(turn / 2)|, the length of turn less none).
    const Vec2 relativeOrigin = invRotate(a.q, b.position - a.position);
    const Rot turn = relativeTurnSince(cache.apartRotationA, cache.apartRotationB, a, b);
    const float reach = w.bodyBriefs[c.b].originReach;
    const float closed =
        length(relativeOrigin - cache.apartOrigin) + reach * length(Vec2{1.0f - turn.c, turn.s});
    // Room for rounding in the poses and the bound, which grows with the distance from the origin.
    const float rounding = kLinearSlop + kApartRounding * (maxAbs(a.position) + maxAbs(b.position));
    return cache.gap - closed > kSpeculativeDistance + lookAhead + rounding;
}

void cacheManifold(const WorldState& w, const Contact& c, ManifoldCache& cache, const ShapeGeometry& ga,
                   const ShapeGeometry& gb)
{
    const bool oneWay = (c.flags & kContactOneWay) != 0;
    cache.apart = c.manifold.pointCount == 0 && !oneWay;
    if (cache.apart)
    {
        const BodyState& a = w.states[c.a];
        const BodyState& b = w.states[c.b];
        cache.gap = gapBound(ga, gb);
        cache.apartRotationA = a.q;
        cache.apartRotationB = b.q;
        cache.apartOrigin = invRotate(a.q, b.position - a.position);
    }
    cacheManifoldPoints(w, c, cache);
}

void cacheManifoldPoints(const WorldState& w, const Contact& c, ManifoldCache& cache)
{
    // A one-way contact decides afresh each step (and stays one-way while it lasts: a new shape is
    // a new contact). A pair with a circle found empty is left to staysApart, which is exact; a box
    // pair's empty manifold is kept like any other. A kept normal does not turn as a circle moves
    // round its neighbour: it lags by less than the recycle distance over the two radii.
    cache.valid =
        recycling(w) && (c.flags & kContactOneWay) == 0 && (c.circles == 0 || c.manifold.pointCount > 0);
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
        cache.anchorA[i] = anchorOf(w, c, kCircleA, p.point, a.center);
        cache.anchorB[i] = anchorOf(w, c, kCircleB, p.point, b.center);
        cache.baseSeparation[i] = p.separation - dot(d + (p.point - b.center) - (p.point - a.center), n);
    }
    cache.hiddenA = w.shapes[c.shapeA].hiddenFaces;
    cache.hiddenB = w.shapes[c.shapeB].hiddenFaces;
}

} // namespace oblique::detail
