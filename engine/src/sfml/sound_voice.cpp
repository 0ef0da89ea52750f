// The registry of the framework's sound voices and the master volume applied to them.

#include "sound_voice.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace oblique::detail
{

namespace
{

// Never destroyed: voices held in other static objects unregister during static destruction,
// possibly after this file's statics would have gone.
std::vector<SoundVoice*>& voices()
{
    static auto* registry = new std::vector<SoundVoice*>();
    return *registry;
}

float g_masterVolume = 1.0f;

} // namespace

SoundVoice::SoundVoice(const sf::SoundBuffer& buffer) : m_sound(buffer)
{
    m_sound.setRelativeToListener(true);
    setPan(0.0f);
    setVolume(1.0f);
    voices().push_back(this);
}

SoundVoice::~SoundVoice()
{
    auto& all = voices();
    all.erase(std::remove(all.begin(), all.end(), this), all.end());
}

void SoundVoice::setVolume(float volume)
{
    m_volume = volume;
    m_sound.setVolume(100.0f * volume * g_masterVolume);
}

void SoundVoice::setPitch(float octaves)
{
    m_sound.setPitch(std::exp2(octaves));
}

void SoundVoice::setPan(float pan)
{
    // At distance 1, SFML's default minimum distance, attenuation leaves the gain at 1 wherever the
    // source sits on the circle, so panning does not change loudness.
    m_sound.setPosition(pan, 0.0f, -std::sqrt(1.0f - pan * pan));
}

float SoundVoice::masterVolume()
{
    return g_masterVolume;
}

void SoundVoice::setMasterVolume(float volume)
{
    g_masterVolume = volume;
    for (SoundVoice* voice : voices())
    {
        voice->setVolume(voice->m_volume);
    }
}

std::size_t SoundVoice::count()
{
    return voices().size();
}

} // namespace oblique::detail
