// The lane count of the solvers' wide passes: found once from the CPU, settable for every world.

#include "oblique/lane_width.hpp"

#include "lane_choice.hpp"
#include "oblique/api_error.hpp"

#include <atomic>
#if defined(OBLIQUE_X86_LANES)
#include <cpuid.h>
#endif
#include <string>

namespace oblique
{

namespace
{

// What CPUID and XCR0 say of the vector registers: a width is usable when the CPU has its
// instructions and the operating system saves its registers on a context switch (OSXSAVE set, and
// XCR0 enabling every state the width uses).
struct VectorSupport
{
    bool avx2 = false;
    bool avx512 = false;
};

VectorSupport readVectorSupport()
{
    VectorSupport out;
#if defined(OBLIQUE_X86_LANES)
    unsigned eax = 0;
    unsigned ebx = 0;
    unsigned ecx = 0;
    unsigned edx = 0;
    if (__get_cpuid_max(0, nullptr) < 7 || __get_cpuid(1, &eax, &ebx, &ecx, &edx) == 0)
    {
        return out;
    }
    if ((ecx & bit_OSXSAVE) == 0 || (ecx & bit_AVX) == 0)
    {
        return out;
    }
    unsigned xcr0 = 0;
    unsigned xcr0High = 0;
    __asm__("xgetbv" : "=a"(xcr0), "=d"(xcr0High) : "c"(0));
    // SSE and AVX state; then the opmask registers and both halves of the 512-bit state.
    constexpr unsigned kAvxState = 0x06u;
    constexpr unsigned kAvx512State = 0xe0u;
    __cpuid_count(7, 0, eax, ebx, ecx, edx);
    out.avx2 = (xcr0 & kAvxState) == kAvxState && (ebx & bit_AVX2) != 0;
    out.avx512 = out.avx2 && (xcr0 & kAvx512State) == kAvx512State && (ebx & bit_AVX512F) != 0;
#endif
    return out;
}

const VectorSupport& vectorSupport()
{
    static const VectorSupport support = readVectorSupport();
    return support;
}

} // namespace

bool eightLanesAvailable()
{
    return vectorSupport().avx2;
}

bool sixteenLanesAvailable()
{
    return vectorSupport().avx512;
}

namespace
{

std::atomic<int>& chosenWidth()
{
    static std::atomic<int> width{sixteenLanesAvailable() ? 16 : eightLanesAvailable() ? 8 : 4};
    return width;
}

} // namespace

int laneWidth()
{
    return chosenWidth().load(std::memory_order_relaxed);
}

void setLaneWidth(int lanes)
{
    if (lanes != 4 && lanes != 8 && lanes != 16)
    {
        reportApiError(("setLaneWidth: lanes must be 4, 8 or 16, not " + std::to_string(lanes)).c_str());
    }
    if (lanes == 8 && !eightLanesAvailable())
    {
        reportApiError("setLaneWidth: 8 lanes need AVX2, which this CPU or this build lacks");
    }
    if (lanes == 16 && !sixteenLanesAvailable())
    {
        reportApiError("setLaneWidth: 16 lanes need AVX-512, which this CPU or this build lacks");
    }
    chosenWidth().store(lanes, std::memory_order_relaxed);
}

} // namespace oblique

namespace oblique::detail
{

namespace
{

// Measured: a colour of the rain of 2,000 holds some 370 contacts and steps 6 to 9 % faster at
// sixteen lanes; the ragdoll pile's and the tumbler's hold some 22 and gain nothing (a few per cent
// slower when sixteen wide); the 20-row pyramid's 57 gain 3 to 5 %.
constexpr std::int64_t kSixteenLaneBatch = 32;

} // namespace

int laneWidthFor(int width, const std::int32_t* batchSizes, int batchCount)
{
    if (width != 16)
    {
        return width;
    }
    std::int64_t items = 0;
    std::int64_t batches = 0;
    for (int b = 0; b < batchCount; ++b)
    {
        items += batchSizes[b];
        batches += batchSizes[b] > 0 ? 1 : 0;
    }
    return items >= kSixteenLaneBatch * batches ? 16 : 8;
}

int alternateLaneWidth(int widest, int chosen)
{
    if (widest != 16)
    {
        return 0;
    }
    return chosen == 16 ? 8 : 16;
}

std::int32_t laneGroupsFor(const std::int32_t* batchSizes, int batchCount, int lanes)
{
    std::int32_t groups = 0;
    for (int b = 0; b < batchCount; ++b)
    {
        groups += (batchSizes[b] + lanes - 1) / lanes;
    }
    return groups;
}

} // namespace oblique::detail
