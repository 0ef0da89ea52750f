#include "sandbox_math.hpp"

#include "oblique/circle.hpp"
#include "oblique/obb.hpp"
#include "oblique/scene_world.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>
#include <vector>

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

// The top of the highest fixed box that lies wholly below the window and across it: the floor
// what moves will land on, however far it has to fall. Reach limits how much of its thickness
// counts, so a thick slab does not pull the frame down.
std::optional<Aabb> floorBelow(std::span<const FramedBox> boxes, const Aabb& window, float reach)
{
    std::optional<Aabb> floor;
    for (const FramedBox& framed : boxes)
    {
        const Aabb& box = framed.box;
        const bool across = box.lower.x < window.upper.x && box.upper.x > window.lower.x;
        if (!framed.fixed || !across || box.upper.y > window.lower.y)
        {
            continue;
        }
        if (!floor || box.upper.y > floor->upper.y)
        {
            floor = Aabb{{std::max(box.lower.x, window.lower.x), std::max(box.lower.y, box.upper.y - reach)},
                         {std::min(box.upper.x, window.upper.x), box.upper.y}};
        }
    }
    return floor;
}

} // namespace

Aabb frameRegion(std::span<const FramedBox> boxes)
{
    std::optional<Aabb> moving;
    std::optional<Aabb> all;
    for (const FramedBox& framed : boxes)
    {
        grow(all, framed.box);
        if (!framed.fixed)
        {
            grow(moving, framed.box);
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
    // A fixed box no larger than this is a wall, ramp or target, shown whole wherever it is; a
    // larger one (a ground, a long floor) only near what moves.
    const float wholeUpTo = std::max(10.0f, std::max(size.x, size.y));
    Aabb bounds = *moving;
    for (const FramedBox& framed : boxes)
    {
        const Vec2 extent = framed.box.upper - framed.box.lower;
        if (!framed.fixed)
        {
            continue;
        }
        if (std::max(extent.x, extent.y) <= wholeUpTo)
        {
            bounds = merge(bounds, framed.box);
        }
        else if (overlaps(framed.box, window))
        {
            bounds =
                merge(bounds, Aabb{max(framed.box.lower, window.lower), min(framed.box.upper, window.upper)});
        }
    }
    if (const std::optional<Aabb> floor = floorBelow(boxes, window, reach))
    {
        bounds = merge(bounds, *floor);
    }
    return bounds;
}

Aabb sceneFrameBounds(const Scene& scene)
{
    std::vector<FramedBox> boxes;
    boxes.reserve(scene.bodies.size());
    for (const SceneBody& body : scene.bodies)
    {
        boxes.push_back({boundsOf(body), body.type == BodyType::Static});
    }
    return frameRegion(boxes);
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
