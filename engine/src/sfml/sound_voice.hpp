#pragma once
// SoundVoice: one sf::Sound of the framework's, registered so that SoundEffect::masterVolume
// reaches every voice that exists, and counted against SoundEffect::kMaxVoices. Used by
// SoundEffectInstance and by SoundEffect's fire-and-forget plays.

#include <SFML/Audio/Sound.hpp>
#include <cstddef>

namespace oblique::detail
{

class SoundVoice
{
public:
    explicit SoundVoice(const sf::SoundBuffer& buffer);
    ~SoundVoice();
    SoundVoice(const SoundVoice&) = delete;
    SoundVoice& operator=(const SoundVoice&) = delete;

    sf::Sound& sound() { return m_sound; }
    const sf::Sound& sound() const { return m_sound; }

    // Volume in [0, 1] before the master volume; the sound plays at volume * master.
    void setVolume(float volume);
    // Pitch in octaves: playback speed 2^octaves.
    void setPitch(float octaves);
    // Pan in [-1, 1], by placing the source on a unit circle around the listener (OpenAL pans mono
    // sources only).
    void setPan(float pan);

    static float masterVolume();
    // Sets the master volume and applies it to every voice at once.
    static void setMasterVolume(float volume);
    // How many voices exist now.
    static std::size_t count();

private:
    sf::Sound m_sound;
    float m_volume = 1.0f;
};

} // namespace oblique::detail
