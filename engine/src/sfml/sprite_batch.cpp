// SpriteBatch: quads built on the CPU in target pixels, sorted per the mode, drawn one call per run
// of the same texture.

#include "oblique/sfml/sprite_batch.hpp"

#include "oblique/sfml/sfml_convert.hpp"

#include <SFML/Graphics/RenderStates.hpp>
#include <SFML/Graphics/View.hpp>
#include <algorithm>
#include <cmath>
#include <span>
#include <stdexcept>
#include <string>

namespace oblique
{

namespace
{

constexpr std::size_t kVerticesPerQuad = 6;

bool finite(Vec2 v)
{
    return std::isfinite(v.x) && std::isfinite(v.y);
}

std::string text(Vec2 v)
{
    return "(" + std::to_string(v.x) + ", " + std::to_string(v.y) + ")";
}

void requireFinite(const char* call, const char* what, Vec2 v)
{
    if (!finite(v))
    {
        throw std::invalid_argument(std::string("SpriteBatch::") + call + ": the " + what + " " + text(v) +
                                    " is not finite");
    }
}

void requireFinite(const char* call, const char* what, float v)
{
    if (!std::isfinite(v))
    {
        throw std::invalid_argument(std::string("SpriteBatch::") + call + ": the " + what + " " +
                                    std::to_string(v) + " is not finite");
    }
}

void requireFinite(const char* call, Vec2 position, float rotation, Vec2 origin, Vec2 scale, float layerDepth)
{
    requireFinite(call, "position", position);
    requireFinite(call, "rotation", rotation);
    requireFinite(call, "origin", origin);
    requireFinite(call, "scale", scale);
    requireFinite(call, "layerDepth", layerDepth);
}

// The source rectangle, checked against the texture, or the whole texture.
Rectangle sourceOf(const Texture2D& texture, const std::optional<Rectangle>& source)
{
    if (!source)
    {
        return texture.bounds();
    }
    if (!contains(texture.bounds(), *source))
    {
        throw std::invalid_argument("SpriteBatch::draw: the source rectangle (" + std::to_string(source->x) +
                                    ", " + std::to_string(source->y) + ", " + std::to_string(source->width) +
                                    ", " + std::to_string(source->height) + ") is empty or not inside the " +
                                    std::to_string(texture.width()) + " x " +
                                    std::to_string(texture.height()) + " texture");
    }
    return *source;
}

sf::FloatRect texelsOf(const Rectangle& r)
{
    return {static_cast<float>(r.x), static_cast<float>(r.y), static_cast<float>(r.width),
            static_cast<float>(r.height)};
}

// A premultiplied tint as straight alpha, for textures SFML stores with straight alpha (glyphs).
Color unpremultiplied(Color c)
{
    if (!(c.a > 0.0f))
    {
        return {0.0f, 0.0f, 0.0f, 0.0f};
    }
    return {c.r / c.a, c.g / c.a, c.b / c.a, c.a};
}

} // namespace

void SpriteBatch::begin(SpriteSortMode sortMode, BlendState blendState, const sf::Transform& transformMatrix)
{
    start(sortMode, blendState, transformMatrix, false);
}

void SpriteBatch::begin(const Camera2D& camera, SpriteSortMode sortMode, BlendState blendState)
{
    start(sortMode, blendState, toSfTransform(camera), true);
}

void SpriteBatch::start(SpriteSortMode sortMode, BlendState blendState, const sf::Transform& transform,
                        bool world)
{
    if (m_begun)
    {
        throw std::logic_error(
            "SpriteBatch::begin: the batch has already begun; call end() before begin() again");
    }
    m_begun = true;
    m_world = world;
    m_sortMode = sortMode;
    m_blendState = blendState;
    m_transform = transform;
    m_drawCalls = 0;
}

void SpriteBatch::requireBegun(const char* call) const
{
    if (!m_begun)
    {
        throw std::logic_error(std::string("SpriteBatch::") + call + ": begin() must be called first");
    }
}

void SpriteBatch::draw(const Texture2D& texture, Vec2 position, Color color)
{
    draw(texture, position, std::nullopt, color, 0.0f, {0.0f, 0.0f}, {1.0f, 1.0f}, SpriteEffects::None, 0.0f);
}

void SpriteBatch::draw(const Texture2D& texture, Vec2 position, std::optional<Rectangle> sourceRectangle,
                       Color color)
{
    draw(texture, position, sourceRectangle, color, 0.0f, {0.0f, 0.0f}, {1.0f, 1.0f}, SpriteEffects::None,
         0.0f);
}

void SpriteBatch::draw(const Texture2D& texture, Vec2 position, std::optional<Rectangle> sourceRectangle,
                       Color color, float rotation, Vec2 origin, float scale, SpriteEffects effects,
                       float layerDepth)
{
    draw(texture, position, sourceRectangle, color, rotation, origin, {scale, scale}, effects, layerDepth);
}

void SpriteBatch::draw(const Texture2D& texture, Vec2 position, std::optional<Rectangle> sourceRectangle,
                       Color color, float rotation, Vec2 origin, Vec2 scale, SpriteEffects effects,
                       float layerDepth)
{
    requireBegun("draw");
    requireFinite("draw", position, rotation, origin, scale, layerDepth);
    const Rectangle source = sourceOf(texture, sourceRectangle);
    const LocalQuad quad{-origin.x, -origin.y, static_cast<float>(source.width) - origin.x,
                         static_cast<float>(source.height) - origin.y};
    addQuad(texture.native(), false, quad, texelsOf(source), {position, rotation, scale}, effects,
            toSfColor(color), layerDepth);
}

void SpriteBatch::draw(const Texture2D& texture, const Rectangle& destinationRectangle, Color color)
{
    draw(texture, destinationRectangle, std::nullopt, color, 0.0f, {0.0f, 0.0f}, SpriteEffects::None, 0.0f);
}

void SpriteBatch::draw(const Texture2D& texture, const Rectangle& destinationRectangle,
                       std::optional<Rectangle> sourceRectangle, Color color)
{
    draw(texture, destinationRectangle, sourceRectangle, color, 0.0f, {0.0f, 0.0f}, SpriteEffects::None,
         0.0f);
}

void SpriteBatch::draw(const Texture2D& texture, const Rectangle& destinationRectangle,
                       std::optional<Rectangle> sourceRectangle, Color color, float rotation, Vec2 origin,
                       SpriteEffects effects, float layerDepth)
{
    requireBegun("draw");
    if (m_world)
    {
        throw std::logic_error("SpriteBatch::draw: destination rectangles are screen pixels; in world space "
                               "(begin with a camera) give a position and a scale in metres per texel");
    }
    const Rectangle source = sourceOf(texture, sourceRectangle);
    const Vec2 scale{static_cast<float>(destinationRectangle.width) / static_cast<float>(source.width),
                     static_cast<float>(destinationRectangle.height) / static_cast<float>(source.height)};
    const Vec2 position{static_cast<float>(destinationRectangle.x),
                        static_cast<float>(destinationRectangle.y)};
    draw(texture, position, source, color, rotation, origin, scale, effects, layerDepth);
}

void SpriteBatch::drawString(const SpriteFont& font, std::string_view text, Vec2 position, Color color)
{
    drawString(font, text, position, color, 0.0f, {0.0f, 0.0f}, {1.0f, 1.0f}, SpriteEffects::None, 0.0f);
}

void SpriteBatch::drawString(const SpriteFont& font, std::string_view text, Vec2 position, Color color,
                             float rotation, Vec2 origin, Vec2 scale, SpriteEffects effects, float layerDepth)
{
    requireBegun("drawString");
    requireFinite("drawString", position, rotation, origin, scale, layerDepth);
    // Measuring first refuses text the font cannot draw before anything is batched.
    const Vec2 size = font.measureString(text);
    const bool straight = m_blendState == BlendState::AlphaBlend;
    const sf::Color tint = toSfColor(straight ? unpremultiplied(color) : color);
    const sf::Texture& atlas = font.native().getTexture(font.characterSize());
    const bool flipX = hasEffect(effects, SpriteEffects::FlipHorizontally);
    const bool flipY = hasEffect(effects, SpriteEffects::FlipVertically);
    const Placement placement{position, rotation, scale};
    font.layout(
        text,
        [&](const sf::Glyph& glyph, Vec2 pen)
        {
            if (glyph.textureRect.width <= 0 || glyph.textureRect.height <= 0)
            {
                return; // a space
            }
            float left = pen.x + glyph.bounds.left;
            float right = left + glyph.bounds.width;
            float top = pen.y + glyph.bounds.top;
            float bottom = top + glyph.bounds.height;
            // A flipped string is mirrored as a whole inside its box, each glyph with it.
            if (flipX)
            {
                left = size.x - left;
                right = size.x - right;
                std::swap(left, right);
            }
            if (flipY)
            {
                top = size.y - top;
                bottom = size.y - bottom;
                std::swap(top, bottom);
            }
            const LocalQuad quad{left - origin.x, top - origin.y, right - origin.x, bottom - origin.y};
            const sf::IntRect& r = glyph.textureRect;
            addQuad(atlas, straight, quad,
                    {static_cast<float>(r.left), static_cast<float>(r.top), static_cast<float>(r.width),
                     static_cast<float>(r.height)},
                    placement, effects, tint, layerDepth);
        });
}

void SpriteBatch::addQuad(const sf::Texture& texture, bool straightAlpha, const LocalQuad& quad,
                          const sf::FloatRect& texels, const Placement& placement, SpriteEffects effects,
                          sf::Color color, float depth)
{
    const float c = std::cos(placement.rotation);
    const float s = std::sin(placement.rotation);
    // World space keeps the image upright: the sprite's y-down rows map to +y up.
    const float ySign = m_world ? -1.0f : 1.0f;
    const auto corner = [&](float x, float y)
    {
        const float lx = x * placement.scale.x;
        const float ly = ySign * y * placement.scale.y;
        return m_transform.transformPoint(placement.position.x + c * lx - s * ly,
                                          placement.position.y + s * lx + c * ly);
    };
    float u0 = texels.left;
    float u1 = texels.left + texels.width;
    float v0 = texels.top;
    float v1 = texels.top + texels.height;
    if (hasEffect(effects, SpriteEffects::FlipHorizontally))
    {
        std::swap(u0, u1);
    }
    if (hasEffect(effects, SpriteEffects::FlipVertically))
    {
        std::swap(v0, v1);
    }
    const sf::Vertex topLeft(corner(quad.left, quad.top), color, {u0, v0});
    const sf::Vertex topRight(corner(quad.right, quad.top), color, {u1, v0});
    const sf::Vertex bottomLeft(corner(quad.left, quad.bottom), color, {u0, v1});
    const sf::Vertex bottomRight(corner(quad.right, quad.bottom), color, {u1, v1});
    m_vertices.insert(m_vertices.end(), {topLeft, topRight, bottomLeft, topRight, bottomRight, bottomLeft});
    m_items.push_back({&texture, depth, straightAlpha});
    if (m_sortMode == SpriteSortMode::Immediate)
    {
        flush(m_items, m_vertices);
    }
}

void SpriteBatch::end()
{
    requireBegun("end");
    if (m_sortMode == SpriteSortMode::Deferred || m_sortMode == SpriteSortMode::Immediate)
    {
        flush(m_items, m_vertices);
    }
    else
    {
        sortItems();
        flush(m_sortedItems, m_sortedVertices);
    }
    m_begun = false;
}

void SpriteBatch::sortItems()
{
    m_order.clear();
    for (std::size_t i = 0; i < m_items.size(); ++i)
    {
        const Item& item = m_items[i];
        const float depth = m_sortMode == SpriteSortMode::BackToFront ? -item.depth : item.depth;
        const std::uintptr_t texture =
            m_sortMode == SpriteSortMode::Texture ? reinterpret_cast<std::uintptr_t>(item.texture) : 0;
        m_order.push_back({depth, texture, static_cast<std::uint32_t>(i)});
    }
    // The index as the last key makes the sort stable without std::stable_sort's scratch buffer.
    std::sort(m_order.begin(), m_order.end(),
              [](const SortKey& a, const SortKey& b)
              {
                  if (a.texture != b.texture)
                  {
                      return a.texture < b.texture;
                  }
                  if (a.depth != b.depth)
                  {
                      return a.depth < b.depth;
                  }
                  return a.index < b.index;
              });
    m_sortedItems.clear();
    m_sortedVertices.clear();
    for (const SortKey& key : m_order)
    {
        m_sortedItems.push_back(m_items[key.index]);
        const auto first = m_vertices.begin() + static_cast<std::ptrdiff_t>(key.index * kVerticesPerQuad);
        m_sortedVertices.insert(m_sortedVertices.end(), first, first + kVerticesPerQuad);
    }
    m_items.clear();
    m_vertices.clear();
}

void SpriteBatch::flush(std::vector<Item>& items, std::vector<sf::Vertex>& vertices)
{
    sf::RenderTarget& target = m_device.renderTarget();
    const sf::View previous = target.getView();
    target.setView(m_device.pixelView());
    std::size_t runStart = 0;
    for (std::size_t i = 1; i <= items.size(); ++i)
    {
        if (i < items.size() && items[i].texture == items[runStart].texture &&
            items[i].straightAlpha == items[runStart].straightAlpha)
        {
            continue;
        }
        sf::RenderStates states(blendMode(items[runStart].straightAlpha));
        states.texture = items[runStart].texture;
        target.draw(vertices.data() + runStart * kVerticesPerQuad, (i - runStart) * kVerticesPerQuad,
                    sf::Triangles, states);
        ++m_drawCalls;
        runStart = i;
    }
    target.setView(previous);
    items.clear();
    vertices.clear();
}

sf::BlendMode SpriteBatch::blendMode(bool straightAlpha) const
{
    using F = sf::BlendMode::Factor;
    switch (m_blendState)
    {
    case BlendState::AlphaBlend:
        return straightAlpha ? sf::BlendMode(F::SrcAlpha, F::OneMinusSrcAlpha, sf::BlendMode::Add)
                             : sf::BlendMode(F::One, F::OneMinusSrcAlpha, sf::BlendMode::Add);
    case BlendState::Additive:
        return sf::BlendMode(F::SrcAlpha, F::One, sf::BlendMode::Add);
    case BlendState::NonPremultiplied:
        return sf::BlendMode(F::SrcAlpha, F::OneMinusSrcAlpha, sf::BlendMode::Add);
    case BlendState::Opaque:
        return sf::BlendMode(F::One, F::Zero, sf::BlendMode::Add);
    }
    return sf::BlendAlpha;
}

} // namespace oblique
