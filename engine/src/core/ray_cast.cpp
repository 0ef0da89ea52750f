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
    const Vec2 s = ray.origin - circle.center;
    const float b = lengthSquared(s) - circle.radius * circle.radius;
    const float c = dot(s, ray.translation);
    const float rr = lengthSquared(ray.translation);
    const float sigma = c * c - rr * b;
    // Only a zero-length ray is turned away: a threshold on the squared length (FLT_EPSILON, as in
    // Box2D) made every ray shorter than 0.35 mm miss circles that it enters.
    if (sigma < 0.0f || rr <= 0.0f)
    {
        return std::nullopt;
    }
    const float a = -(c + std::sqrt(sigma));
    if (a < 0.0f || a > ray.maxFraction * rr)
    {
        return std::nullopt;
    }
    const float t = a / rr;
    return RayHit{ray.origin + t * ray.translation, normalize(s + t * ray.translation), t};
}

} // namespace oblique
