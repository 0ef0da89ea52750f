// Sleeping islands cost the step nothing per contact: it visits only the awake bodies' contacts,
// and reaches into a sleeping island only to wake it. These hold what a scan of every contact
// gave: a touch wakes the whole island at once and nothing beyond it, and the islands are counted
// whole while they sleep.

#include "oblique/world.hpp"
#include "world_scenes.hpp"

#include <gtest/gtest.h>
#include <vector>

namespace oblique::test
{
namespace
{

constexpr float kDt = 1.0f / 60.0f;

// A pyramid of rows boxes a side, its bottom row centred on x.
std::vector<BodyId> pyramidAt(World& world, float x, int rows)
{
    std::vector<BodyId> boxes;
    for (int row = 0; row < rows; ++row)
    {
        for (int i = 0; i < rows - row; ++i)
        {
            const float offset = (static_cast<float>(i) - 0.5f * static_cast<float>(rows - 1 - row)) * 1.05f;
            boxes.push_back(
                world.createBody(bodyAt(BodyType::Dynamic, {x + offset, 0.5f + static_cast<float>(row)}),
                                 boxShape({0.5f, 0.5f})));
        }
    }
    return boxes;
}

int awakeCount(const World& world, const std::vector<BodyId>& bodies)
{
    int awake = 0;
    for (const BodyId id : bodies)
    {
        awake += world.isAwake(id) ? 1 : 0;
    }
    return awake;
}

class SleepingIslands : public ::testing::TestWithParam<Solver>
{
};

TEST_P(SleepingIslands, ATouchWakesTheWholePileAtOnceAndNothingElse)
{
    World world;
    world.setSolver(GetParam());
    world.createBody(bodyAt(BodyType::Static, {0.0f, -1.0f}), boxShape({40.0f, 1.0f}));
    const std::vector<BodyId> struck = pyramidAt(world, -10.0f, 6);
    const std::vector<BodyId> apart = pyramidAt(world, 10.0f, 6);
    int steps = 0;
    while (world.profile().awakeBodyCount > 0 || steps == 0)
    {
        ASSERT_LT(steps, 1200) << "the piles never fell asleep";
        world.step(kDt);
        ++steps;
    }
    // Asleep, each pile is still one island.
    EXPECT_EQ(world.stats().islandCount, 2);
    EXPECT_EQ(world.stats().awakeIslandCount, 0);

    // A ball dropped on the apex of the left pile: in the step where its contact with the top box
    // joins the solver (speculatively, just before they touch), every box of that pile wakes (the
    // top box reaches the bottom row through four sleeping layers), and none of the other pile.
    world.createBody(bodyAt(BodyType::Dynamic, {-10.0f, 8.0f}), circleShape(0.3f));
    int woken = 0;
    for (int i = 0; i < 120 && woken == 0; ++i)
    {
        world.step(kDt);
        woken = awakeCount(world, struck);
    }
    EXPECT_EQ(woken, static_cast<int>(struck.size()));
    EXPECT_EQ(awakeCount(world, apart), 0);
    EXPECT_EQ(world.stats().islandCount, 2);
    EXPECT_EQ(world.stats().awakeIslandCount, 1);
}

// A sleeping pile joined by a hinge to a sleeping rod: waking the rod by hand wakes the pile
// through the joint, and the pile's boxes through their contacts, in one step.
TEST_P(SleepingIslands, WakingABodyWakesWhatItIsJointedToAndWhatThatTouches)
{
    World world;
    world.setSolver(GetParam());
    world.createBody(bodyAt(BodyType::Static, {0.0f, -1.0f}), boxShape({40.0f, 1.0f}));
    const std::vector<BodyId> pile = pyramidAt(world, 0.0f, 4);
    const BodyId rod = world.createBody(bodyAt(BodyType::Dynamic, {-6.0f, 0.25f}), boxShape({1.0f, 0.25f}));
    JointDef hinge;
    hinge.bodyA = rod;
    hinge.bodyB = pile.back();
    hinge.params = DistanceJointDef{.anchorA = world.position(rod), .anchorB = world.position(pile.back())};
    world.createJoint(hinge);
    for (int i = 0; i < 1200 && (world.profile().awakeBodyCount > 0 || i == 0); ++i)
    {
        world.step(kDt);
    }
    ASSERT_EQ(world.profile().awakeBodyCount, 0);
    EXPECT_EQ(world.stats().islandCount, 1);

    world.setAwake(rod, true);
    EXPECT_EQ(awakeCount(world, pile), 0);
    world.step(kDt);
    EXPECT_EQ(awakeCount(world, pile), static_cast<int>(pile.size()));
}

// With sleep switched off no island is built (nothing can fall asleep), unless a body sleeps
// already: a stack put to sleep by hand still wakes whole when something lands on it (its boxes'
// contacts touch throughout, so no touch event wakes them one by one).
TEST_P(SleepingIslands, WithSleepOffAStackPutToSleepByHandStillWakesWhole)
{
    World world;
    world.setSolver(GetParam());
    world.setAllowSleep(false);
    world.createBody(bodyAt(BodyType::Static, {0.0f, -1.0f}), boxShape({20.0f, 1.0f}));
    std::vector<BodyId> stack;
    for (int i = 0; i < 4; ++i)
    {
        stack.push_back(world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 0.5f + static_cast<float>(i)}),
                                         boxShape({0.5f, 0.5f})));
    }
    for (int i = 0; i < 60; ++i)
    {
        world.step(kDt);
    }
    for (const BodyId id : stack)
    {
        world.setAwake(id, false);
    }
    world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 6.0f}), circleShape(0.25f));
    int woken = 0;
    for (int i = 0; i < 120 && woken == 0; ++i)
    {
        world.step(kDt);
        woken = awakeCount(world, stack);
    }
    EXPECT_EQ(woken, static_cast<int>(stack.size()));
}

// The awake bodies and the solver's slots are kept from step to step; a snapshot restored into a
// world that had other bodies (more of them, awake) must step exactly as the world it came from,
// even when taken in the step its piles fell asleep (their records still hold that step's slots).
TEST_P(SleepingIslands, ASnapshotTakenAsAPileFallsAsleepStepsAsTheOriginalInAnyWorld)
{
    World original;
    original.setSolver(GetParam());
    original.createBody(bodyAt(BodyType::Static, {0.0f, -1.0f}), boxShape({40.0f, 1.0f}));
    std::vector<BodyId> piles = pyramidAt(original, -10.0f, 5);
    const std::vector<BodyId> right = pyramidAt(original, 10.0f, 5);
    piles.insert(piles.end(), right.begin(), right.end());
    // Saved right after the step in which the last of them fell asleep.
    for (int i = 0; i < 1200 && awakeCount(original, piles) > 0; ++i)
    {
        original.step(kDt);
    }
    ASSERT_EQ(awakeCount(original, piles), 0);
    ASSERT_GT(original.profile().awakeBodyCount, 0);
    const std::vector<std::byte> saved = original.snapshot();

    // Restored into a new world, and into one that had 200 bodies of its own, all awake.
    World fresh;
    World crowded;
    crowded.setSolver(GetParam());
    for (int k = 0; k < 200; ++k)
    {
        crowded.createBody(
            bodyAt(BodyType::Dynamic, {static_cast<float>(k % 20), static_cast<float>(k / 20)}),
            circleShape(0.4f));
    }
    crowded.step(kDt);
    fresh.restore(saved);
    crowded.restore(saved);
    for (World* w : {&original, &fresh, &crowded})
    {
        w->createBody(bodyAt(BodyType::Dynamic, {-10.0f, 8.0f}), circleShape(0.3f));
    }
    for (int k = 0; k < 120; ++k)
    {
        original.step(kDt);
        fresh.step(kDt);
        crowded.step(kDt);
        ASSERT_EQ(fresh.stateHash(), original.stateHash()) << "step " << k;
        ASSERT_EQ(crowded.stateHash(), original.stateHash()) << "step " << k;
    }
}

INSTANTIATE_TEST_SUITE_P(BothSolvers, SleepingIslands, ::testing::Values(Solver::SoftStep, Solver::Ngs),
                         [](const ::testing::TestParamInfo<Solver>& param)
                         { return param.param == Solver::Ngs ? "Ngs" : "SoftStep"; });

} // namespace
} // namespace oblique::test
