// Opening sound files with the framework's errors.

#include "sound_file.hpp"

#include "oblique/sfml/content_load_error.hpp"
#include "sfml_error_capture.hpp"

#include <system_error>

namespace oblique::detail
{

std::string contentErrorMessage(const std::filesystem::path& path, std::string_view reason)
{
    std::string message = "content \"" + path.string() + "\": ";
    message += reason;
    return message;
}

void openSoundFile(sf::InputSoundFile& file, const std::filesystem::path& path)
{
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error))
    {
        throw ContentLoadError(contentErrorMessage(path, "no such file"));
    }
    SfmlErrorCapture errors;
    if (!file.openFromFile(path.string()))
    {
        const std::string why = errors.text();
        throw ContentLoadError(
            contentErrorMessage(path, "not a sound file SFML can decode (WAV, Ogg Vorbis, FLAC)" +
                                          (why.empty() ? "" : ": " + why)));
    }
    if (file.getSampleCount() == 0 || file.getChannelCount() == 0 || file.getSampleRate() == 0)
    {
        throw ContentLoadError(contentErrorMessage(path, "the file holds no samples"));
    }
}

std::chrono::nanoseconds soundDuration(std::uint64_t samples, unsigned channels, unsigned rate)
{
    const std::uint64_t frames = samples / channels;
    // Whole seconds and the remainder apart, so frames * 1e9 cannot overflow for long files.
    const std::uint64_t seconds = frames / rate;
    const std::uint64_t rest = frames % rate;
    return std::chrono::nanoseconds(
        static_cast<std::int64_t>(seconds * 1'000'000'000u + rest * 1'000'000'000u / rate));
}

} // namespace oblique::detail
