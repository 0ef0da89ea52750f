// World::snapshot and World::restore: stepping on after a restore gives the very bits stepping
// on without it gave, at random points of random worlds whose bodies, shapes and joints are
// created and destroyed as they run, in both solvers; bad buffers are refused and change nothing.

#include "oblique/world.hpp"
#include "random_world.hpp"
#include "world_alloc_counter.hpp"

#include <cstddef>
#include <cstdint>
#include <gtest/gtest.h>
#include <stdexcept>
#include <vector>

namespace oblique::test
{
namespace
{

constexpr float kDt = 1.0f / 60.0f;

// The hashes after each of the next count steps of a random world.
std::vector<std::uint64_t> hashesAhead(RandomWorld& random, int fromStep, int count)
{
    std::vector<std::uint64_t> hashes;
    for (int k = 0; k < count; ++k)
    {
        random.step(fromStep + k);
        hashes.push_back(random.world.stateHash());
    }
    return hashes;
}

class SnapshotBitIdentity : public ::testing::TestWithParam<Solver>
{
};

TEST_P(SnapshotBitIdentity, SteppingOnAfterRestoreRepeatsTheSameBits)
{
    for (std::uint64_t seed = 1; seed <= 6; ++seed)
    {
        RandomWorld random(seed, GetParam());
        // A random moment: after some steps, so contacts, warm starts and sleep timers exist.
        const int at = 20 + Random{seed * 977u}.below(160);
        for (int step = 1; step < at; ++step)
        {
            random.step(step);
        }
        const std::vector<std::byte> saved = random.world.snapshot();
        const Random savedRandom = random.random;
        const std::vector<BodyId> savedBodies = random.bodies;
        // Long enough to pass at least two churns (every 40 steps): bodies and joints come and go.
        const std::vector<std::uint64_t> first = hashesAhead(random, at, 120);

        random.world.restore(saved);
        random.random = savedRandom;
        random.bodies = savedBodies;
        const std::vector<std::uint64_t> second = hashesAhead(random, at, 120);
        for (std::size_t k = 0; k < first.size(); ++k)
        {
            ASSERT_EQ(first[k], second[k])
                << "seed " << seed << ", snapshot at step " << at << ", " << k + 1 << " steps on";
        }
    }
}

TEST_P(SnapshotBitIdentity, AnotherWorldRestoredFromTheSnapshotStepsTheSame)
{
    RandomWorld random(7, GetParam());
    for (int step = 1; step < 90; ++step)
    {
        random.step(step);
    }
    World other;
    other.restore(random.world.snapshot());
    EXPECT_EQ(other.stateHash(), random.world.stateHash());
    EXPECT_EQ(other.bodyCount(), random.world.bodyCount());
    EXPECT_EQ(other.jointCount(), random.world.jointCount());
    EXPECT_EQ(other.settings().solver, GetParam());
    for (int k = 0; k < 100; ++k)
    {
        random.world.step(kDt);
        other.step(kDt);
        ASSERT_EQ(other.stateHash(), random.world.stateHash()) << k + 1 << " steps on";
    }
}

INSTANTIATE_TEST_SUITE_P(BothSolvers, SnapshotBitIdentity, ::testing::Values(Solver::SoftStep, Solver::Ngs),
                         [](const ::testing::TestParamInfo<Solver>& param)
                         { return param.param == Solver::Ngs ? "Ngs" : "SoftStep"; });

TEST(Snapshot, HandlesValidThenAreValidAgainAndLaterOnesStale)
{
    RandomWorld random(3, Solver::SoftStep);
    const BodyId kept = random.bodies.front();
    const std::vector<std::byte> saved = random.world.snapshot();
    random.world.destroyBody(kept);
    const BodyId later = random.world.createBody(BodyDef{}, circleShape(0.5f));
    ASSERT_FALSE(random.world.isValid(kept));

    random.world.restore(saved);
    EXPECT_TRUE(random.world.isValid(kept));
    EXPECT_FALSE(random.world.isValid(later));
    EXPECT_GE(random.world.shapes(kept).size(), 1u);
}

TEST(Snapshot, RestoreClearsTheLastStepsEvents)
{
    RandomWorld random(4, Solver::SoftStep);
    const std::vector<std::byte> saved = random.world.snapshot();
    int step = 1;
    while (random.world.contactBeginEvents().empty())
    {
        ASSERT_LT(step, 200) << "the bodies never touched";
        random.step(step++);
    }
    random.world.restore(saved);
    EXPECT_TRUE(random.world.contactBeginEvents().empty());
}

// Every way a buffer can be bad; each is refused with a reason and leaves the world as it was.
TEST(Snapshot, BadBuffersAreRefusedAndChangeNothing)
{
    RandomWorld random(5, Solver::SoftStep);
    for (int step = 1; step < 30; ++step)
    {
        random.step(step);
    }
    const std::vector<std::byte> good = random.world.snapshot();
    ASSERT_EQ(World::checkSnapshot(good), "");

    std::vector<std::vector<std::byte>> bad;
    bad.emplace_back();                                // empty
    bad.emplace_back(good.begin(), good.begin() + 20); // only part of the header
    bad.emplace_back(good.begin(), good.end() - 1);    // truncated by one byte
    bad.emplace_back(good.begin(),
                     good.begin() + static_cast<std::ptrdiff_t>(good.size() / 2)); // truncated by half
    bad.push_back(good);
    bad.back().push_back(std::byte{0}); // a byte too many
    bad.push_back(good);
    bad.back()[0] = std::byte{'X'}; // not a snapshot
    bad.push_back(good);
    bad.back()[8] = std::byte{99}; // another format version
    bad.push_back(good);
    bad.back()[13] ^= std::byte{1}; // another build's layout
    // One flipped bit at positions spread over the payload.
    for (std::size_t at = 32; at < good.size(); at += good.size() / 37 + 1)
    {
        bad.push_back(good);
        bad.back()[at] ^= std::byte{0x10};
    }

    for (int step = 30; step < 40; ++step)
    {
        random.step(step);
    }
    const std::uint64_t before = random.world.stateHash();
    const std::vector<std::byte> current = random.world.snapshot();
    for (std::size_t k = 0; k < bad.size(); ++k)
    {
        const std::string problem = World::checkSnapshot(bad[k]);
        EXPECT_NE(problem, "") << "bad buffer " << k << " was taken";
        EXPECT_THROW(random.world.restore(bad[k]), std::invalid_argument) << "bad buffer " << k;
        EXPECT_EQ(random.world.stateHash(), before);
        EXPECT_EQ(random.world.snapshot(), current) << "bad buffer " << k << " changed the world";
    }
    EXPECT_NE(World::checkSnapshot(bad[5]).find("not a world snapshot"), std::string::npos);
    EXPECT_NE(World::checkSnapshot(bad[6]).find("format version 99"), std::string::npos);
    EXPECT_NE(World::checkSnapshot(bad[7]).find("laid out differently"), std::string::npos);
    EXPECT_NE(World::checkSnapshot(bad[2]).find("truncated"), std::string::npos);
    EXPECT_NE(World::checkSnapshot(bad.back()).find("corrupted"), std::string::npos);
}

TEST(Snapshot, RefusedInsideThePreSolveCallback)
{
    RandomWorld random(6, Solver::SoftStep);
    const std::vector<std::byte> saved = random.world.snapshot();
    bool refused = false;
    random.world.setPreSolve(
        [&](PreSolveContact&)
        {
            try
            {
                random.world.restore(saved);
            }
            catch (const std::invalid_argument&)
            {
                refused = true;
            }
        });
    for (int step = 1; step < 120 && !refused; ++step)
    {
        random.step(step);
    }
    EXPECT_TRUE(refused);
}

// A rollback engine saves every frame: into a warm buffer, and back, allocating nothing.
TEST(Snapshot, WarmSnapshotAndRestoreAllocateNothing)
{
    RandomWorld random(8, Solver::SoftStep);
    for (int step = 1; step < 60; ++step)
    {
        random.step(step);
    }
    std::vector<std::byte> buffer;
    random.world.snapshot(buffer);
    random.world.restore(buffer);
    random.world.step(kDt);
    random.world.snapshot(buffer); // warm
    bench::startCounting();
    random.world.snapshot(buffer);
    random.world.restore(buffer);
    const bench::AllocationCount count = bench::stopCounting();
    EXPECT_EQ(count.calls, 0u) << count.bytes << " bytes";
}

} // namespace
} // namespace oblique::test
