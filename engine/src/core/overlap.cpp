#include "oblique/overlap.hpp"

#include <cmath>

namespace oblique
{

namespace
{
// Pads each |cos| and |sin| of the relative rotation. Without it, two boxes whose faces are
// parallel to within float rounding can report a gap of a few ulps where they actually touch.
constexpr float kParallelEpsilon = 1.0e-6f;
} // namespace

bool testOverlap(const Obb& a, const Obb& b)
{
    // std::fabs clears the sign bit. `v < 0 ? -v : v` has to return -0.0 for -0.0, so the
    // compiler keeps it as a branch on the sign, which is a coin toss on unrelated boxes.
    const Vec2 d = b.center - a.center;
    const Rot r = invMul(a.rot, b.rot);
    const float ac = std::fabs(r.c) + kParallelEpsilon;
    const float as = std::fabs(r.s) + kParallelEpsilon;
    const Vec2 ha = a.halfExtents;
    const Vec2 hb = b.halfExtents;
    const Vec2 dA = invRotate(a.rot, d);
    const Vec2 dB = invRotate(b.rot, d);

    // All four axes, combined with `&` rather than `&&`: whether an axis separates is as
    // unpredictable as the pairs themselves, and a mispredicted early out costs more than the
    // axes it would skip. The last axis keeps its `<=` so that NaN input still gives false.
    const bool gapAX = std::fabs(dA.x) > ha.x + hb.x * ac + hb.y * as;
    const bool gapAY = std::fabs(dA.y) > ha.y + hb.x * as + hb.y * ac;
    const bool gapBX = std::fabs(dB.x) > hb.x + ha.x * ac + ha.y * as;
    const bool fitBY = std::fabs(dB.y) <= hb.y + ha.x * as + ha.y * ac;
    return !(gapAX | gapAY | gapBX) & fitBY;
}

bool testOverlap(const Obb& box, const Circle& circle)
{
    const Vec2 c = toLocal(box, circle.center);
    const Vec2 h = box.halfExtents;
    const Vec2 closest{c.x < -h.x ? -h.x : (c.x > h.x ? h.x : c.x),
                       c.y < -h.y ? -h.y : (c.y > h.y ? h.y : c.y)};
    return distanceSquared(c, closest) <= circle.radius * circle.radius;
}

bool testOverlap(const Circle& circle, const Obb& box)
{
    return testOverlap(box, circle);
}

bool testOverlap(const Circle& a, const Circle& b)
{
    const float r = a.radius + b.radius;
    return distanceSquared(a.center, b.center) <= r * r;
}

} // namespace oblique
