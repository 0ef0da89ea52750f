#pragma once
// Internal: contact recycling. Soft step keeps a contact's manifold from the step it was found in
// while its two bodies have moved less than a few centimetres and turned less than a few degrees
// relative to each other since: its points stay where they were on each body and only their
// separations follow the motion, as they already do within a step. A pile at rest then costs no
// narrow phase. (Box2D v3 does the same; the idea is its.)

#include "contact.hpp"

namespace oblique::detail
{

struct WorldState;

// Whether c's manifold may be kept this step instead of found again. lookAhead is how far the
// pair can close in the step: fast pairs always look again, so that nothing comes within reach
// unseen.
bool mayRecycle(const WorldState& w, const Contact& c, float lookAhead, bool wasTouching);

// Moves c's points with its bodies and updates their separations.
void recycleManifold(const WorldState& w, Contact& c);

// Records what c's newly found manifold was found at, for mayRecycle and recycleManifold, when
// the manifold could be kept (soft step recycling, a box pair, not one-way); otherwise marks the
// cache unusable.
void cacheManifold(const WorldState& w, Contact& c);

} // namespace oblique::detail
