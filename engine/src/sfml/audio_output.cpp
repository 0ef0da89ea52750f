// Choosing the audio output once: a device when the machine has one, OpenAL's null output when it
// has none, and a probe that tells whether OpenAL could open what was chosen.

#include "oblique/sfml/audio_output.hpp"

#include "sfml_error_capture.hpp"

#include <SFML/Audio/SoundBuffer.hpp>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>

namespace oblique
{

namespace
{

namespace fs = std::filesystem;

bool pathExists(const fs::path& path)
{
    std::error_code error;
    return fs::exists(path, error);
}

// An ALSA playback PCM: /dev/snd/pcmC<card>D<device>p.
bool hasAlsaPlayback()
{
    std::error_code error;
    fs::directory_iterator entries("/dev/snd", error);
    if (error)
    {
        return false;
    }
    for (const fs::directory_entry& entry : entries)
    {
        const std::string name = entry.path().filename().string();
        if (name.starts_with("pcmC") && name.ends_with('p'))
        {
            return true;
        }
    }
    return false;
}

bool hasSoundServer()
{
    if (std::getenv("PULSE_SERVER") != nullptr)
    {
        return true;
    }
    const char* runtimeDir = std::getenv("XDG_RUNTIME_DIR");
    if (runtimeDir == nullptr)
    {
        return false;
    }
    const fs::path runtime(runtimeDir);
    return pathExists(runtime / "pulse" / "native") || pathExists(runtime / "pipewire-0");
}

bool hasPlaybackDevice()
{
    return hasAlsaPlayback() || hasSoundServer() || pathExists("/dev/dsp");
}

AudioOutput openAudioOutput()
{
    const char* drivers = std::getenv("ALSOFT_DRIVERS");
    bool silent = drivers != nullptr && std::string_view(drivers) == "null";
    if (drivers == nullptr && !hasPlaybackDevice())
    {
        // OpenAL reads this when it starts, which is the probe below at the latest.
        setenv("ALSOFT_DRIVERS", "null", 0);
        silent = true;
    }
    // SFML opens the device with its first audio resource and reports a failure on sf::err();
    // loading one sample is the smallest thing that needs a working OpenAL context.
    // The probe lives until exit: SFML closes the device whenever its last sound or buffer goes,
    // and opening it again costs about 10 ms (a game unloading its content, then loading more,
    // would pay that each time). Static, not leaked, so the device is closed at exit.
    detail::SfmlErrorCapture errors;
    static sf::SoundBuffer probe;
    const sf::Int16 sample = 0;
    const bool loaded = probe.loadFromSamples(&sample, 1, 1, 44100);
    if (!loaded || !errors.text().empty())
    {
        return AudioOutput::Unavailable;
    }
    return silent ? AudioOutput::Silent : AudioOutput::Device;
}

} // namespace

AudioOutput audioOutput()
{
    static const AudioOutput output = openAudioOutput();
    return output;
}

const char* toString(AudioOutput output)
{
    switch (output)
    {
    case AudioOutput::Device:
        return "device";
    case AudioOutput::Silent:
        return "silent";
    case AudioOutput::Unavailable:
        return "unavailable";
    }
    return "unknown";
}

} // namespace oblique
