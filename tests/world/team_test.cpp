// The team the step holds its workers in after the narrow phase (team.hpp): every item of every
// posted loop runs exactly once whoever takes it, a task system that runs the workers one after
// another on the calling thread still finishes, and what the stage throws reaches the caller.

#include "parallel_for.hpp"
#include "team.hpp"
#include "thread_tasks.hpp"

#include <gtest/gtest.h>
#include <random>
#include <stdexcept>
#include <vector>

namespace oblique::detail
{
namespace
{

// Runs a task's items one at a time on the calling thread, last first.
struct Backwards
{
    int items = 0;
    static void* enqueue(TaskFunction task, int itemCount, int /*minRange*/, void* context, void* user)
    {
        for (int i = itemCount - 1; i >= 0; --i)
        {
            task(i, i + 1, 0, context);
            ++static_cast<Backwards*>(user)->items;
        }
        return nullptr;
    }
    static void finish(void* /*handle*/, void* /*user*/) {}
    TaskSystem taskSystem()
    {
        return {.workerCount = 4, .enqueue = &enqueue, .finish = &finish, .user = this};
    }
};

// Posts loops of many sizes through parallelFor inside a team and counts each item's runs.
void postLoops(const TaskSystem& tasks, std::vector<std::vector<int>>& runs, int& stages)
{
    std::mt19937 rng(7u);
    std::vector<std::pair<int, int>> loops; // items, fewest a range
    for (int k = 0; k < 300; ++k)
    {
        loops.emplace_back(std::uniform_int_distribution<int>(1, 5000)(rng),
                           std::uniform_int_distribution<int>(1, 512)(rng));
    }
    runs.assign(loops.size(), {});
    runAsTeam(tasks,
              [&]
              {
                  ++stages;
                  for (std::size_t k = 0; k < loops.size(); ++k)
                  {
                      std::vector<int>& counts = runs[k];
                      counts.assign(static_cast<std::size_t>(loops[k].first), 0);
                      // Each item's count is written by the one worker that runs it.
                      parallelFor(tasks, loops[k].first, loops[k].second,
                                  [&counts](int begin, int end)
                                  {
                                      for (int i = begin; i < end; ++i)
                                      {
                                          ++counts[static_cast<std::size_t>(i)];
                                      }
                                  });
                  }
              });
}

TEST(Threads, TeamRunsEveryItemOfEveryLoopOnce)
{
    for (int round = 0; round < 5; ++round)
    {
        test::ThreadTasks threads;
        std::vector<std::vector<int>> runs;
        int stages = 0;
        postLoops(threads.taskSystem(), runs, stages);
        EXPECT_EQ(stages, 1);
        for (std::size_t k = 0; k < runs.size(); ++k)
        {
            for (std::size_t i = 0; i < runs[k].size(); ++i)
            {
                ASSERT_EQ(runs[k][i], 1) << "loop " << k << ", item " << i;
            }
        }
    }
}

TEST(Threads, TeamFinishesWhenTheWorkersRunOneAfterAnother)
{
    Backwards backwards;
    std::vector<std::vector<int>> runs;
    int stages = 0;
    postLoops(backwards.taskSystem(), runs, stages);
    // The last item joined first and led; the others found the stage over.
    EXPECT_EQ(stages, 1);
    EXPECT_EQ(backwards.items, 4);
    for (const std::vector<int>& counts : runs)
    {
        for (const int c : counts)
        {
            ASSERT_EQ(c, 1);
        }
    }
}

TEST(Threads, TeamHandsWhatTheStageThrowsToTheCaller)
{
    test::ThreadTasks threads;
    int ran = 0;
    EXPECT_THROW(runAsTeam(threads.taskSystem(),
                           [&]
                           {
                               ++ran;
                               throw std::runtime_error("stage failed");
                           }),
                 std::runtime_error);
    EXPECT_EQ(ran, 1);
}

} // namespace
} // namespace oblique::detail
