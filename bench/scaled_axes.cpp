#include "scaled_axes.hpp"

#include <algorithm>

namespace oblique::bench
{

namespace
{

ScaledBox makeScaledBox(const Obb& box)
{
    ScaledBox s;
    const std::array<Vec2, 4> c = corners(box);
    std::copy(c.begin(), c.end(), s.corners);
    const Vec2 edgeU = c[1] - c[0];
    const Vec2 edgeV = c[3] - c[0];
    s.axisU = (1.0f / lengthSquared(edgeU)) * edgeU;
    s.axisV = (1.0f / lengthSquared(edgeV)) * edgeV;
    s.originU = dot(c[0], s.axisU);
    s.originV = dot(c[0], s.axisV);
    return s;
}

// Touching counts as overlapping, as in testOverlap: only a strict gap separates.
bool separatedOn(Vec2 axis, float origin, const Vec2 (&points)[4])
{
    const float t0 = dot(points[0], axis);
    const float t1 = dot(points[1], axis);
    const float t2 = dot(points[2], axis);
    const float t3 = dot(points[3], axis);
    const float lo = std::min(std::min(t0, t1), std::min(t2, t3));
    const float hi = std::max(std::max(t0, t1), std::max(t2, t3));
    return hi < origin || lo > origin + 1.0f;
}

bool overlapScaled(const ScaledBox& a, const ScaledBox& b)
{
    if (separatedOn(a.axisU, a.originU, b.corners))
    {
        return false;
    }
    if (separatedOn(a.axisV, a.originV, b.corners))
    {
        return false;
    }
    if (separatedOn(b.axisU, b.originU, a.corners))
    {
        return false;
    }
    return !separatedOn(b.axisV, b.originV, a.corners);
}

} // namespace

void buildScaledPairs(const std::vector<BoxPair>& pairs, std::vector<ScaledPair>& out)
{
    out.resize(pairs.size());
    for (std::size_t i = 0; i < pairs.size(); ++i)
    {
        out[i].a = makeScaledBox(pairs[i].a);
        out[i].b = makeScaledBox(pairs[i].b);
    }
}

bool testOverlapScaled(const ScaledBox& a, const ScaledBox& b)
{
    return overlapScaled(a, b);
}

bool testOverlapScaledFromObbs(const Obb& a, const Obb& b)
{
    return overlapScaled(makeScaledBox(a), makeScaledBox(b));
}

} // namespace oblique::bench
