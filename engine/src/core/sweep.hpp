#pragma once
// Internal: whether a contact's two shapes come within reach of each other during a step, each
// carried on as its body moves at the step's start (a straight line and a steady turn). A
// contact's look-ahead gives it speculative points out to as far as the pair can close in the
// step, measured along the normal at the step's start; a fast body passing beside another (a
// bullet grazing a ball) would close along that normal, be held by the point and knock the other
// aside through the gap. Such points are kept only where the sweep says the shapes can meet.

#include "contact.hpp"

namespace oblique::detail
{

struct WorldState;

// Drops the contact's points more than reach apart unless the sweep says its shapes can meet.
// Bodies whose path is not their own to draw (held by a joint, steered last step, spinning:
// sweep.cpp) keep every point.
void dropMissedPoints(const WorldState& w, Contact& contact, float dt, float reach);

} // namespace oblique::detail
