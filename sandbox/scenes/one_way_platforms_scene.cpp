// One-way platforms: six platforms, two of them turned, and a launcher that throws what rests on
// its pads straight up through the platforms above. A platform ignores a body that meets it from
// below and holds one that comes down on it, so each throw passes up through and lands on top.

#include "demo_logic.hpp"
#include "demo_ui.hpp"
#include "described_scene.hpp"
#include "level_pieces.hpp"
#include "surface_marks.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <imgui.h>
#include <numbers>
#include <optional>
#include <string>
#include <vector>

namespace oblique::sandbox
{

namespace
{

constexpr float kDegree = std::numbers::pi_v<float> / 180.0f;

struct Platform
{
    Vec2 center;
    float halfLength;
    float degrees;
};

constexpr float kPlatformHalfThickness = 0.15f;
constexpr std::array<Platform, 6> kPlatforms{{
    {{-8.0f, 2.2f}, 1.6f, 0.0f},
    {{-4.0f, 3.6f}, 1.6f, -18.0f},
    {{-0.4f, 2.4f}, 2.0f, 0.0f},
    {{1.0f, 5.0f}, 1.4f, 0.0f}, // over the right part of the one before: throws there pass both
    {{4.4f, 3.4f}, 1.6f, 20.0f},
    {{8.4f, 2.6f}, 1.8f, 0.0f},
}};

// A stretch of the floor whose load the launcher throws.
struct Pad
{
    float center;
    float halfWidth;
};

constexpr std::array<Pad, 6> kPads{{
    {-8.0f, 0.8f},
    {-4.0f, 0.8f},
    {-1.6f, 0.6f}, // under the low middle platform only
    {0.8f, 0.6f},  // under both middle platforms
    {4.4f, 0.8f},
    {8.4f, 1.2f},
}};

// What waits on the pads at the start: balls under the flat platforms (they would roll off the
// turned ones), boxes under the turned ones and the double one.
struct Item
{
    float x;
    ShapeKind kind;
    float size; // radius, or half side
};

constexpr std::array<Item, 7> kItems{{
    {-8.0f, ShapeKind::Circle, 0.35f},
    {-4.0f, ShapeKind::Box, 0.3f},
    {-1.6f, ShapeKind::Circle, 0.35f},
    {0.8f, ShapeKind::Box, 0.3f},
    {4.4f, ShapeKind::Box, 0.35f},
    {7.8f, ShapeKind::Circle, 0.3f},
    {9.0f, ShapeKind::Box, 0.3f},
}};

constexpr float kGroundHalfWidth = 12.0f;
constexpr float kWallHeight = 3.0f;
// A throw's lowest point clears the highest platform above it by this much.
constexpr float kThrowClearance = 1.0f;
// What counts as resting on a pad: touching the floor and all but still.
constexpr float kRestingGap = 0.05f;
constexpr float kRestingSpeed = 0.3f;
constexpr float kDefaultInterval = 0.35f; // seconds between two throws
constexpr float kFlashSeconds = 0.3f;

constexpr Color kPadColor{1.0f, 0.6f, 0.2f, 1.0f};
constexpr Color kFiredColor{1.0f, 0.95f, 0.5f, 1.0f};
constexpr Color kOneWayColor{0.55f, 0.95f, 1.0f, 1.0f};

const char* const kHelp =
    "Bodies on the orange pads are thrown straight up through the one-way platforms and "
    "land on top. L throws everything on the pads now.";
constexpr Aabb kFrame{{-kGroundHalfWidth - 0.5f, -1.0f}, {kGroundHalfWidth + 0.5f, 8.3f}};

std::string platformName(std::size_t i)
{
    return "platform " + std::to_string(i);
}

Scene oneWayScene()
{
    Scene scene;
    scene.name = "one-way platforms";
    scene.bodies.push_back(block({-kGroundHalfWidth, -1.0f}, {kGroundHalfWidth, 0.0f}));
    scene.bodies.push_back(block({-kGroundHalfWidth - 0.5f, 0.0f}, {-kGroundHalfWidth, kWallHeight}));
    scene.bodies.push_back(block({kGroundHalfWidth, 0.0f}, {kGroundHalfWidth + 0.5f, kWallHeight}));
    for (std::size_t i = 0; i < kPlatforms.size(); ++i)
    {
        SceneBody platform;
        platform.name = platformName(i);
        platform.type = BodyType::Static;
        platform.position = kPlatforms[i].center;
        platform.halfExtents = {kPlatforms[i].halfLength, kPlatformHalfThickness};
        platform.angle = kPlatforms[i].degrees * kDegree;
        // In the platform's own frame, so it turns with it.
        platform.oneWay = {0.0f, 1.0f};
        scene.bodies.push_back(platform);
    }
    for (std::size_t i = 0; i < kItems.size(); ++i)
    {
        const Item& item = kItems[i];
        const std::string name = "item " + std::to_string(i);
        const Vec2 bottom{item.x, 0.0f};
        scene.bodies.push_back(item.kind == ShapeKind::Box ? boxOn(name, bottom, {item.size, item.size})
                                                           : ballOn(name, bottom, item.size));
    }
    return scene;
}

// The bodies at rest on the pad.
std::vector<BodyId> loadOf(const World& world, const Pad& pad)
{
    QueryFilter dynamicOnly;
    dynamicOnly.staticBodies = false;
    dynamicOnly.kinematicBodies = false;
    const Aabb region{{pad.center - pad.halfWidth, 0.0f}, {pad.center + pad.halfWidth, kRestingGap}};
    std::vector<BodyId> load;
    for (const ShapeRef& hit : world.queryAabb(region, dynamicOnly))
    {
        const Aabb box = world.aabb(hit.body);
        const float x = center(box).x;
        const bool onPad = x >= region.lower.x && x <= region.upper.x && box.lower.y < kRestingGap;
        const bool still = length(world.linearVelocity(hit.body)) < kRestingSpeed;
        if (onPad && still && std::find(load.begin(), load.end(), hit.body) == load.end())
        {
            load.push_back(hit.body);
        }
    }
    return load;
}

// The top of the highest static shape straight above the box, or nothing when none is.
std::optional<float> highestCeiling(const World& world, const Aabb& box)
{
    QueryFilter staticOnly;
    staticOnly.kinematicBodies = false;
    staticOnly.dynamicBodies = false;
    std::optional<float> highest;
    for (const WorldRayHit& hit : world.rayCastAll({center(box).x, box.upper.y}, {0.0f, 50.0f}, staticOnly))
    {
        const float top = world.aabb(hit.shape).upper.y;
        if (!highest || top > *highest)
        {
            highest = top;
        }
    }
    return highest;
}

// Throws the body straight up, fast enough that its lowest point clears the highest platform above
// it: it passes up through every one and lands back on that one.
void throwUp(World& world, BodyId body)
{
    const float g = -world.settings().gravity.y;
    if (!(g > 0.0f))
    {
        return; // with no gravity pulling down, nothing would come back
    }
    const Aabb box = world.aabb(body);
    const float ceiling = highestCeiling(world, box).value_or(box.upper.y + 2.0f);
    const float rise = std::max(0.0f, ceiling + kThrowClearance - box.lower.y);
    world.setAwake(body, true);
    world.setLinearVelocity(body, {0.0f, std::sqrt(2.0f * g * rise)});
    world.setAngularVelocity(body, 0.0f);
}

class OneWayPlatformsScene final : public DescribedScene
{
public:
    OneWayPlatformsScene() : DescribedScene(oneWayScene(), kHelp, kFrame) {}

    void load(SceneContext& context) override
    {
        DescribedScene::load(context);
        m_platforms.clear();
        if (context.bodies != nullptr)
        {
            for (std::size_t i = 0; i < kPlatforms.size(); ++i)
            {
                m_platforms.push_back(findBody(m_scene, *context.bodies, platformName(i)));
            }
        }
        m_untilThrow = m_interval;
        m_nextPad = 0;
        m_flash.fill(0.0f);
    }

    void update(SceneContext& context, const GameTime& time) override
    {
        if (context.world == nullptr)
        {
            return;
        }
        World& world = *context.world;
        const float dt = time.elapsedSeconds();
        for (float& flash : m_flash)
        {
            flash = std::max(0.0f, flash - dt);
        }
        if (context.input != nullptr && !keyboardOnUi() && context.input->wasKeyPressed(Key::L))
        {
            for (std::size_t i = 0; i < kPads.size(); ++i)
            {
                fire(world, i);
            }
        }
        if (!m_automatic)
        {
            return;
        }
        m_untilThrow -= dt;
        if (m_untilThrow > 0.0f)
        {
            return;
        }
        m_untilThrow += m_interval;
        fireNextLoadedPad(world);
    }

    void draw(SceneContext& context, DebugDraw& drawer) override
    {
        if (context.world == nullptr || context.camera == nullptr)
        {
            return;
        }
        const World& world = *context.world;
        for (const BodyId platform : m_platforms)
        {
            if (world.isValid(platform))
            {
                const Vec2 oneWay = rotate(world.transform(platform).q, world.shape(platform).oneWay);
                drawOneWayArrows(drawer, world.obb(platform), oneWay, kOneWayColor);
            }
        }
        for (std::size_t i = 0; i < kPads.size(); ++i)
        {
            const Pad& pad = kPads[i];
            const Color color = m_flash[i] > 0.0f ? kFiredColor : kPadColor;
            drawAabb(drawer, {{pad.center - pad.halfWidth, -0.12f}, {pad.center + pad.halfWidth, 0.0f}},
                     color, true);
            drawArrow(drawer, {pad.center, -0.9f}, {pad.center, -0.2f}, 0.2f, color);
        }
        const std::array<CaptionLine, 4> caption{{
            {"One-way platforms (two turned): a body meeting one from below passes through, one coming "
             "down on it lands."},
            {"The launcher throws whatever rests on an orange pad straight up, past the highest platform "
             "above it."},
            {},
            {std::string("launcher ") + (m_automatic ? "on" : "off") +
                 "   L: throw now   (drag a body onto a pad, or spawn one over it with B or C)",
             kNoteColor},
        }};
        drawCaption(drawer, *context.camera, {-kGroundHalfWidth - 0.5f, 8.1f}, caption);
    }

    void drawPanel(SceneContext& context) override
    {
        (void)context;
        ImGui::Checkbox("launcher on a timer", &m_automatic);
        ImGui::SliderFloat("seconds between throws", &m_interval, 0.1f, 3.0f, "%.2f",
                           ImGuiSliderFlags_AlwaysClamp);
        if (ImGui::Button("Throw everything now (L)") && context.world != nullptr)
        {
            for (std::size_t i = 0; i < kPads.size(); ++i)
            {
                fire(*context.world, i);
            }
        }
    }

private:
    bool fire(World& world, std::size_t pad)
    {
        const std::vector<BodyId> load = loadOf(world, kPads[pad]);
        for (const BodyId body : load)
        {
            throwUp(world, body);
        }
        if (!load.empty())
        {
            m_flash[pad] = kFlashSeconds;
        }
        return !load.empty();
    }

    // Pads take turns; an empty one passes its turn on.
    void fireNextLoadedPad(World& world)
    {
        for (std::size_t tried = 0; tried < kPads.size(); ++tried)
        {
            const std::size_t pad = m_nextPad;
            m_nextPad = (m_nextPad + 1) % kPads.size();
            if (fire(world, pad))
            {
                return;
            }
        }
    }

    std::vector<BodyId> m_platforms;
    bool m_automatic = true;
    float m_interval = kDefaultInterval;
    float m_untilThrow = kDefaultInterval;
    std::size_t m_nextPad = 0;
    std::array<float, kPads.size()> m_flash{};
};

const SandboxSceneRegistrar<OneWayPlatformsScene> registrar{"Game surfaces", "One-way platforms"};

} // namespace

} // namespace oblique::sandbox
