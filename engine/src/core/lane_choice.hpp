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

// The width a pass may run at in another step where `chosen` was picked from `widest`: sixteen
// and eight trade places as the batches grow and shrink. Its storage is kept as large as this
// step would need, so that a warm world allocates nothing the first time it switches. 0: none.
int alternateLaneWidth(int widest, int chosen);

// The lane groups batches of these sizes take at `lanes` lanes, each batch's last one padded.
std::int32_t laneGroupsFor(const std::int32_t* batchSizes, int batchCount, int lanes);

} // namespace oblique::detail
