// Contact and sensor events, and collision filtering: begin and end fire once per touch, sensors
// report without pushing, and filtered pairs pass through each other. Begin/end counts and the
// filter rules are checked in Box2D too, through a contact listener and fixture filter data.

#include "world_scenes.hpp"

#include <gtest/gtest.h>

namespace oblique::test
{
namespace
{

constexpr float kDt = 1.0f / 60.0f;

// Counts Box2D's begin and end callbacks.
class CountingListener : public b2ContactListener
{
public:
    void BeginContact(b2Contact*) override { ++begins; }
    void EndContact(b2Contact*) override { ++ends; }
    int begins = 0;
    int ends = 0;
};

bool samePair(BodyId a, BodyId b, BodyId x, BodyId y)
{
    return (a == x && b == y) || (a == y && b == x);
}

TEST(WorldEvents, FallingBoxBeginsOnceAndLiftingItEndsOnce)
{
    TwinWorlds twins(
        makeScene("box drop", {ground(), sceneBox(BodyType::Dynamic, {0.0f, 1.5f}, {0.5f, 0.5f})}));
    CountingListener listener;
    twins.box2d().world().SetContactListener(&listener);
    const BodyId floor = twins.id(0);
    const BodyId box = twins.id(1);

    // 2 s: it lands, bounces not at all (restitution 0), settles and falls asleep on the ground.
    int begins = 0;
    int ends = 0;
    int beginStep = -1;
    for (int step = 1; step <= 120; ++step)
    {
        twins.step();
        for (const ContactBeginEvent& e : twins.world().contactBeginEvents())
        {
            EXPECT_TRUE(samePair(e.a, e.b, floor, box));
            // The event carries the manifold it began with: the normal from a to b is vertical.
            EXPECT_GT(e.manifold.pointCount, 0);
            EXPECT_NEAR(std::fabs(e.manifold.normal.y), 1.0f, 1e-4f);
            ++begins;
            beginStep = step;
        }
        ends += static_cast<int>(twins.world().contactEndEvents().size());
    }
    EXPECT_EQ(begins, 1);
    EXPECT_EQ(ends, 0);
    EXPECT_GT(beginStep, 1); // it started in the air, 1 m above the ground
    EXPECT_EQ(listener.begins, 1);
    EXPECT_EQ(listener.ends, 0);
    ASSERT_FALSE(twins.obliqueAwake(1));

    // Lift it 5 m: the next step ends the contact, once, and the fall that follows starts none.
    twins.world().setTransform(box, {0.0f, 6.0f}, 0.0f);
    twins.box2d().body(1).SetTransform({0.0f, 6.0f}, 0.0f);
    // Box2D's SetTransform leaves a sleeping body asleep (oblique's wakes it); wake it so Box2D
    // updates the contact at all.
    twins.box2d().body(1).SetAwake(true);
    for (int step = 0; step < 30; ++step) // 0.5 s: falls about 1.3 m, still well in the air
    {
        twins.step();
        const auto endEvents = twins.world().contactEndEvents();
        if (step == 0)
        {
            ASSERT_EQ(endEvents.size(), 1u);
            EXPECT_TRUE(samePair(endEvents[0].a, endEvents[0].b, floor, box));
        }
        else
        {
            EXPECT_TRUE(endEvents.empty()) << "step " << step;
        }
        EXPECT_TRUE(twins.world().contactBeginEvents().empty()) << "step " << step;
    }
    EXPECT_EQ(listener.begins, 1);
    EXPECT_EQ(listener.ends, 1);
    EXPECT_TRUE(twins.world().contacts().empty());
}

TEST(WorldEvents, DestroyingATouchingBodyEndsItsContactOnce)
{
    SceneInstance s = instantiate(
        makeScene("box on ground", {ground(), sceneBox(BodyType::Dynamic, {0.0f, 0.5f}, {0.5f, 0.5f})}));
    s.world.step(kDt);
    ASSERT_EQ(s.world.contacts().size(), 1u);
    s.world.destroyBody(s.bodies[1]);
    // The destruction is reported with the events of the step in progress, then cleared.
    ASSERT_EQ(s.world.contactEndEvents().size(), 1u);
    EXPECT_TRUE(
        samePair(s.world.contactEndEvents()[0].a, s.world.contactEndEvents()[0].b, s.bodies[0], s.bodies[1]));
    s.world.step(kDt);
    EXPECT_TRUE(s.world.contactEndEvents().empty());
    EXPECT_TRUE(s.world.contacts().empty());
}

TEST(WorldEvents, ProfileCountsTouchingPairsAsleepOrNot)
{
    // Three boxes stacked on the ground, and a sensor overlapping the lowest.
    SceneInstance s = instantiate(verticalStack(3));
    BodyDef sensorBody;
    sensorBody.type = BodyType::Static;
    sensorBody.position = {0.0f, 0.5f};
    ShapeDef sensor = boxShape({0.2f, 0.2f});
    sensor.isSensor = true;
    s.world.createBody(sensorBody, sensor);
    s.world.step(kDt);
    EXPECT_EQ(s.world.profile().touchingCount, 3); // the sensor's overlap is not a touch
    EXPECT_EQ(s.world.profile().solvedCount, 3);
    EXPECT_EQ(static_cast<int>(s.world.contacts().size()), s.world.profile().touchingCount);

    for (int i = 0; i < 120 && s.world.isAwake(s.bodies[1]); ++i)
    {
        s.world.step(kDt);
    }
    ASSERT_FALSE(s.world.isAwake(s.bodies[1]));
    s.world.step(kDt);
    // Asleep, the stack still touches; the solver has nothing to do.
    EXPECT_EQ(s.world.profile().awakeBodyCount, 0);
    EXPECT_EQ(s.world.profile().touchingCount, 3);
    EXPECT_EQ(s.world.profile().solvedCount, 0);

    s.world.destroyBody(s.bodies[3]);
    s.world.step(kDt);
    EXPECT_EQ(s.world.profile().touchingCount, 2);
    EXPECT_EQ(static_cast<int>(s.world.contacts().size()), 2);
}

// Two boxes meet head-on with no gravity and stop each other (restitution 0). That is a touch
// like any other: one begin event, and the pair listed in contacts() while they stay together,
// even though the speculative solver stops them a couple of micrometres apart rather than in
// overlap (Box2D, which lets them overlap, reports one BeginContact).
TEST(WorldEvents, HeadOnCollisionBeginsOnce)
{
    Scene scene = makeScene("head-on", {sceneBox(BodyType::Dynamic, {-2.0f, 0.0f}, {0.5f, 0.5f}),
                                        sceneBox(BodyType::Dynamic, {2.0f, 0.0f}, {0.5f, 0.5f})});
    scene.world.gravity = {0.0f, 0.0f};
    scene.bodies[0].linearVelocity = {3.0f, 0.0f};
    scene.bodies[1].linearVelocity = {-3.0f, 0.0f};
    TwinWorlds twins(scene);
    CountingListener listener;
    twins.box2d().world().SetContactListener(&listener);
    int begins = 0;
    for (int step = 0; step < 60; ++step) // they meet at 0.5 s
    {
        twins.step();
        begins += static_cast<int>(twins.world().contactBeginEvents().size());
    }
    // They did collide: both stopped, face to face.
    EXPECT_NEAR(twins.obliqueVelocity(0).x, 0.0f, 1e-4f);
    EXPECT_NEAR(twins.obliquePosition(1).x - twins.obliquePosition(0).x, 1.0f, kSlop);
    EXPECT_EQ(listener.begins, 1);
    EXPECT_EQ(begins, 1) << "a collision that stopped both boxes must report one begin event";
    EXPECT_EQ(twins.world().contacts().size(), 1u)
        << "two boxes that collided and stay face to face must be in contacts()";
}

// A box sliding along the ground (no friction) into a wall: one begin with the ground when it
// first settles onto it, one with the wall when it arrives, and both contacts listed afterwards.
// Checked in oblique only: Box2D drops and re-makes the ground contact once on the way (an end at
// step 13 and a begin at step 14, with the box flat on the ground throughout).
TEST(WorldEvents, BoxSlidingIntoAWallBeginsOnceWithEach)
{
    SceneBody box = sceneBox(BodyType::Dynamic, {0.0f, 0.5f}, {0.5f, 0.5f});
    box.linearVelocity = {4.0f, 0.0f};
    box.friction = 0.0f;
    TwinWorlds twins(
        makeScene("into a wall", {ground(), sceneBox(BodyType::Static, {5.0f, 2.0f}, {0.5f, 2.0f}), box}));
    int groundBegins = 0;
    int wallBegins = 0;
    for (int step = 0; step < 120; ++step) // it reaches the wall after 0.9 s
    {
        twins.step();
        for (const ContactBeginEvent& e : twins.world().contactBeginEvents())
        {
            groundBegins += samePair(e.a, e.b, twins.id(0), twins.id(2)) ? 1 : 0;
            wallBegins += samePair(e.a, e.b, twins.id(1), twins.id(2)) ? 1 : 0;
        }
        EXPECT_TRUE(twins.world().contactEndEvents().empty()) << "step " << step;
    }
    EXPECT_NEAR(twins.obliquePosition(2).x, 4.0f, kSlop); // stopped against the wall's face
    EXPECT_EQ(groundBegins, 1);
    EXPECT_EQ(wallBegins, 1);
    EXPECT_EQ(twins.world().contacts().size(), 2u);
}

TEST(WorldEvents, SensorReportsOnceEachWayAndNeverPushes)
{
    // Two identical free falls from 10 m, one of them through a static sensor slab at y = 5.
    const BodyDef fallingDef = bodyAt(BodyType::Dynamic, {0.0f, 10.0f});
    World plain;
    const BodyId plainBox = plain.createBody(fallingDef, boxShape({0.5f, 0.5f}));
    World sensed;
    const BodyId box = sensed.createBody(fallingDef, boxShape({0.5f, 0.5f}));
    ShapeDef slab = boxShape({2.0f, 0.5f});
    slab.isSensor = true;
    const BodyId sensor = sensed.createBody(bodyAt(BodyType::Static, {0.0f, 5.0f}), slab);

    int begins = 0;
    int ends = 0;
    int beginStep = -1;
    int endStep = -1;
    for (int step = 1; step <= 120; ++step) // 2 s: falls 20 m, through the slab and out below it
    {
        plain.step(kDt);
        sensed.step(kDt);
        // Bit for bit the same fall: the sensor took no momentum and added no delay.
        ASSERT_EQ(sensed.position(box), plain.position(plainBox)) << "step " << step;
        ASSERT_EQ(sensed.linearVelocity(box), plain.linearVelocity(plainBox)) << "step " << step;
        for (const SensorEvent& e : sensed.sensorBeginEvents())
        {
            EXPECT_EQ(e.sensor, sensor);
            EXPECT_EQ(e.visitor, box);
            ++begins;
            beginStep = step;
        }
        for (const SensorEvent& e : sensed.sensorEndEvents())
        {
            EXPECT_EQ(e.sensor, sensor);
            EXPECT_EQ(e.visitor, box);
            ++ends;
            endStep = step;
        }
        // A sensor overlap is not a contact: no contact events, nothing in contacts().
        EXPECT_TRUE(sensed.contactBeginEvents().empty());
        EXPECT_TRUE(sensed.contacts().empty());
    }
    EXPECT_EQ(begins, 1);
    EXPECT_EQ(ends, 1);
    EXPECT_LT(beginStep, endStep);
    // Free fall the whole way: v = -g t, to float rounding of the 120 sums.
    EXPECT_NEAR(sensed.linearVelocity(box).y, -kGravity * 2.0f, 1e-3f);
    EXPECT_LT(sensed.position(box).y, 4.0f); // it came out the bottom of the slab
}

// Two boxes flying at each other along the x axis with no gravity; returns where the left one
// ends up after 1.5 s. They meet at about 0.5 s; if they pass through, the left box ends far to
// the right; if they collide (restitution 0), they stop each other near the middle.
struct HeadOn
{
    float obliqueLeftX;
    float box2dLeftX;
    int obliqueBegins;
};

HeadOn headOn(const Filter& left, const Filter& right)
{
    Scene scene = makeScene("head-on", {sceneBox(BodyType::Dynamic, {-2.0f, 0.0f}, {0.5f, 0.5f}),
                                        sceneBox(BodyType::Dynamic, {2.0f, 0.0f}, {0.5f, 0.5f})});
    scene.world.gravity = {0.0f, 0.0f};
    scene.bodies[0].linearVelocity = {3.0f, 0.0f};
    scene.bodies[1].linearVelocity = {-3.0f, 0.0f};

    // Scenes carry no filters, so the World is built by hand from the scene's definitions.
    World world(worldDefOf(scene.world));
    ShapeDef leftShape = shapeDefOf(scene.bodies[0]);
    leftShape.filter = left;
    ShapeDef rightShape = shapeDefOf(scene.bodies[1]);
    rightShape.filter = right;
    const BodyId a = world.createBody(bodyDefOf(scene.bodies[0]), leftShape);
    world.createBody(bodyDefOf(scene.bodies[1]), rightShape);

    compare::Box2dWorld box2d(scene);
    const auto toB2 = [](const Filter& f)
    {
        b2Filter b;
        b.categoryBits = static_cast<std::uint16_t>(f.categoryBits);
        b.maskBits = static_cast<std::uint16_t>(f.maskBits);
        b.groupIndex = static_cast<std::int16_t>(f.groupIndex);
        return b;
    };
    box2d.body(0).GetFixtureList()->SetFilterData(toB2(left));
    box2d.body(1).GetFixtureList()->SetFilterData(toB2(right));

    HeadOn r{0.0f, 0.0f, 0};
    for (int step = 0; step < 90; ++step)
    {
        world.step(scene.world.timeStep);
        box2d.step();
        r.obliqueBegins += static_cast<int>(world.contactBeginEvents().size());
    }
    r.obliqueLeftX = world.position(a).x;
    r.box2dLeftX = box2d.bodyState(0).position.x;
    return r;
}

constexpr float kPassedThrough = 2.0f; // the left box ends at x = 2.5 when nothing stops it

TEST(WorldFiltering, FilteredPairsPassThroughAndPositiveGroupsCollide)
{
    // Unfiltered, they collide: the control that shows the scenario can tell.
    // (Whether that collision reports a begin event is WorldEvents.HeadOnCollisionBeginsOnce.)
    const HeadOn plain = headOn({}, {});
    EXPECT_LT(plain.obliqueLeftX, 0.0f);
    EXPECT_LT(plain.box2dLeftX, 0.0f);

    // Category 2 does not collide with category 4, as the left box's mask says.
    const HeadOn masked =
        headOn({.categoryBits = 0x2, .maskBits = 0xFFFB}, {.categoryBits = 0x4, .maskBits = 0xFFFF});
    EXPECT_GT(masked.obliqueLeftX, kPassedThrough);
    EXPECT_GT(masked.box2dLeftX, kPassedThrough);
    EXPECT_EQ(masked.obliqueBegins, 0);

    // The same negative group never collides, whatever the bits say.
    const HeadOn negative = headOn({.groupIndex = -3}, {.groupIndex = -3});
    EXPECT_GT(negative.obliqueLeftX, kPassedThrough);
    EXPECT_GT(negative.box2dLeftX, kPassedThrough);
    EXPECT_EQ(negative.obliqueBegins, 0);

    // The same positive group always collides, even when the masks exclude each other.
    const HeadOn positive = headOn({.categoryBits = 0x2, .maskBits = 0x2, .groupIndex = 5},
                                   {.categoryBits = 0x4, .maskBits = 0x4, .groupIndex = 5});
    EXPECT_LT(positive.obliqueLeftX, 0.0f);
    EXPECT_LT(positive.box2dLeftX, 0.0f);

    // Different groups fall back to the bits: excluded here, so they pass.
    const HeadOn mixed = headOn({.categoryBits = 0x2, .maskBits = 0x2, .groupIndex = 5},
                                {.categoryBits = 0x4, .maskBits = 0x4, .groupIndex = 6});
    EXPECT_GT(mixed.obliqueLeftX, kPassedThrough);
    EXPECT_GT(mixed.box2dLeftX, kPassedThrough);
    EXPECT_EQ(mixed.obliqueBegins, 0);
}

} // namespace
} // namespace oblique::test
