// The game loop's timing, driven headless by a ManualClock: fixed-step counts, catch-up, the cap on
// elapsed time, the slow-running hysteresis, variable step and exit.

#include "oblique/sfml/game_loop.hpp"

#include <gtest/gtest.h>
#include <vector>

namespace
{

using oblique::GameDuration;
using oblique::GameLoop;
using oblique::GameTime;
using oblique::ManualClock;
using oblique::TickResult;
using std::chrono::milliseconds;

// A loop on a manual clock that records what every update and draw saw.
struct Harness
{
    ManualClock clock;
    GameLoop loop{clock};
    std::vector<GameTime> updates;
    std::vector<GameTime> draws;
    std::function<void(const GameTime&)> onUpdate;

    TickResult tick()
    {
        return loop.tick(
            [&](const GameTime& t)
            {
                updates.push_back(t);
                if (onUpdate)
                {
                    onUpdate(t);
                }
            },
            [&](const GameTime& t) { draws.push_back(t); });
    }
    // Lets `real` pass on the clock, as if the previous frame took that long, then ticks.
    TickResult tickAfter(GameDuration real)
    {
        clock.advance(real);
        return tick();
    }
    GameDuration target() const { return loop.targetElapsedTime(); }
};

TEST(GameLoop, DefaultsFollowMonoGame)
{
    Harness h;
    EXPECT_TRUE(h.loop.isFixedTimeStep());
    EXPECT_EQ(h.loop.targetElapsedTime(), GameDuration(16'666'667));
    EXPECT_EQ(h.loop.maxElapsedTime(), milliseconds(500));
    EXPECT_FALSE(h.loop.gameTime().isRunningSlowly);
}

TEST(GameLoop, OneStepOfRealTimeGivesOneUpdateAndOneDraw)
{
    Harness h;
    for (int i = 0; i < 10; ++i)
    {
        const TickResult r = h.tickAfter(h.target());
        EXPECT_EQ(r.updates, 1);
        EXPECT_TRUE(r.drew);
    }
    ASSERT_EQ(h.updates.size(), 10u);
    ASSERT_EQ(h.draws.size(), 10u);
    EXPECT_EQ(h.loop.gameTime().total, 10 * h.target());
    EXPECT_EQ(h.clock.sleptTime(), GameDuration::zero());
}

TEST(GameLoop, NStepsOfRealTimeGiveExactlyNUpdates)
{
    // Up to 29: thirty default steps are 10 ns more than the 500 ms cap.
    for (int n = 1; n <= 29; ++n)
    {
        Harness h;
        const TickResult r = h.tickAfter(n * h.target());
        ASSERT_EQ(r.updates, n);
        EXPECT_EQ(h.loop.accumulatedTime(), GameDuration::zero());
        for (int i = 0; i < n; ++i)
        {
            EXPECT_EQ(h.updates[static_cast<std::size_t>(i)].elapsed, h.target());
            EXPECT_EQ(h.updates[static_cast<std::size_t>(i)].total, (i + 1) * h.target());
        }
        ASSERT_EQ(h.draws.size(), 1u);
        EXPECT_EQ(h.draws[0].elapsed, n * h.target()) << "the draw covers every update of its tick";
    }
}

TEST(GameLoop, IntegerTimeDoesNotDrift)
{
    Harness h;
    constexpr int kTicks = 60 * 60 * 10; // ten minutes at 60 Hz
    for (int i = 0; i < kTicks; ++i)
    {
        h.tickAfter(h.target());
    }
    EXPECT_EQ(h.updates.size(), static_cast<std::size_t>(kTicks));
    EXPECT_EQ(h.loop.gameTime().total, kTicks * h.target());
    EXPECT_EQ(h.loop.accumulatedTime(), GameDuration::zero());
}

TEST(GameLoop, FastFramesWaitForAWholeStep)
{
    Harness h;
    const GameDuration third = h.target() / 3;
    const TickResult r = h.tickAfter(third);
    EXPECT_EQ(r.updates, 1) << "every tick runs at least one update";
    EXPECT_TRUE(r.drew);
    EXPECT_EQ(h.clock.sleptTime(), h.target() - third) << "it waited exactly for the rest of the step";
    EXPECT_EQ(h.loop.accumulatedTime(), GameDuration::zero());

    // A tick that finds no time at all waits a whole step.
    h.tick();
    EXPECT_EQ(h.updates.size(), 2u);
    EXPECT_EQ(h.clock.sleptTime(), 2 * h.target() - third);
}

TEST(GameLoop, ASlowFrameIsCaughtUpWithSeveralUpdatesAndTheRemainderCarries)
{
    Harness h;
    h.tickAfter(h.target());
    h.updates.clear();

    const TickResult slow = h.tickAfter(3 * h.target() + h.target() / 2);
    EXPECT_EQ(slow.updates, 3);
    EXPECT_EQ(h.loop.accumulatedTime(), h.target() / 2);
    EXPECT_EQ(h.draws.back().elapsed, 3 * h.target());
    for (const GameTime& t : h.updates)
    {
        EXPECT_EQ(t.elapsed, h.target());
    }

    // The half step left over plus another half makes one whole step without waiting.
    const TickResult next = h.tickAfter(h.target() - h.target() / 2);
    EXPECT_EQ(next.updates, 1);
    EXPECT_EQ(h.clock.sleptTime(), GameDuration::zero());
    EXPECT_EQ(h.loop.gameTime().total, 5 * h.target());
}

TEST(GameLoop, ElapsedTimeBeyondTheCapIsDropped)
{
    Harness h;
    h.loop.setTargetElapsedTime(milliseconds(10));
    const TickResult r = h.tickAfter(std::chrono::seconds(2));
    EXPECT_EQ(r.updates, 50) << "500 ms of 10 ms steps; the other 1.5 s are dropped";
    EXPECT_EQ(h.loop.gameTime().total, milliseconds(500));
    EXPECT_EQ(h.loop.accumulatedTime(), GameDuration::zero());

    // With the default 1/60 s the cap holds 29 whole steps and keeps the fraction.
    Harness d;
    const TickResult r60 = d.tickAfter(std::chrono::seconds(5));
    const auto steps = GameLoop::kDefaultMaxElapsedTime / d.target();
    EXPECT_EQ(r60.updates, steps);
    EXPECT_EQ(r60.updates, 29);
    EXPECT_EQ(d.loop.accumulatedTime(), GameLoop::kDefaultMaxElapsedTime - steps * d.target());
    EXPECT_EQ(d.loop.gameTime().total, steps * d.target()) << "game time fell behind the wall clock";
}

TEST(GameLoop, RunningSlowlySwitchesOnAfterSustainedLagAndOffWithHysteresis)
{
    Harness h;
    // Two updates per tick: one frame of lag each.
    for (int i = 1; i <= 4; ++i)
    {
        h.tickAfter(2 * h.target());
        EXPECT_EQ(h.loop.updateFrameLag(), i);
        EXPECT_FALSE(h.loop.gameTime().isRunningSlowly) << "after tick " << i;
    }
    h.tickAfter(2 * h.target());
    EXPECT_EQ(h.loop.updateFrameLag(), 5);
    EXPECT_TRUE(h.loop.gameTime().isRunningSlowly) << "on at a lag of 5";
    EXPECT_TRUE(h.draws.back().isRunningSlowly);

    // Single-update ticks pay the lag back one at a time; the flag stays on until it is all paid.
    for (int lag = 4; lag >= 0; --lag)
    {
        h.tickAfter(h.target());
        EXPECT_EQ(h.loop.updateFrameLag(), lag);
        EXPECT_TRUE(h.loop.gameTime().isRunningSlowly) << "still on with lag " << lag;
    }
    // A brief relapse adds lag again without the flag flickering.
    h.tickAfter(2 * h.target());
    EXPECT_EQ(h.loop.updateFrameLag(), 1);
    EXPECT_TRUE(h.loop.gameTime().isRunningSlowly);
    h.tickAfter(h.target());
    EXPECT_EQ(h.loop.updateFrameLag(), 0);
    EXPECT_TRUE(h.loop.gameTime().isRunningSlowly);
    h.tickAfter(h.target());
    EXPECT_FALSE(h.loop.gameTime().isRunningSlowly) << "off once a tick finds the lag at zero";

    // Updates see the flag as the previous tick left it.
    h.updates.clear();
    h.tickAfter(h.target());
    EXPECT_FALSE(h.updates.back().isRunningSlowly);
}

TEST(GameLoop, OneBigCatchUpCountsAsLag)
{
    Harness h;
    h.tickAfter(7 * h.target());
    EXPECT_EQ(h.loop.updateFrameLag(), 6);
    EXPECT_TRUE(h.loop.gameTime().isRunningSlowly);
}

TEST(GameLoop, VariableStepRunsOneUpdatePerTickWithTheWholeElapsedTime)
{
    Harness h;
    h.loop.setFixedTimeStep(false);
    const GameDuration frames[] = {milliseconds(7), milliseconds(40), GameDuration::zero(), milliseconds(16),
                                   std::chrono::seconds(3)};
    GameDuration total{0};
    for (const GameDuration real : frames)
    {
        const TickResult r = h.tickAfter(real);
        EXPECT_EQ(r.updates, 1);
        EXPECT_TRUE(r.drew);
        const GameDuration expected = std::min(real, GameDuration(milliseconds(500)));
        total += expected;
        EXPECT_EQ(h.updates.back().elapsed, expected);
        EXPECT_EQ(h.draws.back().elapsed, expected);
        EXPECT_EQ(h.updates.back().total, total);
    }
    EXPECT_EQ(h.clock.sleptTime(), GameDuration::zero()) << "variable step never waits";
    EXPECT_EQ(h.loop.accumulatedTime(), GameDuration::zero());
}

TEST(GameLoop, ExitStopsTheRemainingUpdatesAndSuppressesThatTicksDraw)
{
    Harness h;
    int seen = 0;
    h.onUpdate = [&](const GameTime&)
    {
        if (++seen == 2)
        {
            h.loop.exit();
        }
    };
    const TickResult r = h.tickAfter(3 * h.target());
    EXPECT_EQ(r.updates, 2) << "no update after the one that called exit()";
    EXPECT_FALSE(r.drew);
    EXPECT_TRUE(h.draws.empty());
    EXPECT_TRUE(h.loop.exitRequested());
}

TEST(GameLoop, ExitBetweenTicksSkipsTheNextTicksUpdatesAndDraw)
{
    Harness h;
    h.tickAfter(h.target());
    h.loop.exit();
    const TickResult r = h.tickAfter(h.target());
    EXPECT_EQ(r.updates, 0);
    EXPECT_FALSE(r.drew);

    Harness v;
    v.loop.setFixedTimeStep(false);
    v.loop.exit();
    const TickResult rv = v.tickAfter(h.target());
    EXPECT_EQ(rv.updates, 0);
    EXPECT_FALSE(rv.drew);
}

TEST(GameLoop, CancelledExitLetsTheLoopGoOn)
{
    Harness h;
    h.loop.exit();
    h.tickAfter(h.target());
    h.loop.cancelExit();
    const TickResult r = h.tickAfter(h.target());
    EXPECT_EQ(r.updates, 2) << "the step the exiting tick skipped is still owed";
    EXPECT_TRUE(r.drew);
    EXPECT_EQ(h.loop.gameTime().total, 2 * h.target());
}

TEST(GameLoop, SuppressDrawSkipsOnlyOneDraw)
{
    Harness h;
    h.onUpdate = [&](const GameTime&)
    {
        if (h.updates.size() == 1)
        {
            h.loop.suppressDraw();
        }
    };
    EXPECT_FALSE(h.tickAfter(h.target()).drew);
    EXPECT_TRUE(h.tickAfter(h.target()).drew);
    EXPECT_FALSE(h.loop.exitRequested());
}

TEST(GameLoop, ResetElapsedTimeDropsTheBacklog)
{
    Harness h;
    h.tickAfter(h.target());
    h.clock.advance(std::chrono::seconds(2)); // a long load
    h.loop.resetElapsedTime();
    const TickResult r = h.tickAfter(h.target());
    EXPECT_EQ(r.updates, 1);
    EXPECT_EQ(h.loop.gameTime().total, 2 * h.target());
}

TEST(GameLoop, ResetStartsFromZero)
{
    Harness h;
    h.tickAfter(8 * h.target());
    h.loop.exit();
    h.loop.reset();
    EXPECT_EQ(h.loop.gameTime().total, GameDuration::zero());
    EXPECT_FALSE(h.loop.gameTime().isRunningSlowly);
    EXPECT_EQ(h.loop.updateFrameLag(), 0);
    EXPECT_FALSE(h.loop.exitRequested());
}

TEST(GameLoop, RejectsTargetsOutsideTheirRange)
{
    Harness h;
    EXPECT_THROW(h.loop.setTargetElapsedTime(GameDuration::zero()), std::invalid_argument);
    EXPECT_THROW(h.loop.setTargetElapsedTime(milliseconds(-5)), std::invalid_argument);
    EXPECT_THROW(h.loop.setTargetElapsedTime(milliseconds(501)), std::invalid_argument);
    EXPECT_THROW(h.loop.setMaxElapsedTime(milliseconds(10)), std::invalid_argument);
    EXPECT_EQ(h.loop.targetElapsedTime(), GameLoop::kDefaultTargetElapsedTime);
}

TEST(GameTime, SecondsConversions)
{
    EXPECT_EQ(oblique::durationFromSeconds(1.0 / 60.0), GameDuration(16'666'667));
    EXPECT_EQ(oblique::durationFromSeconds(0.5), milliseconds(500));
    GameTime t;
    t.elapsed = milliseconds(20);
    t.total = std::chrono::seconds(90);
    EXPECT_FLOAT_EQ(t.elapsedSeconds(), 0.02f);
    EXPECT_DOUBLE_EQ(t.totalSeconds(), 90.0);
}

} // namespace
