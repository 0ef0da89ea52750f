// The component that draws sprites on bodies at their interpolated poses.

#include "oblique/sfml/body_sprite_renderer.hpp"

#include "oblique/sfml/game.hpp"
#include "oblique/sfml/world_stepper.hpp"
#include "oblique/world.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace oblique
{
namespace
{

// More copies than this along one sprite would be a mistake in tileWidth, not a floor.
constexpr float kMaxTiles = 10000.0f;

bool finite(Vec2 v)
{
    return std::isfinite(v.x) && std::isfinite(v.y);
}

void checkSprite(const BodySprite& sprite)
{
    const auto refuse = [](const std::string& why)
    { throw std::invalid_argument("BodySpriteRenderer::attach: " + why); };
    if (sprite.texture == nullptr)
    {
        refuse("the sprite has no texture");
    }
    if (!finite(sprite.size) || sprite.size.x <= 0.0f || sprite.size.y <= 0.0f)
    {
        refuse("size must be positive and finite");
    }
    if (!finite(sprite.offset) || !std::isfinite(sprite.angle))
    {
        refuse("offset and angle must be finite");
    }
    if (!std::isfinite(sprite.tileWidth) || sprite.tileWidth < 0.0f)
    {
        refuse("tileWidth must be zero (stretch) or positive");
    }
    if (sprite.tileWidth > 0.0f && sprite.size.x / sprite.tileWidth > kMaxTiles)
    {
        refuse("tileWidth is so small the sprite would need more than 10000 copies");
    }
    if (!(sprite.layerDepth >= 0.0f && sprite.layerDepth <= 1.0f))
    {
        refuse("layerDepth must be in [0, 1]");
    }
}

} // namespace

BodySpriteRenderer::BodySpriteRenderer(Game& game, WorldStepper& stepper)
    : DrawableGameComponent(game), m_stepper(&stepper)
{
}

BodySprite& BodySpriteRenderer::attach(BodyId body, const BodySprite& sprite)
{
    if (!m_stepper->world().isValid(body))
    {
        throw std::invalid_argument("BodySpriteRenderer::attach: the body handle is stale");
    }
    checkSprite(sprite);
    m_entries.push_back({body, sprite});
    return m_entries.back().sprite;
}

BodySprite& BodySpriteRenderer::attach(BodyId body, const Texture2D& texture)
{
    return attach(body, spriteForBody(m_stepper->world(), body, texture));
}

int BodySpriteRenderer::detach(BodyId body)
{
    const auto removed = std::erase_if(m_entries, [body](const Entry& e) { return e.body == body; });
    return static_cast<int>(removed);
}

void BodySpriteRenderer::loadContent()
{
    m_batch = std::make_unique<SpriteBatch>(game().graphicsDevice());
}

void BodySpriteRenderer::unloadContent()
{
    m_batch.reset();
}

void BodySpriteRenderer::draw(const GameTime& time)
{
    static_cast<void>(time);
    const World& world = m_stepper->world();
    std::erase_if(m_entries, [&world](const Entry& e) { return !world.isValid(e.body); });
    if (!m_batch || m_entries.empty())
    {
        return;
    }
    m_batch->begin(game().camera(), SpriteSortMode::BackToFront);
    for (const Entry& entry : m_entries)
    {
        drawBodySprite(*m_batch, entry.sprite, m_stepper->pose(entry.body));
    }
    m_batch->end();
}

} // namespace oblique
