#pragma once
/// SpriteBatch: draws textured quads and text in batches (MonoGame's SpriteBatch), in screen pixels
/// or, through a Camera2D, in the world's metres.

#include "oblique/debug_draw.hpp"
#include "oblique/sfml/camera_2d.hpp"
#include "oblique/sfml/graphics_device.hpp"
#include "oblique/sfml/rectangle.hpp"
#include "oblique/sfml/sprite_font.hpp"
#include "oblique/sfml/texture_2d.hpp"
#include "oblique/vec2.hpp"

#include <SFML/Graphics/BlendMode.hpp>
#include <SFML/Graphics/Transform.hpp>
#include <SFML/Graphics/Vertex.hpp>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace oblique
{

/// When batched sprites are drawn and in what order (MonoGame's SpriteSortMode).
enum class SpriteSortMode
{
    Deferred,    ///< at end(), in the order of the draw calls
    Immediate,   ///< at once, each draw call
    Texture,     ///< at end(), grouped by texture (draw order within a texture kept)
    BackToFront, ///< at end(), larger layerDepth first (drawn behind)
    FrontToBack, ///< at end(), smaller layerDepth first
};

/// How a sprite's colour combines with what is under it (MonoGame's BlendState presets).
enum class BlendState
{
    /// Premultiplied alpha: result = source + destination * (1 - source alpha). Textures from
    /// Texture2D::fromFile are premultiplied for it; a tint meant to fade must be premultiplied too:
    /// {0.5, 0.5, 0.5, 0.5} is half-transparent white (MonoGame's Color.White * 0.5f).
    AlphaBlend,
    /// result = source * source alpha + destination: glows, sparks.
    Additive,
    /// Straight alpha: result = source * source alpha + destination * (1 - source alpha), for
    /// textures and tints that are not premultiplied.
    NonPremultiplied,
    /// result = source: alpha ignored.
    Opaque,
};

/// Mirroring of a sprite or a string (MonoGame's SpriteEffects); combine with |.
enum class SpriteEffects : std::uint8_t
{
    None = 0,
    FlipHorizontally = 1, ///< mirrored left to right
    FlipVertically = 2,   ///< mirrored top to bottom
};

/// Both flips, or any combination.
constexpr SpriteEffects operator|(SpriteEffects a, SpriteEffects b)
{
    return static_cast<SpriteEffects>(static_cast<std::uint8_t>(a) | static_cast<std::uint8_t>(b));
}

/// Whether `effects` contains `flag`.
constexpr bool hasEffect(SpriteEffects effects, SpriteEffects flag)
{
    return (static_cast<std::uint8_t>(effects) & static_cast<std::uint8_t>(flag)) != 0;
}

/// Draws sprites (textured rectangles) and strings between begin() and end().
///
/// Screen space (begin with a sort mode, a blend state and a transform): positions in pixels of
/// the device's viewport, origin at its top-left, y down; `rotation` in radians, clockwise on
/// screen; `origin` in texels of the source rectangle (the point placed at `position`, and
/// rotated and scaled about); `scale` a factor. Exactly MonoGame's SpriteBatch.
///
/// World space (begin with a Camera2D): positions in metres with y up, `rotation` in radians
/// counter-clockwise (a body's angle), `scale` in metres per texel, and the image upright (its top
/// row toward +y), so a box body w x h metres is covered by
/// \code
/// batch.draw(crate, world.position(body), std::nullopt, {1.0f, 1.0f, 1.0f, 1.0f}, world.angle(body),
///            {crate.width() / 2.0f, crate.height() / 2.0f},
///            {w / static_cast<float>(crate.width()), h / static_cast<float>(crate.height())},
///            oblique::SpriteEffects::None, 0.0f);
/// \endcode
/// Destination rectangles are pixels, so they are refused in world space.
///
/// `color` multiplies every texel (white leaves the texture as it is). Sprites are drawn in one
/// draw call per run of the same texture; the vertex memory is kept from frame to frame, so once
/// warm a frame allocates nothing. Misuse (draw or end without begin, begin twice) throws
/// std::logic_error and a non-finite or out-of-range argument std::invalid_argument, changing
/// nothing.
///
/// Text: SpriteFont glyphs are stored with straight alpha by SFML; under AlphaBlend, drawString
/// converts the (premultiplied) tint so text blends as a premultiplied texture would.
class SpriteBatch
{
public:
    /// A batch drawing through `device`, which must outlive it.
    explicit SpriteBatch(GraphicsDevice& device) : m_device(device) {}
    SpriteBatch(const SpriteBatch&) = delete;
    SpriteBatch& operator=(const SpriteBatch&) = delete;

    /// Starts a batch in screen space; `transformMatrix` is applied to every vertex (MonoGame's
    /// transformMatrix, e.g. a 2D camera's scroll and zoom in pixels).
    void begin(SpriteSortMode sortMode = SpriteSortMode::Deferred,
               BlendState blendState = BlendState::AlphaBlend,
               const sf::Transform& transformMatrix = sf::Transform::Identity);
    /// Starts a batch in world space, seen through `camera` (copied: moving the camera after begin
    /// changes nothing until the next begin).
    void begin(const Camera2D& camera, SpriteSortMode sortMode = SpriteSortMode::Deferred,
               BlendState blendState = BlendState::AlphaBlend);

    /// The whole texture at `position` (its top-left corner in screen space).
    void draw(const Texture2D& texture, Vec2 position, Color color);
    /// Part of the texture (all of it when sourceRectangle is empty) at `position`.
    void draw(const Texture2D& texture, Vec2 position, std::optional<Rectangle> sourceRectangle, Color color);
    /// The full form: see the class comment for the meaning of each argument in each space.
    void draw(const Texture2D& texture, Vec2 position, std::optional<Rectangle> sourceRectangle, Color color,
              float rotation, Vec2 origin, Vec2 scale, SpriteEffects effects, float layerDepth);
    /// The full form with one scale for both axes.
    void draw(const Texture2D& texture, Vec2 position, std::optional<Rectangle> sourceRectangle, Color color,
              float rotation, Vec2 origin, float scale, SpriteEffects effects, float layerDepth);
    /// The whole texture stretched over a rectangle of the screen.
    void draw(const Texture2D& texture, const Rectangle& destinationRectangle, Color color);
    /// Part of the texture stretched over a rectangle of the screen.
    void draw(const Texture2D& texture, const Rectangle& destinationRectangle,
              std::optional<Rectangle> sourceRectangle, Color color);
    /// Part of the texture stretched over a rectangle of the screen, rotated about `origin` (in
    /// texels of the source), which lands on the rectangle's top-left corner.
    void draw(const Texture2D& texture, const Rectangle& destinationRectangle,
              std::optional<Rectangle> sourceRectangle, Color color, float rotation, Vec2 origin,
              SpriteEffects effects, float layerDepth);

    /// UTF-8 text with the top-left corner of its first line at `position`.
    void drawString(const SpriteFont& font, std::string_view text, Vec2 position, Color color);
    /// The full form: `origin` in pixels of the laid-out text (measureString's box), the rest as
    /// for sprites (in world space, `scale` is metres per pixel of text).
    void drawString(const SpriteFont& font, std::string_view text, Vec2 position, Color color, float rotation,
                    Vec2 origin, Vec2 scale, SpriteEffects effects, float layerDepth);

    /// Draws everything batched since begin(), sorted per the sort mode (ties keep call order), and
    /// ends the batch.
    void end();

    /// Whether begin() was called and end() not yet.
    bool isBegun() const { return m_begun; }
    /// How many draw calls the last end() (or, in Immediate mode, the batch so far) issued.
    std::size_t drawCallCount() const { return m_drawCalls; }
    /// How many sprites and glyphs are waiting for end().
    std::size_t pendingCount() const { return m_items.size(); }

private:
    // One textured quad waiting to be drawn; its six vertices are at 6 * index in m_vertices.
    struct Item
    {
        const sf::Texture* texture;
        float depth;
        bool straightAlpha;
    };
    // A quad in the sprite's own frame: texel (or text pixel) units, y down, relative to the origin.
    struct LocalQuad
    {
        float left;
        float top;
        float right;
        float bottom;
    };
    struct SortKey
    {
        float depth;
        std::uintptr_t texture;
        std::uint32_t index;
    };
    struct Placement
    {
        Vec2 position;
        float rotation;
        Vec2 scale;
    };

    void requireBegun(const char* call) const;
    void start(SpriteSortMode sortMode, BlendState blendState, const sf::Transform& transform, bool world);
    void addQuad(const sf::Texture& texture, bool straightAlpha, const LocalQuad& quad,
                 const sf::FloatRect& texels, const Placement& placement, SpriteEffects effects,
                 sf::Color color, float depth);
    void sortItems();
    void flush(std::vector<Item>& items, std::vector<sf::Vertex>& vertices);
    sf::BlendMode blendMode(bool straightAlpha) const;

    GraphicsDevice& m_device;
    bool m_begun = false;
    bool m_world = false;
    SpriteSortMode m_sortMode = SpriteSortMode::Deferred;
    BlendState m_blendState = BlendState::AlphaBlend;
    sf::Transform m_transform;
    std::vector<Item> m_items;
    std::vector<sf::Vertex> m_vertices;
    std::vector<SortKey> m_order;
    std::vector<Item> m_sortedItems;
    std::vector<sf::Vertex> m_sortedVertices;
    std::size_t m_drawCalls = 0;
};

} // namespace oblique
