#pragma once
// Internal: islands, the groups of bodies joined by contacts the solver works on. They are found
// afresh each step by union-find; a body wakes with its island, and an island sleeps only when
// all of its bodies have been still long enough.

#include <cstdint>
#include <vector>

namespace oblique::detail
{

struct StepContext;

// Reused from step to step.
struct Islands
{
    std::vector<std::int32_t> parent; // union-find forest over body slots; roots are the lowest slot
    std::vector<float> sleep;         // per root: the shortest sleep time of its bodies
    std::vector<std::uint8_t> awake;  // per root: some body of it is awake
};

std::int32_t findRoot(std::vector<std::int32_t>& parent, std::int32_t i);

// Joins bodies by active contacts and wakes every sleeping body that shares an island with an
// awake one.
void buildIslands(StepContext& ctx);
// Advances sleep timers and puts to sleep the islands that have been still for long enough.
void updateSleep(StepContext& ctx);

} // namespace oblique::detail
