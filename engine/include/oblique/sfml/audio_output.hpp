#pragma once
/// AudioOutput: where the framework's sounds go on this machine, a real device or a silent
/// stand-in, chosen once when the first sound or song is loaded.

namespace oblique
{

/// The output the audio classes play to.
enum class AudioOutput
{
    /// A sound device (ALSA, PulseAudio or PipeWire through OpenAL).
    Device,
    /// No sound device on this machine (a server, a container, CI): OpenAL's null output, which
    /// plays every sound for its length in silence, so states and loops behave as with a device.
    Silent,
    /// Opening the output failed. Sounds still load and report their length, rate and channels,
    /// but nothing plays: SoundEffect::play returns false and instances and the media player stay
    /// Stopped.
    Unavailable,
};

/// The output in use, opened on the first call (loading a SoundEffect or Song calls it).
///
/// When the environment does not name OpenAL's outputs (ALSOFT_DRIVERS) and the machine has no
/// playback device (no ALSA PCM under /dev/snd, no PulseAudio or PipeWire socket, no /dev/dsp),
/// it selects OpenAL's null output by setting ALSOFT_DRIVERS=null before OpenAL starts: a
/// headless run then neither prints OpenAL's and ALSA's device errors nor fails to play.
AudioOutput audioOutput();

/// "device", "silent" or "unavailable".
const char* toString(AudioOutput output);

} // namespace oblique
