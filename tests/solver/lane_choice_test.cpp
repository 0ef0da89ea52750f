// Which lane count a pass runs at: sixteen only where its batches are large enough to fill the
// lanes; other widths as asked.

#include "lane_choice.hpp"

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

} // namespace
} // namespace oblique::detail
