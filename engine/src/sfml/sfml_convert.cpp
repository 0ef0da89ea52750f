// Engine <-> SFML conversions. The key table is written out so the framework's Key never depends on
// the numbering of another library's enum.

#include "oblique/sfml/sfml_convert.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace oblique
{

namespace
{

std::uint8_t toByte(float component)
{
    // NaN compares false everywhere; treat it as 0 rather than letting the cast misbehave.
    const float c = std::isnan(component) ? 0.0f : std::clamp(component, 0.0f, 1.0f);
    return static_cast<std::uint8_t>(std::lround(c * 255.0f));
}

} // namespace

sf::Color toSfColor(Color color)
{
    return {toByte(color.r), toByte(color.g), toByte(color.b), toByte(color.a)};
}

sf::Transform toSfTransform(const Camera2D& camera)
{
    const Matrix23 m = camera.worldToScreenMatrix();
    return {m.m[0], m.m[1], m.m[2], m.m[3], m.m[4], m.m[5], 0.0f, 0.0f, 1.0f};
}

sf::View toSfView(const Camera2D& camera)
{
    const Vec2 size = camera.viewportSize();
    const float zoom = camera.zoom();
    return sf::View({camera.center().x, -camera.center().y}, {size.x / zoom, size.y / zoom});
}

std::optional<Key> fromSfKey(sf::Keyboard::Key key)
{
    using K = sf::Keyboard;
    if (key >= K::A && key <= K::Z)
    {
        return static_cast<Key>(static_cast<int>(Key::A) + (key - K::A));
    }
    if (key >= K::Num0 && key <= K::Num9)
    {
        return static_cast<Key>(static_cast<int>(Key::Num0) + (key - K::Num0));
    }
    if (key >= K::Numpad0 && key <= K::Numpad9)
    {
        return static_cast<Key>(static_cast<int>(Key::Numpad0) + (key - K::Numpad0));
    }
    if (key >= K::F1 && key <= K::F12)
    {
        return static_cast<Key>(static_cast<int>(Key::F1) + (key - K::F1));
    }
    switch (key)
    {
    case K::Escape:
        return Key::Escape;
    case K::Space:
        return Key::Space;
    case K::Enter:
        return Key::Enter;
    case K::Backspace:
        return Key::Backspace;
    case K::Tab:
        return Key::Tab;
    case K::Delete:
        return Key::Delete;
    case K::Insert:
        return Key::Insert;
    case K::Home:
        return Key::Home;
    case K::End:
        return Key::End;
    case K::PageUp:
        return Key::PageUp;
    case K::PageDown:
        return Key::PageDown;
    case K::Left:
        return Key::Left;
    case K::Right:
        return Key::Right;
    case K::Up:
        return Key::Up;
    case K::Down:
        return Key::Down;
    case K::LShift:
        return Key::LShift;
    case K::RShift:
        return Key::RShift;
    case K::LControl:
        return Key::LControl;
    case K::RControl:
        return Key::RControl;
    case K::LAlt:
        return Key::LAlt;
    case K::RAlt:
        return Key::RAlt;
    case K::Comma:
        return Key::Comma;
    case K::Period:
        return Key::Period;
    case K::Hyphen:
        return Key::Minus;
    case K::Equal:
        return Key::Equal;
    case K::Slash:
        return Key::Slash;
    case K::Backslash:
        return Key::Backslash;
    case K::Semicolon:
        return Key::Semicolon;
    case K::Quote:
        return Key::Quote;
    case K::LBracket:
        return Key::LBracket;
    case K::RBracket:
        return Key::RBracket;
    case K::Tilde:
        return Key::Tilde;
    case K::Add:
        return Key::Add;
    case K::Subtract:
        return Key::Subtract;
    case K::Multiply:
        return Key::Multiply;
    case K::Divide:
        return Key::Divide;
    case K::Pause:
        return Key::Pause;
    default:
        return std::nullopt;
    }
}

std::optional<MouseButton> fromSfButton(sf::Mouse::Button button)
{
    switch (button)
    {
    case sf::Mouse::Left:
        return MouseButton::Left;
    case sf::Mouse::Right:
        return MouseButton::Right;
    case sf::Mouse::Middle:
        return MouseButton::Middle;
    case sf::Mouse::XButton1:
        return MouseButton::XButton1;
    case sf::Mouse::XButton2:
        return MouseButton::XButton2;
    default:
        return std::nullopt;
    }
}

} // namespace oblique
