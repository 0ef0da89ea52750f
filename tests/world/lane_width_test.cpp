// The solvers' wide passes at four and at eight lanes: the same bits after every step of whole
// worlds, and lane counts the engine cannot use refused without changing the one in use.

#include "../support/keep_lane_width.hpp"
#include "oblique/lane_width.hpp"
#include "oblique/scene_builders.hpp"
#include "oblique/scene_world.hpp"
#include "oblique/world.hpp"

#include <cstdint>
#include <gtest/gtest.h>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace oblique
{
namespace
{

std::vector<std::uint64_t> hashesAt(int lanes, const Scene& scene, int steps)
{
    setLaneWidth(lanes);
    SceneInstance instance = instantiate(scene);
    std::vector<std::uint64_t> hashes;
    for (int i = 0; i < steps; ++i)
    {
        instance.world.step(1.0f / 60.0f);
        hashes.push_back(instance.world.stateHash());
    }
    return hashes;
}

TEST(LaneWidth, FourAndEightLanesGiveTheSameBitsAfterEveryStep)
{
    if (!eightLanesAvailable())
    {
        GTEST_SKIP() << "this CPU or build has no AVX2: only four lanes to run";
    }
    const test::KeepLaneWidth keep;
    std::vector<std::pair<std::string, Scene>> worlds;
    worlds.emplace_back("pyramid40", scenes::pyramid(40));
    worlds.emplace_back("rain1000", scenes::rain(1000));
    worlds.emplace_back("tumbler", scenes::tumblerDrum());
    worlds.emplace_back("ragdolls10", scenes::ragdollPile(10));
    worlds.emplace_back("jointgrid40", scenes::jointGrid(40)); // plain hinges
    // And ngs, whose levels are solved at the same widths.
    worlds.emplace_back("pyramid40-ngs", scenes::pyramid(40));
    worlds.back().second.world.solver = Solver::Ngs;
    worlds.emplace_back("rain1000-ngs", scenes::rain(1000));
    worlds.back().second.world.solver = Solver::Ngs;
    for (auto& [name, scene] : worlds)
    {
        scene.world.allowSleep = false;
        const std::vector<std::uint64_t> four = hashesAt(4, scene, 150);
        const std::vector<std::uint64_t> eight = hashesAt(8, scene, 150);
        EXPECT_EQ(four, eight) << name;
    }
}

TEST(LaneWidth, OnlyFourOrAvailableEightAreTakenAndARefusalChangesNothing)
{
    const test::KeepLaneWidth keep;
    setLaneWidth(4);
    EXPECT_EQ(laneWidth(), 4);
    for (const int bad : {0, 1, 2, 5, 16, -4})
    {
        EXPECT_THROW(setLaneWidth(bad), std::invalid_argument) << bad;
        EXPECT_EQ(laneWidth(), 4) << bad;
    }
    if (eightLanesAvailable())
    {
        setLaneWidth(8);
        EXPECT_EQ(laneWidth(), 8);
    }
    else
    {
        EXPECT_THROW(setLaneWidth(8), std::invalid_argument);
        EXPECT_EQ(laneWidth(), 4);
    }
}

} // namespace
} // namespace oblique
