// SpriteFont: .spritefont descriptions (each bad field named), measureString, and text drawn by
// SpriteBatch::drawString landing inside the box measureString gives. Needs an X display.

#include "content_test_support.hpp"
#include "oblique/sfml/content_load_error.hpp"
#include "oblique/sfml/sprite_batch.hpp"
#include "oblique/sfml/sprite_font.hpp"

#include <climits>
#include <stdexcept>
#include <string>

namespace
{

using namespace oblique;
using namespace oblique::test;

const std::filesystem::path kDejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

// The message a description with this text fails with (empty when it loads).
std::string descriptionError(const std::string& json)
{
    TempDir dir;
    const auto file = dir.write("font.spritefont", json);
    try
    {
        SpriteFont::fromFile(file);
    }
    catch (const ContentLoadError& e)
    {
        return e.what();
    }
    return "";
}

TEST(SpriteFont, ADescriptionNamesAFontFoundAmongTheSystemsFonts)
{
    TempDir dir;
    const auto file = dir.write("hud.spritefont", R"({"font": "DejaVuSans.ttf", "size": 24, "spacing": 2})");
    const SpriteFont font = SpriteFont::fromFile(file);
    EXPECT_EQ(font.characterSize(), 24u);
    EXPECT_EQ(font.spacing(), 2.0f);
    EXPECT_FALSE(font.defaultCharacter().has_value());
    EXPECT_GE(font.lineSpacing(), 24);
    EXPECT_TRUE(font.hasCharacter(U'A'));
    EXPECT_FALSE(font.hasCharacter(U'\u00e9'));
}

TEST(SpriteFont, AFontBesideTheDescriptionComesFirst)
{
    TempDir dir;
    dir.write("DejaVuSans.ttf", "not a font at all");
    const std::string message = [&]
    {
        try
        {
            SpriteFont::fromFile(dir.write("f.spritefont", R"({"font": "DejaVuSans.ttf", "size": 12})"));
        }
        catch (const ContentLoadError& e)
        {
            return std::string(e.what());
        }
        return std::string();
    }();
    EXPECT_NE(message.find((dir.path() / "DejaVuSans.ttf").string()), std::string::npos) << message;
    EXPECT_NE(message.find("\"font\""), std::string::npos) << message;
}

TEST(SpriteFont, EveryBadFieldIsNamed)
{
    const auto expectNames = [](const std::string& json, const std::string& needle)
    {
        const std::string message = descriptionError(json);
        EXPECT_NE(message.find(needle), std::string::npos) << json << " -> " << message;
        EXPECT_NE(message.find("font.spritefont"), std::string::npos) << message;
    };
    expectNames(R"({"size": 24})", "\"font\" is missing");
    expectNames(R"({"font": 3, "size": 24})", "\"font\" must be");
    expectNames(R"({"font": "DejaVuSans.ttf"})", "\"size\" is missing");
    expectNames(R"({"font": "DejaVuSans.ttf", "size": 0})", "\"size\" must be");
    expectNames(R"({"font": "DejaVuSans.ttf", "size": 24.5})", "\"size\" must be");
    expectNames(R"({"font": "DejaVuSans.ttf", "size": "big"})", "\"size\" must be");
    expectNames(R"({"font": "DejaVuSans.ttf", "size": 24, "spacing": "wide"})", "\"spacing\" must be");
    expectNames(R"({"font": "DejaVuSans.ttf", "size": 24, "sise": 2})", "unknown field \"sise\"");
    expectNames(R"({"font": "DejaVuSans.ttf", "size": 24, "defaultCharacter": "ab"})",
                "\"defaultCharacter\"");
    expectNames(R"({"font": "DejaVuSans.ttf", "size": 24, "defaultCharacter": "é"})",
                "\"defaultCharacter\" U+00E9 is not in the character regions");
    expectNames(R"({"font": "DejaVuSans.ttf", "size": 24, "characterRegions": [[126, 32]]})",
                "\"characterRegions\"");
    expectNames(R"({"font": "DejaVuSans.ttf", "size": 24, "characterRegions": 5})", "\"characterRegions\"");
    expectNames(R"({"font": "NoSuchFont.ttf", "size": 24})", "no font file \"NoSuchFont.ttf\"");
    expectNames(R"({"font": "DejaVuSans.ttf", "size": 24)", "not valid JSON");
    expectNames(R"([1, 2])", "must be a JSON object");
}

TEST(SpriteFont, FromFileWithASize)
{
    const SpriteFont font = SpriteFont::fromFile(kDejaVu, 16);
    EXPECT_EQ(font.characterSize(), 16u);
    EXPECT_THROW(SpriteFont::fromFile(kDejaVu, 0), std::invalid_argument);
    EXPECT_THROW(SpriteFont::fromFile("/nonexistent/font.ttf", 16), ContentLoadError);
}

TEST(SpriteFont, MeasureStringAddsAdvancesSpacingAndLines)
{
    SpriteFont font = SpriteFont::fromFile(kDejaVu, 20);
    EXPECT_EQ(font.measureString(""), (Vec2{0.0f, 0.0f}));
    const Vec2 one = font.measureString("Hello");
    EXPECT_GT(one.x, 30.0f);
    EXPECT_EQ(one.y, static_cast<float>(font.lineSpacing()));
    const Vec2 two = font.measureString("Hello\nHi");
    EXPECT_EQ(two.x, one.x);
    EXPECT_EQ(two.y, 2.0f * static_cast<float>(font.lineSpacing()));
    font.setSpacing(3.0f);
    EXPECT_FLOAT_EQ(font.measureString("Hello").x, one.x + 4.0f * 3.0f);
}

TEST(SpriteFont, CharactersOutsideTheRegionsNeedADefaultCharacter)
{
    SpriteFont font = SpriteFont::fromFile(kDejaVu, 20);
    EXPECT_THROW(font.measureString("caf\xC3\xA9"), std::invalid_argument);
    font.setDefaultCharacter(U'?');
    EXPECT_EQ(font.measureString("caf\xC3\xA9"), font.measureString("caf?"));
    EXPECT_THROW(font.setDefaultCharacter(U'\u00e9'), std::invalid_argument);
    EXPECT_EQ(font.defaultCharacter(), std::optional<char32_t>(U'?'));
}

// The box of pixels that differ from the background.
struct Ink
{
    int left = INT_MAX;
    int top = INT_MAX;
    int right = INT_MIN;
    int bottom = INT_MIN;
    bool any() const { return right >= left; }
};

Ink inkOf(const sf::Image& image, sf::Color background)
{
    Ink ink;
    for (unsigned y = 0; y < image.getSize().y; ++y)
    {
        for (unsigned x = 0; x < image.getSize().x; ++x)
        {
            if (!colorNear(image.getPixel(x, y), background, 8))
            {
                ink.left = std::min(ink.left, static_cast<int>(x));
                ink.top = std::min(ink.top, static_cast<int>(y));
                ink.right = std::max(ink.right, static_cast<int>(x) + 1);
                ink.bottom = std::max(ink.bottom, static_cast<int>(y) + 1);
            }
        }
    }
    return ink;
}

TEST(SpriteFont, DrawnTextLandsWhereMeasureStringSays)
{
    const SpriteFont font = SpriteFont::fromFile(kDejaVu, 24);
    for (const std::string text : {"Hg", "Quick jump|", "two\nLines gy"})
    {
        Canvas canvas(300, 150, sf::Color::Black);
        const Vec2 at{20.0f, 30.0f};
        canvas.batch().begin();
        canvas.batch().drawString(font, text, at, kWhite);
        canvas.batch().end();
        const Ink ink = inkOf(canvas.read(), sf::Color::Black);
        const Vec2 size = font.measureString(text);
        ASSERT_TRUE(ink.any()) << text;
        EXPECT_GE(ink.left, 20) << text;
        EXPECT_GE(ink.top, 30) << text;
        EXPECT_LE(ink.right, static_cast<int>(std::ceil(at.x + size.x))) << text;
        EXPECT_LE(ink.bottom, static_cast<int>(std::ceil(at.y + size.y))) << text;
        // The box is tight: the ink reaches most of the way across and down.
        EXPECT_GT(ink.right, static_cast<int>(at.x + 0.85f * size.x)) << text;
        EXPECT_GT(ink.bottom, static_cast<int>(at.y + size.y) - font.lineSpacing() / 2) << text;
        EXPECT_LT(ink.left, 25) << text;
    }
}

TEST(SpriteFont, TextIsTintedAndBlendedAsAPremultipliedSprite)
{
    const SpriteFont font = SpriteFont::fromFile(kDejaVu, 48);
    Canvas canvas(100, 80, sf::Color(51, 51, 51));
    canvas.batch().begin();
    // Half-transparent red, premultiplied (MonoGame's Color.Red * 0.5f).
    canvas.batch().drawString(font, "I", {20.0f, 5.0f}, {0.5f, 0.0f, 0.0f, 0.5f});
    canvas.batch().end();
    const sf::Image image = canvas.read();
    const Ink ink = inkOf(image, sf::Color(51, 51, 51));
    ASSERT_TRUE(ink.any());
    // The middle of the I's stem is fully covered: 0.5 + 0.2 * 0.5 red, 0.2 * 0.5 green and blue.
    EXPECT_TRUE(
        pixelIs(image, (ink.left + ink.right) / 2, (ink.top + ink.bottom) / 2, sf::Color(153, 26, 26)));
    // Outside the glyph the background is untouched (no box around the glyph).
    EXPECT_TRUE(pixelIs(image, ink.left - 2, (ink.top + ink.bottom) / 2, sf::Color(51, 51, 51)));
}

TEST(SpriteFont, BadTextBatchesNothing)
{
    const SpriteFont font = SpriteFont::fromFile(kDejaVu, 24);
    Canvas canvas;
    canvas.batch().begin();
    EXPECT_THROW(canvas.batch().drawString(font, "ok \xE2\x82\xAC", {0.0f, 0.0f}, kWhite),
                 std::invalid_argument);
    EXPECT_EQ(canvas.batch().pendingCount(), 0u);
    canvas.batch().end();
}

} // namespace
