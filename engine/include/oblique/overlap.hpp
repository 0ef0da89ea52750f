#pragma once
/// Boolean overlap tests between shapes: the cheapest exact answer to "do these touch?".
/// Touching counts as overlapping, like every other test in the library.

#include "oblique/circle.hpp"
#include "oblique/obb.hpp"

namespace oblique
{

/// Separating-axis test over the four face axes. All four are evaluated, without branches, rather
/// than stopping at the first that separates: when whether boxes touch is hard to predict, as in a
/// broadphase's candidate pairs, that is the faster of the two (docs/performance.md has both
/// figures). Robust for near-parallel boxes: each cross term is padded by a small epsilon so
/// rounding in the cached rotations can only make touching boxes count as touching, never open a
/// false gap.
bool testOverlap(const Obb& a, const Obb& b);
bool testOverlap(const Obb& box, const Circle& circle);
bool testOverlap(const Circle& circle, const Obb& box);
bool testOverlap(const Circle& a, const Circle& b);

} // namespace oblique
