// Input snapshots advance as a pair, once per update.

#include "oblique/sfml/input.hpp"

#include <cstddef>

namespace oblique
{

void Input::advance(const KeyboardState& keyboard, const MouseState& mouse)
{
    m_previousKeyboard = m_keyboard;
    m_previousMouse = m_mouse;
    m_keyboard = keyboard;
    m_mouse = mouse;
    // A press the snapshots missed (down and up again between them) is held for this update, so
    // that it is seen pressed now and released at the next.
    for (std::size_t i = 0; i < kKeyCount; ++i)
    {
        const auto key = static_cast<Key>(i);
        if (keyboard.pressCount(key) != m_previousKeyboard.pressCount(key))
        {
            m_keyboard.setKey(key, true);
        }
    }
    for (std::size_t i = 0; i < kMouseButtonCount; ++i)
    {
        const auto button = static_cast<MouseButton>(i);
        if (mouse.pressCount(button) != m_previousMouse.pressCount(button))
        {
            m_mouse.setButton(button, true);
        }
    }
}

void Input::reset(const KeyboardState& keyboard, const MouseState& mouse)
{
    m_previousKeyboard = keyboard;
    m_keyboard = keyboard;
    m_previousMouse = mouse;
    m_mouse = mouse;
}

} // namespace oblique
