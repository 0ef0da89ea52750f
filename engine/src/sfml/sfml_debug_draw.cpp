// DebugDraw through SFML: world geometry goes to pixels on the CPU (one multiply-add per vertex) and
// into three vertex arrays, so a frame of hundreds of bodies costs a few draw calls.

#include "oblique/sfml/sfml_debug_draw.hpp"

#include "oblique/draw_palette.hpp"
#include "oblique/sfml/sfml_convert.hpp"

#include <SFML/Graphics/View.hpp>
#include <SFML/System/Err.hpp>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numbers>
#include <sstream>

namespace oblique
{

namespace
{

// The length of the frame axes drawTransform draws, in metres.
constexpr float kAxisLength = 0.4f;

} // namespace

SfmlDebugDraw::SfmlDebugDraw() = default;

bool SfmlDebugDraw::loadFont(std::string_view path)
{
    const std::string file(path);
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec))
    {
        m_fontError = "font file '" + file + "' not found; text will not be drawn";
        return m_hasFont;
    }
    // SFML reports why a load failed on its error stream; catch that text for fontError().
    std::ostringstream reason;
    std::streambuf* const previous = sf::err().rdbuf(reason.rdbuf());
    sf::Font font;
    const bool loaded = font.loadFromFile(file);
    sf::err().rdbuf(previous);
    if (!loaded)
    {
        std::string detail = reason.str();
        while (!detail.empty() && (detail.back() == '\n' || detail.back() == '\r'))
        {
            detail.pop_back();
        }
        m_fontError = "cannot load font '" + file + "'" + (detail.empty() ? "" : ": " + detail) +
                      "; text will not be drawn";
        return m_hasFont;
    }
    m_font = font; // sf::Font copies (SFML 2.5 has no move)
    m_hasFont = true;
    m_fontError.clear();
    return true;
}

sf::Vector2f SfmlDebugDraw::toScreen(Vec2 world) const
{
    return toSfVector(m_camera.worldToScreen(world));
}

sf::Color SfmlDebugDraw::fillColor(Color color) const
{
    return toSfColor({color.r * m_fillBrightness, color.g * m_fillBrightness, color.b * m_fillBrightness,
                      color.a * m_fillAlpha});
}

int SfmlDebugDraw::circleSegments(float radiusPixels)
{
    // About one segment per 4 pixels of circumference keeps the polygon's flat sides under a pixel
    // from the true circle for any size worth drawing.
    if (!(radiusPixels > 0.0f))
    {
        return kMinCircleSegments;
    }
    const float perimeter = 2.0f * std::numbers::pi_v<float> * std::min(radiusPixels, 1e5f);
    const int segments = static_cast<int>(std::ceil(perimeter / 4.0f));
    return std::clamp(segments, kMinCircleSegments, kMaxCircleSegments);
}

void SfmlDebugDraw::addLine(sf::Vector2f a, sf::Vector2f b, sf::Color color)
{
    m_lines.append({a, color});
    m_lines.append({b, color});
}

void SfmlDebugDraw::addTriangle(sf::Vector2f a, sf::Vector2f b, sf::Vector2f c, sf::Color color)
{
    m_fills.append({a, color});
    m_fills.append({b, color});
    m_fills.append({c, color});
}

void SfmlDebugDraw::addCircleOutline(sf::Vector2f center, float radiusPixels, sf::Color color)
{
    const int n = circleSegments(radiusPixels);
    m_scratch.clear();
    for (int i = 0; i < n; ++i)
    {
        const float a = 2.0f * std::numbers::pi_v<float> * static_cast<float>(i) / static_cast<float>(n);
        m_scratch.push_back(center + radiusPixels * sf::Vector2f(std::cos(a), std::sin(a)));
    }
    for (std::size_t i = 0; i < m_scratch.size(); ++i)
    {
        addLine(m_scratch[i], m_scratch[(i + 1) % m_scratch.size()], color);
    }
}

void SfmlDebugDraw::drawPolygon(std::span<const Vec2> vertices, Color color)
{
    if (vertices.size() < 2)
    {
        return;
    }
    const sf::Color c = toSfColor(color);
    for (std::size_t i = 0; i < vertices.size(); ++i)
    {
        addLine(toScreen(vertices[i]), toScreen(vertices[(i + 1) % vertices.size()]), c);
    }
}

void SfmlDebugDraw::drawSolidPolygon(std::span<const Vec2> vertices, Color color)
{
    if (vertices.size() >= 3)
    {
        // A fan from the first vertex fills any convex polygon, which is all the engine has.
        const sf::Color fill = fillColor(color);
        const sf::Vector2f first = toScreen(vertices[0]);
        for (std::size_t i = 1; i + 1 < vertices.size(); ++i)
        {
            addTriangle(first, toScreen(vertices[i]), toScreen(vertices[i + 1]), fill);
        }
    }
    drawPolygon(vertices, color);
}

void SfmlDebugDraw::drawCircle(Vec2 center, float radius, Color color)
{
    addCircleOutline(toScreen(center), m_camera.worldToScreenLength(radius), toSfColor(color));
}

void SfmlDebugDraw::drawSolidCircle(Vec2 center, float radius, Vec2 axis, Color color)
{
    const sf::Vector2f c = toScreen(center);
    const float r = m_camera.worldToScreenLength(radius);
    const sf::Color outline = toSfColor(color);
    addCircleOutline(c, r, outline);
    const sf::Color fill = fillColor(color);
    // The outline left its ring in m_scratch; fan the fill from the centre over the same vertices.
    for (std::size_t i = 0; i < m_scratch.size(); ++i)
    {
        addTriangle(c, m_scratch[i], m_scratch[(i + 1) % m_scratch.size()], fill);
    }
    addLine(c, toScreen(center + radius * axis), outline);
}

void SfmlDebugDraw::drawSegment(Vec2 p1, Vec2 p2, Color color)
{
    addLine(toScreen(p1), toScreen(p2), toSfColor(color));
}

void SfmlDebugDraw::drawPoint(Vec2 p, float sizePixels, Color color)
{
    const sf::Vector2f c = toScreen(p);
    const float h = 0.5f * std::max(sizePixels, 1.0f);
    const sf::Color k = toSfColor(color);
    const sf::Vector2f a = c + sf::Vector2f(-h, -h);
    const sf::Vector2f b = c + sf::Vector2f(h, -h);
    const sf::Vector2f d = c + sf::Vector2f(h, h);
    const sf::Vector2f e = c + sf::Vector2f(-h, h);
    for (const sf::Vector2f v : {a, b, d, a, d, e})
    {
        m_points.append({v, k});
    }
}

void SfmlDebugDraw::drawTransform(const Transform& xf)
{
    const sf::Vector2f origin = toScreen(xf.p);
    addLine(origin, toScreen(xf.p + kAxisLength * xAxis(xf.q)), toSfColor(palette::frameXAxis));
    addLine(origin, toScreen(xf.p + kAxisLength * yAxis(xf.q)), toSfColor(palette::frameYAxis));
}

void SfmlDebugDraw::drawString(Vec2 p, std::string_view text, Color color)
{
    drawScreenString(m_camera.worldToScreen(p), text, color);
}

void SfmlDebugDraw::drawScreenString(Vec2 pixel, std::string_view text, Color color)
{
    if (!m_hasFont || text.empty())
    {
        return;
    }
    if (m_textCount == m_texts.size())
    {
        m_texts.emplace_back();
    }
    sf::Text& t = m_texts[m_textCount++];
    t.setFont(m_font);
    t.setCharacterSize(m_characterSize);
    t.setString(sf::String::fromUtf8(text.begin(), text.end()));
    t.setFillColor(toSfColor(color));
    // Whole pixels keep the glyphs crisp; a fractional origin blurs them.
    t.setPosition(std::round(pixel.x), std::round(pixel.y));
}

void SfmlDebugDraw::flush(sf::RenderTarget& target)
{
    const sf::View previous = target.getView();
    const sf::Vector2u size = target.getSize();
    // Not getDefaultView(): a window's default view keeps its creation size after a resize.
    target.setView(
        sf::View(sf::FloatRect(0.0f, 0.0f, static_cast<float>(size.x), static_cast<float>(size.y))));
    if (m_fills.getVertexCount() > 0)
    {
        target.draw(m_fills);
    }
    if (m_lines.getVertexCount() > 0)
    {
        target.draw(m_lines);
    }
    if (m_points.getVertexCount() > 0)
    {
        target.draw(m_points);
    }
    for (std::size_t i = 0; i < m_textCount; ++i)
    {
        target.draw(m_texts[i]);
    }
    target.setView(previous);
    clear();
}

void SfmlDebugDraw::clear()
{
    m_fills.clear();
    m_lines.clear();
    m_points.clear();
    m_textCount = 0;
}

std::size_t SfmlDebugDraw::pendingVertexCount() const
{
    return m_fills.getVertexCount() + m_lines.getVertexCount() + m_points.getVertexCount();
}

} // namespace oblique
