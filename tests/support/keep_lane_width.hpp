#pragma once
// Puts back the lane count (oblique/lane_width.hpp) a test found, whatever the test set: the
// count is process-wide.

#include "oblique/lane_width.hpp"

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

} // namespace oblique::test
