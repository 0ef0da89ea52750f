// Crate climber: a small platformer on Oblique's SFML framework, its player a character mover,
// drawn with the textures and sounds of the examples' Content folder.
//
// Run and jump to the flag. Steps no higher than a hand are walked up; the ledge after them is too
// high to jump onto, so push the crate there to its foot and climb. On the ledge, a hill: a gentle
// slope you walk up and a steep one you slide down and cannot walk up. Then ride a moving platform
// and a see-saw over the pit. Coins are sensors: touching one collects it. A ghost wall lets the
// player through but stops crates; the heavy crate is too heavy to push.
//
// What it shows of the engine:
//  - the player is a CharacterMover, not a body: the game keeps its velocity (gravity, jumping)
//    and the mover walks it through the world (slides along walls, steps up low ledges, keeps to
//    slopes no steeper than its limit, rides kinematic platforms, pushes crates with a set
//    strength) and says what it stands on (ground normal, shown by the F1 overlay);
//  - crates are dynamic bodies: the pushes are impulses, so a crate's weight and friction decide
//    how far it goes, and a wall stops it and the player with it; contact impulse events
//    (WorldDef::impulseEvents) tell when one lands or hits something hard;
//  - the sensors the mover overlaps (coins, the goal) come from CharacterMover::sensorsEntered;
//  - a kinematic stand-in body follows the player, so crates land on its head rather than in it;
//    the mover ignores it (CharacterMoverDef::ignoredBodies);
//  - kinematic platforms moved by setting their velocities before each step;
//  - category and mask bits: the mover's filter leaves out the ghost wall, crates collide with it.
//
// What it shows of the framework:
//  - ContentManager (Game::content) loads the textures, sounds and the theme from Content;
//  - a WorldStepper steps the world at 60 Hz; its step callback moves the player after each step,
//    and the player is drawn between its last two positions as the stepper draws the bodies;
//  - a BodySpriteRenderer draws textures on the bodies: crates and planks fitted to their boxes,
//    the ground, the ledge, the walls and the rotated slopes as rows of tiles (BodySprite::tileWidth);
//  - a SpriteBatch draws the sky in screen space, the player (mirrored with
//    SpriteEffects::FlipHorizontally when running left), spinning coins and signs in world space,
//    landing dust with BlendState::Additive, and the HUD's text with SpriteFonts;
//  - SoundEffect for jumps, coins, landings, crate thuds and the win; the theme loops through
//    MediaPlayer.
//
// Keys: A/D or the arrows run, Space, W or Up jumps, R restarts, M mutes the music, F1 shows the
// debug overlay (the ground normal and the pushes), Esc quits.
//
// Run without arguments for a window; `--frames N --screenshot out.png` renders N frames off-screen
// and saves the last one (a smoke test for machines without a screen). The textures and sounds are
// looked up in the Content folder the build writes beside the game, relative to the current
// directory (ContentManager's default root).

#include "oblique/character_mover.hpp"
#include "oblique/sfml/body_sprite_renderer.hpp"
#include "oblique/sfml/game.hpp"
#include "oblique/sfml/media_player.hpp"
#include "oblique/sfml/run_from_command_line.hpp"
#include "oblique/sfml/song.hpp"
#include "oblique/sfml/sound_effect.hpp"
#include "oblique/sfml/sprite_batch.hpp"
#include "oblique/sfml/sprite_font.hpp"
#include "oblique/sfml/texture_2d.hpp"
#include "oblique/sfml/world_stepper.hpp"
#include "oblique/world.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <numbers>
#include <optional>
#include <string_view>
#include <vector>

namespace
{

// --- Tuning (metres, seconds, kilograms, newtons) -----------------------------------------------

constexpr oblique::Vec2 kGravity{0.0f, -20.0f}; // twice Earth's: snappier jumps
constexpr float kRunSpeed = 6.0f;               // m/s
constexpr float kJumpSpeed = 10.0f;             // m/s upwards: a 2.5 m jump under kGravity
constexpr oblique::Vec2 kPlayerHalfSize{0.4f, 0.6f};
constexpr oblique::Vec2 kPlayerStart{-3.0f, kPlayerHalfSize.y};
constexpr float kPushStrength = 300.0f; // moves 20 kg against friction 0.6, not 80 kg
constexpr float kStepHeight = 0.25f;
constexpr float kMaxSlope = 50.0f * std::numbers::pi_v<float> / 180.0f;

constexpr float kCoinRadius = 0.3f;
constexpr float kCoinSpinRate = 2.0f; // rad/s
constexpr float kNormalLength = 1.8f; // the ground normal's arrow, metres: out past the head

constexpr float kCameraZoom = 45.0f;      // pixels per metre
constexpr float kCameraFollowRate = 6.0f; // 1/s: how quickly the camera catches up
constexpr float kCameraLift = 1.5f;       // the camera looks a little above the player
constexpr float kLevelLeft = -14.0f;      // the level's outer walls, for the camera
constexpr float kLevelRight = 66.0f;
constexpr float kLowestCameraY = 5.0f; // keeps the ground in the lower part of the screen

constexpr float kDustLifetime = 0.5f;  // seconds
constexpr float kDustFallSpeed = 4.0f; // m/s: landings faster than this raise dust and thump
constexpr int kDustPerLanding = 10;

// Crates thud when a step's contact impulses change their speed by more than this (resting on the
// ground changes it by g * dt, a third of a metre per second), or when the player starts pushing
// one; then they keep quiet a moment, so a crate scraping along does not rattle.
constexpr float kThudSpeedChange = 2.0f; // m/s
constexpr float kThudQuietTime = 0.25f;  // seconds

// Collision categories. Shapes collide when each one's category is in the other's mask.
constexpr std::uint32_t kSolidCategory = 1u << 0;
constexpr std::uint32_t kPlayerCategory = 1u << 1;
constexpr std::uint32_t kCrateCategory = 1u << 2;
constexpr std::uint32_t kGhostCategory = 1u << 3;

// --- Looks -----------------------------------------------------------------------------------------

// Level textures are laid at 64 texels a metre: a ground or stone tile is a metre square.
constexpr float kTexelsPerMetre = 64.0f;
// The ground tile's top rows are grass; the rest is earth, laid under the grass row.
constexpr int kGrassTexels = 16;
// The sky moves at this fraction of the camera's speed, so it seems far away.
constexpr float kSkyParallax = 0.1f;
constexpr float kSkyScale = 4.0f; // screen pixels a texel
// The coin texture has a transparent margin; drawn this much larger than the sensor, the gold
// matches it.
constexpr float kCoinDrawScale = 1.25f;
constexpr oblique::Vec2 kFlagSize{1.5f, 3.0f};

// Layer depths of the sprites on bodies: larger is further back.
constexpr float kSlopeDepth = 0.9f;
constexpr float kBlockDepth = 0.8f;
constexpr float kGoalDepth = 0.7f;
constexpr float kPlatformDepth = 0.5f;
constexpr float kCrateDepth = 0.4f;
constexpr float kGhostDepth = 0.2f;

constexpr std::string_view kFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";
constexpr int kSmallFontSize = 15;

// Tints are premultiplied, as SpriteBatch's default blend expects: a colour at alpha a is
// (r * a, g * a, b * a, a).
constexpr oblique::Color kWhite{1.0f, 1.0f, 1.0f, 1.0f};
constexpr oblique::Color kGhostTint{0.72f * 0.5f, 0.50f * 0.5f, 1.0f * 0.5f, 0.5f};
constexpr oblique::Color kPostTint{0.55f, 0.50f, 0.45f, 1.0f};
constexpr oblique::Color kSignBoardTint{0.85f, 0.80f, 0.75f, 1.0f};
constexpr oblique::Color kSignTextColor{1.0f, 0.97f, 0.88f, 1.0f};
constexpr oblique::Color kShadowColor{0.0f, 0.0f, 0.0f, 0.6f};
constexpr oblique::Color kPanelColor{0.0f, 0.0f, 0.0f, 0.4f};
constexpr oblique::Color kTextColor{1.0f, 1.0f, 1.0f, 1.0f};
constexpr oblique::Color kHintColor{0.90f, 0.93f, 1.0f, 1.0f};
constexpr oblique::Color kWinColor{1.0f, 0.86f, 0.25f, 1.0f};
constexpr oblique::Color kDustColor{0.55f, 0.48f, 0.38f, 1.0f};
// The debug overlay's colours (straight alpha: SfmlDebugDraw's).
constexpr oblique::Color kNormalColor{1.0f, 0.25f, 0.25f, 1.0f};
constexpr oblique::Color kPushColor{1.0f, 1.0f, 1.0f, 1.0f};
constexpr oblique::Color kDebugTextColor{1.0f, 0.55f, 0.55f, 1.0f};

// --- The level -----------------------------------------------------------------------------------

// A static box given by its lower-left and upper-right corners, which is how levels are drawn on
// paper.
struct Block
{
    oblique::Vec2 lower;
    oblique::Vec2 upper;
};

constexpr std::array<Block, 10> kSolidBlocks{{
    {{-14.0f, -5.0f}, {66.0f, 0.0f}}, // the ground, deep enough to fill the screen below
    {{-14.0f, 0.0f}, {-13.0f, 9.0f}}, // the left wall
    {{65.0f, 0.0f}, {66.0f, 9.0f}},   // the right wall
    {{-13.0f, 3.0f}, {-8.0f, 3.6f}},  // the roof of the coin store
    {{0.0f, 0.0f}, {1.0f, 0.2f}},     // three steps of 20 cm: walked up, never jumped
    {{1.0f, 0.0f}, {2.0f, 0.4f}},
    {{2.0f, 0.0f}, {14.0f, 0.6f}},
    {{14.0f, 0.0f}, {34.0f, 3.6f}},  // the ledge: 3 m over the steps, more than a jump
    {{21.0f, 3.6f}, {23.0f, 5.33f}}, // the hilltop between the two slopes
    {{53.0f, 0.0f}, {54.0f, 0.5f}},  // a kerb before the crate stack: 50 cm, jumped
}};

// A slope: a static slab whose top face runs from `foot` at `angle` for `length` metres (the slab
// itself is 1 m thick, its lower part buried in the blocks around it).
struct Slope
{
    oblique::Vec2 foot;
    float angle; // radians
    float length;
};

constexpr float kDegree = std::numbers::pi_v<float> / 180.0f;
constexpr std::array<Slope, 2> kSlopes{{
    {{18.0f, 3.6f}, 30.0f * kDegree, 3.4641f}, // up to the hilltop: 30 degrees, walkable
    {{23.0f, 5.33f}, -60.0f * kDegree, 2.0f},  // down from it: 60 degrees, too steep to walk up
}};

// The wall of the coin store: the player walks through it, crates do not.
constexpr Block kGhostWall{{-8.5f, 0.0f}, {-8.0f, 3.0f}};

struct Crate
{
    oblique::Vec2 position;
    float halfSize;
    float mass; // kg
};

constexpr std::array<Crate, 6> kCrates{{
    {{-5.5f, 0.5f}, 0.5f, 5.0f},  // pushed into the ghost wall, which stops it
    {{7.0f, 1.1f}, 0.5f, 20.0f},  // the one to push to the ledge
    {{16.0f, 4.3f}, 0.7f, 80.0f}, // too heavy to push: jump over it
    {{56.0f, 0.5f}, 0.5f, 3.0f},  // a small stack to knock over
    {{57.0f, 0.5f}, 0.5f, 3.0f},
    {{56.5f, 1.5f}, 0.5f, 3.0f},
}};
constexpr float kHeavyCrateMass = 50.0f; // crates at least this heavy are drawn in iron

// A kinematic platform sliding to and fro between two centres, at a steady speed.
constexpr oblique::Vec2 kShuttleHalfSize{1.5f, 0.15f};
constexpr float kShuttleLeft = 37.0f;
constexpr float kShuttleRight = 44.0f;
constexpr float kShuttleY = 3.3f;
constexpr float kShuttleSpeed = 2.0f;

// A see-saw: a plank turning to and fro about its middle, up to kSeesawTilt either way.
constexpr oblique::Vec2 kSeesawCenter{49.5f, 3.4f};
constexpr oblique::Vec2 kSeesawHalfSize{2.2f, 0.15f};
constexpr float kSeesawTilt = 0.3f; // radians
constexpr float kSeesawRate = 1.1f; // rad/s of the swing's phase

constexpr std::array<oblique::Vec2, 12> kCoins{{
    {-12.0f, 1.0f}, // in the coin store
    {-11.0f, 1.0f},
    {-10.0f, 1.0f},
    {3.0f, 2.0f},
    {10.5f, 2.6f},
    {16.0f, 6.3f}, // over the heavy crate
    {22.0f, 6.5f}, // on the hilltop
    {26.0f, 4.6f},
    {37.0f, 5.0f}, // over the platforms
    {44.0f, 5.0f},
    {49.5f, 5.2f},
    {56.5f, 3.0f}, // over the stack
}};

constexpr oblique::Vec2 kFlagBase{61.0f, 0.0f};
constexpr float kFlagHeight = 3.0f;

struct Sign
{
    oblique::Vec2 topLeft;
    std::string_view text;
};

constexpr std::array<Sign, 9> kSigns{{
    {{-10.6f, 5.2f}, "Ghost wall: you pass, crates don't"},
    {{-0.5f, 3.1f}, "20 cm steps: walked up"},
    {{7.0f, 5.4f}, "Too high to jump: push the crate here"},
    {{14.6f, 7.6f}, "80 kg: too heavy to push"},
    {{17.2f, 6.0f}, "30 degrees: walkable"},
    {{23.0f, 7.3f}, "60 degrees: too steep"},
    {{35.5f, 7.0f}, "Ride the platforms"},
    {{53.5f, 4.6f}, "Knock it over"},
    {{59.8f, 5.0f}, "Goal"},
}};

// A mote of dust thrown up where the player landed.
struct Dust
{
    oblique::Vec2 position;
    oblique::Vec2 velocity;
    float age = 0.0f; // seconds
};

// What loadContent takes from Content; the content manager owns them.
struct Textures
{
    const oblique::Texture2D* sky = nullptr;
    const oblique::Texture2D* ground = nullptr;
    const oblique::Texture2D* stone = nullptr;
    const oblique::Texture2D* crate = nullptr;
    const oblique::Texture2D* heavyCrate = nullptr;
    const oblique::Texture2D* plank = nullptr;
    const oblique::Texture2D* coin = nullptr;
    const oblique::Texture2D* flag = nullptr;
    const oblique::Texture2D* player = nullptr;
    const oblique::Texture2D* particle = nullptr;
};

struct Sounds
{
    const oblique::SoundEffect* jump = nullptr;
    const oblique::SoundEffect* coin = nullptr;
    const oblique::SoundEffect* land = nullptr;
    const oblique::SoundEffect* thud = nullptr;
    const oblique::SoundEffect* win = nullptr;
};

// --- The game ------------------------------------------------------------------------------------

class CrateClimber : public oblique::Game
{
protected:
    void loadContent() override
    {
        loadAssets();
        m_stepper = &addComponent<oblique::WorldStepper>(m_world);
        m_stepper->setStepCallback([this](oblique::World&) { afterStep(); });
        m_sprites = &addComponent<oblique::BodySpriteRenderer>(*m_stepper);
        m_batch = std::make_unique<oblique::SpriteBatch>(graphicsDevice());
        camera().setZoom(kCameraZoom);
        startLevel();
        oblique::MediaPlayer::setRepeating(true);
        oblique::MediaPlayer::play(*m_theme);
        Game::loadContent();
    }

    void unloadContent() override
    {
        oblique::MediaPlayer::stop();
        m_batch.reset();
        m_smallFont.reset();
        m_pixel.reset();
        Game::unloadContent(); // the content manager's assets, m_hudFont and m_theme among them
    }

    void update(const oblique::GameTime& time) override
    {
        readKeys();
        const float dt = time.elapsedSeconds();
        // The world steps inside Game::update, in the WorldStepper; after each step, afterStep
        // moves the player, so it is drawn where the platform it rides is now.
        Game::update(time);
        m_jumpRequested = false;
        ageDust(dt);
        followPlayer(dt);
    }

    void draw(const oblique::GameTime& time) override
    {
        drawSky();
        drawBackdrop();
        Game::draw(time); // the sprites on bodies
        drawActors(static_cast<float>(time.totalSeconds()));
        drawDust();
        if (m_showDebug)
        {
            drawDebugOverlay();
            debugDraw().flush(renderTarget()); // under the HUD
        }
        drawHud();
    }

private:
    // --- Content -------------------------------------------------------------------------------

    void loadAssets()
    {
        oblique::ContentManager& content = this->content();
        m_textures.sky = &content.load<oblique::Texture2D>("textures/sky");
        m_textures.ground = &content.load<oblique::Texture2D>("textures/ground");
        m_textures.stone = &content.load<oblique::Texture2D>("textures/stone");
        m_textures.crate = &content.load<oblique::Texture2D>("textures/crate");
        m_textures.heavyCrate = &content.load<oblique::Texture2D>("textures/crate_heavy");
        m_textures.plank = &content.load<oblique::Texture2D>("textures/plank");
        m_textures.coin = &content.load<oblique::Texture2D>("textures/coin");
        m_textures.flag = &content.load<oblique::Texture2D>("textures/flag");
        m_textures.player = &content.load<oblique::Texture2D>("textures/player");
        m_textures.particle = &content.load<oblique::Texture2D>("textures/particle");
        m_sounds.jump = &content.load<oblique::SoundEffect>("sounds/jump");
        m_sounds.coin = &content.load<oblique::SoundEffect>("sounds/coin");
        m_sounds.land = &content.load<oblique::SoundEffect>("sounds/land");
        m_sounds.thud = &content.load<oblique::SoundEffect>("sounds/thud");
        m_sounds.win = &content.load<oblique::SoundEffect>("sounds/win");
        m_theme = &content.load<oblique::Song>("songs/theme");
        m_hudFont = &content.load<oblique::SpriteFont>("fonts/hud");
        // Signs and hints want a smaller size than Content's HUD font; the same face at 15 px.
        m_smallFont.emplace(oblique::SpriteFont::fromFile(kFontPath, kSmallFontSize));
        m_pixel.emplace(1, 1);
        const std::array white{kWhite};
        m_pixel->setData(white);
        setClearColor(m_textures.sky->getData().front());
    }

    // --- Building the level --------------------------------------------------------------------

    oblique::BodyId addStaticBlock(const Block& block, oblique::ShapeDef shape)
    {
        oblique::BodyDef def;
        def.type = oblique::BodyType::Static;
        def.position = 0.5f * (block.lower + block.upper);
        shape.halfExtents = 0.5f * (block.upper - block.lower);
        return m_world.createBody(def, shape);
    }

    oblique::BodyId addSlope(const Slope& slope, oblique::ShapeDef shape)
    {
        const oblique::Vec2 along{std::cos(slope.angle), std::sin(slope.angle)};
        oblique::BodyDef def;
        def.type = oblique::BodyType::Static;
        def.position = slope.foot + (0.5f * slope.length) * along - 0.5f * oblique::perp(along);
        def.angle = slope.angle;
        shape.halfExtents = {0.5f * slope.length, 0.5f};
        return m_world.createBody(def, shape);
    }

    oblique::BodyId addPlatform(oblique::Vec2 position, oblique::Vec2 halfSize)
    {
        oblique::BodyDef def;
        def.type = oblique::BodyType::Kinematic;
        def.position = position;
        oblique::ShapeDef shape = oblique::boxShape(halfSize);
        shape.filter.categoryBits = kSolidCategory;
        return m_world.createBody(def, shape);
    }

    void addCrates()
    {
        for (const Crate& c : kCrates)
        {
            oblique::BodyDef def;
            def.position = c.position;
            oblique::ShapeDef crate = oblique::boxShape({c.halfSize, c.halfSize});
            crate.density = c.mass / (4.0f * c.halfSize * c.halfSize);
            crate.filter.categoryBits = kCrateCategory;
            const oblique::BodyId body = m_world.createBody(def, crate);
            m_crates.push_back(body);
            m_crateQuiet.push_back(0.0f);
            const bool heavy = c.mass >= kHeavyCrateMass;
            m_sprites->attach(body, heavy ? *m_textures.heavyCrate : *m_textures.crate).layerDepth =
                kCrateDepth;
        }
    }

    // Coins and the goal are sensors: the mover reports overlapping them, and they never push.
    void addSensors()
    {
        oblique::ShapeDef coin = oblique::circleShape(kCoinRadius);
        coin.isSensor = true;
        for (const oblique::Vec2 position : kCoins)
        {
            oblique::BodyDef def;
            def.type = oblique::BodyType::Static;
            def.position = position;
            m_coins.push_back(m_world.createBody(def, coin));
        }
        oblique::ShapeDef goal = oblique::boxShape({0.6f, 0.5f * kFlagHeight});
        goal.isSensor = true;
        oblique::BodyDef goalDef;
        goalDef.type = oblique::BodyType::Static;
        goalDef.position = kFlagBase + oblique::Vec2{0.0f, 0.5f * kFlagHeight};
        m_goal = m_world.createBody(goalDef, goal);
        // The flag's pole stands a quarter of the texture in from its left edge, on the flag base.
        oblique::BodySprite flag;
        flag.texture = m_textures.flag;
        flag.size = kFlagSize;
        flag.offset = {0.25f * kFlagSize.x, 0.5f * (kFlagSize.y - kFlagHeight)};
        flag.layerDepth = kGoalDepth;
        m_sprites->attach(m_goal, flag);
    }

    // The player: a kinematic stand-in body that crates collide with, and the mover, which leaves
    // out the stand-in and the ghost wall.
    void addPlayer()
    {
        oblique::BodyDef standInDef;
        standInDef.type = oblique::BodyType::Kinematic;
        standInDef.position = kPlayerStart;
        oblique::ShapeDef standIn = oblique::boxShape(kPlayerHalfSize);
        standIn.filter.categoryBits = kPlayerCategory;
        standIn.filter.maskBits = kCrateCategory;
        m_standIn = m_world.createBody(standInDef, standIn);

        oblique::CharacterMoverDef def;
        def.halfExtents = kPlayerHalfSize;
        def.filter.maskBits = ~kGhostCategory;
        def.ignoredBodies = {m_standIn};
        def.maxSlopeAngle = kMaxSlope;
        def.stepHeight = kStepHeight;
        def.pushStrength = kPushStrength;
        m_player.emplace(def, kPlayerStart);
        m_previousPlayerPosition = kPlayerStart;
        m_velocity = {};
        m_facing = 1.0f;
    }

    // Rows of `tile` (a part of `texture`, kTexelsPerMetre to the metre) tiled along the width,
    // covering the box between `top` and `bottom` in the body's frame across its whole width. A row
    // cut short at the bottom shows the top of the tile (the grass of the ground) instead of the
    // whole tile squashed.
    void attachTileRows(oblique::BodyId body, float width, float top, float bottom,
                        const oblique::Texture2D& texture, oblique::Rectangle tile, float depth,
                        oblique::Color tint = kWhite)
    {
        const float tileWidth = static_cast<float>(tile.width) / kTexelsPerMetre;
        const float tileHeight = static_cast<float>(tile.height) / kTexelsPerMetre;
        const auto rows = static_cast<int>(std::ceil((top - bottom) / tileHeight - 1e-3f));
        for (int i = 0; i < rows; ++i)
        {
            const float y = top - static_cast<float>(i) * tileHeight;
            const float height = std::min(tileHeight, y - bottom);
            oblique::BodySprite row;
            row.texture = &texture;
            row.source = tile;
            row.source->height = std::max(1, static_cast<int>(std::lround(height * kTexelsPerMetre)));
            row.size = {width, height};
            row.offset = {0.0f, y - 0.5f * height};
            row.tileWidth = tileWidth;
            row.tint = tint;
            row.layerDepth = depth;
            m_sprites->attach(body, row);
        }
    }

    // The ground's tile, grass on earth.
    oblique::Rectangle grassTile() const { return m_textures.ground->bounds(); }
    // The ground's tile below the grass: earth alone.
    oblique::Rectangle earthTile() const
    {
        const oblique::Rectangle all = m_textures.ground->bounds();
        return {0, kGrassTexels, all.width, all.height - kGrassTexels};
    }

    // A block of the level: a row of grass, one of earth, and stone bricks under them.
    void attachBlock(oblique::BodyId body, oblique::Vec2 size)
    {
        const float top = 0.5f * size.y;
        const float earthTop = top - std::min(1.0f, size.y);
        const float stoneTop = earthTop - static_cast<float>(earthTile().height) / kTexelsPerMetre;
        attachTileRows(body, size.x, top, earthTop, *m_textures.ground, grassTile(), kBlockDepth);
        attachTileRows(body, size.x, earthTop, std::max(stoneTop, -top), *m_textures.ground, earthTile(),
                       kBlockDepth);
        attachTileRows(body, size.x, stoneTop, -top, *m_textures.stone, m_textures.stone->bounds(),
                       kBlockDepth);
    }

    // A slope's slab is mostly buried in the blocks around it: its grass row runs along the top
    // face, and earth under it fills the triangle between the face and the ledge.
    void attachSlope(oblique::BodyId body, const Slope& slope)
    {
        attachTileRows(body, slope.length, 0.5f, -0.5f, *m_textures.ground, grassTile(), kSlopeDepth);
        attachTileRows(body, slope.length, -0.5f, -1.5f, *m_textures.ground, earthTile(), kSlopeDepth);
    }

    // Platforms are planks, the see-saw two of them end to end.
    void attachPlank(oblique::BodyId body, oblique::Vec2 halfSize, float tileWidth)
    {
        oblique::BodySprite plank = oblique::spriteForBody(m_world, body, *m_textures.plank);
        plank.size = 2.0f * halfSize;
        plank.tileWidth = tileWidth;
        plank.layerDepth = kPlatformDepth;
        m_sprites->attach(body, plank);
    }

    void startLevel()
    {
        oblique::WorldDef def;
        def.gravity = kGravity;
        def.impulseEvents = true; // for the crates' thuds
        m_world = oblique::World{def};
        m_stepper->reset();
        m_sprites->clear();
        m_crates.clear();
        m_crateQuiet.clear();
        m_pushedLastStep.clear();
        m_coins.clear();
        m_dust.clear();
        m_won = false;
        m_playTime = 0.0f;
        m_time = 0.0f;

        oblique::ShapeDef solid = oblique::boxShape({1.0f, 1.0f});
        solid.filter.categoryBits = kSolidCategory;
        // Slopes first: the blocks attached after them are drawn over their buried parts.
        for (const Slope& slope : kSlopes)
        {
            attachSlope(addSlope(slope, solid), slope);
        }
        for (const Block& block : kSolidBlocks)
        {
            attachBlock(addStaticBlock(block, solid), block.upper - block.lower);
        }
        // Ghost: everything but the player.
        oblique::ShapeDef ghost = oblique::boxShape({1.0f, 1.0f});
        ghost.filter.categoryBits = kGhostCategory;
        ghost.filter.maskBits = ~kPlayerCategory;
        const oblique::BodyId ghostWall = addStaticBlock(kGhostWall, ghost);
        const oblique::Vec2 ghostSize = kGhostWall.upper - kGhostWall.lower;
        attachTileRows(ghostWall, ghostSize.x, 0.5f * ghostSize.y, -0.5f * ghostSize.y, *m_textures.stone,
                       m_textures.stone->bounds(), kGhostDepth, kGhostTint);

        m_shuttle = addPlatform({kShuttleLeft, kShuttleY}, kShuttleHalfSize);
        m_world.setLinearVelocity(m_shuttle, {kShuttleSpeed, 0.0f});
        attachPlank(m_shuttle, kShuttleHalfSize, 0.0f);
        m_seesaw = addPlatform(kSeesawCenter, kSeesawHalfSize);
        attachPlank(m_seesaw, kSeesawHalfSize, kSeesawHalfSize.x);
        drivePlatforms(stepSeconds());

        addCrates();
        addSensors();
        addPlayer();
        camera().setCenter(cameraTarget());
    }

    float stepSeconds() const { return oblique::toSeconds(m_stepper->step()); }

    // --- Each step -----------------------------------------------------------------------------

    // Called by the WorldStepper after each world step: the player moves in the world as it is now,
    // what it touched is collected, and the platforms are given their velocities for the next step.
    void afterStep()
    {
        const float dt = stepSeconds();
        listenToCrates(dt);
        movePlayer(dt);
        collectSensors();
        if (!m_won)
        {
            m_playTime += dt;
        }
        m_time += dt;
        drivePlatforms(dt);
    }

    // Kinematic bodies move at the velocity they are given: the shuttle turns round at its ends,
    // and the see-saw is given the turn that brings it to its swing's next angle in the next step.
    void drivePlatforms(float dt)
    {
        const float x = m_world.position(m_shuttle).x;
        const float vx = m_world.linearVelocity(m_shuttle).x;
        if ((x >= kShuttleRight && vx > 0.0f) || (x <= kShuttleLeft && vx < 0.0f))
        {
            m_world.setLinearVelocity(m_shuttle, {-vx, 0.0f});
        }
        const float next = kSeesawTilt * std::sin(kSeesawRate * (m_time + dt));
        m_world.setAngularVelocity(m_seesaw, (next - m_world.angle(m_seesaw)) / dt);
    }

    // --- The player ----------------------------------------------------------------------------

    void readKeys()
    {
        if (input().wasKeyPressed(oblique::Key::Escape))
        {
            exit();
        }
        if (input().wasKeyPressed(oblique::Key::R))
        {
            startLevel();
        }
        if (input().wasKeyPressed(oblique::Key::M))
        {
            oblique::MediaPlayer::setMuted(!oblique::MediaPlayer::isMuted());
        }
        if (input().wasKeyPressed(oblique::Key::F1))
        {
            m_showDebug = !m_showDebug;
        }
        // Kept for the steps this update runs, so a press is seen whichever step it falls in.
        m_jumpRequested =
            !m_won && (input().wasKeyPressed(oblique::Key::Space) || input().wasKeyPressed(oblique::Key::W) ||
                       input().wasKeyPressed(oblique::Key::Up));
    }

    float walkInput() const
    {
        float direction = 0.0f;
        if (m_won)
        {
            return direction;
        }
        if (input().isKeyDown(oblique::Key::A) || input().isKeyDown(oblique::Key::Left))
        {
            direction -= 1.0f;
        }
        if (input().isKeyDown(oblique::Key::D) || input().isKeyDown(oblique::Key::Right))
        {
            direction += 1.0f;
        }
        return direction;
    }

    // The game owns the velocity: the walk is set outright (crisp control), gravity and jumps change
    // the vertical part, and the mover hands back what the world let through (landing ends a fall,
    // a wall a run into it).
    void movePlayer(float dt)
    {
        const float direction = walkInput();
        if (direction != 0.0f)
        {
            m_facing = direction;
        }
        m_velocity.x = direction * kRunSpeed;
        m_velocity += dt * kGravity;
        const bool wasGrounded = m_player->ground().grounded;
        if (wasGrounded && m_jumpRequested)
        {
            m_velocity.y = kJumpSpeed;
            m_jumpRequested = false;
            playAt(*m_sounds.jump, m_player->position(), 0.7f);
        }
        const float fallSpeed = -m_velocity.y;
        m_previousPlayerPosition = m_player->position();
        m_velocity = m_player->move(m_world, m_velocity, dt);
        // The stand-in follows by teleport, not by velocity: moving, a kinematic body would shove
        // crates with unlimited strength.
        m_world.setTransform(m_standIn, m_player->position(), 0.0f);

        if (!wasGrounded && m_player->ground().grounded && fallSpeed > kDustFallSpeed)
        {
            raiseDust(m_player->ground().point, fallSpeed);
            playAt(*m_sounds.land, m_player->position(),
                   std::min(1.0f, fallSpeed / (2.0f * kJumpSpeed) + 0.3f));
        }
        knockPushedCrates();
    }

    // Coins the player touched are collected; the goal ends the level.
    void collectSensors()
    {
        for (const oblique::ShapeRef& sensor : m_player->sensorsEntered())
        {
            if (sensor.body == m_goal && !m_won)
            {
                m_won = true;
                m_sounds.win->play();
            }
            else if (std::find(m_coins.begin(), m_coins.end(), sensor.body) != m_coins.end())
            {
                playAt(*m_sounds.coin, m_world.position(sensor.body), 0.6f);
                m_world.destroyBody(sensor.body);
                std::erase(m_coins, sensor.body);
            }
        }
    }

    // --- Sounds --------------------------------------------------------------------------------

    // Plays a sound panned towards where it happened on screen.
    void playAt(const oblique::SoundEffect& sound, oblique::Vec2 where, float volume) const
    {
        const float halfWidth = 0.5f * camera().viewportSize().x / camera().zoom();
        const float pan = 0.6f * std::clamp((where.x - camera().center().x) / halfWidth, -1.0f, 1.0f);
        sound.play(std::clamp(volume, 0.0f, 1.0f), 0.0f, pan);
    }

    // A crate thuds, unless it did a moment ago.
    void thud(oblique::BodyId body, float volume)
    {
        const auto found = std::find(m_crates.begin(), m_crates.end(), body);
        if (found == m_crates.end())
        {
            return;
        }
        float& quiet = m_crateQuiet[static_cast<std::size_t>(found - m_crates.begin())];
        if (quiet > 0.0f)
        {
            return;
        }
        quiet = kThudQuietTime;
        playAt(*m_sounds.thud, m_world.position(body), volume);
    }

    // The last step's contact impulses: a crate whose speed they changed by much landed or hit
    // something.
    void listenToCrates(float dt)
    {
        for (float& quiet : m_crateQuiet)
        {
            quiet = std::max(0.0f, quiet - dt);
        }
        for (const oblique::ContactImpulseEvent& contact : m_world.contactImpulseEvents())
        {
            float impulse = 0.0f;
            for (int i = 0; i < contact.pointCount; ++i)
            {
                impulse += contact.normalImpulses[i];
            }
            for (const oblique::BodyId body : {contact.a, contact.b})
            {
                if (m_world.bodyType(body) != oblique::BodyType::Dynamic)
                {
                    continue;
                }
                const float speedChange = impulse / m_world.mass(body);
                if (speedChange > kThudSpeedChange)
                {
                    thud(body, 0.3f + speedChange / 10.0f);
                }
            }
        }
    }

    // A knock when the player runs into a crate it was not pushing the step before.
    void knockPushedCrates()
    {
        m_pushedNow.clear();
        for (const oblique::CharacterPush& push : m_player->pushes())
        {
            m_pushedNow.push_back(push.body);
            if (std::find(m_pushedLastStep.begin(), m_pushedLastStep.end(), push.body) ==
                m_pushedLastStep.end())
            {
                thud(push.body, 0.5f);
            }
        }
        std::swap(m_pushedNow, m_pushedLastStep);
    }

    // --- Dust ----------------------------------------------------------------------------------

    // Motes thrown out to both sides, faster and higher the harder the landing.
    void raiseDust(oblique::Vec2 point, float fallSpeed)
    {
        const float strength = fallSpeed / kJumpSpeed;
        for (int i = 0; i < kDustPerLanding; ++i)
        {
            const float side = i % 2 == 0 ? 1.0f : -1.0f;
            const int pair = i / 2;
            const float rank = static_cast<float>(pair);
            const oblique::Vec2 velocity{side * strength * (0.8f + 0.5f * rank), 0.4f + 0.25f * rank};
            m_dust.push_back({point + oblique::Vec2{0.05f * side, 0.05f}, velocity, 0.0f});
        }
    }

    // Motes drift out, slow down and fade.
    void ageDust(float dt)
    {
        const float drag = std::exp(-3.0f * dt);
        for (Dust& d : m_dust)
        {
            d.age += dt;
            d.position += dt * d.velocity;
            d.velocity = drag * d.velocity;
        }
        std::erase_if(m_dust, [](const Dust& d) { return d.age > kDustLifetime; });
    }

    // --- Camera --------------------------------------------------------------------------------

    // Where the player is drawn: between its positions before and after the latest step, as far
    // as the WorldStepper draws the bodies.
    oblique::Vec2 drawnPlayerPosition() const
    {
        return oblique::lerp(m_previousPlayerPosition, m_player->position(), m_stepper->alpha());
    }

    // Above the player, but never past the level's walls or below the ground.
    oblique::Vec2 cameraTarget() const
    {
        const float halfWidth = 0.5f * camera().viewportSize().x / camera().zoom();
        const oblique::Vec2 player = drawnPlayerPosition();
        return {std::clamp(player.x, kLevelLeft + halfWidth, kLevelRight - halfWidth),
                std::max(player.y + kCameraLift, kLowestCameraY)};
    }

    // Eases towards the target: each second closes most of the gap, whatever the frame rate.
    void followPlayer(float dt)
    {
        const float blend = 1.0f - std::exp(-kCameraFollowRate * dt);
        camera().setCenter(oblique::lerp(camera().center(), cameraTarget(), blend));
    }

    // --- Drawing -------------------------------------------------------------------------------

    // Text with a drop shadow, `scale` world or screen units per pixel of text.
    void drawShadowedString(const oblique::SpriteFont& font, std::string_view text, oblique::Vec2 position,
                            oblique::Color color, float scale, oblique::Vec2 shadowOffset)
    {
        m_batch->drawString(font, text, position + shadowOffset, kShadowColor, 0.0f, {}, {scale, scale},
                            oblique::SpriteEffects::None, 0.0f);
        m_batch->drawString(font, text, position, color, 0.0f, {}, {scale, scale},
                            oblique::SpriteEffects::None, 0.0f);
    }

    // The sky, kSkyScale pixels a texel, stands on the bottom of the screen and scrolls slowly
    // with the camera, repeating sideways; above it, the clear colour is its top row's.
    void drawSky()
    {
        const oblique::Texture2D& sky = *m_textures.sky;
        const oblique::Vec2 screen = camera().viewportSize();
        const float width = kSkyScale * static_cast<float>(sky.width());
        const float top = screen.y - kSkyScale * static_cast<float>(sky.height());
        float offset = std::fmod(kSkyParallax * camera().center().x * camera().zoom(), width);
        offset += offset < 0.0f ? width : 0.0f;
        m_batch->begin();
        const auto copies = static_cast<int>(std::ceil((screen.x + offset) / width));
        for (int i = 0; i < copies; ++i)
        {
            m_batch->draw(sky, {static_cast<float>(i) * width - offset, top}, std::nullopt, kWhite, 0.0f, {},
                          kSkyScale, oblique::SpriteEffects::None, 0.0f);
        }
        m_batch->end();
    }

    // Behind the bodies: the see-saw's post and the signs, wooden boards with the text on them.
    void drawBackdrop()
    {
        const oblique::Texture2D& plank = *m_textures.plank;
        const oblique::Vec2 plankTexels{static_cast<float>(plank.width()),
                                        static_cast<float>(plank.height())};
        m_batch->begin(camera());
        // The plank turned upright, from the ground to the pivot.
        m_batch->draw(plank, {kSeesawCenter.x, 0.5f * kSeesawCenter.y}, std::nullopt, kPostTint,
                      0.5f * std::numbers::pi_v<float>, 0.5f * plankTexels,
                      {kSeesawCenter.y / plankTexels.x, 0.3f / plankTexels.y}, oblique::SpriteEffects::None,
                      0.0f);
        const float metresPerPixel = 1.0f / camera().zoom();
        const oblique::Vec2 padding{8.0f * metresPerPixel, 5.0f * metresPerPixel};
        for (const Sign& sign : kSigns)
        {
            const oblique::Vec2 text = metresPerPixel * m_smallFont->measureString(sign.text);
            const oblique::Vec2 board = text + 2.0f * padding;
            m_batch->draw(plank, sign.topLeft + oblique::Vec2{-padding.x, padding.y}, std::nullopt,
                          kSignBoardTint, 0.0f, {}, {board.x / plankTexels.x, board.y / plankTexels.y},
                          oblique::SpriteEffects::None, 0.0f);
            drawShadowedString(*m_smallFont, sign.text, sign.topLeft, kSignTextColor, metresPerPixel,
                               {metresPerPixel, -metresPerPixel});
        }
        m_batch->end();
    }

    // In front of the bodies: the coins, spinning and bobbing, and the player.
    void drawActors(float seconds)
    {
        m_batch->begin(camera());
        const oblique::Texture2D& coin = *m_textures.coin;
        const oblique::Vec2 coinTexels{static_cast<float>(coin.width()), static_cast<float>(coin.height())};
        const float coinSize = 2.0f * kCoinRadius * kCoinDrawScale;
        const float squash = std::max(0.1f, std::abs(std::cos(kCoinSpinRate * seconds)));
        for (const oblique::BodyId body : m_coins)
        {
            const oblique::Vec2 center = m_world.position(body);
            const oblique::Vec2 bob{0.0f, 0.06f * std::sin(3.0f * seconds + center.x)};
            m_batch->draw(coin, center + bob, std::nullopt, kWhite, 0.0f, 0.5f * coinTexels,
                          {squash * coinSize / coinTexels.x, coinSize / coinTexels.y},
                          oblique::SpriteEffects::None, 0.0f);
        }
        const oblique::Texture2D& player = *m_textures.player;
        const oblique::Vec2 playerTexels{static_cast<float>(player.width()),
                                         static_cast<float>(player.height())};
        m_batch->draw(
            player, drawnPlayerPosition(), std::nullopt, kWhite, 0.0f, 0.5f * playerTexels,
            {2.0f * kPlayerHalfSize.x / playerTexels.x, 2.0f * kPlayerHalfSize.y / playerTexels.y},
            m_facing < 0.0f ? oblique::SpriteEffects::FlipHorizontally : oblique::SpriteEffects::None, 0.0f);
        m_batch->end();
    }

    // Dust glows a little over what is behind it: additive blending, fading with age.
    void drawDust()
    {
        if (m_dust.empty())
        {
            return;
        }
        const oblique::Texture2D& particle = *m_textures.particle;
        const float texels = static_cast<float>(particle.width());
        m_batch->begin(camera(), oblique::SpriteSortMode::Deferred, oblique::BlendState::Additive);
        for (const Dust& d : m_dust)
        {
            const float t = d.age / kDustLifetime;
            const float fade = 1.0f - t;
            const oblique::Color tint{fade * kDustColor.r, fade * kDustColor.g, fade * kDustColor.b, fade};
            const float size = 0.35f + 0.6f * t;
            m_batch->draw(particle, d.position, std::nullopt, tint, 0.0f, {0.5f * texels, 0.5f * texels},
                          size / texels, oblique::SpriteEffects::None, 0.0f);
        }
        m_batch->end();
    }

    // An arrow from `from` along `direction` (unit) for `length` metres.
    void drawArrow(oblique::Vec2 from, oblique::Vec2 direction, float length, oblique::Color color)
    {
        const oblique::Vec2 tip = from + length * direction;
        const oblique::Vec2 back = -0.2f * direction;
        const oblique::Vec2 side = 0.1f * oblique::perp(direction);
        debugDraw().drawSegment(from, tip, color);
        debugDraw().drawSegment(tip, tip + back + side, color);
        debugDraw().drawSegment(tip, tip + back - side, color);
    }

    // F1: what the mover reports, drawn where it happens: the box it moves, the ground's normal
    // from the point it stands on, and the pushes it gives crates.
    void drawDebugOverlay()
    {
        debugDraw().drawPolygon(oblique::corners(oblique::makeObb(m_player->position(), kPlayerHalfSize)),
                                kPushColor);
        const oblique::CharacterGround& ground = m_player->ground();
        if (ground.grounded)
        {
            debugDraw().drawPoint(ground.point, 7.0f, kNormalColor);
            drawArrow(ground.point, ground.normal, kNormalLength, kNormalColor);
        }
        for (const oblique::CharacterPush& push : m_player->pushes())
        {
            drawArrow(push.point, oblique::normalize(push.impulse), 0.5f, kPushColor);
        }
    }

    // What the mover says about the player: what it stands on, at what slope, and what it pushes.
    void describeGround(char* line, std::size_t size) const
    {
        const oblique::CharacterGround& ground = m_player->ground();
        if (!ground.grounded)
        {
            std::snprintf(line, size, "In the air");
            return;
        }
        const float slope = std::acos(std::clamp(ground.normal.y, -1.0f, 1.0f)) / kDegree;
        const bool riding = m_world.bodyType(ground.body) == oblique::BodyType::Kinematic;
        const bool onCrate = std::find(m_crates.begin(), m_crates.end(), ground.body) != m_crates.end();
        std::snprintf(line, size, "On %s: normal (%.2f, %.2f), %.0f degrees%s",
                      riding ? "a platform" : (onCrate ? "a crate" : "the ground"),
                      static_cast<double>(ground.normal.x), static_cast<double>(ground.normal.y),
                      static_cast<double>(slope), m_player->pushes().empty() ? "" : "   pushing");
    }

    // A dark see-through panel behind text, in screen pixels.
    void drawPanel(oblique::Vec2 topLeft, oblique::Vec2 size)
    {
        m_batch->draw(*m_pixel, topLeft, std::nullopt, kPanelColor, 0.0f, {}, size,
                      oblique::SpriteEffects::None, 0.0f);
    }

    void drawHud()
    {
        const oblique::Vec2 screen = camera().viewportSize();
        const oblique::Vec2 shadow{2.0f, 2.0f};
        const int collected = static_cast<int>(kCoins.size() - m_coins.size());
        char line[128];
        m_batch->begin();

        drawPanel({12.0f, 10.0f}, {300.0f, 44.0f});
        const oblique::Texture2D& coin = *m_textures.coin;
        m_batch->draw(coin, {20.0f, 16.0f}, std::nullopt, kWhite, 0.0f, {},
                      32.0f / static_cast<float>(coin.width()), oblique::SpriteEffects::None, 0.0f);
        std::snprintf(line, sizeof line, "%d/%d", collected, static_cast<int>(kCoins.size()));
        drawShadowedString(*m_hudFont, line, {60.0f, 17.0f}, kTextColor, 1.0f, shadow);
        std::snprintf(line, sizeof line, "Time %.1f s", static_cast<double>(m_playTime));
        drawShadowedString(*m_hudFont, line, {150.0f, 17.0f}, kTextColor, 1.0f, shadow);

        if (m_showDebug)
        {
            describeGround(line, sizeof line);
            drawShadowedString(*m_smallFont, line, {16.0f, 62.0f}, kDebugTextColor, 1.0f, shadow);
        }
        const std::string_view keys =
            oblique::MediaPlayer::isMuted()
                ? "A/D or arrows run   Space, W or Up jump   R restart   M music (off)   F1 debug   Esc quit"
                : "A/D or arrows run   Space, W or Up jump   R restart   M music   F1 debug   Esc quit";
        drawShadowedString(*m_smallFont, keys, {16.0f, screen.y - 28.0f}, kHintColor, 1.0f, shadow);

        if (m_won)
        {
            std::snprintf(line, sizeof line, "Level complete!  %d of %d coins in %.1f s.  R plays again.",
                          collected, static_cast<int>(kCoins.size()), static_cast<double>(m_playTime));
            const oblique::Vec2 size = m_hudFont->measureString(line);
            const oblique::Vec2 at{0.5f * (screen.x - size.x), 0.3f * screen.y};
            drawPanel(at - oblique::Vec2{20.0f, 14.0f}, size + oblique::Vec2{40.0f, 28.0f});
            drawShadowedString(*m_hudFont, line, at, kWinColor, 1.0f, shadow);
        }
        m_batch->end();
    }

    oblique::World m_world;
    oblique::WorldStepper* m_stepper = nullptr;       // a component the game owns
    oblique::BodySpriteRenderer* m_sprites = nullptr; // likewise
    std::unique_ptr<oblique::SpriteBatch> m_batch;
    Textures m_textures;
    Sounds m_sounds;
    oblique::Song* m_theme = nullptr;
    const oblique::SpriteFont* m_hudFont = nullptr;
    std::optional<oblique::SpriteFont> m_smallFont;
    std::optional<oblique::Texture2D> m_pixel; // white, for panels

    std::optional<oblique::CharacterMover> m_player; // made with each level
    oblique::Vec2 m_previousPlayerPosition;          // before the latest step, for drawing
    oblique::Vec2 m_velocity;                        // the player's, kept from step to step
    oblique::BodyId m_standIn;
    oblique::BodyId m_goal;
    oblique::BodyId m_shuttle;
    oblique::BodyId m_seesaw;
    std::vector<oblique::BodyId> m_crates;
    std::vector<float> m_crateQuiet; // per crate: seconds before it may thud again
    std::vector<oblique::BodyId> m_pushedLastStep;
    std::vector<oblique::BodyId> m_pushedNow;
    std::vector<oblique::BodyId> m_coins; // the ones not collected yet
    std::vector<Dust> m_dust;
    float m_facing = 1.0f; // +1 right, -1 left
    float m_playTime = 0.0f;
    float m_time = 0.0f; // seconds since the level started, for the see-saw's swing
    bool m_won = false;
    bool m_jumpRequested = false;
    bool m_showDebug = false;
};

} // namespace

int main(int argc, char** argv)
{
    CrateClimber game;
    game.setTitle("Crate climber");
    return oblique::runFromCommandLine(game, "oblique-example-platformer", argc, argv);
}
