#pragma once
// Framing the world in the part of the window the sandbox's panel and help line leave free:
// fitting a region there, finding the region worth fitting in a running world, and keeping what
// is framed in view when the window changes size.

#include "oblique/aabb.hpp"
#include "oblique/sfml/camera_2d.hpp"
#include "oblique/world.hpp"

#include <optional>

namespace oblique::sandbox
{

// Pixels the window's edges are covered by: the panel on the left, the help line at the bottom.
struct FrameInsets
{
    float left = 0.0f;
    float bottom = 0.0f;
};

// The region worth framing in a world as it is now, by sceneFrameBounds' rule (what moves, the
// static bodies near it and the floor below it) over its enabled bodies' boxes. Nothing when the
// world has no bodies.
std::optional<Aabb> worldFrameBounds(const World& world);

// Zooms and centres the camera so bounds fill the free part of its viewport (inside the insets)
// with `margin` of that part on each side, or so a region of kMinFrameSize does when bounds are
// smaller. Insets that leave less than a fifth of the viewport are ignored, so a tiny window
// still shows the world.
void frameInFreeArea(Camera2D& camera, const Aabb& bounds, FrameInsets insets, float margin = 0.06f);

// The world region the free part of the viewport shows now.
Aabb freeAreaRegion(const Camera2D& camera, FrameInsets insets);

// For a camera whose viewport has just changed from oldViewport to its present size, or whose
// insets have changed (the help line wrapped to another number of lines): zooms and moves it so
// the region the free part showed before fills the free part now, centred. What was in view stays
// in view, whatever the new shape of the window.
void keepFraming(Camera2D& camera, Vec2 oldViewport, FrameInsets oldInsets, FrameInsets newInsets);

} // namespace oblique::sandbox
