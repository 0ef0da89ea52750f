// MediaPlayer: the one music stream playing, with the player's volume, mute and repeat applied to
// whichever song it is.

#include "oblique/sfml/media_player.hpp"

#include "audio_checks.hpp"
#include "oblique/sfml/song.hpp"
#include "sound_status.hpp"

#include <SFML/Audio/Music.hpp>

namespace oblique
{

namespace
{

struct Player
{
    sf::Music* current = nullptr;
    float volume = 1.0f;
    bool muted = false;
    bool repeating = false;
};

Player g_player;

void applySettings()
{
    if (g_player.current != nullptr)
    {
        g_player.current->setVolume(g_player.muted ? 0.0f : 100.0f * g_player.volume);
        g_player.current->setLoop(g_player.repeating);
    }
}

} // namespace

void MediaPlayer::play(Song& song)
{
    stop();
    g_player.current = song.m_music.get();
    if (g_player.current != nullptr)
    {
        applySettings();
        g_player.current->play();
    }
}

void MediaPlayer::pause()
{
    if (state() == SoundState::Playing)
    {
        g_player.current->pause();
    }
}

void MediaPlayer::resume()
{
    if (state() == SoundState::Paused)
    {
        g_player.current->play();
    }
}

void MediaPlayer::stop()
{
    if (g_player.current != nullptr)
    {
        g_player.current->stop();
    }
}

SoundState MediaPlayer::state()
{
    if (g_player.current == nullptr)
    {
        return SoundState::Stopped;
    }
    return detail::toSoundState(g_player.current->getStatus());
}

float MediaPlayer::volume()
{
    return g_player.volume;
}

void MediaPlayer::setVolume(float volume)
{
    g_player.volume = detail::checkedUnit("MediaPlayer::setVolume: volume", volume);
    applySettings();
}

bool MediaPlayer::isMuted()
{
    return g_player.muted;
}

void MediaPlayer::setMuted(bool muted)
{
    g_player.muted = muted;
    applySettings();
}

bool MediaPlayer::isRepeating()
{
    return g_player.repeating;
}

void MediaPlayer::setRepeating(bool repeating)
{
    g_player.repeating = repeating;
    applySettings();
}

void MediaPlayer::forget(const sf::Music* music)
{
    if (music != nullptr && music == g_player.current)
    {
        g_player.current = nullptr;
    }
}

} // namespace oblique
