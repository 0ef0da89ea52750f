#pragma once
// Counts calls to the global operator new while counting is switched on, so the world benchmark can
// show that a warmed-up World::step allocates nothing. The replaced operators are linked only into
// oblique-bench-world; everything else in the project keeps the standard ones.

#include <cstddef>

namespace oblique::bench
{

/// What the counter saw between startCounting() and stopCounting().
struct AllocationCount
{
    std::size_t calls = 0; ///< operator new calls of every form
    std::size_t bytes = 0; ///< bytes they asked for
    std::size_t largest = 0;
};

/// Clears the count and starts counting. Counting is for one thread; the benchmark steps on one.
void startCounting();
AllocationCount stopCounting();

} // namespace oblique::bench
