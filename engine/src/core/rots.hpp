#pragma once
// Internal: the rotations of many angles at once, the same bits as makeRot gives each.

#include "oblique/rot.hpp"

#include <cstddef>

namespace oblique::detail
{

// rotations[i] = makeRot(radians[i]) for i < count, several at a time.
void makeRots(const float* radians, Rot* rotations, std::size_t count);

} // namespace oblique::detail
