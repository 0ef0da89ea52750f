#pragma once
// The sandbox's small pure computations, kept apart from the window so tests can check them
// directly: forgiving scene-name matching, camera framing and the bomb's throw.

#include "oblique/aabb.hpp"
#include "oblique/scene.hpp"
#include "oblique/sfml/camera_2d.hpp"
#include "oblique/vec2.hpp"

#include <span>
#include <string>
#include <string_view>

namespace oblique::sandbox
{

// A scene name reduced to lower-case letters and digits, so "Vertical stack", "vertical-stack" and
// "VERTICALSTACK" all name the same scene on a command line.
std::string normalizeName(std::string_view name);

// A body's bounding box as framing sees it: large fixed (static) boxes count only near what moves.
struct FramedBox
{
    Aabb box;
    bool fixed = false;
};

// The part of a set of bodies worth looking at: every moving box; every fixed box no larger than
// 10 m (or than the moving region), whole, wherever it is (a wall the bodies are thrown at); the
// larger fixed boxes clipped to the moving region grown by a quarter of its size (so an 80 m
// ground under a 20 m pyramid does not shrink the pyramid to a sliver); and the top of the highest
// fixed box below that region and across it (the floor things fall to, however far below they
// start). Nothing that moves: all of it.
Aabb frameRegion(std::span<const FramedBox> boxes);

// frameRegion over a scene's bodies, static ones fixed.
Aabb sceneFrameBounds(const Scene& scene);

// The smallest region frameBounds zooms to, in metres.
inline constexpr Vec2 kMinFrameSize{10.0f, 6.0f};

// Centres the camera on bounds and zooms so they fill the viewport with a small margin (a fraction
// of the viewport on each side), or so a region of kMinFrameSize does when bounds are smaller. The
// viewport size is taken from the camera.
void frameBounds(Camera2D& camera, const Aabb& bounds, float margin = 0.06f);

// For a camera that was framed with a viewport `leftPixels` narrower and `bottomPixels` lower than
// its own (scenes frame themselves on load; the app hands them the part of the window its panel
// and help line leave free): moves the view so what was framed is centred in that part.
void shiftBesidePanels(Camera2D& camera, float leftPixels, float bottomPixels);

// The launch velocity that carries a projectile from `from` to `to` in `flightTime` seconds under
// `gravity` (ignoring whatever it hits on the way).
Vec2 ballisticVelocity(Vec2 from, Vec2 to, Vec2 gravity, float flightTime);

// Where a bomb aimed at `target` starts: just outside the visible region, above it and on the side
// away from the target, so it always flies in across the screen.
Vec2 bombStart(const Aabb& visible, Vec2 target);

} // namespace oblique::sandbox
