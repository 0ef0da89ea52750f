#pragma once
/// GraphicsDevice: the render target a game draws into and the viewport on it (MonoGame's
/// GraphicsDevice, reduced to what a 2D game on SFML uses).

#include "oblique/debug_draw.hpp"
#include "oblique/sfml/viewport.hpp"

#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Graphics/View.hpp>

namespace oblique
{

/// The device SpriteBatch draws through: an SFML render target (a window or an sf::RenderTexture)
/// and its viewport. Game makes one for its window; tests and tools make one over a render texture.
///
/// The viewport lives in the target's sf::View: setViewport sets a view that shows pixels
/// 1:1 inside the viewport's rectangle, and viewport() reads the rectangle back from the target's
/// current view, so a window resize (which resets the view to the whole window) resets it too, as
/// a back-buffer reset does in MonoGame.
///
/// \code
/// sf::RenderTexture target;
/// target.create(320, 240);
/// oblique::GraphicsDevice device(target);
/// device.clear({0.1f, 0.1f, 0.1f, 1.0f});
/// device.setViewport({0, 0, 160, 240}); // the left half
/// \endcode
class GraphicsDevice
{
public:
    /// A device drawing into `target`, which must outlive it. The viewport starts as the target's
    /// current view shows it.
    explicit GraphicsDevice(sf::RenderTarget& target) : m_target(target) {}
    GraphicsDevice(const GraphicsDevice&) = delete;
    GraphicsDevice& operator=(const GraphicsDevice&) = delete;

    /// Fills the whole render target with the colour (straight alpha, as given).
    void clear(Color color);

    /// The viewport in target pixels, read from the target's current view.
    Viewport viewport() const;
    /// Draws into this part of the target from now on, pixel for pixel. Throws std::invalid_argument,
    /// changing nothing, when the rectangle is empty or leaves the target, or the depths are not
    /// 0 <= minDepth <= maxDepth <= 1.
    void setViewport(const Viewport& viewport);
    /// A view that shows the viewport's pixels 1:1 in the viewport's rectangle, with (0, 0) at
    /// its top-left: what SpriteBatch draws screen space with.
    sf::View pixelView() const;

    /// The target's size in pixels (MonoGame's PresentationParameters.BackBufferWidth and Height).
    Rectangle targetBounds() const;
    /// The SFML render target.
    sf::RenderTarget& renderTarget() { return m_target; }

private:
    sf::View viewFor(const Viewport& viewport) const;

    sf::RenderTarget& m_target;
    float m_minDepth = 0.0f;
    float m_maxDepth = 1.0f;
};

} // namespace oblique
