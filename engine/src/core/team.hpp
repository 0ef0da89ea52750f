#pragma once
// Internal: a team, the task system's workers held in one task for a stage of the step, so that
// the stage's loops (parallelFor) hand out their ranges through a shared counter instead of a
// task system call each. A loop then costs a few atomic operations, and no worker goes to sleep
// between loops and has to be woken for the next (Box2D v3 holds its workers in its solver the
// same way).
//
// The first worker to start the team's task leads: it runs the stage and posts the stage's loops;
// the others take ranges of each posted loop until the stage ends. One that starts after the
// stage has ended finds nothing to do and returns, so a task system that runs the workers one after
// another on one thread still finishes: the leader then runs every range itself. Which thread runs
// a range never changes the result: the loops' items are independent (parallel_for.hpp).

#include "oblique/task_system.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <exception>

namespace oblique::detail
{

// Runs the items [begin, end) of a loop.
using RangeFunction = void (*)(int begin, int end, void* context);

class Team
{
public:
    static constexpr std::size_t kCacheLine = 64;

    explicit Team(int workerCount) : m_workerCount(workerCount) {}
    Team(const Team&) = delete;
    Team& operator=(const Team&) = delete;

    // Runs fn over [0, count) in ranges (of about an eighth of minRange items or more), the leader
    // taking ranges too; returns once every range has run. Called by the leader alone. fn throws
    // nothing: a range that never finished would leave the leader waiting.
    void run(int count, int minRange, RangeFunction fn, void* context);

    // A worker's part: leads (runs stage(stageContext)) if no worker has yet, else helps until
    // the stage ends.
    void join(void (*stage)(void*), void* stageContext);

    // What the stage threw on the leader, if anything.
    std::exception_ptr error() const { return m_error; }

private:
    void help();
    // Takes a range of the posted loop, the first left or the last, and runs it; false when none
    // was left.
    bool takeRange(bool fromFront);

    int m_workerCount;
    // The posted loop's ranges not yet taken, [front (high half), back (low half)): one word, so
    // that taking a range is judged against the loop it belongs to.
    // Each shared word on a cache line of its own: the workers write them from different cores,
    // and words sharing a line would pass it back and forth for each other's writes.
    alignas(kCacheLine) std::atomic<std::uint64_t> m_ranges{0};
    alignas(kCacheLine) std::atomic<int> m_done{0};
    alignas(kCacheLine) std::atomic<bool> m_leaderChosen{false};
    std::atomic<bool> m_ended{false};
    // The posted loop's own fields: written before m_ranges posts it, read after a range of it
    // was taken (which keeps them until that range is done).
    alignas(kCacheLine) RangeFunction m_fn = nullptr;
    void* m_context = nullptr;
    int m_count = 0;
    int m_rangeSize = 0;
    std::exception_ptr m_error;
};

// The team the calling thread leads, or null.
Team* ledTeam();

// Runs stage() with the task system's workers as a team (above); on the calling thread alone when
// the task system has one worker or a team is already led here. Rethrows what the stage threw.
void runAsTeam(const TaskSystem& tasks, void (*stage)(void*), void* stageContext);

template <class Stage>
void runAsTeam(const TaskSystem& tasks, Stage&& stage)
{
    using Stored = std::remove_reference_t<Stage>;
    runAsTeam(
        tasks, [](void* context) { (*static_cast<Stored*>(context))(); }, static_cast<void*>(&stage));
}

} // namespace oblique::detail
