#pragma once
/// BodySprite: a texture placed on a body, in the body's own frame, and the functions that fit one
/// to a shape or to a whole body.

#include "oblique/body.hpp"
#include "oblique/debug_draw.hpp"
#include "oblique/sfml/rectangle.hpp"
#include "oblique/sfml/sprite_batch.hpp"
#include "oblique/shape.hpp"
#include "oblique/vec2.hpp"

#include <optional>

namespace oblique
{

class Texture2D;
class World;

/// Where and how a texture is drawn on a body. The sprite is a rectangle `size` metres across,
/// centred at `offset` in the body's frame and turned by `angle` from the body's axes, so it moves
/// and turns with the body.
struct BodySprite
{
    const Texture2D* texture = nullptr;
    /// The part of the texture drawn; empty for all of it.
    std::optional<Rectangle> source;
    Vec2 size{1.0f, 1.0f};
    Vec2 offset;
    float angle = 0.0f;
    /// Zero: the texture is stretched across the sprite. Otherwise the metres one copy of the
    /// texture covers along the sprite's width; copies are laid side by side from the left (the
    /// last one cut short), so a long floor shows its bricks at their size instead of smeared.
    float tileWidth = 0.0f;
    /// The same down the sprite's height, copies laid from the top: a tall wall of bricks.
    float tileHeight = 0.0f;
    Color tint{1.0f, 1.0f, 1.0f, 1.0f};
    SpriteEffects effects = SpriteEffects::None;
    /// As SpriteBatch's: with BackToFront sorting, larger depths are drawn behind.
    float layerDepth = 0.5f;
};

/// A sprite covering the shape exactly: a box's rectangle, or the square around a circle (draw a
/// round texture with transparent corners on it).
BodySprite spriteForShape(const ShapeDef& shape, const Texture2D& texture);
/// A sprite covering the box around all of the body's shapes in its own frame (a compound body's
/// single picture). Throws std::invalid_argument for a stale handle or a body without shapes.
BodySprite spriteForBody(const World& world, BodyId body, const Texture2D& texture);

/// Throws std::invalid_argument naming the problem unless the sprite has a texture, a positive
/// finite size, finite offset and angle, tile sizes of zero or more (at most 10,000 copies in all)
/// and a layerDepth in [0, 1].
void checkBodySprite(const BodySprite& sprite);

/// Draws the sprite on a body standing at `pose` into a batch begun in world space (with a
/// Camera2D); a sprite checkBodySprite refuses is refused here too.
void drawBodySprite(SpriteBatch& batch, const BodySprite& sprite, const Transform& pose);

} // namespace oblique
