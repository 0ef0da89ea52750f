#pragma once
/// BodySpriteRenderer: a drawable game component that draws textures on a world's bodies at the
/// poses a WorldStepper interpolates, so physics objects look like something and move smoothly.

#include "oblique/body.hpp"
#include "oblique/sfml/body_sprite.hpp"
#include "oblique/sfml/game_component.hpp"
#include "oblique/sfml/sprite_batch.hpp"

#include <memory>
#include <vector>

namespace oblique
{

class WorldStepper;

/// Draws every sprite attached to a body, in world space through the game's camera, each at its
/// body's interpolated pose. Sprites are drawn back to front by layerDepth (ties in the order they
/// were attached). A sprite whose body was destroyed is dropped at the next draw.
///
/// \code
/// auto& stepper = addComponent<oblique::WorldStepper>(m_world);
/// auto& sprites = addComponent<oblique::BodySpriteRenderer>(stepper);
/// sprites.attach(crateBody, content().load<oblique::Texture2D>("textures/crate"));
/// \endcode
class BodySpriteRenderer : public DrawableGameComponent
{
public:
    /// Draws at the poses `stepper` (which must outlive the component) interpolates.
    BodySpriteRenderer(Game& game, WorldStepper& stepper);

    /// Attaches `sprite` to `body`; returns it for changes until the next attach or detach. Throws
    /// std::invalid_argument for a stale handle, a sprite without a texture, or a size that is not
    /// positive and finite.
    BodySprite& attach(BodyId body, const BodySprite& sprite);
    /// Attaches the texture fitted to the whole body (spriteForBody).
    BodySprite& attach(BodyId body, const Texture2D& texture);
    /// Removes the body's sprites; returns how many there were.
    int detach(BodyId body);
    /// Removes every sprite (for a world rebuilt from scratch).
    void clear() { m_entries.clear(); }
    /// How many sprites are attached.
    int spriteCount() const { return static_cast<int>(m_entries.size()); }

    /// Creates the batch on the game's graphics device.
    void loadContent() override;
    /// Releases the batch.
    void unloadContent() override;
    /// Draws the sprites (see the class comment).
    void draw(const GameTime& time) override;

private:
    struct Entry
    {
        BodyId body;
        BodySprite sprite;
    };

    WorldStepper* m_stepper;
    std::unique_ptr<SpriteBatch> m_batch;
    std::vector<Entry> m_entries;
};

} // namespace oblique
