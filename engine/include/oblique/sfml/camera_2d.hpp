#pragma once
/// Camera2D: the mapping between the world (metres, y up) and the screen (pixels, origin top-left,
/// y down). Pure math, no graphics library: the only place where the two spaces meet.

#include "oblique/aabb.hpp"
#include "oblique/transform.hpp"
#include "oblique/vec2.hpp"

namespace oblique
{

/// A 2D camera: the world point at the centre of the viewport, a zoom in pixels per metre and the
/// viewport size in pixels.
///
/// screen.x = width / 2 + (world.x - center.x) * zoom
/// screen.y = height / 2 - (world.y - center.y) * zoom
///
/// \code
/// oblique::Camera2D camera({0.0f, 5.0f}, 40.0f, {1280.0f, 720.0f});
/// camera.zoomAt(input.mousePosition(), 1.25f); // zoom in around the cursor
/// oblique::Vec2 p = camera.screenToWorld(input.mousePosition());
/// \endcode
class Camera2D
{
public:
    /// The smallest and largest zoom (pixels per metre) the camera accepts; values outside are
    /// clamped, so a runaway wheel cannot reach zero or overflow.
    static constexpr float kMinZoom = 1e-3f;
    /// See kMinZoom.
    static constexpr float kMaxZoom = 1e6f;

    /// Centre (0, 0), 50 pixels per metre, an 800 x 600 viewport.
    Camera2D() = default;
    /// A camera looking at `center` (metres) with `zoom` pixels per metre over a viewport of
    /// `viewportSize` pixels.
    Camera2D(Vec2 center, float zoom, Vec2 viewportSize);

    /// The world point shown at the viewport's centre, in metres.
    Vec2 center() const { return m_center; }
    /// Moves the camera so `center` (metres) is shown at the viewport centre.
    void setCenter(Vec2 center) { m_center = center; }
    /// Pixels per metre.
    float zoom() const { return m_zoom; }
    /// Sets the zoom, clamped to [kMinZoom, kMaxZoom]; non-finite values are ignored.
    void setZoom(float pixelsPerMetre);
    /// The viewport size in pixels (width, height).
    Vec2 viewportSize() const { return m_viewport; }
    /// Sets the viewport size in pixels; call it when the window is resized.
    void setViewportSize(Vec2 sizePixels) { m_viewport = sizePixels; }

    /// A world point (metres, y up) to a screen point (pixels, y down).
    Vec2 worldToScreen(Vec2 world) const;
    /// A screen point (pixels, y down) to a world point (metres, y up).
    Vec2 screenToWorld(Vec2 screen) const;
    /// A world length in metres to pixels.
    float worldToScreenLength(float metres) const { return metres * m_zoom; }
    /// A screen length in pixels to metres.
    float screenToWorldLength(float pixels) const { return pixels / m_zoom; }

    /// Multiplies the zoom by `factor` (> 1 zooms in) while the world point under `screenPoint` stays
    /// under it, the way a map zooms around the cursor.
    void zoomAt(Vec2 screenPoint, float factor);
    /// Moves the view so the world follows a drag of `screenDelta` pixels: the world point that was
    /// under the cursor is under it again after the cursor moved by screenDelta.
    void pan(Vec2 screenDelta);

    /// The part of the world the viewport shows.
    Aabb visibleBounds() const;
    /// The world-to-screen mapping as a 2x3 matrix (with the y flip), for renderers that transform
    /// on the GPU.
    Matrix23 worldToScreenMatrix() const;

private:
    Vec2 m_center{0.0f, 0.0f};
    float m_zoom = 50.0f;
    Vec2 m_viewport{800.0f, 600.0f};
};

} // namespace oblique
