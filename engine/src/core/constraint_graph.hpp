#pragma once
// Internal: the constraint graph colours the solver's contacts so that no colour holds two on one
// body that moves under impulses (static and kinematic bodies are never coloured). A colour's
// constraints touch disjoint bodies, so they can be solved in any order, four lanes at a time or
// on several threads, with the same result. A contact keeps its colour from step to step; one
// that fits no colour goes to the overflow, solved one at a time.

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace oblique::detail
{

struct WorldState;

inline constexpr int kGraphColors = 24;
// Contacts between two moving bodies use the first colours, up to this many; a contact with a
// static or kinematic body takes colours from the last down to colour 1 (constraint_graph.cpp).
inline constexpr int kDynamicColors = kGraphColors - 4;
inline constexpr std::int32_t kOverflow = kGraphColors;
inline constexpr std::int32_t kNoColor = -1;

// A contact's place in the graph: its colour (kNoColor when it is not in the graph, kOverflow),
// its index there, and the body slots the graph coloured for it (-1 for a body impulses do not
// move).
struct GraphPlace
{
    std::int32_t color = kNoColor;
    std::int32_t index = -1;
    std::int32_t bodyA = -1;
    std::int32_t bodyB = -1;

    bool inGraph() const { return color != kNoColor; }
};

struct GraphColor
{
    std::vector<std::uint64_t> bodies; // bit per body slot: the body has a constraint here
    std::vector<std::int32_t> contacts;
};

struct ConstraintGraph
{
    std::array<GraphColor, kGraphColors> colors;
    std::vector<std::int32_t> overflow;
    // Scratch for updateConstraintGraph: the contacts joining this step, with their order keys.
    std::vector<std::pair<std::uint32_t, std::int32_t>> joining;
    // The contacts the narrow phase left active but out of the graph, or in it but inactive (it
    // notes them as it finishes each): while the solver's bodies stay those of the last update,
    // the only ones whose place can change.
    std::vector<std::int32_t> candidates;
    // The next update looks at every contact: the world was restored, or an ngs step did not
    // keep the graph.
    bool sweepNeeded = true;

    // Picks the colour (or kOverflow) for a contact between these body slots and marks them in it;
    // a slot that does not move under impulses is passed as -1.
    std::int32_t pick(std::int32_t bodyA, std::int32_t bodyB);
    // Puts the contact into the colour pick gave it; returns its index there.
    std::int32_t place(std::int32_t contact, std::int32_t color);
    // Takes the contact out of its colour; returns the contact now at its place (or -1) so its
    // index can be updated.
    std::int32_t remove(std::int32_t color, std::int32_t indexInColor, std::int32_t bodyA,
                        std::int32_t bodyB);
};

// Brings the graph in line with this step's solver contacts: in every active contact with an awake
// body, out otherwise. Runs after the bodies are gathered. Looks at the narrow phase's candidates
// alone while the solver's bodies are those of the last update (and that update was this one's
// predecessor); at every contact otherwise.
void updateConstraintGraph(WorldState& w);
// Takes a contact out of the graph (when it is destroyed).
void removeFromGraph(WorldState& w, std::int32_t contact);

} // namespace oblique::detail
