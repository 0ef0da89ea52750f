// Crate climber: a small platformer on Oblique's SFML framework, its player a character mover.
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
//    strength) and says what it stands on (ground normal, drawn as an arrow under the player);
//  - crates are dynamic bodies: the pushes are impulses, so a crate's weight and friction decide
//    how far it goes, and a wall stops it and the player with it;
//  - the sensors the mover overlaps (coins, the goal) come from CharacterMover::sensorsEntered;
//  - a kinematic stand-in body follows the player, so crates land on its head rather than in it;
//    the mover ignores it (CharacterMoverDef::ignoredBodies);
//  - kinematic platforms moved by setting their velocities each frame;
//  - category and mask bits: the mover's filter leaves out the ghost wall, crates collide with it.
//
// Run without arguments for a window; `--frames N --screenshot out.png` renders N frames off-screen
// and saves the last one (a smoke test for machines without a screen).

#include "oblique/character_mover.hpp"
#include "oblique/sfml/game.hpp"
#include "oblique/sfml/run_from_command_line.hpp"
#include "oblique/world.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
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

constexpr float kDustLifetime = 0.4f;  // seconds
constexpr float kDustFallSpeed = 4.0f; // m/s: landings faster than this raise dust

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
constexpr oblique::Color kHeavyCrateColor{0.52f, 0.52f, 0.58f, 1.0f};
constexpr oblique::Color kPlatformColor{0.45f, 0.70f, 0.95f, 1.0f};
constexpr oblique::Color kCoinColor{1.0f, 0.86f, 0.20f, 1.0f};
constexpr oblique::Color kGhostColor{0.72f, 0.50f, 1.0f, 0.45f};
constexpr oblique::Color kFlagColor{0.30f, 0.95f, 0.45f, 1.0f};
constexpr oblique::Color kPoleColor{0.85f, 0.85f, 0.85f, 1.0f};
constexpr oblique::Color kNormalColor{1.0f, 0.35f, 0.35f, 1.0f};
constexpr oblique::Color kPushColor{1.0f, 1.0f, 1.0f, 1.0f};
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
    {{-0.5f, 2.6f}, "20 cm steps: walked up"},
    {{7.0f, 5.4f}, "Too high to jump: push the crate here"},
    {{14.6f, 7.6f}, "80 kg: too heavy to push"},
    {{17.2f, 6.0f}, "30 degrees: walkable"},
    {{23.0f, 7.3f}, "60 degrees: too steep"},
    {{35.5f, 7.0f}, "Ride the platforms"},
    {{53.5f, 4.6f}, "Knock it over"},
    {{59.8f, 5.0f}, "Goal"},
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
        // The very first update has dt = 0, which World::step and CharacterMover::move reject.
        // The world steps first and the player moves after, so that it is drawn where the
        // platform it rides is now (the mover carries it by as far as the platform went).
        if (dt > 0.0f)
        {
            drivePlatforms(dt);
            m_world.step(dt);
            movePlayer(dt);
            collectSensors();
            if (!m_won)
            {
                m_playTime += dt;
            }
            m_time += dt;
            ageDust(dt);
        }
        followPlayer(dt);
        Game::update(time);
    }

    void draw(const oblique::GameTime& time) override
    {
        drawLevel();
        drawBodies(static_cast<float>(time.totalSeconds()));
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

    void addSlope(const Slope& slope, oblique::ShapeDef shape)
    {
        const oblique::Vec2 along{std::cos(slope.angle), std::sin(slope.angle)};
        oblique::BodyDef def;
        def.type = oblique::BodyType::Static;
        def.position = slope.foot + (0.5f * slope.length) * along - 0.5f * oblique::perp(along);
        def.angle = slope.angle;
        shape.halfExtents = {0.5f * slope.length, 0.5f};
        m_world.createBody(def, shape);
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
            m_crates.push_back(m_world.createBody(def, crate));
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
        m_velocity = {};
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
        m_time = 0.0f;

        oblique::ShapeDef solid = oblique::boxShape({1.0f, 1.0f});
        solid.filter.categoryBits = kSolidCategory;
        for (const Block& block : kSolidBlocks)
        {
            m_solids.push_back(addStaticBlock(block, solid));
        }
        for (const Slope& slope : kSlopes)
        {
            addSlope(slope, solid);
        }
        // Ghost: everything but the player.
        oblique::ShapeDef ghost = oblique::boxShape({1.0f, 1.0f});
        ghost.filter.categoryBits = kGhostCategory;
        ghost.filter.maskBits = ~kPlayerCategory;
        m_ghostWall = addStaticBlock(kGhostWall, ghost);

        m_shuttle = addPlatform({kShuttleLeft, kShuttleY}, kShuttleHalfSize);
        m_world.setLinearVelocity(m_shuttle, {kShuttleSpeed, 0.0f});
        m_seesaw = addPlatform(kSeesawCenter, kSeesawHalfSize);

        addCrates();
        addSensors();
        addPlayer();
        camera().setCenter(cameraTarget());
    }

    // --- Platforms -----------------------------------------------------------------------------

    // Kinematic bodies move at the velocity they are given: the shuttle turns round at its ends,
    // and the see-saw is given the turn that brings it to its swing's next angle in this step.
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

    bool jumpPressed() const
    {
        return !m_won && (input().wasKeyPressed(oblique::Key::Space) ||
                          input().wasKeyPressed(oblique::Key::W) || input().wasKeyPressed(oblique::Key::Up));
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
        if (wasGrounded && jumpPressed())
        {
            m_velocity.y = kJumpSpeed;
        }
        const float fallSpeed = -m_velocity.y;
        m_velocity = m_player->move(m_world, m_velocity, dt);
        // The stand-in follows by teleport, not by velocity: moving, a kinematic body would shove
        // crates with unlimited strength.
        m_world.setTransform(m_standIn, m_player->position(), 0.0f);

        if (!wasGrounded && m_player->ground().grounded && fallSpeed > kDustFallSpeed)
        {
            m_dust.push_back({m_player->ground().point});
        }
    }

    // Coins the player touched are collected; the goal ends the level.
    void collectSensors()
    {
        for (const oblique::ShapeRef& sensor : m_player->sensorsEntered())
        {
            if (sensor.body == m_goal)
            {
                m_won = true;
            }
            else if (std::find(m_coins.begin(), m_coins.end(), sensor.body) != m_coins.end())
            {
                m_world.destroyBody(sensor.body);
                std::erase(m_coins, sensor.body);
            }
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
        const oblique::Vec2 player = m_player->position();
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

    // Earth with a strip of grass along its top face (turned with it, for slopes).
    void drawEarth(oblique::BodyId body)
    {
        const oblique::Obb box = m_world.obb(body);
        const std::array<oblique::Vec2, 4> c = oblique::corners(box);
        const oblique::Vec2 depth = 0.15f * oblique::axisY(box);
        drawBox(body, kGroundColor);
        const std::array<oblique::Vec2, 4> grass{{c[3] - depth, c[2] - depth, c[2], c[3]}};
        debugDraw().drawSolidPolygon(grass, kGrassColor);
    }

    // A slope's slab is mostly buried in the blocks around it: drawn is the earth above them, the
    // triangle under its top face, and the grass along that face.
    void drawSlope(const Slope& slope)
    {
        const oblique::Vec2 along{std::cos(slope.angle), std::sin(slope.angle)};
        const oblique::Vec2 end = slope.foot + slope.length * along;
        const oblique::Vec2 low = slope.foot.y < end.y ? slope.foot : end;
        const oblique::Vec2 high = slope.foot.y < end.y ? end : slope.foot;
        const std::array<oblique::Vec2, 3> earth{{low, {high.x, low.y}, high}};
        debugDraw().drawSolidPolygon(earth, kGroundColor);
        const oblique::Vec2 depth = 0.15f * oblique::perp(along);
        const std::array<oblique::Vec2, 4> grass{{slope.foot - depth, end - depth, end, slope.foot}};
        debugDraw().drawSolidPolygon(grass, kGrassColor);
    }

    void drawLevel()
    {
        oblique::DebugDraw& d = debugDraw();
        // Slopes first: the blocks drawn after cover their grass where it runs into them.
        for (const Slope& slope : kSlopes)
        {
            drawSlope(slope);
        }
        for (const oblique::BodyId solid : m_solids)
        {
            drawEarth(solid);
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

    void drawBodies(float seconds)
    {
        oblique::DebugDraw& d = debugDraw();
        for (const oblique::BodyId crate : m_crates)
        {
            const bool heavy = m_world.mass(crate) >= kHeavyCrateMass;
            const oblique::Color color = heavy ? kHeavyCrateColor : kCrateColor;
            const std::array<oblique::Vec2, 4> c = oblique::corners(m_world.obb(crate));
            d.drawSolidPolygon(c, color);
            d.drawSegment(c[0], c[2], color); // the planks' cross brace
            d.drawSegment(c[1], c[3], color);
        }
        drawBox(m_shuttle, kPlatformColor);
        drawBox(m_seesaw, kPlatformColor);
        d.drawPoint(kSeesawCenter, 8.0f, kPoleColor); // the see-saw's pivot

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

    void drawPlayer()
    {
        const oblique::Vec2 center = m_player->position();
        debugDraw().drawSolidPolygon(oblique::corners(oblique::makeObb(center, kPlayerHalfSize)),
                                     kPlayerColor);
        // Two eyes looking the way the player last moved.
        const oblique::Vec2 head = center + oblique::Vec2{0.15f * m_facing, 0.3f};
        debugDraw().drawPoint(head - oblique::Vec2{0.1f, 0.0f}, 6.0f, kEyeColor);
        debugDraw().drawPoint(head + oblique::Vec2{0.1f, 0.0f}, 6.0f, kEyeColor);

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

    void drawHud()
    {
        oblique::SfmlDebugDraw& d = debugDraw();
        const oblique::Vec2 screen = camera().viewportSize();
        const int collected = static_cast<int>(kCoins.size() - m_coins.size());
        char line[128];
        std::snprintf(line, sizeof line, "Coins %d/%d     Time %.1f s", collected,
                      static_cast<int>(kCoins.size()), static_cast<double>(m_playTime));
        d.setCharacterSize(20);
        d.drawScreenString({16.0f, 12.0f}, line, kTextColor);
        describeGround(line, sizeof line);
        d.setCharacterSize(16);
        d.drawScreenString({16.0f, 40.0f}, line, kNormalColor);
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
    std::optional<oblique::CharacterMover> m_player; // made with each level
    oblique::Vec2 m_velocity;                        // the player's, kept from frame to frame
    oblique::BodyId m_standIn;
    oblique::BodyId m_goal;
    oblique::BodyId m_ghostWall;
    oblique::BodyId m_shuttle;
    oblique::BodyId m_seesaw;
    std::vector<oblique::BodyId> m_solids;
    std::vector<oblique::BodyId> m_crates;
    std::vector<oblique::BodyId> m_coins; // the ones not collected yet
    std::vector<Dust> m_dust;
    float m_facing = 1.0f; // +1 right, -1 left
    float m_playTime = 0.0f;
    float m_time = 0.0f; // seconds since the level started, for the see-saw's swing
    bool m_won = false;
};

} // namespace

int main(int argc, char** argv)
{
    CrateClimber game;
    game.setTitle("Crate climber");
    return oblique::runFromCommandLine(game, "oblique-example-platformer", argc, argv);
}
