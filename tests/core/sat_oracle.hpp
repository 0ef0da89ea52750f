#pragma once
// A deliberately naive separating-axis oracle for the tests. It rebuilds each box in double
// precision from its centre, half extents and angle (never from the cached rotation), projects all
// eight corners on the four face axes and compares the intervals. Nothing here shares code with the
// engine's closed-form tests, so an agreement between the two means something.

#include "oblique/circle.hpp"
#include "oblique/obb.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace oblique::test
{

struct DVec2
{
    double x = 0.0;
    double y = 0.0;
};

inline double dotD(DVec2 a, DVec2 b)
{
    return a.x * b.x + a.y * b.y;
}

// A box in double precision: centre, half extents and its two unit axes.
struct OracleBox
{
    DVec2 center;
    DVec2 half;
    DVec2 axisX;
    DVec2 axisY;
};

inline OracleBox oracleBox(const Obb& b)
{
    const double a = static_cast<double>(b.angle);
    const double c = std::cos(a);
    const double s = std::sin(a);
    return {{b.center.x, b.center.y}, {b.halfExtents.x, b.halfExtents.y}, {c, s}, {-s, c}};
}

// Corners in the engine's order: (-hx,-hy), (hx,-hy), (hx,hy), (-hx,hy) in the box's frame.
inline std::array<DVec2, 4> oracleCorners(const OracleBox& b)
{
    const double sx[4] = {-1.0, 1.0, 1.0, -1.0};
    const double sy[4] = {-1.0, -1.0, 1.0, 1.0};
    std::array<DVec2, 4> out{};
    for (int i = 0; i < 4; ++i)
    {
        const double lx = sx[i] * b.half.x;
        const double ly = sy[i] * b.half.y;
        out[static_cast<std::size_t>(i)] = {b.center.x + lx * b.axisX.x + ly * b.axisY.x,
                                            b.center.y + lx * b.axisX.y + ly * b.axisY.y};
    }
    return out;
}

// Outward unit normal of face i (edge from corner i to corner i+1): -y, +x, +y, -x of the box.
inline DVec2 oracleFaceNormal(const OracleBox& b, int i)
{
    switch (i & 3)
    {
    case 0:
        return {-b.axisY.x, -b.axisY.y};
    case 1:
        return b.axisX;
    case 2:
        return b.axisY;
    default:
        return {-b.axisX.x, -b.axisX.y};
    }
}

struct OracleInterval
{
    double min = 0.0;
    double max = 0.0;
};

inline OracleInterval projectCorners(const std::array<DVec2, 4>& pts, DVec2 axis)
{
    OracleInterval r{dotD(pts[0], axis), dotD(pts[0], axis)};
    for (const DVec2& p : pts)
    {
        r.min = std::min(r.min, dotD(p, axis));
        r.max = std::max(r.max, dotD(p, axis));
    }
    return r;
}

// The largest gap between the two shadows over the four face axes: positive when the boxes are
// apart (the width of the widest separating slab), negative when they overlap (minus the smallest
// overlap of the shadows), zero when they just touch. This is the "touching distance".
inline double oracleSeparation(const Obb& a, const Obb& b)
{
    const OracleBox oa = oracleBox(a);
    const OracleBox ob = oracleBox(b);
    const auto ca = oracleCorners(oa);
    const auto cb = oracleCorners(ob);
    const DVec2 axes[4] = {oa.axisX, oa.axisY, ob.axisX, ob.axisY};
    double worst = -1.0e300;
    for (const DVec2& axis : axes)
    {
        const OracleInterval ia = projectCorners(ca, axis);
        const OracleInterval ib = projectCorners(cb, axis);
        worst = std::max(worst, std::max(ib.min - ia.max, ia.min - ib.max));
    }
    return worst;
}

inline bool oracleOverlap(const Obb& a, const Obb& b)
{
    return oracleSeparation(a, b) <= 0.0;
}

// Signed separation of each face of p from q: how far q's nearest corner lies in front of the face
// (negative when q's deepest corner is behind it). Indexed like the engine's faces.
inline std::array<double, 4> oracleFaceSeparations(const Obb& p, const Obb& q)
{
    const OracleBox op = oracleBox(p);
    const auto cp = oracleCorners(op);
    const auto cq = oracleCorners(oracleBox(q));
    std::array<double, 4> out{};
    for (int i = 0; i < 4; ++i)
    {
        const DVec2 n = oracleFaceNormal(op, i);
        const double face = dotD(n, cp[static_cast<std::size_t>(i)]);
        out[static_cast<std::size_t>(i)] = projectCorners(cq, n).min - face;
    }
    return out;
}

// Signed distance from a circle's surface to a box, in double: positive when apart, negative by
// the penetration when the centre is close enough to overlap. Worked in the box's frame with the
// usual clamp-to-the-box construction.
inline double oracleSignedDistance(const Obb& box, const Circle& circle)
{
    const OracleBox b = oracleBox(box);
    const DVec2 rel{static_cast<double>(circle.center.x) - b.center.x,
                    static_cast<double>(circle.center.y) - b.center.y};
    const double px = std::fabs(dotD(rel, b.axisX)) - b.half.x;
    const double py = std::fabs(dotD(rel, b.axisY)) - b.half.y;
    const double ox = std::max(px, 0.0);
    const double oy = std::max(py, 0.0);
    const double outside = std::sqrt(ox * ox + oy * oy);
    const double inside = std::min(std::max(px, py), 0.0);
    return outside + inside - static_cast<double>(circle.radius);
}

inline double oracleSignedDistance(const Circle& a, const Circle& b)
{
    const double dx = static_cast<double>(b.center.x) - static_cast<double>(a.center.x);
    const double dy = static_cast<double>(b.center.y) - static_cast<double>(a.center.y);
    return std::sqrt(dx * dx + dy * dy) - static_cast<double>(a.radius) - static_cast<double>(b.radius);
}

} // namespace oblique::test
