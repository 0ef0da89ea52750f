#pragma once
/// Separating-axis test with minimum translation vector: the smallest move that parts two shapes.

#include "oblique/circle.hpp"
#include "oblique/obb.hpp"

namespace oblique
{

/// Outcome of a separating-axis query between shapes A and B.
struct Mtv
{
    bool overlapping = false; ///< true when the shapes overlap or touch
    Vec2 normal;              ///< unit axis of least penetration, pointing from A to B
    /// Penetration along normal: > 0 when overlapping. When separated it is minus the gap along
    /// the best separating axis (for boxes a lower bound on the true distance).
    float depth = 0.0f;
    /// Move B by this (or A by its negative) and the shapes just touch: normal * depth when
    /// overlapping, the zero vector otherwise.
    Vec2 translation;
};

Mtv findMtv(const Obb& a, const Obb& b);
Mtv findMtv(const Obb& a, const Circle& b);
Mtv findMtv(const Circle& a, const Obb& b);
Mtv findMtv(const Circle& a, const Circle& b);

} // namespace oblique
