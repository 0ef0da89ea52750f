// Hidden faces (tile seams): which faces flush neighbours cover, which contact normals that rules
// out, and that with nothing hidden the collision routines give exactly the plain ones' results.

#include "hidden_faces.hpp"
#include "oblique/manifold.hpp"

#include <algorithm>
#include <cstring>
#include <gtest/gtest.h>
#include <numbers>
#include <random>
#include <vector>

namespace oblique::detail
{
namespace
{

// Face numbering: 0 bottom, 1 right, 2 top, 3 left (in the box's frame).
constexpr FaceMask kBottom = 1U << 0;
constexpr FaceMask kRight = 1U << 1;
constexpr FaceMask kTop = 1U << 2;
constexpr FaceMask kLeft = 1U << 3;

Obb tile(Vec2 center, Vec2 half = {0.5f, 0.5f}, float angle = 0.0f)
{
    return makeObb(center, half, angle);
}

TEST(HiddenFaces, AFlushNeighbourHidesTheFaceItCovers)
{
    const Obb middle = tile({0.5f, 0.5f});
    const std::vector<Obb> row{tile({-0.5f, 0.5f}), tile({1.5f, 0.5f})};
    EXPECT_EQ(hiddenFaces(middle, row), kLeft | kRight);
    const std::vector<Obb> column{tile({0.5f, -0.5f}), tile({0.5f, 1.5f})};
    EXPECT_EQ(hiddenFaces(middle, column), kBottom | kTop);
}

TEST(HiddenFaces, ANeighbourCoveringPartOfAFaceLeavesItVisible)
{
    // A taller tile beside a short one: the short one's face is covered, the tall one's is not.
    const Obb shortTile = tile({0.5f, 0.5f});
    const Obb tallTile = tile({1.5f, 0.7f}, {0.5f, 0.7f});
    EXPECT_EQ(hiddenFaces(shortTile, std::vector<Obb>{tallTile}), kRight);
    EXPECT_EQ(hiddenFaces(tallTile, std::vector<Obb>{shortTile}), 0);
}

TEST(HiddenFaces, TwoHalfNeighboursTogetherCoverAFace)
{
    const Obb big = tile({0.0f, 0.0f}, {0.5f, 1.0f});
    const std::vector<Obb> halves{tile({1.0f, -0.5f}), tile({1.0f, 0.5f})};
    EXPECT_EQ(hiddenFaces(big, halves), kRight);
    // With a gap between them wider than the tolerance, the face shows through it.
    const std::vector<Obb> gapped{tile({1.0f, -0.5f}), tile({1.0f, 0.51f})};
    EXPECT_EQ(hiddenFaces(big, gapped), 0);
}

TEST(HiddenFaces, FlushMeansWithinHalfAMillimetre)
{
    const Obb a = tile({0.5f, 0.5f});
    EXPECT_EQ(hiddenFaces(a, std::vector<Obb>{tile({1.5f + 0.0004f, 0.5f})}), kRight);
    EXPECT_EQ(hiddenFaces(a, std::vector<Obb>{tile({1.5f + 0.001f, 0.5f})}), 0);
    EXPECT_EQ(hiddenFaces(a, std::vector<Obb>{tile({1.5f - 0.001f, 0.5f})}), 0);
}

TEST(HiddenFaces, TurnedTilesLaidAlongASlopeHideTheirSeams)
{
    const float angle = 0.4f;
    const Vec2 along = rotate(makeRot(angle), Vec2{1.0f, 0.0f});
    const Obb a = tile({0.0f, 0.0f}, {0.5f, 0.5f}, angle);
    const Obb b = tile(along, {0.5f, 0.5f}, angle);
    EXPECT_EQ(hiddenFaces(a, std::vector<Obb>{b}), kRight);
    EXPECT_EQ(hiddenFaces(b, std::vector<Obb>{a}), kLeft);
}

TEST(HiddenFaces, NormalsFromAHiddenFaceOrItsCornersAreNotAllowed)
{
    const Obb box = tile({0.0f, 0.0f});
    const FaceMask left = kLeft;
    EXPECT_TRUE(normalAllowed(box, left, {0.0f, 1.0f}));
    EXPECT_TRUE(normalAllowed(box, left, {1.0f, 0.0f}));
    EXPECT_TRUE(normalAllowed(box, left, normalize(Vec2{1.0f, 1.0f})));
    EXPECT_FALSE(normalAllowed(box, left, {-1.0f, 0.0f}));
    EXPECT_FALSE(normalAllowed(box, left, normalize(Vec2{-1.0f, 1.0f})));
    EXPECT_FALSE(normalAllowed(box, left, normalize(Vec2{-0.01f, 1.0f})));
    EXPECT_TRUE(normalAllowed(box, 0, {-1.0f, 0.0f}));
}

TEST(HiddenFaces, ABoxNearASeamGetsTheTopFaceOrNothing)
{
    // Tile B (left face hidden by tile A) and a box sliding on A just short of the seam: the
    // plain routine makes B's side face the reference (a wall ahead); with the face hidden there
    // is no point, and once over the seam the normal is up.
    const Obb b = tile({1.5f, -0.5f});
    const Obb before = makeObb({0.7f, 0.2495f}, {0.25f, 0.25f}, 0.0f);
    const Manifold plain = collideBoxes(b, before, 0.1f);
    ASSERT_GT(plain.pointCount, 0);
    EXPECT_NEAR(plain.normal.x, -1.0f, 1e-6f);
    EXPECT_EQ(collideBoxesHidingFaces(b, before, 0.1f, kLeft, 0).pointCount, 0);

    const Obb over = makeObb({1.1f, 0.2495f}, {0.25f, 0.25f}, 0.0f);
    const Manifold hidden = collideBoxesHidingFaces(b, over, 0.1f, kLeft, 0);
    ASSERT_EQ(hidden.pointCount, 2);
    EXPECT_NEAR(hidden.normal.y, 1.0f, 1e-6f);
    // Clipped to B's top face: the points start at the seam.
    EXPECT_NEAR(std::min(hidden.points[0].point.x, hidden.points[1].point.x), 1.0f, 1e-5f);
}

TEST(HiddenFaces, ACircleAtAHiddenCornerRidesOnTheVisibleFace)
{
    // A ball on tile A just before the seam with tile B: B's corner would push it up and back;
    // with B's left face hidden the corner acts as the end of B's top face.
    const Obb b = tile({1.5f, -0.5f});
    const Circle ball{{0.95f, 0.2499f}, 0.25f};
    const Manifold plain = collideBoxCircle(b, ball, 0.1f);
    ASSERT_EQ(plain.pointCount, 1);
    EXPECT_LT(plain.normal.x, -0.1f);
    const Manifold hidden = collideBoxCircleHidingFaces(b, ball, 0.1f, kLeft);
    ASSERT_EQ(hidden.pointCount, 1);
    EXPECT_EQ(hidden.normal.x, 0.0f);
    EXPECT_NEAR(hidden.normal.y, 1.0f, 1e-6f);
    EXPECT_NEAR(hidden.points[0].separation, -0.0001f, 1e-5f);
    // Beside the hidden face itself (inside tile A), B leaves it to A.
    EXPECT_EQ(collideBoxCircleHidingFaces(b, Circle{{0.8f, -0.5f}, 0.25f}, 0.1f, kLeft).pointCount, 0);
}

TEST(HiddenFaces, ABoxReachingInThroughHiddenFacesIsLeftToTheNeighbours)
{
    // A tile whose top and both sides are covered (under a ledge, between two tiles): a box
    // standing on the tile to its left, a millimetre past the seam, must not be given the tile's
    // bottom face as a contact 1.2 m deep.
    const Obb covered = tile({0.5f, -0.5f});
    const Obb box = makeObb({-0.399f, 0.6f}, {0.4f, 0.6f}, 0.0f);
    EXPECT_EQ(collideBoxesHidingFaces(covered, box, 0.05f, kTop | kLeft | kRight, 0).pointCount, 0);
    // A ball sunk into such a tile from above is left to the ledge that covers it, too.
    EXPECT_EQ(collideBoxCircleHidingFaces(covered, Circle{{0.5f, -0.1f}, 0.3f}, 0.05f, kTop | kLeft | kRight)
                  .pointCount,
              0);
}

bool sameBits(const Manifold& a, const Manifold& b)
{
    return std::memcmp(&a, &b, sizeof(Manifold)) == 0;
}

TEST(HiddenFaces, NothingHiddenGivesThePlainRoutinesResultsBitForBit)
{
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> pos(-1.5f, 1.5f);
    std::uniform_real_distribution<float> size(0.05f, 1.0f);
    std::uniform_real_distribution<float> turn(-std::numbers::pi_v<float>, std::numbers::pi_v<float>);
    for (int i = 0; i < 20000; ++i)
    {
        const Obb a = makeObb({pos(rng), pos(rng)}, {size(rng), size(rng)}, turn(rng));
        const Obb b = makeObb({pos(rng), pos(rng)}, {size(rng), size(rng)}, turn(rng));
        const Circle c{{pos(rng), pos(rng)}, size(rng)};
        const float speculative = 0.1f * size(rng);
        ASSERT_TRUE(
            sameBits(collideBoxes(a, b, speculative), collideBoxesHidingFaces(a, b, speculative, 0, 0)))
            << "pair " << i;
        ASSERT_TRUE(
            sameBits(collideBoxCircle(a, c, speculative), collideBoxCircleHidingFaces(a, c, speculative, 0)))
            << "pair " << i;
    }
}

} // namespace
} // namespace oblique::detail
