// Rendering and the Game lifecycle with a real OpenGL context: SfmlDebugDraw into a RenderTexture
// checked pixel by pixel, and headless Game runs. Needs an X display (CTest runs it under xvfb-run
// when none is set).

#include "oblique/sfml/game.hpp"
#include "oblique/sfml/sfml_convert.hpp"
#include "oblique/sfml/sfml_debug_draw.hpp"
#include "pixel_assertions.hpp"

#include <SFML/Graphics/Image.hpp>
#include <SFML/Graphics/RenderTexture.hpp>
#include <cstdlib>
#include <filesystem>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace
{

using oblique::Camera2D;
using oblique::Color;
using oblique::SfmlDebugDraw;
using oblique::Vec2;
using oblique::test::colorNear;

constexpr unsigned kSize = 200;
const sf::Color kBackground(10, 20, 30);

// The colour a translucent fill leaves over the background: 50% of a half-brightness shade.
sf::Color expectedFill(Color c, sf::Color under)
{
    const auto mix = [](float shade, sf::Uint8 below)
    { return static_cast<sf::Uint8>(std::lround(0.5f * std::round(shade * 0.5f * 255.0f) + 0.5f * below)); };
    return {mix(c.r, under.r), mix(c.g, under.g), mix(c.b, under.b)};
}

sf::Color opaque(Color c)
{
    return oblique::toSfColor(c);
}

// Renders whatever `paint` draws (through a camera at the origin, 20 px per metre) and reads it back.
template <class Paint>
sf::Image render(SfmlDebugDraw& drawer, Paint paint)
{
    sf::RenderTexture target;
    EXPECT_TRUE(target.create(kSize, kSize));
    target.clear(kBackground);
    drawer.setCamera(Camera2D({0.0f, 0.0f}, 20.0f, {float(kSize), float(kSize)}));
    paint(drawer);
    drawer.flush(target);
    target.display();
    return target.getTexture().copyToImage();
}

// Whether any pixel in a small square around (x, y) has the colour.
bool anyNear(const sf::Image& image, unsigned x, unsigned y, sf::Color color, unsigned radius = 1)
{
    for (unsigned j = y - radius; j <= y + radius; ++j)
    {
        for (unsigned i = x - radius; i <= x + radius; ++i)
        {
            if (colorNear(image.getPixel(i, j), color))
            {
                return true;
            }
        }
    }
    return false;
}

constexpr Color kBoxColor{0.9f, 0.7f, 0.7f, 1.0f};
constexpr Color kCircleColor{0.5f, 0.9f, 0.5f, 1.0f};

TEST(SfmlDebugDraw, ABoxAboveTheOriginFillsTheUpperHalfOfTheImage)
{
    SfmlDebugDraw drawer;
    // A 4 m x 2 m box from (-2, 1) to (2, 3): y up, so it lands above the image centre.
    const Vec2 box[] = {{-2.0f, 1.0f}, {2.0f, 1.0f}, {2.0f, 3.0f}, {-2.0f, 3.0f}};
    const sf::Image image = render(drawer, [&](SfmlDebugDraw& d) { d.drawSolidPolygon(box, kBoxColor); });
    ASSERT_EQ(image.getSize(), sf::Vector2u(kSize, kSize));

    // Screen: x from 60 to 140, y from 100 - 60 = 40 to 100 - 20 = 80.
    EXPECT_TRUE(colorNear(image.getPixel(100, 60), expectedFill(kBoxColor, kBackground)));
    EXPECT_TRUE(colorNear(image.getPixel(70, 50), expectedFill(kBoxColor, kBackground)));
    // The mirror image below the centre, and everything outside the box, is background.
    EXPECT_TRUE(colorNear(image.getPixel(100, 140), kBackground, 0));
    EXPECT_TRUE(colorNear(image.getPixel(100, 100), kBackground, 0));
    EXPECT_TRUE(colorNear(image.getPixel(30, 60), kBackground, 0));
    EXPECT_TRUE(colorNear(image.getPixel(170, 60), kBackground, 0));
    EXPECT_TRUE(colorNear(image.getPixel(100, 20), kBackground, 0));
    // The outline is drawn in the full colour along the box's edges.
    EXPECT_TRUE(anyNear(image, 100, 40, opaque(kBoxColor))) << "top edge";
    EXPECT_TRUE(anyNear(image, 100, 80, opaque(kBoxColor))) << "bottom edge";
    EXPECT_TRUE(anyNear(image, 60, 60, opaque(kBoxColor))) << "left edge";
    EXPECT_TRUE(anyNear(image, 140, 60, opaque(kBoxColor))) << "right edge";
    EXPECT_EQ(drawer.pendingVertexCount(), 0u) << "flush empties the batches";
}

TEST(SfmlDebugDraw, CirclesSegmentsAndPoints)
{
    SfmlDebugDraw drawer;
    const Color red{1.0f, 0.0f, 0.0f, 1.0f};
    const Color yellow{1.0f, 1.0f, 0.0f, 1.0f};
    const sf::Image image = render(
        drawer,
        [&](SfmlDebugDraw& d)
        {
            d.drawSolidCircle({2.5f, -2.5f}, 1.5f, {1.0f, 0.0f}, kCircleColor); // centre pixel (150, 150)
            d.drawPoint({-3.0f, -3.0f}, 8.0f, red);                             // pixel (40, 160)
            d.drawSegment({-4.0f, 4.0f}, {4.0f, 4.0f}, yellow);                 // row 20
        });
    // Inside the circle away from its radius line: the translucent fill.
    EXPECT_TRUE(colorNear(image.getPixel(150, 140), expectedFill(kCircleColor, kBackground)));
    EXPECT_TRUE(colorNear(image.getPixel(140, 160), expectedFill(kCircleColor, kBackground)));
    // The radius line points along +x from the centre.
    EXPECT_TRUE(anyNear(image, 170, 150, opaque(kCircleColor)));
    // Outside the circle (its radius is 30 px) but inside its bounding box: background.
    EXPECT_TRUE(colorNear(image.getPixel(174, 174), kBackground, 0));
    // The point is a solid square 8 pixels wide whatever the zoom.
    EXPECT_TRUE(colorNear(image.getPixel(40, 160), opaque(red), 0));
    EXPECT_TRUE(colorNear(image.getPixel(37, 157), opaque(red), 0));
    EXPECT_TRUE(colorNear(image.getPixel(46, 160), kBackground, 0));
    EXPECT_TRUE(anyNear(image, 100, 20, opaque(yellow)));
    EXPECT_TRUE(colorNear(image.getPixel(100, 30), kBackground, 0));
}

TEST(SfmlDebugDraw, TransformAxesAreRedAlongXAndGreenAlongY)
{
    SfmlDebugDraw drawer;
    const sf::Image image = render(drawer,
                                   [&](SfmlDebugDraw& d) {
                                       d.drawTransform({{0.0f, 0.0f}, oblique::makeRot(0.0f)});
                                   });
    // 0.4 m = 8 px: red to the right of the centre, green above it.
    EXPECT_TRUE(anyNear(image, 105, 100, sf::Color::Red));
    EXPECT_TRUE(anyNear(image, 100, 95, sf::Color::Green));
    EXPECT_TRUE(colorNear(image.getPixel(100, 105), kBackground, 0)) << "nothing below: y is up";
}

TEST(SfmlDebugDraw, TextUsesTheDejaVuFont)
{
    SfmlDebugDraw drawer;
    ASSERT_TRUE(drawer.loadFont()) << drawer.fontError();
    const sf::Image image = render(
        drawer,
        [&](SfmlDebugDraw& d)
        {
            d.drawString({-4.0f, 4.0f}, "Oblique", {1.0f, 1.0f, 1.0f, 1.0f}); // top-left at pixel (20, 20)
        });
    int lit = 0;
    for (unsigned y = 20; y < 40; ++y)
    {
        for (unsigned x = 20; x < 90; ++x)
        {
            lit += colorNear(image.getPixel(x, y), kBackground, 0) ? 0 : 1;
        }
    }
    EXPECT_GT(lit, 50) << "glyphs were drawn";
    EXPECT_TRUE(colorNear(image.getPixel(100, 150), kBackground, 0));
}

TEST(SfmlDebugDraw, AMissingFontIsAClearErrorAndTextIsSkipped)
{
    SfmlDebugDraw drawer;
    EXPECT_FALSE(drawer.loadFont("/nonexistent/NoSuchFont.ttf"));
    EXPECT_FALSE(drawer.hasFont());
    EXPECT_NE(drawer.fontError().find("/nonexistent/NoSuchFont.ttf"), std::string::npos)
        << drawer.fontError();
    drawer.drawString({0.0f, 0.0f}, "hello", {1.0f, 1.0f, 1.0f, 1.0f});
    EXPECT_EQ(drawer.pendingTextCount(), 0u);

    // A file that exists but is not a font.
    const std::string notAFont = (std::filesystem::temp_directory_path() / "oblique_not_a_font.ttf").string();
    {
        std::FILE* f = std::fopen(notAFont.c_str(), "wb");
        ASSERT_NE(f, nullptr);
        std::fputs("not a font", f);
        std::fclose(f);
    }
    EXPECT_FALSE(drawer.loadFont(notAFont));
    EXPECT_NE(drawer.fontError().find("cannot load font"), std::string::npos) << drawer.fontError();
    std::filesystem::remove(notAFont);
}

TEST(SfmlDebugDraw, CircleSegmentsGrowWithScreenSize)
{
    EXPECT_EQ(SfmlDebugDraw::circleSegments(0.0f), SfmlDebugDraw::kMinCircleSegments);
    EXPECT_EQ(SfmlDebugDraw::circleSegments(2.0f), SfmlDebugDraw::kMinCircleSegments);
    EXPECT_GT(SfmlDebugDraw::circleSegments(60.0f), SfmlDebugDraw::circleSegments(20.0f));
    EXPECT_EQ(SfmlDebugDraw::circleSegments(1e9f), SfmlDebugDraw::kMaxCircleSegments);
}

TEST(SfmlDebugDraw, BatchesUntilFlush)
{
    SfmlDebugDraw drawer;
    const Vec2 tri[] = {{0.0f, 0.0f}, {1.0f, 0.0f}, {0.0f, 1.0f}};
    drawer.drawSolidPolygon(tri, kBoxColor);         // 1 fill triangle (3) + 3 outline lines (6)
    drawer.drawPoint({0.0f, 0.0f}, 4.0f, kBoxColor); // 2 triangles (6)
    EXPECT_EQ(drawer.pendingVertexCount(), 15u);
    drawer.clear();
    EXPECT_EQ(drawer.pendingVertexCount(), 0u);
}

// A game that records its lifecycle.
class RecordingGame : public oblique::Game
{
public:
    std::vector<std::string> calls;
    std::vector<oblique::GameTime> updates;
    int exitAtUpdate = -1;
    int refuseExits = 0;

protected:
    void initialize() override
    {
        calls.push_back("initialize");
        Game::initialize();
    }
    void loadContent() override { calls.push_back("loadContent"); }
    void beginRun() override { calls.push_back("beginRun"); }
    void update(const oblique::GameTime& t) override
    {
        calls.push_back("update");
        updates.push_back(t);
        if (static_cast<int>(updates.size()) == exitAtUpdate)
        {
            exit();
        }
        Game::update(t);
    }
    void draw(const oblique::GameTime& t) override
    {
        calls.push_back("draw");
        const Vec2 box[] = {{-1.0f, -1.0f}, {1.0f, -1.0f}, {1.0f, 1.0f}, {-1.0f, 1.0f}};
        debugDraw().drawSolidPolygon(box, kBoxColor);
        Game::draw(t);
    }
    bool onExiting() override
    {
        calls.push_back("onExiting");
        if (refuseExits > 0)
        {
            --refuseExits;
            return false;
        }
        return true;
    }
    void unloadContent() override
    {
        calls.push_back("unloadContent");
        Game::unloadContent();
    }
    void endRun() override { calls.push_back("endRun"); }
};

TEST(Game, HeadlessRunFollowsTheLifecycleAndSavesAScreenshot)
{
    RecordingGame game;
    const auto png = std::filesystem::temp_directory_path() / "oblique_game_headless_test.png";
    std::filesystem::remove(png);
    game.setHeadless(true);
    game.setWindowSize(160, 120);
    game.setClearColor({0.0f, 0.0f, 0.0f, 1.0f});
    game.setFrameLimit(3);
    game.setScreenshotPath(png.string());
    game.camera().setZoom(20.0f);
    game.run();

    const std::vector<std::string> expected = {
        "initialize", "loadContent", "beginRun",      "update", // the update before the window shows
        "update",     "draw",        "update",        "draw",   "update",
        "draw",       "onExiting",   "unloadContent", "endRun"};
    EXPECT_EQ(game.calls, expected);
    EXPECT_EQ(game.frameCount(), 3);
    EXPECT_FALSE(game.isRunning());
    ASSERT_EQ(game.updates.size(), 4u);
    EXPECT_EQ(game.updates[0].total, oblique::GameDuration::zero());
    EXPECT_EQ(game.updates[0].elapsed, oblique::GameDuration::zero());
    for (std::size_t i = 1; i < game.updates.size(); ++i)
    {
        EXPECT_EQ(game.updates[i].elapsed, game.targetElapsedTime());
        EXPECT_EQ(game.updates[i].total, static_cast<long>(i) * game.targetElapsedTime());
    }

    sf::Image shot;
    ASSERT_TRUE(shot.loadFromFile(png.string()));
    ASSERT_EQ(shot.getSize(), sf::Vector2u(160, 120));
    // The 2 m box sits in the middle (40 x 40 pixels); the corners are the clear colour.
    EXPECT_TRUE(colorNear(shot.getPixel(80, 60), expectedFill(kBoxColor, sf::Color::Black)));
    EXPECT_TRUE(colorNear(shot.getPixel(5, 5), sf::Color::Black, 0));
    EXPECT_TRUE(colorNear(shot.getPixel(150, 110), sf::Color::Black, 0));
    std::filesystem::remove(png);
}

TEST(Game, ExitFromUpdateSuppressesThatTicksDrawAndEndsTheRun)
{
    RecordingGame game;
    game.setHeadless(true);
    game.setWindowSize(32, 32);
    game.setFrameLimit(100);
    game.exitAtUpdate = 3; // the second update inside the loop
    game.run();
    const std::vector<std::string> expected = {"initialize",    "loadContent", "beginRun", "update",
                                               "update",        "draw",        "update",   "onExiting",
                                               "unloadContent", "endRun"};
    EXPECT_EQ(game.calls, expected);
    EXPECT_EQ(game.frameCount(), 1);
}

TEST(Game, OnExitingCanCancelAnExit)
{
    RecordingGame game;
    game.setHeadless(true);
    game.setWindowSize(32, 32);
    game.setFrameLimit(5);
    game.exitAtUpdate = 2;
    game.refuseExits = 1;
    game.run();
    // The refused exit cost one draw; the game then ran on to its frame limit.
    EXPECT_EQ(game.frameCount(), 5);
    EXPECT_EQ(std::count(game.calls.begin(), game.calls.end(), "onExiting"), 2);
    EXPECT_EQ(game.calls.back(), "endRun");
}

TEST(Game, HeadlessNeedsAFrameLimit)
{
    RecordingGame game;
    game.setHeadless(true);
    EXPECT_THROW(game.run(), std::logic_error);
    EXPECT_TRUE(game.calls.empty());
}

TEST(Game, AnUnwritableScreenshotIsReportedAfterACleanShutdown)
{
    RecordingGame game;
    game.setHeadless(true);
    game.setWindowSize(16, 16);
    game.setFrameLimit(1);
    game.setScreenshotPath("/nonexistent-directory/shot.png");
    EXPECT_THROW(game.run(), std::runtime_error);
    EXPECT_EQ(game.calls.back(), "endRun");
}

// Components walked in order, with one removing another mid-walk.
class Tagger : public oblique::DrawableGameComponent
{
public:
    Tagger(oblique::Game& game, std::vector<std::string>& log, std::string name)
        : DrawableGameComponent(game), m_log(log), m_name(std::move(name))
    {
    }
    oblique::GameComponent* victim = nullptr;

    void loadContent() override { m_log.push_back(m_name + ".load"); }
    void unloadContent() override { m_log.push_back(m_name + ".unload"); }
    void update(const oblique::GameTime&) override
    {
        m_log.push_back(m_name + ".update");
        if (victim != nullptr)
        {
            game().removeComponent(*victim);
            victim = nullptr;
        }
    }
    void draw(const oblique::GameTime&) override { m_log.push_back(m_name + ".draw"); }

private:
    std::vector<std::string>& m_log;
    std::string m_name;
};

TEST(Game, ComponentsAreWalkedInOrder)
{
    std::vector<std::string> log;
    oblique::Game game;
    auto& a = game.addComponent<Tagger>(log, "a");
    auto& b = game.addComponent<Tagger>(log, "b");
    auto& c = game.addComponent<Tagger>(log, "c");
    a.setUpdateOrder(2);
    b.setUpdateOrder(1);
    c.setUpdateOrder(3);
    a.setDrawOrder(1);
    b.setDrawOrder(3);
    c.setDrawOrder(2);
    b.victim = &c; // b runs first and removes c before c's turn
    game.setHeadless(true);
    game.setWindowSize(16, 16);
    game.setFrameLimit(1);
    game.run();
    const std::vector<std::string> expected = {
        "a.load",   "b.load",   "c.load",             // initialize, in insertion order
        "b.update", "c.unload", "a.update",           // first update: b removes c, c is skipped
        "b.update", "a.update", "a.draw",   "b.draw", // one frame
        "a.unload", "b.unload"};
    EXPECT_EQ(log, expected);
    EXPECT_EQ(game.componentCount(), 2u);
}

} // namespace
