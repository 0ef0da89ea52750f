// The stateful character mover against answers worked by hand: where it stands and on what, on
// flat ground, slopes and a ledge's edge; which ledges it steps up; that it ignores its own body;
// how hard it pushes a crate and that a crate against a wall stops it; that it rides translating
// and rotating platforms; the sensors it reports; and that bad input is refused and changes nothing.

#include "oblique/character_mover.hpp"
#include "oblique/mtv.hpp"
#include "world_scenes.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <gtest/gtest.h>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace oblique::test
{
namespace
{

constexpr float kDt = 1.0f / 60.0f;
constexpr Vec2 kHalf{0.4f, 0.6f}; // the default character box
// Resting contacts are resolved to float rounding of positions of a few metres.
constexpr float kTight = 1e-4f;

float degrees(float d)
{
    return d * kPi / 180.0f;
}

// A static box given by its lower-left and upper-right corners.
BodyId addBlock(World& world, Vec2 lower, Vec2 upper, float friction = 0.6f)
{
    ShapeDef shape = boxShape(0.5f * (upper - lower));
    shape.friction = friction;
    return world.createBody(bodyAt(BodyType::Static, 0.5f * (lower + upper)), shape);
}

// A static slab 1 m thick whose top face starts at `foot` and rises at `angle` for `length` metres.
BodyId addSlope(World& world, Vec2 foot, float angle, float length)
{
    const Vec2 along{std::cos(angle), std::sin(angle)};
    const Vec2 up{-along.y, along.x};
    const Vec2 center = foot + (0.5f * length) * along - 0.5f * up;
    return world.createBody(bodyAt(BodyType::Static, center, angle), boxShape({0.5f * length, 0.5f}));
}

// The ground: a wide slab whose top face is y = 0.
BodyId addGround(World& world, float friction = 0.6f)
{
    return addBlock(world, {-30.0f, -2.0f}, {30.0f, 0.0f}, friction);
}

// A game's frame: gravity added to the velocity it keeps, the walk set outright, the move, then
// the world's step.
struct Player
{
    CharacterMover mover;
    Vec2 velocity;

    void move(World& world, float walk)
    {
        velocity.x = walk;
        velocity.y -= kGravity * kDt;
        velocity = mover.move(world, velocity, kDt);
    }

    void frame(World& world, float walk)
    {
        move(world, walk);
        world.step(kDt);
    }
};

CharacterMoverDef circleDef(float radius)
{
    CharacterMoverDef def;
    def.kind = ShapeKind::Circle;
    def.radius = radius;
    return def;
}

// --- standing ------------------------------------------------------------------------------------

TEST(CharacterMover, StandsOnFlatGroundWithinItsProbe)
{
    World world;
    const BodyId ground = addGround(world);

    // 2 cm above the ground, within the 5 cm probe: grounded without moving, on the point under
    // its middle.
    CharacterMover near({}, {1.0f, kHalf.y + 0.02f});
    EXPECT_EQ(near.move(world, {}, kDt), (Vec2{}));
    EXPECT_EQ(near.position(), (Vec2{1.0f, kHalf.y + 0.02f}));
    EXPECT_TRUE(near.ground().grounded);
    EXPECT_EQ(near.ground().body, ground);
    EXPECT_NEAR(near.ground().normal.x, 0.0f, 1e-6f);
    EXPECT_NEAR(near.ground().normal.y, 1.0f, 1e-6f);
    EXPECT_NEAR(near.ground().point.x, 1.0f, kTight);
    EXPECT_NEAR(near.ground().point.y, 0.0f, kTight);
    EXPECT_TRUE(near.hits().empty());

    // 10 cm above: not grounded, and the ground report says so.
    CharacterMover high({}, {1.0f, kHalf.y + 0.1f});
    high.move(world, {}, kDt);
    EXPECT_FALSE(high.ground().grounded);
    EXPECT_TRUE(isNull(high.ground().body));
    EXPECT_EQ(high.ground().normal, (Vec2{0.0f, 1.0f}));

    // Falling, it lands on the surface and the landing takes the fall out of its velocity.
    Player player{CharacterMover({}, {1.0f, 2.0f}), {}};
    for (int i = 0; i < 60; ++i)
    {
        player.frame(world, 0.0f);
    }
    EXPECT_TRUE(player.mover.ground().grounded);
    EXPECT_NEAR(player.mover.position().y, kHalf.y, kTight);
    EXPECT_EQ(player.mover.position().x, 1.0f);
    EXPECT_EQ(player.velocity.y, 0.0f);
    ASSERT_EQ(player.mover.hits().size(), 1u);
    EXPECT_EQ(player.mover.hits()[0].body, ground);
}

// A 30 degree slope rising to the right, under the 50 degree limit: the character's bottom-right
// corner rests on it, the normal is the slope's, and with no walk it does not creep down.
TEST(CharacterMover, StandsStillOnAWalkableSlope)
{
    World world;
    const float angle = degrees(30.0f);
    const BodyId slope = addSlope(world, {-5.0f, 0.0f}, angle, 20.0f);
    const Vec2 normal{-std::sin(angle), std::cos(angle)};
    const auto surfaceY = [&](float x) { return (x + 5.0f) * std::tan(angle); };

    // The corner starts 1 cm above the surface at x = 1.
    Player player{CharacterMover({}, {1.0f - kHalf.x, surfaceY(1.0f) + kHalf.y + 0.01f}), {}};
    for (int i = 0; i < 120; ++i)
    {
        player.frame(world, 0.0f);
        ASSERT_TRUE(player.mover.ground().grounded) << "frame " << i;
        EXPECT_EQ(player.mover.ground().body, slope);
        EXPECT_NEAR(player.mover.ground().normal.x, normal.x, 1e-5f);
        EXPECT_NEAR(player.mover.ground().normal.y, normal.y, 1e-5f);
    }
    // Not one micrometre down the slope in two seconds; resting on the corner.
    EXPECT_NEAR(player.mover.position().x, 1.0f - kHalf.x, 1e-6f);
    EXPECT_NEAR(player.mover.position().y, surfaceY(1.0f) + kHalf.y, kTight);
    EXPECT_NEAR(player.mover.ground().point.x, 1.0f, 1e-3f);
    EXPECT_NEAR(player.mover.ground().point.y, surfaceY(1.0f), 1e-3f);

    // Walking up it keeps the walking pace across (3 m/s for half a second) and stays on it.
    for (int i = 0; i < 30; ++i)
    {
        player.frame(world, 3.0f);
        ASSERT_TRUE(player.mover.ground().grounded) << "frame " << i;
    }
    EXPECT_NEAR(player.mover.position().x, 2.5f - kHalf.x, 1e-4f);
    EXPECT_NEAR(player.mover.position().y, surfaceY(2.5f) + kHalf.y, 1e-3f);

    // Running down it at 6 m/s drops 5.8 cm a frame, more than the probe and faster than a fall
    // from rest follows: it is set down on the slope each frame instead of taking off.
    for (int i = 0; i < 40; ++i)
    {
        player.frame(world, -6.0f);
        ASSERT_TRUE(player.mover.ground().grounded) << "frame " << i;
        EXPECT_NEAR(player.mover.position().y, surfaceY(player.mover.position().x + kHalf.x) + kHalf.y,
                    1e-3f);
    }
    EXPECT_NEAR(player.mover.position().x, 2.5f - kHalf.x - 4.0f, 1e-3f);
}

TEST(CharacterMover, ACircleStandsOnAWalkableSlopeOnTheTangentPoint)
{
    World world;
    const float angle = degrees(30.0f);
    addSlope(world, {-5.0f, 0.0f}, angle, 20.0f);
    const Vec2 normal{-std::sin(angle), std::cos(angle)};
    // The surface passes through (-5, 0): a circle of radius 0.5 touching it at (0, 5 tan 30).
    const Vec2 touch{0.0f, 5.0f * std::tan(angle)};
    Player player{CharacterMover(circleDef(0.5f), touch + 0.51f * normal), {}};
    for (int i = 0; i < 120; ++i)
    {
        player.frame(world, 0.0f);
        ASSERT_TRUE(player.mover.ground().grounded) << "frame " << i;
    }
    EXPECT_NEAR(player.mover.ground().normal.x, normal.x, 1e-4f);
    EXPECT_NEAR(player.mover.ground().normal.y, normal.y, 1e-4f);
    // It dropped straight down onto the slope and stayed: its x is where it started.
    EXPECT_NEAR(player.mover.position().x, touch.x + 0.51f * normal.x, 1e-5f);
    EXPECT_NEAR(dot(player.mover.position() - touch, normal), 0.5f, kTight);
}

// 60 degrees against a 50 degree limit: a wall. Not ground, it slides down it under gravity, and
// walking into it from the flat does not climb it.
TEST(CharacterMover, SlidesDownASlopeSteeperThanItsLimitAndCannotClimbIt)
{
    World world;
    addGround(world);
    const float angle = degrees(60.0f);
    addSlope(world, {2.0f, 0.0f}, angle, 6.0f);
    const Vec2 normal{-std::sin(angle), std::cos(angle)};
    const auto surfaceY = [&](float x) { return (x - 2.0f) * std::tan(angle); };
    CharacterMoverDef def;
    def.maxSlopeAngle = degrees(50.0f);

    // Put on the slope 2 m up, bottom-right corner 1 mm off it.
    const float cornerX = 2.0f + 2.0f / std::tan(angle);
    Player sliding{CharacterMover(def, {cornerX - kHalf.x - 0.001f, 2.0f + kHalf.y}), {}};
    const Vec2 start = sliding.mover.position();
    for (int i = 0; i < 20; ++i)
    {
        sliding.frame(world, 0.0f);
        ASSERT_FALSE(sliding.mover.ground().grounded) << "frame " << i;
        // On the surface, not in it.
        const Vec2 corner = sliding.mover.position() + Vec2{kHalf.x, -kHalf.y};
        EXPECT_GE(dot(corner - Vec2{2.0f, 0.0f}, normal), -1e-4f) << "frame " << i;
    }
    // Down and to the left along the slope, by a good part of a free fall in a third of a
    // second (0.56 m): the slope takes none of the fall, it only holds the character off.
    const Vec2 moved = sliding.mover.position() - start;
    EXPECT_LT(moved.y, -0.4f);
    EXPECT_NEAR(moved.x, moved.y / std::tan(angle), 2e-3f);
    EXPECT_NEAR(sliding.mover.position().y - kHalf.y, surfaceY(sliding.mover.position().x + kHalf.x), 2e-3f);

    // From the flat, 3 m/s into the foot of the slope for a second: stopped with its corner at
    // the foot, still on the flat ground at its height, never lifted.
    Player walker{CharacterMover(def, {0.0f, kHalf.y}), {}};
    for (int i = 0; i < 60; ++i)
    {
        walker.frame(world, 3.0f);
        ASSERT_LE(walker.mover.position().y, kHalf.y + kTight) << "frame " << i;
        ASSERT_TRUE(walker.mover.ground().grounded) << "frame " << i;
    }
    EXPECT_NEAR(walker.mover.position().x, 2.0f - kHalf.x, 1e-3f);
    EXPECT_NEAR(walker.mover.ground().normal.y, 1.0f, 1e-6f);
    EXPECT_EQ(walker.velocity.x, 0.0f); // the wall ended the run into it
}

// A ledge whose edge is x = 0 over a deep drop: grounded while any of the box's bottom is over it.
TEST(CharacterMover, IsGroundedAtALedgeEdgeUntilItsFeetLeaveIt)
{
    World world;
    const BodyId ledge = addBlock(world, {-5.0f, -1.0f}, {0.0f, 0.0f});

    // 10 cm of its 80 cm still over the ledge: grounded, standing on the middle of those 10 cm.
    CharacterMover edge({}, {0.3f, kHalf.y});
    edge.move(world, {}, kDt);
    EXPECT_TRUE(edge.ground().grounded);
    EXPECT_EQ(edge.ground().body, ledge);
    EXPECT_NEAR(edge.ground().normal.y, 1.0f, 1e-6f);
    EXPECT_NEAR(edge.ground().point.x, -0.05f, kTight);

    // 5 cm past it: nothing under its feet.
    CharacterMover past({}, {0.45f, kHalf.y});
    past.move(world, {}, kDt);
    EXPECT_FALSE(past.ground().grounded);

    // Walking off it at 3 m/s: grounded while over it, then it falls (the drop is far more than
    // the step height, so it is not set down anywhere). Its left edge, at -1.39 + 0.05 k after
    // frame k, leaves the ledge at frame 28.
    Player walker{CharacterMover({}, {-0.99f, kHalf.y}), {}};
    for (int i = 0; i < 60; ++i)
    {
        walker.frame(world, 3.0f);
        const bool overLedge = walker.mover.position().x - kHalf.x < 0.0f;
        EXPECT_EQ(walker.mover.ground().grounded, overLedge) << "frame " << i;
        EXPECT_EQ(overLedge, i < 27) << "frame " << i;
    }
    EXPECT_LT(walker.mover.position().y, -0.5f);

    // Falling at 15 m/s (25 cm a frame) with 5 cm of its width over the ledge: it lands on the
    // ledge's top, which it met first, rather than being pushed off the ledge's side, which it
    // overlaps less.
    Player faller{CharacterMover({}, {0.35f, 3.0f}), {0.0f, -15.0f}};
    for (int i = 0; i < 30; ++i)
    {
        faller.frame(world, 0.0f);
    }
    EXPECT_TRUE(faller.mover.ground().grounded);
    EXPECT_EQ(faller.mover.ground().body, ledge);
    EXPECT_EQ(faller.mover.position().x, 0.35f);
    EXPECT_NEAR(faller.mover.position().y, kHalf.y, kTight);
}

// --- stepping ------------------------------------------------------------------------------------

// Walking at 3 m/s for a second from x = 0 towards a ledge at x = 1 with the default 0.25 m step.
Player walkToLedge(World& world, float ledgeHeight)
{
    addGround(world);
    addBlock(world, {1.0f, 0.0f}, {10.0f, ledgeHeight});
    Player walker{CharacterMover({}, {0.0f, kHalf.y}), {}};
    for (int i = 0; i < 60; ++i)
    {
        walker.frame(world, 3.0f);
    }
    return walker;
}

TEST(CharacterMover, StepsUpALedgeNoHigherThanItsStepHeight)
{
    World low;
    const Player up = walkToLedge(low, 0.2f);
    // On top of the 0.2 m ledge, having kept its pace: 3 m in the second.
    EXPECT_TRUE(up.mover.ground().grounded);
    EXPECT_NEAR(up.mover.position().y, 0.2f + kHalf.y, kTight);
    EXPECT_NEAR(up.mover.position().x, 3.0f, 1e-3f);
    EXPECT_EQ(up.velocity.x, 3.0f);

    World high;
    const Player stopped = walkToLedge(high, 0.4f);
    // The 0.4 m ledge is a wall: stopped at its face, still on the ground below.
    EXPECT_TRUE(stopped.mover.ground().grounded);
    EXPECT_NEAR(stopped.mover.position().y, kHalf.y, kTight);
    EXPECT_NEAR(stopped.mover.position().x, 1.0f - kHalf.x, 1e-3f);
    EXPECT_EQ(stopped.velocity.x, 0.0f);
}

TEST(CharacterMover, StepsDownALedgeNoHigherThanItsStepHeight)
{
    World world;
    addGround(world);
    addBlock(world, {-10.0f, 0.0f}, {0.0f, 0.2f});
    Player walker{CharacterMover({}, {-1.0f, 0.2f + kHalf.y}), {}};
    for (int i = 0; i < 60; ++i)
    {
        walker.frame(world, 3.0f);
        // Set down on the ground below rather than falling from the step.
        ASSERT_TRUE(walker.mover.ground().grounded) << "frame " << i;
    }
    EXPECT_NEAR(walker.mover.position().y, kHalf.y, kTight);
    EXPECT_NEAR(walker.mover.position().x, 2.0f, 1e-3f);
}

// --- its own body --------------------------------------------------------------------------------

TEST(CharacterMover, IgnoresItsOwnBody)
{
    for (const BodyType type : {BodyType::Kinematic, BodyType::Dynamic})
    {
        World world;
        addGround(world);
        // The game's stand-in for the character, exactly where the character is.
        const BodyId self = world.createBody(bodyAt(type, {0.0f, kHalf.y}), boxShape(kHalf));
        CharacterMoverDef def;
        def.ignoredBodies = {self};
        Player walker{CharacterMover(def, {0.0f, kHalf.y}), {}};
        for (int i = 0; i < 30; ++i)
        {
            walker.frame(world, 2.0f);
            for (const CharacterHit& hit : walker.mover.hits())
            {
                EXPECT_NE(hit.body, self);
            }
        }
        // 2 m/s for half a second, unhindered.
        EXPECT_NEAR(walker.mover.position().x, 1.0f, 1e-4f);
        EXPECT_NEAR(walker.mover.position().y, kHalf.y, kTight);

        // Without the body on the list, the same start is inside it and is pushed out of it.
        World again;
        addGround(again);
        const BodyId other = again.createBody(bodyAt(type, {0.0f, kHalf.y}), boxShape(kHalf));
        CharacterMover blocked({}, {0.0f, kHalf.y});
        blocked.move(again, {2.0f, 0.0f}, kDt);
        ASSERT_FALSE(blocked.hits().empty());
        EXPECT_EQ(blocked.hits()[0].body, other);
    }
}

// --- pushing -------------------------------------------------------------------------------------

struct CrateScene
{
    World world;
    BodyId crate;
};

// A 10 kg crate (1 m box at 10 kg/m^2) resting on the ground with its left face at x = 1.5.
void addCrate(CrateScene& scene, float friction)
{
    ShapeDef crate = boxShape({0.5f, 0.5f});
    crate.density = 10.0f;
    crate.friction = friction;
    scene.crate = scene.world.createBody(bodyAt(BodyType::Dynamic, {2.0f, 0.5f}), crate);
}

CharacterMoverDef pusher(float strength)
{
    CharacterMoverDef def;
    def.pushStrength = strength;
    return def;
}

// Every frame, the character must not have gone into the crate.
void expectOutsideCrate(const CrateScene& scene, const Player& player, int frame)
{
    const Mtv overlap = findMtv(scene.world.obb(scene.crate), makeObb(player.mover.position(), kHalf));
    EXPECT_LE(overlap.depth, 1e-4f) << "frame " << frame;
}

// A 20 kg crate dropped on the game's kinematic stand-in rests on it; the mover, which ignores the
// stand-in, meets the crate's few millimetres of soft contact overlap every frame and must not be
// pressed into the floor by it.
TEST(CharacterMover, ACrateOnItsHeadDoesNotPressItIntoTheFloor)
{
    World world;
    addGround(world);
    const BodyId self = world.createBody(bodyAt(BodyType::Kinematic, {0.0f, kHalf.y}), boxShape(kHalf));
    ShapeDef crate = boxShape({0.5f, 0.5f});
    crate.density = 20.0f;
    const BodyId box = world.createBody(bodyAt(BodyType::Dynamic, {0.2f, 3.0f}), crate);
    CharacterMoverDef def = pusher(300.0f);
    def.ignoredBodies = {self};
    Player player{CharacterMover(def, {0.0f, kHalf.y}), {}};
    for (int i = 0; i < 180; ++i)
    {
        world.step(kDt);
        player.move(world, 0.0f);
        world.setTransform(self, player.mover.position(), 0.0f);
        ASSERT_NEAR(player.mover.position().y, kHalf.y, kTight) << "frame " << i;
        ASSERT_TRUE(player.mover.ground().grounded) << "frame " << i;
    }
    // Resting on the stand-in's top, 1.2 m up; no push given to it (standing still is no push up).
    EXPECT_NEAR(world.position(box).y, 2.0f * kHalf.y + 0.5f, 5e-3f);
    EXPECT_NEAR(world.position(box).x, 0.2f, 1e-3f);
    EXPECT_TRUE(player.mover.pushes().empty());
}

TEST(CharacterMover, PushesACrateWithItsStrength)
{
    // Frictionless ground and crate: 20 N for 2 s on 10 kg gives 4 m/s, short of its 5 m/s walk,
    // so it pushes every frame and only its strength limits the crate.
    CrateScene scene;
    addGround(scene.world, 0.0f);
    addCrate(scene, 0.0f);
    ASSERT_NEAR(scene.world.mass(scene.crate), 10.0f, 1e-4f);
    constexpr float kStrength = 20.0f;
    Player player{CharacterMover(pusher(kStrength), {1.5f - kHalf.x - 0.01f, kHalf.y}), {}};
    float impulse = 0.0f;
    for (int i = 0; i < 120; ++i)
    {
        player.move(scene.world, 5.0f);
        expectOutsideCrate(scene, player, i);
        scene.world.step(kDt);
        ASSERT_EQ(player.mover.pushes().size(), 1u) << "frame " << i;
        const CharacterPush& push = player.mover.pushes()[0];
        EXPECT_EQ(push.body, scene.crate);
        EXPECT_NEAR(push.impulse.x, kStrength * kDt, 1e-6f);
        EXPECT_NEAR(push.impulse.y, 0.0f, 1e-4f);
        impulse += push.impulse.x;
    }
    EXPECT_NEAR(impulse, kStrength * 2.0f, 1e-3f);
    const Vec2 v = scene.world.linearVelocity(scene.crate);
    EXPECT_NEAR(v.x, kStrength * 2.0f / 10.0f, 0.03f * 4.0f);
    EXPECT_NEAR(v.y, 0.0f, 0.05f);
    // The character kept up with it: touching its left face.
    const float crateLeft = scene.world.position(scene.crate).x - 0.5f;
    EXPECT_NEAR(player.mover.position().x + kHalf.x, crateLeft, 0.1f);
}

TEST(CharacterMover, CannotShiftACrateItsStrengthCannotMoveAgainstFriction)
{
    // Friction 0.6 on both: holding 10 kg takes 60 N; 20 N does not move it.
    CrateScene scene;
    addGround(scene.world);
    addCrate(scene, 0.6f);
    Player player{CharacterMover(pusher(20.0f), {1.5f - kHalf.x - 0.01f, kHalf.y}), {}};
    for (int i = 0; i < 60; ++i)
    {
        player.move(scene.world, 3.0f);
        expectOutsideCrate(scene, player, i);
        scene.world.step(kDt);
    }
    EXPECT_FALSE(player.mover.pushes().empty());
    EXPECT_NEAR(scene.world.position(scene.crate).x, 2.0f, 1e-3f);
    EXPECT_NEAR(player.mover.position().x, 1.5f - kHalf.x, 1e-3f);
}

TEST(CharacterMover, IsStoppedByACrateAgainstAWall)
{
    // 200 N beats the 60 N of friction: the crate goes until the wall at x = 4 stops it, and the
    // character with it.
    CrateScene scene;
    addGround(scene.world);
    addBlock(scene.world, {4.0f, 0.0f}, {5.0f, 3.0f});
    addCrate(scene, 0.6f);
    Player player{CharacterMover(pusher(200.0f), {1.5f - kHalf.x - 0.01f, kHalf.y}), {}};
    std::vector<float> xs;
    for (int i = 0; i < 180; ++i)
    {
        player.move(scene.world, 3.0f);
        expectOutsideCrate(scene, player, i);
        scene.world.step(kDt);
        xs.push_back(player.mover.position().x);
    }
    // The crate against the wall, at rest; the character against the crate, still pushing it.
    EXPECT_NEAR(scene.world.position(scene.crate).x, 3.5f, 5e-3f);
    EXPECT_NEAR(scene.world.linearVelocity(scene.crate).x, 0.0f, 1e-2f);
    EXPECT_NEAR(player.mover.position().x, 3.0f - kHalf.x, 1e-2f);
    EXPECT_FALSE(player.mover.pushes().empty());
    // Still for the last half second.
    EXPECT_NEAR(xs.back(), xs[xs.size() - 30], 1e-3f);
}

TEST(CharacterMover, IsBlockedByDynamicBodiesWhenItDoesNotPush)
{
    CrateScene scene;
    addGround(scene.world, 0.0f);
    addCrate(scene, 0.0f);
    Player player{CharacterMover({}, {1.5f - kHalf.x - 0.01f, kHalf.y}), {}};
    for (int i = 0; i < 60; ++i)
    {
        player.frame(scene.world, 3.0f);
        EXPECT_TRUE(player.mover.pushes().empty());
        expectOutsideCrate(scene, player, i);
    }
    EXPECT_EQ(scene.world.position(scene.crate).x, 2.0f);
    EXPECT_NEAR(player.mover.position().x, 1.5f - kHalf.x, 1e-3f);
}

// --- platforms -----------------------------------------------------------------------------------

// A kinematic platform 4 m wide moving at (2, 1) and, in the second case, down at 4 m/s (4 cm a
// frame more than a fall from rest covers). The character stands on it 0.5 m right of its middle
// and must keep that place to 1 mm, whichever order the world is stepped and the character moved.
TEST(CharacterMover, RidesATranslatingPlatform)
{
    for (const Vec2 velocity : {Vec2{2.0f, 1.0f}, Vec2{-1.5f, -4.0f}})
    {
        for (const bool stepFirst : {false, true})
        {
            World world;
            BodyDef def = bodyAt(BodyType::Kinematic, {0.0f, 0.0f});
            def.linearVelocity = velocity;
            const BodyId platform = world.createBody(def, boxShape({2.0f, 0.25f}));
            const Vec2 offset{0.5f, 0.25f + kHalf.y};
            CharacterMover mover({}, offset);
            mover.move(world, {}, kDt); // finds the platform under it
            Vec2 v;
            for (int i = 0; i < 120; ++i)
            {
                v.y -= kGravity * kDt;
                if (stepFirst)
                {
                    world.step(kDt);
                }
                v = mover.move(world, v, kDt);
                if (!stepFirst)
                {
                    world.step(kDt);
                }
                ASSERT_TRUE(mover.ground().grounded) << "frame " << i << (stepFirst ? " step first" : "");
                ASSERT_EQ(mover.ground().body, platform);
            }
            // Carried to where the platform was at the last move: after the last step when the
            // world steps first, before it otherwise.
            const Vec2 carriedTo =
                stepFirst ? world.position(platform) : world.position(platform) - kDt * velocity;
            EXPECT_NEAR(carriedTo.x, (stepFirst ? 2.0f : 2.0f - kDt) * velocity.x, 1e-3f);
            EXPECT_NEAR(mover.position().x - carriedTo.x, offset.x, 1e-3f);
            EXPECT_NEAR(mover.position().y - carriedTo.y, offset.y, 1e-3f);
        }
    }
}

// A plank 6 m long turning anticlockwise at 0.3 rad/s about its middle. The character stands
// 1.5 m right of the middle; once tilted its bottom-right corner carries it (the surface rises to
// the right) at 1.9 m along the plank, and there it stays while the plank turns 0.6 rad.
TEST(CharacterMover, RidesARotatingPlatform)
{
    World world;
    BodyDef def = bodyAt(BodyType::Kinematic, {0.0f, 0.0f});
    def.angularVelocity = 0.3f;
    const BodyId plank = world.createBody(def, boxShape({3.0f, 0.2f}));
    CharacterMover mover({}, {1.5f, 0.2f + kHalf.y});
    mover.move(world, {}, kDt);
    Vec2 v;
    for (int i = 0; i < 120; ++i)
    {
        world.step(kDt);
        v.y -= kGravity * kDt;
        v = mover.move(world, v, kDt);
        ASSERT_TRUE(mover.ground().grounded) << "frame " << i;
        ASSERT_EQ(mover.ground().body, plank);
        const Transform frame = world.transform(plank);
        const Vec2 corner = mover.position() + Vec2{kHalf.x, -kHalf.y};
        const Vec2 onPlank = invTransformPoint(frame, corner);
        EXPECT_NEAR(onPlank.x, 1.9f, 5e-3f) << "frame " << i;
        EXPECT_NEAR(onPlank.y, 0.2f, 5e-3f) << "frame " << i;
    }
    EXPECT_NEAR(world.angle(plank), 0.6f, 1e-4f);
    // Turned with the plank: the corner where R(0.6) puts the plank's point (1.9, 0.2).
    const Vec2 expected =
        transformPoint(Transform{{}, makeRot(0.6f)}, {1.9f, 0.2f}) + Vec2{-kHalf.x, kHalf.y};
    EXPECT_NEAR(mover.position().x, expected.x, 5e-3f);
    EXPECT_NEAR(mover.position().y, expected.y, 5e-3f);
}

// --- sensors -------------------------------------------------------------------------------------

TEST(CharacterMover, WalksOverATileFloorWithoutCatchingOnASeam)
{
    // 16 separate 1 m tiles, box and circle characters at a run: no seam stops, lifts or drops
    // them, and they stand on a tile every frame.
    for (const bool circle : {false, true})
    {
        World world;
        for (int i = 0; i < 16; ++i)
        {
            addBlock(world, {static_cast<float>(i), -1.0f}, {static_cast<float>(i) + 1.0f, 0.0f});
        }
        const float half = circle ? 0.3f : kHalf.y;
        Player player{CharacterMover(circle ? circleDef(0.3f) : CharacterMoverDef{}, {0.5f, half}), {}};
        for (int i = 0; i < 130; ++i)
        {
            player.move(world, 7.0f);
            world.step(kDt);
            SCOPED_TRACE(circle ? "circle" : "box");
            ASSERT_TRUE(player.mover.ground().grounded) << "frame " << i;
            ASSERT_NEAR(player.mover.position().y, half, kTight) << "frame " << i;
        }
        EXPECT_NEAR(player.mover.position().x, 0.5f + 130.0f * 7.0f * kDt, 1e-3f);
    }
}

TEST(CharacterMover, JumpsUpThroughAOneWayPlatformLandsOnItAndWalksInFromTheSide)
{
    // A one-way platform 2 m up (top at 2.2 m), solid from above only: jumping at 9 m/s from
    // the ground (4 m high) passes up through it and lands on it; walking in at its own height
    // from the side passes through its end.
    World world;
    addGround(world);
    ShapeDef plank = boxShape({1.5f, 0.2f});
    plank.oneWay = {0.0f, 1.0f};
    const BodyId platform = world.createBody(bodyAt(BodyType::Static, {0.0f, 2.0f}), plank);
    Player player{CharacterMover(CharacterMoverDef{}, {0.0f, kHalf.y}), {0.0f, 9.0f}};
    float highest = 0.0f;
    for (int i = 0; i < 150; ++i)
    {
        player.frame(world, 0.0f);
        highest = std::max(highest, player.mover.position().y);
    }
    EXPECT_GT(highest, 3.5f);
    EXPECT_TRUE(player.mover.ground().grounded);
    EXPECT_TRUE(player.mover.ground().body == platform);
    EXPECT_NEAR(player.mover.position().y, 2.2f + kHalf.y, 1e-3f);

    // From the side, its feet level with the plank's middle: walks through the end.
    World side;
    addGround(side);
    side.createBody(bodyAt(BodyType::Static, {0.0f, kHalf.y}), plank);
    Player walker{CharacterMover(CharacterMoverDef{}, {-4.0f, kHalf.y}), {}};
    for (int i = 0; i < 120; ++i)
    {
        walker.frame(side, 4.0f);
    }
    EXPECT_GT(walker.mover.position().x, 3.0f);
    EXPECT_NEAR(walker.mover.position().y, kHalf.y, kTight);
}

TEST(CharacterMover, ReportsASensorOnceOnEnteringAndOnceOnLeaving)
{
    World world;
    ShapeDef sensor = boxShape({0.5f, 1.0f});
    sensor.isSensor = true;
    const BodyId coin = world.createBody(bodyAt(BodyType::Static, {2.5f, 0.0f}), sensor);
    // A sensor of a category the character does not see is never reported.
    sensor.filter.categoryBits = 1u << 4;
    world.createBody(bodyAt(BodyType::Static, {2.5f, 0.0f}), sensor);
    CharacterMoverDef def;
    def.filter.maskBits = ~(1u << 4);
    // Starting at x = 0.01, its box meets the sensor between frames 31 and 32 and leaves it between
    // 67 and 68, never exactly on a frame.
    CharacterMover mover(def, {0.01f, 0.0f});

    int entered = 0;
    int left = 0;
    for (int i = 0; i < 120; ++i)
    {
        mover.move(world, {3.0f, 0.0f}, kDt);
        // Inside while its box [x - 0.4, x + 0.4] meets the sensor's [2, 3].
        const float x = mover.position().x;
        const bool inside = x + kHalf.x >= 2.0f && x - kHalf.x <= 3.0f;
        ASSERT_EQ(mover.sensors().size(), inside ? 1u : 0u) << "frame " << i;
        if (inside)
        {
            EXPECT_EQ(mover.sensors()[0].body, coin);
        }
        for (const ShapeRef& s : mover.sensorsEntered())
        {
            EXPECT_EQ(s.body, coin);
            ++entered;
        }
        for (const ShapeRef& s : mover.sensorsLeft())
        {
            EXPECT_EQ(s.body, coin);
            ++left;
        }
    }
    EXPECT_EQ(entered, 1);
    EXPECT_EQ(left, 1);
    // It went straight through: the sensor never pushed it.
    EXPECT_NEAR(mover.position().x, 6.01f, 1e-4f);
    EXPECT_TRUE(mover.hits().empty());
}

// --- starting inside, velocity, determinism --------------------------------------------------------

TEST(CharacterMover, StartingInsideAWallItIsPushedOutLikeMoveCharacter)
{
    World world;
    const BodyId wall = addBlock(world, {1.0f, -5.0f}, {2.0f, 5.0f});
    // 0.1 m into the wall's left face.
    CharacterMover mover({}, {1.0f - kHalf.x + 0.1f, 0.0f});
    mover.move(world, {}, kDt);
    const CharacterMoveResult reference =
        world.moveCharacter(makeObb({1.0f - kHalf.x + 0.1f, 0.0f}, kHalf), {});
    EXPECT_NEAR(mover.position().x, 1.0f - kHalf.x, kTight);
    EXPECT_NEAR(mover.position().x, reference.position.x, kTight);
    EXPECT_EQ(mover.position().y, 0.0f);
    ASSERT_EQ(mover.hits().size(), 1u);
    EXPECT_EQ(mover.hits()[0].body, wall);
    EXPECT_NEAR(mover.hits()[0].normal.x, -1.0f, 1e-6f);
    EXPECT_NEAR(mover.hits()[0].translation.x, -0.1f, kTight);
}

TEST(CharacterMover, ReturnsTheVelocityLessWhatTheWorldStopped)
{
    World world;
    addGround(world);
    addBlock(world, {1.0f, 0.0f}, {2.0f, 5.0f});
    // In the air next to the wall, running into it and falling: the wall takes the run, not the
    // fall.
    CharacterMover mover({}, {1.0f - kHalf.x, 2.0f});
    Vec2 v = mover.move(world, {4.0f, -3.0f}, kDt);
    EXPECT_EQ(v.x, 0.0f);
    EXPECT_EQ(v.y, -3.0f);
    // Landing beside it: the ground takes the fall; running away from the wall is untouched.
    mover.setPosition({0.0f, kHalf.y + 0.01f});
    v = mover.move(world, {-2.0f, -3.0f}, kDt);
    EXPECT_EQ(v.x, -2.0f);
    EXPECT_EQ(v.y, 0.0f);
    EXPECT_TRUE(mover.ground().grounded);
    EXPECT_NEAR(mover.position().y, kHalf.y, kTight);
}

TEST(CharacterMover, IsDeterministic)
{
    const auto run = []
    {
        CrateScene scene;
        addGround(scene.world);
        addCrate(scene, 0.3f);
        addSlope(scene.world, {5.0f, 0.0f}, degrees(20.0f), 5.0f);
        Player player{CharacterMover(pusher(150.0f), {0.0f, 1.5f}), {}};
        for (int i = 0; i < 240; ++i)
        {
            player.frame(scene.world, i < 200 ? 4.0f : -2.0f);
        }
        return std::pair{player.mover.position(), scene.world.stateHash()};
    };
    const auto first = run();
    const auto second = run();
    EXPECT_EQ(first.first, second.first);
    EXPECT_EQ(first.second, second.second);
    EXPECT_GT(first.first.x, 4.0f); // it did get somewhere (past the crate's start, up the slope)
}

// --- bad input -----------------------------------------------------------------------------------

// The message of the std::invalid_argument `make` throws ("" when it does not throw).
std::string refusal(const std::function<void()>& make)
{
    try
    {
        make();
    }
    catch (const std::invalid_argument& e)
    {
        return e.what();
    }
    return "";
}

TEST(CharacterMover, RefusesABadDefinitionNamingTheField)
{
    const auto badDef = [](const std::function<void(CharacterMoverDef&)>& spoil)
    {
        CharacterMoverDef def;
        spoil(def);
        return refusal([&] { CharacterMover mover(def, {}); });
    };
    const float nan = std::nanf("");
    const float inf = INFINITY;
    EXPECT_NE(badDef(
                  [](CharacterMoverDef& d) {
                      d.halfExtents = {0.0f, 1.0f};
                  })
                  .find("def.halfExtents"),
              std::string::npos);
    EXPECT_NE(badDef([&](CharacterMoverDef& d) { d.halfExtents.y = inf; }).find("def.halfExtents"),
              std::string::npos);
    EXPECT_NE(badDef([&](CharacterMoverDef& d) { d = circleDef(nan); }).find("def.radius"),
              std::string::npos);
    EXPECT_NE(badDef([](CharacterMoverDef& d) { d = circleDef(-1.0f); }).find("def.radius"),
              std::string::npos);
    EXPECT_NE(badDef([](CharacterMoverDef& d) { d.kind = static_cast<ShapeKind>(7); }).find("def.kind"),
              std::string::npos);
    for (const float angle : {0.0f, 0.5f * kPi, 2.0f, nan})
    {
        EXPECT_NE(badDef([&](CharacterMoverDef& d) { d.maxSlopeAngle = angle; }).find("def.maxSlopeAngle"),
                  std::string::npos)
            << angle;
    }
    EXPECT_NE(badDef([](CharacterMoverDef& d) { d.stepHeight = -0.1f; }).find("def.stepHeight"),
              std::string::npos);
    EXPECT_NE(badDef([](CharacterMoverDef& d) { d.groundProbe = 0.0f; }).find("def.groundProbe"),
              std::string::npos);
    EXPECT_NE(badDef([&](CharacterMoverDef& d) { d.pushStrength = inf; }).find("def.pushStrength"),
              std::string::npos);
    EXPECT_NE(refusal(
                  [] {
                      CharacterMover mover({}, {std::nanf(""), 0.0f});
                  })
                  .find("position"),
              std::string::npos);
    // A circle's unused half extents and a box's unused radius are not looked at.
    CharacterMoverDef circle = circleDef(0.5f);
    circle.halfExtents = {-1.0f, -1.0f};
    EXPECT_EQ(refusal([&] { CharacterMover mover(circle, {}); }), "");
}

TEST(CharacterMover, RefusesABadMoveAndChangesNothing)
{
    World world;
    addGround(world);
    ShapeDef sensor = boxShape({1.0f, 1.0f});
    sensor.isSensor = true;
    world.createBody(bodyAt(BodyType::Static, {0.0f, 1.0f}), sensor);
    ShapeDef crate = boxShape({0.5f, 0.5f});
    const BodyId box = world.createBody(bodyAt(BodyType::Dynamic, {0.92f, 0.5f}), crate);
    Player player{CharacterMover(pusher(10.0f), {0.0f, kHalf.y}), {}};
    player.frame(world, 3.0f);
    ASSERT_TRUE(player.mover.ground().grounded);
    ASSERT_EQ(player.mover.sensors().size(), 1u);
    ASSERT_EQ(player.mover.pushes().size(), 1u);

    const CharacterMover before = player.mover;
    const std::uint64_t hash = world.stateHash();
    const Vec2 crateVelocity = world.linearVelocity(box);
    const float nan = std::nanf("");
    const float inf = INFINITY;
    const auto expectRefused = [&](Vec2 velocity, float dt, const char* field)
    {
        const std::string message = refusal([&] { player.mover.move(world, velocity, dt); });
        EXPECT_NE(message.find("CharacterMover::move"), std::string::npos) << message;
        EXPECT_NE(message.find(field), std::string::npos) << message;
        EXPECT_EQ(player.mover.position(), before.position());
        EXPECT_EQ(player.mover.ground().grounded, before.ground().grounded);
        EXPECT_EQ(player.mover.ground().point, before.ground().point);
        EXPECT_EQ(player.mover.hits().size(), before.hits().size());
        EXPECT_EQ(player.mover.pushes().size(), before.pushes().size());
        EXPECT_EQ(player.mover.sensors().size(), before.sensors().size());
        EXPECT_EQ(player.mover.sensorsEntered().size(), before.sensorsEntered().size());
        EXPECT_EQ(world.stateHash(), hash);
        EXPECT_EQ(world.linearVelocity(box), crateVelocity); // no push given
    };
    expectRefused({nan, 0.0f}, kDt, "velocity");
    expectRefused({3.0f, inf}, kDt, "velocity");
    expectRefused({3.0f, 0.0f}, 0.0f, "dt");
    expectRefused({3.0f, 0.0f}, -kDt, "dt");
    expectRefused({3.0f, 0.0f}, nan, "dt");
    expectRefused({3e38f, 0.0f}, 1e30f, "velocity * dt");

    const std::string message = refusal([&] { player.mover.setPosition({inf, 0.0f}); });
    EXPECT_NE(message.find("CharacterMover::setPosition"), std::string::npos) << message;
    EXPECT_EQ(player.mover.position(), before.position());
    EXPECT_TRUE(player.mover.ground().grounded);
}

} // namespace
} // namespace oblique::test
