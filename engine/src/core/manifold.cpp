#include "oblique/manifold.hpp"

#include "box_geometry.hpp"
#include "hidden_faces.hpp"

#include <algorithm>
#include <bit>
#include <cfloat>
#include <cstdint>
#include <optional>

namespace oblique
{

namespace
{

// Feature ids stay packed the way key() packs them (indexA, indexB, typeA, typeB from the low
// byte up) until they are written out: one integer to copy and select instead of four bytes.
constexpr std::uint32_t kFaceVertex = key({0, 0, FeatureType::Face, FeatureType::Vertex});
constexpr std::uint32_t kVertexFace = key({0, 0, FeatureType::Vertex, FeatureType::Face});
constexpr std::uint32_t kIndexBMask = 0xff00U;

constexpr std::uint32_t packedId(int indexA, int indexB, std::uint32_t types)
{
    return static_cast<std::uint32_t>(indexA) | static_cast<std::uint32_t>(indexB) << 8 | types;
}

constexpr FeatureId unpack(std::uint32_t k)
{
    return {static_cast<std::uint8_t>(k), static_cast<std::uint8_t>(k >> 8),
            static_cast<FeatureType>(static_cast<std::uint8_t>(k >> 16)),
            static_cast<FeatureType>(static_cast<std::uint8_t>(k >> 24))};
}

// The same id seen from the other shape: A's and B's halves trade places.
constexpr std::uint32_t swapped(std::uint32_t k)
{
    return ((k & 0x00ff00ffU) << 8) | ((k >> 8) & 0x00ff00ffU);
}

struct ClipVertex
{
    Vec2 v;
    std::uint32_t id; // packed
};

// Keeps the part of segment in[0..1] on the back side of the line dot(normal, x) = offset and
// says whether two points are left, the only outcome a manifold can use. A point made by the cut
// takes the reference vertex it was cut at as its feature.
//
// Written without branches: which end survives is as random as the pairs, so the cut point is
// always computed (a division by zero when both ends are on the line is harmless: that point is
// then not picked) and the outputs are picked by index.
inline bool clipSegmentToLine(ClipVertex out[2], const ClipVertex in[2], Vec2 normal, float offset,
                              int referenceVertex)
{
    const float d0 = dot(normal, in[0].v) - offset;
    const float d1 = dot(normal, in[1].v) - offset;
    const bool keep0 = d0 <= 0.0f;
    const bool keep1 = d1 <= 0.0f;
    const bool cut = d0 * d1 < 0.0f;
    const float t = d0 / (d0 - d1);
    const ClipVertex second[2] = {in[1],
                                  {in[0].v + t * (in[1].v - in[0].v),
                                   packedId(referenceVertex, 0, kVertexFace) | (in[0].id & kIndexBMask)}};
    out[0] = in[keep0 ? 0 : 1];
    out[1] = second[(keep0 & keep1) ? 0 : 1];
    return static_cast<int>(keep0) + static_cast<int>(keep1) + static_cast<int>(cut) >= 2;
}

// The face of box inc most anti-parallel to normal: the incident face.
inline int incidentFace(const Obb& inc, Vec2 normal)
{
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
    return incFace;
}

// The reference face refFace of b (flip) or of a, with its outward normal and its two corners,
// and the other box's incident face (the one most anti-parallel to that normal) with its two:
// what clipping and the corner-to-corner test both read.
struct FacePair
{
    Vec2 normal;
    int refFace;
    int incFace;
    Vec2 ref[2]; // corners refFace and refFace + 1
    Vec2 inc[2]; // corners incFace and incFace + 1
};

inline FacePair facePair(const Obb& a, const Obb& b, bool flip, int refFace)
{
    const Obb* const boxes[2] = {&a, &b};
    const Obb& ref = *boxes[flip ? 1 : 0];
    const Obb& inc = *boxes[flip ? 0 : 1];
    FacePair f;
    f.normal = rotate(ref.rot, detail::boxNormal(refFace));
    f.refFace = refFace;
    f.incFace = incidentFace(inc, f.normal);
    f.ref[0] = toWorld(ref, detail::boxVertex(ref.halfExtents, refFace));
    f.ref[1] = toWorld(ref, detail::boxVertex(ref.halfExtents, refFace + 1));
    f.inc[0] = toWorld(inc, detail::boxVertex(inc.halfExtents, f.incFace));
    f.inc[1] = toWorld(inc, detail::boxVertex(inc.halfExtents, f.incFace + 1));
    return f;
}

// The manifold of the two boxes: the incident face clipped to the reference face's sides.
inline Manifold clipBoxes(const FacePair& f, bool flip, float speculativeDistance)
{
    Manifold m;
    const Vec2 normal = f.normal;
    const int refFace = f.refFace;
    const int incFace = f.incFace;
    const ClipVertex incident[2] = {
        {f.inc[0], packedId(refFace, incFace, kFaceVertex)},
        {f.inc[1], packedId(refFace, (incFace + 1) & 3, kFaceVertex)},
    };

    const int iv1 = refFace;
    const int iv2 = (refFace + 1) & 3;
    const Vec2 v11 = f.ref[0];
    const Vec2 v12 = f.ref[1];
    const Vec2 tangent = perp(normal);

    const float frontOffset = dot(normal, v11);
    const float sideOffset1 = -dot(tangent, v11);
    const float sideOffset2 = dot(tangent, v12);

    ClipVertex clip1[2];
    if (!clipSegmentToLine(clip1, incident, -tangent, sideOffset1, iv1))
    {
        return m;
    }
    ClipVertex clip2[2];
    if (!clipSegmentToLine(clip2, clip1, tangent, sideOffset2, iv2))
    {
        return m;
    }

    // The rest is written without branches too. The normal is negated when flipped by toggling
    // its sign bits, which is all negation does. Each point is written to the next free slot
    // whether it is kept or not; a kept point moves the slot on, and the first slot not used is
    // cleared at the end, so unused points stay all zero as before.
    const std::uint32_t signBit = static_cast<std::uint32_t>(flip) << 31;
    m.normal = {std::bit_cast<float>(std::bit_cast<std::uint32_t>(normal.x) ^ signBit),
                std::bit_cast<float>(std::bit_cast<std::uint32_t>(normal.y) ^ signBit)};
    const std::uint32_t swapMask = flip ? ~0U : 0U;
    ManifoldPoint points[3] = {};
    int count = 0;
    for (const ClipVertex& cv : clip2)
    {
        const float separation = dot(normal, cv.v) - frontOffset;
        ManifoldPoint& p = points[count];
        p.point = cv.v - (0.5f * separation) * normal;
        p.separation = separation;
        p.id = unpack(cv.id ^ (swapMask & (cv.id ^ swapped(cv.id))));
        count += separation <= speculativeDistance ? 1 : 0;
    }
    points[count] = ManifoldPoint{};
    m.points[0] = points[0];
    m.points[1] = points[1];
    m.pointCount = count;
    return m;
}

// Where on segments p (p0 + s dp) and q (q0 + t dq), s and t in [0, 1], the two come closest.
struct SegmentFractions
{
    float s;
    float t;
};

SegmentFractions closestOnSegments(Vec2 p0, Vec2 dp, Vec2 q0, Vec2 dq)
{
    const Vec2 r = p0 - q0;
    const float pp = dot(dp, dp);
    const float qq = dot(dq, dq);
    const float pq = dot(dp, dq);
    const float pr = dot(dp, r);
    const float qr = dot(dq, r);
    const float denominator = pp * qq - pq * pq;
    // Parallel faces have no single closest pair: start from p's first end.
    float s = denominator > FLT_EPSILON * pp * qq ? std::clamp((pq * qr - pr * qq) / denominator, 0.0f, 1.0f)
                                                  : 0.0f;
    float t = (pq * s + qr) / qq;
    if (t < 0.0f)
    {
        t = 0.0f;
        s = std::clamp(-pr / pp, 0.0f, 1.0f);
    }
    else if (t > 1.0f)
    {
        t = 1.0f;
        s = std::clamp((pq - pr) / pp, 0.0f, 1.0f);
    }
    return {s, t};
}

// Boxes apart (by `apart`, their largest face separation) with a corner of each nearest the
// other: clipping the incident face to the reference face's sides keeps no point when the corner
// lies past the face's end, or keeps points farther than the corners are. Two cards leaning top
// to top, a box falling past another's edge: without a point the pair is not held until the
// corners overlap, a step late. Then the one point is between the corners, with the normal from
// corner to corner (Box2D v3's test, from a tenth of the slop apart). Anything else keeps the
// clipped manifold: nullopt.
std::optional<Manifold> cornerToCorner(const FacePair& f, bool flip, const Manifold& clipped, float apart,
                                       float speculativeDistance)
{
    if (!(apart > 0.1f * detail::kLinearSlop))
    {
        return std::nullopt;
    }
    const SegmentFractions along =
        closestOnSegments(f.ref[0], f.ref[1] - f.ref[0], f.inc[0], f.inc[1] - f.inc[0]);
    const bool cornerR = along.s == 0.0f || along.s == 1.0f;
    const bool cornerI = along.t == 0.0f || along.t == 1.0f;
    if (!cornerR || !cornerI)
    {
        return std::nullopt;
    }
    const Vec2 cr = along.s == 0.0f ? f.ref[0] : f.ref[1];
    const Vec2 ci = along.t == 0.0f ? f.inc[0] : f.inc[1];
    const float distance = length(ci - cr);
    float nearest = FLT_MAX;
    for (int k = 0; k < clipped.pointCount; ++k)
    {
        nearest = std::min(nearest, clipped.points[k].separation);
    }
    // Far from the origin the corners of boxes a hair apart may round to one point: no normal.
    if (!(distance > 0.0f) || distance > speculativeDistance ||
        !(distance + 0.1f * detail::kLinearSlop < nearest))
    {
        return std::nullopt;
    }
    const Vec2 n = (1.0f / distance) * (ci - cr);
    const auto vr = static_cast<std::uint8_t>((f.refFace + (along.s == 0.0f ? 0 : 1)) & 3);
    const auto vi = static_cast<std::uint8_t>((f.incFace + (along.t == 0.0f ? 0 : 1)) & 3);
    Manifold m;
    m.normal = flip ? -n : n;
    m.pointCount = 1;
    m.points[0].point = 0.5f * (cr + ci);
    m.points[0].separation = distance;
    m.points[0].id = flip ? FeatureId{vi, vr, FeatureType::Vertex, FeatureType::Vertex}
                          : FeatureId{vr, vi, FeatureType::Vertex, FeatureType::Vertex};
    return m;
}

// The one-point manifold of box a and a circle of radius r centred at c (in a's frame) whose
// closest feature lies on the line through planePoint with normal n.
inline Manifold circleManifold(const Obb& a, Vec2 c, float r, Vec2 n, Vec2 planePoint)
{
    Manifold m;
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

} // namespace

Manifold collideBoxes(const Obb& a, const Obb& b, float speculativeDistance)
{
    // Both boxes' separations are worked out before either is tested: apart or not is a coin toss
    // on these pairs, and starting B's while A's is still in flight measured faster than waiting.
    const detail::FaceSeparations seps[2] = {detail::faceSeparations(a, b), detail::faceSeparations(b, a)};
    const float maxA = detail::largest(seps[0]);
    const float maxB = detail::largest(seps[1]);
    if (maxA > speculativeDistance)
    {
        return {};
    }
    if (maxB > speculativeDistance)
    {
        return {};
    }

    // Which box gives the reference face, picked by index rather than by a branch; only its
    // face needs choosing.
    const bool flip = maxB > maxA + kReferenceFaceTolerance;
    const FacePair faces = facePair(a, b, flip, detail::bestFace(seps[flip ? 1 : 0]));
    const Manifold clipped = clipBoxes(faces, flip, speculativeDistance);
    return cornerToCorner(faces, flip, clipped, std::max(maxA, maxB), speculativeDistance).value_or(clipped);
}

Manifold collideBoxCircle(const Obb& a, const Circle& b, float speculativeDistance)
{
    Manifold m;
    const Vec2 c = toLocal(a, b.center);
    const Vec2 h = a.halfExtents;
    const float r = b.radius;
    const float reach = r + speculativeDistance;

    // How far the centre is outside each face. Whether the circle is out of reach only needs the
    // largest; which face that is, is only looked for when it is in reach.
    const detail::FaceSeparations sep{{-c.y - h.y, c.x - h.x, c.y - h.y, -c.x - h.x}};
    const float largest = detail::largest(sep);
    if (largest > reach)
    {
        return m;
    }
    // The face the centre is furthest outside of (or least inside).
    const int face = detail::bestFace(sep);

    const Vec2 v1 = detail::boxVertex(h, face);
    const Vec2 v2 = detail::boxVertex(h, face + 1);
    Vec2 n = detail::boxNormal(face);
    Vec2 planePoint = 0.5f * (v1 + v2);

    // Outside, the closest feature is the face or one of its end corners. Inside or outside is a
    // coin toss on these pairs while a corner is the exception, so the tests are combined without
    // branches and only "at a corner" is branched on.
    const bool outside = largest >= FLT_EPSILON;
    const bool atV1 = outside & (dot(c - v1, v2 - v1) <= 0.0f);
    const bool atV2 = outside & !atV1 & (dot(c - v2, v1 - v2) <= 0.0f);
    if (atV1 | atV2)
    {
        const Vec2 v = atV1 ? v1 : v2;
        if (distanceSquared(c, v) > reach * reach)
        {
            return m;
        }
        n = normalize(c - v);
        planePoint = v;
    }
    else if (outside & (dot(c - planePoint, n) > reach))
    {
        return m;
    }

    return circleManifold(a, c, r, n, planePoint);
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

namespace detail
{

Manifold collideBoxesHidingFaces(const Obb& a, const Obb& b, float speculativeDistance, FaceMask hiddenA,
                                 FaceMask hiddenB)
{
    const FaceSeparations seps[2] = {faceSeparations(a, b), faceSeparations(b, a)};
    if (largest(seps[0]) > speculativeDistance || largest(seps[1]) > speculativeDistance)
    {
        return {};
    }
    // The best face of each box whose normal, seen from the other box, is one it allows.
    const Obb* const boxes[2] = {&a, &b};
    const FaceMask hidden[2] = {hiddenA, hiddenB};
    int best[2] = {-1, -1};
    for (int side = 0; side < 2; ++side)
    {
        const Obb& own = *boxes[side];
        for (int face = 0; face < 4; ++face)
        {
            const bool visible = !isHidden(hidden[side], face);
            if (visible &&
                normalAllowed(*boxes[1 - side], hidden[1 - side], -rotate(own.rot, boxNormal(face))) &&
                (best[side] < 0 || seps[side].s[face] > seps[side].s[best[side]]))
            {
                best[side] = face;
            }
        }
    }
    if (best[0] < 0 && best[1] < 0)
    {
        return {};
    }
    const bool flip =
        best[0] < 0 || (best[1] >= 0 && seps[1].s[best[1]] > seps[0].s[best[0]] + kReferenceFaceTolerance);
    // An allowed face deeper than the pair's real separation by more than the speculative
    // distance and the slop means the boxes meet through
    // hidden faces, inside the neighbours that hide them: those neighbours' contacts hold it.
    const float real = std::max(largest(seps[0]), largest(seps[1]));
    if (seps[flip ? 1 : 0].s[best[flip ? 1 : 0]] < real - speculativeDistance - kLinearSlop)
    {
        return {};
    }
    const FacePair faces = facePair(a, b, flip, best[flip ? 1 : 0]);
    const Manifold clipped = clipBoxes(faces, flip, speculativeDistance);
    // Corner to corner as collideBoxes does, where both corners may push along that line.
    const std::optional<Manifold> corners = cornerToCorner(faces, flip, clipped, real, speculativeDistance);
    if (corners && normalAllowed(a, hiddenA, corners->normal) && normalAllowed(b, hiddenB, -corners->normal))
    {
        return *corners;
    }
    return clipped;
}

Manifold collideBoxCircleHidingFaces(const Obb& a, const Circle& b, float speculativeDistance,
                                     FaceMask hiddenA)
{
    const Vec2 c = toLocal(a, b.center);
    const Vec2 h = a.halfExtents;
    const float r = b.radius;
    const float reach = r + speculativeDistance;
    const FaceSeparations sep{{-c.y - h.y, c.x - h.x, c.y - h.y, -c.x - h.x}};
    if (largest(sep) > reach)
    {
        return {};
    }
    const auto visible = [hiddenA](int face) { return !isHidden(hiddenA, face); };

    int face = -1;
    if (largest(sep) < FLT_EPSILON)
    {
        // Inside: out through the visible face it is least deep behind.
        for (int i = 0; i < 4; ++i)
        {
            if (visible(i) && (face < 0 || sep.s[i] > sep.s[face]))
            {
                face = i;
            }
        }
        // Deep behind every visible face: it is inside the neighbours, whose contacts hold it.
        if (face >= 0 && sep.s[face] < largest(sep) - speculativeDistance - kLinearSlop)
        {
            return {};
        }
    }
    else
    {
        // Outside: beyond one face (the band in front of it) or beyond two (a corner's region).
        const int beyondX = c.x > h.x ? 1 : (c.x < -h.x ? 3 : -1);
        const int beyondY = c.y > h.y ? 2 : (c.y < -h.y ? 0 : -1);
        if (beyondX >= 0 && beyondY >= 0 && visible(beyondX) && visible(beyondY))
        {
            const Vec2 v{beyondX == 1 ? h.x : -h.x, beyondY == 2 ? h.y : -h.y};
            if (distanceSquared(c, v) > reach * reach)
            {
                return {};
            }
            return circleManifold(a, c, r, normalize(c - v), v);
        }
        // A corner next to one hidden face acts as the visible face's end, carried on flush.
        if (beyondX >= 0 && visible(beyondX))
        {
            face = beyondX;
        }
        else if (beyondY >= 0 && visible(beyondY))
        {
            face = beyondY;
        }
    }
    if (face < 0)
    {
        return {};
    }
    const Vec2 n = boxNormal(face);
    const Vec2 planePoint = boxVertex(h, face);
    if (dot(c - planePoint, n) > reach)
    {
        return {};
    }
    return circleManifold(a, c, r, n, planePoint);
}

} // namespace detail

} // namespace oblique
