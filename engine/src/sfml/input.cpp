// Input snapshots advance as a pair, once per update.

#include "oblique/sfml/input.hpp"

namespace oblique
{

void Input::advance(const KeyboardState& keyboard, const MouseState& mouse)
{
    m_previousKeyboard = m_keyboard;
    m_previousMouse = m_mouse;
    m_keyboard = keyboard;
    m_mouse = mouse;
}

void Input::reset(const KeyboardState& keyboard, const MouseState& mouse)
{
    m_previousKeyboard = keyboard;
    m_keyboard = keyboard;
    m_previousMouse = mouse;
    m_mouse = mouse;
}

} // namespace oblique
