#pragma once
/// SoundEffect: a short sound decoded into memory (MonoGame's SoundEffect), played fire and forget
/// or through SoundEffectInstance. ContentManager loads it from .wav, .ogg and .flac files.

#include "oblique/sfml/game_time.hpp"
#include "oblique/sfml/sound_effect_instance.hpp"

#include <cstddef>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace oblique
{

/// Decoded samples ready to play, any number of times at once.
///
/// \code
/// oblique::SoundEffect jump = oblique::SoundEffect::fromFile("Content/sounds/jump.wav");
/// jump.play();                    // full volume, unchanged pitch, centred
/// jump.play(0.5f, 0.25f, -1.0f);  // half volume, a quarter octave up, on the left
/// \endcode
///
/// Loading and the inspectors (duration, sampleRate, channelCount) work whatever the audio output
/// (see audioOutput), even with no sound device at all. Not thread-safe: use it from the game's
/// thread.
class SoundEffect
{
public:
    /// The most voices (fire-and-forget plays plus instances) that exist at once; play() returns
    /// false and createInstance() throws when they are all in use. It stays under OpenAL's 256
    /// sources, leaving room for songs.
    static constexpr std::size_t kMaxVoices = 224;

    /// Decodes a WAV, Ogg Vorbis or FLAC file. Throws ContentLoadError naming the file when it is
    /// missing, is not a sound file SFML can decode, is cut short, or holds no samples.
    static SoundEffect fromFile(const std::filesystem::path& path);
    /// The file extensions fromFile reads: .wav, .ogg, .flac.
    static std::span<const std::string_view> fileExtensions();

    SoundEffect(SoundEffect&&) noexcept;
    SoundEffect& operator=(SoundEffect&&) noexcept;
    ~SoundEffect();

    /// The length of the sound, to the nearest nanosecond below.
    GameDuration duration() const;
    /// Samples per second per channel (e.g. 44100).
    unsigned sampleRate() const;
    /// 1 (mono) or 2 (stereo); more for surround files.
    unsigned channelCount() const;
    /// The name it was loaded under: the file's name without its extension, unless setName changed
    /// it (ContentManager names it after the asset).
    const std::string& name() const;
    /// Renames the effect.
    void setName(std::string name);

    /// Plays the whole sound once at full volume, unchanged pitch and centred; see play(float,
    /// float, float).
    bool play() const;
    /// Plays the whole sound once and forgets it: volume in [0, 1] (scaled by masterVolume), pitch
    /// in [-1, 1] octaves, pan in [-1, 1] (mono sounds only). Returns false when it could not play:
    /// the output is Unavailable or all kMaxVoices voices are playing. Values out of range or NaN
    /// throw std::invalid_argument naming the value, even when nothing could play.
    bool play(float volume, float pitch, float pan) const;
    /// A new instance of this sound to control (stopped, volume 1, pitch 0, pan 0, not looped).
    /// Throws std::length_error when kMaxVoices voices already exist.
    std::unique_ptr<SoundEffectInstance> createInstance() const;

    /// The volume every sound effect is scaled by, in [0, 1]; 1 at first. Songs are not affected
    /// (MediaPlayer has its own volume).
    static float masterVolume();
    /// Sets the master volume, in [0, 1]; sounds already playing change at once.
    static void setMasterVolume(float volume);

private:
    struct Data;
    explicit SoundEffect(std::unique_ptr<Data> data);
    std::unique_ptr<Data> m_data;
};

} // namespace oblique
