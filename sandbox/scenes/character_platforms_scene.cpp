#include "character_platforms_scene.hpp"

#include "demo_logic.hpp"
#include "demo_ui.hpp"
#include "level_pieces.hpp"
#include "platform_motion.hpp"
#include "surface_marks.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <imgui.h>
#include <initializer_list>
#include <numbers>
#include <string>

namespace oblique::sandbox
{

namespace
{

constexpr float kDegree = std::numbers::pi_v<float> / 180.0f;

// Where a stretch of the level begins and ends along x.
struct Span
{
    float left;
    float right;

    constexpr float middle() const { return 0.5f * (left + right); }
    constexpr int tiles() const { return static_cast<int>(right - left); }
};

// The level, left to right: a wall, crates, the start, a 20 cm ledge, the lift's shaft, a plateau
// 2 m up with the sensor zone on it, a gap the rocking plank spans, a second plateau, a 30 degree
// slope down to the floor and a wall. The floor and plateaus are 1 m tiles, the walls 5 high.
constexpr Span kFloor{-12.0f, 17.0f};
constexpr Span kShaft{-2.0f, 0.0f};
constexpr Span kPlateau{0.0f, 5.0f};
constexpr Span kSecondPlateau{10.0f, 12.0f};
constexpr float kPlateauHeight = 2.0f;
constexpr float kSlopeAngle = -30.0f * kDegree;

constexpr Vec2 kLedgeLower{-5.0f, 0.0f};
constexpr Vec2 kLedgeUpper{kShaft.left, 0.2f};

// The lift fills the shaft; its deck goes from the ledge's top to the plateau's. Tall enough that,
// up, its side is a wall to whoever waits on the ledge, rather than a gap to walk under.
constexpr float kLiftHalfHeight = 1.0f;
constexpr float kLiftLow = kLedgeUpper.y;
constexpr float kLiftHigh = kPlateauHeight;
constexpr LiftCycle kLiftCycle{1.5f, 2.0f, 1.5f};

constexpr Vec2 kRockerPivot{7.5f, kPlateauHeight - 0.15f};
constexpr Vec2 kRockerHalf{2.4f, 0.15f};
constexpr float kRockerTilt = 15.0f * kDegree;
constexpr float kRockerPeriod = 4.0f; // seconds

constexpr Vec2 kSensorLower{1.5f, kPlateauHeight};
constexpr Vec2 kSensorUpper{3.5f, kPlateauHeight + 2.0f};

struct Crate
{
    float x;
    float halfSize;
    float mass; // kg
};

constexpr std::array<Crate, 2> kCrates{{{-9.5f, 0.5f, 20.0f}, {-8.0f, 0.4f, 10.0f}}};

constexpr Vec2 kCharacterHalf{0.4f, 0.6f};
constexpr Vec2 kStart{-6.0f, kCharacterHalf.y};
constexpr float kStepHeight = 0.25f;
constexpr float kMaxSlope = 50.0f * kDegree;
constexpr float kRunSpeed = 5.0f;       // m/s
constexpr float kJumpSpeed = 7.5f;      // m/s: 2.8 m under the default gravity, enough for a plateau
constexpr float kPushStrength = 300.0f; // N: both crates against the floor's friction
constexpr float kFallLimit = -20.0f;    // below this the character is put back at the start

constexpr Color kCharacterColor{1.0f, 0.72f, 0.2f, 1.0f};
constexpr Color kEyeColor{0.1f, 0.1f, 0.12f, 1.0f};
constexpr Color kNormalColor{1.0f, 0.35f, 0.35f, 1.0f};
constexpr Color kPushColor{1.0f, 1.0f, 1.0f, 1.0f};
constexpr Color kLitColor{1.0f, 0.95f, 0.3f, 1.0f};
constexpr float kNormalLength = 2.0f; // metres: out past the head

const char* const kHelp =
    "Arrows or A/D walk, Space, Up or W jump (the panel's Pause button pauses). Step up the "
    "ledge, ride the lift and the rocking plank, push the crates, walk into the sensor zone.";
constexpr Aabb kFrame{{kFloor.left - 0.8f, -3.0f}, {kFloor.right + 0.8f, 6.4f}};

struct Sign
{
    Vec2 topLeft;
    const char* text;
};

// Placed clear of where the character goes, so it never walks through the text.
constexpr std::array<Sign, 6> kSigns{{
    {{-11.6f, 3.4f}, "crates: walk into them"},
    {{-5.0f, 2.2f}, "20 cm ledge"},
    {{-2.4f, 4.6f}, "lift: ride it up"},
    {{1.2f, 5.0f}, "sensor zone"},
    {{5.6f, 4.6f}, "rocking plank: ride it"},
    {{12.6f, 3.4f}, "30 degree slope"},
}};

Scene characterScene()
{
    Scene scene;
    scene.name = "character on platforms";
    for (int i = 0; kFloor.left + 0.5f + static_cast<float>(i) * kTileSize < kFloor.right; ++i)
    {
        const float x = kFloor.left + 0.5f + static_cast<float>(i) * kTileSize;
        if (x < kShaft.left || x > kShaft.right)
        {
            scene.bodies.push_back(tile({x, -0.5f}));
        }
    }
    // The lift's pit: a tile either side of the shaft under the floor, and a row under those.
    addTiles(scene, {kShaft.left - 0.5f, -1.5f}, 2, {kShaft.right - kShaft.left + kTileSize, 0.0f});
    addTiles(scene, {kShaft.left - 0.5f, -2.5f}, kShaft.tiles() + 2, {kTileSize, 0.0f});
    constexpr int kWallTiles = 5;
    addTiles(scene, {kFloor.left - 0.5f, -0.5f}, kWallTiles, {0.0f, kTileSize});
    addTiles(scene, {kFloor.right + 0.5f, -0.5f}, kWallTiles, {0.0f, kTileSize});
    for (const float y : {0.5f, 1.5f})
    {
        addTiles(scene, {kPlateau.left + 0.5f, y}, kPlateau.tiles(), {kTileSize, 0.0f});
        addTiles(scene, {kSecondPlateau.left + 0.5f, y}, kSecondPlateau.tiles(), {kTileSize, 0.0f});
    }
    scene.bodies.push_back(block(kLedgeLower, kLedgeUpper));
    scene.bodies.push_back(slope({kSecondPlateau.right, kPlateauHeight}, kSlopeAngle,
                                 kPlateauHeight / std::sin(-kSlopeAngle), 1.0f));

    SceneBody sensor = block(kSensorLower, kSensorUpper);
    sensor.name = "sensor";
    sensor.sensor = true;
    scene.bodies.push_back(sensor);
    scene.bodies.push_back(kinematicBox("lift", {kShaft.middle(), kLiftLow - kLiftHalfHeight},
                                        {0.5f * (kShaft.right - kShaft.left), kLiftHalfHeight}));
    scene.bodies.push_back(kinematicBox("rocker", kRockerPivot, kRockerHalf));
    for (std::size_t i = 0; i < kCrates.size(); ++i)
    {
        const Crate& crate = kCrates[i];
        SceneBody body =
            boxOn("crate " + std::to_string(i), {crate.x, 0.0f}, {crate.halfSize, crate.halfSize});
        body.density = crate.mass / (4.0f * crate.halfSize * crate.halfSize);
        scene.bodies.push_back(body);
    }
    return scene;
}

} // namespace

CharacterPlatformsScene::CharacterPlatformsScene()
    : DescribedScene(characterScene(), kHelp, kFrame), m_runSpeed(kRunSpeed), m_jumpSpeed(kJumpSpeed),
      m_pushStrength(kPushStrength)
{
}

void CharacterPlatformsScene::load(SceneContext& context)
{
    DescribedScene::load(context);
    if (context.bodies != nullptr)
    {
        m_lift = findBody(m_scene, *context.bodies, "lift");
        m_rocker = findBody(m_scene, *context.bodies, "rocker");
        m_sensor = findBody(m_scene, *context.bodies, "sensor");
    }
    m_time = 0.0f;
    m_facing = 1.0f;
    m_inSensor = false;
    m_velocity = {};
    makeCharacter(kStart);
}

void CharacterPlatformsScene::makeCharacter(Vec2 position)
{
    CharacterMoverDef def;
    def.halfExtents = kCharacterHalf;
    def.stepHeight = kStepHeight;
    def.maxSlopeAngle = kMaxSlope;
    def.pushStrength = m_pushStrength;
    m_character.emplace(def, position);
}

void CharacterPlatformsScene::update(SceneContext& context, const GameTime& time)
{
    const float dt = time.elapsedSeconds();
    if (context.world == nullptr || !m_character || !(dt > 0.0f))
    {
        return;
    }
    movePlatforms(*context.world, dt);
    walk(context, dt);
}

// Steered to where they must be at the end of the coming step; the mover carries the character
// by as far as its platform moved since the last move.
void CharacterPlatformsScene::movePlatforms(World& world, float dt)
{
    const float end = m_time + dt;
    const float deck = kLiftLow + liftPhaseAt(kLiftCycle, end).height * (kLiftHigh - kLiftLow);
    steerKinematic(world, m_lift, {kShaft.middle(), deck - kLiftHalfHeight}, 0.0f, dt);
    const float tilt = kRockerTilt * std::sin(2.0f * std::numbers::pi_v<float> * end / kRockerPeriod);
    steerKinematic(world, m_rocker, kRockerPivot, tilt, dt);
    m_time = end;
}

// The scene owns the velocity, as a game would: the walk is set outright, gravity and jumps build
// on the vertical part, and the mover hands back what the world let through.
void CharacterPlatformsScene::walk(SceneContext& context, float dt)
{
    World& world = *context.world;
    const Input* input = keyboardOnUi() ? nullptr : context.input;
    const auto held = [input](std::initializer_list<Key> keys)
    {
        return input != nullptr &&
               std::any_of(keys.begin(), keys.end(), [input](Key k) { return input->isKeyDown(k); });
    };
    const float direction =
        (held({Key::Right, Key::D}) ? 1.0f : 0.0f) - (held({Key::Left, Key::A}) ? 1.0f : 0.0f);
    // Held rather than pressed: the scene runs once per world step, and a press seen by an update
    // that took no step would be lost.
    const bool jump = held({Key::Space, Key::Up, Key::W});
    if (direction != 0.0f)
    {
        m_facing = direction;
    }
    m_velocity.x = direction * m_runSpeed;
    m_velocity.y += world.settings().gravity.y * dt;
    if (jump && m_character->ground().grounded)
    {
        m_velocity.y = m_jumpSpeed;
    }
    m_velocity = m_character->move(world, m_velocity, dt);
    const Vec2 position = m_character->position();
    if (!isFinite(position) || position.y < kFallLimit)
    {
        m_velocity = {};
        makeCharacter(kStart);
    }
    const auto sensors = m_character->sensors();
    m_inSensor =
        std::any_of(sensors.begin(), sensors.end(), [this](const ShapeRef& s) { return s.body == m_sensor; });
}

void CharacterPlatformsScene::draw(SceneContext& context, DebugDraw& drawer)
{
    if (context.world == nullptr || context.camera == nullptr || !m_character)
    {
        return;
    }
    const World& world = *context.world;
    if (m_inSensor && world.isValid(m_sensor))
    {
        drawer.drawSolidPolygon(corners(world.obb(m_sensor)), kLitColor);
    }
    drawCharacter(drawer, context.camera->screenToWorldLength(1.0f));
    drawSigns(world, drawer, *context.camera);
}

void CharacterPlatformsScene::drawCharacter(DebugDraw& drawer, float pixel) const
{
    const Vec2 center = m_character->position();
    drawer.drawSolidPolygon(corners(makeObb(center, kCharacterHalf)), kCharacterColor);
    const Vec2 head = center + Vec2{0.15f * m_facing, 0.3f};
    drawer.drawPoint(head - Vec2{0.1f, 0.0f}, 5.0f, kEyeColor);
    drawer.drawPoint(head + Vec2{0.1f, 0.0f}, 5.0f, kEyeColor);
    const CharacterGround& ground = m_character->ground();
    if (ground.grounded)
    {
        drawer.drawPoint(ground.point, 7.0f, kNormalColor);
        drawArrow(drawer, ground.point, ground.point + kNormalLength * ground.normal, 10.0f * pixel,
                  kNormalColor);
    }
    for (const CharacterPush& push : m_character->pushes())
    {
        drawArrow(drawer, push.point, push.point + 0.6f * normalize(push.impulse), 8.0f * pixel, kPushColor);
    }
}

const char* CharacterPlatformsScene::groundName(const World& world) const
{
    const BodyId body = m_character->ground().body;
    if (body == m_lift)
    {
        return "the lift";
    }
    if (body == m_rocker)
    {
        return "the rocking plank";
    }
    return world.isValid(body) && world.bodyType(body) == BodyType::Dynamic ? "a crate" : "the level";
}

void CharacterPlatformsScene::drawSigns(const World& world, DebugDraw& drawer, const Camera2D& camera) const
{
    for (const Sign& sign : kSigns)
    {
        drawer.drawString(sign.topLeft, sign.text, kNoteColor);
    }
    const CharacterGround& ground = m_character->ground();
    const char* inside = m_inSensor ? "   in the sensor zone" : "";
    char state[160];
    if (ground.grounded)
    {
        std::snprintf(state, sizeof state, "on %s: ground normal (%.2f, %.2f)%s%s", groundName(world),
                      static_cast<double>(ground.normal.x), static_cast<double>(ground.normal.y),
                      m_character->pushes().empty() ? "" : "   pushing", inside);
    }
    else
    {
        std::snprintf(state, sizeof state, "in the air%s", inside);
    }
    const std::array<CaptionLine, 2> caption{{
        {"Character on platforms: a character mover walked through the world (drawn by the scene, not a "
         "body)."},
        {state},
    }};
    drawCaption(drawer, camera, {kFloor.left - 0.5f, 6.2f}, caption);
}

void CharacterPlatformsScene::drawPanel(SceneContext& context)
{
    (void)context;
    ImGui::SliderFloat("run speed (m/s)", &m_runSpeed, 1.0f, 12.0f, "%.1f", ImGuiSliderFlags_AlwaysClamp);
    ImGui::SliderFloat("jump speed (m/s)", &m_jumpSpeed, 2.0f, 15.0f, "%.1f", ImGuiSliderFlags_AlwaysClamp);
    if (ImGui::SliderFloat("push strength (N)", &m_pushStrength, 0.0f, 2000.0f, "%.0f",
                           ImGuiSliderFlags_AlwaysClamp) &&
        m_character)
    {
        makeCharacter(m_character->position());
    }
    if (ImGui::Button("Back to start"))
    {
        m_velocity = {};
        makeCharacter(kStart);
    }
    if (m_character)
    {
        const Vec2 p = m_character->position();
        ImGui::Text("position (%.2f, %.2f)", static_cast<double>(p.x), static_cast<double>(p.y));
        ImGui::Text("sensor zone: %s", m_inSensor ? "inside" : "outside");
    }
}

namespace
{

const SandboxSceneRegistrar<CharacterPlatformsScene> registrar{"Game surfaces", "Character on platforms"};

} // namespace

} // namespace oblique::sandbox
