#pragma once
// The framework's SoundState for an SFML sound or music status.

#include "oblique/sfml/sound_state.hpp"

#include <SFML/Audio/SoundSource.hpp>

namespace oblique::detail
{

inline SoundState toSoundState(sf::SoundSource::Status status)
{
    switch (status)
    {
    case sf::SoundSource::Playing:
        return SoundState::Playing;
    case sf::SoundSource::Paused:
        return SoundState::Paused;
    case sf::SoundSource::Stopped:
        break;
    }
    return SoundState::Stopped;
}

} // namespace oblique::detail
