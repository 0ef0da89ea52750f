// Sensors notice bodies of every type: a kinematic body passing through a static sensor, static
// bodies teleported into and out of a kinematic one, a kinematic sensor sweeping over static
// shapes, and a sensor moved away from a body asleep inside it. Each overlap begins once and ends
// once, however many steps it lasts; solid shapes of two non-dynamic bodies still never touch.

#include "world_scenes.hpp"

#include <gtest/gtest.h>
#include <vector>

namespace oblique::test
{
namespace
{

constexpr float kDt = 1.0f / 60.0f;

ShapeDef sensorBox(Vec2 halfExtents)
{
    ShapeDef shape = boxShape(halfExtents);
    shape.isSensor = true;
    return shape;
}

// Every sensor event of a run, with the step it was reported after (0: before the first step).
struct Logged
{
    int step;
    SensorEvent event;
};

struct SensorLog
{
    std::vector<Logged> begins;
    std::vector<Logged> ends;

    // Takes the events the world holds now: those of the last step, or of the last call.
    void take(const World& world, int step)
    {
        for (const SensorEvent& e : world.sensorBeginEvents())
        {
            begins.push_back({step, e});
        }
        for (const SensorEvent& e : world.sensorEndEvents())
        {
            ends.push_back({step, e});
        }
    }
};

// Steps the world, logging sensor events and checking that no contact event or contact appears
// (the runs here have no dynamic body a solid contact could push).
void run(World& world, int steps, SensorLog& log, int& step)
{
    for (int i = 0; i < steps; ++i)
    {
        world.step(kDt);
        ++step;
        log.take(world, step);
        EXPECT_TRUE(world.contactBeginEvents().empty());
        EXPECT_TRUE(world.contacts().empty());
    }
}

bool names(const SensorEvent& e, BodyId sensor, BodyId visitor)
{
    return e.sensor == sensor && e.visitor == visitor;
}

TEST(SensorMovers, AKinematicBodyThroughAStaticSensorBeginsAndEndsOnce)
{
    World world;
    const BodyId zone = world.createBody(bodyAt(BodyType::Static, {0.0f, 0.0f}), sensorBox({1.0f, 1.0f}));
    BodyDef moverDef = bodyAt(BodyType::Kinematic, {-5.0f, 0.0f});
    moverDef.linearVelocity = {2.0f, 0.0f};
    const BodyId mover = world.createBody(moverDef, boxShape({0.25f, 0.25f}));
    // A solid static block in its path as well: two non-dynamic solids pass through each other.
    world.createBody(bodyAt(BodyType::Static, {3.0f, 0.0f}), boxShape({0.5f, 0.5f}));

    SensorLog log;
    int step = 0;
    run(world, 300, log, step);
    ASSERT_EQ(log.begins.size(), 1u);
    ASSERT_EQ(log.ends.size(), 1u);
    EXPECT_TRUE(names(log.begins[0].event, zone, mover));
    EXPECT_TRUE(names(log.ends[0].event, zone, mover));
    // The mover's right edge reaches x = -1 after 3.75 m (112.5 steps at 2 m/s) and its left edge
    // leaves x = 1 after 6.25 m (187.5 steps). A step looks at the poses it starts from, so each
    // event comes with the step after the one that made it true.
    EXPECT_EQ(log.begins[0].step, 114);
    EXPECT_EQ(log.ends[0].step, 189);
    EXPECT_TRUE(world.isAwake(mover));
}

TEST(SensorMovers, StaticBodiesTeleportedIntoAndOutOfAKinematicSensor)
{
    World world;
    const BodyId zone = world.createBody(bodyAt(BodyType::Kinematic, {0.0f, 0.0f}), sensorBox({1.0f, 1.0f}));
    const BodyId post = world.createBody(bodyAt(BodyType::Static, {5.0f, 0.0f}), boxShape({0.2f, 0.2f}));
    const BodyId ball = world.createBody(bodyAt(BodyType::Static, {-5.0f, 0.0f}), circleShape(0.2f));
    SensorLog log;
    int step = 0;
    run(world, 60, log, step);
    // Still, the kinematic sensor has fallen asleep: only the teleports can bring news now.
    ASSERT_FALSE(world.isAwake(zone));
    EXPECT_TRUE(log.begins.empty());

    world.setTransform(post, {0.5f, 0.5f}, 0.3f);
    run(world, 30, log, step);
    ASSERT_EQ(log.begins.size(), 1u);
    EXPECT_TRUE(names(log.begins[0].event, zone, post));
    EXPECT_EQ(log.begins[0].step, 61);
    EXPECT_FALSE(world.isAwake(zone)); // a sensor overlap wakes nothing

    // Moved within the sensor: still inside, nothing to report. The ball comes in as well.
    world.setTransform(post, {-0.5f, 0.5f}, 0.0f);
    world.setTransform(ball, {0.0f, -0.9f}, 0.0f);
    run(world, 30, log, step);
    ASSERT_EQ(log.begins.size(), 2u);
    EXPECT_TRUE(names(log.begins[1].event, zone, ball));
    EXPECT_EQ(log.begins[1].step, 91);
    EXPECT_TRUE(log.ends.empty());

    // Out again: once each, the ball only just out (its edge 1 cm from the sensor's).
    world.setTransform(post, {5.0f, 0.0f}, 0.0f);
    world.setTransform(ball, {0.0f, -1.21f}, 0.0f);
    run(world, 30, log, step);
    ASSERT_EQ(log.ends.size(), 2u);
    EXPECT_EQ(log.ends[0].step, 121);
    EXPECT_EQ(log.ends[1].step, 121);
    EXPECT_TRUE((names(log.ends[0].event, zone, post) && names(log.ends[1].event, zone, ball)) ||
                (names(log.ends[0].event, zone, ball) && names(log.ends[1].event, zone, post)));
    EXPECT_EQ(log.begins.size(), 2u);
}

TEST(SensorMovers, AKinematicSensorSweepingOverStaticShapesMeetsEachOnce)
{
    World world;
    // Five static posts in a row, and a static sensor among them: sensors notice sensors.
    std::vector<BodyId> posts;
    for (int i = 0; i < 5; ++i)
    {
        const Vec2 at{2.0f * static_cast<float>(i), 0.0f};
        posts.push_back(i == 2 ? world.createBody(bodyAt(BodyType::Static, at), sensorBox({0.3f, 0.3f}))
                               : world.createBody(bodyAt(BodyType::Static, at), boxShape({0.3f, 0.3f})));
    }
    BodyDef sweeperDef = bodyAt(BodyType::Kinematic, {-3.0f, 0.2f});
    sweeperDef.linearVelocity = {3.0f, 0.0f};
    const BodyId sweeper = world.createBody(sweeperDef, sensorBox({0.5f, 0.5f}));

    SensorLog log;
    int step = 0;
    run(world, 300, log, step); // 15 m: past the last post
    ASSERT_EQ(log.begins.size(), 5u);
    ASSERT_EQ(log.ends.size(), 5u);
    for (int i = 0; i < 5; ++i)
    {
        const auto k = static_cast<std::size_t>(i);
        // The sweeper's slot is after the posts' and both shapes of the middle pair are sensors,
        // so that pair names the post's sensor first; every other names the sweeper.
        const SensorEvent& begin = log.begins[k].event;
        const SensorEvent& end = log.ends[k].event;
        if (i == 2)
        {
            EXPECT_TRUE(names(begin, posts[k], sweeper));
            EXPECT_TRUE(names(end, posts[k], sweeper));
        }
        else
        {
            EXPECT_TRUE(names(begin, sweeper, posts[k]));
            EXPECT_TRUE(names(end, sweeper, posts[k]));
        }
        // Front edge at the post's near side after (2i - 0.3 + 3 - 0.5) m, back edge past its far
        // side after (2i + 0.3 + 3 + 0.5) m, at 3 m/s: 20 steps per metre, and reported with the
        // step after.
        const float metres = 2.0f * static_cast<float>(i);
        EXPECT_NEAR(static_cast<float>(log.begins[k].step), 20.0f * (metres + 2.2f) + 1.0f, 1.0f) << i;
        EXPECT_NEAR(static_cast<float>(log.ends[k].step), 20.0f * (metres + 3.8f) + 1.0f, 1.0f) << i;
    }
}

TEST(SensorMovers, ASensorMovedAwayFromASleepingBodyEndsOnceAndLetsItSleep)
{
    World world;
    world.createBody(bodyAt(BodyType::Static, {0.0f, -1.0f}), boxShape({20.0f, 1.0f}));
    const BodyId left = world.createBody(bodyAt(BodyType::Dynamic, {-3.0f, 0.5f}), boxShape({0.5f, 0.5f}));
    const BodyId right = world.createBody(bodyAt(BodyType::Dynamic, {3.0f, 0.5f}), boxShape({0.5f, 0.5f}));
    for (int i = 0; i < 120 && (world.isAwake(left) || world.isAwake(right)); ++i)
    {
        world.step(kDt);
    }
    ASSERT_FALSE(world.isAwake(left));
    ASSERT_FALSE(world.isAwake(right));

    // Sensors placed across the sleeping boxes (clear of the ground) see them at once, and do not
    // wake them.
    const BodyId still = world.createBody(bodyAt(BodyType::Static, {-3.0f, 0.5f}), sensorBox({1.0f, 0.45f}));
    const BodyId drifter =
        world.createBody(bodyAt(BodyType::Kinematic, {3.0f, 0.5f}), sensorBox({1.0f, 0.45f}));
    SensorLog log;
    int step = 0;
    const auto steps = [&](int n)
    {
        for (int i = 0; i < n; ++i)
        {
            world.step(kDt);
            log.take(world, ++step);
        }
    };
    steps(60);
    ASSERT_EQ(log.begins.size(), 2u);
    EXPECT_EQ(log.begins[0].step, 1);
    EXPECT_EQ(log.begins[1].step, 1);
    EXPECT_TRUE(log.ends.empty());
    EXPECT_FALSE(world.isAwake(left));
    EXPECT_FALSE(world.isAwake(right));
    EXPECT_FALSE(world.isAwake(drifter)); // kinematic and still: asleep like the boxes

    // The static sensor teleported away, the kinematic one sent off at 1 m/s.
    world.setTransform(still, {-10.0f, 5.0f}, 0.0f);
    world.setLinearVelocity(drifter, {0.0f, 1.0f});
    steps(120);
    ASSERT_EQ(log.ends.size(), 2u);
    EXPECT_TRUE(names(log.ends[0].event, still, left));
    EXPECT_EQ(log.ends[0].step, 61);
    EXPECT_TRUE(names(log.ends[1].event, drifter, right));
    // The drifter's lower edge, 5 cm above the box's bottom, passes its top after 0.95 m (57
    // steps), seen by the step after.
    EXPECT_NEAR(log.ends[1].step, 60 + 59, 1);
    EXPECT_EQ(log.begins.size(), 2u);
    EXPECT_FALSE(world.isAwake(left));
    EXPECT_FALSE(world.isAwake(right));
}

TEST(SensorMovers, AStaticSensorOnStaticGroundReportsOnceAndNeverAgain)
{
    World world;
    const BodyId ground = world.createBody(bodyAt(BodyType::Static, {0.0f, -1.0f}), boxShape({20.0f, 1.0f}));
    const BodyId zone = world.createBody(bodyAt(BodyType::Static, {0.0f, 0.0f}), sensorBox({1.0f, 1.0f}));
    SensorLog log;
    int step = 0;
    run(world, 120, log, step);
    ASSERT_EQ(log.begins.size(), 1u);
    EXPECT_TRUE(names(log.begins[0].event, zone, ground));
    EXPECT_EQ(log.begins[0].step, 1);
    EXPECT_TRUE(log.ends.empty());
    // Lifted clear and put back: an end and a begin, each once.
    world.setTransform(zone, {0.0f, 1.5f}, 0.0f);
    run(world, 10, log, step);
    world.setTransform(zone, {0.0f, 0.0f}, 0.0f);
    run(world, 10, log, step);
    ASSERT_EQ(log.ends.size(), 1u);
    EXPECT_EQ(log.ends[0].step, 121);
    ASSERT_EQ(log.begins.size(), 2u);
    EXPECT_EQ(log.begins[1].step, 131);
}

// A box drifting slower than the sleep tolerance, with no gravity, falls asleep after half a
// second; the step it falls asleep in carries its edge into a static sensor. Nothing of the pair
// is awake after that step, yet the sensor sees it.
TEST(SensorMovers, ABodyThatFallsAsleepAsItEntersASensorIsSeen)
{
    WorldDef def;
    def.gravity = {};
    const auto drifting = [](World& world)
    {
        BodyDef body = bodyAt(BodyType::Dynamic, {0.0f, 0.0f});
        body.linearVelocity = {0.009f, 0.0f};
        return world.createBody(body, boxShape({0.5f, 0.5f}));
    };
    // Where its right edge is before and after the step it falls asleep in, from a world without
    // the sensor (which pushes nothing, so changes nothing).
    World probe(def);
    const BodyId probed = drifting(probe);
    float before = 0.0f;
    int steps = 0;
    while (probe.isAwake(probed) && steps < 120)
    {
        before = probe.position(probed).x + 0.5f;
        probe.step(kDt);
        ++steps;
    }
    ASSERT_FALSE(probe.isAwake(probed));
    const float after = probe.position(probed).x + 0.5f;
    ASSERT_LT(before, after);

    World world(def);
    const BodyId box = drifting(world);
    const float edge = 0.5f * (before + after);
    const BodyId zone =
        world.createBody(bodyAt(BodyType::Static, {edge + 1.0f, 0.0f}), sensorBox({1.0f, 1.0f}));
    SensorLog log;
    for (int i = 1; i <= steps + 30; ++i)
    {
        world.step(kDt);
        log.take(world, i);
    }
    EXPECT_FALSE(world.isAwake(box));
    ASSERT_EQ(log.begins.size(), 1u);
    EXPECT_TRUE(names(log.begins[0].event, zone, box));
    EXPECT_EQ(log.begins[0].step, steps + 1);
    EXPECT_TRUE(log.ends.empty());
}

TEST(SensorMovers, DynamicBodiesStillReportAsBefore)
{
    // A ball falls through a kinematic sensor that is itself moving sideways: one begin, one end.
    World world;
    BodyDef zoneDef = bodyAt(BodyType::Kinematic, {-2.0f, 5.0f});
    zoneDef.linearVelocity = {1.0f, 0.0f};
    const BodyId zone = world.createBody(zoneDef, sensorBox({3.0f, 0.5f}));
    const BodyId ball = world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 10.0f}), circleShape(0.25f));
    SensorLog log;
    for (int i = 0; i < 120; ++i)
    {
        world.step(kDt);
        log.take(world, i + 1);
    }
    ASSERT_EQ(log.begins.size(), 1u);
    ASSERT_EQ(log.ends.size(), 1u);
    EXPECT_TRUE(names(log.begins[0].event, zone, ball));
    EXPECT_TRUE(names(log.ends[0].event, zone, ball));
    EXPECT_LT(log.begins[0].step, log.ends[0].step);
}

} // namespace
} // namespace oblique::test
