// Sprites fitted to shapes and bodies, and drawn at a body's pose: stretched, or tiled.

#include "oblique/sfml/body_sprite.hpp"

#include "oblique/circle.hpp"
#include "oblique/obb.hpp"
#include "oblique/sfml/texture_2d.hpp"
#include "oblique/world.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace oblique
{
namespace
{

// More copies than this on one sprite would be a mistake in its tile sizes, not a floor.
constexpr float kMaxTiles = 10000.0f;

bool finite(Vec2 v)
{
    return std::isfinite(v.x) && std::isfinite(v.y);
}

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

// One run of copies along an axis of the sprite: `size` metres filled by copies `tile` metres long
// (the whole size when tile is zero: one stretched copy), the last cut short.
struct TileRun
{
    float size;
    float tile;

    int count() const { return tile > 0.0f ? static_cast<int>(std::ceil(size / tile - 1e-4f)) : 1; }
    float unit() const { return tile > 0.0f ? tile : size; }
    float start(int i) const { return static_cast<float>(i) * unit(); }
    float length(int i) const { return std::min(unit(), size - start(i)); }
};

// The texture laid over the sprite as a grid of copies: along the width from the left, down the
// height from the top, so a cut copy at the right or bottom shows the texture's left or top part.
void drawGrid(SpriteBatch& batch, const BodySprite& sprite, Vec2 centre, float rotation)
{
    const Rectangle source = sourceOf(sprite);
    const Vec2 texels{static_cast<float>(source.width), static_cast<float>(source.height)};
    const TileRun across{sprite.size.x, sprite.tileWidth};
    const TileRun down{sprite.size.y, sprite.tileHeight};
    const Vec2 scale{across.unit() / texels.x, down.unit() / texels.y};
    const Rot q = makeRot(rotation);
    for (int row = 0; row < down.count(); ++row)
    {
        for (int column = 0; column < across.count(); ++column)
        {
            Rectangle part = source;
            part.width =
                std::max(1, static_cast<int>(std::lround(texels.x * across.length(column) / across.unit())));
            part.height =
                std::max(1, static_cast<int>(std::lround(texels.y * down.length(row) / down.unit())));
            const Vec2 local{-0.5f * sprite.size.x + across.start(column) + 0.5f * across.length(column),
                             0.5f * sprite.size.y - down.start(row) - 0.5f * down.length(row)};
            batch.draw(*sprite.texture, centre + rotate(q, local), part, sprite.tint, rotation,
                       {0.5f * static_cast<float>(part.width), 0.5f * static_cast<float>(part.height)}, scale,
                       sprite.effects, sprite.layerDepth);
        }
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

void checkBodySprite(const BodySprite& sprite)
{
    const auto refuse = [](const std::string& why) { throw std::invalid_argument("BodySprite: " + why); };
    if (sprite.texture == nullptr)
    {
        refuse("the sprite has no texture");
    }
    if (!finite(sprite.size) || sprite.size.x <= 0.0f || sprite.size.y <= 0.0f)
    {
        refuse("size must be positive and finite");
    }
    if (!finite(sprite.offset) || !std::isfinite(sprite.angle))
    {
        refuse("offset and angle must be finite");
    }
    if (!std::isfinite(sprite.tileWidth) || sprite.tileWidth < 0.0f || !std::isfinite(sprite.tileHeight) ||
        sprite.tileHeight < 0.0f)
    {
        refuse("tileWidth and tileHeight must be zero (stretch) or positive");
    }
    const float across = sprite.tileWidth > 0.0f ? std::ceil(sprite.size.x / sprite.tileWidth) : 1.0f;
    const float down = sprite.tileHeight > 0.0f ? std::ceil(sprite.size.y / sprite.tileHeight) : 1.0f;
    if (across * down > kMaxTiles)
    {
        refuse("the tiles are so small the sprite would need more than 10000 copies");
    }
    if (!(sprite.layerDepth >= 0.0f && sprite.layerDepth <= 1.0f))
    {
        refuse("layerDepth must be in [0, 1]");
    }
}

void drawBodySprite(SpriteBatch& batch, const BodySprite& sprite, const Transform& pose)
{
    checkBodySprite(sprite);
    const Vec2 centre = transformPoint(pose, sprite.offset);
    drawGrid(batch, sprite, centre, angle(pose.q) + sprite.angle);
}

} // namespace oblique
