// The lane count of the solvers' wide passes: found once from the CPU, settable for every world.

#include "oblique/lane_width.hpp"

#include "oblique/api_error.hpp"

#include <atomic>
#if defined(OBLIQUE_EIGHT_LANES)
#include <cpuid.h>
#endif
#include <string>

namespace oblique
{

namespace
{

// AVX2 is usable when the CPU has it and the operating system saves the 256-bit registers on a
// context switch (OSXSAVE set, and XCR0 enabling both the SSE and the AVX state).
bool cpuHasAvx2()
{
#if defined(OBLIQUE_EIGHT_LANES)
    unsigned eax = 0;
    unsigned ebx = 0;
    unsigned ecx = 0;
    unsigned edx = 0;
    if (__get_cpuid_max(0, nullptr) < 7 || __get_cpuid(1, &eax, &ebx, &ecx, &edx) == 0)
    {
        return false;
    }
    if ((ecx & bit_OSXSAVE) == 0 || (ecx & bit_AVX) == 0)
    {
        return false;
    }
    unsigned xcr0 = 0;
    unsigned xcr0High = 0;
    __asm__("xgetbv" : "=a"(xcr0), "=d"(xcr0High) : "c"(0));
    if ((xcr0 & 6u) != 6u)
    {
        return false;
    }
    __cpuid_count(7, 0, eax, ebx, ecx, edx);
    return (ebx & bit_AVX2) != 0;
#else
    return false;
#endif
}

} // namespace

bool eightLanesAvailable()
{
    static const bool available = cpuHasAvx2();
    return available;
}

namespace
{

std::atomic<int>& chosenWidth()
{
    static std::atomic<int> width{eightLanesAvailable() ? 8 : 4};
    return width;
}

} // namespace

int laneWidth()
{
    return chosenWidth().load(std::memory_order_relaxed);
}

void setLaneWidth(int lanes)
{
    if (lanes != 4 && lanes != 8)
    {
        reportApiError(("setLaneWidth: lanes must be 4 or 8, not " + std::to_string(lanes)).c_str());
    }
    if (lanes == 8 && !eightLanesAvailable())
    {
        reportApiError("setLaneWidth: 8 lanes need AVX2, which this CPU or this build lacks");
    }
    chosenWidth().store(lanes, std::memory_order_relaxed);
}

} // namespace oblique
