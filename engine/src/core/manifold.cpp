#include "oblique/manifold.hpp"

#include "box_geometry.hpp"

#include <cfloat>
#include <utility>

namespace oblique
{

namespace
{

struct ClipVertex
{
    Vec2 v;
    FeatureId id;
};

// Keeps the part of segment in[0..1] on the back side of the line dot(normal, x) = offset.
// A point made by the cut takes the reference vertex it was cut at as its feature.
int clipSegmentToLine(ClipVertex out[2], const ClipVertex in[2], Vec2 normal, float offset,
                      std::uint8_t referenceVertex)
{
    int count = 0;
    const float d0 = dot(normal, in[0].v) - offset;
    const float d1 = dot(normal, in[1].v) - offset;
    if (d0 <= 0.0f)
    {
        out[count++] = in[0];
    }
    if (d1 <= 0.0f)
    {
        out[count++] = in[1];
    }
    if (d0 * d1 < 0.0f)
    {
        const float t = d0 / (d0 - d1);
        out[count].v = in[0].v + t * (in[1].v - in[0].v);
        out[count].id = {referenceVertex, in[0].id.indexB, FeatureType::Vertex, FeatureType::Face};
        ++count;
    }
    return count;
}

FeatureId swapped(FeatureId f)
{
    return {f.indexB, f.indexA, f.typeB, f.typeA};
}

} // namespace

Manifold collideBoxes(const Obb& a, const Obb& b, float speculativeDistance)
{
    Manifold m;
    const detail::FaceSeparation sepA = detail::maxFaceSeparation(a, b);
    if (sepA.separation > speculativeDistance)
    {
        return m;
    }
    const detail::FaceSeparation sepB = detail::maxFaceSeparation(b, a);
    if (sepB.separation > speculativeDistance)
    {
        return m;
    }

    const bool flip = sepB.separation > sepA.separation + kReferenceFaceTolerance;
    const Obb& ref = flip ? b : a;
    const Obb& inc = flip ? a : b;
    const int refFace = flip ? sepB.face : sepA.face;

    const Vec2 normal = rotate(ref.rot, detail::boxNormal(refFace));

    // The incident face is the one on the other box most anti-parallel to the reference normal.
    const Vec2 nInc = invRotate(inc.rot, normal);
    const float dots[4] = {-nInc.y, nInc.x, nInc.y, -nInc.x};
    int incFace = 0;
    for (int i = 1; i < 4; ++i)
    {
        if (dots[i] < dots[incFace])
        {
            incFace = i;
        }
    }
    const auto refIndex = static_cast<std::uint8_t>(refFace);
    const auto i1 = static_cast<std::uint8_t>(incFace);
    const auto i2 = static_cast<std::uint8_t>((incFace + 1) & 3);
    const ClipVertex incident[2] = {
        {toWorld(inc, detail::boxVertex(inc.halfExtents, i1)),
         {refIndex, i1, FeatureType::Face, FeatureType::Vertex}},
        {toWorld(inc, detail::boxVertex(inc.halfExtents, i2)),
         {refIndex, i2, FeatureType::Face, FeatureType::Vertex}},
    };

    const auto iv1 = refIndex;
    const auto iv2 = static_cast<std::uint8_t>((refFace + 1) & 3);
    const Vec2 v11 = toWorld(ref, detail::boxVertex(ref.halfExtents, iv1));
    const Vec2 v12 = toWorld(ref, detail::boxVertex(ref.halfExtents, iv2));
    const Vec2 tangent = perp(normal);

    const float frontOffset = dot(normal, v11);
    const float sideOffset1 = -dot(tangent, v11);
    const float sideOffset2 = dot(tangent, v12);

    ClipVertex clip1[2];
    if (clipSegmentToLine(clip1, incident, -tangent, sideOffset1, iv1) < 2)
    {
        return m;
    }
    ClipVertex clip2[2];
    if (clipSegmentToLine(clip2, clip1, tangent, sideOffset2, iv2) < 2)
    {
        return m;
    }

    m.normal = flip ? -normal : normal;
    for (const ClipVertex& cv : clip2)
    {
        const float separation = dot(normal, cv.v) - frontOffset;
        if (separation <= speculativeDistance)
        {
            ManifoldPoint& p = m.points[m.pointCount++];
            p.point = cv.v - (0.5f * separation) * normal;
            p.separation = separation;
            p.id = flip ? swapped(cv.id) : cv.id;
        }
    }
    return m;
}

Manifold collideBoxCircle(const Obb& a, const Circle& b, float speculativeDistance)
{
    Manifold m;
    const Vec2 c = toLocal(a, b.center);
    const Vec2 h = a.halfExtents;
    const float r = b.radius;
    const float reach = r + speculativeDistance;

    // The face the centre is furthest outside of (or least inside).
    const float s[4] = {-c.y - h.y, c.x - h.x, c.y - h.y, -c.x - h.x};
    int face = 0;
    for (int i = 1; i < 4; ++i)
    {
        if (s[i] > s[face])
        {
            face = i;
        }
    }
    if (s[face] > reach)
    {
        return m;
    }

    const Vec2 v1 = detail::boxVertex(h, face);
    const Vec2 v2 = detail::boxVertex(h, face + 1);
    Vec2 n = detail::boxNormal(face);
    Vec2 planePoint = 0.5f * (v1 + v2);

    if (s[face] >= FLT_EPSILON)
    {
        // Outside: the closest feature is the face or one of its end corners.
        if (dot(c - v1, v2 - v1) <= 0.0f)
        {
            if (distanceSquared(c, v1) > reach * reach)
            {
                return m;
            }
            n = normalize(c - v1);
            planePoint = v1;
        }
        else if (dot(c - v2, v1 - v2) <= 0.0f)
        {
            if (distanceSquared(c, v2) > reach * reach)
            {
                return m;
            }
            n = normalize(c - v2);
            planePoint = v2;
        }
        else if (dot(c - planePoint, n) > reach)
        {
            return m;
        }
    }

    const float dist = dot(c - planePoint, n);
    const Vec2 onBox = c - dist * n;
    const Vec2 onCircle = c - r * n;
    m.normal = rotate(a.rot, n);
    m.pointCount = 1;
    m.points[0].point = toWorld(a, 0.5f * (onBox + onCircle));
    m.points[0].separation = dist - r;
    m.points[0].id = {};
    return m;
}

Manifold collideCircleBox(const Circle& a, const Obb& b, float speculativeDistance)
{
    Manifold m = collideBoxCircle(b, a, speculativeDistance);
    m.normal = -m.normal;
    return m;
}

Manifold collideCircles(const Circle& a, const Circle& b, float speculativeDistance)
{
    Manifold m;
    const Vec2 d = b.center - a.center;
    const float distSq = lengthSquared(d);
    const float reach = a.radius + b.radius + speculativeDistance;
    if (distSq > reach * reach)
    {
        return m;
    }
    const float dist = std::sqrt(distSq);
    const Vec2 n = dist > FLT_EPSILON ? (1.0f / dist) * d : Vec2{1.0f, 0.0f};
    const Vec2 onA = a.center + a.radius * n;
    const Vec2 onB = b.center - b.radius * n;
    m.normal = n;
    m.pointCount = 1;
    m.points[0].point = 0.5f * (onA + onB);
    m.points[0].separation = dot(onB - onA, n);
    m.points[0].id = {};
    return m;
}

} // namespace oblique
