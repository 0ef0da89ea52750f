// World::draw through a recording DebugDraw: one filled polygon per box at its corners, one
// filled circle per circle, and the contact points when that layer is switched on.

#include "world_scenes.hpp"

#include <algorithm>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace oblique::test
{
namespace
{

class RecordingDraw final : public DebugDraw
{
public:
    struct Polygon
    {
        std::vector<Vec2> vertices;
        bool solid;
    };
    struct Round
    {
        Vec2 center;
        float radius;
        Vec2 axis;
        bool solid;
    };

    void drawPolygon(std::span<const Vec2> vertices, Color) override
    {
        polygons.push_back({{vertices.begin(), vertices.end()}, false});
    }
    void drawSolidPolygon(std::span<const Vec2> vertices, Color) override
    {
        polygons.push_back({{vertices.begin(), vertices.end()}, true});
    }
    void drawCircle(Vec2 center, float radius, Color) override
    {
        circles.push_back({center, radius, {}, false});
    }
    void drawSolidCircle(Vec2 center, float radius, Vec2 axis, Color) override
    {
        circles.push_back({center, radius, axis, true});
    }
    void drawSegment(Vec2, Vec2, Color) override { ++segments; }
    void drawPoint(Vec2 p, float, Color) override { points.push_back(p); }
    void drawTransform(const Transform&) override { ++transforms; }
    void drawString(Vec2, std::string_view text, Color) override { strings.emplace_back(text); }

    int solidPolygons() const
    {
        int n = 0;
        for (const Polygon& p : polygons)
        {
            n += p.solid ? 1 : 0;
        }
        return n;
    }
    int solidCircles() const
    {
        int n = 0;
        for (const Round& c : circles)
        {
            n += c.solid ? 1 : 0;
        }
        return n;
    }

    std::vector<Polygon> polygons;
    std::vector<Round> circles;
    std::vector<Vec2> points;
    std::vector<std::string> strings;
    int segments = 0;
    int transforms = 0;
};

// A ground, two boxes and two balls, each sunk 1 mm into the ground so every one of them touches
// it: three boxes, two circles. The second box stands turned on one corner (its lowest corner is
// 0.8 sin 0.3 + 0.3 cos 0.3 = 0.523 m below its centre).
SceneInstance smallScene()
{
    return instantiate(
        makeScene("draw", {ground(), sceneBox(BodyType::Dynamic, {-2.0f, 0.499f}, {0.5f, 0.5f}),
                           sceneBox(BodyType::Dynamic, {0.0f, 0.522f}, {0.8f, 0.3f}, 0.3f),
                           sceneBall(BodyType::Dynamic, {2.0f, 0.399f}, 0.4f),
                           sceneBall(BodyType::Dynamic, {4.0f, 0.699f}, 0.7f)}));
}

TEST(WorldDebugDraw, OneShapePerBodyWhereTheBodyIs)
{
    SceneInstance s = smallScene();
    RecordingDraw d;
    s.world.draw(d);
    EXPECT_EQ(d.solidPolygons(), 3);
    EXPECT_EQ(d.polygons.size(), 3u); // no outlines: the AABB and tree layers are off
    EXPECT_EQ(d.solidCircles(), 2);
    EXPECT_EQ(d.circles.size(), 2u);
    EXPECT_TRUE(d.points.empty()); // the contact layers are off by default
    EXPECT_EQ(d.segments, 0);
    EXPECT_EQ(d.transforms, 0);

    // Each polygon is its box's four corners, and each circle its body's circle.
    std::size_t polygon = 0;
    std::size_t circle = 0;
    for (const BodyId id : s.bodies)
    {
        if (s.world.shape(id).kind == ShapeKind::Box)
        {
            ASSERT_LT(polygon, d.polygons.size());
            const auto expected = corners(s.world.obb(id));
            ASSERT_EQ(d.polygons[polygon].vertices.size(), 4u);
            for (std::size_t k = 0; k < 4; ++k)
            {
                EXPECT_NEAR(d.polygons[polygon].vertices[k].x, expected[k].x, 1e-5f);
                EXPECT_NEAR(d.polygons[polygon].vertices[k].y, expected[k].y, 1e-5f);
            }
            ++polygon;
        }
        else
        {
            ASSERT_LT(circle, d.circles.size());
            EXPECT_EQ(d.circles[circle].center, s.world.position(id));
            EXPECT_EQ(d.circles[circle].radius, s.world.shape(id).radius);
            EXPECT_NEAR(length(d.circles[circle].axis), 1.0f, 1e-5f);
            ++circle;
        }
    }

    // Shapes off: nothing is drawn at all.
    RecordingDraw none;
    s.world.draw(none, {.shapes = false});
    EXPECT_TRUE(none.polygons.empty());
    EXPECT_TRUE(none.circles.empty());
}

TEST(WorldDebugDraw, ContactPointsLayerShowsEveryManifoldPoint)
{
    SceneInstance s = smallScene();
    s.world.step(1.0f / 60.0f);
    const std::vector<ContactInfo> contacts = s.world.contacts();
    std::vector<Vec2> expected;
    for (const ContactInfo& c : contacts)
    {
        for (int i = 0; i < c.manifold.pointCount; ++i)
        {
            expected.push_back(c.manifold.points[i].point);
        }
    }
    // Every body touches the ground: two points for the flat box, one for the box on its corner,
    // one per ball.
    ASSERT_EQ(contacts.size(), 4u);
    ASSERT_EQ(expected.size(), 5u);

    RecordingDraw d;
    s.world.draw(d, {.contactPoints = true});
    EXPECT_EQ(d.solidPolygons(), 3);
    EXPECT_EQ(d.solidCircles(), 2);
    ASSERT_EQ(d.points.size(), expected.size());
    for (const Vec2 p : expected)
    {
        EXPECT_NE(std::find(d.points.begin(), d.points.end(), p), d.points.end())
            << "no point drawn at (" << p.x << ", " << p.y << ")";
    }
    EXPECT_EQ(d.segments, 0); // normals and impulses are separate layers, still off

    // The normals layer adds one segment per point.
    RecordingDraw normals;
    s.world.draw(normals, {.contactNormals = true});
    EXPECT_TRUE(normals.points.empty());
    EXPECT_EQ(normals.segments, static_cast<int>(expected.size()));
}

// The joints layer marks every joint's anchors where they are; it is on by default, and with it
// off nothing of the joints is drawn.
TEST(WorldDebugDraw, JointsLayerMarksEveryJointsAnchors)
{
    World world(WorldDef{.gravity = {0.0f, 0.0f}});
    const BodyId ground = world.createBody(bodyAt(BodyType::Static, {0.0f, 0.0f}), boxShape({0.1f, 0.1f}));
    std::vector<Vec2> anchors;
    const auto join = [&](Vec2 at, auto params)
    {
        const BodyId body = world.createBody(bodyAt(BodyType::Dynamic, at), boxShape({0.2f, 0.2f}));
        const JointId joint = world.createJoint({.bodyA = ground, .bodyB = body, .params = params});
        anchors.push_back(world.jointAnchorB(joint));
    };
    join({1.0f, 0.0f}, RevoluteJointDef{.anchor = {1.0f, 0.0f}, .enableLimit = true, .upperAngle = 1.0f});
    join({2.0f, 0.0f}, DistanceJointDef{.anchorA = {2.0f, 1.0f}, .anchorB = {2.0f, 0.0f}});
    join({3.0f, 0.0f}, PrismaticJointDef{.anchor = {3.0f, 0.0f}});
    join({4.0f, 0.0f}, WeldJointDef{.anchor = {4.0f, 0.0f}});
    join({5.0f, 0.0f}, WheelJointDef{.anchor = {5.0f, 0.0f}});
    join({6.0f, 0.0f}, MotorJointDef{});
    join({7.0f, 0.0f}, MouseJointDef{.target = {7.0f, 1.0f}, .maxForce = 1.0f});

    RecordingDraw d;
    world.draw(d);
    EXPECT_GE(d.segments, 7);
    for (const Vec2 p : anchors)
    {
        EXPECT_NE(std::find(d.points.begin(), d.points.end(), p), d.points.end())
            << "no anchor drawn at (" << p.x << ", " << p.y << ")";
    }
    RecordingDraw off;
    world.draw(off, {.joints = false});
    EXPECT_EQ(off.segments, 0);
    EXPECT_TRUE(off.points.empty());
    EXPECT_EQ(off.solidPolygons(), 8);
}

} // namespace
} // namespace oblique::test
