#pragma once
// Internal: lane vectors of N floats (or N lane masks) that the compiler keeps in one register
// (GCC and Clang vector extensions: SSE for four lanes, AVX for eight, AVX-512 for sixteen), and
// the lane operations the wide solvers share. Every operation is always inlined: a file built for
// AVX2 or AVX-512 then emits no copy of them that the linker could hand to code running on a CPU
// without it.

#include <cmath>
#include <cstddef>
#include <cstdint>
#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#define OBLIQUE_LANE_INLINE [[gnu::always_inline]] inline

namespace oblique::detail
{

// A template alias cannot carry a vector size that depends on N, so each width is spelt out.
template <int N>
struct LaneTypes;

template <>
struct LaneTypes<4>
{
    using Float = float __attribute__((vector_size(16)));
    using Mask = std::int32_t __attribute__((vector_size(16)));
};

// Aligned to 32 bytes by name: left to the compiler, a file built without AVX would align them to
// 16 and lay out the structures that hold them differently from the file built with it.
template <>
struct LaneTypes<8>
{
    using Float = float __attribute__((vector_size(32), aligned(32)));
    using Mask = std::int32_t __attribute__((vector_size(32), aligned(32)));
};
static_assert(alignof(LaneTypes<8>::Float) == 32 && alignof(LaneTypes<8>::Mask) == 32);

// Aligned to 64 bytes by name, as eight lanes are to 32.
template <>
struct LaneTypes<16>
{
    using Float = float __attribute__((vector_size(64), aligned(64)));
    using Mask = std::int32_t __attribute__((vector_size(64), aligned(64)));
};
static_assert(alignof(LaneTypes<16>::Float) == 64 && alignof(LaneTypes<16>::Mask) == 64);

template <int N>
using LaneFloat = typename LaneTypes<N>::Float;
template <int N>
using LaneMask = typename LaneTypes<N>::Mask;

using Float4 = LaneFloat<4>;
using Mask4 = LaneMask<4>;

// A lane count as a type: what code that learns its width at run time hands to code built for one.
template <int N>
struct LaneCount
{
};

// Of three things held per lane count (four, eight, sixteen), the one for N lanes.
template <int N, class Four, class Eight, class Sixteen>
auto& byLaneCount(Four& four, Eight& eight, Sixteen& sixteen)
{
    if constexpr (N == 16)
    {
        return sixteen;
    }
    else if constexpr (N == 8)
    {
        return eight;
    }
    else
    {
        return four;
    }
}

// f(LaneCount<width>{}) for the lane counts the solvers run: 16, 8, or else 4.
template <class F>
decltype(auto) atLaneCount(int width, F&& f)
{
    switch (width)
    {
    case 16:
        return f(LaneCount<16>{});
    case 8:
        return f(LaneCount<8>{});
    default:
        return f(LaneCount<4>{});
    }
}

// Every lane x. The lanes are written out rather than added to zero, which would turn -0 into +0.
template <class F>
OBLIQUE_LANE_INLINE F splatLanes(float x)
{
    F out;
    for (std::size_t lane = 0; lane < sizeof(F) / sizeof(float); ++lane)
    {
        out[lane] = x;
    }
    return out;
}

// As std::min and std::max decide, so that a lane computes exactly what the scalar pass does.
template <class F>
OBLIQUE_LANE_INLINE F minLanes(F a, F b)
{
    return b < a ? b : a;
}

template <class F>
OBLIQUE_LANE_INLINE F maxLanes(F a, F b)
{
    return a < b ? b : a;
}

// Correctly rounded in every lane, as std::sqrt is.
OBLIQUE_LANE_INLINE Float4 sqrt4(Float4 x)
{
#if defined(__SSE__)
    return _mm_sqrt_ps(x);
#else
    return Float4{std::sqrt(x[0]), std::sqrt(x[1]), std::sqrt(x[2]), std::sqrt(x[3])};
#endif
}

} // namespace oblique::detail
