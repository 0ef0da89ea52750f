#pragma once
// Internal: filling the solver's reused buffers without allocating once they are warm.

#include <algorithm>
#include <cstddef>
#include <vector>

namespace oblique::detail
{

// v.assign(n, value), growing the capacity geometrically: assign alone reallocates to exactly n
// each time n passes the capacity, which a slowly growing pile would do step after step.
template <typename T>
void refill(std::vector<T>& v, std::size_t n, const T& value)
{
    if (n > v.capacity())
    {
        v.reserve(std::max(n, 2 * v.capacity()));
    }
    v.assign(n, value);
}

// v resized to n without setting what it already held: for a buffer whose every element is
// written before it is read. Grows geometrically, as refill does.
template <typename T>
void resizeForOverwrite(std::vector<T>& v, std::size_t n)
{
    if (n > v.capacity())
    {
        v.reserve(std::max(n, 2 * v.capacity()));
    }
    v.resize(n);
}

} // namespace oblique::detail
