#pragma once
/// How a body moves: static bodies never move, kinematic bodies move at the velocity they are
/// given and push without being pushed, dynamic bodies respond to forces and contacts.

#include <cstdint>

namespace oblique
{

enum class BodyType : std::uint8_t
{
    Static = 0,
    Kinematic = 1,
    Dynamic = 2,
};

} // namespace oblique
