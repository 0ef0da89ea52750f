#pragma once
// Puts back the lane count (oblique/lane_width.hpp) a test found, whatever the test set: the
// count is process-wide. And the lane counts a test can run here.

#include "oblique/lane_width.hpp"

#include <vector>

namespace oblique::test
{

struct KeepLaneWidth
{
    int width = laneWidth();
    KeepLaneWidth() = default;
    KeepLaneWidth(const KeepLaneWidth&) = delete;
    KeepLaneWidth& operator=(const KeepLaneWidth&) = delete;
    ~KeepLaneWidth() { setLaneWidth(width); }
};

// Four, then eight and sixteen where this build and CPU can run them.
inline std::vector<int> availableLaneWidths()
{
    std::vector<int> widths{4};
    if (eightLanesAvailable())
    {
        widths.push_back(8);
    }
    if (sixteenLanesAvailable())
    {
        widths.push_back(16);
    }
    return widths;
}

} // namespace oblique::test
