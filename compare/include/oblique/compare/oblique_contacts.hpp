#pragma once
/// The oblique side of `contacts`: the engine's own manifolds for every pair of bodies of a scene.

#include "oblique/compare/contact_report.hpp"
#include "oblique/manifold.hpp"
#include "oblique/scene.hpp"

#include <vector>

namespace oblique::compare
{

/// True when two bodies of these types can touch at all: at least one of them must be dynamic.
bool canCollide(BodyType a, BodyType b);

/// The manifold of two scene bodies with a's shape as shape A, so the normal points from a to b.
Manifold collideBodies(const SceneBody& a, const SceneBody& b);

/// Every touching pair i < j of the scene as loaded, sorted by (i, j). Tests all pairs that can
/// collide; a broadphase makes no difference to the result, only to the time it takes.
std::vector<PairContact> obliqueContacts(const Scene& scene);

} // namespace oblique::compare
