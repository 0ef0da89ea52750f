// Crate drop: the smallest textured physics game, the one docs/getting-started.md walks through.
// Click to drop a crate where the mouse is; crates land with a knock. Esc quits.
//
// Run without arguments for a window; `--frames N --screenshot out.png` renders N frames
// off-screen (dropping a crate every 12 frames by itself) and saves the last one.

#include "oblique/sfml/body_sprite_renderer.hpp"
#include "oblique/sfml/game.hpp"
#include "oblique/sfml/run_from_command_line.hpp"
#include "oblique/sfml/sound_effect.hpp"
#include "oblique/sfml/texture_2d.hpp"
#include "oblique/sfml/world_stepper.hpp"
#include "oblique/world.hpp"

class CrateDrop : public oblique::Game
{
protected:
    void loadContent() override
    {
        // Content/ beside the executable, made by the build (examples/content).
        m_crate = &content().load<oblique::Texture2D>("textures/crate");
        m_knock = &content().load<oblique::SoundEffect>("sounds/thud");
        const auto& grass = content().load<oblique::Texture2D>("textures/ground");

        // The world steps at 60 Hz in its own component; sprites are drawn between its last two
        // states, so motion is smooth whatever the display's rate.
        auto& stepper = addComponent<oblique::WorldStepper>(m_world);
        stepper.setStepCallback([this](oblique::World& world)
                                { playKnocks(world.contactBeginEvents().size()); });
        m_sprites = &addComponent<oblique::BodySpriteRenderer>(stepper);

        oblique::BodyDef ground;
        ground.type = oblique::BodyType::Static;
        ground.position = {0.0f, -0.5f};
        const oblique::BodyId floor = m_world.createBody(ground, oblique::boxShape({12.0f, 0.5f}));
        oblique::BodySprite turf = oblique::spriteForShape(m_world.shape(floor), grass);
        turf.tileWidth = 1.0f; // one copy of the texture per metre, not one stretched over 24 m
        m_sprites->attach(floor, turf);

        camera().setCenter({0.0f, 5.0f});
        camera().setZoom(60.0f); // pixels per metre
        setClearColor({0.55f, 0.75f, 0.95f, 1.0f});
        Game::loadContent();
    }

    void update(const oblique::GameTime& time) override
    {
        if (input().wasKeyPressed(oblique::Key::Escape))
        {
            exit();
        }
        if (input().wasButtonPressed(oblique::MouseButton::Left))
        {
            dropCrate(input().mouseWorld(camera()));
        }
        if (isHeadless() && frameCount() % 12 == 0)
        {
            dropCrate({static_cast<float>(frameCount() % 7) - 3.0f, 9.0f});
        }
        Game::update(time); // steps the world (WorldStepper is a component)
    }

private:
    void dropCrate(oblique::Vec2 where)
    {
        oblique::BodyDef crate;
        crate.position = where;
        crate.angle = 0.3f;
        const oblique::BodyId body = m_world.createBody(crate, oblique::boxShape({0.5f, 0.5f}));
        m_sprites->attach(body, *m_crate); // fitted to the body: 1 m x 1 m
    }

    void playKnocks(std::size_t begun)
    {
        if (begun > 0)
        {
            m_knock->play(0.6f, 0.0f, 0.0f);
        }
    }

    oblique::World m_world;
    oblique::BodySpriteRenderer* m_sprites = nullptr;
    const oblique::Texture2D* m_crate = nullptr;
    const oblique::SoundEffect* m_knock = nullptr;
};

int main(int argc, char** argv)
{
    CrateDrop game;
    game.setTitle("Crate drop");
    return oblique::runFromCommandLine(game, "oblique-example-first-game", argc, argv);
}
