#pragma once
/// A session recorded step by step so it can be played back exactly: the world at the start,
/// every change made to it by hand before a step (a drag, a spawn, an edit, a setting: whatever
/// changed the world between steps), each step's length, and the state hash after each step.

#include "oblique/world.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace oblique
{

/// A change made by hand before one step, named for a timeline.
struct RecordedChange
{
    int step = 0;      ///< it was made before this step (0 is the first)
    std::string label; ///< what made it, e.g. "drag", "spawn box", "bomb"
};

/// Records a session while it runs, and plays one back.
///
/// A change is stored as the bytes of the world's snapshot (World::snapshot) it altered, so
/// whatever made it (a tool, a scene's own script, a setting) plays back the same; a change that
/// adds or removes bodies, shapes, contacts or joints stores the whole snapshot. A recording plays
/// back on builds that read the same snapshot format; others refuse it.
class Recording
{
public:
    /// A recording of the world as it is now. title names it (a scene's name, say).
    Recording(const World& world, std::string title);

    /// Notes what was changed by hand since the last step, or since the start; call it just
    /// before each step. Nothing is stored when nothing changed.
    void beforeStep(const World& world, std::string_view label);
    /// Notes the step just taken: its length and the hash after it.
    void afterStep(const World& world, float dt);

    const std::string& title() const { return m_title; }
    int stepCount() const { return static_cast<int>(m_steps.size()); }
    /// The changes, in step order.
    std::vector<RecordedChange> changes() const;
    /// The state hash recorded after step k.
    std::uint64_t hashAfter(int step) const;

    /// The recording as bytes (a file's contents), with a checksum.
    std::vector<std::byte> save() const;
    /// Reads bytes save() wrote. Throws std::invalid_argument naming what is wrong with a
    /// recording of another format, truncated or corrupted.
    static Recording load(std::span<const std::byte> bytes);

    /// Puts the world where the recording starts.
    void rewind(World& world) const;
    /// Makes the changes recorded before step k, then takes step k. Returns whether the world's
    /// hash is the one recorded after it. A world that has gone its own way (a pre-solve callback
    /// left out, say) may no longer take a change: it is left out, and the step returns false.
    /// Throws std::invalid_argument when k is out of range.
    bool playStep(World& world, int step) const;

private:
    struct Step
    {
        float dt = 0.0f;
        std::uint64_t hash = 0;
    };
    // Bytes of the snapshot before the change at [offset, offset + bytes.size()) replaced.
    struct Run
    {
        std::uint64_t offset = 0;
        std::vector<std::byte> bytes;
    };
    struct Change
    {
        int step = 0;
        std::string label;
        bool whole = false;              // the snapshot after the change, whole
        std::uint64_t size = 0;          // the snapshot's size, before and after (runs only)
        std::vector<Run> runs;           // what differs (not whole)
        std::vector<std::byte> snapshot; // whole
    };

    Recording() = default;
    const Change* changeBefore(int step) const;

    std::string m_title;
    std::vector<std::byte> m_start;
    std::vector<Step> m_steps;
    std::vector<Change> m_changes;
    // While recording: the snapshot after the last step, and a buffer for the next one.
    std::vector<std::byte> m_last;
    std::vector<std::byte> m_scratch;
};

} // namespace oblique
