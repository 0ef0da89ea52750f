#pragma once
// Internal: four floats (or four lane masks) that the compiler keeps in one vector register (GCC
// and Clang vector extensions: SSE on x86-64), and the lane operations the wide solvers share.

#include <cstdint>

namespace oblique::detail
{

using Float4 = float __attribute__((vector_size(16)));
using Mask4 = std::int32_t __attribute__((vector_size(16)));

inline Float4 splat(float x)
{
    return Float4{x, x, x, x};
}

// As std::min and std::max decide, so that a lane computes exactly what the scalar pass does.
inline Float4 min4(Float4 a, Float4 b)
{
    return b < a ? b : a;
}

inline Float4 max4(Float4 a, Float4 b)
{
    return a < b ? b : a;
}

} // namespace oblique::detail
