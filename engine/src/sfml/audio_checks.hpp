#pragma once
// Range checks for the audio classes' volume, pitch and pan, refusing a bad value with
// std::invalid_argument as MonoGame refuses it with ArgumentOutOfRangeException.

#include <string_view>

namespace oblique::detail
{

// Returns `value` when it is in [0, 1]; otherwise throws std::invalid_argument with a message
// like "SoundEffectInstance::setVolume: volume 1.5 is outside [0, 1]". `what` is the function and
// the value's name.
float checkedUnit(std::string_view what, float value);
// As checkedUnit, for [-1, 1] (pitch in octaves, pan).
float checkedSigned(std::string_view what, float value);

} // namespace oblique::detail
