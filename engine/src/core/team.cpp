#include "team.hpp"

#include "parallel_for.hpp"

#include <algorithm>
#include <thread>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace oblique::detail
{

namespace
{

thread_local Team* t_ledTeam = nullptr;

// Waits a moment in a spin loop without taking the core from its other hardware thread.
void pause()
{
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#else
    std::this_thread::yield();
#endif
}

// Spins before yielding the thread: waits for a range last microseconds, but a stage's serial
// part may be long, and a helper must not hold a core an oversubscribed machine needs.
class Backoff
{
public:
    void wait()
    {
        if (++m_spins < kSpinsBeforeYield)
        {
            pause();
        }
        else
        {
            std::this_thread::yield();
        }
    }
    void reset() { m_spins = 0; }

private:
    static constexpr int kSpinsBeforeYield = 4096;
    int m_spins = 0;
};

constexpr std::uint64_t kLowHalf = 0xFFFFFFFFu;

// A loop's ranges are finer than the task system's, so that the leader, whose data is in its own
// cache, takes more of them when a helper is slow; it takes them from the front and the helpers
// from the back, so each keeps much the same part of every loop (and of the bodies it moves).
constexpr std::int64_t kRangesPerMinRange = 8;
constexpr std::int64_t kMostRangesPerWorker = 16;

std::uint64_t rangeWord(std::uint32_t front, std::uint32_t back)
{
    return (static_cast<std::uint64_t>(front) << 32) | back;
}

} // namespace

Team* ledTeam()
{
    return t_ledTeam;
}

void Team::run(int count, int minRange, RangeFunction fn, void* context)
{
    const auto ranges = static_cast<int>(std::clamp(kRangesPerMinRange * count / std::max(minRange, 1),
                                                    std::int64_t{1}, kMostRangesPerWorker * m_workerCount));
    m_fn = fn;
    m_context = context;
    m_count = count;
    m_rangeSize = (count + ranges - 1) / ranges;
    m_done.store(0, std::memory_order_relaxed);
    m_ranges.store(rangeWord(0, static_cast<std::uint32_t>(ranges)), std::memory_order_release);
    while (takeRange(true))
    {
    }
    Backoff backoff;
    while (m_done.load(std::memory_order_acquire) < ranges)
    {
        backoff.wait();
    }
}

bool Team::takeRange(bool fromFront)
{
    std::uint64_t word = m_ranges.load(std::memory_order_acquire);
    for (;;)
    {
        const auto front = static_cast<std::uint32_t>(word >> 32);
        const auto back = static_cast<std::uint32_t>(word & kLowHalf);
        if (front >= back)
        {
            return false;
        }
        const std::uint32_t range = fromFront ? front : back - 1;
        const std::uint64_t taken = fromFront ? rangeWord(front + 1, back) : rangeWord(front, back - 1);
        if (m_ranges.compare_exchange_weak(word, taken, std::memory_order_acq_rel, std::memory_order_acquire))
        {
            // The loop cannot be replaced before this range is done: its fields hold.
            const int begin = static_cast<int>(range) * m_rangeSize;
            const int end = std::min(m_count, begin + m_rangeSize);
            if (begin < end)
            {
                m_fn(begin, end, m_context);
            }
            m_done.fetch_add(1, std::memory_order_release);
            return true;
        }
    }
}

void Team::help()
{
    Backoff backoff;
    while (!m_ended.load(std::memory_order_acquire))
    {
        if (takeRange(false))
        {
            backoff.reset();
        }
        else
        {
            backoff.wait();
        }
    }
}

void Team::join(void (*stage)(void*), void* stageContext)
{
    if (m_leaderChosen.exchange(true, std::memory_order_acq_rel))
    {
        help();
        return;
    }
    t_ledTeam = this;
    try
    {
        stage(stageContext);
    }
    catch (...)
    {
        m_error = std::current_exception();
    }
    t_ledTeam = nullptr;
    m_ended.store(true, std::memory_order_release);
}

void runAsTeam(const TaskSystem& tasks, void (*stage)(void*), void* stageContext)
{
    if (runsOnCallingThread(tasks) || ledTeam() != nullptr)
    {
        stage(stageContext);
        return;
    }
    Team team(tasks.workerCount);
    struct Joining
    {
        Team* team;
        void (*stage)(void*);
        void* stageContext;
    } joining{&team, stage, stageContext};
    const TaskFunction task = [](int begin, int end, int /*worker*/, void* context)
    {
        const auto& j = *static_cast<Joining*>(context);
        for (int i = begin; i < end; ++i)
        {
            j.team->join(j.stage, j.stageContext);
        }
    };
    void* handle = tasks.enqueue(task, tasks.workerCount, 1, &joining, tasks.user);
    if (handle != nullptr)
    {
        tasks.finish(handle, tasks.user);
    }
    if (team.error())
    {
        std::rethrow_exception(team.error());
    }
}

} // namespace oblique::detail
