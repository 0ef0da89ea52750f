// The wall clock the game loop runs on outside tests.

#include "oblique/sfml/loop_clock.hpp"

#include <thread>

namespace oblique
{

GameDuration SteadyClock::sinceEpoch()
{
    return std::chrono::duration_cast<GameDuration>(std::chrono::steady_clock::now().time_since_epoch());
}

GameDuration SteadyClock::now()
{
    return sinceEpoch() - m_origin;
}

void SteadyClock::sleepFor(GameDuration duration)
{
    // A thread sleep can wake up to a millisecond late; sleeping all but that margin and yielding for
    // the rest keeps frame pacing even without burning a core on a spin for the whole wait.
    constexpr GameDuration kMargin = std::chrono::milliseconds(1);
    if (duration > 2 * kMargin)
    {
        std::this_thread::sleep_for(duration - kMargin);
    }
    else
    {
        std::this_thread::yield();
    }
}

} // namespace oblique
