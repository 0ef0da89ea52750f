// The character mover: pushed into a wall it stops at the wall, pushed into a slanted wall it
// slides along it, and every push it reports points away from the wall it came from.

#include "oblique/mtv.hpp"
#include "world_scenes.hpp"

#include <cmath>
#include <gtest/gtest.h>

namespace oblique::test
{
namespace
{

// The mover resolves overlaps along minimum translation vectors, which leave shapes exactly
// touching up to float rounding of positions of a few metres.
constexpr float kContactTolerance = 1e-4f;

TEST(WorldCharacter, BoxStopsAtAWall)
{
    World world;
    // A wall whose left face is the line x = 4.5, and a dynamic box in the way that the mover's
    // default filter (static and kinematic only) must ignore.
    const BodyId wall = world.createBody(bodyAt(BodyType::Static, {5.0f, 0.0f}), boxShape({0.5f, 5.0f}));
    world.createBody(bodyAt(BodyType::Dynamic, {2.0f, 0.0f}), boxShape({0.3f, 0.3f}));

    const Obb character = makeObb({0.0f, 0.0f}, {0.5f, 0.5f});
    const CharacterMoveResult r = world.moveCharacter(character, {10.0f, 0.0f});

    // Stopped with its right face on the wall's left face: x = 4.5 - 0.5, not past it.
    EXPECT_NEAR(r.position.x, 4.0f, kContactTolerance);
    EXPECT_LE(r.position.x, 4.0f + kContactTolerance);
    EXPECT_NEAR(r.position.y, 0.0f, kContactTolerance);
    ASSERT_FALSE(r.hits.empty());
    for (const CharacterHit& hit : r.hits)
    {
        EXPECT_EQ(hit.body, wall);
        // From the wall towards the character: -x.
        EXPECT_NEAR(hit.normal.x, -1.0f, 1e-5f);
        EXPECT_NEAR(hit.normal.y, 0.0f, 1e-5f);
        // The MTV pushes back out along that normal, by a positive amount.
        EXPECT_LT(hit.translation.x, 0.0f);
        EXPECT_NEAR(hit.translation.y, 0.0f, 1e-5f);
        // The contact point lies between the wall's face and the character's overlapping face.
        EXPECT_GE(hit.point.x, 4.5f - kContactTolerance);
        EXPECT_LE(hit.point.x, 4.5f - hit.translation.x + kContactTolerance);
        EXPECT_LE(std::fabs(hit.point.y), 0.5f + kContactTolerance);
    }
    // The pushes add up to the part of the move the wall refused: 10 - 4 = 6 m.
    float pushed = 0.0f;
    for (const CharacterHit& hit : r.hits)
    {
        pushed -= hit.translation.x;
    }
    EXPECT_NEAR(pushed, 6.0f, 1e-3f);
    // Where it ended, the wall and the character touch but do not overlap.
    EXPECT_LE(findMtv(world.obb(wall), makeObb(r.position, {0.5f, 0.5f})).depth, kContactTolerance);
}

TEST(WorldCharacter, ShapesSlideAlongASlantedWall)
{
    World world;
    // A wall turned 45 degrees: its face towards the character has the normal (-1, 1) / sqrt(2),
    // so a push to the right turns into motion up and to the right along the face.
    constexpr float kAngle = 0.25f * kPi;
    const BodyId wall =
        world.createBody(bodyAt(BodyType::Static, {3.0f, 0.0f}, kAngle), boxShape({6.0f, 0.5f}));
    const Obb wallBox = world.obb(wall);
    const Vec2 faceNormal = axisY(wallBox); // (-sin, cos) of 45 degrees: (-0.707, 0.707)
    const Vec2 along = axisX(wallBox);      // (0.707, 0.707)

    const auto check = [&](Vec2 start, const CharacterMoveResult& r, float clearance, const char* what)
    {
        // It went up along the wall: a move of 8 m to the right reaches the wall after ~3.6 m, and
        // the wall takes away only the part of the move into it. The part along the face, 8 cos 45
        // = 5.66 m, is kept whole (the mover has no friction), which lifts it by 2.2 m.
        EXPECT_NEAR(dot(r.position - start, along), 8.0f * std::cos(kAngle), 1e-3f) << what;
        EXPECT_GT(r.position.y - start.y, 2.0f) << what;
        // And it rests on the face: its distance from the wall's centre line along the normal is
        // the wall's half thickness plus its own extent along the normal.
        EXPECT_NEAR(dot(r.position - wallBox.center, faceNormal), 0.5f + clearance, 1e-3f) << what;
        ASSERT_FALSE(r.hits.empty()) << what;
        for (const CharacterHit& hit : r.hits)
        {
            EXPECT_EQ(hit.body, wall) << what;
            EXPECT_NEAR(dot(hit.normal, faceNormal), 1.0f, 1e-4f) << what;
            EXPECT_GT(dot(hit.translation, faceNormal), 0.0f) << what;
            EXPECT_NEAR(cross(hit.translation, hit.normal), 0.0f, 1e-5f) << what; // parallel
        }
    };

    // A circle: its extent along any normal is its radius.
    const Circle ball{{-2.0f, 0.0f}, 0.5f};
    check(ball.center, world.moveCharacter(ball, {8.0f, 0.0f}), 0.5f, "circle");

    // A box turned like the wall, so it slides flat on its face.
    const Obb box = makeObb({-2.0f, 0.0f}, {0.5f, 0.5f}, kAngle);
    check(box.center, world.moveCharacter(box, {8.0f, 0.0f}), 0.5f, "box");

    // Moving away from the wall meets nothing.
    const CharacterMoveResult away = world.moveCharacter(ball, {-3.0f, 0.0f});
    EXPECT_TRUE(away.hits.empty());
    EXPECT_EQ(away.position, (Vec2{-5.0f, 0.0f}));
}

} // namespace
} // namespace oblique::test
