#pragma once
// Internal: how the engine's helpers that work through World's public calls (the character
// mover) reach the few internal facts those calls do not give, such as a shape's hidden faces.

#include "oblique/world.hpp"
#include "world_state.hpp"

namespace oblique::detail
{

struct WorldInternals
{
    static const WorldState& of(const World& world) { return *world.m_impl; }
};

} // namespace oblique::detail
