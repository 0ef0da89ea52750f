// Disabling and enabling bodies: a disabled body keeps its state but takes no part in anything
// (solver, contacts, queries, sleep); its contacts end with events and wake what it touched; enabled
// again it goes on exactly as a body created in that state would. A seeded random sequence of
// enables, disables, type changes and teleports keeps contacts, events and islands consistent.

#include "oblique/overlap.hpp"
#include "world_scenes.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <optional>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace oblique::test
{
namespace
{

constexpr float kDt = 1.0f / 60.0f;

BodyId groundOf(World& world)
{
    return world.createBody(bodyAt(BodyType::Static, {0.0f, -1.0f}), boxShape({20.0f, 1.0f}));
}

// A body's pose and velocity, bit for bit.
struct Motion
{
    Vec2 position;
    float angle;
    Vec2 velocity;
    float angularVelocity;

    bool operator==(const Motion&) const = default;
};

Motion motionOf(const World& world, BodyId id)
{
    return {world.position(id), world.angle(id), world.linearVelocity(id), world.angularVelocity(id)};
}

bool names(const std::vector<ShapeRef>& found, BodyId id)
{
    return std::any_of(found.begin(), found.end(), [&](const ShapeRef& r) { return r.body == id; });
}

bool listed(const World& world, BodyId id)
{
    for (const ContactInfo& c : world.contacts())
    {
        if (c.a == id || c.b == id)
        {
            return true;
        }
    }
    return false;
}

TEST(Enable, ADisabledBodyStopsWhereItIsWhileOthersMove)
{
    World world;
    groundOf(world);
    BodyDef thrown = bodyAt(BodyType::Dynamic, {0.0f, 8.0f});
    thrown.linearVelocity = {3.0f, 2.0f};
    thrown.angularVelocity = 1.5f;
    const BodyId frozen = world.createBody(thrown, boxShape({0.3f, 0.2f}));
    thrown.position = {-5.0f, 8.0f};
    const BodyId other = world.createBody(thrown, circleShape(0.25f));
    run(world, 20);
    EXPECT_TRUE(world.isEnabled(frozen));

    world.setEnabled(frozen, false);
    EXPECT_FALSE(world.isEnabled(frozen));
    EXPECT_FALSE(world.isAwake(frozen));
    EXPECT_TRUE(world.contactEndEvents().empty()); // it touched nothing
    const Motion held = motionOf(world, frozen);
    const Vec2 otherBefore = world.position(other);
    for (int i = 0; i < 60; ++i)
    {
        world.step(kDt);
        ASSERT_EQ(motionOf(world, frozen), held) << "step " << i;
    }
    EXPECT_GT(std::fabs(world.position(other).x - otherBefore.x), 2.0f);
    EXPECT_FALSE(world.isAwake(frozen));

    // Still readable, but no query finds it, whatever the filter.
    const Obb box = world.obb(frozen);
    EXPECT_EQ(box.center, held.position);
    QueryFilter everything;
    everything.sensors = true;
    EXPECT_FALSE(names(world.queryAabb(world.aabb(frozen), everything), frozen));
    EXPECT_FALSE(names(world.overlapObb(box, everything), frozen));
    EXPECT_FALSE(names(world.overlapCircle(Circle{box.center, 0.5f}, everything), frozen));
    EXPECT_FALSE(names(world.overlapPoint(box.center, everything), frozen));
    const Vec2 from = box.center - Vec2{3.0f, 0.0f};
    const std::optional<WorldRayHit> hit = world.rayCastClosest(from, {6.0f, 0.0f}, everything);
    EXPECT_TRUE(!hit || hit->body != frozen);
    for (const WorldRayHit& h : world.rayCastAll(from, {6.0f, 0.0f}, everything))
    {
        EXPECT_NE(h.body, frozen);
    }
    const CharacterMoveResult moved = world.moveCharacter(Circle{from, 0.2f}, {6.0f, 0.0f}, everything);
    EXPECT_TRUE(moved.hits.empty());
    EXPECT_NEAR(moved.position.x, from.x + 6.0f, 1e-4f); // nothing in the way
    EXPECT_EQ(moved.position.y, from.y);
}

TEST(Enable, DisablingEndsItsContactsAndSensorOverlapsAndWakesWhatItRestedOn)
{
    World world;
    const BodyId ground = groundOf(world);
    const BodyId plank = world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 0.25f}), boxShape({2.0f, 0.25f}));
    const BodyId box = world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 1.0f}), boxShape({0.5f, 0.5f}));
    // A static sensor around the box's top half, clear of the plank.
    ShapeDef zone = boxShape({1.0f, 0.3f});
    zone.isSensor = true;
    const BodyId sensor = world.createBody(bodyAt(BodyType::Static, {0.0f, 1.3f}), zone);
    run(world, 120);
    ASSERT_FALSE(world.isAwake(plank));
    ASSERT_FALSE(world.isAwake(box));
    ASSERT_EQ(world.contacts().size(), 2u);

    world.setEnabled(box, false);
    ASSERT_EQ(world.contactEndEvents().size(), 1u);
    const ContactEndEvent& end = world.contactEndEvents()[0];
    EXPECT_TRUE((end.a == plank && end.b == box) || (end.a == box && end.b == plank));
    ASSERT_EQ(world.sensorEndEvents().size(), 1u);
    EXPECT_EQ(world.sensorEndEvents()[0].sensor, sensor);
    EXPECT_EQ(world.sensorEndEvents()[0].visitor, box);
    EXPECT_TRUE(world.isAwake(plank));
    ASSERT_EQ(world.contacts().size(), 1u);
    EXPECT_EQ(world.contacts()[0].a, ground);
    EXPECT_EQ(world.contacts()[0].b, plank);

    run(world, 120);
    EXPECT_FALSE(listed(world, box));
    EXPECT_FALSE(world.isAwake(plank)); // back to sleep: nothing rests on it now
    EXPECT_TRUE(world.sensorBeginEvents().empty());

    // Enabled, it is found again: one contact begins, the sensor sees it, the plank wakes.
    world.setEnabled(box, true);
    EXPECT_TRUE(world.isAwake(box));
    world.step(kDt);
    ASSERT_EQ(world.contactBeginEvents().size(), 1u);
    EXPECT_EQ(world.contactBeginEvents()[0].b, box);
    ASSERT_EQ(world.sensorBeginEvents().size(), 1u);
    EXPECT_EQ(world.sensorBeginEvents()[0].visitor, box);
    EXPECT_TRUE(world.isAwake(plank));
    EXPECT_TRUE(listed(world, box));
}

TEST(Enable, DisablingTheGroundWakesWhatRestsOnItAndItFalls)
{
    World world;
    const BodyId ground = groundOf(world);
    const BodyId box = world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 0.5f}), boxShape({0.5f, 0.5f}));
    run(world, 90);
    ASSERT_FALSE(world.isAwake(box));
    world.setEnabled(ground, false);
    EXPECT_EQ(world.contactEndEvents().size(), 1u);
    EXPECT_TRUE(world.isAwake(box));
    EXPECT_FALSE(world.isAwake(ground));
    run(world, 60);
    EXPECT_LT(world.position(box).y, -3.0f);
    EXPECT_EQ(world.position(ground), (Vec2{0.0f, -1.0f}));
}

// Two worlds: in one a body is thrown, disabled in flight, moved and given a new velocity while
// disabled, and enabled again; in the other the same body is created in that state. From there on
// they are the same world, bit for bit, landing on the ground included.
TEST(Enable, EnabledAgainItGoesOnExactlyAsABodyCreatedInItsState)
{
    for (const Solver solver : {Solver::SoftStep, Solver::Ngs})
    {
        WorldDef def;
        def.solver = solver;
        World world(def);
        groundOf(world);
        BodyDef thrown = bodyAt(BodyType::Dynamic, {0.0f, 8.0f}, 0.3f);
        thrown.linearVelocity = {2.0f, 3.0f};
        thrown.angularVelocity = -1.0f;
        const BodyId body = world.createBody(thrown, boxShape({0.4f, 0.3f}));
        run(world, 20);
        world.setEnabled(body, false);
        run(world, 60);
        world.setTransform(body, {1.0f, 6.0f}, 0.7f);
        world.setLinearVelocity(body, {-1.0f, 2.5f});
        world.setAngularVelocity(body, 2.0f);
        EXPECT_FALSE(world.isAwake(body)); // stored, not woken
        run(world, 10);
        EXPECT_EQ(world.position(body), (Vec2{1.0f, 6.0f}));
        EXPECT_EQ(world.linearVelocity(body), (Vec2{-1.0f, 2.5f}));
        world.setEnabled(body, true);

        World reference(def);
        groundOf(reference);
        BodyDef there = bodyAt(BodyType::Dynamic, {1.0f, 6.0f}, 0.7f);
        there.linearVelocity = {-1.0f, 2.5f};
        there.angularVelocity = 2.0f;
        const BodyId twin = reference.createBody(there, boxShape({0.4f, 0.3f}));
        ASSERT_EQ(world.stateHash(), reference.stateHash());

        int landedAt = -1;
        for (int i = 0; i < 240; ++i)
        {
            world.step(kDt);
            reference.step(kDt);
            ASSERT_EQ(motionOf(world, body), motionOf(reference, twin)) << "step " << i;
            ASSERT_EQ(world.contactBeginEvents().size(), reference.contactBeginEvents().size());
            if (landedAt < 0 && !world.contactBeginEvents().empty())
            {
                landedAt = i;
            }
        }
        EXPECT_EQ(world.stateHash(), reference.stateHash());
        // It collided again: came down on the ground and rests there.
        EXPECT_GT(landedAt, 0);
        EXPECT_TRUE(listed(world, body));
        EXPECT_LT(world.position(body).y, 0.45f);
    }
}

TEST(Enable, ADisabledBodyInAStackLetsTheStackAboveFall)
{
    World world;
    groundOf(world);
    std::vector<BodyId> stack;
    for (int i = 0; i < 4; ++i)
    {
        stack.push_back(world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 0.5f + static_cast<float>(i)}),
                                         boxShape({0.5f, 0.5f})));
    }
    run(world, 120);
    ASSERT_FALSE(world.isAwake(stack[3]));

    world.setEnabled(stack[1], false);
    EXPECT_EQ(world.contactEndEvents().size(), 2u); // with the box below and the box above
    EXPECT_TRUE(world.isAwake(stack[0]));
    EXPECT_TRUE(world.isAwake(stack[2]));
    const Motion held = motionOf(world, stack[1]);
    run(world, 90);
    // The two above came down a box's height, onto the lowest, through where the disabled one is.
    EXPECT_NEAR(world.position(stack[2]).y, 1.5f, 0.02f);
    EXPECT_NEAR(world.position(stack[3]).y, 2.5f, 0.02f);
    EXPECT_NEAR(world.position(stack[0]).y, 0.5f, 0.02f);
    EXPECT_EQ(motionOf(world, stack[1]), held);
    EXPECT_FALSE(listed(world, stack[1]));

    // Enabled inside the box that took its place, it collides with it at once.
    world.setEnabled(stack[1], true);
    world.step(kDt);
    bool began = false;
    for (const ContactBeginEvent& e : world.contactBeginEvents())
    {
        began = began || e.a == stack[1] || e.b == stack[1];
    }
    EXPECT_TRUE(began);
    run(world, 60);
    for (const BodyId id : stack)
    {
        EXPECT_TRUE(std::isfinite(world.position(id).x) && std::isfinite(world.position(id).y));
    }
}

// Two identical worlds, one of which gets pushes, sleep requests and a no-op setEnabled while its
// body is disabled: they must stay the same world.
TEST(Enable, PushesAndSleepRequestsOnADisabledBodyAreIgnored)
{
    const auto build = [](World& world)
    {
        groundOf(world);
        BodyDef def = bodyAt(BodyType::Dynamic, {0.0f, 4.0f});
        def.linearVelocity = {1.0f, 0.0f};
        return world.createBody(def, boxShape({0.5f, 0.5f}));
    };
    World pushed;
    World calm;
    const BodyId a = build(pushed);
    const BodyId b = build(calm);
    run(pushed, 5);
    run(calm, 5);
    pushed.setEnabled(a, false);
    calm.setEnabled(b, false);
    const std::uint64_t disabledHash = pushed.stateHash();

    pushed.applyForce(a, {100.0f, 50.0f}, pushed.position(a) + Vec2{0.5f, 0.0f});
    pushed.applyForceToCenter(a, {10.0f, 0.0f});
    pushed.applyTorque(a, 30.0f);
    pushed.applyLinearImpulse(a, {5.0f, 5.0f}, pushed.position(a));
    pushed.applyAngularImpulse(a, 2.0f);
    pushed.setAwake(a, false); // would stop it, were it enabled
    pushed.setAwake(a, true);
    pushed.setEnabled(a, false);
    EXPECT_EQ(pushed.stateHash(), disabledHash);
    EXPECT_FALSE(pushed.isAwake(a));
    EXPECT_EQ(pushed.linearVelocity(a), (Vec2{calm.linearVelocity(b)}));

    run(pushed, 10);
    run(calm, 10);
    pushed.setEnabled(a, true);
    calm.setEnabled(b, true);
    pushed.setEnabled(a, true);
    EXPECT_TRUE(pushed.contactEndEvents().empty());
    run(pushed, 120);
    run(calm, 120);
    EXPECT_EQ(pushed.stateHash(), calm.stateHash());
}

TEST(Enable, TheStateHashTellsADisabledBodyApartAndNotOneEnabledAgain)
{
    World world;
    groundOf(world);
    const BodyId box = world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 3.0f}), boxShape({0.5f, 0.5f}));
    run(world, 5);
    const std::uint64_t before = world.stateHash();
    world.setEnabled(box, false);
    const std::uint64_t disabled = world.stateHash();
    EXPECT_NE(disabled, before);
    world.setEnabled(box, true);
    EXPECT_EQ(world.stateHash(), before);
}

TEST(Enable, CallsThatChangeItsStateWorkWhileDisabled)
{
    World world;
    groundOf(world);
    const BodyId body = world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 3.0f}), boxShape({0.5f, 0.5f}));
    world.setEnabled(body, false);

    // A type change keeps it disabled; its mass follows the type.
    world.setBodyType(body, BodyType::Kinematic);
    EXPECT_FALSE(world.isEnabled(body));
    EXPECT_EQ(world.bodyType(body), BodyType::Kinematic);
    EXPECT_EQ(world.mass(body), 0.0f);
    world.setLinearVelocity(body, {0.0f, 1.0f});
    EXPECT_FALSE(world.isAwake(body));
    world.setBodyType(body, BodyType::Static);
    EXPECT_EQ(world.linearVelocity(body), (Vec2{}));
    world.setBodyType(body, BodyType::Dynamic);
    EXPECT_FALSE(world.isEnabled(body));
    EXPECT_FLOAT_EQ(world.mass(body), 1.0f);
    EXPECT_FALSE(world.isAwake(body));

    // Shapes come and go; queries see none of them until it is enabled.
    const ShapeId extra = world.createShape(body, circleShape(0.5f, {1.0f, 0.0f}));
    EXPECT_FLOAT_EQ(world.mass(body), 1.0f + 3.14159265f * 0.25f);
    QueryFilter everything;
    everything.sensors = true;
    EXPECT_TRUE(world.overlapPoint({1.0f, 3.0f}, everything).empty());
    ShapeDef smaller = boxShape({0.2f, 0.2f});
    smaller.offset = {1.0f, 0.0f};
    world.setShape(extra, smaller);
    const ShapeId gone = world.createShape(body, circleShape(0.3f, {-1.0f, 0.0f}));
    world.destroyShape(gone);
    EXPECT_EQ(world.shapes(body).size(), 2u);
    world.setTransform(body, {5.0f, 2.0f}, 0.0f);
    EXPECT_FALSE(world.isAwake(body));
    EXPECT_EQ(world.queryAabb({{-20.0f, -20.0f}, {20.0f, 20.0f}}).size(), 1u); // the ground
    run(world, 30);
    EXPECT_EQ(world.position(body), (Vec2{5.0f, 2.0f}));

    world.setEnabled(body, true);
    EXPECT_EQ(bodiesOf(world.overlapPoint({6.0f, 2.0f})), (std::vector<BodyId>{body}));
    EXPECT_EQ(bodiesOf(world.overlapPoint({5.0f, 2.0f})), (std::vector<BodyId>{body}));
    run(world, 120);
    EXPECT_LT(world.position(body).y, 0.6f); // fell to the ground
}

TEST(Enable, DestroyingADisabledBodyWorksAndItsSlotComesBackEnabled)
{
    World world;
    groundOf(world);
    const BodyId body = world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 0.5f}), boxShape({0.5f, 0.5f}));
    run(world, 10);
    world.setEnabled(body, false);
    world.destroyBody(body);
    EXPECT_FALSE(world.isValid(body));
    EXPECT_EQ(world.bodyCount(), 1);
    EXPECT_THROW(world.isEnabled(body), std::invalid_argument);
    EXPECT_THROW(world.setEnabled(body, true), std::invalid_argument);
    const BodyId next = world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 0.5f}), boxShape({0.5f, 0.5f}));
    EXPECT_EQ(next.index, body.index);
    EXPECT_TRUE(world.isEnabled(next));
    world.step(kDt);
    EXPECT_TRUE(listed(world, next));
}

TEST(Enable, BadCallsAreRefusedAndChangeNothing)
{
    World world;
    const BodyId ground = groundOf(world);
    const BodyId box = world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 0.5f}), boxShape({0.5f, 0.5f}));
    world.step(kDt);
    const std::uint64_t hash = world.stateHash();
    try
    {
        world.setEnabled(BodyId{}, false);
        ADD_FAILURE() << "a null handle was accepted";
    }
    catch (const std::invalid_argument& e)
    {
        EXPECT_NE(std::string(e.what()).find("setEnabled"), std::string::npos) << e.what();
    }
    EXPECT_THROW(world.isEnabled(BodyId{box.index, box.generation + 1}), std::invalid_argument);
    EXPECT_EQ(world.stateHash(), hash);

    // Not from inside the pre-solve callback.
    int refused = 0;
    world.setPreSolve(
        [&](PreSolveContact&)
        {
            try
            {
                world.setEnabled(ground, false);
            }
            catch (const std::invalid_argument&)
            {
                ++refused;
            }
        });
    world.step(kDt);
    EXPECT_GT(refused, 0);
    EXPECT_TRUE(world.isEnabled(ground));
}

// Draws what it is given, keeping each filled shape's colour and counting the outlines.
class ColourDraw final : public DebugDraw
{
public:
    void drawPolygon(std::span<const Vec2>, Color) override { ++outlines; }
    void drawSolidPolygon(std::span<const Vec2>, Color c) override { fills.push_back(c); }
    void drawCircle(Vec2, float, Color) override { ++outlines; }
    void drawSolidCircle(Vec2, float, Vec2, Color c) override { fills.push_back(c); }
    void drawSegment(Vec2, Vec2, Color) override {}
    void drawPoint(Vec2, float, Color) override {}
    void drawTransform(const Transform&) override {}
    void drawString(Vec2, std::string_view, Color) override {}

    std::vector<Color> fills;
    int outlines = 0;
};

bool sameColour(Color x, Color y)
{
    return x.r == y.r && x.g == y.g && x.b == y.b && x.a == y.a;
}

TEST(Enable, ADisabledBodyIsDrawnDimAndHasNoBroadphaseBox)
{
    World world;
    groundOf(world);
    const BodyId box = world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 3.0f}), boxShape({0.5f, 0.5f}));
    const BodyId ball = world.createBody(bodyAt(BodyType::Dynamic, {2.0f, 3.0f}), circleShape(0.5f));
    DrawOptions options;
    options.aabbs = true;
    ColourDraw before;
    world.draw(before, options);
    ASSERT_EQ(before.fills.size(), 3u);
    EXPECT_EQ(before.outlines, 3);

    world.setEnabled(box, false);
    world.setEnabled(ball, false);
    ColourDraw after;
    world.draw(after, options);
    ASSERT_EQ(after.fills.size(), 3u); // still drawn
    EXPECT_EQ(after.outlines, 1);      // only the ground has a box in the tree
    // Both disabled bodies in one colour of their own, a box's and a circle's alike.
    EXPECT_TRUE(sameColour(after.fills[1], after.fills[2]));
    EXPECT_FALSE(sameColour(after.fills[1], before.fills[1]));
    EXPECT_FALSE(sameColour(after.fills[1], after.fills[0]));
}

// --- a random sequence of changes, checked through the API after each --------------------------

// SplitMix64: the same numbers on every platform.
class Random
{
public:
    explicit Random(std::uint64_t seed) : m_state(seed) {}
    std::uint64_t next()
    {
        std::uint64_t z = (m_state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    int pick(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
    float uniform(float lo, float hi)
    {
        return lo + (hi - lo) * static_cast<float>(next() >> 40) / static_cast<float>(1u << 24);
    }

private:
    std::uint64_t m_state;
};

using ShapePair = std::pair<std::uint32_t, std::uint32_t>; // shape slots, lower first
using Placed = std::variant<Obb, Circle>;

ShapePair pairOf(ShapeId x, ShapeId y)
{
    return x.index < y.index ? ShapePair{x.index, y.index} : ShapePair{y.index, x.index};
}

// Follows the world's events and checks, after every call and step, what can be seen of its
// contacts, sensor overlaps, islands and disabled bodies.
class Checker
{
public:
    Checker(World& world, std::vector<BodyId> bodies) : m_world(world), m_bodies(std::move(bodies)) {}

    // After step or updateContacts, which start the event lists afresh: takes their events.
    void updated(const std::string& when)
    {
        m_seen = {};
        take(when, {});
    }

    // After a call that may add end events to the lists (to those of the last update, which stay
    // until the next): takes the new ones. `disabled` is the body the call disabled, if any.
    void called(const std::string& when, BodyId disabled = {}) { take(when, disabled); }

    // Right after a step: the step's count of touching pairs agrees with its events.
    void checkCount(const std::string& when) const
    {
        EXPECT_EQ(m_world.profile().touchingCount, static_cast<int>(m_touching.size())) << when;
    }

    void check(const std::string& when)
    {
        // Touching pairs are exactly those begun and not ended, none with a disabled body, and
        // bodies joined by one are awake or asleep together.
        std::set<ShapePair> listed;
        for (const ContactInfo& c : m_world.contacts())
        {
            listed.insert(pairOf(c.shapeA, c.shapeB));
            EXPECT_TRUE(m_world.isEnabled(c.a) && m_world.isEnabled(c.b)) << when;
            if (m_world.bodyType(c.a) != BodyType::Static && m_world.bodyType(c.b) != BodyType::Static)
            {
                EXPECT_EQ(m_world.isAwake(c.a), m_world.isAwake(c.b))
                    << when << ": bodies " << c.a.index << " and " << c.b.index << " touch across islands";
            }
        }
        EXPECT_EQ(listed, m_touching) << when;
        // Sensor overlaps, after updateContacts, are exactly the overlaps there are.
        EXPECT_EQ(bruteForceOverlaps(), m_overlapping) << when;
        for (const BodyId id : m_bodies)
        {
            const Vec2 p = m_world.position(id);
            const Vec2 v = m_world.linearVelocity(id);
            EXPECT_TRUE(std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(m_world.angle(id)) &&
                        std::isfinite(v.x) && std::isfinite(v.y) &&
                        std::isfinite(m_world.angularVelocity(id)))
                << when << ": body " << id.index;
            if (!m_world.isEnabled(id))
            {
                EXPECT_FALSE(m_world.isAwake(id)) << when;
            }
        }
    }

private:
    struct Seen
    {
        std::size_t begins = 0;
        std::size_t ends = 0;
        std::size_t sensorBegins = 0;
        std::size_t sensorEnds = 0;
    };

    // Begins are taken after ends: a pair that ended in a call may begin again in the next update,
    // never the other way round within one list.
    void take(const std::string& when, BodyId disabled)
    {
        const std::span<const ContactEndEvent> ends = m_world.contactEndEvents();
        for (std::size_t i = m_seen.ends; i < ends.size(); ++i)
        {
            const ContactEndEvent& e = ends[i];
            expectEnabledUnless(e.a, e.b, disabled, when + ": contact end");
            EXPECT_EQ(m_touching.erase(pairOf(e.shapeA, e.shapeB)), 1u) << when << ": end without a begin";
        }
        const std::span<const ContactBeginEvent> begins = m_world.contactBeginEvents();
        for (std::size_t i = m_seen.begins; i < begins.size(); ++i)
        {
            const ContactBeginEvent& e = begins[i];
            expectEnabledUnless(e.a, e.b, {}, when + ": contact begin");
            EXPECT_TRUE(m_touching.insert(pairOf(e.shapeA, e.shapeB)).second) << when << ": begun twice";
        }
        const std::span<const SensorEvent> sensorEnds = m_world.sensorEndEvents();
        for (std::size_t i = m_seen.sensorEnds; i < sensorEnds.size(); ++i)
        {
            const SensorEvent& e = sensorEnds[i];
            expectEnabledUnless(e.sensor, e.visitor, disabled, when + ": sensor end");
            EXPECT_EQ(m_overlapping.erase(pairOf(e.sensorShape, e.visitorShape)), 1u)
                << when << ": sensor end without a begin";
        }
        const std::span<const SensorEvent> sensorBegins = m_world.sensorBeginEvents();
        for (std::size_t i = m_seen.sensorBegins; i < sensorBegins.size(); ++i)
        {
            const SensorEvent& e = sensorBegins[i];
            expectEnabledUnless(e.sensor, e.visitor, {}, when + ": sensor begin");
            EXPECT_TRUE(m_overlapping.insert(pairOf(e.sensorShape, e.visitorShape)).second)
                << when << ": sensor begun twice";
        }
        m_seen = {begins.size(), ends.size(), sensorBegins.size(), sensorEnds.size()};
    }

    void expectEnabledUnless(BodyId a, BodyId b, BodyId disabled, const std::string& what) const
    {
        for (const BodyId id : {a, b})
        {
            EXPECT_TRUE(m_world.isEnabled(id) || id == disabled)
                << what << " names disabled body " << id.index;
        }
    }

    Placed geometryOf(ShapeId id) const
    {
        if (m_world.shape(id).kind == ShapeKind::Box)
        {
            return m_world.obb(id);
        }
        return m_world.circle(id);
    }

    std::set<ShapePair> bruteForceOverlaps() const
    {
        std::set<ShapePair> out;
        for (std::size_t i = 0; i < m_bodies.size(); ++i)
        {
            for (std::size_t j = i + 1; j < m_bodies.size(); ++j)
            {
                // Body a is the lower slot, as in the world's contacts.
                BodyId a = m_bodies[i];
                BodyId b = m_bodies[j];
                if (a.index > b.index)
                {
                    std::swap(a, b);
                }
                if (!m_world.isEnabled(a) || !m_world.isEnabled(b))
                {
                    continue;
                }
                for (const ShapeId sa : m_world.shapes(a))
                {
                    for (const ShapeId sb : m_world.shapes(b))
                    {
                        const ShapeDef& da = m_world.shape(sa);
                        const ShapeDef& db = m_world.shape(sb);
                        if ((da.isSensor || db.isSensor) && shouldCollide(da.filter, db.filter) &&
                            std::visit([](const auto& x, const auto& y) { return testOverlap(x, y); },
                                       geometryOf(sa), geometryOf(sb)))
                        {
                            out.insert(pairOf(sa, sb));
                        }
                    }
                }
            }
        }
        return out;
    }

    World& m_world;
    std::vector<BodyId> m_bodies;
    std::set<ShapePair> m_touching;
    std::set<ShapePair> m_overlapping;
    Seen m_seen;
};

void randomSequence(Solver solver, std::uint64_t seed)
{
    Random rng(seed);
    WorldDef def;
    def.solver = solver;
    World world(def);
    std::vector<BodyId> bodies{groundOf(world)};
    for (int i = 0; i < 19; ++i)
    {
        const int kind = rng.pick(10);
        const BodyType type =
            kind < 6 ? BodyType::Dynamic : (kind < 8 ? BodyType::Kinematic : BodyType::Static);
        BodyDef body =
            bodyAt(type, {rng.uniform(-6.0f, 6.0f), rng.uniform(0.5f, 6.0f)}, rng.uniform(-3.0f, 3.0f));
        if (type == BodyType::Kinematic)
        {
            body.linearVelocity = {rng.uniform(-1.0f, 1.0f), rng.uniform(-0.5f, 0.5f)};
        }
        const ShapeDef solid = rng.pick(2) == 0 ? boxShape({rng.uniform(0.2f, 0.7f), rng.uniform(0.2f, 0.7f)})
                                                : circleShape(rng.uniform(0.2f, 0.6f));
        const BodyId id = world.createBody(body, solid);
        if (rng.pick(3) == 0)
        {
            ShapeDef zone = rng.pick(2) == 0 ? circleShape(rng.uniform(0.5f, 1.2f), {0.3f, 0.0f})
                                             : boxShape({rng.uniform(0.5f, 1.2f), rng.uniform(0.3f, 0.8f)});
            zone.isSensor = true;
            world.createShape(id, zone);
        }
        bodies.push_back(id);
    }

    Checker checker(world, bodies);
    for (int op = 0; op < 300; ++op)
    {
        const BodyId id = bodies[static_cast<std::size_t>(1 + rng.pick(19))];
        const int choice = rng.pick(10);
        std::string what;
        BodyId disabled;
        if (choice < 4)
        {
            const bool enable = !world.isEnabled(id);
            what = (enable ? "enable " : "disable ") + std::to_string(id.index);
            world.setEnabled(id, enable);
            disabled = enable ? BodyId{} : id;
        }
        else if (choice < 6)
        {
            const auto type = static_cast<BodyType>(rng.pick(3));
            what = "setBodyType " + std::to_string(id.index) + " " + std::to_string(static_cast<int>(type));
            world.setBodyType(id, type);
        }
        else if (choice < 8)
        {
            what = "setTransform " + std::to_string(id.index);
            world.setTransform(id, {rng.uniform(-6.0f, 6.0f), rng.uniform(0.3f, 6.0f)},
                               rng.uniform(-3.0f, 3.0f));
        }
        else if (choice < 9 && world.bodyType(id) != BodyType::Static)
        {
            what = "setLinearVelocity " + std::to_string(id.index);
            world.setLinearVelocity(id, {rng.uniform(-2.0f, 2.0f), rng.uniform(-2.0f, 2.0f)});
        }
        else
        {
            what = "steps";
            for (int k = rng.pick(20); k > 0; --k)
            {
                world.step(kDt);
                checker.updated("op " + std::to_string(op) + " steps");
            }
        }
        const std::string when = "op " + std::to_string(op) + " (" + what + ")";
        checker.called(when, disabled);
        // Disabled bodies hold still through the step.
        std::vector<std::pair<BodyId, Motion>> held;
        for (const BodyId b : bodies)
        {
            if (!world.isEnabled(b))
            {
                held.emplace_back(b, motionOf(world, b));
            }
        }
        world.step(kDt);
        checker.updated(when + " then step");
        checker.checkCount(when + " then step");
        for (const auto& [b, motion] : held)
        {
            EXPECT_EQ(motionOf(world, b), motion) << when << ": disabled body " << b.index << " moved";
        }
        world.updateContacts();
        checker.updated(when + " then updateContacts");
        checker.check(when);
        if (::testing::Test::HasFailure())
        {
            return;
        }
        // Bodies that fell off the ground come back.
        for (const BodyId b : bodies)
        {
            if (world.position(b).y < -10.0f)
            {
                world.setTransform(b, {rng.uniform(-6.0f, 6.0f), 6.0f}, 0.0f);
            }
        }
    }
}

TEST(EnableSequences, RandomEnablesTypeChangesAndTeleportsKeepEverythingConsistent)
{
    for (const std::uint64_t seed : {1u, 2u, 3u, 4u})
    {
        SCOPED_TRACE("seed " + std::to_string(seed));
        randomSequence(Solver::SoftStep, seed);
        randomSequence(Solver::Ngs, seed + 100);
    }
}

} // namespace
} // namespace oblique::test
