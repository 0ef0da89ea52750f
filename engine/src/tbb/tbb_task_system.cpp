// A TaskSystem on oneTBB: enqueue runs the task to the end inside the arena (a parallel_for over
// ranges of at least minRange items) and returns no handle, so finish has nothing to wait for.

#include "oblique/tbb_task_system.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <tbb/blocked_range.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>

namespace oblique
{

struct TbbTaskSystem::Arena
{
    explicit Arena(int workers) : workerCount(workers), arena(workers) {}
    int workerCount;
    tbb::task_arena arena;
};

namespace
{

void* enqueueOnArena(TaskFunction task, int itemCount, int minRange, void* taskContext, void* user)
{
    auto& arena = *static_cast<tbb::task_arena*>(user);
    const auto grain = static_cast<std::size_t>(std::max(minRange, 1));
    arena.execute(
        [&]
        {
            tbb::parallel_for(
                tbb::blocked_range<int>(0, itemCount, grain),
                [&](const tbb::blocked_range<int>& range)
                {
                    // The arena's slot: below its concurrency, and not shared by two threads at once.
                    const int worker = std::max(tbb::this_task_arena::current_thread_index(), 0);
                    task(range.begin(), range.end(), worker, taskContext);
                },
                tbb::static_partitioner());
        });
    return nullptr;
}

void finishNothing(void* /*handle*/, void* /*user*/) {}

} // namespace

TbbTaskSystem::TbbTaskSystem(int workerCount)
{
    if (workerCount < 0 || workerCount > kMaxWorkers)
    {
        throw std::invalid_argument("TbbTaskSystem: workerCount must be 0 to " + std::to_string(kMaxWorkers) +
                                    ", not " + std::to_string(workerCount));
    }
    const int workers =
        workerCount == 0 ? std::clamp(tbb::info::default_concurrency(), 1, kMaxWorkers) : workerCount;
    m_arena = std::make_unique<Arena>(workers);
}

TbbTaskSystem::~TbbTaskSystem() = default;

int TbbTaskSystem::workerCount() const
{
    return m_arena->workerCount;
}

TaskSystem TbbTaskSystem::taskSystem()
{
    return {.workerCount = m_arena->workerCount,
            .enqueue = &enqueueOnArena,
            .finish = &finishNothing,
            .user = &m_arena->arena};
}

} // namespace oblique
