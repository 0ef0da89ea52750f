// The lane count of the solvers' wide passes: found once from the CPU, settable for every world.

#include "oblique/lane_width.hpp"

#include "oblique/api_error.hpp"

#include <atomic>
#include <string>

namespace oblique
{

namespace
{

bool cpuHasAvx2()
{
#if defined(OBLIQUE_EIGHT_LANES)
    // libgcc's answer also checks that the operating system saves the 256-bit registers.
    return __builtin_cpu_supports("avx2") != 0;
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
