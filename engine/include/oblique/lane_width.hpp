#pragma once
/// How many constraints the solvers' wide passes (contacts of both solvers, soft step's plain
/// hinges) solve at once: sixteen (AVX-512) or eight (AVX2) on a CPU that has them, otherwise four
/// (SSE2). Every width gives the same bits; only the speed differs. At sixteen, the hinges and any
/// step whose colours average fewer than 32 contacts run eight, which is faster there.

namespace oblique
{

/// True when this build of the engine and this CPU can solve eight lanes at once.
bool eightLanesAvailable();

/// True when this build of the engine and this CPU can solve sixteen lanes at once.
bool sixteenLanesAvailable();

/// The lane count every world's next step uses: the widest available, unless set.
int laneWidth();

/// Sets the lane count for every world from its next step: 4, or 8 or 16 where available. Any
/// other value is an API error (oblique/api_error.hpp) and changes nothing.
void setLaneWidth(int lanes);

} // namespace oblique
