// Sprites on bodies: fitted to shapes and compound bodies, drawn at a body's pose (turned with it,
// tiled along their width), and the component that draws them at interpolated poses in a game.

#include "content_test_support.hpp"
#include "oblique/sfml/body_sprite.hpp"
#include "oblique/sfml/body_sprite_renderer.hpp"
#include "oblique/sfml/game.hpp"
#include "oblique/sfml/world_stepper.hpp"
#include "oblique/world.hpp"

#include <SFML/Graphics/Image.hpp>
#include <algorithm>
#include <gtest/gtest.h>
#include <numbers>
#include <stdexcept>

namespace
{

using oblique::BodyId;
using oblique::BodySprite;
using oblique::Camera2D;
using oblique::Color;
using oblique::Texture2D;
using oblique::Vec2;
using oblique::test::Canvas;
using oblique::test::pixelIs;

const Color kRed{1.0f, 0.0f, 0.0f, 1.0f};
const Color kBlue{0.0f, 0.0f, 1.0f, 1.0f};
constexpr float kZoom = 40.0f; // pixels per metre

// The camera of a 200 x 200 canvas with the world origin at its centre.
Camera2D canvasCamera()
{
    return Camera2D({0.0f, 0.0f}, kZoom, {200.0f, 200.0f});
}

// The pixel a world point lands on.
sf::Vector2i pixelOf(Vec2 world)
{
    const Vec2 screen = canvasCamera().worldToScreen(world);
    return {static_cast<int>(screen.x), static_cast<int>(screen.y)};
}

::testing::AssertionResult worldPixelIs(const sf::Image& image, Vec2 world, sf::Color expected)
{
    const sf::Vector2i p = pixelOf(world);
    return pixelIs(image, p.x, p.y, expected);
}

TEST(BodySprite, FitsBoxesCirclesAndCompoundBodies)
{
    const Texture2D texture = oblique::test::solidTexture(4, 4, kRed);
    const BodySprite box =
        oblique::spriteForShape(oblique::boxShape({1.0f, 0.25f}, {0.5f, 0.0f}, 0.3f), texture);
    EXPECT_EQ(box.size, (Vec2{2.0f, 0.5f}));
    EXPECT_EQ(box.offset, (Vec2{0.5f, 0.0f}));
    EXPECT_FLOAT_EQ(box.angle, 0.3f);
    const BodySprite ball = oblique::spriteForShape(oblique::circleShape(0.75f), texture);
    EXPECT_EQ(ball.size, (Vec2{1.5f, 1.5f}));

    // A hammer: a handle along x and a head across its right end.
    oblique::World world;
    const BodyId hammer = world.createBody(oblique::BodyDef{}, oblique::boxShape({1.0f, 0.1f}));
    world.createShape(hammer, oblique::boxShape({0.2f, 0.5f}, {1.2f, 0.0f}));
    const BodySprite whole = oblique::spriteForBody(world, hammer, texture);
    EXPECT_NEAR(whole.size.x, 2.4f, 1e-6f);
    EXPECT_NEAR(whole.size.y, 1.0f, 1e-6f);
    EXPECT_NEAR(whole.offset.x, 0.2f, 1e-6f);
    EXPECT_NEAR(whole.offset.y, 0.0f, 1e-6f);

    const BodyId bare = world.createBody(oblique::BodyDef{});
    EXPECT_THROW(oblique::spriteForBody(world, bare, texture), std::invalid_argument);
    world.destroyBody(hammer);
    EXPECT_THROW(oblique::spriteForBody(world, hammer, texture), std::invalid_argument);
}

TEST(BodySprite, CoversTheTurnedBoxItWasFittedTo)
{
    Canvas canvas(200, 200, sf::Color::Black);
    const Texture2D texture = oblique::test::solidTexture(8, 8, kRed);
    const oblique::ShapeDef shape = oblique::boxShape({1.0f, 0.5f});
    const oblique::Transform pose{{0.5f, 0.25f}, oblique::makeRot(std::numbers::pi_v<float> / 6.0f)};
    canvas.batch().begin(canvasCamera());
    oblique::drawBodySprite(canvas.batch(), oblique::spriteForShape(shape, texture), pose);
    canvas.batch().end();
    const sf::Image image = canvas.read();

    // Inside the box near each corner (in its own frame), and just outside each side.
    for (const Vec2 local :
         {Vec2{0.85f, 0.38f}, Vec2{-0.85f, 0.38f}, Vec2{0.85f, -0.38f}, Vec2{-0.85f, -0.38f}})
    {
        EXPECT_TRUE(worldPixelIs(image, oblique::transformPoint(pose, local), sf::Color::Red))
            << local.x << ", " << local.y;
    }
    for (const Vec2 local : {Vec2{1.15f, 0.0f}, Vec2{-1.15f, 0.0f}, Vec2{0.0f, 0.65f}, Vec2{0.0f, -0.65f}})
    {
        EXPECT_TRUE(worldPixelIs(image, oblique::transformPoint(pose, local), sf::Color::Black))
            << local.x << ", " << local.y;
    }
}

TEST(BodySprite, TilesAlongItsWidthInsteadOfStretching)
{
    Canvas canvas(200, 200, sf::Color::Black);
    // Left half red, right half blue.
    Texture2D texture(8, 2);
    std::vector<Color> texels(16, kRed);
    for (int y = 0; y < 2; ++y)
    {
        for (int x = 4; x < 8; ++x)
        {
            texels[static_cast<std::size_t>(y * 8 + x)] = kBlue;
        }
    }
    texture.setData(texels);
    BodySprite floor = oblique::spriteForShape(oblique::boxShape({1.75f, 0.25f}), texture);
    floor.tileWidth = 1.0f; // 3.5 m: three whole copies and half of one
    canvas.batch().begin(canvasCamera());
    oblique::drawBodySprite(canvas.batch(), floor, oblique::Transform{{0.0f, 0.0f}, oblique::Rot{}});
    canvas.batch().end();
    const sf::Image image = canvas.read();
    for (int copy = 0; copy < 3; ++copy)
    {
        const float left = -1.75f + static_cast<float>(copy);
        EXPECT_TRUE(worldPixelIs(image, {left + 0.25f, 0.0f}, sf::Color::Red)) << "copy " << copy;
        EXPECT_TRUE(worldPixelIs(image, {left + 0.75f, 0.0f}, sf::Color::Blue)) << "copy " << copy;
    }
    // The cut copy shows only its red half, and nothing is drawn past the floor's end.
    EXPECT_TRUE(worldPixelIs(image, {1.5f, 0.0f}, sf::Color::Red));
    EXPECT_TRUE(worldPixelIs(image, {1.9f, 0.0f}, sf::Color::Black));
}

TEST(BodySprite, TilesDownItsHeightFromTheTop)
{
    Canvas canvas(200, 200, sf::Color::Black);
    // Top half red, bottom half blue.
    Texture2D texture(2, 8);
    std::vector<Color> texels(16, kRed);
    std::fill(texels.begin() + 8, texels.end(), kBlue);
    texture.setData(texels);
    BodySprite wall = oblique::spriteForShape(oblique::boxShape({0.25f, 1.75f}), texture);
    wall.tileHeight = 1.0f; // 3.5 m: three whole copies from the top and the top half of one
    canvas.batch().begin(canvasCamera());
    oblique::drawBodySprite(canvas.batch(), wall, oblique::Transform{{0.0f, 0.0f}, oblique::Rot{}});
    canvas.batch().end();
    const sf::Image image = canvas.read();
    for (int copy = 0; copy < 3; ++copy)
    {
        const float top = 1.75f - static_cast<float>(copy);
        EXPECT_TRUE(worldPixelIs(image, {0.0f, top - 0.25f}, sf::Color::Red)) << "copy " << copy;
        EXPECT_TRUE(worldPixelIs(image, {0.0f, top - 0.75f}, sf::Color::Blue)) << "copy " << copy;
    }
    EXPECT_TRUE(worldPixelIs(image, {0.0f, -1.5f}, sf::Color::Red));
    EXPECT_TRUE(worldPixelIs(image, {0.0f, -1.9f}, sf::Color::Black));

    // Too many copies is refused, by the renderer and by drawBodySprite alike.
    wall.tileWidth = 1e-3f;
    wall.tileHeight = 1e-3f;
    EXPECT_THROW(oblique::checkBodySprite(wall), std::invalid_argument);
    canvas.batch().begin(canvasCamera());
    EXPECT_THROW(oblique::drawBodySprite(canvas.batch(), wall, oblique::Transform{}), std::invalid_argument);
    EXPECT_EQ(canvas.batch().pendingCount(), 0u);
    canvas.batch().end();
}

// A game with one gliding box and a sprite on it, run headless; draw() records where the sprite's
// centre column of red pixels is.
class SpriteGame : public oblique::Game
{
public:
    BodyId box;
    oblique::BodySpriteRenderer* sprites = nullptr;
    std::vector<float> redCentres; // screen x of the red run on the middle row, per frame

protected:
    void loadContent() override
    {
        oblique::WorldDef def;
        def.gravity = {0.0f, 0.0f};
        m_world = oblique::World(def);
        oblique::BodyDef body;
        body.position = {-2.0f, 0.0f};
        body.linearVelocity = {3.0f, 0.0f};
        box = m_world.createBody(body, oblique::boxShape({0.5f, 0.5f}));
        m_texture.emplace(oblique::test::solidTexture(4, 4, kRed));
        auto& stepper = addComponent<oblique::WorldStepper>(m_world);
        sprites = &addComponent<oblique::BodySpriteRenderer>(stepper);
        sprites->attach(box, *m_texture);
        camera().setCenter({0.0f, 0.0f});
        camera().setZoom(kZoom);
        Game::loadContent();
    }
    void draw(const oblique::GameTime& time) override
    {
        Game::draw(time);
        const auto* texture = dynamic_cast<sf::RenderTexture*>(&renderTarget());
        ASSERT_NE(texture, nullptr);
        const sf::Image image = texture->getTexture().copyToImage();
        const unsigned row = image.getSize().y / 2;
        float sum = 0.0f;
        int count = 0;
        for (unsigned x = 0; x < image.getSize().x; ++x)
        {
            if (image.getPixel(x, row).r > 200 && image.getPixel(x, row).b < 50)
            {
                sum += static_cast<float>(x);
                ++count;
            }
        }
        redCentres.push_back(count > 0 ? sum / static_cast<float>(count) : -1.0f);
    }

private:
    oblique::World m_world;
    std::optional<Texture2D> m_texture;
};

TEST(BodySpriteRenderer, DrawsTheSpriteWhereTheBodyIsFrameAfterFrame)
{
    SpriteGame game;
    game.setHeadless(true);
    game.setWindowSize(320, 120);
    game.setFrameLimit(30);
    game.run();
    ASSERT_EQ(game.redCentres.size(), 30u);
    // Headless, each frame is one 60 Hz update: the sprite moves 3 m/s * 1/60 s = 2 px a frame.
    for (std::size_t i = 5; i < game.redCentres.size(); ++i)
    {
        EXPECT_NEAR(game.redCentres[i] - game.redCentres[i - 1], 2.0f, 0.6f) << "frame " << i;
    }
}

TEST(BodySpriteRenderer, RefusesBadSprites)
{
    oblique::Game game;
    oblique::World world;
    oblique::WorldStepper stepper(game, world);
    oblique::BodySpriteRenderer renderer(game, stepper);
    const Texture2D texture = oblique::test::solidTexture(4, 4, kRed);
    const BodyId body = world.createBody(oblique::BodyDef{}, oblique::boxShape({0.5f, 0.5f}));
    BodySprite sprite = oblique::spriteForShape(world.shape(body), texture);
    EXPECT_NO_THROW(renderer.attach(body, sprite));

    BodySprite bad = sprite;
    bad.texture = nullptr;
    EXPECT_THROW(renderer.attach(body, bad), std::invalid_argument);
    bad = sprite;
    bad.size = {0.0f, 1.0f};
    EXPECT_THROW(renderer.attach(body, bad), std::invalid_argument);
    bad = sprite;
    bad.tileWidth = 1e-6f;
    EXPECT_THROW(renderer.attach(body, bad), std::invalid_argument);
    bad = sprite;
    bad.layerDepth = 2.0f;
    EXPECT_THROW(renderer.attach(body, bad), std::invalid_argument);
    EXPECT_EQ(renderer.spriteCount(), 1);

    EXPECT_EQ(renderer.detach(body), 1);
    world.destroyBody(body);
    EXPECT_THROW(renderer.attach(body, sprite), std::invalid_argument);
    EXPECT_EQ(renderer.spriteCount(), 0);
}

} // namespace
