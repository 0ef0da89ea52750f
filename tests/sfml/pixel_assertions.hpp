#pragma once
// Pixel comparisons for rendering tests: colours within a few levels, and a pixel checked with its
// position in the failure message.

#include <SFML/Graphics/Color.hpp>
#include <SFML/Graphics/Image.hpp>
#include <cstdlib>
#include <gtest/gtest.h>
#include <initializer_list>

namespace oblique::test
{

// Within a few levels per channel: rasterisers round blending differently.
inline ::testing::AssertionResult colorNear(sf::Color actual, sf::Color expected, int tolerance = 3)
{
    const auto close = [&](sf::Uint8 a, sf::Uint8 b) { return std::abs(int(a) - int(b)) <= tolerance; };
    if (close(actual.r, expected.r) && close(actual.g, expected.g) && close(actual.b, expected.b))
    {
        return ::testing::AssertionSuccess();
    }
    return ::testing::AssertionFailure()
           << "got (" << int(actual.r) << ", " << int(actual.g) << ", " << int(actual.b) << "), expected ("
           << int(expected.r) << ", " << int(expected.g) << ", " << int(expected.b) << ")";
}

// The colour at pixel (x, y), checked against the expected one, saying where.
inline ::testing::AssertionResult pixelIs(const sf::Image& image, int x, int y, sf::Color expected)
{
    const ::testing::AssertionResult near =
        colorNear(image.getPixel(static_cast<unsigned>(x), static_cast<unsigned>(y)), expected);
    if (!near)
    {
        return ::testing::AssertionFailure() << "pixel (" << x << ", " << y << "): " << near.message();
    }
    return near;
}

// A pixel and the colour it should have.
struct ExpectedPixel
{
    int x;
    int y;
    sf::Color color;
};

// Checks each pixel of the list; a failure names the pixel.
inline void expectPixels(const sf::Image& image, std::initializer_list<ExpectedPixel> pixels)
{
    for (const ExpectedPixel& p : pixels)
    {
        EXPECT_TRUE(pixelIs(image, p.x, p.y, p.color));
    }
}

} // namespace oblique::test
