// SoundEffectInstance: MonoGame's play/pause/resume/stop rules on one SFML sound.

#include "oblique/sfml/sound_effect_instance.hpp"

#include "audio_checks.hpp"
#include "sound_status.hpp"
#include "sound_voice.hpp"

namespace oblique
{

SoundEffectInstance::SoundEffectInstance(const sf::SoundBuffer* buffer)
{
    if (buffer != nullptr)
    {
        m_voice = std::make_unique<detail::SoundVoice>(*buffer);
    }
}

SoundEffectInstance::~SoundEffectInstance() = default;

void SoundEffectInstance::play()
{
    if (m_voice && state() != SoundState::Playing)
    {
        m_voice->sound().play();
    }
}

void SoundEffectInstance::pause()
{
    if (m_voice && state() == SoundState::Playing)
    {
        m_voice->sound().pause();
    }
}

void SoundEffectInstance::resume()
{
    // From Stopped this starts the sound, as MonoGame's Resume does; from Paused, sf::Sound::play
    // carries on where it paused.
    play();
}

void SoundEffectInstance::stop()
{
    if (m_voice)
    {
        m_voice->sound().stop();
    }
}

SoundState SoundEffectInstance::state() const
{
    if (!m_voice)
    {
        return SoundState::Stopped;
    }
    return detail::toSoundState(m_voice->sound().getStatus());
}

void SoundEffectInstance::setVolume(float volume)
{
    m_volume = detail::checkedUnit("SoundEffectInstance::setVolume: volume", volume);
    if (m_voice)
    {
        m_voice->setVolume(m_volume);
    }
}

void SoundEffectInstance::setPitch(float pitch)
{
    m_pitch = detail::checkedSigned("SoundEffectInstance::setPitch: pitch", pitch);
    if (m_voice)
    {
        m_voice->setPitch(m_pitch);
    }
}

void SoundEffectInstance::setPan(float pan)
{
    m_pan = detail::checkedSigned("SoundEffectInstance::setPan: pan", pan);
    if (m_voice)
    {
        m_voice->setPan(m_pan);
    }
}

void SoundEffectInstance::setLooped(bool looped)
{
    m_looped = looped;
    if (m_voice)
    {
        m_voice->sound().setLoop(looped);
    }
}

} // namespace oblique
