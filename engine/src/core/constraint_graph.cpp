// The constraint graph: colours given as contacts join the solver and taken back as they leave.

#include "constraint_graph.hpp"

#include "prefetch.hpp"
#include "world_state.hpp"

#include <algorithm>
#include <cassert>

namespace oblique::detail
{

namespace
{

bool hasBody(const GraphColor& color, std::int32_t body)
{
    const auto word = static_cast<std::size_t>(body) / 64u;
    return word < color.bodies.size() &&
           (color.bodies[word] >> (static_cast<std::uint32_t>(body) % 64u) & 1u) != 0;
}

void setBody(GraphColor& color, std::int32_t body, bool on)
{
    if (body < 0)
    {
        return;
    }
    const auto word = static_cast<std::size_t>(body) / 64u;
    if (word >= color.bodies.size())
    {
        // Geometric growth: a world that keeps adding bodies resizes rarely.
        color.bodies.resize(std::max(word + 1, 2 * color.bodies.size()), 0u);
    }
    const std::uint64_t bit = std::uint64_t{1} << (static_cast<std::uint32_t>(body) % 64u);
    color.bodies[word] = on ? color.bodies[word] | bit : color.bodies[word] & ~bit;
}

bool fits(const GraphColor& color, std::int32_t bodyA, std::int32_t bodyB)
{
    return (bodyA < 0 || !hasBody(color, bodyA)) && (bodyB < 0 || !hasBody(color, bodyB));
}

// The slot of a body the graph colours, or -1 for one that impulses do not move.
std::int32_t coloredSlot(const WorldState& w, std::uint32_t body)
{
    return w.records[body].type == BodyType::Dynamic ? static_cast<std::int32_t>(body) : -1;
}

// Where a joining contact comes in the order contacts take their colours: a hash of its shapes.
// Colours are solved one after another, and first fit in the order pairs were found (which
// follows the order bodies were made) sorts contacts into colours by their shape: in a pyramid
// built row by row, nearly every box's right-hand support took one of the first colours and its
// left-hand support a later one, so each pass ended on the left-hand supports. The pyramid drifted
// left and its top rows swayed (the 100-row pyramid's top box to 0.5 m aside at 1 m/s, where
// mixed colours hold it within 2 cm). The hash mixes every colour, and depends only on the
// shapes, so it is the same whatever slots the contacts take.
std::uint32_t joinOrderKey(const Contact& c)
{
    std::uint32_t h = (c.shapeA * 0x9E3779B1u) ^ ((c.shapeB + 0x7F4A7C15u) * 0x85EBCA77u);
    h ^= h >> 15u;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12u;
    return h;
}

// The graph holds a contact while it is active with a body in the solver.
bool wantedInGraph(const WorldState& w, const Contact& c)
{
    return isActive(c) && (w.solverBodies.slotOf[c.a] != 0 || w.solverBodies.slotOf[c.b] != 0);
}

// Every contact a look at all of them would move into or out of the graph is a candidate (sorted):
// checked in debug builds.
[[maybe_unused]] bool candidatesCoverSweep(const WorldState& w)
{
    bool covered = true;
    w.solverContacts.forEach(
        [&w, &covered](std::int32_t ci)
        {
            const bool wanted = wantedInGraph(w, w.contacts[static_cast<std::size_t>(ci)]);
            if (wanted != w.graphPlaces[static_cast<std::size_t>(ci)].inGraph() &&
                !std::binary_search(w.graph.candidates.begin(), w.graph.candidates.end(), ci))
            {
                covered = false;
            }
        });
    return covered;
}

} // namespace

std::int32_t ConstraintGraph::pick(std::int32_t bodyA, std::int32_t bodyB)
{
    // Pairs of moving bodies take the first colours that fit. A contact with a static (or
    // kinematic) body takes the last that fits: colours are solved in order, so such contacts get
    // the last word in each pass, and a heavy body cannot drive a light one through the ground by
    // pushing on it after the ground has.
    const bool bothMove = bodyA >= 0 && bodyB >= 0;
    const int first = bothMove ? 0 : kGraphColors - 1;
    const int end = bothMove ? kDynamicColors : 0;
    const int stride = bothMove ? 1 : -1;
    for (int c = first; c != end; c += stride)
    {
        GraphColor& color = colors[static_cast<std::size_t>(c)];
        if (fits(color, bodyA, bodyB))
        {
            setBody(color, bodyA, true);
            setBody(color, bodyB, true);
            return c;
        }
    }
    return kOverflow;
}

std::int32_t ConstraintGraph::place(std::int32_t contact, std::int32_t color)
{
    std::vector<std::int32_t>& list =
        color == kOverflow ? overflow : colors[static_cast<std::size_t>(color)].contacts;
    list.push_back(contact);
    return static_cast<std::int32_t>(list.size()) - 1;
}

std::int32_t ConstraintGraph::remove(std::int32_t color, std::int32_t indexInColor, std::int32_t bodyA,
                                     std::int32_t bodyB)
{
    std::vector<std::int32_t>* list = &overflow;
    if (color != kOverflow)
    {
        GraphColor& c = colors[static_cast<std::size_t>(color)];
        setBody(c, bodyA, false);
        setBody(c, bodyB, false);
        list = &c.contacts;
    }
    const auto index = static_cast<std::size_t>(indexInColor);
    const std::int32_t moved = list->back();
    (*list)[index] = moved;
    list->pop_back();
    return index < list->size() ? moved : -1;
}

void removeFromGraph(WorldState& w, std::int32_t contact)
{
    GraphPlace& place = w.graphPlaces[static_cast<std::size_t>(contact)];
    if (!place.inGraph())
    {
        return;
    }
    // The bodies' bits were set by the slots they had when the contact was added; a contact is
    // ended before its body changes type, so the same test gives the same slots now.
    const std::int32_t moved = w.graph.remove(place.color, place.index, place.bodyA, place.bodyB);
    if (moved >= 0)
    {
        w.graphPlaces[static_cast<std::size_t>(moved)].index = place.index;
    }
    place.color = kNoColor;
    place.index = -1;
}

void updateConstraintGraph(WorldState& w)
{
    std::vector<std::pair<std::uint32_t, std::int32_t>>& joining = w.graph.joining;
    joining.clear();
    const auto visit = [&w, &joining](std::int32_t ci)
    {
        const Contact& c = w.contacts[static_cast<std::size_t>(ci)];
        const bool wanted = wantedInGraph(w, c);
        if (wanted == w.graphPlaces[static_cast<std::size_t>(ci)].inGraph())
        {
            return;
        }
        if (!wanted)
        {
            removeFromGraph(w, ci);
            return;
        }
        joining.emplace_back(joinOrderKey(c), ci);
    };
    // After an update every contact the solver may work on is in the graph exactly when wanted.
    // With the same bodies in the solver, whether a contact is wanted changes only with whether it
    // is active, which the narrow phase just looked at: its candidates (in slot order, as the sweep
    // takes them, so that leaving contacts free their places in the same order) are all that can
    // differ.
    std::vector<std::int32_t>& candidates = w.graph.candidates;
    if (w.graph.sweepNeeded || !w.solverBodies.sameBodies)
    {
        w.solverContacts.forEach(
            [&w, &visit](std::int32_t ci)
            {
                // The set is visited in slot order, and most slots are in it: the slots a few on
                // are asked for now.
                prefetchSlot(w.contacts, static_cast<std::size_t>(ci) + kPrefetchAhead);
                visit(ci);
            });
    }
    else
    {
        std::sort(candidates.begin(), candidates.end());
        candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
        assert(candidatesCoverSweep(w));
        for (const std::int32_t ci : candidates)
        {
            visit(ci);
        }
    }
    candidates.clear();
    w.graph.sweepNeeded = false;
    // Leaving contacts first, so that joining ones can take the colours they free. The colours
    // are picked in the hashed order, and the contacts placed in them in the order of their slots:
    // a colour's contacts share no moving body, so the order within it changes nothing but how
    // closely its contacts follow one another in memory (placed in the hashed order, the 100-row
    // pyramid stepped 11 to 13 % slower).
    std::sort(joining.begin(), joining.end());
    for (const auto& [key, ci] : joining)
    {
        const Contact& c = w.contacts[static_cast<std::size_t>(ci)];
        GraphPlace& place = w.graphPlaces[static_cast<std::size_t>(ci)];
        place.bodyA = coloredSlot(w, c.a);
        place.bodyB = coloredSlot(w, c.b);
        place.color = w.graph.pick(place.bodyA, place.bodyB);
    }
    std::sort(joining.begin(), joining.end(),
              [](const auto& x, const auto& y) { return x.second < y.second; });
    for (const auto& [key, ci] : joining)
    {
        GraphPlace& place = w.graphPlaces[static_cast<std::size_t>(ci)];
        place.index = w.graph.place(ci, place.color);
    }
}

} // namespace oblique::detail
