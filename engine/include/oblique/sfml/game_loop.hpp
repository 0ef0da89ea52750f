#pragma once
/// GameLoop: the timing of a MonoGame-style game loop, free of any window or graphics library.
/// Each tick() turns the real time that passed into updates and at most one draw.

#include "oblique/sfml/game_time.hpp"
#include "oblique/sfml/loop_clock.hpp"

#include <functional>

namespace oblique
{

/// What one tick did.
struct TickResult
{
    int updates = 0;   ///< how many times the update callback ran
    bool drew = false; ///< whether the draw callback ran
};

/// Drives update and draw callbacks from a LoopClock.
///
/// Fixed step (the default): real time accumulates; a tick that finds less than one target step waits
/// on the clock until a whole step is there, so every tick runs at least one update and one draw. The
/// accumulator is clamped to maxElapsedTime (the excess is dropped, so game time then falls behind the
/// wall clock instead of spiralling), then as many updates run as whole steps fit, each seeing
/// elapsed == targetElapsedTime; the draw sees targetElapsedTime * updates. The remainder carries to
/// the next tick. isRunningSlowly switches on once the extra updates (updates - 1 per tick) add up to 5
/// and off only after as many single-update ticks have paid them back.
///
/// Variable step: one update per tick with all the time since the previous tick (still capped at
/// maxElapsedTime), then one draw; no waiting.
///
/// exit() takes effect at the end of the current tick: the updates still due in it are skipped and
/// its draw is suppressed.
///
/// \code
/// oblique::ManualClock clock;
/// oblique::GameLoop loop(clock);
/// loop.reset();
/// clock.advance(3 * loop.targetElapsedTime());
/// auto r = loop.tick([&](const oblique::GameTime& t) { world.step(t.elapsedSeconds()); },
///                    [&](const oblique::GameTime&) { render(); });
/// // r.updates == 3, r.drew == true
/// \endcode
class GameLoop
{
public:
    /// Called for each update and for the draw.
    using Callback = std::function<void(const GameTime&)>;

    /// 1/60 s, the default target step.
    static constexpr GameDuration kDefaultTargetElapsedTime{16'666'667};
    /// 500 ms, the default cap on the real time one tick may account for.
    static constexpr GameDuration kDefaultMaxElapsedTime{500'000'000};
    /// How many extra updates must pile up before isRunningSlowly switches on.
    static constexpr int kSlowLagThreshold = 5;

    /// A loop reading the given clock, which must outlive it (or be replaced with setClock).
    explicit GameLoop(LoopClock& clock);

    /// Switches to another clock and restarts the timing as reset() does.
    void setClock(LoopClock& clock);

    /// Fixed step (true, the default) or variable step.
    void setFixedTimeStep(bool fixed) { m_fixedTimeStep = fixed; }
    /// Whether the fixed step is on.
    bool isFixedTimeStep() const { return m_fixedTimeStep; }

    /// The fixed step; must be > 0 and not above maxElapsedTime (throws std::invalid_argument).
    void setTargetElapsedTime(GameDuration target);
    /// The fixed step.
    GameDuration targetElapsedTime() const { return m_target; }

    /// The most real time one tick accounts for; must be >= targetElapsedTime
    /// (throws std::invalid_argument).
    void setMaxElapsedTime(GameDuration maxElapsed);
    /// The cap on the real time one tick accounts for.
    GameDuration maxElapsedTime() const { return m_maxElapsed; }

    /// Starts the timing afresh: game time zero, nothing accumulated, not running slowly, no exit
    /// pending; the next tick measures from now.
    void reset();
    /// Forgets the real time accumulated so far (after a long load, say), so the next tick does not
    /// try to catch up with it; game time and the slow flag are kept.
    void resetElapsedTime();

    /// Runs one tick: waits if needed (fixed step), runs the updates, then the draw unless
    /// suppressed or exiting.
    TickResult tick(const Callback& update, const Callback& draw);

    /// Asks the loop to stop: no more updates in this tick, no draw for it, and exitRequested()
    /// becomes true. May be called from inside an update.
    void exit();
    /// Skips the draw of the current tick (or of the next one, when called between ticks).
    void suppressDraw() { m_suppressDraw = true; }
    /// Whether exit() was called since the last reset() or cancelExit().
    bool exitRequested() const { return m_exitRequested; }
    /// Withdraws an exit request, for a game that refused to close.
    void cancelExit() { m_exitRequested = false; }

    /// The time values of the latest update or draw.
    const GameTime& gameTime() const { return m_time; }
    /// Real time waiting in the accumulator for the next tick.
    GameDuration accumulatedTime() const { return m_accumulated; }
    /// The extra updates not yet paid back by single-update ticks (drives isRunningSlowly).
    int updateFrameLag() const { return m_updateFrameLag; }

private:
    void accumulate();
    int runFixedUpdates(const Callback& update);
    void trackLag(int steps);

    LoopClock* m_clock;
    bool m_fixedTimeStep = true;
    GameDuration m_target = kDefaultTargetElapsedTime;
    GameDuration m_maxElapsed = kDefaultMaxElapsedTime;
    GameDuration m_previousNow{0};
    GameDuration m_accumulated{0};
    GameTime m_time;
    int m_updateFrameLag = 0;
    bool m_exitRequested = false;
    bool m_suppressDraw = false;
};

} // namespace oblique
