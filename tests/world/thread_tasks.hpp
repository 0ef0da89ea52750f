#pragma once
// A task system of plain threads for the thread tests: enqueue starts workerCount - 1 threads
// that, with the calling thread, take ranges from a shared counter; finish joins them. Slow
// (threads per task), but every handoff is one a thread checker sees.

#include "oblique/task_system.hpp"

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace oblique::test
{

struct ThreadTasks
{
    struct Running
    {
        TaskFunction task = nullptr;
        void* context = nullptr;
        int itemCount = 0;
        int minRange = 1;
        std::atomic<int> next{0};
        std::vector<std::thread> threads;

        void work(int worker)
        {
            for (int begin = next.fetch_add(minRange); begin < itemCount; begin = next.fetch_add(minRange))
            {
                task(begin, std::min(begin + minRange, itemCount), worker, context);
            }
        }
    };
    int workers = 3;
    Running running;

    static void* enqueue(TaskFunction task, int itemCount, int minRange, void* taskContext, void* user)
    {
        auto& self = *static_cast<ThreadTasks*>(user);
        Running& r = self.running;
        r.task = task;
        r.context = taskContext;
        r.itemCount = itemCount;
        r.minRange = minRange;
        r.next.store(0);
        for (int worker = 1; worker < self.workers; ++worker)
        {
            r.threads.emplace_back([&r, worker] { r.work(worker); });
        }
        r.work(0);
        return &r;
    }
    static void finish(void* handle, void* /*user*/)
    {
        auto& r = *static_cast<Running*>(handle);
        for (std::thread& t : r.threads)
        {
            t.join();
        }
        r.threads.clear();
    }
    TaskSystem taskSystem()
    {
        return {.workerCount = workers, .enqueue = &enqueue, .finish = &finish, .user = this};
    }
};

} // namespace oblique::test
