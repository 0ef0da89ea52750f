#include "oblique/ray_cast.hpp"

#include <cfloat>
#include <cmath>

namespace oblique
{

std::optional<RayHit> rayCast(const Obb& box, const RayCastInput& ray)
{
    // Slab test in the box's frame, where the box is the axis-aligned [-h, h].
    const Vec2 p = toLocal(box, ray.origin);
    const Vec2 d = invRotate(box.rot, ray.translation);
    const float pc[2] = {p.x, p.y};
    const float dc[2] = {d.x, d.y};
    const float hc[2] = {box.halfExtents.x, box.halfExtents.y};

    float lower = 0.0f;
    float upper = ray.maxFraction;
    int hitAxis = -1;
    float hitSign = 0.0f;
    for (int i = 0; i < 2; ++i)
    {
        if (std::fabs(dc[i]) < FLT_EPSILON)
        {
            if (pc[i] < -hc[i] || pc[i] > hc[i])
            {
                return std::nullopt;
            }
            continue;
        }
        const float inv = 1.0f / dc[i];
        float tNear = (-hc[i] - pc[i]) * inv;
        float tFar = (hc[i] - pc[i]) * inv;
        float sign = -1.0f;
        if (tNear > tFar)
        {
            const float t = tNear;
            tNear = tFar;
            tFar = t;
            sign = 1.0f;
        }
        if (tNear > lower)
        {
            lower = tNear;
            hitAxis = i;
            hitSign = sign;
        }
        if (tFar < upper)
        {
            upper = tFar;
        }
        if (lower > upper)
        {
            return std::nullopt;
        }
    }
    if (hitAxis < 0)
    {
        return std::nullopt; // the origin is inside the box
    }
    const Vec2 localNormal = hitAxis == 0 ? Vec2{hitSign, 0.0f} : Vec2{0.0f, hitSign};
    return RayHit{ray.origin + lower * ray.translation, rotate(box.rot, localNormal), lower};
}

std::optional<RayHit> rayCast(const Circle& circle, const RayCastInput& ray)
{
    // Solved around the point of closest approach rather than with the textbook quadratic: when
    // the circle is small and far from the origin, c^2 - |d|^2 (|s|^2 - r^2) cancels the radius
    // away entirely, while the distance from the centre to the line keeps it.
    const float dd = lengthSquared(ray.translation);
    if (!(dd > 0.0f))
    {
        return std::nullopt; // a ray of zero length enters nothing
    }
    const Vec2 s = ray.origin - circle.center;
    const float rr = circle.radius * circle.radius;
    if (lengthSquared(s) <= rr)
    {
        return std::nullopt; // starts inside: no entry point
    }
    const float tClosest = -dot(s, ray.translation) / dd;
    const Vec2 offset = s + tClosest * ray.translation; // centre to the line's closest point
    const float hh = lengthSquared(offset);
    if (hh > rr)
    {
        return std::nullopt;
    }
    const float t = tClosest - std::sqrt((rr - hh) / dd);
    if (t < 0.0f || t > ray.maxFraction)
    {
        return std::nullopt;
    }
    const Vec2 point = ray.origin + t * ray.translation;
    const Vec2 normal = normalize(point - circle.center);
    // A ray that only grazes the circle touches it at one point without entering: at the tangent
    // the normal is square to the ray, and rounding may tip it either way. Only a normal that
    // faces the ray's origin marks an entry.
    if (!(dot(normal, ray.translation) < 0.0f))
    {
        return std::nullopt;
    }
    return RayHit{point, normal, t};
}

} // namespace oblique
