// Recording: a session with changes made by hand between steps (impulses, teleports, new bodies
// and joints, settings) saved, loaded and played back into another world gives the recorded hash
// after every step; a damaged file is refused; playback into a different world is caught.

#include "oblique/recording.hpp"
#include "oblique/world.hpp"
#include "random_world.hpp"

#include <cstddef>
#include <cstdint>
#include <gtest/gtest.h>
#include <stdexcept>
#include <string>
#include <vector>

namespace oblique::test
{
namespace
{

constexpr float kDt = 1.0f / 60.0f;
constexpr int kSteps = 240;

// A random world played for kSteps with something done by hand every few steps. Counts, if asked,
// the steps with something done by hand and those at which it changed the world's state hash: each
// of those must be a recorded change.
struct HandCounts
{
    int steps = 0;
    int hashChanges = 0;
};

Recording recordSession(Solver solver, HandCounts* counts = nullptr)
{
    RandomWorld random(11, solver);
    Recording recording(random.world, "random session");
    for (int step = 0; step < kSteps; ++step)
    {
        const std::uint64_t hashBefore = random.world.stateHash();
        std::string label;
        if (step % 7 == 3 && !random.bodies.empty())
        {
            const BodyId body = random.bodies[static_cast<std::size_t>(step) % random.bodies.size()];
            random.world.applyLinearImpulse(body, {2.0f, 3.0f}, random.world.position(body));
            label = "impulse";
        }
        if (step % 50 == 20)
        {
            random.addBodies(2); // new bodies, maybe a joint
            label = "spawn";
        }
        if (step == 100)
        {
            random.world.setGravity({1.0f, -12.0f});
            label = "settings";
        }
        if (step % 31 == 30 && !random.bodies.empty())
        {
            random.world.setTransform(random.bodies.front(), {0.0f, 12.0f}, 0.5f);
            label = "teleport";
        }
        if (counts != nullptr && !label.empty())
        {
            ++counts->steps;
            counts->hashChanges += random.world.stateHash() != hashBefore ? 1 : 0;
        }
        recording.beforeStep(random.world, label);
        random.world.step(step % 2 == 0 ? kDt : 0.5f * kDt);
        recording.afterStep(random.world, step % 2 == 0 ? kDt : 0.5f * kDt);
    }
    return recording;
}

class RecordingPlayback : public ::testing::TestWithParam<Solver>
{
};

TEST_P(RecordingPlayback, LoadedRecordingPlaysBackEveryStepsHash)
{
    HandCounts hand;
    const Recording recorded = recordSession(GetParam(), &hand);
    const int hashChanges = hand.hashChanges;
    ASSERT_EQ(recorded.stepCount(), kSteps);
    const std::vector<RecordedChange> changes = recorded.changes();
    // Most of the steps with something done by hand (45: some steps do two things) change the
    // world (an impulse on a static body does not; which bodies are static depends on where the
    // spawns found room), and every one that does is recorded.
    ASSERT_EQ(hand.steps, 45);
    ASSERT_GT(2 * hashChanges, hand.steps);
    ASSERT_GE(changes.size(), static_cast<std::size_t>(hashChanges));
    // Named by what made them, at the steps they were made before.
    const auto labelAt = [&changes](int step)
    {
        for (const RecordedChange& change : changes)
        {
            if (change.step == step)
            {
                return change.label;
            }
        }
        return std::string("(none)");
    };
    EXPECT_EQ(labelAt(20), "spawn");
    EXPECT_EQ(labelAt(100), "settings");
    EXPECT_EQ(labelAt(102), "(none)");

    const Recording loaded = Recording::load(recorded.save());
    EXPECT_EQ(loaded.title(), "random session");
    EXPECT_EQ(loaded.stepCount(), kSteps);
    World world;
    loaded.rewind(world);
    for (int step = 0; step < kSteps; ++step)
    {
        ASSERT_TRUE(loaded.playStep(world, step)) << "step " << step;
        ASSERT_EQ(world.stateHash(), recorded.hashAfter(step));
    }
}

INSTANTIATE_TEST_SUITE_P(BothSolvers, RecordingPlayback, ::testing::Values(Solver::SoftStep, Solver::Ngs),
                         [](const ::testing::TestParamInfo<Solver>& param)
                         { return param.param == Solver::Ngs ? "Ngs" : "SoftStep"; });

// Played into a world that is not the recorded one, the first hash that differs says so.
TEST(Recording, PlaybackIntoAnotherWorldIsCaught)
{
    const Recording recorded = recordSession(Solver::SoftStep);
    World world;
    recorded.rewind(world);
    ASSERT_TRUE(recorded.playStep(world, 0));
    world.setGravity({0.0f, -9.0f}); // not in the recording
    bool differs = false;
    for (int step = 1; step < 3 && !differs; ++step)
    {
        differs = !recorded.playStep(world, step);
    }
    EXPECT_TRUE(differs);
}

// A world gone further its own way (a body the recording never had) cannot take the recorded
// bytes of a change: they are left out and the steps reported as differing, until a change stored
// whole (the spawn before step 20) puts the world back where the recording was.
TEST(Recording, PlaybackIntoAWorldThatCannotTakeTheChangesGoesOnAndDiffers)
{
    const Recording recorded = recordSession(Solver::SoftStep);
    World world;
    recorded.rewind(world);
    BodyDef extra;
    extra.position = {-8.0f, 15.0f};
    world.createBody(extra, circleShape(0.5f));
    for (int step = 0; step < recorded.stepCount(); ++step)
    {
        EXPECT_EQ(recorded.playStep(world, step), step >= 20) << "step " << step;
    }
    EXPECT_EQ(world.stateHash(), recorded.hashAfter(recorded.stepCount() - 1));
    EXPECT_THROW(recorded.playStep(world, recorded.stepCount()), std::invalid_argument);
}

TEST(Recording, NothingDoneByHandStoresNoChange)
{
    RandomWorld random(12, Solver::SoftStep);
    Recording recording(random.world, "still");
    for (int step = 0; step < 30; ++step)
    {
        recording.beforeStep(random.world, "nothing");
        random.world.step(kDt);
        recording.afterStep(random.world, kDt);
    }
    EXPECT_TRUE(recording.changes().empty());
}

TEST(Recording, DamagedFilesAreRefused)
{
    const std::vector<std::byte> good = recordSession(Solver::SoftStep).save();
    ASSERT_NO_THROW(Recording::load(good));
    std::vector<std::vector<std::byte>> bad;
    bad.emplace_back();
    bad.emplace_back(good.begin(), good.end() - 1);
    bad.emplace_back(good.begin(), good.begin() + 40);
    bad.push_back(good);
    bad.back().push_back(std::byte{7});
    bad.push_back(good);
    bad.back()[3] = std::byte{'x'}; // not a recording
    bad.push_back(good);
    bad.back()[8] = std::byte{2}; // another format version
    for (std::size_t at = 28; at < good.size(); at += good.size() / 23 + 1)
    {
        bad.push_back(good);
        bad.back()[at] ^= std::byte{0x40};
    }
    for (std::size_t k = 0; k < bad.size(); ++k)
    {
        EXPECT_THROW(Recording::load(bad[k]), std::invalid_argument) << "damaged file " << k << " was read";
    }
    try
    {
        Recording::load(bad[5]);
    }
    catch (const std::invalid_argument& error)
    {
        EXPECT_NE(std::string(error.what()).find("format version 2"), std::string::npos) << error.what();
    }
}

} // namespace
} // namespace oblique::test
