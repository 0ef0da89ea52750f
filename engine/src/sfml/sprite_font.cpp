// SpriteFont: the .spritefont description (JSON), the font lookup, and text measurement.

#include "oblique/sfml/sprite_font.hpp"

#include "oblique/sfml/content_load_error.hpp"
#include "sfml_error_capture.hpp"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <system_error>

namespace oblique
{

namespace
{

constexpr int kMaxSize = 1000;
constexpr std::array<std::string_view, 1> kExtensions = {".spritefont"};
constexpr std::array<std::string_view, 5> kFields = {"font", "size", "spacing", "defaultCharacter",
                                                     "characterRegions"};

std::string codePointName(char32_t c)
{
    std::array<char, 16> text{};
    std::snprintf(text.data(), text.size(), "U+%04X", static_cast<unsigned>(c));
    return text.data();
}

// What a .spritefont file says, checked field by field.
struct Description
{
    std::string font;
    int size = 0;
    float spacing = 0.0f;
    std::optional<char32_t> defaultCharacter;
    std::vector<CharacterRegion> regions{CharacterRegion{}};
};

// Throws ContentLoadError("sprite font FILE: MESSAGE").
class DescriptionReader
{
public:
    explicit DescriptionReader(const std::filesystem::path& path) : m_path(path) {}

    [[noreturn]] void fail(const std::string& message) const
    {
        throw ContentLoadError("sprite font " + m_path.string() + ": " + message);
    }

    nlohmann::json parse() const
    {
        std::ifstream in(m_path, std::ios::binary);
        if (!in)
        {
            fail("cannot open the file");
        }
        std::ostringstream text;
        text << in.rdbuf();
        nlohmann::json json = nlohmann::json::parse(text.str(), nullptr, false);
        if (json.is_discarded())
        {
            fail("not valid JSON");
        }
        if (!json.is_object())
        {
            fail("the description must be a JSON object with \"font\" and \"size\"");
        }
        return json;
    }

    Description read(const nlohmann::json& json) const
    {
        for (const auto& [key, value] : json.items())
        {
            if (std::find(kFields.begin(), kFields.end(), key) == kFields.end())
            {
                fail("unknown field \"" + key +
                     "\" (the fields are font, size, spacing, defaultCharacter, "
                     "characterRegions)");
            }
        }
        Description d;
        d.font = readFont(json);
        d.size = readSize(json);
        if (json.contains("spacing"))
        {
            const nlohmann::json& s = json["spacing"];
            if (!s.is_number() || !std::isfinite(s.get<double>()))
            {
                fail("\"spacing\" must be a number of pixels, not " + s.dump());
            }
            d.spacing = s.get<float>();
        }
        if (json.contains("characterRegions"))
        {
            d.regions = readRegions(json["characterRegions"]);
        }
        if (json.contains("defaultCharacter") && !json["defaultCharacter"].is_null())
        {
            d.defaultCharacter = readCharacter(json["defaultCharacter"]);
        }
        return d;
    }

private:
    std::string readFont(const nlohmann::json& json) const
    {
        if (!json.contains("font"))
        {
            fail("\"font\" is missing (the font file, e.g. \"DejaVuSans.ttf\")");
        }
        const nlohmann::json& f = json["font"];
        if (!f.is_string() || f.get<std::string>().empty())
        {
            fail("\"font\" must be the name of a font file, not " + f.dump());
        }
        return f.get<std::string>();
    }

    int readSize(const nlohmann::json& json) const
    {
        if (!json.contains("size"))
        {
            fail("\"size\" is missing (the character size in pixels)");
        }
        const nlohmann::json& s = json["size"];
        const bool whole = s.is_number_integer() || (s.is_number_float() && std::isfinite(s.get<double>()) &&
                                                     std::trunc(s.get<double>()) == s.get<double>());
        if (!whole || s.get<double>() < 1.0 || s.get<double>() > kMaxSize)
        {
            fail("\"size\" must be a whole number of pixels from 1 to " + std::to_string(kMaxSize) +
                 ", not " + s.dump());
        }
        return static_cast<int>(s.get<double>());
    }

    std::vector<CharacterRegion> readRegions(const nlohmann::json& r) const
    {
        const std::string expected = "\"characterRegions\" must be a non-empty list of [first, last] code "
                                     "points (0 to 0x10FFFF, first <= last)";
        if (!r.is_array() || r.empty())
        {
            fail(expected + ", not " + r.dump());
        }
        std::vector<CharacterRegion> regions;
        for (const nlohmann::json& pair : r)
        {
            const auto codePoint = [](const nlohmann::json& v)
            { return v.is_number_unsigned() && v.get<std::uint64_t>() <= 0x10FFFFu; };
            if (!pair.is_array() || pair.size() != 2 || !codePoint(pair[0]) || !codePoint(pair[1]) ||
                pair[0].get<std::uint64_t>() > pair[1].get<std::uint64_t>())
            {
                fail(expected + "; " + pair.dump() + " is not one");
            }
            regions.push_back({static_cast<char32_t>(pair[0].get<std::uint64_t>()),
                               static_cast<char32_t>(pair[1].get<std::uint64_t>())});
        }
        return regions;
    }

    char32_t readCharacter(const nlohmann::json& c) const
    {
        const std::string expected = "\"defaultCharacter\" must be a string of one character or null";
        if (!c.is_string())
        {
            fail(expected + ", not " + c.dump());
        }
        const std::string text = c.get<std::string>();
        std::u32string decoded;
        sf::Utf8::toUtf32(text.begin(), text.end(), std::back_inserter(decoded));
        if (decoded.size() != 1)
        {
            fail(expected + ", not " + c.dump());
        }
        return decoded.front();
    }

    std::filesystem::path m_path;
};

std::vector<std::filesystem::path> systemFontDirectories()
{
    std::vector<std::filesystem::path> dirs = {"/usr/share/fonts", "/usr/local/share/fonts"};
    if (const char* home = std::getenv("HOME"))
    {
        dirs.push_back(std::filesystem::path(home) / ".local/share/fonts");
        dirs.push_back(std::filesystem::path(home) / ".fonts");
    }
    return dirs;
}

// The font file a description names: beside the description, then anywhere under the system's font
// directories by file name.
std::optional<std::filesystem::path> findFont(const std::filesystem::path& description,
                                              const std::string& name)
{
    std::error_code ec;
    const std::filesystem::path given(name);
    const std::filesystem::path beside = given.is_absolute() ? given : description.parent_path() / given;
    if (std::filesystem::is_regular_file(beside, ec))
    {
        return beside;
    }
    for (const std::filesystem::path& dir : systemFontDirectories())
    {
        std::filesystem::recursive_directory_iterator it(
            dir, std::filesystem::directory_options::skip_permission_denied, ec);
        for (; !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec))
        {
            if (it->path().filename() == given.filename() && it->is_regular_file(ec))
            {
                return it->path();
            }
        }
        ec.clear();
    }
    return std::nullopt;
}

std::unique_ptr<sf::Font> loadFont(const std::filesystem::path& path)
{
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
    {
        throw ContentLoadError("cannot load font " + path.string() + ": no such file");
    }
    auto font = std::make_unique<sf::Font>();
    detail::SfmlErrorCapture errors;
    if (!font->loadFromFile(path.string()))
    {
        throw ContentLoadError("cannot load font " + path.string() + ": " +
                               (errors.text().empty() ? "SFML could not read the font" : errors.text()));
    }
    return font;
}

void checkSize(int size)
{
    if (size < 1 || size > kMaxSize)
    {
        throw std::invalid_argument("SpriteFont: the size must be 1 to " + std::to_string(kMaxSize) +
                                    " pixels, not " + std::to_string(size));
    }
}

} // namespace

SpriteFont::SpriteFont(std::unique_ptr<sf::Font> font, unsigned size, std::vector<CharacterRegion> regions)
    : m_font(std::move(font)), m_size(size), m_regions(std::move(regions))
{
    // Render every glyph of the regions now (as MonoGame's pipeline does), so drawing adds nothing
    // to the atlas, and find how far they reach above and below the baseline.
    float ascent = 0.0f;
    float descent = 0.0f;
    for (const CharacterRegion& region : m_regions)
    {
        for (char32_t c = region.start; c <= region.end && c >= region.start; ++c)
        {
            const sf::FloatRect b = m_font->getGlyph(c, m_size, false).bounds;
            ascent = std::max(ascent, -b.top);
            descent = std::max(descent, b.top + b.height);
        }
    }
    m_baseline = std::ceil(ascent);
    m_lineSpacing = static_cast<int>(
        std::max(std::ceil(m_font->getLineSpacing(m_size)), m_baseline + std::ceil(descent)));
}

SpriteFont::~SpriteFont() = default;

SpriteFont SpriteFont::fromFile(const std::filesystem::path& path)
{
    const DescriptionReader reader(path);
    const Description d = reader.read(reader.parse());
    const std::optional<std::filesystem::path> fontPath = findFont(path, d.font);
    if (!fontPath)
    {
        reader.fail("\"font\": no font file \"" + d.font +
                    "\" beside the description or under the system's font "
                    "directories (/usr/share/fonts, /usr/local/share/fonts, ~/.local/share/fonts)");
    }
    std::unique_ptr<sf::Font> font;
    try
    {
        font = loadFont(*fontPath);
    }
    catch (const ContentLoadError& e)
    {
        reader.fail(std::string("\"font\": ") + e.what());
    }
    SpriteFont result(std::move(font), static_cast<unsigned>(d.size), d.regions);
    result.m_spacing = d.spacing;
    if (d.defaultCharacter && !result.hasCharacter(*d.defaultCharacter))
    {
        reader.fail("\"defaultCharacter\" " + codePointName(*d.defaultCharacter) +
                    " is not in the character regions");
    }
    result.m_defaultCharacter = d.defaultCharacter;
    return result;
}

SpriteFont SpriteFont::fromFile(const std::filesystem::path& fontPath, int size)
{
    checkSize(size);
    return SpriteFont(loadFont(fontPath), static_cast<unsigned>(size), {CharacterRegion{}});
}

std::span<const std::string_view> SpriteFont::fileExtensions()
{
    return kExtensions;
}

void SpriteFont::setLineSpacing(int pixels)
{
    if (pixels <= 0)
    {
        throw std::invalid_argument("SpriteFont::setLineSpacing: the line spacing must be positive, not " +
                                    std::to_string(pixels));
    }
    m_lineSpacing = pixels;
}

void SpriteFont::setSpacing(float pixels)
{
    if (!std::isfinite(pixels))
    {
        throw std::invalid_argument("SpriteFont::setSpacing: the spacing must be finite");
    }
    m_spacing = pixels;
}

void SpriteFont::setDefaultCharacter(std::optional<char32_t> character)
{
    if (character && !hasCharacter(*character))
    {
        throw std::invalid_argument("SpriteFont::setDefaultCharacter: " + codePointName(*character) +
                                    " is not in the font's character regions");
    }
    m_defaultCharacter = character;
}

bool SpriteFont::hasCharacter(char32_t character) const
{
    return std::any_of(m_regions.begin(), m_regions.end(),
                       [&](const CharacterRegion& r) { return character >= r.start && character <= r.end; });
}

char32_t SpriteFont::drawable(char32_t character) const
{
    if (hasCharacter(character) || !m_defaultCharacter)
    {
        return character;
    }
    return *m_defaultCharacter;
}

Vec2 SpriteFont::measureString(std::string_view utf8) const
{
    auto it = utf8.begin();
    while (it != utf8.end())
    {
        std::uint32_t code = 0;
        it = sf::Utf8::decode(it, utf8.end(), code, 0xFFFDu);
        const auto c = static_cast<char32_t>(code);
        if (c != U'\n' && c != U'\r' && !hasCharacter(c) && !m_defaultCharacter)
        {
            throw std::invalid_argument("SpriteFont: the text has the character " + codePointName(c) +
                                        ", which is not in the font's character regions, and the font has "
                                        "no default character");
        }
    }
    return layout(utf8, [](const sf::Glyph&, Vec2) {});
}

} // namespace oblique
