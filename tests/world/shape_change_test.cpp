// Changing a body's shape in place: mass follows the shape, contacts re-form, bad shapes change
// nothing.

#include "world_scenes.hpp"

#include <gtest/gtest.h>
#include <stdexcept>

namespace oblique::test
{
namespace
{

TEST(WorldSetShape, MassFollowsTheNewShape)
{
    World world;
    const BodyId box = world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 0.0f}), boxShape({0.5f, 0.5f}));
    EXPECT_FLOAT_EQ(world.mass(box), 1.0f); // 1 m^2 at 1 kg/m^2
    world.setShape(box, boxShape({1.0f, 0.5f}));
    EXPECT_FLOAT_EQ(world.mass(box), 2.0f);
    // A 2 x 1 plate: I = m (w^2 + h^2) / 12 = 2 * 5 / 12.
    EXPECT_NEAR(world.inertia(box), 2.0f * 5.0f / 12.0f, 1e-5f);
    world.setShape(box, circleShape(1.0f));
    EXPECT_NEAR(world.mass(box), 3.14159265f, 1e-5f);
    EXPECT_EQ(world.shape(box).kind, ShapeKind::Circle);
}

TEST(WorldSetShape, AGrownStaticBoxCatchesWhatItNowTouches)
{
    World world;
    const BodyId shelf = world.createBody(bodyAt(BodyType::Static, {0.0f, 0.0f}), boxShape({0.5f, 0.25f}));
    const BodyId box = world.createBody(bodyAt(BodyType::Dynamic, {3.0f, 2.0f}), boxShape({0.5f, 0.5f}));
    // Widen the shelf under the falling box: it must land on the shelf (top face y = 0.25).
    world.setShape(shelf, boxShape({5.0f, 0.25f}));
    for (int i = 0; i < 120; ++i)
    {
        world.step(1.0f / 60.0f);
    }
    EXPECT_NEAR(world.position(box).y, 0.75f, kSlop);
}

TEST(WorldSetShape, BadShapesAreRefusedAndChangeNothing)
{
    World world;
    const BodyId box = world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 0.0f}), boxShape({0.5f, 0.5f}));
    world.step(1.0f / 60.0f);
    const std::uint64_t before = world.stateHash();
    EXPECT_THROW(world.setShape(box, boxShape({-1.0f, 0.5f})), std::invalid_argument);
    EXPECT_THROW(world.setShape(box, circleShape(0.0f)), std::invalid_argument);
    EXPECT_THROW(world.setShape(BodyId{}, boxShape({1.0f, 1.0f})), std::invalid_argument);
    EXPECT_EQ(world.stateHash(), before);
    EXPECT_FLOAT_EQ(world.mass(box), 1.0f);
}

} // namespace
} // namespace oblique::test
