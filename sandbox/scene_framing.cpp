#include "scene_framing.hpp"

#include "sandbox_math.hpp"

#include <algorithm>
#include <vector>

namespace oblique::sandbox
{

namespace
{

// The insets a viewport can afford: none when they would leave less than a fifth of it.
FrameInsets usableInsets(Vec2 viewport, FrameInsets insets)
{
    const bool fits =
        viewport.x - insets.left >= 0.2f * viewport.x && viewport.y - insets.bottom >= 0.2f * viewport.y;
    return fits ? insets : FrameInsets{};
}

// Fits bounds, grown to at least minSize, into the free part with margin on each side.
void fitInFreeArea(Camera2D& camera, const Aabb& bounds, FrameInsets insets, float margin, Vec2 minSize)
{
    const Vec2 viewport = camera.viewportSize();
    const FrameInsets used = usableInsets(viewport, insets);
    const Vec2 free{viewport.x - used.left, viewport.y - used.bottom};
    const Vec2 size = max(bounds.upper - bounds.lower, minSize);
    const float usable = std::max(0.1f, 1.0f - 2.0f * margin);
    camera.setZoom(std::min(free.x * usable / size.x, free.y * usable / size.y));
    // The free part's centre is left / 2 right of the viewport's and bottom / 2 above it (screen y
    // runs down, the world's up).
    const float zoom = camera.zoom();
    camera.setCenter(center(bounds) - Vec2{0.5f * used.left / zoom, 0.5f * used.bottom / zoom});
}

} // namespace

std::optional<Aabb> worldFrameBounds(const World& world)
{
    std::vector<FramedBox> boxes;
    for (const BodyId id : world.bodies())
    {
        if (world.isEnabled(id) && !world.shapes(id).empty())
        {
            boxes.push_back({world.aabb(id), world.bodyType(id) == BodyType::Static});
        }
    }
    if (boxes.empty())
    {
        return std::nullopt;
    }
    return frameRegion(boxes);
}

void frameInFreeArea(Camera2D& camera, const Aabb& bounds, FrameInsets insets, float margin)
{
    fitInFreeArea(camera, bounds, insets, margin, kMinFrameSize);
}

Aabb freeAreaRegion(const Camera2D& camera, FrameInsets insets)
{
    const Vec2 viewport = camera.viewportSize();
    const FrameInsets used = usableInsets(viewport, insets);
    const Vec2 lowerLeft = camera.screenToWorld({used.left, viewport.y - used.bottom});
    const Vec2 upperRight = camera.screenToWorld({viewport.x, 0.0f});
    return {lowerLeft, upperRight};
}

void keepFraming(Camera2D& camera, Vec2 oldViewport, FrameInsets oldInsets, FrameInsets newInsets)
{
    Camera2D before = camera;
    before.setViewportSize(oldViewport);
    fitInFreeArea(camera, freeAreaRegion(before, oldInsets), newInsets, 0.0f, {0.0f, 0.0f});
}

} // namespace oblique::sandbox
