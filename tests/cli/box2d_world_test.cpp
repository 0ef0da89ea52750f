// The Box2D side: a scene becomes the b2World it describes, contacts come back in scene order.

#include "../support/scene_bodies.hpp"
#include "oblique/compare/box2d_world.hpp"

#include <box2d/box2d.h>
#include <gtest/gtest.h>

namespace oblique::test
{
namespace
{

using compare::Box2dWorld;

TEST(CliBox2dWorld, BodiesCarryEverySceneSetting)
{
    Scene scene;
    scene.world.gravity = {1, -5};
    scene.world.allowSleep = false;
    scene.world.restitutionThreshold = 0.25f;
    SceneBody b = sceneBox(BodyType::Dynamic, {1, 2}, {0.5f, 0.25f}, 0.3f);
    b.density = 2;
    b.friction = 0.3f;
    b.restitution = 0.4f;
    b.linearVelocity = {3, -1};
    b.angularVelocity = 0.7f;
    b.linearDamping = 0.1f;
    b.angularDamping = 0.2f;
    b.gravityScale = 0.5f;
    b.fixedRotation = true;
    SceneBody k = sceneBall(BodyType::Kinematic, {-3, 0}, 0.75f);
    k.linearVelocity = {0, 1};
    scene.bodies = {sceneBox(BodyType::Static, {0, -1}, {10, 1}), b, k};

    const Box2dWorld world(scene);
    EXPECT_EQ(world.world().GetGravity(), b2Vec2(1, -5));
    EXPECT_FALSE(world.world().GetAllowSleeping());
    ASSERT_EQ(world.bodyCount(), 3);

    const b2Body& ground = world.body(0);
    EXPECT_EQ(ground.GetType(), b2_staticBody);
    EXPECT_EQ(ground.GetPosition(), b2Vec2(0, -1));

    const b2Body& dyn = world.body(1);
    EXPECT_EQ(dyn.GetType(), b2_dynamicBody);
    EXPECT_EQ(dyn.GetPosition(), b2Vec2(1, 2));
    EXPECT_EQ(dyn.GetAngle(), 0.3f);
    EXPECT_EQ(dyn.GetLinearVelocity(), b2Vec2(3, -1));
    EXPECT_EQ(dyn.GetAngularVelocity(), 0.7f);
    EXPECT_EQ(dyn.GetLinearDamping(), 0.1f);
    EXPECT_EQ(dyn.GetAngularDamping(), 0.2f);
    EXPECT_EQ(dyn.GetGravityScale(), 0.5f);
    EXPECT_TRUE(dyn.IsFixedRotation());
    EXPECT_FLOAT_EQ(dyn.GetMass(), 2.0f * 1.0f * 0.5f); // density * area

    const b2Fixture* f = dyn.GetFixtureList();
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->GetNext(), nullptr);
    ASSERT_EQ(f->GetType(), b2Shape::e_polygon);
    EXPECT_EQ(f->GetShape()->m_radius, 0.0f); // no polygon skin
    EXPECT_EQ(static_cast<const b2PolygonShape*>(f->GetShape())->m_count, 4);
    EXPECT_EQ(f->GetDensity(), 2.0f);
    EXPECT_EQ(f->GetFriction(), 0.3f);
    EXPECT_EQ(f->GetRestitution(), 0.4f);
    EXPECT_EQ(f->GetRestitutionThreshold(), 0.25f);

    const b2Body& kin = world.body(2);
    EXPECT_EQ(kin.GetType(), b2_kinematicBody);
    EXPECT_EQ(kin.GetLinearVelocity(), b2Vec2(0, 1));
    ASSERT_EQ(kin.GetFixtureList()->GetType(), b2Shape::e_circle);
    EXPECT_EQ(kin.GetFixtureList()->GetShape()->m_radius, 0.75f);
}

TEST(CliBox2dWorld, BodyStateReportsTheBody)
{
    Scene scene;
    SceneBody b = sceneBall(BodyType::Dynamic, {1, 2}, 0.5f);
    b.angle = 4.0f; // angles are not wrapped
    b.linearVelocity = {1, 0};
    b.angularVelocity = -2.0f;
    scene.bodies = {sceneBox(BodyType::Static, {0, -5}, {1, 1}), b};
    const Box2dWorld world(scene);
    const compare::BodyState ground = world.bodyState(0);
    EXPECT_FALSE(ground.awake);
    const compare::BodyState s = world.bodyState(1);
    EXPECT_EQ(s.position, (Vec2{1, 2}));
    EXPECT_EQ(s.angle, 4.0f);
    EXPECT_EQ(s.linearVelocity, (Vec2{1, 0}));
    EXPECT_EQ(s.angularVelocity, -2.0f);
    EXPECT_TRUE(s.awake);
}

TEST(CliBox2dWorld, StepsWithTheScenesTimeStep)
{
    Scene scene;
    scene.world.timeStep = 0.1f;
    scene.bodies = {sceneBall(BodyType::Dynamic, {0, 0}, 0.5f)};
    Box2dWorld world(scene);
    world.step();
    world.step();
    EXPECT_EQ(world.stepCount(), 2);
    // Semi-implicit Euler under g = -10: v = -2 after two steps of 0.1 s, y = -0.1 - 0.2.
    EXPECT_NEAR(world.bodyState(0).linearVelocity.y, -2.0f, 1e-5f);
    EXPECT_NEAR(world.bodyState(0).position.y, -0.3f, 1e-5f);
}

TEST(CliBox2dWorld, ContactsComeBackInSceneOrderWithTheNormalFromAToB)
{
    // Box2D makes the polygon fixture A of a polygon-circle contact; a circle listed first must
    // still get a normal pointing from itself to the box.
    Scene scene;
    scene.bodies = {sceneBall(BodyType::Dynamic, {0, 1.4f}, 0.5f), sceneBox(BodyType::Static, {0, 0}, {2, 1}),
                    sceneBox(BodyType::Dynamic, {5, 0}, {0.5f, 0.5f}),
                    sceneBall(BodyType::Dynamic, {5, 0.9f}, 0.5f)};
    Box2dWorld world(scene);
    const auto contacts = world.collide();
    ASSERT_EQ(contacts.size(), 2u);
    EXPECT_EQ(contacts[0].a, 0);
    EXPECT_EQ(contacts[0].b, 1);
    EXPECT_NEAR(contacts[0].normal.y, -1.0f, 1e-6f);
    ASSERT_EQ(contacts[0].points.size(), 1u);
    EXPECT_NEAR(contacts[0].points[0].separation, -0.1f, 1e-5f);
    EXPECT_NEAR(contacts[0].points[0].position.y, 0.95f, 1e-5f);

    EXPECT_EQ(contacts[1].a, 2);
    EXPECT_EQ(contacts[1].b, 3);
    EXPECT_NEAR(contacts[1].normal.y, 1.0f, 1e-6f);
    EXPECT_NEAR(contacts[1].points[0].separation, -0.1f, 1e-5f);

    // Reading again without a new pass gives the same.
    EXPECT_EQ(world.contacts().size(), 2u);
}

TEST(CliBox2dWorld, PolygonsHaveNoSkin)
{
    // With Box2D's default 0.01 m skin these boxes, 0.005 m apart, would touch.
    Scene scene;
    scene.bodies = {sceneBox(BodyType::Static, {0, -1}, {5, 1}),
                    sceneBox(BodyType::Dynamic, {0, 0.505f}, {0.5f, 0.5f})};
    Box2dWorld world(scene);
    EXPECT_TRUE(world.collide().empty());

    scene.bodies[1].position.y = 0.49f;
    Box2dWorld overlapping(scene);
    const auto contacts = overlapping.collide();
    ASSERT_EQ(contacts.size(), 1u);
    ASSERT_EQ(contacts[0].points.size(), 2u);
    for (const auto& p : contacts[0].points)
    {
        EXPECT_NEAR(p.separation, -0.01f, 1e-6f);
        EXPECT_NEAR(p.position.y, -0.005f, 1e-6f);
    }
}

TEST(CliBox2dWorld, StaticAndKinematicPairsNeverTouch)
{
    Scene scene;
    SceneBody k = sceneBox(BodyType::Kinematic, {0, 0}, {1, 1});
    scene.bodies = {sceneBox(BodyType::Static, {0, 0}, {1, 1}), k,
                    sceneBox(BodyType::Static, {0.5f, 0}, {1, 1})};
    Box2dWorld world(scene);
    EXPECT_TRUE(world.collide().empty());
}

} // namespace
} // namespace oblique::test
