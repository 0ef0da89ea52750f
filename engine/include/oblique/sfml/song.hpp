#pragma once
/// Song: a piece of music streamed from its file while it plays (MonoGame's Song), played by the
/// MediaPlayer. ContentManager loads it from .ogg, .wav and .flac files.

#include "oblique/sfml/game_time.hpp"

#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace sf
{
class Music;
}

namespace oblique
{

/// A song kept open on its file and decoded a little at a time as it plays, so a long track costs
/// little memory. Movable, not copyable; destroying the song the MediaPlayer is playing stops it.
///
/// \code
/// oblique::Song theme = oblique::Song::fromFile("Content/songs/theme.ogg");
/// oblique::MediaPlayer::setRepeating(true);
/// oblique::MediaPlayer::play(theme);
/// \endcode
class Song
{
public:
    /// Opens an Ogg Vorbis, WAV or FLAC file. Throws ContentLoadError naming the file when it is
    /// missing, is not a sound file SFML can decode, or holds no samples.
    static Song fromFile(const std::filesystem::path& path);
    /// The file extensions fromFile reads: .ogg, .wav, .flac.
    static std::span<const std::string_view> fileExtensions();

    Song(Song&&) noexcept;
    Song& operator=(Song&&) noexcept;
    ~Song();

    /// The length of the song, to the nearest nanosecond below.
    GameDuration duration() const { return m_duration; }
    /// The file's name without its extension, unless setName changed it.
    const std::string& name() const { return m_name; }
    /// Renames the song.
    void setName(std::string name) { m_name = std::move(name); }

private:
    friend class MediaPlayer;
    Song(std::unique_ptr<sf::Music> music, std::string name, GameDuration duration);

    // Null when the audio output is Unavailable: the song can be inspected but not played.
    std::unique_ptr<sf::Music> m_music;
    std::string m_name;
    GameDuration m_duration{0};
};

} // namespace oblique
