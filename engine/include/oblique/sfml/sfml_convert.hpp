#pragma once
/// Conversions between the engine's types and SFML's: vectors, colours, the camera as an
/// sf::Transform or sf::View, and SFML key and button codes to the framework's own.

#include "oblique/debug_draw.hpp"
#include "oblique/sfml/camera_2d.hpp"
#include "oblique/sfml/keyboard_state.hpp"
#include "oblique/sfml/mouse_state.hpp"
#include "oblique/vec2.hpp"

#include <SFML/Graphics/Color.hpp>
#include <SFML/Graphics/Transform.hpp>
#include <SFML/Graphics/View.hpp>
#include <SFML/System/Vector2.hpp>
#include <SFML/Window/Keyboard.hpp>
#include <SFML/Window/Mouse.hpp>
#include <optional>

namespace oblique
{

/// The same vector as an sf::Vector2f (no change of space).
inline sf::Vector2f toSfVector(Vec2 v)
{
    return {v.x, v.y};
}

/// The same vector as a Vec2 (no change of space).
inline Vec2 toVec2(sf::Vector2f v)
{
    return {v.x, v.y};
}

/// A colour with [0, 1] components to 8-bit SFML components, clamped and rounded.
sf::Color toSfColor(Color color);

/// The camera's world-to-pixel mapping (y flipped) as an sf::Transform: draw world-space geometry
/// with it under a view that shows pixels, i.e. the target's default view.
/// \code
/// sf::RenderStates states(oblique::toSfTransform(camera));
/// window.setView(window.getDefaultView());
/// window.draw(worldSpaceShape, states);
/// \endcode
sf::Transform toSfTransform(const Camera2D& camera);

/// An sf::View showing what the camera shows, in world units. SFML's y axis points down, so the
/// view's world y is the engine's -y: draw at (x, -y). Prefer toSfTransform, which keeps y up.
sf::View toSfView(const Camera2D& camera);

/// SFML's key code to the framework's, or nothing for keys the framework does not track.
std::optional<Key> fromSfKey(sf::Keyboard::Key key);

/// SFML's mouse button to the framework's, or nothing for buttons the framework does not track.
std::optional<MouseButton> fromSfButton(sf::Mouse::Button button);

} // namespace oblique
