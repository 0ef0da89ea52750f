// Framing beside the sandbox's panel and help line: every body of a framed scene clear of both,
// the floor under bodies dropped from high up included, and the framing kept through a resize.

#include "oblique/robustness_scenes.hpp"
#include "oblique/scene_builders.hpp"
#include "oblique/scene_world.hpp"
#include "sandbox_math.hpp"
#include "scene_framing.hpp"

#include <gtest/gtest.h>

namespace
{

using namespace oblique;
using namespace oblique::sandbox;

constexpr Vec2 kWindow{1280.0f, 800.0f};
constexpr FrameInsets kInsets{340.0f, 85.0f};

// Where a world box lands on the screen, as a screen-space box (y down).
Aabb onScreen(const Camera2D& camera, const Aabb& box)
{
    const Vec2 a = camera.worldToScreen(box.lower);
    const Vec2 b = camera.worldToScreen(box.upper);
    return {min(a, b), max(a, b)};
}

bool clearOfPanels(const Aabb& screen, Vec2 window, FrameInsets insets)
{
    return screen.lower.x >= insets.left && screen.upper.x <= window.x && screen.lower.y >= 0.0f &&
           screen.upper.y <= window.y - insets.bottom;
}

TEST(SceneFraming, TheFloorBelowBodiesDroppedFromHighUpIsFramed)
{
    // The balls start 4 m up, further than the moving region's reach from the ground.
    const Scene scene = scenes::restitutionRow();
    const Aabb bounds = sceneFrameBounds(scene);
    float groundTop = -1e9f;
    for (const SceneBody& body : scene.bodies)
    {
        if (body.type == BodyType::Static)
        {
            groundTop = std::max(groundTop, boundsOf(body).upper.y);
        }
    }
    EXPECT_LT(bounds.lower.y, groundTop); // the ground's top and some of it below
    EXPECT_GE(bounds.upper.y, 4.0f);
}

TEST(SceneFraming, ASmallStaticBodyFarFromWhatMovesIsFramedWhole)
{
    // The bullets start 20 m from the wall they are fired at.
    const Scene scene = scenes::bullets();
    const Aabb bounds = sceneFrameBounds(scene);
    for (const SceneBody& body : scene.bodies)
    {
        const Aabb box = boundsOf(body);
        if (body.name == "wall" || body.type != BodyType::Static)
        {
            EXPECT_TRUE(contains(bounds, box)) << body.name;
        }
        else
        {
            EXPECT_LT(bounds.upper.x - bounds.lower.x, box.upper.x - box.lower.x); // the 80 m ground, clipped
        }
    }
}

TEST(SceneFraming, EveryBodyOfTheRestitutionRowIsClearOfThePanelAndHelpLine)
{
    SceneInstance s = instantiate(scenes::restitutionRow());
    const std::optional<Aabb> bounds = worldFrameBounds(s.world);
    ASSERT_TRUE(bounds.has_value());
    Camera2D camera({0.0f, 0.0f}, 50.0f, kWindow);
    frameInFreeArea(camera, *bounds, kInsets);
    for (const BodyId id : s.bodies)
    {
        Aabb box = s.world.aabb(id);
        if (s.world.bodyType(id) == BodyType::Static)
        {
            // A ground wider than the view shows its top across the view, not its ends.
            box.lower.x = std::max(box.lower.x, bounds->lower.x);
            box.upper.x = std::min(box.upper.x, bounds->upper.x);
            box.lower.y = std::max(box.lower.y, bounds->lower.y);
        }
        EXPECT_TRUE(clearOfPanels(onScreen(camera, box), kWindow, kInsets))
            << "body " << id.index << " at " << s.world.position(id).x << ", " << s.world.position(id).y;
    }
    // Centred in the free part.
    const Vec2 middle = camera.worldToScreen(center(*bounds));
    EXPECT_NEAR(middle.x, kInsets.left + 0.5f * (kWindow.x - kInsets.left), 0.5f);
    EXPECT_NEAR(middle.y, 0.5f * (kWindow.y - kInsets.bottom), 0.5f);
}

TEST(SceneFraming, FreeAreaRegionIsWhatTheFreePartShows)
{
    Camera2D camera({2.0f, 3.0f}, 40.0f, kWindow);
    const Aabb region = freeAreaRegion(camera, kInsets);
    EXPECT_NEAR(camera.worldToScreen(region.lower).x, kInsets.left, 1e-3f);
    EXPECT_NEAR(camera.worldToScreen(region.lower).y, kWindow.y - kInsets.bottom, 1e-3f);
    EXPECT_NEAR(camera.worldToScreen(region.upper).x, kWindow.x, 1e-3f);
    EXPECT_NEAR(camera.worldToScreen(region.upper).y, 0.0f, 1e-3f);
}

// After a resize the region shown before is inside the free part and fills it one way.
void expectKeptThrough(Vec2 newWindow)
{
    Camera2D camera({0.0f, 0.0f}, 50.0f, kWindow);
    frameInFreeArea(camera, {{-6.0f, -1.0f}, {6.0f, 5.0f}}, kInsets);
    const Aabb before = freeAreaRegion(camera, kInsets);
    camera.setViewportSize(newWindow);
    keepFraming(camera, kWindow, kInsets, kInsets);
    const Aabb screen = onScreen(camera, before);
    const float tolerance = 0.01f;
    EXPECT_GE(screen.lower.x, kInsets.left - tolerance);
    EXPECT_LE(screen.upper.x, newWindow.x + tolerance);
    EXPECT_GE(screen.lower.y, -tolerance);
    EXPECT_LE(screen.upper.y, newWindow.y - kInsets.bottom + tolerance);
    const bool fillsWidth = std::abs(screen.upper.x - screen.lower.x - (newWindow.x - kInsets.left)) < 0.5f;
    const bool fillsHeight =
        std::abs(screen.upper.y - screen.lower.y - (newWindow.y - kInsets.bottom)) < 0.5f;
    EXPECT_TRUE(fillsWidth || fillsHeight);
}

TEST(SceneFraming, AResizeKeepsWhatWasFramedInView)
{
    expectKeptThrough({1600.0f, 900.0f}); // larger
    expectKeptThrough({900.0f, 700.0f});  // narrower: zooms out
    expectKeptThrough({1280.0f, 500.0f}); // lower
}

TEST(SceneFraming, AHelpLineThatGrowsPushesTheViewUp)
{
    Camera2D camera({0.0f, 0.0f}, 50.0f, kWindow);
    const Aabb ground{{-10.0f, -1.0f}, {10.0f, 0.0f}};
    frameInFreeArea(camera, {{-6.0f, -1.0f}, {6.0f, 5.0f}}, {kInsets.left, 60.0f});
    const FrameInsets taller{kInsets.left, 120.0f};
    keepFraming(camera, kWindow, {kInsets.left, 60.0f}, taller);
    EXPECT_LE(camera.worldToScreen({0.0f, -1.0f}).y, kWindow.y - taller.bottom + 0.01f);
    EXPECT_LT(onScreen(camera, ground).upper.y, kWindow.y - taller.bottom + 0.01f);
}

TEST(SceneFraming, InsetsAreIgnoredInAWindowTooSmallForThem)
{
    Camera2D camera({0.0f, 0.0f}, 50.0f, {300.0f, 200.0f});
    const Aabb bounds{{-6.0f, -1.0f}, {6.0f, 5.0f}};
    frameInFreeArea(camera, bounds, kInsets); // the panel alone is wider than the window
    EXPECT_TRUE(clearOfPanels(onScreen(camera, bounds), {300.0f, 200.0f}, {}));
    EXPECT_NEAR(camera.worldToScreen(center(bounds)).x, 150.0f, 0.5f);
}

} // namespace
