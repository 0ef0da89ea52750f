// Camera2D: the world (metres, y up) <-> screen (pixels, y down) mapping, zooming around the cursor
// and panning, and its SFML transform.

#include "oblique/sfml/camera_2d.hpp"
#include "oblique/sfml/sfml_convert.hpp"

#include <cmath>
#include <gtest/gtest.h>

namespace
{

using oblique::Camera2D;
using oblique::Vec2;

void expectNear(Vec2 actual, Vec2 expected, float tolerance)
{
    EXPECT_NEAR(actual.x, expected.x, tolerance);
    EXPECT_NEAR(actual.y, expected.y, tolerance);
}

TEST(Camera2D, CentreMapsToTheViewportCentre)
{
    const Camera2D camera({3.0f, -2.0f}, 40.0f, {1280.0f, 720.0f});
    expectNear(camera.worldToScreen({3.0f, -2.0f}), {640.0f, 360.0f}, 0.0f);
    expectNear(camera.screenToWorld({640.0f, 360.0f}), {3.0f, -2.0f}, 0.0f);
}

TEST(Camera2D, WorldYUpIsScreenYDown)
{
    const Camera2D camera({0.0f, 0.0f}, 10.0f, {200.0f, 100.0f});
    // One metre up is ten pixels nearer the top; one metre right is ten pixels right.
    expectNear(camera.worldToScreen({0.0f, 1.0f}), {100.0f, 40.0f}, 0.0f);
    expectNear(camera.worldToScreen({1.0f, 0.0f}), {110.0f, 50.0f}, 0.0f);
    // The top-left pixel corner is the world's upper-left.
    expectNear(camera.screenToWorld({0.0f, 0.0f}), {-10.0f, 5.0f}, 1e-6f);
    const oblique::Aabb b = camera.visibleBounds();
    expectNear(b.lower, {-10.0f, -5.0f}, 1e-6f);
    expectNear(b.upper, {10.0f, 5.0f}, 1e-6f);
}

TEST(Camera2D, WorldScreenWorldRoundTrips)
{
    const float zooms[] = {0.5f, 1.0f, 37.5f, 400.0f};
    const Vec2 centres[] = {{0.0f, 0.0f}, {12.5f, -7.25f}, {-300.0f, 1000.0f}};
    for (float zoom : zooms)
    {
        for (Vec2 centre : centres)
        {
            const Camera2D camera(centre, zoom, {1024.0f, 768.0f});
            for (float x = -20.0f; x <= 20.0f; x += 2.5f)
            {
                for (float y = -20.0f; y <= 20.0f; y += 2.5f)
                {
                    const Vec2 world = centre + Vec2{x, y};
                    const Vec2 back = camera.screenToWorld(camera.worldToScreen(world));
                    // A few float ulps of the larger of the point and the centre.
                    const float tolerance =
                        4e-6f * std::max({1.0f, std::abs(world.x), std::abs(world.y), std::abs(centre.y)});
                    expectNear(back, world, tolerance);
                }
            }
            const Vec2 pixel{123.0f, 456.0f};
            expectNear(camera.worldToScreen(camera.screenToWorld(pixel)), pixel,
                       1e-3f * std::max(1.0f, zoom));
        }
    }
}

TEST(Camera2D, LengthsScaleWithZoom)
{
    const Camera2D camera({0.0f, 0.0f}, 25.0f, {100.0f, 100.0f});
    EXPECT_FLOAT_EQ(camera.worldToScreenLength(2.0f), 50.0f);
    EXPECT_FLOAT_EQ(camera.screenToWorldLength(50.0f), 2.0f);
}

TEST(Camera2D, ZoomAtKeepsTheWorldPointUnderTheCursor)
{
    const Vec2 cursors[] = {{0.0f, 0.0f}, {800.0f, 600.0f}, {123.0f, 77.0f}, {400.0f, 300.0f}};
    const float factors[] = {1.1f, 1.0f / 1.1f, 4.0f, 0.25f};
    for (Vec2 cursor : cursors)
    {
        for (float factor : factors)
        {
            Camera2D camera({2.0f, 3.0f}, 30.0f, {800.0f, 600.0f});
            const Vec2 before = camera.screenToWorld(cursor);
            camera.zoomAt(cursor, factor);
            EXPECT_FLOAT_EQ(camera.zoom(), 30.0f * factor);
            expectNear(camera.screenToWorld(cursor), before, 1e-4f);
            expectNear(camera.worldToScreen(before), cursor, 1e-3f);
        }
    }
}

TEST(Camera2D, RepeatedWheelZoomStaysAnchored)
{
    Camera2D camera({0.0f, 0.0f}, 50.0f, {800.0f, 600.0f});
    const Vec2 cursor{620.0f, 140.0f};
    const Vec2 anchor = camera.screenToWorld(cursor);
    for (int i = 0; i < 20; ++i)
    {
        camera.zoomAt(cursor, 1.2f);
    }
    for (int i = 0; i < 35; ++i)
    {
        camera.zoomAt(cursor, 1.0f / 1.2f);
    }
    expectNear(camera.screenToWorld(cursor), anchor, 1e-3f);
}

TEST(Camera2D, ZoomIsClampedAndTheAnchorStillHolds)
{
    Camera2D camera({0.0f, 0.0f}, 50.0f, {800.0f, 600.0f});
    const Vec2 cursor{700.0f, 100.0f};
    const Vec2 anchor = camera.screenToWorld(cursor);
    camera.zoomAt(cursor, 1e12f);
    EXPECT_EQ(camera.zoom(), Camera2D::kMaxZoom);
    expectNear(camera.screenToWorld(cursor), anchor, 1e-3f);
    camera.setZoom(0.0f);
    EXPECT_EQ(camera.zoom(), Camera2D::kMinZoom);
    camera.setZoom(std::nanf(""));
    EXPECT_EQ(camera.zoom(), Camera2D::kMinZoom) << "non-finite zoom is ignored";
}

TEST(Camera2D, PanMovesTheWorldWithTheDrag)
{
    Camera2D camera({0.0f, 0.0f}, 20.0f, {800.0f, 600.0f});
    const Vec2 grab{300.0f, 200.0f};
    const Vec2 grabbed = camera.screenToWorld(grab);
    const Vec2 drag{45.0f, -30.0f};
    camera.pan(drag);
    expectNear(camera.screenToWorld(grab + drag), grabbed, 1e-5f);
    // Dragging right and up moves the centre left and down in world terms.
    EXPECT_LT(camera.center().x, 0.0f);
    EXPECT_LT(camera.center().y, 0.0f);
}

TEST(Camera2D, MatrixAndSfmlTransformAgreeWithWorldToScreen)
{
    const Camera2D camera({-4.0f, 9.0f}, 32.0f, {640.0f, 480.0f});
    const oblique::Matrix23 m = camera.worldToScreenMatrix();
    const sf::Transform t = oblique::toSfTransform(camera);
    for (Vec2 w : {Vec2{0.0f, 0.0f}, Vec2{-4.0f, 9.0f}, Vec2{3.5f, -2.25f}})
    {
        const Vec2 s = camera.worldToScreen(w);
        expectNear(oblique::transformPoint(m, w), s, 1e-3f);
        const sf::Vector2f p = t.transformPoint(w.x, w.y);
        expectNear({p.x, p.y}, s, 1e-3f);
    }
    const sf::View view = oblique::toSfView(camera);
    EXPECT_FLOAT_EQ(view.getSize().x, 20.0f);
    EXPECT_FLOAT_EQ(view.getSize().y, 15.0f);
    EXPECT_FLOAT_EQ(view.getCenter().y, -9.0f);
}

} // namespace
