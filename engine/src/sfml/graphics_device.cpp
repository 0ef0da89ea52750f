// GraphicsDevice: the viewport kept in the render target's view.

#include "oblique/sfml/graphics_device.hpp"

#include "oblique/sfml/sfml_convert.hpp"

#include <stdexcept>
#include <string>

namespace oblique
{

namespace
{

std::string describe(const Viewport& v)
{
    return "(" + std::to_string(v.x) + ", " + std::to_string(v.y) + ", " + std::to_string(v.width) + ", " +
           std::to_string(v.height) + ", depth " + std::to_string(v.minDepth) + " to " +
           std::to_string(v.maxDepth) + ")";
}

} // namespace

void GraphicsDevice::clear(Color color)
{
    m_target.clear(toSfColor(color));
}

Rectangle GraphicsDevice::targetBounds() const
{
    const sf::Vector2u size = m_target.getSize();
    return {0, 0, static_cast<int>(size.x), static_cast<int>(size.y)};
}

Viewport GraphicsDevice::viewport() const
{
    const sf::IntRect r = m_target.getViewport(m_target.getView());
    return {r.left, r.top, r.width, r.height, m_minDepth, m_maxDepth};
}

void GraphicsDevice::setViewport(const Viewport& viewport)
{
    if (!contains(targetBounds(), viewport.bounds()))
    {
        const Rectangle t = targetBounds();
        throw std::invalid_argument("GraphicsDevice::setViewport: the viewport " + describe(viewport) +
                                    " is empty or not inside the " + std::to_string(t.width) + " x " +
                                    std::to_string(t.height) + " render target");
    }
    // Written so that NaN fails too.
    if (!(viewport.minDepth >= 0.0f && viewport.minDepth <= viewport.maxDepth && viewport.maxDepth <= 1.0f))
    {
        throw std::invalid_argument("GraphicsDevice::setViewport: the viewport " + describe(viewport) +
                                    " needs 0 <= minDepth <= maxDepth <= 1");
    }
    m_target.setView(viewFor(viewport));
    m_minDepth = viewport.minDepth;
    m_maxDepth = viewport.maxDepth;
}

sf::View GraphicsDevice::pixelView() const
{
    return viewFor(viewport());
}

sf::View GraphicsDevice::viewFor(const Viewport& viewport) const
{
    const auto f = [](int v) { return static_cast<float>(v); };
    const sf::Vector2u size = m_target.getSize();
    sf::View view(sf::FloatRect(0.0f, 0.0f, f(viewport.width), f(viewport.height)));
    view.setViewport(sf::FloatRect(
        f(viewport.x) / static_cast<float>(size.x), f(viewport.y) / static_cast<float>(size.y),
        f(viewport.width) / static_cast<float>(size.x), f(viewport.height) / static_cast<float>(size.y)));
    return view;
}

} // namespace oblique
