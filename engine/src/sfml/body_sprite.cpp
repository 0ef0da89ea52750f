// Sprites fitted to shapes and bodies, and drawn at a body's pose: stretched, or tiled along their
// width.

#include "oblique/sfml/body_sprite.hpp"

#include "oblique/circle.hpp"
#include "oblique/obb.hpp"
#include "oblique/sfml/texture_2d.hpp"
#include "oblique/world.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace oblique
{
namespace
{

// The shape's bounding box in its body's frame.
Aabb localBounds(const ShapeDef& shape)
{
    if (shape.kind == ShapeKind::Circle)
    {
        return aabbOf(Circle{shape.offset, shape.radius});
    }
    return aabbOf(makeObb(shape.offset, shape.halfExtents, shape.angle));
}

Rectangle sourceOf(const BodySprite& sprite)
{
    return sprite.source ? *sprite.source : sprite.texture->bounds();
}

void drawStretched(SpriteBatch& batch, const BodySprite& sprite, Vec2 centre, float rotation)
{
    const Rectangle source = sourceOf(sprite);
    const Vec2 texels{static_cast<float>(source.width), static_cast<float>(source.height)};
    batch.draw(*sprite.texture, centre, source, sprite.tint, rotation, 0.5f * texels,
               {sprite.size.x / texels.x, sprite.size.y / texels.y}, sprite.effects, sprite.layerDepth);
}

// Copies of the texture side by side along the sprite's width, each tileWidth metres wide but the
// last, which shows only as much of the texture as fits.
void drawTiled(SpriteBatch& batch, const BodySprite& sprite, Vec2 centre, float rotation)
{
    const Rectangle source = sourceOf(sprite);
    const Vec2 texels{static_cast<float>(source.width), static_cast<float>(source.height)};
    const Vec2 scale{sprite.tileWidth / texels.x, sprite.size.y / texels.y};
    const Rot q = makeRot(rotation);
    const auto count = static_cast<int>(std::ceil(sprite.size.x / sprite.tileWidth - 1e-4f));
    for (int i = 0; i < count; ++i)
    {
        const float start = static_cast<float>(i) * sprite.tileWidth;
        const float width = std::min(sprite.tileWidth, sprite.size.x - start);
        Rectangle part = source;
        part.width = std::max(1, static_cast<int>(std::lround(texels.x * width / sprite.tileWidth)));
        const Vec2 along{-0.5f * sprite.size.x + start + 0.5f * width, 0.0f};
        batch.draw(*sprite.texture, centre + rotate(q, along), part, sprite.tint, rotation,
                   {0.5f * static_cast<float>(part.width), 0.5f * texels.y}, scale, sprite.effects,
                   sprite.layerDepth);
    }
}

} // namespace

BodySprite spriteForShape(const ShapeDef& shape, const Texture2D& texture)
{
    BodySprite sprite;
    sprite.texture = &texture;
    sprite.offset = shape.offset;
    if (shape.kind == ShapeKind::Circle)
    {
        sprite.size = {2.0f * shape.radius, 2.0f * shape.radius};
    }
    else
    {
        sprite.size = 2.0f * shape.halfExtents;
        sprite.angle = shape.angle;
    }
    return sprite;
}

BodySprite spriteForBody(const World& world, BodyId body, const Texture2D& texture)
{
    if (!world.isValid(body))
    {
        throw std::invalid_argument("spriteForBody: the body handle is stale");
    }
    const std::vector<ShapeId> shapes = world.shapes(body);
    if (shapes.empty())
    {
        throw std::invalid_argument("spriteForBody: the body has no shapes to fit the sprite to");
    }
    Aabb bounds = localBounds(world.shape(shapes.front()));
    for (const ShapeId shape : shapes)
    {
        bounds = merge(bounds, localBounds(world.shape(shape)));
    }
    BodySprite sprite;
    sprite.texture = &texture;
    sprite.offset = center(bounds);
    sprite.size = 2.0f * halfExtents(bounds);
    return sprite;
}

void drawBodySprite(SpriteBatch& batch, const BodySprite& sprite, const Transform& pose)
{
    const Vec2 centre = transformPoint(pose, sprite.offset);
    const float rotation = angle(pose.q) + sprite.angle;
    if (sprite.tileWidth > 0.0f)
    {
        drawTiled(batch, sprite, centre, rotation);
    }
    else
    {
        drawStretched(batch, sprite, centre, rotation);
    }
}

} // namespace oblique
