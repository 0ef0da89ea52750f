// Window events folded into keyboard and mouse snapshots.

#include "oblique/sfml/input_collector.hpp"

#include "oblique/sfml/sfml_convert.hpp"

namespace oblique
{

namespace
{

Vec2 pixel(int x, int y)
{
    return {static_cast<float>(x), static_cast<float>(y)};
}

} // namespace

bool InputCollector::handleEvent(const sf::Event& event)
{
    switch (event.type)
    {
    case sf::Event::KeyPressed:
    case sf::Event::KeyReleased:
        if (const auto key = fromSfKey(event.key.code))
        {
            if (event.type == sf::Event::KeyPressed)
            {
                m_keyboard.pressKey(*key);
            }
            else
            {
                m_keyboard.setKey(*key, false);
            }
        }
        return true;
    case sf::Event::MouseButtonPressed:
    case sf::Event::MouseButtonReleased:
        if (const auto button = fromSfButton(event.mouseButton.button))
        {
            if (event.type == sf::Event::MouseButtonPressed)
            {
                m_mouse.pressButton(*button);
            }
            else
            {
                m_mouse.setButton(*button, false);
            }
        }
        m_mouse.position = pixel(event.mouseButton.x, event.mouseButton.y);
        return true;
    case sf::Event::MouseMoved:
        m_mouse.position = pixel(event.mouseMove.x, event.mouseMove.y);
        return true;
    case sf::Event::MouseWheelScrolled:
        if (event.mouseWheelScroll.wheel == sf::Mouse::VerticalWheel)
        {
            m_mouse.wheel += event.mouseWheelScroll.delta;
        }
        m_mouse.position = pixel(event.mouseWheelScroll.x, event.mouseWheelScroll.y);
        return true;
    case sf::Event::LostFocus:
        m_keyboard.clear();
        m_mouse.buttons = 0;
        return true;
    case sf::Event::GainedFocus:
    case sf::Event::MouseEntered:
    case sf::Event::MouseLeft:
        return true;
    default:
        return false;
    }
}

void InputCollector::reset()
{
    m_keyboard = {};
    m_mouse = {};
}

} // namespace oblique
