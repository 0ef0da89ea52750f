#pragma once
// Internal: a box seen as the four-sided polygon Box2D would build for it, so that vertex and
// face numbering (and with it feature ids and tie-breaking) agree between the two engines.

#include "oblique/obb.hpp"

#include <cmath>

namespace oblique::detail
{

// Corner i in the box's frame: (-hx,-hy), (hx,-hy), (hx,hy), (-hx,hy). The signs come from a
// table rather than a switch, whose jump on a data-dependent index mispredicts. Multiplying by
// +-1 is exact, so the corner is the same to the bit (only a NaN half extent keeps its sign bit
// where negation would flip it).
inline constexpr float kVertexSignX[4] = {-1.0f, 1.0f, 1.0f, -1.0f};
inline constexpr float kVertexSignY[4] = {-1.0f, -1.0f, 1.0f, 1.0f};

constexpr Vec2 boxVertex(Vec2 h, int i)
{
    return {kVertexSignX[i & 3] * h.x, kVertexSignY[i & 3] * h.y};
}

// Outward normal of edge i (from corner i to corner i+1) in the box's frame.
inline constexpr Vec2 kBoxNormals[4] = {{0.0f, -1.0f}, {1.0f, 0.0f}, {0.0f, 1.0f}, {-1.0f, 0.0f}};

constexpr Vec2 boxNormal(int i)
{
    return kBoxNormals[i & 3];
}

// The separation of each face of a against b, in face order: how far b lies beyond the face's
// line, negative when it reaches behind it. The separating-axis test over a's faces in closed form.
struct FaceSeparations
{
    float s[4];
};

inline FaceSeparations faceSeparations(const Obb& a, const Obb& b)
{
    const Vec2 d = invRotate(a.rot, b.center - a.center);
    const Rot r = invMul(a.rot, b.rot);
    // std::fabs rather than `v < 0 ? -v : v`, which keeps -0.0 and so compiles to a branch.
    const float ac = std::fabs(r.c);
    const float as = std::fabs(r.s);
    const float rx = b.halfExtents.x * ac + b.halfExtents.y * as;
    const float ry = b.halfExtents.x * as + b.halfExtents.y * ac;
    return {{-d.y - a.halfExtents.y - ry, d.x - a.halfExtents.x - rx, d.y - a.halfExtents.y - ry,
             -d.x - a.halfExtents.x - rx}};
}

// The largest separation, without saying which face: each step compiles to maxss, no branch.
// Whether two shapes are apart only needs this, and it is as unpredictable as the pairs
// themselves. Taken in face order, keeping the earlier value unless a later one is greater, it is
// exactly the value bestFace() picks, NaN and signed zeros included.
inline float largest(const FaceSeparations& f)
{
    float m = f.s[0];
    for (int i = 1; i < 4; ++i)
    {
        m = f.s[i] > m ? f.s[i] : m;
    }
    return m;
}

// The face of largest separation; on ties the lowest face index wins, as in Box2D's vertex loop.
// Kept as a loop: a branch-free choice (pairs of faces settled by selects) measured slower, as
// it makes everything after it wait for the comparisons instead of running ahead on a guess.
inline int bestFace(const FaceSeparations& f)
{
    int face = 0;
    for (int i = 1; i < 4; ++i)
    {
        if (f.s[i] > f.s[face])
        {
            face = i;
        }
    }
    return face;
}

// Largest separation of any face of a against b, and which face.
struct FaceSeparation
{
    float separation;
    int face;
};

inline FaceSeparation maxFaceSeparation(const Obb& a, const Obb& b)
{
    const FaceSeparations f = faceSeparations(a, b);
    const int face = bestFace(f);
    return {f.s[face], face};
}

} // namespace oblique::detail
