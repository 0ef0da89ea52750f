#pragma once
/// Texture2D: an image on the GPU that SpriteBatch draws (MonoGame's Texture2D), loaded from a file
/// or filled from colours.

#include "oblique/debug_draw.hpp"
#include "oblique/sfml/rectangle.hpp"

#include <SFML/Graphics/Texture.hpp>
#include <filesystem>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

namespace oblique
{

/// A 2D texture.
///
/// Colours are premultiplied by alpha, as MonoGame's content pipeline stores them: fromFile turns
/// each texel (r, g, b, a) of the file into (r*a, g*a, b*a, a), which is what SpriteBatch's default
/// BlendState::AlphaBlend expects. setData stores the colours as given, as MonoGame's SetData does:
/// give it premultiplied colours for AlphaBlend, straight ones for BlendState::NonPremultiplied.
///
/// Textures are sampled with linear filtering (MonoGame's default SamplerState.LinearClamp);
/// setSmooth(false) gives nearest-texel sampling for pixel art.
///
/// Moveable, not copyable: a Texture2D owns its GPU texture, moves are cheap and leave the GPU
/// texture where it was (a SpriteBatch that has a draw batched keeps pointing at it).
///
/// \code
/// oblique::Texture2D crate = oblique::Texture2D::fromFile("Content/crate.png");
/// oblique::Texture2D pixel(1, 1);
/// const oblique::Color white[] = {{1.0f, 1.0f, 1.0f, 1.0f}};
/// pixel.setData(white);
/// \endcode
class Texture2D
{
public:
    /// A blank texture of width x height texels, all transparent black (0, 0, 0, 0). Throws
    /// std::invalid_argument when a size is not positive or larger than the GPU allows, and
    /// std::runtime_error when the texture cannot be created.
    Texture2D(int width, int height);
    /// Moves the GPU texture; the moved-from object may only be destroyed or assigned to.
    Texture2D(Texture2D&&) noexcept = default;
    /// Moves the GPU texture.
    Texture2D& operator=(Texture2D&&) noexcept = default;
    Texture2D(const Texture2D&) = delete;
    Texture2D& operator=(const Texture2D&) = delete;
    ~Texture2D();

    /// Loads an image file (PNG, JPEG, BMP, TGA, GIF, PSD, HDR: what sf::Image reads) and
    /// premultiplies its alpha. Throws ContentLoadError naming the file and the reason (missing,
    /// unreadable, not an image, too large for the GPU).
    static Texture2D fromFile(const std::filesystem::path& path);
    /// The extensions ContentManager tries, in order, for an asset name without one.
    static std::span<const std::string_view> fileExtensions();

    /// Width in texels.
    int width() const;
    /// Height in texels.
    int height() const;
    /// (0, 0, width, height).
    Rectangle bounds() const { return {0, 0, width(), height()}; }

    /// Replaces every texel, row by row from the top-left, with colours converted to 8 bits per
    /// channel (clamped to [0, 1]). Throws std::invalid_argument, changing nothing, unless
    /// data.size() == width * height.
    void setData(std::span<const Color> data);
    /// Replaces the texels of `rect` (row by row), which must lie inside bounds(), with
    /// data.size() == rect.width * rect.height. Throws std::invalid_argument otherwise.
    void setData(const Rectangle& rect, std::span<const Color> data);
    /// Every texel, row by row from the top-left, read back from the GPU.
    std::vector<Color> getData() const;

    /// Linear filtering (true, the default) or nearest texel (false).
    void setSmooth(bool smooth);
    /// Whether filtering is linear.
    bool isSmooth() const;

    /// The SFML texture, for drawing with SFML directly.
    const sf::Texture& native() const { return *m_texture; }
    /// The SFML texture.
    sf::Texture& native() { return *m_texture; }

private:
    explicit Texture2D(std::unique_ptr<sf::Texture> texture);

    std::unique_ptr<sf::Texture> m_texture;
};

} // namespace oblique
