#pragma once
/// LoopClock: where the game loop reads the time and how it waits. The loop never touches a system
/// clock itself, so tests and off-screen runs can drive it with a ManualClock.

#include "oblique/sfml/game_time.hpp"

namespace oblique
{

/// A monotonic time source with a way to wait on it.
class LoopClock
{
public:
    /// Clocks are used through this interface.
    virtual ~LoopClock() = default;

    /// The current time since an arbitrary fixed origin; it never goes backwards.
    virtual GameDuration now() = 0;
    /// Waits about `duration` (> 0). It may return early: the loop reads now() again and waits more
    /// if needed. Implementations must let time advance, or the fixed-step loop would wait forever.
    virtual void sleepFor(GameDuration duration) = 0;
};

/// The wall clock (std::chrono::steady_clock). sleepFor sleeps the thread for all but the last
/// millisecond and yields for the rest, since a thread sleep can overshoot by about that much.
class SteadyClock final : public LoopClock
{
public:
    /// Steady-clock time since this object was created.
    GameDuration now() override;
    /// Sleeps most of `duration`, then yields.
    void sleepFor(GameDuration duration) override;

private:
    GameDuration m_origin = sinceEpoch();
    static GameDuration sinceEpoch();
};

/// A clock that moves only when told: advance() moves it, and sleepFor() moves it by exactly the
/// time asked for. A fixed-step loop on a ManualClock that nobody advances runs exactly one update
/// per tick, which makes off-screen runs deterministic. Tests advance it to fake slow frames.
class ManualClock final : public LoopClock
{
public:
    /// The time the clock was moved to (starts at zero).
    GameDuration now() override { return m_now; }
    /// Moves the clock forward by exactly `duration`, as a perfect sleep would.
    void sleepFor(GameDuration duration) override
    {
        m_now += duration;
        m_slept += duration;
    }

    /// Moves the time forward, as if the game had spent `duration` doing work.
    void advance(GameDuration duration) { m_now += duration; }
    /// The total time the loop has waited on this clock.
    GameDuration sleptTime() const { return m_slept; }

private:
    GameDuration m_now{0};
    GameDuration m_slept{0};
};

} // namespace oblique
