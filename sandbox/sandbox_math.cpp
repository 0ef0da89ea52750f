#include "sandbox_math.hpp"

#include "oblique/circle.hpp"
#include "oblique/obb.hpp"
#include "oblique/scene_world.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>

namespace oblique::sandbox
{

std::string normalizeName(std::string_view name)
{
    std::string out;
    out.reserve(name.size());
    for (const char c : name)
    {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) != 0)
        {
            out.push_back(static_cast<char>(std::tolower(u)));
        }
    }
    return out;
}

namespace
{

void grow(std::optional<Aabb>& into, const Aabb& box)
{
    into = into ? merge(*into, box) : box;
}

} // namespace

Aabb sceneFrameBounds(const Scene& scene)
{
    std::optional<Aabb> moving;
    std::optional<Aabb> all;
    for (const SceneBody& body : scene.bodies)
    {
        const Aabb box = boundsOf(body);
        grow(all, box);
        if (body.type != BodyType::Static)
        {
            grow(moving, box);
        }
    }
    if (!all)
    {
        return {{-10.0f, -1.0f}, {10.0f, 10.0f}};
    }
    if (!moving)
    {
        return *all;
    }
    const Vec2 size = moving->upper - moving->lower;
    const float reach = std::max(2.0f, 0.25f * std::max(size.x, size.y));
    const Aabb window = inflate(*moving, reach);
    Aabb bounds = *moving;
    for (const SceneBody& body : scene.bodies)
    {
        if (body.type != BodyType::Static)
        {
            continue;
        }
        const Aabb box = boundsOf(body);
        if (!overlaps(box, window))
        {
            continue;
        }
        bounds = merge(bounds, Aabb{max(box.lower, window.lower), min(box.upper, window.upper)});
    }
    return bounds;
}

void frameBounds(Camera2D& camera, const Aabb& bounds, float margin)
{
    const Vec2 viewport = camera.viewportSize();
    // A lone box would otherwise fill the screen: show at least a room-sized region around it.
    const Vec2 size = max(bounds.upper - bounds.lower, kMinFrameSize);
    const float usable = std::max(0.1f, 1.0f - 2.0f * margin);
    camera.setZoom(std::min(viewport.x * usable / size.x, viewport.y * usable / size.y));
    camera.setCenter(center(bounds));
}

void shiftBesidePanels(Camera2D& camera, float leftPixels, float bottomPixels)
{
    // The free part's centre lies leftPixels / 2 right of the viewport's and bottomPixels / 2 above
    // it; the world moves the other way (y up).
    camera.setCenter(camera.center() - Vec2{camera.screenToWorldLength(0.5f * leftPixels),
                                            camera.screenToWorldLength(0.5f * bottomPixels)});
}

Vec2 ballisticVelocity(Vec2 from, Vec2 to, Vec2 gravity, float flightTime)
{
    const float t = std::max(flightTime, 1e-3f);
    return (1.0f / t) * (to - from) - (0.5f * t) * gravity;
}

Vec2 bombStart(const Aabb& visible, Vec2 target)
{
    const Vec2 size = visible.upper - visible.lower;
    const float margin = 0.05f * std::max(size.x, size.y) + 1.0f;
    const bool fromLeft = target.x >= center(visible).x;
    const float x = fromLeft ? visible.lower.x - margin : visible.upper.x + margin;
    return {x, visible.upper.y + margin};
}

} // namespace oblique::sandbox
