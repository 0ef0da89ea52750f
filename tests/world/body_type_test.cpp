// Changing a body's type while the world runs: contacts end and are found again, mass follows,
// and the body behaves as its new type from the next step.

#include "world_scenes.hpp"

#include <gtest/gtest.h>
#include <stdexcept>

namespace oblique::test
{
namespace
{

TEST(BodyType, AStaticPlatformMadeDynamicFallsWithItsLoad)
{
    World world;
    world.createBody(bodyAt(BodyType::Static, {0.0f, -1.0f}), boxShape({20.0f, 1.0f}));
    const BodyId platform = world.createBody(bodyAt(BodyType::Static, {0.0f, 3.0f}), boxShape({2.0f, 0.25f}));
    const BodyId crate = world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 3.75f}), boxShape({0.5f, 0.5f}));
    run(world, 60);
    EXPECT_NEAR(world.position(crate).y, 3.75f, 0.01f);
    EXPECT_EQ(world.mass(platform), 0.0f);

    world.setBodyType(platform, BodyType::Dynamic);
    // The contact with the crate ended (and is reported) and will be found again.
    ASSERT_EQ(world.contactEndEvents().size(), 1u);
    EXPECT_EQ(world.bodyType(platform), BodyType::Dynamic);
    EXPECT_FLOAT_EQ(world.mass(platform), 2.0f); // 4 m x 0.5 m at 1 kg/m^2
    EXPECT_TRUE(world.isAwake(platform));
    run(world, 120);
    // Both came down to the ground: the platform on it, the crate on the platform.
    EXPECT_NEAR(world.position(platform).y, 0.25f, 0.01f);
    EXPECT_NEAR(world.position(crate).y, 1.0f, 0.01f);
}

TEST(BodyType, AFallingBodyMadeStaticStopsAndHoldsWhatLandsOnIt)
{
    World world;
    const BodyId block = world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 8.0f}), boxShape({1.0f, 0.5f}));
    run(world, 20);
    world.setBodyType(block, BodyType::Static);
    const Vec2 where = world.position(block);
    EXPECT_EQ(world.linearVelocity(block), (Vec2{}));
    EXPECT_EQ(world.mass(block), 0.0f);
    EXPECT_FALSE(world.isAwake(block));
    const BodyId crate =
        world.createBody(bodyAt(BodyType::Dynamic, {0.0f, where.y + 3.0f}), boxShape({0.5f, 0.5f}));
    run(world, 120);
    EXPECT_EQ(world.position(block), where);
    EXPECT_NEAR(world.position(crate).y, where.y + 1.0f, 0.01f);
}

TEST(BodyType, AKinematicBodyIgnoresGravityAndPushesWithoutBeingPushed)
{
    World world;
    const BodyId pusher = world.createBody(bodyAt(BodyType::Dynamic, {-3.0f, 0.5f}), boxShape({0.5f, 0.5f}));
    world.createBody(bodyAt(BodyType::Static, {0.0f, -1.0f}), boxShape({20.0f, 1.0f}));
    const BodyId crate = world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 0.5f}), boxShape({0.5f, 0.5f}));
    run(world, 10);
    world.setBodyType(pusher, BodyType::Kinematic);
    world.setLinearVelocity(pusher, {2.0f, 0.0f});
    run(world, 120);
    // It kept its speed and height, and moved the crate along in front of it.
    EXPECT_FLOAT_EQ(world.linearVelocity(pusher).x, 2.0f);
    EXPECT_NEAR(world.position(pusher).y, 0.5f, 1e-4f);
    EXPECT_GT(world.position(crate).x, world.position(pusher).x + 0.9f);
    EXPECT_GT(world.position(crate).x, 0.5f);
}

TEST(BodyType, ABadTypeChangesNothing)
{
    World world;
    const BodyId box = world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 1.0f}), boxShape({0.5f, 0.5f}));
    const std::uint64_t before = world.stateHash();
    EXPECT_THROW(world.setBodyType(box, static_cast<BodyType>(7)), std::invalid_argument);
    EXPECT_THROW(world.setBodyType(BodyId{}, BodyType::Static), std::invalid_argument);
    EXPECT_EQ(world.stateHash(), before);
    EXPECT_EQ(world.bodyType(box), BodyType::Dynamic);
}

} // namespace
} // namespace oblique::test
