#pragma once
// Internal: faces of a box that a flush neighbour covers, as tile floors and walls built of
// separate boxes have between every two tiles. Such a face, and the corners it ends at, are
// inside the level's solid and must never give a contact normal: the next tile's side face and
// corner are what a body sliding over a seam otherwise catches on.

#include "constants.hpp"
#include "oblique/circle.hpp"
#include "oblique/manifold.hpp"
#include "oblique/obb.hpp"

#include <cstdint>
#include <span>

namespace oblique::detail
{

// Bit i set: face i of the box (box_geometry.hpp's numbering) is hidden.
using FaceMask = std::uint8_t;

inline bool isHidden(FaceMask hidden, int face)
{
    return ((static_cast<unsigned>(hidden) >> static_cast<unsigned>(face)) & 1U) != 0;
}

// How far apart two faces may lie and still be flush, and how far a neighbour may fall short of
// a face's end and still cover it (metres).
inline constexpr float kFlushTolerance = 0.1f * kLinearSlop;

// True when a contact normal pointing out of the box along `normal` (world, unit) comes from a
// feature that is not hidden: a visible face, or a corner between two visible faces.
bool normalAllowed(const Obb& box, FaceMask hidden, Vec2 normal);

// The faces of box that the neighbours, together, cover flush: a neighbour's face on the same
// line, facing the other way, and the neighbours' faces spanning this face's whole length.
FaceMask hiddenFaces(const Obb& box, std::span<const Obb> neighbours);

// collideBoxes and collideBoxCircle for boxes with hidden faces: the reference face is the best
// one whose normal both boxes allow; a circle against a hidden face, or against a corner that
// ends one, is left to the neighbour that hides it, a corner next to one visible face acting as
// that face.
Manifold collideBoxesHidingFaces(const Obb& a, const Obb& b, float speculativeDistance, FaceMask hiddenA,
                                 FaceMask hiddenB);
Manifold collideBoxCircleHidingFaces(const Obb& a, const Circle& b, float speculativeDistance,
                                     FaceMask hiddenA);

} // namespace oblique::detail
