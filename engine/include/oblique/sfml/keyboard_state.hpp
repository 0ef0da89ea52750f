#pragma once
/// KeyboardState: which keys are down at one instant, and how many times each has been pressed, as
/// a value that can be kept and compared. Key is the framework's own key code, so this header needs
/// no windowing library.

#include <array>
#include <bitset>
#include <cstddef>
#include <cstdint>

namespace oblique
{

/// The keys the framework tracks: letters, digits, function keys, arrows, modifiers and the usual
/// editing and punctuation keys of a US layout (by position). Keys the platform reports that are not
/// listed here are ignored.
enum class Key : std::uint8_t
{
    // clang-format off
    A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T, U, V, W, X, Y, Z,
    Num0, Num1, Num2, Num3, Num4, Num5, Num6, Num7, Num8, Num9,
    F1, F2, F3, F4, F5, F6, F7, F8, F9, F10, F11, F12,
    Escape, Space, Enter, Backspace, Tab, Delete, Insert, Home, End, PageUp, PageDown,
    Left, Right, Up, Down,
    LShift, RShift, LControl, RControl, LAlt, RAlt,
    Comma, Period, Minus, Equal, Slash, Backslash, Semicolon, Quote, LBracket, RBracket, Tilde,
    Add, Subtract, Multiply, Divide,
    Numpad0, Numpad1, Numpad2, Numpad3, Numpad4, Numpad5, Numpad6, Numpad7, Numpad8, Numpad9,
    Pause,
    // clang-format on
    Count ///< the number of keys; not a key
};

/// The number of distinct keys.
inline constexpr std::size_t kKeyCount = static_cast<std::size_t>(Key::Count);

/// A snapshot of the keyboard: a set of keys held down, and a running count of each key's presses.
///
/// The counts are what let a tap shorter than a frame be seen: the key is up again in the next
/// snapshot, but its count has moved on, as the mouse wheel's total does.
class KeyboardState
{
public:
    /// Whether the key is held down in this snapshot.
    bool isKeyDown(Key key) const { return valid(key) && m_down.test(index(key)); }
    /// Whether the key is up in this snapshot.
    bool isKeyUp(Key key) const { return !isKeyDown(key); }
    /// Marks a key down or up without counting a press; Key::Count is ignored.
    void setKey(Key key, bool down)
    {
        if (valid(key))
        {
            m_down.set(index(key), down);
        }
    }
    /// Marks a key down as a key-press event does: a key that was up counts one more press. A key
    /// already down (an auto-repeat) does not. Key::Count is ignored.
    void pressKey(Key key)
    {
        if (valid(key) && !m_down.test(index(key)))
        {
            m_down.set(index(key));
            ++m_presses[index(key)];
        }
    }
    /// How many times pressKey has pressed the key, wrapping at 256: two snapshots of one keyboard
    /// whose counts differ had a press between them, even if the key is up in both.
    std::uint8_t pressCount(Key key) const { return valid(key) ? m_presses[index(key)] : std::uint8_t{0}; }
    /// Releases every key, as when the window loses focus and key releases stop arriving. The press
    /// counts stay: presses before the release still happened.
    void clear() { m_down.reset(); }
    /// How many keys are down.
    std::size_t downCount() const { return m_down.count(); }

    /// Two snapshots are equal when the same keys are down and the same presses have been counted.
    bool operator==(const KeyboardState&) const = default;

private:
    static constexpr bool valid(Key key) { return key < Key::Count; }
    static constexpr std::size_t index(Key key) { return static_cast<std::size_t>(key); }

    std::bitset<kKeyCount> m_down;
    std::array<std::uint8_t, kKeyCount> m_presses{};
};

} // namespace oblique
