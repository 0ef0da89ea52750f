// The component that draws sprites on bodies at their interpolated poses.

#include "oblique/sfml/body_sprite_renderer.hpp"

#include "oblique/sfml/game.hpp"
#include "oblique/sfml/world_stepper.hpp"
#include "oblique/world.hpp"

#include <algorithm>
#include <stdexcept>

namespace oblique
{

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
    checkBodySprite(sprite);
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
