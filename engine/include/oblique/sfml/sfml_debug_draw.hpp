#pragma once
/// SfmlDebugDraw: the engine's DebugDraw drawn with SFML. Everything a frame asks for is batched into
/// a few vertex arrays in pixel space and drawn with a handful of draw calls in flush().

#include "oblique/debug_draw.hpp"
#include "oblique/sfml/camera_2d.hpp"

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Graphics/Text.hpp>
#include <SFML/Graphics/VertexArray.hpp>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace oblique
{

/// Where the DejaVu Sans font lives on Debian and Ubuntu (package fonts-dejavu-core).
inline constexpr std::string_view kDefaultFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

/// A DebugDraw that renders through SFML.
///
/// Shapes are converted to pixels through the camera when they are drawn and collected in three
/// batches: filled triangles, lines and point quads, drawn in that order (outlines over fills, points
/// over both) followed by text. Solid shapes are filled with a darker, half-transparent shade of their
/// colour and outlined in the colour itself, so overlaps and joints stay readable. Circles get more
/// segments the larger they appear on screen. Text needs a font: without one, drawString draws
/// nothing (loadFont reports why).
///
/// \code
/// oblique::SfmlDebugDraw drawer;
/// if (!drawer.loadFont()) { std::cerr << drawer.fontError() << '\n'; }
/// // each frame:
/// drawer.setCamera(camera);
/// world.draw(drawer);
/// drawer.flush(window);
/// \endcode
class SfmlDebugDraw final : public DebugDraw
{
public:
    /// Text height in pixels.
    static constexpr unsigned kDefaultCharacterSize = 14;
    /// The fewest and most segments a circle is drawn with.
    static constexpr int kMinCircleSegments = 12;
    /// See kMinCircleSegments.
    static constexpr int kMaxCircleSegments = 256;

    /// A drawer with no font and a default camera.
    SfmlDebugDraw();
    /// Not copyable: batched text refers to the font member, so the object stays where it was built.
    SfmlDebugDraw(const SfmlDebugDraw&) = delete;
    /// Not copyable.
    SfmlDebugDraw& operator=(const SfmlDebugDraw&) = delete;

    /// Loads the font for drawString. Returns false (and keeps drawing without text) when the file
    /// cannot be read; fontError() then says which file and why.
    bool loadFont(std::string_view path = kDefaultFontPath);
    /// Whether a font is loaded.
    bool hasFont() const { return m_hasFont; }
    /// Why the last loadFont failed, or empty.
    const std::string& fontError() const { return m_fontError; }
    /// Text height in pixels.
    void setCharacterSize(unsigned pixels) { m_characterSize = pixels; }

    /// The camera that maps the world onto the target; used by the draw calls that follow.
    void setCamera(const Camera2D& camera) { m_camera = camera; }
    /// The camera in use.
    const Camera2D& camera() const { return m_camera; }

    /// The alpha fills are drawn with, as a fraction of the shape colour's alpha (Box2D's testbed:
    /// 0.5) and how much darker than the outline they are (0.5 = half the brightness).
    void setFillStyle(float alphaScale, float brightness)
    {
        m_fillAlpha = alphaScale;
        m_fillBrightness = brightness;
    }

    /// An outline: lines in the full colour.
    void drawPolygon(std::span<const Vec2> vertices, Color color) override;
    /// A translucent darker fill (a triangle fan, so convex polygons) under a full-colour outline.
    void drawSolidPolygon(std::span<const Vec2> vertices, Color color) override;
    /// An outline with a segment count that follows the on-screen radius.
    void drawCircle(Vec2 center, float radius, Color color) override;
    /// A translucent fill, an outline and a radius line along `axis`.
    void drawSolidCircle(Vec2 center, float radius, Vec2 axis, Color color) override;
    /// A one-pixel line.
    void drawSegment(Vec2 p1, Vec2 p2, Color color) override;
    /// A filled square `sizePixels` wide (at least one pixel), the same size at any zoom.
    void drawPoint(Vec2 p, float sizePixels, Color color) override;
    /// The frame's x axis in red and y axis in green, 0.4 m long.
    void drawTransform(const Transform& xf) override;
    /// UTF-8 text whose top-left corner is at the world point; nothing without a font.
    void drawString(Vec2 p, std::string_view text, Color color) override;

    /// Text anchored at a pixel position (top-left of the text), for overlays that do not move with
    /// the camera.
    void drawScreenString(Vec2 pixel, std::string_view text, Color color);

    /// Draws everything batched since the last flush onto `target`, in pixel space (the target's
    /// default view, restored afterwards), then empties the batches. Their memory is kept for the
    /// next frame.
    void flush(sf::RenderTarget& target);
    /// Empties the batches without drawing.
    void clear();

    /// The number of vertices waiting in the batches (fills, lines, points), for tests and stats.
    std::size_t pendingVertexCount() const;
    /// The number of strings waiting to be drawn.
    std::size_t pendingTextCount() const { return m_textCount; }

    /// The segment count used for a circle of this radius in pixels.
    static int circleSegments(float radiusPixels);

private:
    void addLine(sf::Vector2f a, sf::Vector2f b, sf::Color color);
    void addTriangle(sf::Vector2f a, sf::Vector2f b, sf::Vector2f c, sf::Color color);
    void addCircleOutline(sf::Vector2f center, float radiusPixels, sf::Color color);
    sf::Vector2f toScreen(Vec2 world) const;
    sf::Color fillColor(Color color) const;

    Camera2D m_camera;
    sf::VertexArray m_fills{sf::Triangles};
    sf::VertexArray m_lines{sf::Lines};
    sf::VertexArray m_points{sf::Triangles};
    std::vector<sf::Vector2f> m_scratch;
    // Text objects are reused frame to frame so their glyph geometry is not rebuilt from scratch.
    std::vector<sf::Text> m_texts;
    std::size_t m_textCount = 0;
    sf::Font m_font;
    bool m_hasFont = false;
    std::string m_fontError;
    unsigned m_characterSize = kDefaultCharacterSize;
    float m_fillAlpha = 0.5f;
    float m_fillBrightness = 0.5f;
};

} // namespace oblique
