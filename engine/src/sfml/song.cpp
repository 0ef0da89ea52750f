// Song: a file opened for streaming with sf::Music.

#include "oblique/sfml/song.hpp"

#include "oblique/sfml/audio_output.hpp"
#include "oblique/sfml/content_load_error.hpp"
#include "oblique/sfml/media_player.hpp"
#include "sfml_error_capture.hpp"
#include "sound_file.hpp"

#include <SFML/Audio/Music.hpp>

namespace oblique
{

Song::Song(std::unique_ptr<sf::Music> music, std::string name, GameDuration duration)
    : m_music(std::move(music)), m_name(std::move(name)), m_duration(duration)
{
}

Song::Song(Song&&) noexcept = default;

Song& Song::operator=(Song&& other) noexcept
{
    if (this != &other)
    {
        MediaPlayer::forget(m_music.get());
        m_music = std::move(other.m_music);
        m_name = std::move(other.m_name);
        m_duration = other.m_duration;
    }
    return *this;
}

Song::~Song()
{
    MediaPlayer::forget(m_music.get());
}

Song Song::fromFile(const std::filesystem::path& path)
{
    // Checked and measured without OpenAL, so a song can be inspected on any output.
    sf::InputSoundFile file;
    detail::openSoundFile(file, path);
    const GameDuration duration =
        detail::soundDuration(file.getSampleCount(), file.getChannelCount(), file.getSampleRate());

    std::unique_ptr<sf::Music> music;
    if (audioOutput() != AudioOutput::Unavailable)
    {
        music = std::make_unique<sf::Music>();
        detail::SfmlErrorCapture errors;
        if (!music->openFromFile(path.string()))
        {
            throw ContentLoadError(
                detail::contentErrorMessage(path, "SFML could not stream it: " + errors.text()));
        }
    }
    return Song(std::move(music), path.stem().string(), duration);
}

std::span<const std::string_view> Song::fileExtensions()
{
    return detail::kSoundFileExtensions;
}

} // namespace oblique
