// SpriteBatch drawn into a RenderTexture and read back pixel by pixel: placement, rotation, origin,
// flips, source rectangles, tints, world space through a Camera2D, sort modes, blend states, and
// misuse. Needs an X display (CTest runs it under xvfb-run when none is set).

#include "content_test_support.hpp"
#include "oblique/sfml/sfml_convert.hpp"
#include "oblique/sfml/sprite_batch.hpp"

#include <cmath>
#include <numbers>
#include <optional>
#include <stdexcept>

namespace
{

using namespace oblique;
using namespace oblique::test;

const sf::Color kSfRed(255, 0, 0);
const sf::Color kSfGreen(0, 255, 0);
const sf::Color kSfBlue(0, 0, 255);

// One sprite drawn with the full form of draw, in screen space, onto a fresh canvas.
struct Sprite
{
    Vec2 position;
    float rotation = 0.0f;
    Vec2 origin{0.0f, 0.0f};
    Vec2 scale{1.0f, 1.0f};
    SpriteEffects effects = SpriteEffects::None;
};

sf::Image drawSprite(const Texture2D& texture, const Sprite& sprite)
{
    Canvas canvas;
    canvas.batch().begin();
    canvas.batch().draw(texture, sprite.position, std::nullopt, kWhite, sprite.rotation, sprite.origin,
                        sprite.scale, sprite.effects, 0.0f);
    canvas.batch().end();
    return canvas.read();
}

// An 8 x 4 red texture with a green 2 x 2 mark at its top-left corner, sampled texel by texel.
Texture2D markedSprite()
{
    Texture2D texture = markedTexture(8, 4, kRed, kGreen);
    texture.setSmooth(false);
    return texture;
}

TEST(SpriteBatch, ASpriteCoversItsSizeFromItsPosition)
{
    const Texture2D texture = solidTexture(8, 4, kRed);
    Canvas canvas;
    canvas.batch().begin();
    canvas.batch().draw(texture, Vec2{10.0f, 20.0f}, kWhite);
    canvas.batch().end();
    const sf::Image image = canvas.read();
    expectPixels(image, {{10, 20, kSfRed},
                         {17, 23, kSfRed},
                         {9, 20, kCanvasBackground},
                         {18, 20, kCanvasBackground},
                         {10, 19, kCanvasBackground},
                         {10, 24, kCanvasBackground}});
}

TEST(SpriteBatch, RotationIsClockwiseOnScreenAboutThePosition)
{
    // A quarter turn clockwise: the 8 x 4 sprite now hangs down and to the left of (30, 30), its
    // top-left corner (the green mark) at (30, 30), its top edge running down.
    const sf::Image image = drawSprite(
        markedSprite(), {.position = {30.0f, 30.0f}, .rotation = std::numbers::pi_v<float> / 2.0f});
    expectPixels(image, {{29, 30, kSfGreen},
                         {28, 31, kSfGreen},
                         {26, 30, kSfRed},
                         {29, 37, kSfRed},
                         {25, 30, kCanvasBackground},
                         {30, 31, kCanvasBackground},
                         {29, 38, kCanvasBackground}});
}

TEST(SpriteBatch, TheOriginLandsOnThePosition)
{
    const sf::Image image =
        drawSprite(solidTexture(8, 4, kRed), {.position = {50.0f, 50.0f}, .origin = {4.0f, 2.0f}});
    expectPixels(image, {{46, 48, kSfRed},
                         {53, 51, kSfRed},
                         {45, 48, kCanvasBackground},
                         {54, 51, kCanvasBackground},
                         {46, 47, kCanvasBackground},
                         {46, 52, kCanvasBackground}});
}

TEST(SpriteBatch, ScaleStretchesFromTheOrigin)
{
    const sf::Image image =
        drawSprite(solidTexture(4, 4, kRed), {.position = {10.0f, 10.0f}, .scale = {3.0f, 2.0f}});
    expectPixels(image, {{21, 17, kSfRed}, {22, 10, kCanvasBackground}, {10, 18, kCanvasBackground}});
}

TEST(SpriteBatch, FlipsMirrorTheImageInPlace)
{
    // Where the green mark of the 8 x 4 sprite drawn at (20, 20) ends up under each flip.
    const Texture2D texture = markedSprite();
    const auto flipped = [&](SpriteEffects effects) {
        return drawSprite(texture, {.position = {20.0f, 20.0f}, .effects = effects});
    };
    const sf::Image none = flipped(SpriteEffects::None);
    expectPixels(none, {{20, 20, kSfGreen}, {27, 20, kSfRed}});
    const sf::Image horizontal = flipped(SpriteEffects::FlipHorizontally);
    expectPixels(horizontal,
                 {{27, 20, kSfGreen}, {20, 20, kSfRed}, {27, 23, kSfRed}, {28, 20, kCanvasBackground}});
    const sf::Image vertical = flipped(SpriteEffects::FlipVertically);
    expectPixels(vertical, {{20, 23, kSfGreen}, {20, 20, kSfRed}});
    const sf::Image both = flipped(SpriteEffects::FlipHorizontally | SpriteEffects::FlipVertically);
    expectPixels(both, {{27, 23, kSfGreen}, {20, 20, kSfRed}});
}

TEST(SpriteBatch, ASourceRectangleDrawsThatPartOnly)
{
    Canvas canvas;
    Texture2D sheet(8, 4);
    std::vector<Color> texels(32, kRed);
    for (int y = 0; y < 4; ++y)
    {
        for (int x = 4; x < 8; ++x)
        {
            texels[static_cast<std::size_t>(y) * 8 + static_cast<std::size_t>(x)] = kBlue;
        }
    }
    sheet.setData(texels);
    canvas.batch().begin();
    canvas.batch().draw(sheet, Vec2{10.0f, 10.0f}, Rectangle{4, 0, 4, 4}, kWhite);
    // The same frame stretched over a destination rectangle.
    canvas.batch().draw(sheet, Rectangle{40, 40, 20, 10}, Rectangle{0, 0, 4, 4}, kWhite);
    canvas.batch().end();
    const sf::Image image = canvas.read();
    expectPixels(image,
                 {{10, 10, kSfBlue}, {13, 13, kSfBlue}, {14, 10, canvas.background()}, {40, 40, kSfRed}});
    EXPECT_TRUE(pixelIs(image, 56, 49, kSfRed)); // linear filtering blends the edge texel with its neighbour
    expectPixels(image, {{60, 45, canvas.background()}, {45, 50, canvas.background()}});
}

TEST(SpriteBatch, TheColourTintsEveryTexel)
{
    Canvas canvas;
    const Texture2D texture = solidTexture(4, 4, kWhite);
    canvas.batch().begin();
    canvas.batch().draw(texture, Vec2{10.0f, 10.0f}, {0.5f, 1.0f, 0.25f, 1.0f});
    canvas.batch().end();
    EXPECT_TRUE(pixelIs(canvas.read(), 11, 11, sf::Color(128, 255, 64)));
}

// World space: a 3 x 1.5 m box body at (1, 0.5) turned 0.3 rad, seen at 20 px per metre.
TEST(SpriteBatch, InWorldSpaceASpriteAtABodysPoseCoversTheBox)
{
    Canvas canvas(200, 200);
    const Camera2D camera({0.0f, 0.0f}, 20.0f, {200.0f, 200.0f});
    // Top half green, bottom half red: the image must stay upright (top toward +y).
    Texture2D texture(16, 8);
    std::vector<Color> texels(128, kRed);
    std::fill(texels.begin(), texels.begin() + 64, kGreen);
    texture.setData(texels);
    texture.setSmooth(false);
    const Vec2 bodyPosition{1.0f, 0.5f};
    const float bodyAngle = 0.3f;
    const Vec2 halfExtents{1.5f, 0.75f};

    canvas.batch().begin(camera);
    canvas.batch().draw(texture, bodyPosition, std::nullopt, kWhite, bodyAngle, {8.0f, 4.0f},
                        {2.0f * halfExtents.x / 16.0f, 2.0f * halfExtents.y / 8.0f}, SpriteEffects::None,
                        0.0f);
    canvas.batch().end();
    const sf::Image image = canvas.read();

    const float c = std::cos(bodyAngle);
    const float s = std::sin(bodyAngle);
    int inside = 0;
    int outside = 0;
    for (int y = 0; y < 200; ++y)
    {
        for (int x = 0; x < 200; ++x)
        {
            const Vec2 world =
                camera.screenToWorld({static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f});
            // The pixel centre in the body's frame.
            const float dx = world.x - bodyPosition.x;
            const float dy = world.y - bodyPosition.y;
            const float lx = c * dx + s * dy;
            const float ly = -s * dx + c * dy;
            const float margin = 1.5f / 20.0f; // pixels on the edge go either way
            const sf::Color got = image.getPixel(static_cast<unsigned>(x), static_cast<unsigned>(y));
            if (std::abs(lx) < halfExtents.x - margin && std::abs(ly) < halfExtents.y - margin &&
                std::abs(ly) > margin)
            {
                ++inside;
                ASSERT_TRUE(colorNear(got, ly > 0.0f ? kSfGreen : kSfRed)) << "pixel " << x << ", " << y;
            }
            else if (std::abs(lx) > halfExtents.x + margin || std::abs(ly) > halfExtents.y + margin)
            {
                ++outside;
                ASSERT_TRUE(colorNear(got, canvas.background())) << "pixel " << x << ", " << y;
            }
        }
    }
    EXPECT_GT(inside, 1200); // the box is 60 x 30 pixels
    EXPECT_GT(outside, 30000);
}

TEST(SpriteBatch, WorldSpaceRefusesDestinationRectangles)
{
    Canvas canvas;
    const Texture2D texture = solidTexture(4, 4, kRed);
    canvas.batch().begin(Camera2D({0.0f, 0.0f}, 20.0f, {100.0f, 100.0f}));
    EXPECT_THROW(canvas.batch().draw(texture, Rectangle{0, 0, 4, 4}, kWhite), std::logic_error);
    EXPECT_EQ(canvas.batch().pendingCount(), 0u);
    canvas.batch().end();
}

// Two overlapping 10 x 10 sprites, red drawn first at depth `redDepth`, then blue at `blueDepth`:
// the colour left on top.
sf::Color topColour(SpriteSortMode mode, float redDepth, float blueDepth)
{
    Canvas canvas;
    const Texture2D red = solidTexture(10, 10, kRed);
    const Texture2D blue = solidTexture(10, 10, kBlue);
    canvas.batch().begin(mode);
    canvas.batch().draw(red, Vec2{20.0f, 20.0f}, std::nullopt, kWhite, 0.0f, {}, 1.0f, SpriteEffects::None,
                        redDepth);
    canvas.batch().draw(blue, Vec2{20.0f, 20.0f}, std::nullopt, kWhite, 0.0f, {}, 1.0f, SpriteEffects::None,
                        blueDepth);
    canvas.batch().end();
    return canvas.read().getPixel(25, 25);
}

TEST(SpriteBatch, SortModesDecideWhichSpriteShows)
{
    // Deferred and Immediate: call order, depth ignored.
    EXPECT_TRUE(colorNear(topColour(SpriteSortMode::Deferred, 0.0f, 1.0f), kSfBlue));
    EXPECT_TRUE(colorNear(topColour(SpriteSortMode::Immediate, 0.0f, 1.0f), kSfBlue));
    // BackToFront: the larger depth is drawn first, behind.
    EXPECT_TRUE(colorNear(topColour(SpriteSortMode::BackToFront, 0.2f, 0.8f), kSfRed));
    EXPECT_TRUE(colorNear(topColour(SpriteSortMode::BackToFront, 0.8f, 0.2f), kSfBlue));
    // FrontToBack: the smaller depth is drawn first.
    EXPECT_TRUE(colorNear(topColour(SpriteSortMode::FrontToBack, 0.8f, 0.2f), kSfRed));
    EXPECT_TRUE(colorNear(topColour(SpriteSortMode::FrontToBack, 0.2f, 0.8f), kSfBlue));
    // Ties keep call order.
    EXPECT_TRUE(colorNear(topColour(SpriteSortMode::BackToFront, 0.5f, 0.5f), kSfBlue));
    EXPECT_TRUE(colorNear(topColour(SpriteSortMode::FrontToBack, 0.5f, 0.5f), kSfBlue));
}

TEST(SpriteBatch, TextureModeGroupsByTextureKeepingCallOrderWithinOne)
{
    Canvas canvas;
    const Texture2D red = solidTexture(10, 10, kRed);
    const Texture2D blue = solidTexture(10, 10, kBlue);
    const Texture2D green = solidTexture(10, 10, kGreen);
    canvas.batch().begin(SpriteSortMode::Texture);
    canvas.batch().draw(red, Vec2{20.0f, 20.0f}, kWhite);
    canvas.batch().draw(blue, Vec2{60.0f, 60.0f}, kWhite);
    canvas.batch().draw(green, Vec2{20.0f, 20.0f}, kWhite);
    canvas.batch().draw(blue, Vec2{20.0f, 60.0f}, kWhite);
    canvas.batch().draw(red, Vec2{20.0f, 60.0f}, kWhite);
    canvas.batch().end();
    EXPECT_EQ(canvas.batch().drawCallCount(), 3u);
    const sf::Image image = canvas.read();
    // Red and green overlap at (20, 20): whichever texture comes later in the sort shows there.
    const sf::Color at20 = image.getPixel(25, 25);
    EXPECT_TRUE(colorNear(at20, kSfRed) || colorNear(at20, kSfGreen));
    EXPECT_TRUE(pixelIs(image, 65, 65, kSfBlue));
}

TEST(SpriteBatch, OneDrawCallPerRunOfTheSameTexture)
{
    Canvas canvas;
    const Texture2D a = solidTexture(2, 2, kRed);
    const Texture2D b = solidTexture(2, 2, kBlue);
    canvas.batch().begin();
    for (int i = 0; i < 100; ++i)
    {
        canvas.batch().draw(a, Vec2{static_cast<float>(i % 50), 10.0f}, kWhite);
    }
    canvas.batch().end();
    EXPECT_EQ(canvas.batch().drawCallCount(), 1u);

    canvas.batch().begin();
    for (int i = 0; i < 100; ++i)
    {
        canvas.batch().draw(i % 2 == 0 ? a : b, Vec2{static_cast<float>(i % 50), 10.0f}, kWhite);
    }
    canvas.batch().end();
    EXPECT_EQ(canvas.batch().drawCallCount(), 100u);

    canvas.batch().begin(SpriteSortMode::Texture);
    for (int i = 0; i < 100; ++i)
    {
        canvas.batch().draw(i % 2 == 0 ? a : b, Vec2{static_cast<float>(i % 50), 10.0f}, kWhite);
    }
    canvas.batch().end();
    EXPECT_EQ(canvas.batch().drawCallCount(), 2u);
}

TEST(SpriteBatch, ImmediateDrawsAtOnceDeferredAtEnd)
{
    const Texture2D texture = solidTexture(4, 4, kRed);
    {
        Canvas canvas;
        canvas.batch().begin(SpriteSortMode::Immediate);
        canvas.batch().draw(texture, Vec2{10.0f, 10.0f}, kWhite);
        EXPECT_EQ(canvas.batch().pendingCount(), 0u);
        EXPECT_TRUE(pixelIs(canvas.read(), 11, 11, kSfRed));
        canvas.batch().end();
    }
    {
        Canvas canvas;
        canvas.batch().begin(SpriteSortMode::Deferred);
        canvas.batch().draw(texture, Vec2{10.0f, 10.0f}, kWhite);
        EXPECT_EQ(canvas.batch().pendingCount(), 1u);
        EXPECT_TRUE(pixelIs(canvas.read(), 11, 11, canvas.background()));
        canvas.batch().end();
        EXPECT_TRUE(pixelIs(canvas.read(), 11, 11, kSfRed));
    }
}

// A half-transparent red texel (given as stored) over a grey background under each blend state.
sf::Color blended(BlendState blend, Color texel)
{
    Canvas canvas(20, 20, sf::Color(51, 51, 51));
    const Texture2D texture = solidTexture(4, 4, texel);
    canvas.batch().begin(SpriteSortMode::Deferred, blend);
    canvas.batch().draw(texture, Vec2{5.0f, 5.0f}, kWhite);
    canvas.batch().end();
    return canvas.read().getPixel(6, 6);
}

TEST(SpriteBatch, BlendStatesCombineAsMonoGamesDo)
{
    const Color premultiplied{0.5f, 0.0f, 0.0f, 0.5f};
    const Color straight{1.0f, 0.0f, 0.0f, 0.5f};
    // AlphaBlend: source + destination * (1 - alpha) = 0.5 + 0.2 * 0.5.
    EXPECT_TRUE(colorNear(blended(BlendState::AlphaBlend, premultiplied), sf::Color(153, 26, 26)));
    // NonPremultiplied: source * alpha + destination * (1 - alpha): the same colour from straight texels.
    EXPECT_TRUE(colorNear(blended(BlendState::NonPremultiplied, straight), sf::Color(153, 26, 26)));
    // Additive: source * alpha + destination.
    EXPECT_TRUE(colorNear(blended(BlendState::Additive, straight), sf::Color(179, 51, 51)));
    // Opaque: the source alone.
    EXPECT_TRUE(colorNear(blended(BlendState::Opaque, straight), sf::Color(255, 0, 0)));
}

TEST(SpriteBatch, APngDrawsCorrectlyUnderAlphaBlendBecauseLoadingPremultiplies)
{
    TempDir dir;
    const auto file = dir.writeImage("half.png", 4, 4, sf::Color(255, 0, 0, 128));
    const Texture2D texture = Texture2D::fromFile(file);
    Canvas canvas(20, 20, sf::Color(51, 51, 51));
    canvas.batch().begin();
    canvas.batch().draw(texture, Vec2{5.0f, 5.0f}, kWhite);
    canvas.batch().end();
    // 128 + 51 * (1 - 128/255)
    EXPECT_TRUE(pixelIs(canvas.read(), 6, 6, sf::Color(153, 25, 25)));
}

TEST(SpriteBatch, AHalfTransparentTintFadesAPremultipliedSprite)
{
    Canvas canvas(20, 20, sf::Color(51, 51, 51));
    const Texture2D texture = solidTexture(4, 4, kRed);
    canvas.batch().begin();
    canvas.batch().draw(texture, Vec2{5.0f, 5.0f}, {0.5f, 0.5f, 0.5f, 0.5f});
    canvas.batch().end();
    EXPECT_TRUE(pixelIs(canvas.read(), 6, 6, sf::Color(153, 26, 26)));
}

TEST(SpriteBatch, TheTransformMatrixMovesEverything)
{
    Canvas canvas;
    const Texture2D texture = solidTexture(4, 4, kRed);
    sf::Transform scroll;
    scroll.translate(30.0f, 40.0f);
    canvas.batch().begin(SpriteSortMode::Deferred, BlendState::AlphaBlend, scroll);
    canvas.batch().draw(texture, Vec2{10.0f, 10.0f}, kWhite);
    canvas.batch().end();
    const sf::Image image = canvas.read();
    expectPixels(image, {{41, 51, kSfRed}, {11, 11, canvas.background()}});
}

TEST(SpriteBatch, ScreenSpaceIsTheDevicesViewport)
{
    Canvas canvas;
    canvas.device().setViewport({50, 50, 50, 50});
    const Texture2D texture = solidTexture(4, 4, kRed);
    canvas.batch().begin();
    canvas.batch().draw(texture, Vec2{0.0f, 0.0f}, kWhite);
    canvas.batch().draw(texture, Vec2{-2.0f, 10.0f}, kWhite); // half outside the viewport: clipped
    canvas.batch().end();
    const sf::Image image = canvas.read();
    expectPixels(
        image,
        {{50, 50, kSfRed}, {1, 1, canvas.background()}, {50, 61, kSfRed}, {49, 61, canvas.background()}});
}

TEST(SpriteBatch, MisuseIsALogicError)
{
    Canvas canvas;
    const Texture2D texture = solidTexture(4, 4, kRed);
    SpriteBatch& batch = canvas.batch();
    EXPECT_THROW(batch.draw(texture, Vec2{0.0f, 0.0f}, kWhite), std::logic_error);
    EXPECT_THROW(batch.end(), std::logic_error);
    batch.begin();
    try
    {
        batch.begin();
        ADD_FAILURE() << "begin twice did not throw";
    }
    catch (const std::logic_error& e)
    {
        EXPECT_NE(std::string(e.what()).find("end()"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(batch.isBegun());
    batch.end();
    EXPECT_FALSE(batch.isBegun());
}

TEST(SpriteBatch, BadArgumentsAreRefusedAndBatchNothing)
{
    Canvas canvas;
    const Texture2D texture = solidTexture(4, 4, kRed);
    SpriteBatch& batch = canvas.batch();
    batch.begin();
    const float nan = std::nanf("");
    const float inf = std::numeric_limits<float>::infinity();
    EXPECT_THROW(batch.draw(texture, Vec2{nan, 0.0f}, kWhite), std::invalid_argument);
    EXPECT_THROW(
        batch.draw(texture, Vec2{0.0f, 0.0f}, std::nullopt, kWhite, inf, {}, 1.0f, SpriteEffects::None, 0.0f),
        std::invalid_argument);
    EXPECT_THROW(
        batch.draw(texture, Vec2{0.0f, 0.0f}, std::nullopt, kWhite, 0.0f, {}, nan, SpriteEffects::None, 0.0f),
        std::invalid_argument);
    EXPECT_THROW(
        batch.draw(texture, Vec2{0.0f, 0.0f}, std::nullopt, kWhite, 0.0f, {}, 1.0f, SpriteEffects::None, nan),
        std::invalid_argument);
    try
    {
        batch.draw(texture, Vec2{0.0f, 0.0f}, Rectangle{2, 2, 4, 4}, kWhite);
        ADD_FAILURE() << "a source rectangle outside the texture was accepted";
    }
    catch (const std::invalid_argument& e)
    {
        EXPECT_NE(std::string(e.what()).find("source rectangle (2, 2, 4, 4)"), std::string::npos) << e.what();
    }
    EXPECT_EQ(batch.pendingCount(), 0u);
    batch.end();
    EXPECT_TRUE(pixelIs(canvas.read(), 1, 1, canvas.background()));
}

} // namespace
