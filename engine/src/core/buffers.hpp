#pragma once
// Internal: filling the solver's reused buffers without allocating once they are warm.

#include <algorithm>
#include <cstddef>
#include <vector>

namespace oblique::detail
{

// Room for n elements, grown geometrically as refill grows it.
template <class Vector>
void reserveAtLeast(Vector& v, std::size_t n)
{
    if (n > v.capacity())
    {
        v.reserve(std::max(n, 2 * v.capacity()));
    }
}

// v.assign(n, value), growing the capacity geometrically: assign alone reallocates to exactly n
// each time n passes the capacity, which a slowly growing pile would do step after step.
template <typename T>
void refill(std::vector<T>& v, std::size_t n, const T& value)
{
    reserveAtLeast(v, n);
    v.assign(n, value);
}

} // namespace oblique::detail
