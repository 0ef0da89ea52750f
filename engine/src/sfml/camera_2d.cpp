// The world <-> screen mapping. Every conversion goes through the same three numbers (centre, zoom,
// viewport), so a round trip is exact up to float rounding.

#include "oblique/sfml/camera_2d.hpp"

#include <algorithm>
#include <cmath>

namespace oblique
{

Camera2D::Camera2D(Vec2 center, float zoom, Vec2 viewportSize) : m_center(center), m_viewport(viewportSize)
{
    setZoom(zoom);
}

void Camera2D::setZoom(float pixelsPerMetre)
{
    if (std::isfinite(pixelsPerMetre))
    {
        m_zoom = std::clamp(pixelsPerMetre, kMinZoom, kMaxZoom);
    }
}

Vec2 Camera2D::worldToScreen(Vec2 world) const
{
    return {0.5f * m_viewport.x + (world.x - m_center.x) * m_zoom,
            0.5f * m_viewport.y - (world.y - m_center.y) * m_zoom};
}

Vec2 Camera2D::screenToWorld(Vec2 screen) const
{
    return {m_center.x + (screen.x - 0.5f * m_viewport.x) / m_zoom,
            m_center.y - (screen.y - 0.5f * m_viewport.y) / m_zoom};
}

void Camera2D::zoomAt(Vec2 screenPoint, float factor)
{
    const Vec2 anchor = screenToWorld(screenPoint);
    setZoom(m_zoom * factor);
    // Move the centre so the anchor maps back to the same pixel under the new (possibly clamped) zoom.
    m_center = {anchor.x - (screenPoint.x - 0.5f * m_viewport.x) / m_zoom,
                anchor.y + (screenPoint.y - 0.5f * m_viewport.y) / m_zoom};
}

void Camera2D::pan(Vec2 screenDelta)
{
    // Dragging right moves the world right, so the centre moves left; screen y is flipped.
    m_center.x -= screenDelta.x / m_zoom;
    m_center.y += screenDelta.y / m_zoom;
}

Aabb Camera2D::visibleBounds() const
{
    const Vec2 a = screenToWorld({0.0f, m_viewport.y});
    const Vec2 b = screenToWorld({m_viewport.x, 0.0f});
    return {{std::min(a.x, b.x), std::min(a.y, b.y)}, {std::max(a.x, b.x), std::max(a.y, b.y)}};
}

Matrix23 Camera2D::worldToScreenMatrix() const
{
    return {{m_zoom, 0.0f, 0.5f * m_viewport.x - m_center.x * m_zoom, 0.0f, -m_zoom,
             0.5f * m_viewport.y + m_center.y * m_zoom}};
}

} // namespace oblique
