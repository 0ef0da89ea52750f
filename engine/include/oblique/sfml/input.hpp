#pragma once
/// Input: the current and the previous keyboard and mouse snapshots, and the questions a game asks
/// of them (is a key down, was it just pressed, how far did the wheel turn since the last update).

#include "oblique/sfml/camera_2d.hpp"
#include "oblique/sfml/keyboard_state.hpp"
#include "oblique/sfml/mouse_state.hpp"
#include "oblique/vec2.hpp"

namespace oblique
{

/// Two snapshots of the input, advanced once per update.
///
/// "Pressed" means the key went down since the previous update, so it holds for exactly one update:
/// when a tick runs several updates, the first sees the press and the rest do not, because the
/// snapshot they advance to is the same.
///
/// Every press counts, however short. A key pressed and released again between two updates (a tap
/// quicker than a frame) is down for the update that follows it, which sees wasKeyPressed, and is
/// released for the next, which sees wasKeyReleased, as if it had been held for that one update.
/// Presses are told apart by the snapshots' press counts (KeyboardState::pressCount), so a key
/// released and pressed again between two updates is pressed again too. Mouse buttons work the
/// same way.
///
/// \code
/// void update(const oblique::GameTime& t) override
/// {
///     if (input().wasKeyPressed(oblique::Key::Space)) { spawnBox(input().mouseWorld(camera())); }
///     camera().zoomAt(input().mouse().position, std::pow(1.1f, input().wheelDelta()));
/// }
/// \endcode
class Input
{
public:
    /// Makes `keyboard` and `mouse` current and the former current snapshots previous. A key or
    /// button pressed since the previous snapshot (its press count moved) is down in the current
    /// one, even if it is up again in `keyboard` or `mouse`.
    void advance(const KeyboardState& keyboard, const MouseState& mouse);
    /// Sets both snapshots to the given ones, so nothing counts as an edge.
    void reset(const KeyboardState& keyboard = {}, const MouseState& mouse = {});

    /// The current keyboard snapshot, with the keys tapped since the previous update down.
    const KeyboardState& keyboard() const { return m_keyboard; }
    /// The keyboard snapshot of the previous update.
    const KeyboardState& previousKeyboard() const { return m_previousKeyboard; }
    /// The current mouse snapshot, with the buttons clicked since the previous update down.
    const MouseState& mouse() const { return m_mouse; }
    /// The mouse snapshot of the previous update.
    const MouseState& previousMouse() const { return m_previousMouse; }

    /// Whether the key is down now, or was tapped since the previous update.
    bool isKeyDown(Key key) const { return m_keyboard.isKeyDown(key); }
    /// Whether the key is up now (and was not tapped since the previous update).
    bool isKeyUp(Key key) const { return m_keyboard.isKeyUp(key); }
    /// Whether the key went down since the previous update, even if it is already up again.
    bool wasKeyPressed(Key key) const
    {
        return m_keyboard.isKeyDown(key) &&
               (m_previousKeyboard.isKeyUp(key) ||
                m_keyboard.pressCount(key) != m_previousKeyboard.pressCount(key));
    }
    /// Whether the key went up since the previous update.
    bool wasKeyReleased(Key key) const
    {
        return m_keyboard.isKeyUp(key) && m_previousKeyboard.isKeyDown(key);
    }

    /// Whether the mouse button is down now, or was clicked since the previous update.
    bool isButtonDown(MouseButton button) const { return m_mouse.isButtonDown(button); }
    /// Whether the mouse button went down since the previous update, even if it is already up again.
    bool wasButtonPressed(MouseButton button) const
    {
        return m_mouse.isButtonDown(button) &&
               (!m_previousMouse.isButtonDown(button) ||
                m_mouse.pressCount(button) != m_previousMouse.pressCount(button));
    }
    /// Whether the mouse button went up since the previous update.
    bool wasButtonReleased(MouseButton button) const
    {
        return !m_mouse.isButtonDown(button) && m_previousMouse.isButtonDown(button);
    }

    /// Wheel notches turned since the previous update (positive = away from the user).
    float wheelDelta() const { return m_mouse.wheel - m_previousMouse.wheel; }
    /// The cursor in window pixels (y down).
    Vec2 mousePosition() const { return m_mouse.position; }
    /// How far the cursor moved since the previous update, in pixels (y down).
    Vec2 mouseDelta() const { return m_mouse.position - m_previousMouse.position; }
    /// The cursor in world units (metres, y up) as seen through the camera.
    Vec2 mouseWorld(const Camera2D& camera) const { return camera.screenToWorld(m_mouse.position); }

private:
    KeyboardState m_keyboard;
    KeyboardState m_previousKeyboard;
    MouseState m_mouse;
    MouseState m_previousMouse;
};

} // namespace oblique
