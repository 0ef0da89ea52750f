// Range checks shared by SoundEffect, SoundEffectInstance and MediaPlayer.

#include "audio_checks.hpp"

#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>

namespace oblique::detail
{

namespace
{

float checkedRange(std::string_view what, float value, float low, float high)
{
    // Written so that NaN, which compares false with everything, fails the test too.
    if (value >= low && value <= high)
    {
        return value;
    }
    std::ostringstream message;
    message << what << ' ' << value << (std::isnan(value) ? " is not a number, expected" : " is outside")
            << " [" << low << ", " << high << ']';
    throw std::invalid_argument(message.str());
}

} // namespace

float checkedUnit(std::string_view what, float value)
{
    return checkedRange(what, value, 0.0f, 1.0f);
}

float checkedSigned(std::string_view what, float value)
{
    return checkedRange(what, value, -1.0f, 1.0f);
}

} // namespace oblique::detail
