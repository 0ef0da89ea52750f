#pragma once
// Internal: the joints layer of World::draw.

#include "oblique/debug_draw.hpp"

namespace oblique::detail
{

struct WorldState;

void drawJoints(const WorldState& w, DebugDraw& d);

} // namespace oblique::detail
