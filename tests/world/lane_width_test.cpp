// The solvers' wide passes at four and at eight lanes: the same bits after every step of whole
// worlds, no lanes of soft step's left for ngs to solve after a switch, and lane counts the engine
// cannot use refused without changing the one in use.

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

// A net of plain hinges stepped by soft step, then switched to ngs, steps as a world restored from
// a snapshot taken at the switch (which holds no lanes): ngs solves its joints one at a time and
// must not warm start or solve the hinge lanes soft step packed.
TEST(LaneWidth, AfterASwitchToNgsNoHingeLanesOfSoftStepAreSolved)
{
    const test::KeepLaneWidth keep;
    Scene scene = scenes::jointGrid(8);
    scene.world.allowSleep = false;
    for (const int lanes : {4, 8})
    {
        if (lanes == 8 && !eightLanesAvailable())
        {
            continue;
        }
        setLaneWidth(lanes);
        SceneInstance switched = instantiate(scene);
        for (int i = 0; i < 30; ++i)
        {
            switched.world.step(1.0f / 60.0f);
        }
        SceneInstance restored = instantiate(scene);
        restored.world.restore(switched.world.snapshot());
        switched.world.setSolver(Solver::Ngs);
        restored.world.setSolver(Solver::Ngs);
        for (int i = 0; i < 30; ++i)
        {
            switched.world.step(1.0f / 60.0f);
            restored.world.step(1.0f / 60.0f);
            ASSERT_EQ(switched.world.stateHash(), restored.world.stateHash())
                << lanes << " lanes, ngs step " << i + 1;
        }
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
