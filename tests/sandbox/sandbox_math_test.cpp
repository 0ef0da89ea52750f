// The sandbox's pure computations: scene-name matching, camera framing and the bomb's
// throw.

#include "oblique/scene_builders.hpp"
#include "sandbox_math.hpp"

#include <cmath>
#include <gtest/gtest.h>

namespace
{

using oblique::Aabb;
using oblique::Camera2D;
using oblique::Vec2;
using namespace oblique::sandbox;

TEST(NormalizeName, IgnoresCaseSpacesAndPunctuation)
{
    EXPECT_EQ(normalizeName("Vertical stack"), "verticalstack");
    EXPECT_EQ(normalizeName("vertical-stack"), "verticalstack");
    EXPECT_EQ(normalizeName("VERTICAL_STACK"), "verticalstack");
    EXPECT_EQ(normalizeName("Gaussian to OBB"), "gaussiantoobb");
    EXPECT_EQ(normalizeName("  "), "");
}

TEST(SceneFrameBounds, HoldsEveryMovingBodyAndClipsTheLongGround)
{
    const oblique::Scene scene = oblique::scenes::pyramid(20);
    const Aabb bounds = sceneFrameBounds(scene);
    for (const oblique::SceneBody& body : scene.bodies)
    {
        if (body.type == oblique::BodyType::Dynamic)
        {
            EXPECT_LE(bounds.lower.x, body.position.x - 0.5f);
            EXPECT_GE(bounds.upper.x, body.position.x + 0.5f);
            EXPECT_LE(bounds.lower.y, body.position.y - 0.5f);
            EXPECT_GE(bounds.upper.y, body.position.y + 0.5f);
        }
    }
    // The ground's top shows, but not its 80+ m width.
    EXPECT_LT(bounds.lower.y, 0.0f);
    EXPECT_LT(bounds.upper.x - bounds.lower.x, 40.0f);
}

TEST(SceneFrameBounds, ShowsAStaticOnlySceneWhole)
{
    oblique::Scene scene;
    oblique::SceneBody wall;
    wall.type = oblique::BodyType::Static;
    wall.position = {5.0f, 1.0f};
    wall.halfExtents = {2.0f, 1.0f};
    scene.bodies.push_back(wall);
    const Aabb bounds = sceneFrameBounds(scene);
    EXPECT_FLOAT_EQ(bounds.lower.x, 3.0f);
    EXPECT_FLOAT_EQ(bounds.upper.x, 7.0f);
    EXPECT_FLOAT_EQ(bounds.lower.y, 0.0f);
    EXPECT_FLOAT_EQ(bounds.upper.y, 2.0f);
}

TEST(FrameBounds, FitsTheBoundsInsideTheViewport)
{
    Camera2D camera({0.0f, 0.0f}, 50.0f, {800.0f, 600.0f});
    const Aabb bounds{{-3.0f, -2.0f}, {3.0f, 10.0f}};
    frameBounds(camera, bounds);
    const Vec2 lower = camera.worldToScreen(bounds.lower);
    const Vec2 upper = camera.worldToScreen(bounds.upper);
    EXPECT_GE(lower.x, 0.0f);
    EXPECT_LE(upper.x, 800.0f);
    EXPECT_LE(lower.y, 600.0f);
    EXPECT_GE(upper.y, 0.0f);
    // Height limits here: the bounds fill the height up to the margin.
    EXPECT_NEAR(lower.y - upper.y, 600.0f * 0.88f, 1.0f);
    EXPECT_NEAR(camera.worldToScreen(center(bounds)).x, 400.0f, 1e-3f);
}

TEST(ShiftBesidePanels, CentresWhatWasFramedInTheFreePart)
{
    // Framed for the 660 x 520 px a left panel and a bottom line leave free, then given the whole
    // 1000 x 600 px back.
    Camera2D camera({0.0f, 0.0f}, 50.0f, {660.0f, 520.0f});
    const Aabb bounds{{-15.0f, -2.0f}, {15.0f, 20.0f}};
    frameBounds(camera, bounds);
    camera.setViewportSize({1000.0f, 600.0f});
    shiftBesidePanels(camera, 340.0f, 80.0f);
    const Vec2 lower = camera.worldToScreen(bounds.lower);
    const Vec2 upper = camera.worldToScreen(bounds.upper);
    EXPECT_GE(lower.x, 340.0f);
    EXPECT_LE(upper.x, 1000.0f);
    EXPECT_LE(lower.y, 520.0f);
    EXPECT_GE(upper.y, 0.0f);
    EXPECT_NEAR(camera.worldToScreen(center(bounds)).x, 340.0f + 330.0f, 0.5f);
    EXPECT_NEAR(camera.worldToScreen(center(bounds)).y, 260.0f, 0.5f);
}

TEST(BallisticVelocity, ArrivesAtTheTarget)
{
    const Vec2 from{-20.0f, 15.0f};
    const Vec2 to{3.0f, 1.0f};
    const Vec2 gravity{0.0f, -10.0f};
    const float t = 0.8f;
    const Vec2 v = ballisticVelocity(from, to, gravity, t);
    const Vec2 at = from + t * v + (0.5f * t * t) * gravity;
    EXPECT_NEAR(at.x, to.x, 1e-4f);
    EXPECT_NEAR(at.y, to.y, 1e-4f);
}

TEST(BombStart, IsOutsideTheViewOnTheFarSide)
{
    const Aabb view{{-10.0f, 0.0f}, {10.0f, 12.0f}};
    const Vec2 right = bombStart(view, {5.0f, 2.0f});
    EXPECT_LT(right.x, view.lower.x);
    EXPECT_GT(right.y, view.upper.y);
    const Vec2 left = bombStart(view, {-5.0f, 2.0f});
    EXPECT_GT(left.x, view.upper.x);
}

} // namespace
