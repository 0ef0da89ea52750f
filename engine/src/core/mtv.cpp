#include "oblique/mtv.hpp"

#include "box_geometry.hpp"
#include "oblique/manifold.hpp"

#include <limits>

namespace oblique
{

namespace
{

Mtv fromNormalAndDepth(Vec2 normal, float depth)
{
    const bool overlapping = depth >= 0.0f;
    return {overlapping, normal, depth, overlapping ? depth * normal : Vec2{}};
}

// A circle manifold computed with unlimited reach always has its one point, whose separation is
// the signed distance between the surfaces: exactly the minimum translation.
Mtv fromCircleManifold(const Manifold& m)
{
    return fromNormalAndDepth(m.normal, -m.points[0].separation);
}

constexpr float kUnlimited = std::numeric_limits<float>::infinity();

} // namespace

Mtv findMtv(const Obb& a, const Obb& b)
{
    const detail::FaceSeparation sepA = detail::maxFaceSeparation(a, b);
    const detail::FaceSeparation sepB = detail::maxFaceSeparation(b, a);
    // B's face normal points from B towards A; turn it round so the MTV normal always runs A to B.
    if (sepB.separation > sepA.separation)
    {
        return fromNormalAndDepth(-rotate(b.rot, detail::boxNormal(sepB.face)), -sepB.separation);
    }
    return fromNormalAndDepth(rotate(a.rot, detail::boxNormal(sepA.face)), -sepA.separation);
}

Mtv findMtv(const Obb& a, const Circle& b)
{
    return fromCircleManifold(collideBoxCircle(a, b, kUnlimited));
}

Mtv findMtv(const Circle& a, const Obb& b)
{
    return fromCircleManifold(collideCircleBox(a, b, kUnlimited));
}

Mtv findMtv(const Circle& a, const Circle& b)
{
    return fromCircleManifold(collideCircles(a, b, kUnlimited));
}

} // namespace oblique
