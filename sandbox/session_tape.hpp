#pragma once
// The sandbox's recorder: records the session as it runs (every step, with what was done by hand
// before it) into a file, and plays recordings back with a timeline to scrub, restoring from
// snapshots it keeps every kKeyframeSteps steps as it plays.

#include "oblique/recording.hpp"
#include "oblique/world.hpp"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace oblique::sandbox
{

class SessionTape
{
public:
    enum class Mode
    {
        Idle,
        Recording,
        Replaying,
    };
    static constexpr int kKeyframeSteps = 60;

    Mode mode() const { return m_mode; }

    // Recording from the world as it is now.
    void startRecording(const World& world, std::string title);
    // Around every step while recording: what was done by hand since the last step, then the step.
    void beforeStep(const World& world, std::string_view label);
    void afterStep(const World& world, float dt);
    // Ends recording; the recording stays to be saved until the next one starts.
    void stopRecording();
    // Writes the last recording; false with error set when there is none or the file fails.
    bool save(const std::filesystem::path& file, std::string& error) const;

    // Reads a recording and puts the world at its start; false with error set when it cannot.
    bool openReplay(const std::filesystem::path& file, World& world, std::string& error);
    // Plays the next step; false at the end.
    bool playNext(World& world);
    // Puts the world after `step` steps of the recording (0: its start).
    void seek(World& world, int step);
    void stopReplay();

    // Steps recorded or played so far, and the recording's length.
    int position() const { return m_position; }
    int length() const { return m_recording ? m_recording->stepCount() : 0; }
    // The first step played back whose hash differed from the recording's, or -1.
    int firstMismatch() const { return m_mismatch; }
    const Recording* recording() const { return m_recording ? &*m_recording : nullptr; }

private:
    void keepKeyframe(const World& world);

    Mode m_mode = Mode::Idle;
    std::optional<Recording> m_recording;
    int m_position = 0;
    int m_mismatch = -1;
    std::vector<std::pair<int, std::vector<std::byte>>> m_keyframes; // by step, ascending
};

} // namespace oblique::sandbox
