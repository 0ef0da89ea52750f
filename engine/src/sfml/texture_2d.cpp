// Texture2D on sf::Texture: loading with premultiplied alpha, blank textures, texel access.

#include "oblique/sfml/texture_2d.hpp"

#include "oblique/sfml/content_load_error.hpp"
#include "oblique/sfml/sfml_convert.hpp"
#include "sfml_error_capture.hpp"

#include <SFML/Graphics/Image.hpp>
#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <system_error>

namespace oblique
{

namespace
{

constexpr std::array<std::string_view, 9> kExtensions = {".png", ".jpg", ".jpeg", ".bmp", ".tga",
                                                         ".gif", ".psd", ".hdr",  ".pic"};

std::uint8_t premultiply(std::uint8_t channel, std::uint8_t alpha)
{
    // Rounded to nearest, so an opaque texel keeps its value and a transparent one becomes 0.
    return static_cast<std::uint8_t>((channel * alpha + 127) / 255);
}

void premultiplyAlpha(sf::Image& image)
{
    const sf::Vector2u size = image.getSize();
    for (unsigned y = 0; y < size.y; ++y)
    {
        for (unsigned x = 0; x < size.x; ++x)
        {
            sf::Color c = image.getPixel(x, y);
            c.r = premultiply(c.r, c.a);
            c.g = premultiply(c.g, c.a);
            c.b = premultiply(c.b, c.a);
            image.setPixel(x, y, c);
        }
    }
}

Color fromSfColor(sf::Color c)
{
    const auto unit = [](sf::Uint8 v) { return static_cast<float>(v) / 255.0f; };
    return {unit(c.r), unit(c.g), unit(c.b), unit(c.a)};
}

// SFML's own words when it gave a reason, else ours.
std::string reason(const detail::SfmlErrorCapture& errors, const std::string& fallback)
{
    std::string text = errors.text();
    return text.empty() ? fallback : text;
}

std::string sizeText(unsigned width, unsigned height)
{
    return std::to_string(width) + " x " + std::to_string(height);
}

std::vector<sf::Uint8> toBytes(std::span<const Color> data)
{
    std::vector<sf::Uint8> bytes;
    bytes.reserve(data.size() * 4);
    for (const Color& c : data)
    {
        const sf::Color b = toSfColor(c);
        bytes.insert(bytes.end(), {b.r, b.g, b.b, b.a});
    }
    return bytes;
}

} // namespace

Texture2D::Texture2D(std::unique_ptr<sf::Texture> texture) : m_texture(std::move(texture)) {}

Texture2D::~Texture2D() = default;

Texture2D::Texture2D(int width, int height) : m_texture(std::make_unique<sf::Texture>())
{
    const unsigned maximum = sf::Texture::getMaximumSize();
    if (width <= 0 || height <= 0 || static_cast<unsigned>(width) > maximum ||
        static_cast<unsigned>(height) > maximum)
    {
        throw std::invalid_argument("Texture2D: a texture must be 1 to " + std::to_string(maximum) +
                                    " texels on a side, not " + std::to_string(width) + " x " +
                                    std::to_string(height));
    }
    const auto w = static_cast<unsigned>(width);
    const auto h = static_cast<unsigned>(height);
    sf::Image blank;
    blank.create(w, h, sf::Color::Transparent);
    detail::SfmlErrorCapture errors;
    if (!m_texture->loadFromImage(blank))
    {
        throw std::runtime_error("Texture2D: cannot create a " + sizeText(w, h) +
                                 " texture: " + reason(errors, "the GPU refused it"));
    }
    m_texture->setSmooth(true);
}

Texture2D Texture2D::fromFile(const std::filesystem::path& path)
{
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
    {
        throw ContentLoadError("cannot load texture " + path.string() + ": no such file");
    }
    sf::Image image;
    auto texture = std::make_unique<sf::Texture>();
    {
        detail::SfmlErrorCapture errors;
        if (!image.loadFromFile(path.string()))
        {
            throw ContentLoadError("cannot load texture " + path.string() + ": " +
                                   reason(errors, "SFML could not read the image"));
        }
        premultiplyAlpha(image);
        if (!texture->loadFromImage(image))
        {
            throw ContentLoadError(
                "cannot load texture " + path.string() + ": " +
                reason(errors,
                       "the GPU refused a " + sizeText(image.getSize().x, image.getSize().y) + " texture"));
        }
    }
    texture->setSmooth(true);
    return Texture2D(std::move(texture));
}

std::span<const std::string_view> Texture2D::fileExtensions()
{
    return kExtensions;
}

int Texture2D::width() const
{
    return static_cast<int>(m_texture->getSize().x);
}

int Texture2D::height() const
{
    return static_cast<int>(m_texture->getSize().y);
}

void Texture2D::setData(std::span<const Color> data)
{
    setData(bounds(), data);
}

void Texture2D::setData(const Rectangle& rect, std::span<const Color> data)
{
    if (!contains(bounds(), rect))
    {
        throw std::invalid_argument("Texture2D::setData: the rectangle (" + std::to_string(rect.x) + ", " +
                                    std::to_string(rect.y) + ", " + std::to_string(rect.width) + ", " +
                                    std::to_string(rect.height) + ") is not inside the " +
                                    sizeText(m_texture->getSize().x, m_texture->getSize().y) + " texture");
    }
    const auto count = static_cast<std::size_t>(rect.width) * static_cast<std::size_t>(rect.height);
    if (data.size() != count)
    {
        throw std::invalid_argument("Texture2D::setData: " + std::to_string(data.size()) + " colours for " +
                                    std::to_string(count) + " texels");
    }
    const std::vector<sf::Uint8> bytes = toBytes(data);
    m_texture->update(bytes.data(), static_cast<unsigned>(rect.width), static_cast<unsigned>(rect.height),
                      static_cast<unsigned>(rect.x), static_cast<unsigned>(rect.y));
}

std::vector<Color> Texture2D::getData() const
{
    const sf::Image image = m_texture->copyToImage();
    const sf::Vector2u size = image.getSize();
    std::vector<Color> data;
    data.reserve(static_cast<std::size_t>(size.x) * size.y);
    for (unsigned y = 0; y < size.y; ++y)
    {
        for (unsigned x = 0; x < size.x; ++x)
        {
            data.push_back(fromSfColor(image.getPixel(x, y)));
        }
    }
    return data;
}

void Texture2D::setSmooth(bool smooth)
{
    m_texture->setSmooth(smooth);
}

bool Texture2D::isSmooth() const
{
    return m_texture->isSmooth();
}

} // namespace oblique
