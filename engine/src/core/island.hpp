#pragma once
// Internal: islands, the groups of bodies joined by contacts the solver works on. They are found
// afresh each step by union-find over the awake bodies' contacts and joints, reaching into a
// sleeping island only to wake it; a body wakes with its island, and an island sleeps only when
// all of its bodies have been still long enough.

#include "contact_set.hpp"

#include <cstdint>
#include <vector>

namespace oblique::detail
{

struct StepContext;
struct WorldState;

// Reused from step to step.
struct Islands
{
    std::vector<std::int32_t> parent; // union-find forest over body slots; roots are the lowest slot
    std::vector<float> sleep;         // per root: the shortest sleep time of its bodies
    std::vector<std::int32_t> queue;  // sleeping bodies woken with their island, to reach from
    ContactSet contacts;              // the contacts whose bodies are joined without a search
    bool anyAsleep = false;           // after the islands were built, some body still sleeps
};

std::int32_t findRoot(std::vector<std::int32_t>& parent, std::int32_t i);

// Joins bodies by active contacts and wakes every sleeping body that shares an island with an
// awake one. The forest is whole for the awake islands only: a sleeping body is a root of its own
// unless its island was woken.
void buildIslands(StepContext& ctx);
// The whole forest, sleeping islands too, over every contact and joint: for World::stats.
void uniteAll(const WorldState& w, std::vector<std::int32_t>& parent);
// Advances sleep timers and puts to sleep the islands that have been still for long enough.
void updateSleep(StepContext& ctx);

} // namespace oblique::detail
