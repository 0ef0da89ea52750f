#include "hidden_faces.hpp"

#include "box_geometry.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace oblique::detail
{

namespace
{

// Normals this close to a face's (sine of the angle) count as that face's rather than a
// corner's: a turned box's face a hair off a tile's still reads as parallel to it.
constexpr float kFaceDirection = 1e-4f;

// Directions closer than this (sine of the angle) are parallel.
constexpr float kParallel = 1e-4f;

struct Span
{
    float from;
    float to;
};

// Whether the spans together cover [0, length], give or take the tolerance at each join.
bool covers(std::span<Span> spans, float length)
{
    std::sort(spans.begin(), spans.end(), [](const Span& x, const Span& y) { return x.from < y.from; });
    float reached = 0.0f;
    for (const Span& s : spans)
    {
        if (s.from > reached + kFlushTolerance)
        {
            return false;
        }
        reached = std::max(reached, s.to);
    }
    return reached >= length - kFlushTolerance;
}

} // namespace

bool normalAllowed(const Obb& box, FaceMask hidden, Vec2 normal)
{
    if (hidden == 0)
    {
        return true;
    }
    const Vec2 n = invRotate(box.rot, normal);
    const int faceX = n.x > 0.0f ? 1 : 3;
    const int faceY = n.y > 0.0f ? 2 : 0;
    if (std::fabs(n.x) <= kFaceDirection)
    {
        return !isHidden(hidden, faceY);
    }
    if (std::fabs(n.y) <= kFaceDirection)
    {
        return !isHidden(hidden, faceX);
    }
    return !isHidden(hidden, faceX) && !isHidden(hidden, faceY);
}

FaceMask hiddenFaces(const Obb& box, std::span<const Obb> neighbours)
{
    // A face is covered by at most a few flush neighbours in any level worth building; more
    // than this many pieces and the face is taken as visible, which is always safe.
    constexpr std::size_t kMaxSpans = 16;
    FaceMask hidden = 0;
    for (int face = 0; face < 4; ++face)
    {
        const Vec2 p0 = toWorld(box, boxVertex(box.halfExtents, face));
        const Vec2 p1 = toWorld(box, boxVertex(box.halfExtents, face + 1));
        const Vec2 n = rotate(box.rot, boxNormal(face));
        const float length = distance(p0, p1);
        const Vec2 t = (1.0f / length) * (p1 - p0);
        std::array<Span, kMaxSpans> spans{};
        std::size_t count = 0;
        for (const Obb& other : neighbours)
        {
            for (int j = 0; j < 4; ++j)
            {
                const Vec2 m = rotate(other.rot, boxNormal(j));
                if (dot(m, n) > 0.0f || std::fabs(cross(m, n)) > kParallel)
                {
                    continue;
                }
                const Vec2 q0 = toWorld(other, boxVertex(other.halfExtents, j));
                const Vec2 q1 = toWorld(other, boxVertex(other.halfExtents, j + 1));
                if (std::fabs(dot(q0 - p0, n)) > kFlushTolerance ||
                    std::fabs(dot(q1 - p0, n)) > kFlushTolerance)
                {
                    continue;
                }
                const float s0 = dot(q0 - p0, t);
                const float s1 = dot(q1 - p0, t);
                const Span span{std::min(s0, s1), std::max(s0, s1)};
                if (span.to <= 0.0f || span.from >= length || count == kMaxSpans)
                {
                    continue;
                }
                spans[count++] = span;
            }
        }
        if (count > 0 && covers(std::span<Span>(spans.data(), count), length))
        {
            hidden =
                static_cast<FaceMask>(static_cast<unsigned>(hidden) | (1U << static_cast<unsigned>(face)));
        }
    }
    return hidden;
}

} // namespace oblique::detail
