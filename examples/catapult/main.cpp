// Angry boxes: knock the box creatures off their tower with a catapult, in textures and sound.
//
// Up/Down (or W/S) set the throw's power, Space or a click fires, R starts again, Esc quits. Four
// boulders per round; a creature pops when something hits it hard enough or it falls off the
// tower's hill.
//
// What it shows of the engine and the framework:
//  - the catapult's arm is one body of three boxes (a plank and the two walls of its cup) on a
//    revolute joint with limits and a motor: firing sets the motor's speed from the power, the
//    limit stops the arm and the boulder flies on; winding back runs the motor the other way;
//  - the creatures are circles that listen to the contact impulses of every step
//    (WorldDef::impulseEvents and WorldStepper's step callback), which also play impact sounds;
//  - content comes from the Content folder the build makes (ContentManager: textures, sounds, a
//    sprite font), sprites sit on bodies through BodySpriteRenderer and move at the poses
//    WorldStepper interpolates, the floor is a tiled sprite, the sky and the HUD are drawn in
//    screen space with a SpriteBatch.
//
// Run without arguments for a window; `--frames N --screenshot out.png` renders N frames
// off-screen and saves the last one. Off-screen, the game fires one shot at frame 20 by itself,
// so the picture shows a boulder in flight.

#include "oblique/sfml/body_sprite_renderer.hpp"
#include "oblique/sfml/game.hpp"
#include "oblique/sfml/run_from_command_line.hpp"
#include "oblique/sfml/sound_effect.hpp"
#include "oblique/sfml/sprite_batch.hpp"
#include "oblique/sfml/sprite_font.hpp"
#include "oblique/sfml/texture_2d.hpp"
#include "oblique/sfml/world_stepper.hpp"
#include "oblique/world.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace
{

using oblique::BodyId;
using oblique::Color;
using oblique::Vec2;

constexpr Vec2 kPivot{0.0f, 1.7f};
constexpr float kArmHalfLength = 2.2f;
// The arm is made level; it rests turned so that its cup lies low on the left, and the firing
// limit stops it with the cup up and behind the pivot, where the cup moves 45 degrees up-right.
constexpr float kRestAngle = 0.45f;
constexpr float kFiringAngle = -0.8f;
constexpr float kMinPower = 4.0f; // the arm's speed when fired, rad/s
constexpr float kMaxPower = 12.0f;
constexpr float kPowerPerSecond = 4.0f;
constexpr float kBoulderRadius = 0.3f;
constexpr float kCreatureRadius = 0.4f;
constexpr float kPopImpulse = 9.0f; // N*s at one contact in one step pops a creature
constexpr float kThudImpulse = 4.0f;
constexpr int kShotsPerRound = 4;
constexpr double kShotSeconds = 7.0; // a shot ends this long after firing, or when all rests

const Color kWhite{1.0f, 1.0f, 1.0f, 1.0f};
const Color kShadow{0.0f, 0.0f, 0.0f, 0.55f};

enum class Phase
{
    Aiming,
    Flying,
    Winding,
    Won,
    Lost,
};

// What a body is, for deciding what a hit means.
enum class Role : std::uint8_t
{
    Scenery,
    Boulder,
    Block,
    Creature,
};

struct Puff
{
    Vec2 position;
    float age = 0.0f;
};

class AngryBoxes : public oblique::Game
{
protected:
    void loadContent() override
    {
        loadAssets();
        m_stepper = &addComponent<oblique::WorldStepper>(m_world);
        m_stepper->setStepCallback([this](oblique::World&) { afterStep(); });
        m_sprites = &addComponent<oblique::BodySpriteRenderer>(*m_stepper);
        m_batch = std::make_unique<oblique::SpriteBatch>(graphicsDevice());
        camera().setCenter({12.5f, 8.0f});
        camera().setZoom(40.0f);
        setClearColor({0.55f, 0.75f, 0.95f, 1.0f});
        startRound();
        Game::loadContent();
    }

    void update(const oblique::GameTime& time) override
    {
        if (input().wasKeyPressed(oblique::Key::Escape))
        {
            exit();
        }
        if (input().wasKeyPressed(oblique::Key::R))
        {
            startRound();
        }
        const float dt = time.elapsedSeconds();
        steerPower(dt);
        if (m_phase == Phase::Aiming && (wantsToFire() || demoShotDue()))
        {
            fire();
        }
        Game::update(time); // the world steps here, in the WorldStepper
        m_phaseSeconds += static_cast<double>(dt);
        advancePhase();
        for (Puff& puff : m_puffs)
        {
            puff.age += dt;
        }
        std::erase_if(m_puffs, [](const Puff& p) { return p.age > 0.6f; });
    }

    void draw(const oblique::GameTime& time) override
    {
        drawSky();
        Game::draw(time); // the sprites on bodies
        drawPuffs();
        drawHud();
    }

private:
    void loadAssets()
    {
        oblique::ContentManager& content = this->content();
        m_textures.sky = &content.load<oblique::Texture2D>("textures/sky");
        m_textures.ground = &content.load<oblique::Texture2D>("textures/ground");
        m_textures.stone = &content.load<oblique::Texture2D>("textures/stone");
        m_textures.plank = &content.load<oblique::Texture2D>("textures/plank");
        m_textures.crate = &content.load<oblique::Texture2D>("textures/crate");
        m_textures.boulder = &content.load<oblique::Texture2D>("textures/boulder");
        m_textures.creature = &content.load<oblique::Texture2D>("textures/pig");
        m_textures.particle = &content.load<oblique::Texture2D>("textures/particle");
        m_sounds.launch = &content.load<oblique::SoundEffect>("sounds/launch");
        m_sounds.thud = &content.load<oblique::SoundEffect>("sounds/thud");
        m_sounds.pop = &content.load<oblique::SoundEffect>("sounds/break");
        m_sounds.win = &content.load<oblique::SoundEffect>("sounds/win");
        m_font = &content.load<oblique::SpriteFont>("fonts/hud");
        m_pixel.emplace(1, 1);
        const std::array white{kWhite};
        m_pixel->setData(white);
    }

    // --- the round --------------------------------------------------------------------------

    void startRound()
    {
        oblique::WorldDef def;
        def.impulseEvents = true;
        m_world = oblique::World(def);
        m_stepper->reset();
        m_sprites->clear();
        m_roles.clear();
        m_puffs.clear();
        m_creaturesLeft = 0;
        buildGround();
        buildCatapult();
        buildTower();
        m_shotsLeft = kShotsPerRound;
        m_score = 0;
        loadBoulder();
    }

    BodyId addBody(const oblique::BodyDef& def, const oblique::ShapeDef& shape, Role role,
                   const oblique::Texture2D& texture, float depth)
    {
        const BodyId body = m_world.createBody(def, shape);
        setRole(body, role);
        m_sprites->attach(body, texture).layerDepth = depth;
        return body;
    }

    void setRole(BodyId body, Role role)
    {
        if (body.index >= m_roles.size())
        {
            m_roles.resize(body.index + 1, Role::Scenery);
        }
        m_roles[body.index] = role;
    }

    Role roleOf(BodyId body) const
    {
        return body.index < m_roles.size() ? m_roles[body.index] : Role::Scenery;
    }

    void buildGround()
    {
        oblique::BodyDef def;
        def.type = oblique::BodyType::Static;
        def.position = {12.0f, -0.5f};
        m_ground = m_world.createBody(def, oblique::boxShape({30.0f, 0.5f}));
        oblique::BodySprite floor = oblique::spriteForShape(m_world.shape(m_ground), *m_textures.ground);
        floor.tileWidth = 1.0f;
        floor.layerDepth = 0.9f;
        m_sprites->attach(m_ground, floor);

        // A low hill of stone the tower stands on.
        def.position = {21.0f, 0.4f};
        addBody(def, oblique::boxShape({3.5f, 0.4f}), Role::Scenery, *m_textures.stone, 0.8f);
    }

    void buildCatapult()
    {
        oblique::BodyDef post;
        post.type = oblique::BodyType::Static;
        post.position = {kPivot.x, 0.5f * kPivot.y};
        // The post and the arm share a negative group, so the arm turns through the post's top.
        oblique::ShapeDef postShape = oblique::boxShape({0.18f, 0.5f * kPivot.y});
        postShape.filter.groupIndex = -1;
        addBody(post, postShape, Role::Scenery, *m_textures.stone, 0.7f);

        oblique::BodyDef arm;
        arm.position = kPivot;
        arm.angle = kRestAngle;
        arm.allowSleep = false;
        oblique::ShapeDef plank = oblique::boxShape({kArmHalfLength, 0.08f});
        plank.density = 2.0f;
        plank.filter.groupIndex = -1;
        m_arm = m_world.createBody(arm, plank);
        oblique::ShapeDef wall = plank;
        wall.density = 1.0f;
        for (const auto& [halfExtents, offset] :
             {std::pair{Vec2{0.06f, 0.22f}, Vec2{-kArmHalfLength + 0.06f, 0.28f}},
              std::pair{Vec2{0.06f, 0.12f}, Vec2{-kArmHalfLength + 0.9f, 0.18f}}})
        {
            wall.halfExtents = halfExtents;
            wall.offset = offset;
            m_world.createShape(m_arm, wall);
        }
        for (const oblique::ShapeId shape : m_world.shapes(m_arm))
        {
            m_sprites->attach(m_arm, oblique::spriteForShape(m_world.shape(shape), *m_textures.plank))
                .layerDepth = 0.6f;
        }

        oblique::JointDef hinge;
        hinge.bodyA = m_ground;
        hinge.bodyB = m_arm;
        oblique::RevoluteJointDef revolute;
        revolute.anchor = kPivot;
        revolute.enableLimit = true;
        revolute.lowerAngle = kFiringAngle - kRestAngle;
        revolute.upperAngle = 0.0f;
        revolute.enableMotor = true;
        revolute.maxMotorTorque = 3000.0f;
        revolute.motorSpeed = 1.0f; // held against the rest limit
        hinge.params = revolute;
        m_hinge = m_world.createJoint(hinge);
    }

    // Two storeys of crates with planks across, a creature in each storey and one on the roof.
    void buildTower()
    {
        const float floorY = 0.8f;
        const float left = 19.0f;
        oblique::BodyDef def;
        const oblique::ShapeDef crate = oblique::boxShape({0.4f, 0.4f});
        const oblique::ShapeDef plank = oblique::boxShape({1.6f, 0.1f});
        float y = floorY;
        for (int storey = 0; storey < 2; ++storey)
        {
            for (const float x : {left, left + 2.8f})
            {
                for (int level = 0; level < 2; ++level)
                {
                    def.position = {x, y + 0.4f + 0.8f * static_cast<float>(level)};
                    addBody(def, crate, Role::Block, *m_textures.crate, 0.5f);
                }
            }
            def.position = {left + 1.4f, y + kCreatureRadius};
            addCreature(def.position);
            y += 1.6f;
            def.position = {left + 1.4f, y + 0.1f};
            addBody(def, plank, Role::Block, *m_textures.plank, 0.5f);
            y += 0.2f;
        }
        addCreature({left + 1.4f, y + kCreatureRadius});
    }

    void addCreature(Vec2 position)
    {
        oblique::BodyDef def;
        def.position = position;
        oblique::ShapeDef body = oblique::circleShape(kCreatureRadius);
        body.density = 0.8f;
        body.friction = 0.8f;
        addBody(def, body, Role::Creature, *m_textures.creature, 0.4f);
        ++m_creaturesLeft;
    }

    void loadBoulder()
    {
        // The cup's middle, just above the plank, wherever the arm rests now.
        const oblique::Transform arm = m_world.transform(m_arm);
        oblique::BodyDef def;
        def.position = oblique::transformPoint(arm, {-kArmHalfLength + 0.5f, 0.08f + kBoulderRadius + 0.01f});
        oblique::ShapeDef stone = oblique::circleShape(kBoulderRadius);
        stone.density = 6.0f;
        m_boulder = addBody(def, stone, Role::Boulder, *m_textures.boulder, 0.45f);
        m_stepper->snap(m_boulder);
        m_phase = Phase::Aiming;
        m_phaseSeconds = 0.0;
    }

    // --- playing ----------------------------------------------------------------------------

    void steerPower(float dt)
    {
        if (input().isKeyDown(oblique::Key::Up) || input().isKeyDown(oblique::Key::W))
        {
            m_power = std::min(kMaxPower, m_power + kPowerPerSecond * dt);
        }
        if (input().isKeyDown(oblique::Key::Down) || input().isKeyDown(oblique::Key::S))
        {
            m_power = std::max(kMinPower, m_power - kPowerPerSecond * dt);
        }
    }

    bool wantsToFire() const
    {
        return input().wasKeyPressed(oblique::Key::Space) ||
               input().wasButtonPressed(oblique::MouseButton::Left);
    }

    bool demoShotDue() const { return isHeadless() && frameCount() == 20 && m_shotsLeft == kShotsPerRound; }

    void fire()
    {
        m_world.setMotorSpeed(m_hinge, -m_power);
        m_sounds.launch->play(0.8f, 0.0f, -0.5f);
        --m_shotsLeft;
        m_phase = Phase::Flying;
        m_phaseSeconds = 0.0;
    }

    void advancePhase()
    {
        if (m_phase == Phase::Flying && (m_phaseSeconds > kShotSeconds || shotHasSettled()))
        {
            // Wind the arm back to its rest limit, slowly.
            m_world.setMotorSpeed(m_hinge, 1.5f);
            m_phase = Phase::Winding;
            m_phaseSeconds = 0.0;
        }
        else if (m_phase == Phase::Winding && m_phaseSeconds > 1.2)
        {
            if (m_creaturesLeft == 0)
            {
                m_phase = Phase::Won;
            }
            else if (m_shotsLeft == 0)
            {
                m_phase = Phase::Lost;
            }
            else
            {
                loadBoulder();
            }
        }
        // Debris can still knock the last creature off between shots.
        if (m_creaturesLeft == 0 && (m_phase == Phase::Aiming || m_phase == Phase::Lost))
        {
            m_phase = Phase::Won;
        }
    }

    bool shotHasSettled() const
    {
        if (m_phaseSeconds < 2.0)
        {
            return false;
        }
        if (!m_world.isValid(m_boulder))
        {
            return true;
        }
        const float speed = oblique::length(m_world.linearVelocity(m_boulder));
        return speed < 0.2f || m_world.position(m_boulder).y < -5.0f;
    }

    // Runs after every step: creatures hit hard pop, hard hits thud, creatures that fell are out.
    void afterStep()
    {
        float loudest = 0.0f;
        std::vector<BodyId> popped;
        for (const oblique::ContactImpulseEvent& hit : m_world.contactImpulseEvents())
        {
            const float impulse = hit.normalImpulses[0] + hit.normalImpulses[1];
            loudest = std::max(loudest, impulse);
            if (impulse < kPopImpulse)
            {
                continue;
            }
            for (const BodyId body : {hit.a, hit.b})
            {
                if (roleOf(body) == Role::Creature &&
                    std::find(popped.begin(), popped.end(), body) == popped.end())
                {
                    popped.push_back(body);
                }
            }
        }
        for (const BodyId body : m_world.bodies())
        {
            if (roleOf(body) == Role::Creature && m_world.position(body).y < 0.5f &&
                std::find(popped.begin(), popped.end(), body) == popped.end())
            {
                popped.push_back(body); // off the hill, on the ground: out
            }
        }
        for (const BodyId body : popped)
        {
            pop(body);
        }
        if (loudest > kThudImpulse && m_thudCooldown <= 0)
        {
            m_sounds.thud->play(std::min(1.0f, loudest / 40.0f), 0.0f, 0.3f);
            m_thudCooldown = 6;
        }
        --m_thudCooldown;
    }

    void pop(BodyId creature)
    {
        m_puffs.push_back({m_world.position(creature), 0.0f});
        m_world.destroyBody(creature);
        setRole(creature, Role::Scenery);
        --m_creaturesLeft;
        m_score += 500;
        m_sounds.pop->play(0.9f, 0.0f, 0.4f);
        if (m_creaturesLeft == 0)
        {
            m_sounds.win->play();
        }
    }

    // --- drawing ----------------------------------------------------------------------------

    void drawSky()
    {
        const sf::Vector2u size = windowSize();
        m_batch->begin(oblique::SpriteSortMode::Deferred, oblique::BlendState::Opaque);
        m_batch->draw(*m_textures.sky,
                      oblique::Rectangle{0, 0, static_cast<int>(size.x), static_cast<int>(size.y)}, kWhite);
        m_batch->end();
    }

    void drawPuffs()
    {
        m_batch->begin(camera(), oblique::SpriteSortMode::Deferred, oblique::BlendState::Additive);
        const auto texels = static_cast<float>(m_textures.particle->width());
        for (const Puff& puff : m_puffs)
        {
            const float fade = 1.0f - puff.age / 0.6f;
            const float size = 0.8f + 2.0f * puff.age;
            for (int i = 0; i < 6; ++i)
            {
                const float turn = 1.047f * static_cast<float>(i);
                const Vec2 at =
                    puff.position + (0.9f * puff.age + 0.1f) * Vec2{std::cos(turn), std::sin(turn)};
                m_batch->draw(*m_textures.particle, at, std::nullopt, Color{fade, fade, fade, fade}, 0.0f,
                              {0.5f * texels, 0.5f * texels}, size / texels, oblique::SpriteEffects::None,
                              0.0f);
            }
        }
        m_batch->end();
    }

    void drawHud()
    {
        m_batch->begin();
        const int power =
            static_cast<int>(std::lround(100.0f * (m_power - kMinPower) / (kMaxPower - kMinPower)));
        char line[160];
        std::snprintf(line, sizeof line, "Score %d   Boulders %d   Creatures %d   Power %d%%", m_score,
                      m_shotsLeft, m_creaturesLeft, power);
        drawText(line, {20.0f, 16.0f});
        // The power bar under the text.
        m_batch->draw(*m_pixel, oblique::Rectangle{20, 52, 300, 14}, kShadow);
        m_batch->draw(*m_pixel, oblique::Rectangle{22, 54, std::max(0, 3 * power - 4), 10},
                      Color{0.95f, 0.55f, 0.15f, 1.0f});
        drawText(banner(), {20.0f, static_cast<float>(windowSize().y) - 44.0f});
        m_batch->end();
    }

    // Text with a dark shadow, readable on sky and on grass.
    void drawText(const std::string& text, Vec2 at)
    {
        m_batch->drawString(*m_font, text, at + Vec2{2.0f, 2.0f}, kShadow);
        m_batch->drawString(*m_font, text, at, kWhite);
    }

    std::string banner() const
    {
        switch (m_phase)
        {
        case Phase::Won:
            return "Every creature is down! R plays again.";
        case Phase::Lost:
            return "Out of boulders. R tries again.";
        case Phase::Aiming:
            return "Up/Down: power   Space or click: fire   R: restart   Esc: quit";
        case Phase::Flying:
        case Phase::Winding:
            break;
        }
        return "";
    }

    struct Textures
    {
        const oblique::Texture2D* sky = nullptr;
        const oblique::Texture2D* ground = nullptr;
        const oblique::Texture2D* stone = nullptr;
        const oblique::Texture2D* plank = nullptr;
        const oblique::Texture2D* crate = nullptr;
        const oblique::Texture2D* boulder = nullptr;
        const oblique::Texture2D* creature = nullptr;
        const oblique::Texture2D* particle = nullptr;
    };
    struct Sounds
    {
        const oblique::SoundEffect* launch = nullptr;
        const oblique::SoundEffect* thud = nullptr;
        const oblique::SoundEffect* pop = nullptr;
        const oblique::SoundEffect* win = nullptr;
    };

    oblique::World m_world;
    oblique::WorldStepper* m_stepper = nullptr;
    oblique::BodySpriteRenderer* m_sprites = nullptr;
    std::unique_ptr<oblique::SpriteBatch> m_batch;
    Textures m_textures;
    Sounds m_sounds;
    const oblique::SpriteFont* m_font = nullptr;
    std::optional<oblique::Texture2D> m_pixel;

    BodyId m_ground;
    BodyId m_arm;
    oblique::JointId m_hinge;
    BodyId m_boulder;
    std::vector<Role> m_roles;
    std::vector<Puff> m_puffs;
    Phase m_phase = Phase::Aiming;
    double m_phaseSeconds = 0.0;
    float m_power = 7.0f;
    int m_shotsLeft = kShotsPerRound;
    int m_creaturesLeft = 0;
    int m_score = 0;
    int m_thudCooldown = 0;
};

} // namespace

int main(int argc, char** argv)
{
    AngryBoxes game;
    game.setTitle("Angry boxes");
    return oblique::runFromCommandLine(game, "oblique-example-catapult", argc, argv);
}
