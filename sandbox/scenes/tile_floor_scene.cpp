// Tile floor: a floor of 32 separate 1 m static tiles between two walls of stacked tiles, a box
// slid and a ball rolled across it. Each seam is where a box's corner would catch and a ball would
// hop if the tiles' covered faces gave contact normals; the engine hides those faces, and the
// readout keeps the largest vertical speed, tilt and hop each body has shown while crossing.

#include "demo_ui.hpp"
#include "described_scene.hpp"
#include "level_pieces.hpp"
#include "surface_marks.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <imgui.h>
#include <numbers>
#include <string>

namespace oblique::sandbox
{

namespace
{

constexpr int kFloorTiles = 32;
constexpr float kFloorLeft = -0.5f * kFloorTiles * kTileSize;
constexpr float kFloorRight = -kFloorLeft;
constexpr int kWallTiles = 6; // the lowest beside the floor's end tile, five above the floor

constexpr Vec2 kSliderHalf{0.5f, 0.25f};
// Low friction so the slider crosses more than a dozen seams before it stops.
constexpr float kSliderFriction = 0.1f;
constexpr Vec2 kSliderStart{-1.0f, kSliderHalf.y};
constexpr float kSliderSpeed = -8.0f; // m/s: to the left
constexpr float kRollerRadius = 0.4f;
constexpr Vec2 kRollerStart{1.0f, kRollerRadius};
constexpr float kRollerSpeed = 3.0f; // m/s: to the right
constexpr float kMaxLaunchSpeed = 20.0f;

// A ball rolling into a wall climbs it a little (friction against its spin) and a box meeting one
// stops; neither is about seams, so measuring stops this close to a wall.
constexpr float kWallClearance = 1.0f;
// What the readout calls smooth: the vertical speed the tests hold the crossing to.
constexpr float kSmoothVerticalSpeed = 0.05f;

constexpr Color kSmoothColor{0.45f, 1.0f, 0.5f, 1.0f};
constexpr Color kBumpColor{1.0f, 0.4f, 0.35f, 1.0f};
constexpr float kDegreesPerRadian = 180.0f / std::numbers::pi_v<float>;

const char* const kHelp =
    "A box slides and a ball rolls across 32 separate floor tiles: no bump, tilt or hop at "
    "the seams (readout top left). L launches them again.";
// Room above the walls for the caption.
constexpr Aabb kFrame{{kFloorLeft - 1.0f, -1.0f}, {kFloorRight + 1.0f, 9.6f}};

Scene tileFloorScene()
{
    Scene scene;
    scene.name = "tile floor";
    addTiles(scene, {kFloorLeft + 0.5f * kTileSize, -0.5f * kTileSize}, kFloorTiles, {kTileSize, 0.0f});
    addTiles(scene, {kFloorLeft - 0.5f * kTileSize, -0.5f * kTileSize}, kWallTiles, {0.0f, kTileSize});
    addTiles(scene, {kFloorRight + 0.5f * kTileSize, -0.5f * kTileSize}, kWallTiles, {0.0f, kTileSize});

    SceneBody slider = boxOn("slider", {kSliderStart.x, 0.0f}, kSliderHalf);
    slider.friction = kSliderFriction;
    slider.linearVelocity = {kSliderSpeed, 0.0f};
    scene.bodies.push_back(slider);
    SceneBody roller = ballOn("roller", {kRollerStart.x, 0.0f}, kRollerRadius);
    roller.linearVelocity = {kRollerSpeed, 0.0f};
    // Already rolling, so it crosses at its launch speed rather than first skidding.
    roller.angularVelocity = -kRollerSpeed / kRollerRadius;
    scene.bodies.push_back(roller);
    return scene;
}

// What a body has shown while crossing the tiles. The vertical speed is taken from its motion
// between steps, not from World::linearVelocity: the soft step reports a rolling ball's velocity
// with a steady downward part (g dt / 2) on any floor, one piece or tiled, while the ball keeps
// its height.
struct Crossing
{
    int steps = 0;              // since the launch
    float height = 0.0f;        // the centre's, after the last step
    float settledHeight = 0.0f; // where it sat once settled into the floor's contact
    float verticalSpeed = 0.0f; // m/s, over the last step
    float largestVerticalSpeed = 0.0f;
    float largestTilt = 0.0f; // radians (the box)
    float largestHop = 0.0f;  // metres above its settled height (the ball)
};

// A launched body sinks a millimetre or two into the soft contact in its first steps; the crossing
// is measured from then on.
constexpr int kSettleSteps = 6;

bool clearOfWalls(const Aabb& box)
{
    return box.lower.x > kFloorLeft + kWallClearance && box.upper.x < kFloorRight - kWallClearance;
}

std::string readout(const char* name, const Crossing& crossing, const char* extraName, float extra)
{
    char line[160];
    std::snprintf(line, sizeof line, "%s  vertical speed %.3f m/s, largest %.3f m/s   %s %.2f", name,
                  static_cast<double>(crossing.verticalSpeed),
                  static_cast<double>(crossing.largestVerticalSpeed), extraName, static_cast<double>(extra));
    return line;
}

// The description launches the box and the ball; the scene measures their crossing and launches
// them again on demand.
class TileFloorScene final : public DescribedScene
{
public:
    TileFloorScene()
        : DescribedScene(tileFloorScene(), kHelp, kFrame), m_sliderSpeed(kSliderSpeed),
          m_rollerSpeed(kRollerSpeed)
    {
    }

    void load(SceneContext& context) override
    {
        DescribedScene::load(context);
        if (context.bodies != nullptr)
        {
            m_slider = findBody(m_scene, *context.bodies, "slider");
            m_roller = findBody(m_scene, *context.bodies, "roller");
        }
        m_sliderCrossing = {};
        m_rollerCrossing = {};
    }

    // Runs before each step, so it measures what the step before did.
    void update(SceneContext& context, const GameTime& time) override
    {
        if (context.world == nullptr)
        {
            return;
        }
        World& world = *context.world;
        if (context.input != nullptr && !keyboardOnUi() && context.input->wasKeyPressed(Key::L))
        {
            launch(world);
        }
        measure(world, m_slider, m_sliderCrossing, time.elapsedSeconds());
        measure(world, m_roller, m_rollerCrossing, time.elapsedSeconds());
    }

    void draw(SceneContext& context, DebugDraw& drawer) override
    {
        if (context.camera == nullptr)
        {
            return;
        }
        const std::array<CaptionLine, 6> caption{{
            {"Tile floor: 32 separate 1 m static tiles, and walls of stacked tiles at both ends."},
            {"Watch the seams: the box slides over them without catching or tipping, the ball rolls "
             "without a hop."},
            {},
            {readout("box ", m_sliderCrossing, "largest tilt (deg)",
                     kDegreesPerRadian * m_sliderCrossing.largestTilt),
             colorOf(m_sliderCrossing)},
            {readout("ball", m_rollerCrossing, "largest hop (mm)", 1000.0f * m_rollerCrossing.largestHop),
             colorOf(m_rollerCrossing)},
            {"Measured while crossing, clear of the walls.   L: launch again   (drag them, or spawn more "
             "with B and C)",
             kNoteColor},
        }};
        drawCaption(drawer, *context.camera, {kFloorLeft + 0.5f, 9.4f}, caption);
    }

    void drawPanel(SceneContext& context) override
    {
        ImGui::SliderFloat("box speed (m/s)", &m_sliderSpeed, -kMaxLaunchSpeed, kMaxLaunchSpeed, "%.1f",
                           ImGuiSliderFlags_AlwaysClamp);
        ImGui::SliderFloat("ball speed (m/s)", &m_rollerSpeed, -kMaxLaunchSpeed, kMaxLaunchSpeed, "%.1f",
                           ImGuiSliderFlags_AlwaysClamp);
        if (ImGui::Button("Launch again (L)") && context.world != nullptr)
        {
            launch(*context.world);
        }
    }

private:
    static Color colorOf(const Crossing& crossing)
    {
        return crossing.largestVerticalSpeed < kSmoothVerticalSpeed ? kSmoothColor : kBumpColor;
    }

    // Back to their starting places at the panel's speeds, the ball already rolling; the readout
    // starts over.
    void launch(World& world)
    {
        if (world.isValid(m_slider))
        {
            world.setTransform(m_slider, kSliderStart, 0.0f);
            world.setLinearVelocity(m_slider, {m_sliderSpeed, 0.0f});
            world.setAngularVelocity(m_slider, 0.0f);
        }
        if (world.isValid(m_roller))
        {
            world.setTransform(m_roller, kRollerStart, 0.0f);
            world.setLinearVelocity(m_roller, {m_rollerSpeed, 0.0f});
            world.setAngularVelocity(m_roller, -m_rollerSpeed / kRollerRadius);
        }
        m_sliderCrossing = {};
        m_rollerCrossing = {};
    }

    static void measure(const World& world, BodyId body, Crossing& crossing, float dt)
    {
        if (!world.isValid(body) || !(dt > 0.0f))
        {
            return;
        }
        const float height = world.worldCenter(body).y;
        crossing.verticalSpeed = crossing.steps > 0 ? (height - crossing.height) / dt : 0.0f;
        crossing.height = height;
        ++crossing.steps;
        if (crossing.steps == kSettleSteps)
        {
            crossing.settledHeight = height;
        }
        if (crossing.steps <= kSettleSteps || !clearOfWalls(world.aabb(body)))
        {
            return;
        }
        crossing.largestVerticalSpeed =
            std::max(crossing.largestVerticalSpeed, std::abs(crossing.verticalSpeed));
        if (world.shape(body).kind == ShapeKind::Circle)
        {
            crossing.largestHop = std::max(crossing.largestHop, height - crossing.settledHeight);
        }
        else
        {
            crossing.largestTilt = std::max(crossing.largestTilt, std::abs(world.angle(body)));
        }
    }

    BodyId m_slider;
    BodyId m_roller;
    Crossing m_sliderCrossing;
    Crossing m_rollerCrossing;
    float m_sliderSpeed; // the launch speeds the panel sets, m/s
    float m_rollerSpeed;
};

const SandboxSceneRegistrar<TileFloorScene> registrar{"Game surfaces", "Tile floor"};

} // namespace

} // namespace oblique::sandbox
