#pragma once
// Internal: a box seen as the four-sided polygon Box2D would build for it, so that vertex and
// face numbering (and with it feature ids and tie-breaking) agree between the two engines.

#include "oblique/obb.hpp"

namespace oblique::detail
{

// Corner i in the box's frame: (-hx,-hy), (hx,-hy), (hx,hy), (-hx,hy).
constexpr Vec2 boxVertex(Vec2 h, int i)
{
    switch (i & 3)
    {
    case 0:
        return {-h.x, -h.y};
    case 1:
        return {h.x, -h.y};
    case 2:
        return {h.x, h.y};
    default:
        return {-h.x, h.y};
    }
}

// Outward normal of edge i (from corner i to corner i+1) in the box's frame.
constexpr Vec2 boxNormal(int i)
{
    switch (i & 3)
    {
    case 0:
        return {0.0f, -1.0f};
    case 1:
        return {1.0f, 0.0f};
    case 2:
        return {0.0f, 1.0f};
    default:
        return {-1.0f, 0.0f};
    }
}

// Largest separation of any face of a against b, and which face: the separating-axis test over
// a's faces in closed form. On ties the lowest face index wins, as in Box2D's vertex loop.
struct FaceSeparation
{
    float separation;
    int face;
};

inline FaceSeparation maxFaceSeparation(const Obb& a, const Obb& b)
{
    const Vec2 d = invRotate(a.rot, b.center - a.center);
    const Rot r = invMul(a.rot, b.rot);
    const float ac = r.c < 0.0f ? -r.c : r.c;
    const float as = r.s < 0.0f ? -r.s : r.s;
    const float rx = b.halfExtents.x * ac + b.halfExtents.y * as;
    const float ry = b.halfExtents.x * as + b.halfExtents.y * ac;
    const float s[4] = {-d.y - a.halfExtents.y - ry, d.x - a.halfExtents.x - rx, d.y - a.halfExtents.y - ry,
                        -d.x - a.halfExtents.x - rx};
    FaceSeparation best{s[0], 0};
    for (int i = 1; i < 4; ++i)
    {
        if (s[i] > best.separation)
        {
            best = {s[i], i};
        }
    }
    return best;
}

} // namespace oblique::detail
