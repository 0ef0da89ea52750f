#pragma once
// The sandbox's hands in the world: drag a dynamic body with the engine's mouse joint, select a
// static body to move, turn and resize it, spawn boxes and circles at the cursor, and throw bombs.

#include "oblique/debug_draw.hpp"
#include "oblique/sfml/camera_2d.hpp"
#include "oblique/sfml/input.hpp"
#include "oblique/world.hpp"

#include <string>
#include <vector>

namespace oblique::sandbox
{

// What the tools did with one update's input.
struct ToolResult
{
    bool edited = false;     // the world was changed by hand (spawn, drag, edit)
    const char* action = ""; // the last thing done, for a recording's timeline ("drag", "bomb", ...)
    bool usedWheel = false;  // the wheel resized the selection, so it must not zoom too
    bool clicked = false;    // the left button went down over the world
    BodyId clickedBody;      // what it went down on (bodyAt), or a null handle
};

class MouseTools
{
public:
    // Forgets the drag and the selection: the world they referred to is gone.
    void reset();

    // The drag's joint: a soft 5 Hz pull, damped at 0.7 of critical, capped at this many times the
    // grabbed body's weight (under gravity of at least kDragReferenceGravity).
    static constexpr float kDragHertz = 5.0f;
    static constexpr float kDragDampingRatio = 0.7f;
    static constexpr float kDragWeights = 100.0f;
    static constexpr float kDragReferenceGravity = 10.0f; // m/s^2
    // The most force the drag may apply to a body of this mass in this world.
    static float dragForce(const World& world, float mass);

    // Reads this update's input. mouseFree / keyboardFree are false while the UI has them.
    // missedLeftPress: the left button went down and up again between two updates (a touchpad
    // tap), which the snapshots cannot show; it counts as a press. New bodies are appended to
    // `bodies`, so they are saved with the scene.
    ToolResult handleInput(World& world, std::vector<BodyId>& bodies, const Input& input,
                           const Camera2D& camera, float dt, bool mouseFree, bool keyboardFree,
                           bool missedLeftPress = false);

    // The drag as a segment from the grab point to the cursor (drawDrag false leaves it to the
    // world's joint layer, which draws the mouse joint); the selection outlined.
    void draw(const World& world, DebugDraw& drawer, bool drawDrag = true) const;

    BodyId spawnBox(World& world, std::vector<BodyId>& bodies, Vec2 at);
    BodyId spawnCircle(World& world, std::vector<BodyId>& bodies, Vec2 at);
    // A small, fast, heavy ball flung from outside `visible` so it arrives at `target`.
    BodyId throwBomb(World& world, std::vector<BodyId>& bodies, Vec2 target, const Aabb& visible);

    bool isDragging() const { return !isNull(m_drag); }
    // The mouse joint that pulls the dragged body, or a null handle.
    JointId dragJoint() const { return m_dragJoint; }
    // The static body the tools made for the drag to hang from, in a scene without one of its own
    // (it has no shapes and is gone on release), or a null handle. It is no part of the scene:
    // readouts and saving leave it out.
    BodyId dragAnchor() const { return m_dragAnchor; }
    // The selected static body, or a null handle.
    BodyId selected() const { return m_selected; }
    // Turns the selection by angle radians about its centre.
    void rotateSelected(World& world, float angle);
    // Scales the selection's size by factor (kept between 5 cm and 1 km).
    void scaleSelected(World& world, float factor);
    void clearSelection() { m_selected = {}; }

private:
    BodyId pick(const World& world, Vec2 point, BodyType type) const;
    void wakeAround(World& world, BodyId id) const;
    void startDrag(World& world, BodyId body, Vec2 at);
    void endDrag(World& world);

    BodyId m_drag;
    JointId m_dragJoint;
    BodyId m_dragAnchor;
    Vec2 m_target;
    BodyId m_selected;
    bool m_movingSelected = false;
    Vec2 m_moveOffset;
};

} // namespace oblique::sandbox
