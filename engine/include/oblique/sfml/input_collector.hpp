#pragma once
/// InputCollector: turns SFML window events into the live keyboard and mouse snapshots that
/// Input::advance consumes once per update. Events, not sf::Keyboard::isKeyPressed, because events
/// arrive only while the window has focus and in the order they happened.

#include "oblique/sfml/keyboard_state.hpp"
#include "oblique/sfml/mouse_state.hpp"

#include <SFML/Window/Event.hpp>

namespace oblique
{

/// The input state as the events so far describe it.
///
/// \code
/// oblique::InputCollector collector;
/// sf::Event event;
/// while (window.pollEvent(event)) { collector.handleEvent(event); }
/// input.advance(collector.keyboard(), collector.mouse());
/// \endcode
class InputCollector
{
public:
    /// Applies one event; returns true when it was a keyboard, mouse or focus event. A press is
    /// counted in the snapshot (KeyboardState::pressKey), so Input sees it even when the release
    /// follows before the next update. Losing focus releases every key and button, since their
    /// release events would go to another window.
    bool handleEvent(const sf::Event& event);

    /// The keyboard as of the latest event.
    const KeyboardState& keyboard() const { return m_keyboard; }
    /// The mouse as of the latest event.
    const MouseState& mouse() const { return m_mouse; }
    /// Forgets everything: no keys or buttons down, cursor at the origin, wheel at zero.
    void reset();

private:
    KeyboardState m_keyboard;
    MouseState m_mouse;
};

} // namespace oblique
