// The sandbox's recorder and player (session_tape.hpp).

#include "session_tape.hpp"

#include "oblique/recording_file.hpp"

#include <algorithm>
#include <stdexcept>

namespace oblique::sandbox
{

void SessionTape::startRecording(const World& world, std::string title)
{
    m_recording.emplace(world, std::move(title));
    m_mode = Mode::Recording;
    m_position = 0;
    m_mismatch = -1;
    m_keyframes.clear();
}

void SessionTape::beforeStep(const World& world, std::string_view label)
{
    if (m_mode == Mode::Recording)
    {
        m_recording->beforeStep(world, label);
    }
}

void SessionTape::afterStep(const World& world, float dt)
{
    if (m_mode == Mode::Recording)
    {
        m_recording->afterStep(world, dt);
        ++m_position;
    }
}

void SessionTape::stopRecording()
{
    if (m_mode == Mode::Recording)
    {
        m_mode = Mode::Idle;
    }
}

bool SessionTape::save(const std::filesystem::path& file, std::string& error) const
{
    if (!m_recording)
    {
        error = "nothing has been recorded yet";
        return false;
    }
    try
    {
        saveRecordingFile(*m_recording, file);
    }
    catch (const std::runtime_error& e)
    {
        error = e.what();
        return false;
    }
    return true;
}

bool SessionTape::openReplay(const std::filesystem::path& file, World& world, std::string& error)
{
    try
    {
        m_recording.emplace(loadRecordingFile(file));
        m_recording->rewind(world);
    }
    catch (const std::invalid_argument& e)
    {
        m_recording.reset();
        m_mode = Mode::Idle;
        error = e.what();
        return false;
    }
    m_mode = Mode::Replaying;
    m_position = 0;
    m_mismatch = -1;
    m_keyframes.clear();
    keepKeyframe(world);
    return true;
}

bool SessionTape::playNext(World& world)
{
    if (m_mode != Mode::Replaying || m_position >= length())
    {
        return false;
    }
    if (!m_recording->playStep(world, m_position) && (m_mismatch < 0 || m_position < m_mismatch))
    {
        m_mismatch = m_position;
    }
    ++m_position;
    keepKeyframe(world);
    return true;
}

void SessionTape::seek(World& world, int step)
{
    if (m_mode != Mode::Replaying)
    {
        return;
    }
    step = std::clamp(step, 0, length());
    // The latest snapshot at or before the step (the start is always kept), then forward.
    auto keyframe = m_keyframes.begin();
    for (auto it = m_keyframes.begin(); it != m_keyframes.end() && it->first <= step; ++it)
    {
        keyframe = it;
    }
    if (step < m_position || keyframe->first > m_position)
    {
        world.restore(keyframe->second);
        m_position = keyframe->first;
    }
    while (m_position < step && playNext(world))
    {
    }
}

void SessionTape::stopReplay()
{
    if (m_mode == Mode::Replaying)
    {
        m_mode = Mode::Idle;
        m_keyframes.clear();
    }
}

void SessionTape::keepKeyframe(const World& world)
{
    if (m_position % kKeyframeSteps != 0)
    {
        return;
    }
    const auto at = std::lower_bound(m_keyframes.begin(), m_keyframes.end(), m_position,
                                     [](const auto& keyframe, int step) { return keyframe.first < step; });
    if (at == m_keyframes.end() || at->first != m_position)
    {
        m_keyframes.insert(at, {m_position, world.snapshot()});
    }
}

} // namespace oblique::sandbox
