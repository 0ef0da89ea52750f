#pragma once
// Internal: the lane count a wide pass runs at in one step. Sixteen lanes pay only where the
// batches solved together (colours, levels) are large: a batch fills its last group with padding,
// and most of a sixteen-lane group is padding in a small one.

#include <cstdint>

namespace oblique::detail
{

// width, or eight in place of sixteen where the batches (those not empty) hold fewer than 32 items
// on average.
int laneWidthFor(int width, const std::int32_t* batchSizes, int batchCount);

} // namespace oblique::detail
