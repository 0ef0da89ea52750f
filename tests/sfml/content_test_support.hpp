#pragma once
// Shared pieces of the content tests: a temporary directory that removes itself, image files
// written from the test, an off-screen canvas with a SpriteBatch, and pixel comparisons.

#include "oblique/sfml/graphics_device.hpp"
#include "oblique/sfml/sprite_batch.hpp"
#include "oblique/sfml/texture_2d.hpp"
#include "pixel_assertions.hpp"

#include <SFML/Graphics/Image.hpp>
#include <SFML/Graphics/RenderTexture.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace oblique::test
{

// A fresh directory under the system's temporary directory, removed with everything in it.
class TempDir
{
public:
    TempDir()
    {
        std::random_device random;
        m_path = std::filesystem::temp_directory_path() / ("oblique-content-" + std::to_string(random()));
        std::filesystem::create_directories(m_path);
    }
    ~TempDir()
    {
        std::error_code ec;
        std::filesystem::remove_all(m_path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const { return m_path; }

    // Writes `text` to a file under the directory (creating subdirectories) and returns its path.
    std::filesystem::path write(const std::string& name, const std::string& text) const
    {
        const std::filesystem::path file = m_path / name;
        std::filesystem::create_directories(file.parent_path());
        std::ofstream(file, std::ios::binary) << text;
        return file;
    }

    // Writes a width x height image of one colour (through sf::Image, so PNG, BMP, ... by extension).
    std::filesystem::path writeImage(const std::string& name, unsigned width, unsigned height,
                                     sf::Color color) const
    {
        const std::filesystem::path file = m_path / name;
        std::filesystem::create_directories(file.parent_path());
        sf::Image image;
        image.create(width, height, color);
        EXPECT_TRUE(image.saveToFile(file.string())) << file;
        return file;
    }

private:
    std::filesystem::path m_path;
};

// A render texture of this size, made once and shared by every canvas of that size, with its default
// view back. SFML 2.5 does not close every X connection a render texture opens, and an X server
// refuses clients after a few dozen, so tests reuse targets instead of making one each. They are
// never destroyed: SFML's own contexts may be gone by the time static objects are.
inline sf::RenderTexture& sharedTarget(unsigned width, unsigned height)
{
    static auto* targets = new std::map<std::pair<unsigned, unsigned>, std::unique_ptr<sf::RenderTexture>>();
    std::unique_ptr<sf::RenderTexture>& target = (*targets)[{width, height}];
    if (!target)
    {
        target = std::make_unique<sf::RenderTexture>();
        EXPECT_TRUE(target->create(width, height));
    }
    target->setView(target->getDefaultView());
    return *target;
}

// What a Canvas is cleared to unless told otherwise.
inline const sf::Color kCanvasBackground(10, 20, 30);

// An off-screen render target with a device and a batch over it, cleared to `background`.
class Canvas
{
public:
    explicit Canvas(unsigned width = 100, unsigned height = 100, sf::Color background = kCanvasBackground)
        : m_background(background), m_target(sharedTarget(width, height))
    {
        m_target.clear(background);
    }

    GraphicsDevice& device() { return m_device; }
    SpriteBatch& batch() { return m_batch; }
    sf::RenderTexture& target() { return m_target; }
    sf::Color background() const { return m_background; }

    // What has been drawn so far.
    sf::Image read()
    {
        m_target.display();
        return m_target.getTexture().copyToImage();
    }

private:
    sf::Color m_background;
    sf::RenderTexture& m_target;
    GraphicsDevice m_device{m_target};
    SpriteBatch m_batch{m_device};
};

// A texture of one colour everywhere except a 2 x 2 block of `marker` at its top-left corner.
inline Texture2D markedTexture(int width, int height, Color fill, Color marker)
{
    Texture2D texture(width, height);
    std::vector<Color> texels(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), fill);
    for (int y = 0; y < 2; ++y)
    {
        for (int x = 0; x < 2; ++x)
        {
            texels[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                   static_cast<std::size_t>(x)] = marker;
        }
    }
    texture.setData(texels);
    return texture;
}

// A texture of one colour.
inline Texture2D solidTexture(int width, int height, Color color)
{
    Texture2D texture(width, height);
    const std::vector<Color> texels(static_cast<std::size_t>(width) * static_cast<std::size_t>(height),
                                    color);
    texture.setData(texels);
    return texture;
}

inline constexpr Color kRed{1.0f, 0.0f, 0.0f, 1.0f};
inline constexpr Color kGreen{0.0f, 1.0f, 0.0f, 1.0f};
inline constexpr Color kBlue{0.0f, 0.0f, 1.0f, 1.0f};
inline constexpr Color kWhite{1.0f, 1.0f, 1.0f, 1.0f};

} // namespace oblique::test
