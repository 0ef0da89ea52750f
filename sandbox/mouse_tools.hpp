#pragma once
// The sandbox's hands in the world: drag a dynamic body on a damped spring, select a static body
// to move, turn and resize it, spawn boxes and circles at the cursor, and throw bombs.

#include "oblique/debug_draw.hpp"
#include "oblique/sfml/camera_2d.hpp"
#include "oblique/sfml/input.hpp"
#include "oblique/world.hpp"
#include "sandbox_math.hpp"

#include <string>
#include <vector>

namespace oblique::sandbox
{

// What the tools did with one update's input.
struct ToolResult
{
    bool edited = false;    // the world was changed by hand (spawn, drag, edit)
    bool usedWheel = false; // the wheel resized the selection, so it must not zoom too
};

class MouseTools
{
public:
    // Forgets the drag and the selection: the world they referred to is gone.
    void reset();

    // Reads this update's input. mouseFree / keyboardFree are false while the UI has them.
    // missedLeftPress: the left button went down and up again between two updates (a touchpad
    // tap), which the snapshots cannot show; it counts as a press. New bodies are appended to
    // `bodies`, so they are saved with the scene.
    ToolResult handleInput(World& world, std::vector<BodyId>& bodies, const Input& input,
                           const Camera2D& camera, float dt, bool mouseFree, bool keyboardFree,
                           bool missedLeftPress = false);

    // Before each world step: the drag spring's force at the grab point.
    void applySpring(World& world, float dt);

    // The spring as a segment from the grab point to the cursor; the selection outlined.
    void draw(const World& world, DebugDraw& drawer) const;

    BodyId spawnBox(World& world, std::vector<BodyId>& bodies, Vec2 at);
    BodyId spawnCircle(World& world, std::vector<BodyId>& bodies, Vec2 at);
    // A small, fast, heavy ball flung from outside `visible` so it arrives at `target`.
    BodyId throwBomb(World& world, std::vector<BodyId>& bodies, Vec2 target, const Aabb& visible);

    bool isDragging() const { return !isNull(m_drag); }
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

    BodyId m_drag;
    Vec2 m_grabLocal;
    Vec2 m_target;
    BodyId m_selected;
    bool m_movingSelected = false;
    Vec2 m_moveOffset;
    SpringParams m_spring;
};

} // namespace oblique::sandbox
