#pragma once
// Internal: contact recycling. Soft step keeps a contact's manifold from the step it was found in
// while its two bodies have moved less than a few centimetres and turned less than a few degrees
// relative to each other since: its points stay where they were on each body and only their
// separations follow the motion, as they already do within a step. A pile at rest then costs no
// narrow phase. (Box2D v3 does the same; the idea is its.)

#include "contact.hpp"
#include "shape_geometry.hpp"

namespace oblique::detail
{

struct WorldState;

// c's cache is its entry in WorldState::manifoldCaches.

// Whether c's manifold may be kept this step instead of found again. lookAheadTime is how far
// ahead the step looks (its length with continuous collision, else 0): a pair whose bodies can
// close past the speculative distance in that time, moving as they do relative to each other,
// always looks again, so that nothing comes within reach unseen.
bool mayRecycle(const WorldState& w, const Contact& c, const ManifoldCache& cache, float lookAheadTime,
                bool wasTouching);

// Moves c's points with its bodies and updates their separations.
void recycleManifold(const WorldState& w, Contact& c, const ManifoldCache& cache);

// Whether c's manifold, found empty, would be empty again: its shapes cannot yet have come within
// the speculative distance and lookAhead. Exact, so both solvers skip such a pair whether or not
// they recycle: a net of bodies that swing past one another costs no narrow phase for pairs
// that stay apart.
bool staysApart(const WorldState& w, const Contact& c, const ManifoldCache& cache, float lookAhead);

// Records what c's newly found manifold was found at, for mayRecycle and recycleManifold, when
// the manifold could be kept (soft step recycling, not one-way, and points unless a box pair), and for
// staysApart when it is empty (how far apart the shapes a and b are); otherwise marks the cache unusable.
void cacheManifold(const WorldState& w, const Contact& c, ManifoldCache& cache, const ShapeGeometry& a,
                   const ShapeGeometry& b);

// The part of cacheManifold for mayRecycle and recycleManifold alone: a pair kept apart renews it
// as finding its empty manifold again would have.
void cacheManifoldPoints(const WorldState& w, const Contact& c, ManifoldCache& cache);

} // namespace oblique::detail
