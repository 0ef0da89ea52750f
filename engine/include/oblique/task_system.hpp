#pragma once
/// How World::step spreads its work over threads: a game's own job system through two callbacks,
/// or oneTBB through oblique-tbb (oblique/tbb_task_system.hpp). Left unset, the step runs on the
/// calling thread. The step's results are the same bits for any worker count.

namespace oblique
{

/// The most workers a task system may declare.
inline constexpr int kMaxWorkers = 64;

/// A piece of the step's work: runs the items [begin, end). `worker` is below the task system's
/// workerCount and not shared with any other call of the same task running at the same time.
using TaskFunction = void (*)(int begin, int end, int worker, void* taskContext);

/// Box2D v3's task interface: the step hands a task to `enqueue`, then waits on it with `finish`
/// before it reads what the task wrote. `enqueue` and `finish` are both set, or neither (the step
/// then runs on the calling thread).
struct TaskSystem
{
    /// Threads that may run a task at once, the calling thread included: 1 to kMaxWorkers.
    int workerCount = 1;
    /// Runs `task` over the items [0, itemCount), in ranges of at least `minRange` items (the
    /// last may be shorter), on up to workerCount threads. Returns a handle that `finish` is
    /// given, or nullptr when the task has already run over every item.
    void* (*enqueue)(TaskFunction task, int itemCount, int minRange, void* taskContext, void* user) = nullptr;
    /// Returns once the task behind `handle` has run over every item.
    void (*finish)(void* handle, void* user) = nullptr;
    /// Handed back to enqueue and finish: the job system's own state.
    void* user = nullptr;
};

} // namespace oblique
