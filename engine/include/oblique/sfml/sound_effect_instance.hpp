#pragma once
/// SoundEffectInstance: one controllable playback of a SoundEffect (MonoGame's
/// SoundEffectInstance): play, pause, resume and stop it, loop it, and set its volume, pitch and
/// pan while it plays.

#include "oblique/sfml/sound_state.hpp"

#include <memory>

namespace sf
{
class SoundBuffer;
}

namespace oblique
{

namespace detail
{
class SoundVoice;
}

/// A playback of a SoundEffect made by SoundEffect::createInstance. It plays the effect's samples
/// without copying them, so it must not outlive the effect (if it does, it falls silent and
/// reports Stopped). Not copyable or movable: the effect's master volume reaches it by address.
///
/// Values follow MonoGame: volume in [0, 1], pitch in [-1, 1] octaves (0 unchanged, 1 an octave
/// up), pan in [-1, 1] (left to right; OpenAL pans mono sounds only, stereo ones play as they
/// are). Values outside those ranges, and NaN, throw std::invalid_argument and change nothing.
///
/// On an Unavailable output (see audioOutput) play does nothing and the state stays Stopped.
class SoundEffectInstance
{
public:
    ~SoundEffectInstance();
    SoundEffectInstance(const SoundEffectInstance&) = delete;
    SoundEffectInstance& operator=(const SoundEffectInstance&) = delete;

    /// Stopped: plays from the beginning. Paused: carries on (as resume). Playing: nothing.
    void play();
    /// Playing: pauses where it is. Otherwise nothing.
    void pause();
    /// Paused: carries on. Stopped: plays from the beginning (as MonoGame). Playing: nothing.
    void resume();
    /// Stops and rewinds to the beginning.
    void stop();
    /// Playing, Paused or Stopped; a sound that is not looped becomes Stopped at its end.
    SoundState state() const;

    /// Volume in [0, 1] before SoundEffect::masterVolume scales it; 1 at first.
    float volume() const { return m_volume; }
    /// Sets the volume, in [0, 1].
    void setVolume(float volume);
    /// Pitch shift in octaves, in [-1, 1]; 0 at first. Playback speed is 2^pitch.
    float pitch() const { return m_pitch; }
    /// Sets the pitch, in [-1, 1] octaves.
    void setPitch(float pitch);
    /// Pan from -1 (left) to 1 (right); 0 at first.
    float pan() const { return m_pan; }
    /// Sets the pan, in [-1, 1].
    void setPan(float pan);
    /// Whether the sound starts over when it ends; false at first.
    bool isLooped() const { return m_looped; }
    /// Sets looping; takes effect on a playing sound at its next end.
    void setLooped(bool looped);

private:
    friend class SoundEffect;
    // buffer is null when the output is Unavailable: the instance then keeps its settings only.
    explicit SoundEffectInstance(const sf::SoundBuffer* buffer);

    std::unique_ptr<detail::SoundVoice> m_voice;
    float m_volume = 1.0f;
    float m_pitch = 0.0f;
    float m_pan = 0.0f;
    bool m_looped = false;
};

} // namespace oblique
