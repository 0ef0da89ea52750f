#include "oblique/overlap.hpp"

#include <gtest/gtest.h>
#include <numbers>

namespace
{

using namespace oblique;

constexpr float kPi = std::numbers::pi_v<float>;

TEST(OverlapBoxBoxTest, SeparatedTouchingOverlappingInside)
{
    const Obb a = makeObb({0.0f, 0.0f}, {1.0f, 1.0f});
    EXPECT_FALSE(testOverlap(a, makeObb({3.0f, 0.0f}, {1.0f, 1.0f})));
    EXPECT_FALSE(testOverlap(a, makeObb({0.0f, -2.5f}, {1.0f, 1.0f})));
    // Face to face: the right face of a at x = 1 meets the left face of b at x = 1.
    EXPECT_TRUE(testOverlap(a, makeObb({2.0f, 0.5f}, {1.0f, 1.0f})));
    // Corner to corner.
    EXPECT_TRUE(testOverlap(a, makeObb({2.0f, 2.0f}, {1.0f, 1.0f})));
    // A millimetre apart.
    EXPECT_FALSE(testOverlap(a, makeObb({2.001f, 0.5f}, {1.0f, 1.0f})));
    EXPECT_TRUE(testOverlap(a, makeObb({1.5f, 0.5f}, {1.0f, 1.0f})));
    // One box wholly inside the other, both orders.
    EXPECT_TRUE(testOverlap(a, makeObb({0.1f, -0.2f}, {0.2f, 0.1f}, 0.7f)));
    EXPECT_TRUE(testOverlap(makeObb({0.1f, -0.2f}, {0.2f, 0.1f}, 0.7f), a));
}

TEST(OverlapBoxBoxTest, NeedsTheRotatedBoxesOwnAxes)
{
    // a diamond (unit box turned 45 degrees) reaches sqrt2 = 1.41421 along x. A unit box centred at
    // (2.3, 1.3) has its bottom-left corner at (1.3, 0.3): on the x and y axes the shadows overlap
    // ([-1.414, 1.414] against [1.3, 3.3]) but the diamond's edge x + y = sqrt2 passes below that
    // corner (1.3 + 0.3 = 1.6 > 1.414), so only the diamond's own axis separates them.
    const Obb diamond = makeObb({0.0f, 0.0f}, {1.0f, 1.0f}, 0.25f * kPi);
    EXPECT_FALSE(testOverlap(diamond, makeObb({2.3f, 1.3f}, {1.0f, 1.0f})));
    EXPECT_FALSE(testOverlap(makeObb({2.3f, 1.3f}, {1.0f, 1.0f}), diamond));
    // Moved down-left to (2.1, 1.1) the corner (1.1, 0.1) is inside (1.2 < 1.414).
    EXPECT_TRUE(testOverlap(diamond, makeObb({2.1f, 1.1f}, {1.0f, 1.0f})));
}

TEST(OverlapBoxBoxTest, NearParallelBoxesTouchingFaceToFace)
{
    // Two boxes turned by the same (tiny, or large) angle and placed so that a's right face and b's
    // left face coincide. Rounding in the cached rotations and in the centre must not open a gap.
    const float angles[] = {0.0f, 1e-7f, -1e-7f, 1e-6f, 1e-5f, 1e-4f, 1e-3f, 0.5f, 1.0e6f};
    for (const float angle : angles)
    {
        const Obb a = makeObb({0.3f, -0.2f}, {1.0f, 0.5f}, angle);
        const Vec2 ex = axisX(a);
        const Vec2 ey = axisY(a);
        // Half widths 1 + 0.75 along a's x axis, with a sideways slide that keeps the faces in
        // contact.
        const Obb touching = makeObb(a.center + 1.75f * ex + 0.3f * ey, {0.75f, 0.4f}, angle);
        EXPECT_TRUE(testOverlap(a, touching)) << "angle " << angle;
        EXPECT_TRUE(testOverlap(touching, a)) << "angle " << angle;
        // Stacked on top: half heights 0.5 + 0.4 along a's y axis.
        const Obb stacked = makeObb(a.center + 0.9f * ey - 0.2f * ex, {0.75f, 0.4f}, angle);
        EXPECT_TRUE(testOverlap(a, stacked)) << "angle " << angle;
        // A millimetre apart is a gap, whatever the angle.
        const Obb apart = makeObb(a.center + 1.751f * ex + 0.3f * ey, {0.75f, 0.4f}, angle);
        EXPECT_FALSE(testOverlap(a, apart)) << "angle " << angle;
        EXPECT_FALSE(testOverlap(apart, a)) << "angle " << angle;
        const Obb above = makeObb(a.center + 0.901f * ey - 0.2f * ex, {0.75f, 0.4f}, angle);
        EXPECT_FALSE(testOverlap(a, above)) << "angle " << angle;
    }
}

TEST(OverlapBoxBoxTest, SlightlyTurnedNeighbourTouches)
{
    // b is turned by a tiny extra angle relative to a while its centre keeps the distance of exact
    // face contact, so its corners dip past a's face by hy * sin(delta) > 0: overlapping.
    const float deltas[] = {1e-6f, 1e-5f, 1e-3f};
    for (const float delta : deltas)
    {
        const Obb a = makeObb({0.0f, 0.0f}, {1.0f, 1.0f}, 0.2f);
        const Obb b = makeObb(a.center + 2.0f * axisX(a), {1.0f, 1.0f}, 0.2f + delta);
        EXPECT_TRUE(testOverlap(a, b)) << "delta " << delta;
    }
}

TEST(OverlapBoxBoxTest, WideGroundKeepsMillimetreGaps)
{
    // The parallel padding scales with the other box's size; against a 100 m wide ground it must stay
    // well under a millimetre. Ground top at y = 0.5, box half height 0.5: resting at y = 1.
    const Obb ground = makeObb({0.0f, 0.0f}, {50.0f, 0.5f});
    EXPECT_TRUE(testOverlap(ground, makeObb({20.0f, 1.0f}, {0.5f, 0.5f})));
    EXPECT_TRUE(testOverlap(makeObb({20.0f, 1.0f}, {0.5f, 0.5f}), ground));
    EXPECT_FALSE(testOverlap(ground, makeObb({20.0f, 1.001f}, {0.5f, 0.5f})));
    EXPECT_FALSE(testOverlap(makeObb({20.0f, 1.001f}, {0.5f, 0.5f}), ground));
    // Tilted ground: the same contact along the ground's own normal.
    const Obb tilted = makeObb({3.0f, -2.0f}, {50.0f, 0.5f}, 0.3f);
    EXPECT_TRUE(testOverlap(tilted, makeObb(toWorld(tilted, {10.0f, 1.0f}), {0.5f, 0.5f}, 0.3f)));
    EXPECT_FALSE(testOverlap(tilted, makeObb(toWorld(tilted, {10.0f, 1.001f}), {0.5f, 0.5f}, 0.3f)));
}

TEST(OverlapBoxCircleTest, FaceCornerInsideApart)
{
    const Obb box = makeObb({0.0f, 0.0f}, {1.0f, 1.0f});
    // Touching the right face: 1 + 0.5 = 1.5.
    EXPECT_TRUE(testOverlap(box, Circle{{1.5f, 0.0f}, 0.5f}));
    EXPECT_FALSE(testOverlap(box, Circle{{1.5f, 0.0f}, 0.49f}));
    // Near the corner (1, 1): the centre (1.3, 1.4) is 0.5 away from it, although the shadows on both
    // axes overlap for any radius above 0.4.
    EXPECT_TRUE(testOverlap(box, Circle{{1.3f, 1.4f}, 0.51f}));
    EXPECT_FALSE(testOverlap(box, Circle{{1.3f, 1.4f}, 0.49f}));
    // Centre inside the box, circle much smaller.
    EXPECT_TRUE(testOverlap(box, Circle{{0.2f, -0.3f}, 0.01f}));
    // Box inside a big circle.
    EXPECT_TRUE(testOverlap(box, Circle{{0.0f, 0.0f}, 10.0f}));
    // The order of the arguments does not matter.
    EXPECT_TRUE(testOverlap(Circle{{1.3f, 1.4f}, 0.51f}, box));
    EXPECT_FALSE(testOverlap(Circle{{1.3f, 1.4f}, 0.49f}, box));
}

TEST(OverlapBoxCircleTest, RotatedBox)
{
    // The diamond's corner is at (sqrt2, 0) = (1.41421, 0).
    const Obb diamond = makeObb({0.0f, 0.0f}, {1.0f, 1.0f}, 0.25f * kPi);
    EXPECT_TRUE(testOverlap(diamond, Circle{{1.9f, 0.0f}, 0.49f}));
    EXPECT_FALSE(testOverlap(diamond, Circle{{1.9f, 0.0f}, 0.48f}));
    // Facing the edge x + y = sqrt2 along (1,1)/sqrt2: the centre (1.5, 1.5) is 3/sqrt2 - 1 = 1.1213
    // from that edge.
    EXPECT_TRUE(testOverlap(diamond, Circle{{1.5f, 1.5f}, 1.13f}));
    EXPECT_FALSE(testOverlap(diamond, Circle{{1.5f, 1.5f}, 1.11f}));
}

TEST(OverlapCircleCircleTest, Cases)
{
    // Centres 5 apart (3-4-5).
    EXPECT_TRUE(testOverlap(Circle{{0.0f, 0.0f}, 2.0f}, Circle{{3.0f, 4.0f}, 3.0f}));   // touching
    EXPECT_FALSE(testOverlap(Circle{{0.0f, 0.0f}, 2.0f}, Circle{{3.0f, 4.0f}, 2.99f})); // apart
    EXPECT_TRUE(testOverlap(Circle{{0.0f, 0.0f}, 2.0f}, Circle{{3.0f, 4.0f}, 3.5f}));
    EXPECT_TRUE(testOverlap(Circle{{0.0f, 0.0f}, 5.0f}, Circle{{1.0f, 1.0f}, 0.1f})); // inside
    EXPECT_TRUE(testOverlap(Circle{{1.0f, 1.0f}, 0.5f}, Circle{{1.0f, 1.0f}, 0.5f})); // coincident
}

} // namespace
