#pragma once
// What each colour of the world's draw layers means, as the panel's legends show it. The entries
// hold the palette's own constants (oblique/draw_palette.hpp), the ones World::draw draws with,
// so a legend cannot drift from the picture.

#include "oblique/debug_draw.hpp"

#include <span>
#include <string>
#include <vector>

namespace oblique::sandbox
{

struct LegendEntry
{
    std::string label;
    Color color;
};

// The layers that have a legend.
enum class LegendLayer
{
    Bodies,
    Broadphase,
    Contacts,
    GraphColors,
    Joints,
    Centers,
};

// The legend of one layer, in the order the panel lists it.
std::vector<LegendEntry> legendFor(LegendLayer layer);

} // namespace oblique::sandbox
