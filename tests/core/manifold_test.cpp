#include "oblique/manifold.hpp"

#include <cmath>
#include <gtest/gtest.h>

namespace
{

using namespace oblique;

void expectVecNear(Vec2 actual, Vec2 expected, float tol)
{
    EXPECT_NEAR(actual.x, expected.x, tol);
    EXPECT_NEAR(actual.y, expected.y, tol);
}

constexpr FeatureId faceVertex(int a, int b)
{
    return {static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b), FeatureType::Face,
            FeatureType::Vertex};
}
constexpr FeatureId vertexFace(int a, int b)
{
    return {static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b), FeatureType::Vertex,
            FeatureType::Face};
}

TEST(ManifoldBoxBoxTest, BoxRestingOnGround)
{
    // Ground: half extents (5, 0.5) at the origin, top face at y = 0.5 (face 2). A unit-wide box
    // (half extents 0.5) at (1, 0.99) has its bottom face at y = 0.49: 0.01 deep. Both boxes' best
    // faces are 0.01 deep, so the tie goes to A's face and the normal is +y. B's incident face is
    // its bottom (face 0, corners 0 and 1 at x = 0.5 and 1.5), inside the ground's side planes, so
    // both corners survive. Each point is midway between the surfaces: y = (0.49 + 0.5) / 2 = 0.495.
    const Obb ground = makeObb({0.0f, 0.0f}, {5.0f, 0.5f});
    const Obb box = makeObb({1.0f, 0.99f}, {0.5f, 0.5f});
    const Manifold m = collideBoxes(ground, box);
    ASSERT_EQ(m.pointCount, 2);
    expectVecNear(m.normal, {0.0f, 1.0f}, 1e-6f);
    expectVecNear(m.points[0].point, {0.5f, 0.495f}, 1e-5f);
    expectVecNear(m.points[1].point, {1.5f, 0.495f}, 1e-5f);
    EXPECT_NEAR(m.points[0].separation, -0.01f, 1e-5f);
    EXPECT_NEAR(m.points[1].separation, -0.01f, 1e-5f);
    EXPECT_EQ(m.points[0].id, faceVertex(2, 0));
    EXPECT_EQ(m.points[1].id, faceVertex(2, 1));
}

TEST(ManifoldBoxBoxTest, OverhangingBoxIsClippedAtTheGroundCorner)
{
    // The box spans x in [4.7, 5.7] but the ground ends at x = 5. The ground's top face runs from
    // its corner 2 (5, 0.5) to corner 3 (-5, 0.5); the side plane through corner 2 cuts B's bottom
    // face at x = 5, and that point takes corner 2 as its feature on A and B's face 0 on B.
    const Obb ground = makeObb({0.0f, 0.0f}, {5.0f, 0.5f});
    const Obb box = makeObb({5.2f, 0.99f}, {0.5f, 0.5f});
    const Manifold m = collideBoxes(ground, box);
    ASSERT_EQ(m.pointCount, 2);
    expectVecNear(m.normal, {0.0f, 1.0f}, 1e-6f);
    expectVecNear(m.points[0].point, {4.7f, 0.495f}, 1e-5f);
    expectVecNear(m.points[1].point, {5.0f, 0.495f}, 1e-5f);
    EXPECT_EQ(m.points[0].id, faceVertex(2, 0));
    EXPECT_EQ(m.points[1].id, vertexFace(2, 0));
}

TEST(ManifoldBoxBoxTest, SmallBoxFirstClipsTheGroundFace)
{
    // The same contact with the arguments swapped: both best faces are still 0.01 deep, so A's face
    // (the small box's bottom, face 0, normal -y) is the reference. The ground's top face (corners 2
    // at x = 5 and 3 at x = -5) is clipped to the small box's width [0.5, 1.5], so both points are
    // cuts: at the small box's corner 0 (x = 0.5) and corner 1 (x = 1.5), each against the ground's
    // face 2. The ground surface is at 0.5 and the box's at 0.49, so the points lie at y = 0.495.
    const Obb box = makeObb({1.0f, 0.99f}, {0.5f, 0.5f});
    const Obb ground = makeObb({0.0f, 0.0f}, {5.0f, 0.5f});
    const Manifold m = collideBoxes(box, ground);
    ASSERT_EQ(m.pointCount, 2);
    expectVecNear(m.normal, {0.0f, -1.0f}, 1e-6f);
    expectVecNear(m.points[0].point, {0.5f, 0.495f}, 1e-5f);
    expectVecNear(m.points[1].point, {1.5f, 0.495f}, 1e-5f);
    EXPECT_NEAR(m.points[0].separation, -0.01f, 1e-5f);
    EXPECT_NEAR(m.points[1].separation, -0.01f, 1e-5f);
    EXPECT_EQ(m.points[0].id, vertexFace(0, 2));
    EXPECT_EQ(m.points[1].id, vertexFace(1, 2));
}

TEST(ManifoldBoxBoxTest, TiltedBoxOnGroundFlipsToTheGroundFace)
{
    // A unit box (half extents 0.5) tilted by 0.1 rad sits on the ground's top face (y = 0.5), the
    // small box first. With c = cos 0.1 = 0.995004, s = sin 0.1 = 0.0998334 its corner 0 is at
    // local-rotated (-0.5c + 0.5s, -0.5s - 0.5c) = (-0.447585, -0.547419) and corner 1 at
    // (0.5c + 0.5s, 0.5s - 0.5c) = (0.547419, -0.447585). The centre is placed so corner 0 is 0.02
    // deep: y = 0.5 + 0.547419 - 0.02. The tilted box's faces see the wide ground's far corners
    // metres deep, so the ground's face is the reference (B's face, flipped): the normal is still
    // from A to B, -y. Corner 1 is 0.079834 above the ground and is dropped without a speculative
    // margin; with a margin of 0.1 it is kept.
    const float c = std::cos(0.1f);
    const float s = std::sin(0.1f);
    const Vec2 centre{1.0f, 0.5f + (0.5f * s + 0.5f * c) - 0.02f};
    const Obb tilted = makeObb(centre, {0.5f, 0.5f}, 0.1f);
    const Obb ground = makeObb({0.0f, 0.0f}, {5.0f, 0.5f});

    const Manifold m = collideBoxes(tilted, ground);
    ASSERT_EQ(m.pointCount, 1);
    expectVecNear(m.normal, {0.0f, -1.0f}, 1e-6f);
    EXPECT_NEAR(m.points[0].separation, -0.02f, 1e-5f);
    // The corner at y = 0.48 and the ground at 0.5: midway is 0.49.
    expectVecNear(m.points[0].point, {1.0f - 0.5f * c + 0.5f * s, 0.49f}, 1e-5f);
    // Corner 0 of A against face 2 of B (the ids are swapped back to A/B order).
    EXPECT_EQ(m.points[0].id, vertexFace(0, 2));

    const Manifold spec = collideBoxes(tilted, ground, 0.1f);
    ASSERT_EQ(spec.pointCount, 2);
    EXPECT_NEAR(spec.points[1].separation, 0.5f * s - 0.5f * c + 0.5f * s + 0.5f * c - 0.02f, 1e-5f);
    EXPECT_EQ(spec.points[1].id, vertexFace(1, 2));
}

TEST(ManifoldBoxBoxTest, SeparatedBoxesHaveNoPointsUnlessSpeculative)
{
    const Obb a = makeObb({0.0f, 0.0f}, {1.0f, 1.0f});
    // 0.05 apart.
    const Obb b = makeObb({0.5f, 2.05f}, {1.0f, 1.0f});
    EXPECT_EQ(collideBoxes(a, b).pointCount, 0);
    const Manifold m = collideBoxes(a, b, 0.1f);
    ASSERT_EQ(m.pointCount, 2);
    EXPECT_NEAR(m.points[0].separation, 0.05f, 1e-5f);
    EXPECT_NEAR(m.points[1].separation, 0.05f, 1e-5f);
    EXPECT_EQ(collideBoxes(a, makeObb({5.0f, 0.0f}, {1.0f, 1.0f}), 0.1f).pointCount, 0);
}

TEST(ManifoldBoxBoxTest, BoxesApartCornerToCornerMeetAtOnePointBetweenTheCorners)
{
    // Two unit boxes turned 45 degrees, side by side on the x axis: A's right corner at
    // (sqrt 2 / 2, 0) and B's left corner 4 mm further right. Clipping B's nearest face to the
    // sides of A's gives nothing (B's corner lies past the end of A's face), yet the corners are
    // 4 mm apart, within the speculative distance: one point midway between them, normal from
    // A's corner to B's, separation the gap, the two corners as its features.
    const float quarter = 0.25f * 3.14159265f;
    const float reach = 0.5f * std::sqrt(2.0f);
    const Obb a = makeObb({0.0f, 0.0f}, {0.5f, 0.5f}, quarter);
    const Obb b = makeObb({2.0f * reach + 0.004f, 0.0f}, {0.5f, 0.5f}, quarter);
    const Manifold m = collideBoxes(a, b, 0.02f);
    ASSERT_EQ(m.pointCount, 1);
    expectVecNear(m.normal, {1.0f, 0.0f}, 1e-4f);
    EXPECT_NEAR(m.points[0].separation, 0.004f, 1e-5f);
    expectVecNear(m.points[0].point, {reach + 0.002f, 0.0f}, 1e-5f);
    EXPECT_EQ(m.points[0].id.typeA, FeatureType::Vertex);
    EXPECT_EQ(m.points[0].id.typeB, FeatureType::Vertex);
    // Seen from B the same point, the normal reversed and the features swapped.
    const Manifold r = collideBoxes(b, a, 0.02f);
    ASSERT_EQ(r.pointCount, 1);
    expectVecNear(r.normal, {-1.0f, 0.0f}, 1e-4f);
    EXPECT_NEAR(r.points[0].separation, 0.004f, 1e-5f);
    EXPECT_EQ(r.points[0].id.indexA, m.points[0].id.indexB);
    EXPECT_EQ(r.points[0].id.indexB, m.points[0].id.indexA);
    // Beyond the speculative distance, nothing; without one, nothing.
    EXPECT_EQ(collideBoxes(a, b, 0.003f).pointCount, 0);
    EXPECT_EQ(collideBoxes(a, b).pointCount, 0);
    // Overlapping, the corners are not apart: the face's normal, as clipping gives it.
    const Manifold overlapping =
        collideBoxes(a, makeObb({2.0f * reach - 0.004f, 0.0f}, {0.5f, 0.5f}, quarter), 0.02f);
    ASSERT_GE(overlapping.pointCount, 1);
    EXPECT_NEAR(std::fabs(overlapping.normal.x), std::sqrt(0.5f), 1e-4f);
}

TEST(ManifoldBoxBoxTest, FeatureIdsStayWhileSliding)
{
    // A box sliding along the ground a millimetre at a time keeps touching with the same corners
    // against the same face, so its ids must not change; the same holds while it hangs over the edge
    // and is clipped at the ground's corner.
    const Obb ground = makeObb({0.0f, 0.0f}, {5.0f, 0.5f});
    for (const float start : {1.0f, 5.2f})
    {
        const Manifold first = collideBoxes(ground, makeObb({start, 0.99f}, {0.5f, 0.5f}));
        ASSERT_EQ(first.pointCount, 2);
        for (int step = 1; step <= 10; ++step)
        {
            const float x = start + 0.001f * static_cast<float>(step);
            const Manifold m = collideBoxes(ground, makeObb({x, 0.99f}, {0.5f, 0.5f}));
            ASSERT_EQ(m.pointCount, 2) << "x " << x;
            EXPECT_EQ(key(m.points[0].id), key(first.points[0].id)) << "x " << x;
            EXPECT_EQ(key(m.points[1].id), key(first.points[1].id)) << "x " << x;
            // The points slide with the box (the clipped one stays at the ground's corner).
            EXPECT_NEAR(m.points[0].point.x, first.points[0].point.x + (x - start), 1e-5f);
        }
    }
    // The ids also survive a slow rotation wobble while resting.
    const Manifold first = collideBoxes(ground, makeObb({1.0f, 0.99f}, {0.5f, 0.5f}, 0.0f));
    for (const float a : {0.0005f, -0.0005f, 0.001f})
    {
        const Manifold m = collideBoxes(ground, makeObb({1.0f, 0.99f}, {0.5f, 0.5f}, a));
        ASSERT_EQ(m.pointCount, 2) << "angle " << a;
        EXPECT_EQ(m.points[0].id, first.points[0].id);
        EXPECT_EQ(m.points[1].id, first.points[1].id);
    }
}

TEST(ManifoldBoxCircleTest, CircleOnFace)
{
    // Unit box; circle of radius 0.5 at (0.3, 1.4): 0.4 above the top face, so 0.1 deep. The box's
    // surface point is (0.3, 1) and the circle's (0.3, 0.9); midway (0.3, 0.95).
    const Obb box = makeObb({0.0f, 0.0f}, {1.0f, 1.0f});
    const Circle circle{{0.3f, 1.4f}, 0.5f};
    const Manifold m = collideBoxCircle(box, circle);
    ASSERT_EQ(m.pointCount, 1);
    expectVecNear(m.normal, {0.0f, 1.0f}, 1e-6f);
    EXPECT_NEAR(m.points[0].separation, -0.1f, 1e-6f);
    expectVecNear(m.points[0].point, {0.3f, 0.95f}, 1e-6f);

    // Circle first: the normal flips, the point and separation do not.
    const Manifold r = collideCircleBox(circle, box);
    ASSERT_EQ(r.pointCount, 1);
    expectVecNear(r.normal, {0.0f, -1.0f}, 1e-6f);
    EXPECT_NEAR(r.points[0].separation, -0.1f, 1e-6f);
    expectVecNear(r.points[0].point, {0.3f, 0.95f}, 1e-6f);
}

TEST(ManifoldBoxCircleTest, CircleOnCorner)
{
    // The centre (1.6, 1.8) is (0.6, 0.8) from the corner (1, 1): distance 1. Radius 1.5, so 0.5 deep
    // along (0.6, 0.8). The circle's surface point is (1.6, 1.8) - 1.5 (0.6, 0.8) = (0.7, 0.6);
    // midway to the corner: (0.85, 0.8).
    const Obb box = makeObb({0.0f, 0.0f}, {1.0f, 1.0f});
    const Manifold m = collideBoxCircle(box, Circle{{1.6f, 1.8f}, 1.5f});
    ASSERT_EQ(m.pointCount, 1);
    expectVecNear(m.normal, {0.6f, 0.8f}, 1e-6f);
    EXPECT_NEAR(m.points[0].separation, -0.5f, 1e-6f);
    expectVecNear(m.points[0].point, {0.85f, 0.8f}, 1e-6f);

    // Radius 0.9: 0.1 short of the corner.
    EXPECT_EQ(collideBoxCircle(box, Circle{{1.6f, 1.8f}, 0.9f}).pointCount, 0);
    const Manifold spec = collideBoxCircle(box, Circle{{1.6f, 1.8f}, 0.9f}, 0.2f);
    ASSERT_EQ(spec.pointCount, 1);
    EXPECT_NEAR(spec.points[0].separation, 0.1f, 1e-6f);
}

TEST(ManifoldBoxCircleTest, CentreInsideTurnedBox)
{
    // Box turned 90 degrees about (1, 1), half extents (2, 0.5): in the world it spans x in
    // [0.5, 1.5] and y in [-1, 3]. The centre (1.3, 1) is 0.2 from the face at x = 1.5 and further
    // from the rest, so the normal is +x and the separation -(0.2 + 0.25) = -0.45. The box surface
    // point is (1.5, 1), the circle's (1.3 - 0.25, 1) = (1.05, 1); midway (1.275, 1).
    const Obb box = makeObb({1.0f, 1.0f}, {2.0f, 0.5f}, 1.5707963f);
    const Manifold m = collideBoxCircle(box, Circle{{1.3f, 1.0f}, 0.25f});
    ASSERT_EQ(m.pointCount, 1);
    expectVecNear(m.normal, {1.0f, 0.0f}, 1e-6f);
    EXPECT_NEAR(m.points[0].separation, -0.45f, 1e-6f);
    expectVecNear(m.points[0].point, {1.275f, 1.0f}, 1e-6f);
}

TEST(ManifoldCircleCircleTest, PointNormalSeparation)
{
    // Centres 1.5 apart on x, radii 1: 0.5 deep. Surface points (1, 0) and (0.5, 0): midway 0.75.
    const Manifold m = collideCircles(Circle{{0.0f, 0.0f}, 1.0f}, Circle{{1.5f, 0.0f}, 1.0f});
    ASSERT_EQ(m.pointCount, 1);
    expectVecNear(m.normal, {1.0f, 0.0f}, 1e-6f);
    EXPECT_NEAR(m.points[0].separation, -0.5f, 1e-6f);
    expectVecNear(m.points[0].point, {0.75f, 0.0f}, 1e-6f);

    // 3-4-5 with radii 1 and 2: 2 apart, kept only with a speculative margin of at least 2.
    const Circle a{{0.0f, 0.0f}, 1.0f};
    const Circle b{{3.0f, 4.0f}, 2.0f};
    EXPECT_EQ(collideCircles(a, b).pointCount, 0);
    EXPECT_EQ(collideCircles(a, b, 1.9f).pointCount, 0);
    const Manifold s = collideCircles(a, b, 2.5f);
    ASSERT_EQ(s.pointCount, 1);
    expectVecNear(s.normal, {0.6f, 0.8f}, 1e-6f);
    EXPECT_NEAR(s.points[0].separation, 2.0f, 1e-6f);
    // Surface points (0.6, 0.8) and (3, 4) - 2 (0.6, 0.8) = (1.8, 2.4): midway (1.2, 1.6).
    expectVecNear(s.points[0].point, {1.2f, 1.6f}, 1e-6f);

    // Coincident centres: the normal falls back to +x and the separation is minus both radii.
    const Manifold c = collideCircles(Circle{{2.0f, 2.0f}, 0.5f}, Circle{{2.0f, 2.0f}, 0.25f});
    ASSERT_EQ(c.pointCount, 1);
    expectVecNear(c.normal, {1.0f, 0.0f}, 0.0f);
    EXPECT_NEAR(c.points[0].separation, -0.75f, 1e-6f);
}

} // namespace
