// Bodies of several shapes: mass properties against hand-worked answers and Box2D, motion about
// the centre of mass, shapes of one body never colliding, contacts and events per shape, sensors
// and every filter rule, compound bodies at rest beside Box2D.

#include "oblique/scene_builders.hpp"
#include "world_scenes.hpp"

#include <box2d/box2d.h>
#include <cmath>
#include <gtest/gtest.h>
#include <stdexcept>

namespace oblique::test
{
namespace
{

constexpr float kDt = 1.0f / 60.0f;

SceneBody compound(BodyType type, Vec2 position, std::vector<ShapeDef> shapes, float angle = 0.0f)
{
    SceneBody b;
    b.type = type;
    b.position = position;
    b.angle = angle;
    b.shapes = std::move(shapes);
    return b;
}

// An L of two 2 m x 0.5 m bars: the foot along x, the upright standing on its right end.
std::vector<ShapeDef> lShape()
{
    return {boxShape({1.0f, 0.25f}, {0.0f, 0.0f}), boxShape({0.25f, 1.0f}, {0.75f, 1.25f})};
}

// A table: a 3 m x 0.2 m top on two 0.2 m x 1 m legs; the origin is on the floor between them.
std::vector<ShapeDef> table()
{
    return {boxShape({1.5f, 0.1f}, {0.0f, 1.1f}), boxShape({0.1f, 0.5f}, {-1.3f, 0.5f}),
            boxShape({0.1f, 0.5f}, {1.3f, 0.5f})};
}

TEST(CompoundMass, LShapeByHand)
{
    World world;
    BodyDef def;
    def.position = {2.0f, 3.0f};
    const BodyId id = world.createBody(def);
    for (const ShapeDef& s : lShape())
    {
        world.createShape(id, s);
    }
    // Two bars of 1 kg each (4 * 1 * 0.25 m^2 at 1 kg/m^2), centres (0, 0) and (0.75, 1.25):
    // the centre of mass is halfway, (0.375, 0.625). Each bar's own inertia is
    // m (hx^2 + hy^2) / 3 = (1 + 0.0625) / 3, and each sits 0.53125 m^2 (squared) from the centre.
    EXPECT_FLOAT_EQ(world.mass(id), 2.0f);
    EXPECT_FLOAT_EQ(world.localCenter(id).x, 0.375f);
    EXPECT_FLOAT_EQ(world.localCenter(id).y, 0.625f);
    EXPECT_NEAR(world.inertia(id), 2.0f * 1.0625f / 3.0f + 2.0f * 0.53125f, 1e-6f);
    EXPECT_FLOAT_EQ(world.worldCenter(id).x, 2.375f);
    EXPECT_FLOAT_EQ(world.worldCenter(id).y, 3.625f);
    // The origin stays the body's position.
    EXPECT_EQ(world.position(id), (Vec2{2.0f, 3.0f}));
}

TEST(CompoundMass, TableCircleAndTurnedBoxByHand)
{
    World world;
    const BodyId tableId = world.createBody(BodyDef{});
    for (const ShapeDef& s : table())
    {
        world.createShape(tableId, s);
    }
    // Top 0.6 kg at y 1.1, legs 0.2 kg each at y 0.5: centre y = 0.6 * 1.1 + 0.4 * 0.5 = 0.86.
    EXPECT_NEAR(world.mass(tableId), 1.0f, 1e-6f);
    EXPECT_NEAR(world.localCenter(tableId).x, 0.0f, 1e-6f);
    EXPECT_NEAR(world.localCenter(tableId).y, 0.86f, 1e-6f);
    const float top = 0.6f * (2.25f + 0.01f) / 3.0f + 0.6f * 0.24f * 0.24f;
    const float leg = 0.2f * (0.01f + 0.25f) / 3.0f + 0.2f * (1.3f * 1.3f + 0.36f * 0.36f);
    EXPECT_NEAR(world.inertia(tableId), top + 2.0f * leg, 1e-5f);

    // A ball of radius 0.5 at (1, 0) and a unit box turned 0.7 rad at the origin: a box's own
    // inertia does not depend on how it is turned.
    const BodyId mixed = world.createBody(BodyDef{});
    world.createShape(mixed, circleShape(0.5f, {1.0f, 0.0f}));
    world.createShape(mixed, boxShape({0.5f, 0.5f}, {0.0f, 0.0f}, 0.7f));
    const float ball = 3.14159265f * 0.25f;
    const float mass = ball + 1.0f;
    const float cx = ball / mass;
    EXPECT_NEAR(world.mass(mixed), mass, 1e-6f);
    EXPECT_NEAR(world.localCenter(mixed).x, cx, 1e-6f);
    const float inertia = ball * 0.125f + ball * (1.0f - cx) * (1.0f - cx) + 0.5f / 3.0f + 1.0f * cx * cx;
    EXPECT_NEAR(world.inertia(mixed), inertia, 1e-5f);
}

TEST(CompoundMass, SensorsWeighNothingAndDestroyingAShapeUpdatesTheMass)
{
    World world;
    const BodyId id = world.createBody(BodyDef{}, boxShape({0.5f, 0.5f}));
    ShapeDef sensor = circleShape(2.0f, {3.0f, 0.0f});
    sensor.isSensor = true;
    const ShapeId sensorId = world.createShape(id, sensor);
    EXPECT_FLOAT_EQ(world.mass(id), 1.0f);
    EXPECT_EQ(world.localCenter(id), (Vec2{}));

    const ShapeId heavy = world.createShape(id, boxShape({0.5f, 0.5f}, {2.0f, 0.0f}));
    EXPECT_FLOAT_EQ(world.mass(id), 2.0f);
    EXPECT_FLOAT_EQ(world.localCenter(id).x, 1.0f);
    world.destroyShape(heavy);
    EXPECT_FALSE(world.isValid(heavy));
    EXPECT_TRUE(world.isValid(sensorId));
    EXPECT_FLOAT_EQ(world.mass(id), 1.0f);
    EXPECT_FLOAT_EQ(world.localCenter(id).x, 0.0f);
    EXPECT_EQ(world.shapes(id).size(), 2u);
}

TEST(CompoundMass, AgreesWithBox2d)
{
    const Scene scene =
        makeScene("compound mass",
                  {compound(BodyType::Dynamic, {0.0f, 5.0f}, lShape(), 0.4f),
                   compound(BodyType::Dynamic, {5.0f, 5.0f}, table()),
                   compound(BodyType::Dynamic, {-5.0f, 5.0f},
                            {circleShape(0.5f, {1.0f, 0.0f}), boxShape({0.3f, 0.6f}, {-0.4f, 0.2f}, 0.5f)})});
    TwinWorlds twins(scene);
    for (int i = 0; i < twins.bodyCount(); ++i)
    {
        const b2Body& b = twins.box2d().body(i);
        const BodyId id = twins.id(i);
        EXPECT_NEAR(twins.world().mass(id), b.GetMass(), 1e-5f * b.GetMass()) << "body " << i;
        EXPECT_NEAR(twins.world().localCenter(id).x, b.GetLocalCenter().x, 1e-5f) << "body " << i;
        EXPECT_NEAR(twins.world().localCenter(id).y, b.GetLocalCenter().y, 1e-5f) << "body " << i;
        // Box2D reports inertia about the body's origin.
        const Vec2 c = twins.world().localCenter(id);
        const float aboutOrigin = twins.world().inertia(id) + twins.world().mass(id) * dot(c, c);
        EXPECT_NEAR(aboutOrigin, b.GetInertia(), 1e-4f * b.GetInertia()) << "body " << i;
    }
}

// A hammer: a light handle and a heavy head at one end, thrown end over end.
Scene thrownHammer(Solver solver)
{
    ShapeDef head = boxShape({0.3f, 0.15f}, {0.9f, 0.0f});
    head.density = 8.0f;
    SceneBody hammer =
        compound(BodyType::Dynamic, {0.0f, 10.0f}, {boxShape({0.6f, 0.05f}, {0.0f, 0.0f}), head});
    hammer.linearVelocity = {3.0f, 8.0f};
    hammer.angularVelocity = 6.0f;
    Scene scene = makeScene("hammer", {hammer});
    scene.world.solver = solver;
    return scene;
}

TEST(CompoundMotion, ThrownHammerCentreFollowsTheParabolaAndSpinsSteadily)
{
    for (const Solver solver : {Solver::Ngs, Solver::SoftStep})
    {
        SCOPED_TRACE(solver == Solver::Ngs ? "ngs" : "soft step");
        const Scene scene = thrownHammer(solver);
        TwinWorlds twins(scene);
        World& world = twins.world();
        const BodyId id = twins.id(0);
        const Vec2 c0 = world.worldCenter(id);
        const Vec2 v0 = world.linearVelocity(id);
        const float w0 = world.angularVelocity(id);
        // The scene's velocity is the origin's: the centre's adds the spin about the origin.
        const Vec2 arm = c0 - world.position(id);
        EXPECT_NEAR(v0.x, 3.0f - 6.0f * arm.y, 1e-5f);
        EXPECT_NEAR(v0.y, 8.0f + 6.0f * arm.x, 1e-5f);
        constexpr int kSteps = 90;
        twins.steps(kSteps);
        // Symplectic Euler over n steps of h (a substep for soft step): v_n = v0 + n g h,
        // c_n = c0 + n h v0 + h^2 g n (n + 1) / 2.
        const int subSteps = solver == Solver::SoftStep ? scene.world.subSteps : 1;
        const float n = static_cast<float>(kSteps * subSteps);
        const float h = kDt / static_cast<float>(subSteps);
        const float t = n * h;
        const Vec2 expected{c0.x + t * v0.x, c0.y + t * v0.y - 10.0f * h * h * n * (n + 1.0f) / 2.0f};
        EXPECT_NEAR(world.worldCenter(id).x, expected.x, 1e-3f);
        EXPECT_NEAR(world.worldCenter(id).y, expected.y, 1e-3f);
        EXPECT_FLOAT_EQ(world.angularVelocity(id), w0);
        EXPECT_NEAR(world.angle(id), w0 * t, 1e-4f);
        if (solver == Solver::Ngs)
        {
            // Box2D 2.4 integrates the same way, once a step: it turns the same body about the
            // same centre.
            const b2Body& b = twins.box2d().body(0);
            EXPECT_NEAR(world.worldCenter(id).x, b.GetWorldCenter().x, 1e-3f);
            EXPECT_NEAR(world.worldCenter(id).y, b.GetWorldCenter().y, 1e-3f);
            EXPECT_NEAR(world.position(id).x, b.GetPosition().x, 1e-3f);
            EXPECT_NEAR(world.position(id).y, b.GetPosition().y, 1e-3f);
            EXPECT_NEAR(world.angle(id), b.GetAngle(), 1e-4f);
            reportMeasure("hammer centre after 1.5 s, x", world.worldCenter(id).x, b.GetWorldCenter().x);
        }
    }
}

TEST(CompoundRest, TableAndLStandLikeBox2d)
{
    // A table dropped onto its legs, an L lying on its foot, a T standing on its stem.
    const std::vector<ShapeDef> t{boxShape({1.0f, 0.15f}, {0.0f, 1.15f}),
                                  boxShape({0.15f, 0.5f}, {0.0f, 0.5f})};
    const Scene scene =
        makeScene("compound rest", {ground(20.0f), compound(BodyType::Dynamic, {-6.0f, 0.3f}, table()),
                                    compound(BodyType::Dynamic, {0.0f, 0.55f}, lShape()),
                                    compound(BodyType::Dynamic, {6.0f, 0.2f}, t)});
    TwinWorlds twins(scene);
    twins.steps(240);
    for (int i = 1; i < twins.bodyCount(); ++i)
    {
        const Vec2 p = twins.obliquePosition(i);
        const Vec2 q = twins.box2dPosition(i);
        reportMeasure("compound " + std::to_string(i) + " rest height", p.y, q.y);
        EXPECT_NEAR(p.x, q.x, 0.01f) << "body " << i;
        EXPECT_NEAR(p.y, q.y, 0.01f) << "body " << i;
        EXPECT_NEAR(twins.world().angle(twins.id(i)), twins.box2d().bodyState(i).angle, 0.01f)
            << "body " << i;
        EXPECT_LT(length(twins.obliqueVelocity(i)), 0.01f) << "body " << i;
    }
    // Each rests on its own feet: the table on its legs (origin on the floor), the L on its foot,
    // the T on its stem.
    EXPECT_NEAR(twins.obliquePosition(1).y, 0.0f, 0.01f);
    EXPECT_NEAR(twins.obliquePosition(2).y, 0.25f, 0.01f);
    EXPECT_NEAR(twins.obliquePosition(3).y, 0.0f, 0.01f);
}

TEST(CompoundContacts, ShapesOfOneBodyNeverCollide)
{
    World world(WorldDef{{0.0f, 0.0f}});
    const BodyId id = world.createBody(BodyDef{});
    world.createShape(id, boxShape({1.0f, 1.0f}, {0.0f, 0.0f}));
    world.createShape(id, boxShape({1.0f, 1.0f}, {0.5f, 0.0f}));
    world.createShape(id, circleShape(0.8f, {0.0f, 0.5f}));
    for (int i = 0; i < 30; ++i)
    {
        world.step(kDt);
    }
    EXPECT_TRUE(world.contacts().empty());
    EXPECT_EQ(world.profile().contactCount, 0);
    EXPECT_EQ(world.position(id), (Vec2{}));
    EXPECT_EQ(world.angle(id), 0.0f);
}

// A table (top and two legs, one body) dropped on the ground and stepped for two seconds; every
// begin event is checked to be the ground's with one of the legs, and counted.
struct LandedTable
{
    BodyId ground;
    BodyId table;
    std::vector<ShapeId> shapes;
    int begins = 0;
};

LandedTable landTable(World& world)
{
    LandedTable t;
    t.ground = world.createBody(bodyAt(BodyType::Static, {0.0f, -1.0f}), boxShape({20.0f, 1.0f}));
    BodyDef def;
    def.position = {0.0f, 0.6f};
    t.table = world.createBody(def);
    for (const ShapeDef& s : table())
    {
        t.shapes.push_back(world.createShape(t.table, s));
    }
    for (int i = 0; i < 120; ++i)
    {
        world.step(kDt);
        for (const ContactBeginEvent& e : world.contactBeginEvents())
        {
            EXPECT_EQ(e.a, t.ground);
            EXPECT_EQ(e.b, t.table);
            EXPECT_TRUE(e.shapeB == t.shapes[1] || e.shapeB == t.shapes[2]);
            ++t.begins;
        }
    }
    return t;
}

// The table landing in soft step (the default): every touch is a leg's, and it ends standing on
// both legs, two contacts; a leg may begin more than once as the table rocks (see below).
TEST(CompoundContacts, EachLegOfATableLandingInSoftStepIsItsOwnContact)
{
    World world;
    ASSERT_EQ(world.settings().solver, Solver::SoftStep);
    const LandedTable t = landTable(world);
    EXPECT_GE(t.begins, 2);
    const std::vector<ContactInfo> contacts = world.contacts();
    ASSERT_EQ(contacts.size(), 2u);
    EXPECT_EQ(contacts[0].shapeB, t.shapes[1]);
    EXPECT_EQ(contacts[1].shapeB, t.shapes[2]);
    EXPECT_NEAR(world.position(t.table).y, 0.0f, 0.01f);
    EXPECT_NEAR(world.angle(t.table), 0.0f, 0.01f);
}

TEST(CompoundContacts, EachTouchingShapeIsItsOwnContactAndEvent)
{
    // Ngs lands the table crisply. Soft step's contacts are stiff springs solved in a few passes:
    // the legs, two contacts of one body, are solved one after the other, the table rocks a little
    // as it lands, and a leg may lift past the touching distance for a moment and begin again.
    WorldDef ngs;
    ngs.solver = Solver::Ngs;
    World world(ngs);
    const LandedTable t = landTable(world);
    const BodyId ground = t.ground;
    const BodyId tableId = t.table;
    const std::vector<ShapeId>& shapes = t.shapes;
    EXPECT_EQ(t.begins, 2);
    const std::vector<ContactInfo> contacts = world.contacts();
    ASSERT_EQ(contacts.size(), 2u);
    EXPECT_EQ(contacts[0].shapeA, world.shapes(ground).front());
    EXPECT_EQ(contacts[0].shapeB, shapes[1]);
    EXPECT_EQ(contacts[1].shapeB, shapes[2]);
    EXPECT_NEAR(world.position(tableId).y, 0.0f, 0.01f);

    // Taking a leg away ends its contact (with an end event) and the table tips over that side.
    world.destroyShape(shapes[1]);
    ASSERT_EQ(world.contactEndEvents().size(), 1u);
    EXPECT_EQ(world.contactEndEvents()[0].shapeB, shapes[1]);
    for (int i = 0; i < 120; ++i)
    {
        world.step(kDt);
    }
    EXPECT_GT(std::fabs(world.angle(tableId)), 0.3f);

    // Queries name the shape they found.
    const std::vector<ShapeRef> hits = world.overlapPoint(world.obb(shapes[2]).center);
    ASSERT_EQ(hits.size(), 1u);
    EXPECT_EQ(hits[0].body, tableId);
    EXPECT_EQ(hits[0].shape, shapes[2]);
}

TEST(CompoundContacts, ASensorShapeNeverPushesAndReportsItself)
{
    World world;
    world.createBody(bodyAt(BodyType::Static, {0.0f, -1.0f}), boxShape({20.0f, 1.0f}));
    BodyDef def;
    def.position = {0.0f, 3.0f};
    const BodyId id = world.createBody(def, boxShape({0.5f, 0.5f}));
    // A large sensor below the box, reaching into the ground long before the box lands.
    ShapeDef sensor = circleShape(1.5f, {0.0f, -1.0f});
    sensor.isSensor = true;
    const ShapeId sensorId = world.createShape(id, sensor);
    bool reported = false;
    for (int i = 0; i < 180; ++i)
    {
        world.step(kDt);
        for (const SensorEvent& e : world.sensorBeginEvents())
        {
            EXPECT_EQ(e.sensor, id);
            EXPECT_EQ(e.sensorShape, sensorId);
            reported = true;
        }
    }
    EXPECT_TRUE(reported);
    // It rests on its box, as if the sensor were not there.
    EXPECT_NEAR(world.position(id).y, 0.5f, 0.01f);
    EXPECT_EQ(world.contacts().size(), 1u);
}

// Every rule of the filter: two boxes, one dropped onto the other, with the filters of a row.
struct FilterCase
{
    Filter a;
    Filter b;
    bool collide;
};

TEST(CompoundContacts, EveryFilterRuleByHand)
{
    const FilterCase cases[] = {
        {{0x1, 0xFFFF, 0}, {0x1, 0xFFFF, 0}, true},    // defaults
        {{0x1, 0x2, 0}, {0x1, 0xFFFF, 0}, false},      // a does not take b's category
        {{0x1, 0xFFFF, 0}, {0x2, 0x2, 0}, false},      // b does not take a's category
        {{0x4, 0x8, 0}, {0x8, 0x4, 0}, true},          // each takes the other's
        {{0x1, 0xFFFF, 3}, {0x1, 0xFFFF, 3}, true},    // same positive group: always
        {{0x1, 0x0, 3}, {0x1, 0x0, 3}, true},          // ... even when the bits say no
        {{0x1, 0xFFFF, -3}, {0x1, 0xFFFF, -3}, false}, // same negative group: never
        {{0x1, 0xFFFF, -3}, {0x1, 0xFFFF, -4}, true},  // different groups: the bits decide
        {{0x1, 0x0, -3}, {0x1, 0xFFFF, 5}, false},     // ... and here they say no
    };
    for (std::size_t k = 0; k < std::size(cases); ++k)
    {
        World world;
        ShapeDef floor = boxShape({5.0f, 0.5f});
        floor.filter = cases[k].a;
        world.createBody(bodyAt(BodyType::Static, {0.0f, -0.5f}), floor);
        ShapeDef box = boxShape({0.5f, 0.5f});
        box.filter = cases[k].b;
        BodyDef def;
        def.position = {0.0f, 1.0f};
        const BodyId id = world.createBody(def, box);
        for (int i = 0; i < 60; ++i)
        {
            world.step(kDt);
        }
        EXPECT_EQ(world.position(id).y > 0.0f, cases[k].collide) << "case " << k;
    }
}

TEST(CompoundShapes, BadShapeCallsChangeNothing)
{
    World world;
    const BodyId id = world.createBody(BodyDef{}, boxShape({0.5f, 0.5f}));
    const std::uint64_t before = world.stateHash();
    ShapeDef turnedCircle = circleShape(0.5f);
    turnedCircle.angle = 0.3f;
    EXPECT_THROW(world.createShape(id, turnedCircle), std::invalid_argument);
    ShapeDef far = boxShape({0.5f, 0.5f}, {std::nanf(""), 0.0f});
    EXPECT_THROW(world.createShape(id, far), std::invalid_argument);
    ShapeDef huge = boxShape({1e18f, 1e18f}, {0.0f, 0.0f});
    huge.density = 1e30f;
    EXPECT_THROW(world.createShape(id, huge), std::invalid_argument);
    EXPECT_THROW(world.createShape(BodyId{}, boxShape({1.0f, 1.0f})), std::invalid_argument);
    EXPECT_THROW(world.destroyShape(ShapeId{}), std::invalid_argument);
    EXPECT_EQ(world.shapes(id).size(), 1u);
    EXPECT_FLOAT_EQ(world.mass(id), 1.0f);
    EXPECT_EQ(world.stateHash(), before);

    // The one-shape calls refuse a body of several shapes instead of picking one.
    world.createShape(id, boxShape({0.5f, 0.5f}, {1.0f, 0.0f}));
    EXPECT_THROW(world.shape(id), std::invalid_argument);
    EXPECT_THROW(world.obb(id), std::invalid_argument);
    EXPECT_THROW(world.setShape(id, boxShape({1.0f, 1.0f})), std::invalid_argument);
    // The body's bounding box covers both.
    EXPECT_FLOAT_EQ(world.aabb(id).upper.x, 1.5f);
}

TEST(CompoundScenes, ARunningWorldSavesAndLoadsBackItsShapes)
{
    // What the sandbox's save does: capture the world as a scene and write it as a file.
    const Scene scene = scenes::compoundBodies();
    SceneInstance running = instantiate(scene);
    for (int i = 0; i < 45; ++i)
    {
        running.world.step(kDt);
    }
    const Scene captured = captureScene(running.world, running.bodies, scene);
    const Scene loaded = parseScene(toSceneJson(captured), "captured.json");
    SceneInstance again = instantiate(loaded);
    ASSERT_EQ(again.bodies.size(), running.bodies.size());
    for (std::size_t i = 0; i < running.bodies.size(); ++i)
    {
        const BodyId a = running.bodies[i];
        const BodyId b = again.bodies[i];
        EXPECT_EQ(again.world.shapes(b).size(), running.world.shapes(a).size()) << "body " << i;
        EXPECT_EQ(again.world.position(b), running.world.position(a)) << "body " << i;
        EXPECT_EQ(again.world.angle(b), running.world.angle(a)) << "body " << i;
        // The centre is placed from the origin again: the same to within rounding.
        EXPECT_NEAR(again.world.worldCenter(b).x, running.world.worldCenter(a).x, 1e-5f) << "body " << i;
        EXPECT_NEAR(again.world.worldCenter(b).y, running.world.worldCenter(a).y, 1e-5f) << "body " << i;
        EXPECT_EQ(again.world.mass(b), running.world.mass(a)) << "body " << i;
        // The file holds the origin's velocity; the centre's comes back to within rounding.
        EXPECT_NEAR(again.world.linearVelocity(b).x, running.world.linearVelocity(a).x, 1e-5f)
            << "body " << i;
        EXPECT_NEAR(again.world.linearVelocity(b).y, running.world.linearVelocity(a).y, 1e-5f)
            << "body " << i;
        EXPECT_EQ(again.world.angularVelocity(b), running.world.angularVelocity(a)) << "body " << i;
    }
}

} // namespace
} // namespace oblique::test
