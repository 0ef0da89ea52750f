#pragma once
/// SpriteFont: a font at one size for SpriteBatch::drawString (MonoGame's SpriteFont), from a
/// small JSON description (MonoGame's .spritefont) or straight from a TrueType file.

#include "oblique/vec2.hpp"

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/Glyph.hpp>
#include <SFML/System/Utf.hpp>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace oblique
{

/// An inclusive range of Unicode code points a SpriteFont can draw.
struct CharacterRegion
{
    char32_t start = U' ';
    char32_t end = U'~';
};

/// A font at one pixel size, rendered through SFML's glyph atlas.
///
/// The description file (extension .spritefont, JSON) names the font file and its size:
/// \code{.json}
/// {"font": "DejaVuSans.ttf", "size": 24, "spacing": 0, "defaultCharacter": "?",
///  "characterRegions": [[32, 126], [160, 255]]}
/// \endcode
/// `font` is looked up beside the description, then among the system's fonts (/usr/share/fonts,
/// /usr/local/share/fonts, ~/.local/share/fonts); `size` is the character size in pixels (a whole
/// number, 1 to 1000); `spacing` (default 0) is added between characters in pixels;
/// `defaultCharacter` (default none) replaces characters outside the regions; `characterRegions`
/// (default [[32, 126]], MonoGame's) lists the characters the font draws. Any other field, or a
/// field of the wrong kind, is an error naming it.
///
/// Text is laid out as MonoGame lays it out: the position is the top-left corner of the first line,
/// lines are lineSpacing() apart, each character advances by its advance width plus spacing(), with
/// the font's kerning. Every character of the regions fits between a line's top and
/// lineSpacing() below it.
class SpriteFont
{
public:
    /// Reads a .spritefont description and the font it names. Throws ContentLoadError naming the
    /// file and what is wrong (a bad field names the field).
    static SpriteFont fromFile(const std::filesystem::path& path);
    /// A font straight from a TrueType/OpenType file at `size` pixels, with MonoGame's defaults
    /// (no spacing, no default character, characters 32 to 126). Throws ContentLoadError naming the
    /// file and the reason, std::invalid_argument for a size outside 1 to 1000.
    static SpriteFont fromFile(const std::filesystem::path& fontPath, int size);
    /// The extensions ContentManager tries: ".spritefont".
    static std::span<const std::string_view> fileExtensions();

    /// Moveable: the SFML font (and its glyph atlas) stays where it is.
    SpriteFont(SpriteFont&&) noexcept = default;
    /// Moveable.
    SpriteFont& operator=(SpriteFont&&) noexcept = default;
    SpriteFont(const SpriteFont&) = delete;
    SpriteFont& operator=(const SpriteFont&) = delete;
    ~SpriteFont();

    /// The width of the widest line and the height of all lines (lines x lineSpacing), in pixels;
    /// (0, 0) for an empty string. Throws std::invalid_argument for a character the font cannot
    /// draw when there is no default character.
    Vec2 measureString(std::string_view utf8) const;

    /// Pixels from one line's top to the next one's.
    int lineSpacing() const { return m_lineSpacing; }
    /// Sets the distance between lines; throws std::invalid_argument unless positive.
    void setLineSpacing(int pixels);
    /// Extra pixels between characters (may be negative).
    float spacing() const { return m_spacing; }
    /// Sets the extra pixels between characters; throws std::invalid_argument unless finite.
    void setSpacing(float pixels);
    /// What replaces a character outside the font's regions; none means such text is an error.
    std::optional<char32_t> defaultCharacter() const { return m_defaultCharacter; }
    /// Sets or clears the default character; throws std::invalid_argument when it is outside the
    /// regions itself.
    void setDefaultCharacter(std::optional<char32_t> character);
    /// Whether the font draws this character.
    bool hasCharacter(char32_t character) const;
    /// The character regions the font draws.
    std::span<const CharacterRegion> characterRegions() const { return m_regions; }
    /// The character size in pixels.
    unsigned characterSize() const { return m_size; }
    /// The SFML font (its glyph atlas is getTexture(characterSize())).
    const sf::Font& native() const { return *m_font; }

    /// Calls visit(glyph, penOnBaseline) for each character of the text, in order, where
    /// penOnBaseline is the glyph's origin relative to the text's top-left corner (add
    /// glyph.bounds to get its quad), and returns what measureString returns. Validates nothing:
    /// call measureString first to have bad text refused.
    template <class Visit>
    Vec2 layout(std::string_view utf8, Visit&& visit) const;

private:
    SpriteFont(std::unique_ptr<sf::Font> font, unsigned size, std::vector<CharacterRegion> regions);
    char32_t drawable(char32_t character) const;

    std::unique_ptr<sf::Font> m_font;
    unsigned m_size = 0;
    std::vector<CharacterRegion> m_regions;
    std::optional<char32_t> m_defaultCharacter;
    float m_spacing = 0.0f;
    int m_lineSpacing = 0;
    float m_baseline = 0.0f;
};

template <class Visit>
Vec2 SpriteFont::layout(std::string_view utf8, Visit&& visit) const
{
    if (utf8.empty())
    {
        return {0.0f, 0.0f};
    }
    float x = 0.0f;
    float widest = 0.0f;
    float top = 0.0f;
    std::uint32_t previous = 0;
    auto it = utf8.begin();
    while (it != utf8.end())
    {
        std::uint32_t code = 0;
        it = sf::Utf8::decode(it, utf8.end(), code, 0xFFFDu);
        if (code == U'\r')
        {
            continue;
        }
        if (code == U'\n')
        {
            x = 0.0f;
            top += static_cast<float>(m_lineSpacing);
            previous = 0;
            continue;
        }
        code = drawable(static_cast<char32_t>(code));
        if (previous != 0)
        {
            x += m_spacing + m_font->getKerning(previous, code, m_size);
        }
        const sf::Glyph& glyph = m_font->getGlyph(code, m_size, false);
        visit(glyph, Vec2{x, top + m_baseline});
        x += glyph.advance;
        widest = std::max(widest, x);
        previous = code;
    }
    return {widest, top + static_cast<float>(m_lineSpacing)};
}

} // namespace oblique
