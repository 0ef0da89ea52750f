#pragma once
// Internal: asking for memory before it is read. The stages that visit records in an order other
// than their own (contacts by colour, bodies by contact) each miss the cache once a record; a long
// loop body keeps only one such miss in flight, so the records some iterations ahead are asked
// for early and their misses overlap the work on this one.

#include <cstddef>
#include <vector>

namespace oblique::detail
{

// How many iterations ahead a loop asks for its records: far enough to cover a miss to memory
// (a few hundred cycles) behind one iteration's work, near enough that the lines are still there.
inline constexpr std::size_t kPrefetchAhead = 8;

// Every cache line of the object at p, for reading. Always inlined: the files built for AVX2 and
// AVX-512 use it, and must not leave a copy of their own for the linker to choose.
template <typename T>
[[gnu::always_inline]] inline void prefetchObject(const T* p)
{
    constexpr std::size_t kLine = 64;
    const char* bytes = reinterpret_cast<const char*>(p);
    for (std::size_t offset = 0; offset < sizeof(T); offset += kLine)
    {
        __builtin_prefetch(bytes + offset);
    }
    __builtin_prefetch(bytes + sizeof(T) - 1);
}

// The record at index of v, when there is one: loops ask for the one kPrefetchAhead on.
template <typename T>
inline void prefetchSlot(const std::vector<T>& v, std::size_t index)
{
    if (index < v.size())
    {
        prefetchObject(&v[index]);
    }
}

} // namespace oblique::detail
