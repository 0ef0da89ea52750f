#pragma once
/// MouseState: where the mouse is, which buttons are down, how many times each has been pressed and
/// how far the wheel has turned, at one instant, as a value. Positions are window pixels with y
/// down; only the camera knows metres.

#include "oblique/vec2.hpp"

#include <array>
#include <cstddef>
#include <cstdint>

namespace oblique
{

/// The mouse buttons the framework tracks.
enum class MouseButton : std::uint8_t
{
    Left,
    Right,
    Middle,
    XButton1, ///< the first extra (side) button
    XButton2, ///< the second extra (side) button
    Count     ///< the number of buttons; not a button
};

/// The number of distinct mouse buttons.
inline constexpr std::size_t kMouseButtonCount = static_cast<std::size_t>(MouseButton::Count);

/// A snapshot of the mouse.
struct MouseState
{
    /// The cursor in window pixels: origin at the top-left corner, x right, y down.
    Vec2 position;
    /// The vertical wheel's total movement since the game started, in notches (positive = away from
    /// the user). Compare two snapshots to get the movement between them.
    float wheel = 0.0f;
    /// One bit per MouseButton.
    std::uint8_t buttons = 0;
    /// How many times each button has been pressed (pressButton), wrapping at 256: like the wheel's
    /// total, two snapshots whose counts differ had a press between them, even a click so quick
    /// that the button is up in both.
    std::array<std::uint8_t, kMouseButtonCount> presses{};

    /// Whether the button is held down in this snapshot.
    bool isButtonDown(MouseButton button) const
    {
        return button < MouseButton::Count && (buttons & bit(button)) != 0;
    }
    /// Marks a button down or up without counting a press; MouseButton::Count is ignored.
    void setButton(MouseButton button, bool down)
    {
        if (button < MouseButton::Count)
        {
            buttons = static_cast<std::uint8_t>(down ? (buttons | bit(button)) : (buttons & ~bit(button)));
        }
    }
    /// Marks a button down as a button-press event does: a button that was up counts one more press.
    /// MouseButton::Count is ignored.
    void pressButton(MouseButton button)
    {
        if (button < MouseButton::Count && !isButtonDown(button))
        {
            setButton(button, true);
            ++presses[static_cast<std::size_t>(button)];
        }
    }
    /// How many times pressButton has pressed the button (0 for MouseButton::Count).
    std::uint8_t pressCount(MouseButton button) const
    {
        return button < MouseButton::Count ? presses[static_cast<std::size_t>(button)] : std::uint8_t{0};
    }

    /// Two snapshots are equal when every field is.
    bool operator==(const MouseState&) const = default;

private:
    static constexpr unsigned bit(MouseButton button) { return 1u << static_cast<unsigned>(button); }
};

} // namespace oblique
