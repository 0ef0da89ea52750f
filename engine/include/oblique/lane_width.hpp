#pragma once
/// How many constraints the solvers' wide passes (contacts of both solvers, soft step's plain
/// hinges) solve at once: eight (AVX2) on a CPU that has it, otherwise four (SSE2). Both widths
/// give the same bits; only the speed differs.

namespace oblique
{

/// True when this build of the engine and this CPU can solve eight lanes at once.
bool eightLanesAvailable();

/// The lane count every world's next step uses: 8 where available, otherwise 4, unless set.
int laneWidth();

/// Sets the lane count for every world from its next step: 4, or 8 where available. Any other
/// value is an API error (oblique/api_error.hpp) and changes nothing.
void setLaneWidth(int lanes);

} // namespace oblique
