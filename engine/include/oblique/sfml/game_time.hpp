#pragma once
/// GameTime: the clock values an update or a draw sees. Durations are whole nanoseconds, so adding
/// a fixed step many times never drifts the way adding floating-point seconds does.

#include <chrono>
#include <cstdint>

namespace oblique
{

/// A span of game or wall-clock time in whole nanoseconds (signed 64-bit: about 292 years).
using GameDuration = std::chrono::nanoseconds;

/// The duration closest to the given number of seconds, rounded to the nearest nanosecond.
/// Example: durationFromSeconds(1.0 / 60.0) is 16'666'667 ns.
constexpr GameDuration durationFromSeconds(double seconds)
{
    const double ns = seconds * 1e9;
    return GameDuration{static_cast<std::int64_t>(ns < 0.0 ? ns - 0.5 : ns + 0.5)};
}

/// A duration in seconds as a float, the unit World::step takes.
constexpr float toSeconds(GameDuration d)
{
    return static_cast<float>(static_cast<double>(d.count()) * 1e-9);
}

/// The time passed to Game::update and Game::draw.
///
/// In the fixed-step mode every update sees elapsed == the target step and a draw sees the game time
/// covered by the updates of its tick (target * updates). In the variable-step mode update and draw
/// both see the real time since the previous tick (capped at the loop's maximum).
struct GameTime
{
    /// Game time since the loop started: the sum of every update's elapsed time. It falls behind the
    /// wall clock when the loop drops time that exceeded its maximum per tick.
    GameDuration total{0};
    /// The time this update or draw covers.
    GameDuration elapsed{0};
    /// True while the loop keeps needing several updates per draw to catch up; a hint to cut
    /// optional work. It switches on and off with hysteresis, so it does not flicker.
    bool isRunningSlowly = false;

    /// elapsed in seconds, ready for World::step.
    constexpr float elapsedSeconds() const { return toSeconds(elapsed); }
    /// total in seconds, in double so that long runs keep sub-millisecond precision.
    constexpr double totalSeconds() const { return static_cast<double>(total.count()) * 1e-9; }
};

} // namespace oblique
