#pragma once
// Internal: a loop of the step over the world's task system. The items must be independent (each
// writes only what is its own: a body of one colour, a contact), so that how they are split over
// workers changes no bit of the result.

#include "oblique/task_system.hpp"
#include "team.hpp"

#include <type_traits>

namespace oblique::detail
{

// The fewest lanes (contacts or hinges) of one colour a worker takes at once. Fewer cost more in
// bodies handed between cores than the split saves: on a 2,000-body rain, two workers took
// 1.28-1.32 ms a step at 256 and 1.08-1.13 at 512, and the 100-row pyramid 1.79-1.89 at both.
inline constexpr int kLanesPerTask = 512;

// The fewest bodies a worker takes at once: fewer cost more to hand out than to move.
inline constexpr int kBodiesPerTask = 256;

// kLanesPerTask in groups of the given lane count.
constexpr int laneGroupsPerTask(int laneWidth)
{
    return kLanesPerTask / laneWidth;
}

// True when the task system hands nothing to other workers: every loop runs on the calling thread.
inline bool runsOnCallingThread(const TaskSystem& tasks)
{
    return tasks.workerCount <= 1 || tasks.enqueue == nullptr;
}

// Runs body(begin, end) over [0, count) in ranges of at least minRange items, on the calling
// thread when the task system has one worker or the count is too small to split; through the
// team the calling thread leads, if it leads one (team.hpp).
template <class Body>
void parallelFor(const TaskSystem& tasks, int count, int minRange, Body&& body)
{
    if (count <= 0)
    {
        return;
    }
    if (runsOnCallingThread(tasks) || count < 2 * minRange)
    {
        body(0, count);
        return;
    }
    using Stored = std::remove_reference_t<Body>;
    if (Team* team = ledTeam(); team != nullptr)
    {
        team->run(
            count, minRange,
            [](int begin, int end, void* context) { (*static_cast<Stored*>(context))(begin, end); },
            static_cast<void*>(&body));
        return;
    }
    const TaskFunction task = [](int begin, int end, int /*worker*/, void* context)
    { (*static_cast<Stored*>(context))(begin, end); };
    void* handle = tasks.enqueue(task, count, minRange, static_cast<void*>(&body), tasks.user);
    if (handle != nullptr)
    {
        tasks.finish(handle, tasks.user);
    }
}

} // namespace oblique::detail
