#pragma once
// The sandbox's small pure computations, kept apart from the window so tests can check them
// directly: forgiving scene-name matching, camera framing, the mouse spring and the bomb's throw.

#include "oblique/aabb.hpp"
#include "oblique/scene.hpp"
#include "oblique/sfml/camera_2d.hpp"
#include "oblique/vec2.hpp"

#include <string>
#include <string_view>

namespace oblique::sandbox
{

// A scene name reduced to lower-case letters and digits, so "Vertical stack", "vertical-stack" and
// "VERTICALSTACK" all name the same scene on a command line.
std::string normalizeName(std::string_view name);

// The part of a scene worth looking at: every dynamic and kinematic body, plus the static bodies
// clipped to that region grown by a quarter of its size (so an 80 m ground under a 20 m pyramid
// does not shrink the pyramid to a sliver). A scene with nothing that moves is shown whole.
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

// The mouse spring: how firm it is, per unit of effective mass, and the most acceleration it may
// give (so dragging a body into a wall cannot launch it).
struct SpringParams
{
    float stiffness = 900.0f;        // 1/s^2: about 4.8 Hz, close to Box2D's testbed mouse joint
    float damping = 42.0f;           // 1/s: 0.7 of critical
    float maxAcceleration = 2000.0f; // m/s^2
};

// The force to apply at `point` (world) on a body of `mass` and rotational `inertia` (0 = cannot
// turn), centred at `centre` and moving with `velocity` and `angularVelocity`, pulling the point
// toward `target`: F = k M (target - point) - c M v_point, where M is the body's effective mass at
// the point. Using the effective mass rather than the plain mass keeps a grab at a corner (which
// also turns the body, so it yields more easily) as firm and as stable as a grab at the centre.
Vec2 springForce(float mass, float inertia, Vec2 centre, Vec2 velocity, float angularVelocity, Vec2 point,
                 Vec2 target, const SpringParams& params = {});

// The launch velocity that carries a projectile from `from` to `to` in `flightTime` seconds under
// `gravity` (ignoring whatever it hits on the way).
Vec2 ballisticVelocity(Vec2 from, Vec2 to, Vec2 gravity, float flightTime);

// Where a bomb aimed at `target` starts: just outside the visible region, above it and on the side
// away from the target, so it always flies in across the screen.
Vec2 bombStart(const Aabb& visible, Vec2 target);

} // namespace oblique::sandbox
