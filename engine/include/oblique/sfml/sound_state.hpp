#pragma once
/// SoundState: whether a sound effect instance or the media player is playing, paused or stopped
/// (MonoGame's SoundState and MediaState).

namespace oblique
{

/// The playback state of a SoundEffectInstance or of the MediaPlayer.
enum class SoundState
{
    /// Playing now (also on a silent output, where it plays for the sound's length unheard).
    Playing,
    /// Paused where it was; resume() carries on from there.
    Paused,
    /// Not started, stopped, or played to its end; the next play starts from the beginning.
    Stopped,
};

} // namespace oblique
