// Which lane count a pass runs at: sixteen only where its batches are large enough to fill the
// lanes; other widths as asked; and room kept for the width a later step may switch to.

#include "lane_choice.hpp"
#include "wide_soft_solver.hpp"

#include <cstdint>
#include <gtest/gtest.h>
#include <vector>

namespace oblique::detail
{
namespace
{

int widthFor(int width, const std::vector<std::int32_t>& sizes)
{
    return laneWidthFor(width, sizes.data(), static_cast<int>(sizes.size()));
}

TEST(LaneChoice, SixteenLanesGiveWayToEightWhereBatchesAverageUnderThirtyTwo)
{
    EXPECT_EQ(widthFor(16, {40, 30, 26}), 16); // 32 on average
    EXPECT_EQ(widthFor(16, {40, 30, 25}), 8);  // just under
    EXPECT_EQ(widthFor(16, {370, 360, 12, 3}), 16);
    EXPECT_EQ(widthFor(16, {22, 21, 20, 23}), 8);
}

TEST(LaneChoice, EmptyBatchesDoNotCount)
{
    EXPECT_EQ(widthFor(16, {64, 0, 0, 0, 0, 0}), 16);
    EXPECT_EQ(widthFor(16, {0, 0, 0}), 16); // nothing to solve: any width does
}

TEST(LaneChoice, OtherWidthsStayAsAsked)
{
    for (const int width : {4, 8})
    {
        EXPECT_EQ(widthFor(width, {1, 2, 3}), width);
        EXPECT_EQ(widthFor(width, {500, 600}), width);
    }
}

TEST(LaneChoice, SixteenAndEightTradePlacesAndNothingElseDoes)
{
    EXPECT_EQ(alternateLaneWidth(16, 16), 8);
    EXPECT_EQ(alternateLaneWidth(16, 8), 16);
    EXPECT_EQ(alternateLaneWidth(8, 8), 0);
    EXPECT_EQ(alternateLaneWidth(4, 4), 0);
}

TEST(LaneChoice, GroupsAreEachBatchsCountRoundedUp)
{
    const std::vector<std::int32_t> sizes{40, 0, 16, 3};
    EXPECT_EQ(laneGroupsFor(sizes.data(), 4, 16), 3 + 0 + 1 + 1);
    EXPECT_EQ(laneGroupsFor(sizes.data(), 4, 8), 5 + 0 + 2 + 1);
}

// A step at one width keeps room for the colours at the other, so that a warm world's first step
// at it allocates nothing.
TEST(LaneChoice, TheSoftSolverKeepsRoomForTheOtherWidth)
{
    const std::vector<std::int32_t> sizes{400, 350, 30, 3};
    const int count = static_cast<int>(sizes.size());
    WideSoftSolver wide;
    wide.begin(16);
    wide.layOutColours(sizes.data(), count, 8);
    EXPECT_EQ(wide.groupCount(), laneGroupsFor(sizes.data(), count, 16));
    EXPECT_TRUE(wide.wide8.empty());
    EXPECT_GE(wide.wide8.capacity(), static_cast<std::size_t>(laneGroupsFor(sizes.data(), count, 8)));

    WideSoftSolver other;
    other.begin(8);
    other.layOutColours(sizes.data(), count, 16);
    EXPECT_EQ(other.groupCount(), laneGroupsFor(sizes.data(), count, 8));
    EXPECT_GE(other.wide16.capacity(), static_cast<std::size_t>(laneGroupsFor(sizes.data(), count, 16)));
}

} // namespace
} // namespace oblique::detail
