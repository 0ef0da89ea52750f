// Texture2D, GraphicsDevice, ContentManager and Game's content: loading from files written by the
// test, cache identity, unload, the messages for missing and corrupt assets and for names that
// leave the root. Needs an X display (textures live on the GPU).

#include "content_test_support.hpp"
#include "oblique/sfml/content_manager.hpp"
#include "oblique/sfml/game.hpp"
#include "oblique/sfml/sprite_font.hpp"

#include <array>
#include <stdexcept>
#include <string>

namespace
{

using namespace oblique;
using namespace oblique::test;

template <class Call>
std::string errorOf(Call call)
{
    try
    {
        call();
    }
    catch (const std::exception& e)
    {
        return e.what();
    }
    return "";
}

bool contains(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

TEST(Texture2D, SetDataAndGetDataRoundTrip)
{
    Texture2D texture(3, 2);
    EXPECT_EQ(texture.width(), 3);
    EXPECT_EQ(texture.height(), 2);
    EXPECT_EQ(texture.bounds(), (Rectangle{0, 0, 3, 2}));
    for (const Color& c : texture.getData())
    {
        EXPECT_EQ(c.a, 0.0f); // blank is transparent black
    }
    const std::array<Color, 6> data = {
        kRed, kGreen, kBlue, kWhite, Color{0.0f, 0.0f, 0.0f, 1.0f}, Color{0.2f, 0.4f, 0.6f, 0.8f}};
    texture.setData(data);
    const std::vector<Color> back = texture.getData();
    ASSERT_EQ(back.size(), 6u);
    for (std::size_t i = 0; i < 6; ++i)
    {
        EXPECT_NEAR(back[i].r, data[i].r, 1.0f / 255.0f);
        EXPECT_NEAR(back[i].g, data[i].g, 1.0f / 255.0f);
        EXPECT_NEAR(back[i].b, data[i].b, 1.0f / 255.0f);
        EXPECT_NEAR(back[i].a, data[i].a, 1.0f / 255.0f);
    }
}

TEST(Texture2D, BadSizesAndDataAreRefused)
{
    EXPECT_THROW(Texture2D(0, 4), std::invalid_argument);
    EXPECT_THROW(Texture2D(4, -1), std::invalid_argument);
    Texture2D texture(2, 2);
    const std::array<Color, 3> three = {kRed, kRed, kRed};
    EXPECT_TRUE(contains(errorOf([&] { texture.setData(three); }), "3 colours for 4 texels"));
    EXPECT_THROW(texture.setData(Rectangle{1, 1, 2, 2}, std::array<Color, 4>{}), std::invalid_argument);
    EXPECT_EQ(texture.getData()[0].a, 0.0f); // unchanged
}

TEST(Texture2D, FromFilePremultipliesAlpha)
{
    TempDir dir;
    const Texture2D texture =
        Texture2D::fromFile(dir.writeImage("a.png", 2, 3, sf::Color(200, 100, 50, 128)));
    EXPECT_EQ(texture.width(), 2);
    EXPECT_EQ(texture.height(), 3);
    const Color c = texture.getData()[0];
    EXPECT_NEAR(c.r, 100.0f / 255.0f, 1.0f / 255.0f);
    EXPECT_NEAR(c.g, 50.0f / 255.0f, 1.0f / 255.0f);
    EXPECT_NEAR(c.b, 25.0f / 255.0f, 1.0f / 255.0f);
    EXPECT_NEAR(c.a, 128.0f / 255.0f, 1.0f / 255.0f);
}

TEST(Texture2D, MissingAndCorruptFilesNameTheFileAndTheReason)
{
    TempDir dir;
    const std::string missing = errorOf([&] { Texture2D::fromFile(dir.path() / "nope.png"); });
    EXPECT_TRUE(contains(missing, "nope.png")) << missing;
    EXPECT_TRUE(contains(missing, "no such file")) << missing;
    const auto corrupt = dir.write("broken.png", "\x89PNG but not really");
    const std::string message = errorOf([&] { Texture2D::fromFile(corrupt); });
    EXPECT_TRUE(contains(message, corrupt.string())) << message;
    EXPECT_TRUE(contains(message, "corrupt")) << message; // SFML's reason
}

TEST(GraphicsDevice, ViewportAndClear)
{
    Canvas canvas(80, 60);
    GraphicsDevice& device = canvas.device();
    EXPECT_EQ(device.viewport(), (Viewport{0, 0, 80, 60, 0.0f, 1.0f}));
    EXPECT_FLOAT_EQ(device.viewport().aspectRatio(), 80.0f / 60.0f);
    device.clear({0.0f, 1.0f, 0.0f, 1.0f});
    EXPECT_TRUE(pixelIs(canvas.read(), 79, 59, sf::Color(0, 255, 0)));
    device.setViewport({10, 20, 30, 40, 0.25f, 0.75f});
    EXPECT_EQ(device.viewport(), (Viewport{10, 20, 30, 40, 0.25f, 0.75f}));
    EXPECT_EQ(device.viewport().bounds(), (Rectangle{10, 20, 30, 40}));
    const std::string message = errorOf([&] { device.setViewport({70, 0, 20, 10}); });
    EXPECT_TRUE(contains(message, "not inside the 80 x 60 render target")) << message;
    EXPECT_THROW(device.setViewport({0, 0, 10, 10, 0.8f, 0.2f}), std::invalid_argument);
    EXPECT_EQ(device.viewport(), (Viewport{10, 20, 30, 40, 0.25f, 0.75f}));
}

// A content type of the test's own, to show that ContentManager only needs the convention.
struct TextAsset
{
    static TextAsset fromFile(const std::filesystem::path& path)
    {
        std::ifstream in(path);
        std::string text;
        std::getline(in, text);
        if (text == "corrupt")
        {
            throw ContentLoadError("cannot read " + path.string() + ": it says corrupt");
        }
        return {text};
    }
    static std::span<const std::string_view> fileExtensions()
    {
        static constexpr std::array<std::string_view, 2> kExtensions = {".txt", ".text"};
        return kExtensions;
    }
    std::string text;
};

TEST(ContentManager, LoadsByNameAndCachesPerTypeAndName)
{
    TempDir dir;
    dir.writeImage("Content/sprites/crate.png", 4, 2, sf::Color::Red);
    dir.write("Content/sprites/crate.txt", "a crate");
    ContentManager content(dir.path() / "Content");
    EXPECT_EQ(content.rootDirectory(), dir.path() / "Content");

    Texture2D& crate = content.load<Texture2D>("sprites/crate");
    EXPECT_EQ(crate.width(), 4);
    EXPECT_EQ(&content.load<Texture2D>("sprites/crate"), &crate);
    EXPECT_EQ(&content.load<Texture2D>("sprites\\crate"), &crate); // MonoGame's separator too
    TextAsset& text = content.load<TextAsset>("sprites/crate");
    EXPECT_EQ(text.text, "a crate");
    EXPECT_EQ(content.loadedCount(), 2u);
    EXPECT_TRUE(content.isLoaded<Texture2D>("sprites/crate"));

    content.unload();
    EXPECT_EQ(content.loadedCount(), 0u);
    EXPECT_FALSE(content.isLoaded<Texture2D>("sprites/crate"));
    EXPECT_EQ(content.load<Texture2D>("sprites/crate").height(), 2);
}

TEST(ContentManager, ExtensionsAreTriedInOrder)
{
    TempDir dir;
    dir.writeImage("tile.bmp", 1, 1, sf::Color::Blue);
    dir.writeImage("tile.png", 1, 1, sf::Color::Green);
    ContentManager content(dir.path());
    const Color c = content.load<Texture2D>("tile").getData()[0];
    EXPECT_EQ(c.g, 1.0f); // .png comes before .bmp
    dir.write("note.text", "second extension");
    EXPECT_EQ(content.load<TextAsset>("note").text, "second extension");
}

TEST(ContentManager, AMissingAssetNamesTheAssetTheRootAndTheExtensionsTried)
{
    TempDir dir;
    ContentManager content(dir.path());
    const std::string message = errorOf([&] { content.load<Texture2D>("sprites/crate"); });
    EXPECT_TRUE(contains(message, "content \"sprites/crate\"")) << message;
    EXPECT_TRUE(contains(message, "sprites/crate.png or .jpg or .jpeg or .bmp")) << message;
    EXPECT_TRUE(contains(message, dir.path().generic_string())) << message;
    EXPECT_EQ(content.loadedCount(), 0u);

    ContentManager relative;
    EXPECT_EQ(relative.rootDirectory(), "Content");
    const std::string relativeMessage = errorOf([&] { relative.load<TextAsset>("x"); });
    EXPECT_TRUE(contains(relativeMessage, "x.txt or .text under Content/ (relative to ")) << relativeMessage;
}

TEST(ContentManager, ARelativeRootIsFoundBesideTheExecutableFromAnyDirectory)
{
    // A content folder beside this test program, and the current directory somewhere else.
    const std::filesystem::path exeDir = std::filesystem::read_symlink("/proc/self/exe").parent_path();
    TempDir elsewhere;
    const std::string folder = "Content-" + elsewhere.path().filename().string();
    const std::filesystem::path beside = exeDir / folder;
    std::filesystem::create_directories(beside);
    std::ofstream(beside / "note.txt") << "beside the program";
    const std::filesystem::path before = std::filesystem::current_path();
    std::filesystem::current_path(elsewhere.path());

    ContentManager content(folder);
    std::string text;
    std::string missing;
    try
    {
        text = content.load<TextAsset>("note").text;
        missing = errorOf([&] { content.load<TextAsset>("absent"); });
    }
    catch (...)
    {
    }
    std::filesystem::current_path(before);
    std::filesystem::remove_all(beside);
    EXPECT_EQ(text, "beside the program");
    // Both places looked in are named.
    EXPECT_TRUE(contains(missing, exeDir.generic_string())) << missing;
    EXPECT_TRUE(contains(missing, elsewhere.path().generic_string())) << missing;
}

TEST(ContentManager, ACorruptAssetNamesTheFileAndTheReason)
{
    TempDir dir;
    const auto file = dir.write("bad.png", "definitely not an image");
    dir.write("bad.txt", "corrupt");
    ContentManager content(dir.path());
    const std::string message = errorOf([&] { content.load<Texture2D>("bad"); });
    EXPECT_TRUE(contains(message, "content \"bad\"")) << message;
    EXPECT_TRUE(contains(message, file.string())) << message;
    EXPECT_TRUE(contains(message, "Failed to load image")) << message; // SFML's words, not on stderr
    EXPECT_TRUE(contains(errorOf([&] { content.load<TextAsset>("bad"); }), "content \"bad\": cannot read"));
    EXPECT_EQ(content.loadedCount(), 0u);
}

TEST(ContentManager, BadSpriteFontFieldsComeThroughNamed)
{
    TempDir dir;
    dir.write("fonts/hud.spritefont", R"({"font": "DejaVuSans.ttf", "size": -3})");
    dir.write("fonts/ok.spritefont", R"({"font": "DejaVuSans.ttf", "size": 18})");
    ContentManager content(dir.path());
    const std::string message = errorOf([&] { content.load<SpriteFont>("fonts/hud"); });
    EXPECT_TRUE(contains(message, "content \"fonts/hud\"")) << message;
    EXPECT_TRUE(contains(message, "\"size\" must be a whole number of pixels")) << message;
    EXPECT_EQ(content.load<SpriteFont>("fonts/ok").characterSize(), 18u);
}

TEST(ContentManager, NamesThatEscapeTheRootAreRefused)
{
    TempDir dir;
    dir.writeImage("outside.png", 1, 1, sf::Color::Red);
    ContentManager content(dir.path() / "Content");
    std::filesystem::create_directories(content.rootDirectory());
    for (const std::string name :
         {"../outside", "/etc/passwd", "a/../../outside", "", "a//b", "./x", "sprites/"})
    {
        const std::string message = errorOf([&] { content.load<Texture2D>(name); });
        EXPECT_TRUE(contains(message, "content \"" + name + "\"")) << message;
        EXPECT_FALSE(contains(message, "no file")) << name << ": " << message;
    }
    EXPECT_EQ(content.loadedCount(), 0u);
}

// A headless game that loads a texture through content() and draws it with a SpriteBatch.
class ContentGame : public Game
{
public:
    explicit ContentGame(std::filesystem::path root) { content().setRootDirectory(std::move(root)); }

    std::size_t loadedAtEnd = 99;

protected:
    void loadContent() override
    {
        m_crate = &content().load<Texture2D>("crate");
        m_batch.emplace(graphicsDevice());
    }
    void draw(const GameTime& time) override
    {
        m_batch->begin(camera());
        m_batch->draw(
            *m_crate, {0.0f, 0.0f}, std::nullopt, kWhite, 0.0f,
            {static_cast<float>(m_crate->width()) / 2.0f, static_cast<float>(m_crate->height()) / 2.0f},
            {2.0f / static_cast<float>(m_crate->width()), 2.0f / static_cast<float>(m_crate->height())},
            SpriteEffects::None, 0.0f);
        m_batch->end();
        Game::draw(time);
    }
    void unloadContent() override
    {
        Game::unloadContent();
        loadedAtEnd = content().loadedCount();
    }

private:
    Texture2D* m_crate = nullptr;
    std::optional<SpriteBatch> m_batch;
};

TEST(GameContent, AGameLoadsAndDrawsThroughItsContentAndDevice)
{
    TempDir dir;
    dir.writeImage("Content/crate.png", 8, 8, sf::Color(255, 128, 0));
    ContentGame game(dir.path() / "Content");
    EXPECT_THROW(game.graphicsDevice(), std::logic_error);
    game.setHeadless(true);
    game.setFrameLimit(2);
    game.setWindowSize(200, 100);
    const auto shot = dir.path() / "shot.png";
    game.setScreenshotPath(shot.string());
    game.run();
    EXPECT_EQ(game.loadedAtEnd, 0u);
    sf::Image image;
    ASSERT_TRUE(image.loadFromFile(shot.string()));
    // A 2 x 2 m crate at the origin, 50 px per metre: 100 x 100 pixels around the centre.
    EXPECT_TRUE(pixelIs(image, 100, 50, sf::Color(255, 128, 0)));
    EXPECT_TRUE(pixelIs(image, 52, 2, sf::Color(255, 128, 0)));
    EXPECT_FALSE(colorNear(image.getPixel(47, 50), sf::Color(255, 128, 0)));
    EXPECT_THROW(game.graphicsDevice(), std::logic_error);
}

} // namespace
