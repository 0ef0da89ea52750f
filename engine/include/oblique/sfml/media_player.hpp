#pragma once
/// MediaPlayer: plays one Song at a time, with its own volume, mute and repeat (MonoGame's static
/// MediaPlayer).

#include "oblique/sfml/sound_state.hpp"

namespace sf
{
class Music;
}

namespace oblique
{

class Song;

/// The game's music player, one per process like MonoGame's: every member is static. The song it
/// plays must stay alive while it plays (destroying it stops the player). Not thread-safe: use it
/// from the game's thread.
///
/// Volume is in [0, 1]; outside values and NaN throw std::invalid_argument naming the value.
class MediaPlayer
{
public:
    MediaPlayer() = delete;

    /// Stops whatever plays and plays `song` from its beginning. On an Unavailable output (see
    /// audioOutput) nothing plays and the state stays Stopped.
    static void play(Song& song);
    /// Playing: pauses where it is. Otherwise nothing.
    static void pause();
    /// Paused: carries on from where it paused. Otherwise nothing.
    static void resume();
    /// Stops and rewinds the current song; play() starts one again.
    static void stop();
    /// Playing, Paused or Stopped (no song, stopped, or played to its end without repeat).
    static SoundState state();

    /// The music volume in [0, 1]; 1 at first. SoundEffect::masterVolume does not touch it.
    static float volume();
    /// Sets the music volume, in [0, 1], at once for the playing song too.
    static void setVolume(float volume);
    /// Whether the music is muted (the volume is kept for unmuting); false at first.
    static bool isMuted();
    /// Mutes or unmutes.
    static void setMuted(bool muted);
    /// Whether a song starts over when it ends; false at first.
    static bool isRepeating();
    /// Sets repeating, for the playing song too.
    static void setRepeating(bool repeating);

private:
    friend class Song;
    // Called when a song's stream goes away (~Song, Song's move assignment): forgets it if it is
    // the one playing. Tracked by stream, not by Song, because a Song can move.
    static void forget(const sf::Music* music);
};

} // namespace oblique
