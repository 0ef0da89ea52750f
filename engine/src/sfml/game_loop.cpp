// The tick of the MonoGame-style loop: accumulate real time, wait for a whole step, clamp, run the
// updates that fit, track lag, draw.

#include "oblique/sfml/game_loop.hpp"

#include <algorithm>
#include <stdexcept>

namespace oblique
{

GameLoop::GameLoop(LoopClock& clock) : m_clock(&clock)
{
    reset();
}

void GameLoop::setClock(LoopClock& clock)
{
    m_clock = &clock;
    reset();
}

void GameLoop::setTargetElapsedTime(GameDuration target)
{
    if (target <= GameDuration::zero())
    {
        throw std::invalid_argument("GameLoop: targetElapsedTime must be positive");
    }
    if (target > m_maxElapsed)
    {
        throw std::invalid_argument("GameLoop: targetElapsedTime must not exceed maxElapsedTime");
    }
    m_target = target;
}

void GameLoop::setMaxElapsedTime(GameDuration maxElapsed)
{
    if (maxElapsed < m_target)
    {
        throw std::invalid_argument("GameLoop: maxElapsedTime must be at least targetElapsedTime");
    }
    m_maxElapsed = maxElapsed;
}

void GameLoop::reset()
{
    m_previousNow = m_clock->now();
    m_accumulated = GameDuration::zero();
    m_time = GameTime{};
    m_updateFrameLag = 0;
    m_exitRequested = false;
    m_suppressDraw = false;
}

void GameLoop::resetElapsedTime()
{
    m_previousNow = m_clock->now();
    m_accumulated = GameDuration::zero();
}

void GameLoop::exit()
{
    m_exitRequested = true;
    m_suppressDraw = true;
}

void GameLoop::accumulate()
{
    const GameDuration now = m_clock->now();
    m_accumulated += now - m_previousNow;
    m_previousNow = now;
}

TickResult GameLoop::tick(const Callback& update, const Callback& draw)
{
    TickResult result;
    accumulate();
    if (m_fixedTimeStep)
    {
        // Wait for a whole step, re-reading the clock after each wait since a wait may end early.
        while (m_accumulated < m_target)
        {
            m_clock->sleepFor(m_target - m_accumulated);
            accumulate();
        }
    }

    // Time beyond the cap is dropped rather than caught up: a long stall (a breakpoint, a dragged
    // window) would otherwise demand dozens of updates, each making the next tick slower still.
    m_accumulated = std::min(m_accumulated, m_maxElapsed);

    if (m_fixedTimeStep)
    {
        result.updates = runFixedUpdates(update);
        trackLag(result.updates);
        m_time.elapsed = m_target * result.updates;
    }
    else
    {
        m_time.elapsed = m_accumulated;
        m_time.total += m_accumulated;
        m_accumulated = GameDuration::zero();
        if (!m_exitRequested)
        {
            update(m_time);
            result.updates = 1;
        }
    }

    if (m_suppressDraw)
    {
        m_suppressDraw = false;
    }
    else
    {
        draw(m_time);
        result.drew = true;
    }
    return result;
}

int GameLoop::runFixedUpdates(const Callback& update)
{
    int steps = 0;
    m_time.elapsed = m_target;
    while (m_accumulated >= m_target && !m_exitRequested)
    {
        m_time.total += m_target;
        m_accumulated -= m_target;
        ++steps;
        update(m_time);
        // An update may change the target; keep what the next update sees consistent with it.
        m_time.elapsed = m_target;
    }
    return steps;
}

void GameLoop::trackLag(int steps)
{
    // Every update beyond the first in a tick is lag. The flag turns on when enough has piled up and
    // off only when single-update ticks have paid all of it back, so it does not flicker.
    m_updateFrameLag += std::max(0, steps - 1);
    if (m_time.isRunningSlowly)
    {
        if (m_updateFrameLag == 0)
        {
            m_time.isRunningSlowly = false;
        }
    }
    else if (m_updateFrameLag >= kSlowLagThreshold)
    {
        m_time.isRunningSlowly = true;
    }
    if (steps == 1 && m_updateFrameLag > 0)
    {
        --m_updateFrameLag;
    }
}

} // namespace oblique
