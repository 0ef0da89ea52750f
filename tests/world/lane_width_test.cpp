// The solvers' wide passes at four, eight and sixteen lanes: the same bits after every step of
// whole worlds, no lanes of soft step's left for ngs to solve after a switch, and lane counts the
// engine cannot use refused without changing the one in use.

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

TEST(LaneWidth, EveryLaneWidthGivesTheSameBitsAfterEveryStep)
{
    const std::vector<int> widths = test::availableLaneWidths();
    if (widths.size() < 2)
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
    // And a pyramid whose lane groups are too many for the cache at every width, so that the solve
    // passes ask for the groups ahead (wide_soft_solver.cpp): a few steps, as it is large.
    worlds.emplace_back("pyramid150", scenes::pyramid(150));
    for (auto& [name, scene] : worlds)
    {
        scene.world.allowSleep = false;
        const int steps = name == "pyramid150" ? 5 : 150;
        const std::vector<std::uint64_t> four = hashesAt(4, scene, steps);
        for (std::size_t k = 1; k < widths.size(); ++k)
        {
            EXPECT_EQ(four, hashesAt(widths[k], scene, steps)) << name << ", " << widths[k] << " lanes";
        }
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
    for (const int lanes : test::availableLaneWidths())
    {
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

TEST(LaneWidth, OnlyFourOrAnAvailableEightOrSixteenIsTakenAndARefusalChangesNothing)
{
    const test::KeepLaneWidth keep;
    setLaneWidth(4);
    EXPECT_EQ(laneWidth(), 4);
    for (const int bad : {0, 1, 2, 5, 12, 32, -4})
    {
        EXPECT_THROW(setLaneWidth(bad), std::invalid_argument) << bad;
        EXPECT_EQ(laneWidth(), 4) << bad;
    }
    const std::pair<int, bool> wide[] = {{8, eightLanesAvailable()}, {16, sixteenLanesAvailable()}};
    for (const auto& [lanes, available] : wide)
    {
        setLaneWidth(4);
        if (available)
        {
            setLaneWidth(lanes);
            EXPECT_EQ(laneWidth(), lanes);
        }
        else
        {
            EXPECT_THROW(setLaneWidth(lanes), std::invalid_argument) << lanes;
            EXPECT_EQ(laneWidth(), 4) << lanes;
        }
    }
}

// Sixteen lanes need the instructions eight do, and more.
TEST(LaneWidth, SixteenLanesAreAvailableOnlyWhereEightAre)
{
    EXPECT_TRUE(!sixteenLanesAvailable() || eightLanesAvailable());
    const int widest = sixteenLanesAvailable() ? 16 : eightLanesAvailable() ? 8 : 4;
    const test::KeepLaneWidth keep;
    EXPECT_EQ(keep.width, widest) << "the default is the widest available";
}

} // namespace
} // namespace oblique
