#include "oblique/overlap.hpp"

namespace oblique
{

namespace
{
// Pads each |cos| and |sin| of the relative rotation. Without it, two boxes whose faces are
// parallel to within float rounding can report a gap of a few ulps where they actually touch.
constexpr float kParallelEpsilon = 1.0e-6f;

constexpr float absf(float v)
{
    return v < 0.0f ? -v : v;
}
} // namespace

bool testOverlap(const Obb& a, const Obb& b)
{
    const Vec2 d = b.center - a.center;
    const Rot r = invMul(a.rot, b.rot);
    const float ac = absf(r.c) + kParallelEpsilon;
    const float as = absf(r.s) + kParallelEpsilon;
    const Vec2 ha = a.halfExtents;
    const Vec2 hb = b.halfExtents;

    const Vec2 dA = invRotate(a.rot, d);
    if (absf(dA.x) > ha.x + hb.x * ac + hb.y * as)
    {
        return false;
    }
    if (absf(dA.y) > ha.y + hb.x * as + hb.y * ac)
    {
        return false;
    }
    const Vec2 dB = invRotate(b.rot, d);
    if (absf(dB.x) > hb.x + ha.x * ac + ha.y * as)
    {
        return false;
    }
    return absf(dB.y) <= hb.y + ha.x * as + ha.y * ac;
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
