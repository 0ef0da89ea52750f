// Crate climber: a small physics platformer on Oblique's SFML framework.
//
// Run and jump to the flag. The ledge on the way is too high to jump onto, so push a crate to its
// foot and climb. Coins along the way are sensors: touching one collects it. A ghost wall lets the
// player through but stops crates (collision filtering with category and mask bits).
//
// What it shows of the engine:
//  - a dynamic player with fixedRotation, moved by setting its horizontal velocity;
//  - grounding by ray casts (World::rayCastClosest) and jumping with an impulse;
//  - contact begin events (dust where the player lands) and sensor begin events (coins, the goal),
//    with bodies destroyed only after the events have been read;
//  - category and mask bits (the ghost wall; the ground rays ignore the player itself).
//
// Run without arguments for a window; `--frames N --screenshot out.png` renders N frames off-screen
// and saves the last one (a smoke test for machines without a screen).

#include "oblique/sfml/game.hpp"
#include "oblique/sfml/run_from_command_line.hpp"
#include "oblique/world.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <numbers>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace
{

// --- Tuning (metres, seconds, kilograms) ---------------------------------------------------------

constexpr oblique::Vec2 kGravity{0.0f, -20.0f}; // twice Earth's: snappier jumps
constexpr float kRunSpeed = 6.0f;               // m/s
constexpr float kJumpSpeed = 10.0f;             // m/s upwards: a 2.5 m jump under kGravity
constexpr float kGroundProbe = 0.1f;            // how far below the feet still counts as standing
constexpr oblique::Vec2 kPlayerHalfSize{0.4f, 0.6f};
constexpr oblique::Vec2 kPlayerStart{-1.0f, 1.5f};
constexpr float kCrateHalfSize = 0.5f;
constexpr float kCoinRadius = 0.3f;
constexpr float kCoinSpinRate = 2.0f; // rad/s

constexpr float kCameraZoom = 45.0f;      // pixels per metre
constexpr float kCameraFollowRate = 6.0f; // 1/s: how quickly the camera catches up
constexpr float kCameraLift = 1.5f;       // the camera looks a little above the player
constexpr float kLevelLeft = -13.0f;      // the level's outer walls, for the camera
constexpr float kLevelRight = 63.0f;
constexpr float kLowestCameraY = 5.0f; // keeps the ground in the lower part of the screen

constexpr float kDustLifetime = 0.4f; // seconds

// Collision categories. Shapes collide when each one's category is in the other's mask.
constexpr std::uint32_t kSolidCategory = 1u << 0;
constexpr std::uint32_t kPlayerCategory = 1u << 1;
constexpr std::uint32_t kCrateCategory = 1u << 2;
constexpr std::uint32_t kGhostCategory = 1u << 3;

// --- Colours -------------------------------------------------------------------------------------

// Shapes are filled opaque, a little darker than their outlines.
constexpr float kFillAlpha = 1.0f;
constexpr float kFillBrightness = 0.8f;

constexpr oblique::Color kSkyColor{0.13f, 0.17f, 0.30f, 1.0f};
constexpr oblique::Color kGroundColor{0.50f, 0.36f, 0.24f, 1.0f};
constexpr oblique::Color kGrassColor{0.40f, 0.78f, 0.30f, 1.0f};
constexpr oblique::Color kPlayerColor{1.0f, 0.72f, 0.20f, 1.0f};
constexpr oblique::Color kEyeColor{0.10f, 0.10f, 0.12f, 1.0f};
constexpr oblique::Color kCrateColor{0.80f, 0.56f, 0.30f, 1.0f};
constexpr oblique::Color kCoinColor{1.0f, 0.86f, 0.20f, 1.0f};
constexpr oblique::Color kGhostColor{0.72f, 0.50f, 1.0f, 0.45f};
constexpr oblique::Color kFlagColor{0.30f, 0.95f, 0.45f, 1.0f};
constexpr oblique::Color kPoleColor{0.85f, 0.85f, 0.85f, 1.0f};
constexpr oblique::Color kDustColor{0.85f, 0.80f, 0.70f, 1.0f};
constexpr oblique::Color kTextColor{0.95f, 0.95f, 0.95f, 1.0f};
constexpr oblique::Color kSignColor{0.75f, 0.80f, 0.95f, 1.0f};
constexpr oblique::Color kWinColor{1.0f, 0.86f, 0.20f, 1.0f};

// --- The level -----------------------------------------------------------------------------------

// A static box given by its lower-left and upper-right corners, which is how levels are drawn on
// paper.
struct Block
{
    oblique::Vec2 lower;
    oblique::Vec2 upper;
};

constexpr std::array<Block, 9> kSolidBlocks{{
    {{-13.0f, -5.0f}, {63.0f, 0.0f}},  // the ground, deep enough to fill the screen below
    {{-13.0f, 0.0f}, {-12.0f, 12.0f}}, // the left wall
    {{62.0f, 0.0f}, {63.0f, 12.0f}},   // the right wall
    {{-12.0f, 3.0f}, {-5.0f, 3.6f}},   // the roof of the coin store
    {{14.0f, 0.0f}, {30.0f, 3.0f}},    // the ledge: higher than a jump
    {{33.5f, 2.0f}, {36.5f, 2.5f}},    // three floating platforms
    {{38.5f, 4.0f}, {41.5f, 4.5f}},
    {{44.0f, 5.8f}, {47.0f, 6.3f}},
    {{54.0f, 0.0f}, {62.0f, 0.6f}}, // a low step before the flag
}};

// The wall of the coin store: the player walks through it, crates do not.
constexpr Block kGhostWall{{-6.0f, 0.0f}, {-5.0f, 3.0f}};

constexpr std::array<oblique::Vec2, 6> kCrates{{
    {-3.0f, 0.5f}, // next to the ghost wall, to try it with
    {9.0f, 0.5f},  // the one to push to the ledge
    {49.0f, 0.5f}, // a small stack to knock over
    {50.0f, 0.5f},
    {49.5f, 1.5f},
    {24.0f, 3.5f}, // up on the ledge
}};

constexpr std::array<oblique::Vec2, 12> kCoins{{
    {3.0f, 2.0f},
    {5.0f, 2.6f},
    {7.0f, 2.0f},
    {-10.0f, 1.0f}, // in the coin store
    {-9.0f, 1.0f},
    {-8.0f, 1.0f},
    {18.0f, 4.0f},
    {21.0f, 4.8f},
    {27.0f, 4.0f},
    {35.0f, 3.2f},
    {40.0f, 5.2f},
    {45.5f, 7.0f},
}};

constexpr oblique::Vec2 kFlagBase{59.0f, 0.6f};
constexpr float kFlagHeight = 3.0f;

struct Sign
{
    oblique::Vec2 topLeft;
    std::string_view text;
};

constexpr std::array<Sign, 3> kSigns{{
    {{-7.6f, 5.0f}, "Ghost wall: you pass, crates don't"},
    {{7.0f, 4.6f}, "Too high to jump: push a crate here"},
    {{56.8f, 5.0f}, "Goal"},
}};

// A puff of dust where the player landed.
struct Dust
{
    oblique::Vec2 position;
    float age = 0.0f; // seconds
};

// --- The game ------------------------------------------------------------------------------------

class CrateClimber : public oblique::Game
{
protected:
    void loadContent() override
    {
        setClearColor(kSkyColor);
        debugDraw().setFillStyle(kFillAlpha, kFillBrightness);
        camera().setZoom(kCameraZoom);
        startLevel();
    }

    void update(const oblique::GameTime& time) override
    {
        if (input().wasKeyPressed(oblique::Key::Escape))
        {
            exit();
        }
        if (input().wasKeyPressed(oblique::Key::R))
        {
            startLevel();
        }
        const float dt = time.elapsedSeconds();
        // The very first update has dt = 0, which World::step rejects.
        if (dt > 0.0f)
        {
            movePlayer();
            m_world.step(dt);
            handleLandings();
            handleSensors();
            if (!m_won)
            {
                m_playTime += dt;
            }
            ageDust(dt);
        }
        followPlayer(dt);
        Game::update(time);
    }

    void draw(const oblique::GameTime& time) override
    {
        drawLevel();
        drawCratesAndCoins(static_cast<float>(time.totalSeconds()));
        drawPlayer();
        drawHud();
        Game::draw(time);
    }

private:
    // --- Building the level --------------------------------------------------------------------

    oblique::BodyId addStaticBlock(const Block& block, oblique::ShapeDef shape)
    {
        oblique::BodyDef def;
        def.type = oblique::BodyType::Static;
        def.position = 0.5f * (block.lower + block.upper);
        shape.halfExtents = 0.5f * (block.upper - block.lower);
        return m_world.createBody(def, shape);
    }

    void startLevel()
    {
        m_world = oblique::World{};
        m_world.setGravity(kGravity);
        m_solids.clear();
        m_crates.clear();
        m_coins.clear();
        m_dust.clear();
        m_won = false;
        m_playTime = 0.0f;

        oblique::ShapeDef solid = oblique::boxShape({1.0f, 1.0f});
        solid.filter.categoryBits = kSolidCategory;
        for (const Block& block : kSolidBlocks)
        {
            m_solids.push_back(addStaticBlock(block, solid));
        }

        // Ghost: everything but the player.
        oblique::ShapeDef ghost = oblique::boxShape({1.0f, 1.0f});
        ghost.filter.categoryBits = kGhostCategory;
        ghost.filter.maskBits = ~kPlayerCategory;
        m_ghostWall = addStaticBlock(kGhostWall, ghost);

        for (const oblique::Vec2 position : kCrates)
        {
            oblique::BodyDef def;
            def.position = position;
            oblique::ShapeDef crate = oblique::boxShape({kCrateHalfSize, kCrateHalfSize});
            crate.density = 0.5f; // light enough to push about
            crate.filter.categoryBits = kCrateCategory;
            m_crates.push_back(m_world.createBody(def, crate));
        }

        // Coins and the goal are sensors: they report overlaps and never push.
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

        // The player never tips over, and slides along walls rather than sticking to them.
        oblique::BodyDef playerDef;
        playerDef.position = kPlayerStart;
        playerDef.fixedRotation = true;
        playerDef.allowSleep = false;
        oblique::ShapeDef player = oblique::boxShape(kPlayerHalfSize);
        player.friction = 0.0f;
        player.filter.categoryBits = kPlayerCategory;
        m_player = m_world.createBody(playerDef, player);

        camera().setCenter(cameraTarget());
    }

    // --- The player ----------------------------------------------------------------------------

    // Standing means a short ray down from either side of the feet hits something solid. The rays
    // start inside the player, so its own category is left out of the mask, and so is the ghost
    // wall's, which the player does not stand on.
    bool isGrounded() const
    {
        oblique::QueryFilter standable;
        standable.maskBits = kSolidCategory | kCrateCategory;
        const oblique::Vec2 center = m_world.position(m_player);
        const oblique::Vec2 down{0.0f, -(kPlayerHalfSize.y + kGroundProbe)};
        const float inset = kPlayerHalfSize.x - 0.05f;
        for (const float side : {-inset, inset})
        {
            if (m_world.rayCastClosest(center + oblique::Vec2{side, 0.0f}, down, standable))
            {
                return true;
            }
        }
        return false;
    }

    void movePlayer()
    {
        float direction = 0.0f;
        if (!m_won)
        {
            if (input().isKeyDown(oblique::Key::A) || input().isKeyDown(oblique::Key::Left))
            {
                direction -= 1.0f;
            }
            if (input().isKeyDown(oblique::Key::D) || input().isKeyDown(oblique::Key::Right))
            {
                direction += 1.0f;
            }
        }
        if (direction != 0.0f)
        {
            m_facing = direction;
        }
        // Horizontal speed is set outright (crisp control); gravity keeps the vertical speed.
        const oblique::Vec2 velocity = m_world.linearVelocity(m_player);
        m_world.setLinearVelocity(m_player, {direction * kRunSpeed, velocity.y});

        const bool jumpPressed = input().wasKeyPressed(oblique::Key::Space) ||
                                 input().wasKeyPressed(oblique::Key::W) ||
                                 input().wasKeyPressed(oblique::Key::Up);
        if (jumpPressed && !m_won && isGrounded())
        {
            // The impulse that brings the vertical speed to exactly kJumpSpeed, whatever it was.
            const float impulse = m_world.mass(m_player) * (kJumpSpeed - velocity.y);
            m_world.applyLinearImpulse(m_player, {0.0f, impulse}, m_world.position(m_player));
        }
    }

    // A contact that begins with the player on top of something is a landing: leave some dust.
    void handleLandings()
    {
        constexpr float kMinUpward = 0.7f; // how upright the contact normal must be
        for (const oblique::ContactBeginEvent& e : m_world.contactBeginEvents())
        {
            // The normal points from a to b; turn it so it points from the other body to the player.
            oblique::Vec2 normal = e.manifold.normal;
            if (e.a == m_player)
            {
                normal = -normal;
            }
            else if (e.b != m_player)
            {
                continue;
            }
            if (normal.y > kMinUpward)
            {
                m_dust.push_back({m_world.position(m_player) - oblique::Vec2{0.0f, kPlayerHalfSize.y}});
            }
        }
    }

    // Coins touched by the player are collected; the goal ends the level. The events are spans into
    // the world, so bodies are destroyed only after reading them all.
    void handleSensors()
    {
        std::vector<oblique::BodyId> collected;
        for (const oblique::SensorEvent& e : m_world.sensorBeginEvents())
        {
            if (e.visitor != m_player)
            {
                continue; // a crate rolling through a coin does not collect it
            }
            if (e.sensor == m_goal)
            {
                m_won = true;
            }
            else if (std::find(m_coins.begin(), m_coins.end(), e.sensor) != m_coins.end())
            {
                collected.push_back(e.sensor);
            }
        }
        for (const oblique::BodyId coin : collected)
        {
            m_world.destroyBody(coin);
            std::erase(m_coins, coin);
        }
    }

    void ageDust(float dt)
    {
        for (Dust& d : m_dust)
        {
            d.age += dt;
        }
        std::erase_if(m_dust, [](const Dust& d) { return d.age > kDustLifetime; });
    }

    // --- Camera --------------------------------------------------------------------------------

    // Above the player, but never past the level's walls or below the ground.
    oblique::Vec2 cameraTarget() const
    {
        const float halfWidth = 0.5f * camera().viewportSize().x / camera().zoom();
        const oblique::Vec2 player = m_world.position(m_player);
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

    void drawBox(oblique::BodyId body, oblique::Color color)
    {
        debugDraw().drawSolidPolygon(oblique::corners(m_world.obb(body)), color);
    }

    void drawLevel()
    {
        oblique::DebugDraw& d = debugDraw();
        for (const oblique::BodyId solid : m_solids)
        {
            drawBox(solid, kGroundColor);
            // A strip of grass along the top.
            const oblique::Aabb box = m_world.aabb(solid);
            const std::array<oblique::Vec2, 4> grass{{{box.lower.x, box.upper.y - 0.15f},
                                                      {box.upper.x, box.upper.y - 0.15f},
                                                      box.upper,
                                                      {box.lower.x, box.upper.y}}};
            d.drawSolidPolygon(grass, kGrassColor);
        }
        drawBox(m_ghostWall, kGhostColor);

        // The flag: a pole and a pennant.
        const oblique::Vec2 top = kFlagBase + oblique::Vec2{0.0f, kFlagHeight};
        d.drawSegment(kFlagBase, top, kPoleColor);
        const std::array<oblique::Vec2, 3> pennant{{top - oblique::Vec2{0.0f, 0.8f},
                                                    top - oblique::Vec2{0.0f, 0.05f},
                                                    top + oblique::Vec2{1.2f, -0.4f}}};
        d.drawSolidPolygon(pennant, kFlagColor);

        // The HUD changes the text size at the end of each frame; signs have their own.
        debugDraw().setCharacterSize(16);
        for (const Sign& sign : kSigns)
        {
            d.drawString(sign.topLeft, sign.text, kSignColor);
        }
        for (const Dust& dust : m_dust)
        {
            const float grown = dust.age / kDustLifetime;
            const oblique::Color faded{kDustColor.r, kDustColor.g, kDustColor.b, 1.0f - grown};
            d.drawCircle(dust.position + oblique::Vec2{-0.3f * grown, 0.1f}, 0.1f + 0.2f * grown, faded);
            d.drawCircle(dust.position + oblique::Vec2{0.3f * grown, 0.1f}, 0.1f + 0.2f * grown, faded);
        }
    }

    void drawCratesAndCoins(float seconds)
    {
        oblique::DebugDraw& d = debugDraw();
        for (const oblique::BodyId crate : m_crates)
        {
            const std::array<oblique::Vec2, 4> c = oblique::corners(m_world.obb(crate));
            d.drawSolidPolygon(c, kCrateColor);
            d.drawSegment(c[0], c[2], kCrateColor); // the planks' cross brace
            d.drawSegment(c[1], c[3], kCrateColor);
        }
        // Coins spin: an ellipse whose width follows a cosine. They shine: filled in their full
        // colour rather than the darker shade everything else gets.
        debugDraw().setFillStyle(1.0f, 1.0f);
        constexpr int kSides = 16;
        const float squash = std::max(0.15f, std::abs(std::cos(kCoinSpinRate * seconds)));
        for (const oblique::BodyId coin : m_coins)
        {
            const oblique::Vec2 center = m_world.position(coin);
            std::array<oblique::Vec2, kSides> outline;
            for (int i = 0; i < kSides; ++i)
            {
                const float a = 2.0f * std::numbers::pi_v<float> * static_cast<float>(i) / kSides;
                outline[static_cast<std::size_t>(i)] =
                    center + kCoinRadius * oblique::Vec2{squash * std::cos(a), std::sin(a)};
            }
            d.drawSolidPolygon(outline, kCoinColor);
        }
        debugDraw().setFillStyle(kFillAlpha, kFillBrightness);
    }

    void drawPlayer()
    {
        drawBox(m_player, kPlayerColor);
        // Two eyes looking the way the player last moved.
        const oblique::Vec2 head = m_world.position(m_player) + oblique::Vec2{0.15f * m_facing, 0.3f};
        debugDraw().drawPoint(head - oblique::Vec2{0.1f, 0.0f}, 6.0f, kEyeColor);
        debugDraw().drawPoint(head + oblique::Vec2{0.1f, 0.0f}, 6.0f, kEyeColor);
    }

    void drawHud()
    {
        oblique::SfmlDebugDraw& d = debugDraw();
        const oblique::Vec2 screen = camera().viewportSize();
        const int collected = static_cast<int>(kCoins.size() - m_coins.size());
        char line[96];
        std::snprintf(line, sizeof line, "Coins %d/%d     Time %.1f s", collected,
                      static_cast<int>(kCoins.size()), static_cast<double>(m_playTime));
        d.setCharacterSize(20);
        d.drawScreenString({16.0f, 12.0f}, line, kTextColor);
        d.setCharacterSize(14);
        d.drawScreenString({16.0f, screen.y - 28.0f},
                           "A/D or arrows run   Space, W or Up jump   R restart   Esc quit", kSignColor);
        if (m_won)
        {
            std::snprintf(line, sizeof line, "Level complete!  %d of %d coins in %.1f s.  R plays again.",
                          collected, static_cast<int>(kCoins.size()), static_cast<double>(m_playTime));
            d.setCharacterSize(28);
            d.drawScreenString({0.5f * screen.x - 380.0f, 0.3f * screen.y}, line, kWinColor);
        }
    }

    oblique::World m_world;
    oblique::BodyId m_player;
    oblique::BodyId m_goal;
    oblique::BodyId m_ghostWall;
    std::vector<oblique::BodyId> m_solids;
    std::vector<oblique::BodyId> m_crates;
    std::vector<oblique::BodyId> m_coins; // the ones not collected yet
    std::vector<Dust> m_dust;
    float m_facing = 1.0f; // +1 right, -1 left
    float m_playTime = 0.0f;
    bool m_won = false;
};

} // namespace

int main(int argc, char** argv)
{
    CrateClimber game;
    game.setTitle("Crate climber");
    return oblique::runFromCommandLine(game, "oblique-example-platformer", argc, argv);
}
