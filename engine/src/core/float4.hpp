#pragma once
// Internal: four floats (or four lane masks) that the compiler keeps in one vector register (GCC
// and Clang vector extensions: SSE on x86-64), and the lane operations the wide solvers share.

#include <cmath>
#include <cstdint>
#if defined(__SSE__)
#include <xmmintrin.h>
#endif

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

// Correctly rounded in every lane, as std::sqrt is.
inline Float4 sqrt4(Float4 x)
{
#if defined(__SSE__)
    return _mm_sqrt_ps(x);
#else
    return Float4{std::sqrt(x[0]), std::sqrt(x[1]), std::sqrt(x[2]), std::sqrt(x[3])};
#endif
}

} // namespace oblique::detail
