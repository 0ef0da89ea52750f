// The audio classes on whatever output this machine has (OpenAL's null output when it has no sound
// device): files the tests write themselves are loaded and measured, instances and the media
// player move between states, bad values and bad files are refused with errors naming them.

#include "oblique/sfml/audio_output.hpp"
#include "oblique/sfml/content_load_error.hpp"
#include "oblique/sfml/media_player.hpp"
#include "oblique/sfml/song.hpp"
#include "oblique/sfml/sound_effect.hpp"

#include <SFML/Audio/OutputSoundFile.hpp>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <gtest/gtest.h>
#include <limits>
#include <string>
#include <thread>
#include <vector>

namespace
{

namespace fs = std::filesystem;
using oblique::AudioOutput;
using oblique::ContentLoadError;
using oblique::MediaPlayer;
using oblique::Song;
using oblique::SoundEffect;
using oblique::SoundState;
using namespace std::chrono_literals;

fs::path scratchFile(const std::string& name)
{
    const fs::path dir = fs::path(::testing::TempDir()) / "oblique_audio_test";
    fs::create_directories(dir);
    return dir / name;
}

// A 440 Hz tone, the same in every channel.
std::vector<std::int16_t> tone(unsigned frames, unsigned channels, unsigned rate)
{
    std::vector<std::int16_t> samples;
    samples.reserve(std::size_t{frames} * channels);
    for (unsigned i = 0; i < frames; ++i)
    {
        const double t = static_cast<double>(i) / static_cast<double>(rate);
        const auto value =
            static_cast<std::int16_t>(std::lround(8000.0 * std::sin(2.0 * 3.14159265358979 * 440.0 * t)));
        samples.insert(samples.end(), channels, value);
    }
    return samples;
}

void putLittleEndian(std::ofstream& out, std::uint32_t value, int bytes)
{
    for (int i = 0; i < bytes; ++i)
    {
        out.put(static_cast<char>((value >> (8 * i)) & 0xffu));
    }
}

// A 16-bit PCM WAV file written field by field, so the tests do not depend on SFML's writer.
fs::path writeWav(const std::string& name, unsigned frames, unsigned channels, unsigned rate)
{
    fs::path path = scratchFile(name);
    const std::vector<std::int16_t> samples = tone(frames, channels, rate);
    const auto dataBytes = static_cast<std::uint32_t>(samples.size() * 2);
    std::ofstream out(path, std::ios::binary);
    out.write("RIFF", 4);
    putLittleEndian(out, 36 + dataBytes, 4);
    out.write("WAVEfmt ", 8);
    putLittleEndian(out, 16, 4);                  // fmt chunk size
    putLittleEndian(out, 1, 2);                   // PCM
    putLittleEndian(out, channels, 2);            // channels
    putLittleEndian(out, rate, 4);                // sample rate
    putLittleEndian(out, rate * channels * 2, 4); // bytes per second
    putLittleEndian(out, channels * 2, 2);        // bytes per frame
    putLittleEndian(out, 16, 2);                  // bits per sample
    out.write("data", 4);
    putLittleEndian(out, dataBytes, 4);
    for (std::int16_t s : samples)
    {
        putLittleEndian(out, static_cast<std::uint16_t>(s), 2);
    }
    return path;
}

fs::path writeBytes(const std::string& name, const std::string& bytes)
{
    fs::path path = scratchFile(name);
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

// Runs `call`, expects std::invalid_argument, and returns its message.
std::string invalidArgumentMessage(const std::function<void()>& call)
{
    try
    {
        call();
    }
    catch (const std::invalid_argument& error)
    {
        return error.what();
    }
    ADD_FAILURE() << "no std::invalid_argument";
    return {};
}

std::string contentErrorMessage(const std::function<void()>& call)
{
    try
    {
        call();
    }
    catch (const ContentLoadError& error)
    {
        return error.what();
    }
    ADD_FAILURE() << "no ContentLoadError";
    return {};
}

// Waits for the mixer to reach `wanted`, giving up after a generous bound: the sound's end is
// reached by the audio thread in real time.
bool waitForState(const std::function<SoundState()>& state, SoundState wanted)
{
    for (int i = 0; i < 1000 && state() != wanted; ++i)
    {
        std::this_thread::sleep_for(10ms);
    }
    return state() == wanted;
}

bool canPlay()
{
    return oblique::audioOutput() != AudioOutput::Unavailable;
}

// Each test runs in a process of its own under CTest, so this one sees the output opened for the
// first time.
TEST(AudioOutput, OpeningLoadingAndPlayingPrintNothing)
{
    const fs::path path = writeWav("quiet.wav", 4410, 1, 44100);
    ::testing::internal::CaptureStderr();
    const AudioOutput output = oblique::audioOutput();
    SoundEffect effect = SoundEffect::fromFile(path);
    const bool played = effect.play();
    auto instance = effect.createInstance();
    instance->play();
    instance->stop();
    const std::string printed = ::testing::internal::GetCapturedStderr();
    std::printf("audio output: %s\n", oblique::toString(output));
    if (output != AudioOutput::Unavailable)
    {
        EXPECT_EQ(printed, "");
        EXPECT_TRUE(played);
    }
    else
    {
        EXPECT_FALSE(played);
    }
}

TEST(SoundEffect, ReportsTheLengthRateAndChannelsOfAWavItWasGiven)
{
    const SoundEffect stereo = SoundEffect::fromFile(writeWav("stereo.wav", 11025, 2, 22050));
    EXPECT_EQ(stereo.sampleRate(), 22050u);
    EXPECT_EQ(stereo.channelCount(), 2u);
    EXPECT_EQ(stereo.duration(), 500ms);
    EXPECT_EQ(stereo.name(), "stereo");

    const SoundEffect mono = SoundEffect::fromFile(writeWav("mono.wav", 1000, 1, 8000));
    EXPECT_EQ(mono.sampleRate(), 8000u);
    EXPECT_EQ(mono.channelCount(), 1u);
    EXPECT_EQ(mono.duration(), 125ms);
}

TEST(SoundEffect, ReadsOggAndFlacToo)
{
    for (const char* name : {"tone.ogg", "tone.flac"})
    {
        const fs::path path = scratchFile(name);
        const std::vector<std::int16_t> samples = tone(44100, 1, 44100);
        {
            sf::OutputSoundFile file;
            ASSERT_TRUE(file.openFromFile(path.string(), 44100, 1));
            file.write(samples.data(), samples.size());
        }
        const SoundEffect effect = SoundEffect::fromFile(path);
        EXPECT_EQ(effect.sampleRate(), 44100u) << name;
        EXPECT_EQ(effect.channelCount(), 1u) << name;
        EXPECT_NEAR(std::chrono::duration<double>(effect.duration()).count(), 1.0, 1e-3) << name;
    }
    const auto extensions = SoundEffect::fileExtensions();
    EXPECT_EQ(std::vector<std::string_view>(extensions.begin(), extensions.end()),
              (std::vector<std::string_view>{".wav", ".ogg", ".flac"}));
}

TEST(SoundEffect, MissingAndCorruptFilesAreRefusedByName)
{
    const fs::path missing = scratchFile("no_such_sound.wav");
    EXPECT_NE(contentErrorMessage([&] { SoundEffect::fromFile(missing); })
                  .find(missing.string() + "\": no such file"),
              std::string::npos);

    const fs::path garbage = writeBytes("garbage.wav", "this is not a sound file at all");
    const std::string garbageMessage = contentErrorMessage([&] { SoundEffect::fromFile(garbage); });
    EXPECT_NE(garbageMessage.find(garbage.string()), std::string::npos) << garbageMessage;
    EXPECT_NE(garbageMessage.find("not a sound file"), std::string::npos) << garbageMessage;

    // A real header whose data chunk promises more samples than follow.
    const fs::path whole = writeWav("whole.wav", 4000, 1, 8000);
    std::string bytes(fs::file_size(whole), '\0');
    std::ifstream(whole, std::ios::binary).read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    const fs::path cut = writeBytes("cut.wav", bytes.substr(0, 44 + 1000));
    const std::string cutMessage = contentErrorMessage([&] { SoundEffect::fromFile(cut); });
    EXPECT_NE(cutMessage.find(cut.string()), std::string::npos) << cutMessage;

    // A valid header with no samples at all.
    const fs::path empty = writeWav("empty.wav", 0, 1, 8000);
    EXPECT_NE(contentErrorMessage([&] { SoundEffect::fromFile(empty); }).find("no samples"),
              std::string::npos);
}

TEST(SoundEffectInstance, MovesBetweenStatesAsMonoGameDoes)
{
    if (!canPlay())
    {
        GTEST_SKIP() << "no audio output could be opened";
    }
    const SoundEffect effect = SoundEffect::fromFile(writeWav("loop.wav", 8000, 1, 8000));
    auto instance = effect.createInstance();
    instance->setLooped(true); // stays Playing however slowly the test runs
    EXPECT_EQ(instance->state(), SoundState::Stopped);
    instance->pause(); // pausing a stopped sound does nothing
    EXPECT_EQ(instance->state(), SoundState::Stopped);
    instance->play();
    EXPECT_EQ(instance->state(), SoundState::Playing);
    instance->play(); // already playing: nothing
    EXPECT_EQ(instance->state(), SoundState::Playing);
    instance->pause();
    EXPECT_EQ(instance->state(), SoundState::Paused);
    instance->resume();
    EXPECT_EQ(instance->state(), SoundState::Playing);
    instance->pause();
    instance->play(); // play on a paused sound carries on
    EXPECT_EQ(instance->state(), SoundState::Playing);
    instance->stop();
    EXPECT_EQ(instance->state(), SoundState::Stopped);
    instance->resume(); // resume on a stopped sound starts it
    EXPECT_EQ(instance->state(), SoundState::Playing);
    instance->stop();
    EXPECT_EQ(instance->state(), SoundState::Stopped);
}

TEST(SoundEffectInstance, ASoundThatIsNotLoopedStopsAtItsEnd)
{
    if (!canPlay())
    {
        GTEST_SKIP() << "no audio output could be opened";
    }
    const SoundEffect effect = SoundEffect::fromFile(writeWav("blip.wav", 400, 1, 8000));
    auto instance = effect.createInstance();
    instance->play();
    EXPECT_TRUE(waitForState([&] { return instance->state(); }, SoundState::Stopped));
}

TEST(SoundEffectInstance, OutlivingItsEffectLeavesItStopped)
{
    auto effect =
        std::make_unique<SoundEffect>(SoundEffect::fromFile(writeWav("short_lived.wav", 8000, 1, 8000)));
    auto instance = effect->createInstance();
    instance->setLooped(true);
    instance->play();
    effect.reset();
    EXPECT_EQ(instance->state(), SoundState::Stopped);
}

TEST(SoundEffectInstance, KeepsItsSettings)
{
    const SoundEffect effect = SoundEffect::fromFile(writeWav("settings.wav", 800, 1, 8000));
    auto instance = effect.createInstance();
    EXPECT_EQ(instance->volume(), 1.0f);
    EXPECT_EQ(instance->pitch(), 0.0f);
    EXPECT_EQ(instance->pan(), 0.0f);
    EXPECT_FALSE(instance->isLooped());
    instance->setVolume(0.25f);
    instance->setPitch(-1.0f);
    instance->setPan(0.5f);
    instance->setLooped(true);
    EXPECT_EQ(instance->volume(), 0.25f);
    EXPECT_EQ(instance->pitch(), -1.0f);
    EXPECT_EQ(instance->pan(), 0.5f);
    EXPECT_TRUE(instance->isLooped());
}

TEST(SoundEffectInstance, BadValuesAreRefusedAndChangeNothing)
{
    const SoundEffect effect = SoundEffect::fromFile(writeWav("bad_values.wav", 800, 1, 8000));
    auto instance = effect.createInstance();
    instance->setVolume(0.5f);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    EXPECT_EQ(invalidArgumentMessage([&] { instance->setVolume(1.5f); }),
              "SoundEffectInstance::setVolume: volume 1.5 is outside [0, 1]");
    EXPECT_EQ(invalidArgumentMessage([&] { instance->setVolume(-0.01f); }),
              "SoundEffectInstance::setVolume: volume -0.01 is outside [0, 1]");
    EXPECT_NE(invalidArgumentMessage([&] { instance->setVolume(nan); }).find("volume nan is not a number"),
              std::string::npos);
    EXPECT_EQ(invalidArgumentMessage([&] { instance->setPitch(1.25f); }),
              "SoundEffectInstance::setPitch: pitch 1.25 is outside [-1, 1]");
    EXPECT_EQ(invalidArgumentMessage([&] { instance->setPan(-2.0f); }),
              "SoundEffectInstance::setPan: pan -2 is outside [-1, 1]");
    EXPECT_NE(invalidArgumentMessage([&] { instance->setPan(nan); }).find("pan nan"), std::string::npos);
    EXPECT_EQ(instance->volume(), 0.5f);
    EXPECT_EQ(instance->pitch(), 0.0f);
    EXPECT_EQ(instance->pan(), 0.0f);

    EXPECT_EQ(invalidArgumentMessage([&] { effect.play(2.0f, 0.0f, 0.0f); }),
              "SoundEffect::play: volume 2 is outside [0, 1]");
    EXPECT_EQ(invalidArgumentMessage([&] { effect.play(1.0f, -1.5f, 0.0f); }),
              "SoundEffect::play: pitch -1.5 is outside [-1, 1]");
    EXPECT_EQ(invalidArgumentMessage([&] { effect.play(1.0f, 0.0f, 1.5f); }),
              "SoundEffect::play: pan 1.5 is outside [-1, 1]");
    EXPECT_EQ(invalidArgumentMessage([&] { SoundEffect::setMasterVolume(1.1f); }),
              "SoundEffect::setMasterVolume: volume 1.1 is outside [0, 1]");
    EXPECT_EQ(SoundEffect::masterVolume(), 1.0f);
    EXPECT_EQ(invalidArgumentMessage([&] { MediaPlayer::setVolume(nan); })
                  .find("MediaPlayer::setVolume: volume nan"),
              0u);
    EXPECT_EQ(MediaPlayer::volume(), 1.0f);
}

TEST(SoundEffect, MasterVolumeIsKeptApartFromEachInstancesVolume)
{
    const SoundEffect effect = SoundEffect::fromFile(writeWav("master.wav", 800, 1, 8000));
    auto instance = effect.createInstance();
    instance->setVolume(0.5f);
    SoundEffect::setMasterVolume(0.25f);
    EXPECT_EQ(SoundEffect::masterVolume(), 0.25f);
    EXPECT_EQ(instance->volume(), 0.5f);
    SoundEffect::setMasterVolume(1.0f);
}

TEST(SoundEffect, FireAndForgetPlaysStopAtTheVoiceLimit)
{
    if (!canPlay())
    {
        GTEST_SKIP() << "no audio output could be opened";
    }
    // Ten seconds each, so every voice is still playing when the limit is reached.
    auto effect = std::make_unique<SoundEffect>(SoundEffect::fromFile(writeWav("long.wav", 80000, 1, 8000)));
    std::size_t played = 0;
    while (played <= SoundEffect::kMaxVoices && effect->play(0.1f, 0.5f, -0.5f))
    {
        ++played;
    }
    EXPECT_EQ(played, SoundEffect::kMaxVoices);
    EXPECT_THROW(effect->createInstance(), std::length_error);
    // Destroying the effect stops its plays, and their voices serve new sounds and instances.
    effect.reset();
    const SoundEffect other = SoundEffect::fromFile(writeWav("after.wav", 800, 1, 8000));
    EXPECT_TRUE(other.play());
    EXPECT_NE(other.createInstance(), nullptr);
}

TEST(Song, OpensAndReportsItsLength)
{
    const Song song = Song::fromFile(writeWav("song.wav", 33075, 2, 22050));
    EXPECT_EQ(song.duration(), 1500ms);
    EXPECT_EQ(song.name(), "song");
    const fs::path missing = scratchFile("no_such_song.ogg");
    EXPECT_NE(contentErrorMessage([&] { Song::fromFile(missing); }).find(missing.string()),
              std::string::npos);
    const fs::path garbage = writeBytes("garbage.ogg", "OggS but not really");
    EXPECT_NE(contentErrorMessage([&] { Song::fromFile(garbage); }).find(garbage.string()),
              std::string::npos);
}

TEST(MediaPlayer, PlaysPausesResumesAndStopsASong)
{
    if (!canPlay())
    {
        GTEST_SKIP() << "no audio output could be opened";
    }
    EXPECT_EQ(MediaPlayer::state(), SoundState::Stopped);
    Song song = Song::fromFile(writeWav("theme.wav", 8000, 1, 8000));
    MediaPlayer::setRepeating(true);
    MediaPlayer::setVolume(0.5f);
    MediaPlayer::setMuted(true);
    MediaPlayer::play(song);
    EXPECT_EQ(MediaPlayer::state(), SoundState::Playing);
    EXPECT_TRUE(MediaPlayer::isRepeating());
    EXPECT_TRUE(MediaPlayer::isMuted());
    EXPECT_EQ(MediaPlayer::volume(), 0.5f);
    MediaPlayer::pause();
    EXPECT_EQ(MediaPlayer::state(), SoundState::Paused);
    MediaPlayer::resume();
    EXPECT_EQ(MediaPlayer::state(), SoundState::Playing);
    MediaPlayer::stop();
    EXPECT_EQ(MediaPlayer::state(), SoundState::Stopped);
    MediaPlayer::resume(); // resume does not restart a stopped song
    EXPECT_EQ(MediaPlayer::state(), SoundState::Stopped);

    MediaPlayer::play(song);
    // A song moved elsewhere keeps playing; destroying it stops the player.
    auto moved = std::make_unique<Song>(std::move(song));
    EXPECT_EQ(MediaPlayer::state(), SoundState::Playing);
    moved.reset();
    EXPECT_EQ(MediaPlayer::state(), SoundState::Stopped);
    MediaPlayer::setRepeating(false);
    MediaPlayer::setMuted(false);
    MediaPlayer::setVolume(1.0f);
}

TEST(MediaPlayer, ASongThatDoesNotRepeatStopsAtItsEnd)
{
    if (!canPlay())
    {
        GTEST_SKIP() << "no audio output could be opened";
    }
    Song song = Song::fromFile(writeWav("jingle.wav", 400, 1, 8000));
    MediaPlayer::setRepeating(false);
    MediaPlayer::play(song);
    EXPECT_TRUE(waitForState([] { return MediaPlayer::state(); }, SoundState::Stopped));
}

} // namespace
