// SoundEffect: decoding a file into memory, fire-and-forget plays from a shared pool of voices,
// and instances.

#include "oblique/sfml/sound_effect.hpp"

#include "audio_checks.hpp"
#include "oblique/sfml/audio_output.hpp"
#include "oblique/sfml/content_load_error.hpp"
#include "sound_file.hpp"
#include "sound_voice.hpp"

#include <SFML/Audio/SoundBuffer.hpp>
#include <algorithm>
#include <optional>
#include <stdexcept>
#include <vector>

namespace oblique
{

struct SoundEffect::Data
{
    std::string name;
    unsigned sampleRate = 0;
    unsigned channelCount = 0;
    std::uint64_t sampleCount = 0;
    // Empty when the output is Unavailable: OpenAL could not take the samples, and the effect can
    // only be inspected.
    std::optional<sf::SoundBuffer> buffer;
};

namespace
{

// The voices of fire-and-forget plays, shared by every effect: a stopped voice is given the next
// effect to play. A destroyed effect detaches its buffer from any voice still holding it.
std::vector<std::unique_ptr<detail::SoundVoice>>& oneShotVoices()
{
    static std::vector<std::unique_ptr<detail::SoundVoice>> pool;
    return pool;
}

// Whether one more voice may be made: under the limit, or a stopped fire-and-forget voice could be
// let go to make room (so voices pooled by earlier plays never keep instances from being made).
bool makeRoomForVoice()
{
    if (detail::SoundVoice::count() < SoundEffect::kMaxVoices)
    {
        return true;
    }
    auto& pool = oneShotVoices();
    const auto stopped =
        std::find_if(pool.begin(), pool.end(),
                     [](const auto& voice) { return voice->sound().getStatus() == sf::Sound::Stopped; });
    if (stopped == pool.end())
    {
        return false;
    }
    pool.erase(stopped);
    return true;
}

detail::SoundVoice* freeOneShotVoice(const sf::SoundBuffer& buffer)
{
    auto& pool = oneShotVoices();
    for (const auto& voice : pool)
    {
        if (voice->sound().getStatus() == sf::Sound::Stopped)
        {
            voice->sound().setBuffer(buffer);
            return voice.get();
        }
    }
    if (!makeRoomForVoice())
    {
        return nullptr;
    }
    pool.push_back(std::make_unique<detail::SoundVoice>(buffer));
    return pool.back().get();
}

} // namespace

SoundEffect::SoundEffect(std::unique_ptr<Data> data) : m_data(std::move(data)) {}
SoundEffect::SoundEffect(SoundEffect&&) noexcept = default;
SoundEffect& SoundEffect::operator=(SoundEffect&&) noexcept = default;
SoundEffect::~SoundEffect() = default;

SoundEffect SoundEffect::fromFile(const std::filesystem::path& path)
{
    sf::InputSoundFile file;
    detail::openSoundFile(file, path);
    auto data = std::make_unique<Data>();
    data->name = path.stem().string();
    data->sampleRate = file.getSampleRate();
    data->channelCount = file.getChannelCount();
    data->sampleCount = file.getSampleCount();

    std::vector<sf::Int16> samples(data->sampleCount);
    if (file.read(samples.data(), samples.size()) != samples.size())
    {
        throw ContentLoadError(detail::contentErrorMessage(path, "the file is cut short"));
    }
    if (audioOutput() != AudioOutput::Unavailable)
    {
        data->buffer.emplace();
        if (!data->buffer->loadFromSamples(samples.data(), samples.size(), data->channelCount,
                                           data->sampleRate))
        {
            throw ContentLoadError(detail::contentErrorMessage(path, "OpenAL refused its samples"));
        }
    }
    return SoundEffect(std::move(data));
}

std::span<const std::string_view> SoundEffect::fileExtensions()
{
    return detail::kSoundFileExtensions;
}

GameDuration SoundEffect::duration() const
{
    return detail::soundDuration(m_data->sampleCount, m_data->channelCount, m_data->sampleRate);
}

unsigned SoundEffect::sampleRate() const
{
    return m_data->sampleRate;
}

unsigned SoundEffect::channelCount() const
{
    return m_data->channelCount;
}

const std::string& SoundEffect::name() const
{
    return m_data->name;
}

void SoundEffect::setName(std::string name)
{
    m_data->name = std::move(name);
}

bool SoundEffect::play() const
{
    return play(1.0f, 0.0f, 0.0f);
}

bool SoundEffect::play(float volume, float pitch, float pan) const
{
    detail::checkedUnit("SoundEffect::play: volume", volume);
    detail::checkedSigned("SoundEffect::play: pitch", pitch);
    detail::checkedSigned("SoundEffect::play: pan", pan);
    if (!m_data->buffer)
    {
        return false;
    }
    detail::SoundVoice* voice = freeOneShotVoice(*m_data->buffer);
    if (voice == nullptr)
    {
        return false;
    }
    voice->setVolume(volume);
    voice->setPitch(pitch);
    voice->setPan(pan);
    voice->sound().setLoop(false);
    voice->sound().play();
    return true;
}

std::unique_ptr<SoundEffectInstance> SoundEffect::createInstance() const
{
    if (m_data->buffer && !makeRoomForVoice())
    {
        throw std::length_error("SoundEffect::createInstance: all " + std::to_string(kMaxVoices) +
                                " voices are in use");
    }
    const sf::SoundBuffer* buffer = m_data->buffer ? &*m_data->buffer : nullptr;
    return std::unique_ptr<SoundEffectInstance>(new SoundEffectInstance(buffer));
}

float SoundEffect::masterVolume()
{
    return detail::SoundVoice::masterVolume();
}

void SoundEffect::setMasterVolume(float volume)
{
    detail::SoundVoice::setMasterVolume(detail::checkedUnit("SoundEffect::setMasterVolume: volume", volume));
}

} // namespace oblique
