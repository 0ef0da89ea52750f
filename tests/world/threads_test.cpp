// The step over a task system: the same bits for any worker count and any order the pieces run
// in, work actually handed out, bad task systems refused, and a snapshot that leaves a world's
// task system its own.

#include "oblique/scene_builders.hpp"
#include "oblique/scene_world.hpp"
#include "oblique/tbb_task_system.hpp"
#include "oblique/world.hpp"
#include "thread_tasks.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <gtest/gtest.h>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace oblique
{
namespace
{

constexpr float kDt = 1.0f / 60.0f;

// A task system on the calling thread that cuts every task into its smallest ranges and runs
// them in a shuffled order: a step that gives the same bits under it does not depend on the order
// its pieces run in. It counts what it was handed. A step without a pre-solve callback hands it one
// task, its team (team.hpp), whose leader then runs every loop's ranges in order: the plain threads
// and oneTBB below race those. With the callback, the narrow phase's pieces come to it apart.
struct ShuffledTasks
{
    std::mt19937 rng{12345u};
    int tasks = 0;
    int ranges = 0;

    static void* enqueue(TaskFunction task, int itemCount, int minRange, void* taskContext, void* user)
    {
        auto& self = *static_cast<ShuffledTasks*>(user);
        std::vector<int> starts;
        for (int begin = 0; begin < itemCount; begin += minRange)
        {
            starts.push_back(begin);
        }
        std::shuffle(starts.begin(), starts.end(), self.rng);
        for (const int begin : starts)
        {
            task(begin, std::min(begin + minRange, itemCount), 1, taskContext);
        }
        ++self.tasks;
        self.ranges += static_cast<int>(starts.size());
        return &self;
    }
    static void finish(void* handle, void* user)
    {
        EXPECT_EQ(handle, user); // the handle enqueue gave back
    }
    TaskSystem taskSystem()
    {
        return {.workerCount = 4, .enqueue = &enqueue, .finish = &finish, .user = this};
    }
};

// The worlds the tests step: enough bodies, contacts and hinges that every parallel loop hands
// work out (solver bodies, a colour's four-lane groups of contacts and of hinges, the narrow phase).
std::vector<std::pair<std::string, Scene>> scenesToStep()
{
    std::vector<std::pair<std::string, Scene>> scenes;
    scenes.emplace_back("pyramid40", scenes::pyramid(40));
    scenes.emplace_back("rain1000", scenes::rain(1000));
    scenes.emplace_back("jointgrid40", scenes::jointGrid(40));
    scenes.emplace_back("ragdolls10", scenes::ragdollPile(10));
    for (auto& [name, scene] : scenes)
    {
        scene.world.allowSleep = false;
    }
    return scenes;
}

// The state hash after every step, and the events counted on the way. With preSolve, a callback
// that scales friction on every contact it is shown, so that the narrow phase runs apart from the
// solver's team (solver.cpp) and the callback's effect is in the bits.
std::vector<std::uint64_t> run(const Scene& scene, const TaskSystem& tasks, int steps, int& events,
                               bool preSolve = false)
{
    SceneInstance instance = instantiate(scene);
    instance.world.setTaskSystem(tasks);
    if (preSolve)
    {
        instance.world.setPreSolve([](PreSolveContact& c) { c.friction *= 0.5f; });
    }
    std::vector<std::uint64_t> hashes;
    events = 0;
    for (int i = 0; i < steps; ++i)
    {
        instance.world.step(kDt);
        hashes.push_back(instance.world.stateHash());
        events += static_cast<int>(instance.world.contactBeginEvents().size() +
                                   instance.world.contactEndEvents().size());
    }
    return hashes;
}

TEST(Threads, AnyOrderOfThePiecesGivesTheBitsOfOneThread)
{
    for (const auto& [name, scene] : scenesToStep())
    {
        int serialEvents = 0;
        const std::vector<std::uint64_t> serial = run(scene, TaskSystem{}, 90, serialEvents);
        ShuffledTasks shuffled;
        int shuffledEvents = 0;
        const std::vector<std::uint64_t> pieces = run(scene, shuffled.taskSystem(), 90, shuffledEvents);
        EXPECT_EQ(pieces, serial) << name;
        EXPECT_EQ(shuffledEvents, serialEvents) << name;
        // The work was handed out (a team a step at least), cut into ranges.
        EXPECT_GT(shuffled.tasks, 60) << name;
        EXPECT_GT(shuffled.ranges, 2 * shuffled.tasks) << name;
        std::printf("[ measured ] %s: %d tasks in %d ranges over 90 steps\n", name.c_str(), shuffled.tasks,
                    shuffled.ranges);
    }
}

TEST(Threads, AnyOrderOfThePiecesGivesTheBitsOfOneThreadWithAPreSolveCallback)
{
    for (const auto& [name, scene] : scenesToStep())
    {
        if (name == "jointgrid40")
        {
            continue; // its bodies touch nothing: no contact for the callback to see
        }
        int serialEvents = 0;
        const std::vector<std::uint64_t> serial = run(scene, TaskSystem{}, 60, serialEvents, true);
        int plainEvents = 0;
        EXPECT_NE(run(scene, TaskSystem{}, 60, plainEvents), serial)
            << name << ": the callback changes nothing";
        ShuffledTasks shuffled;
        int shuffledEvents = 0;
        EXPECT_EQ(run(scene, shuffled.taskSystem(), 60, shuffledEvents, true), serial) << name;
        EXPECT_EQ(shuffledEvents, serialEvents) << name;
        // The narrow phase is handed out on its own, ahead of the solver's team: two tasks a step.
        EXPECT_GT(shuffled.tasks, 100) << name;
    }
}

TEST(Threads, PlainThreadsGiveTheBitsOfOneThread)
{
    for (const auto& [name, scene] : scenesToStep())
    {
        int serialEvents = 0;
        const std::vector<std::uint64_t> serial = run(scene, TaskSystem{}, 30, serialEvents);
        test::ThreadTasks threads;
        int events = 0;
        EXPECT_EQ(run(scene, threads.taskSystem(), 30, events), serial) << name;
        EXPECT_EQ(events, serialEvents) << name;
        // With a pre-solve callback the narrow phase runs on the threads apart from the team.
        const std::vector<std::uint64_t> serialCalled = run(scene, TaskSystem{}, 30, serialEvents, true);
        EXPECT_EQ(run(scene, threads.taskSystem(), 30, events, true), serialCalled) << name;
        EXPECT_EQ(events, serialEvents) << name;
    }
}

TEST(Threads, OneTwoAndFourTbbWorkersGiveTheSameBits)
{
    for (const auto& [name, scene] : scenesToStep())
    {
        int serialEvents = 0;
        const std::vector<std::uint64_t> serial = run(scene, TaskSystem{}, 60, serialEvents);
        for (const int workers : {1, 2, 4})
        {
            TbbTaskSystem tbb(workers);
            int events = 0;
            EXPECT_EQ(run(scene, tbb.taskSystem(), 60, events), serial)
                << name << ", " << workers << " workers";
            EXPECT_EQ(events, serialEvents) << name << ", " << workers << " workers";
        }
    }
}

TEST(Threads, BadTaskSystemsAreRefusedAndChangeNothing)
{
    ShuffledTasks shuffled;
    const TaskSystem good = shuffled.taskSystem();
    const auto with = [&](auto change)
    {
        TaskSystem t = good;
        change(t);
        return t;
    };
    const TaskSystem bad[] = {
        with([](TaskSystem& t) { t.workerCount = 0; }),
        with([](TaskSystem& t) { t.workerCount = kMaxWorkers + 1; }),
        with([](TaskSystem& t) { t.finish = nullptr; }),
        with([](TaskSystem& t) { t.enqueue = nullptr; }),
        with(
            [](TaskSystem& t)
            {
                t.enqueue = nullptr;
                t.finish = nullptr;
            }), // more than one worker and nothing to run them
    };
    World world(WorldDef{.tasks = good});
    for (const TaskSystem& t : bad)
    {
        EXPECT_THROW(World(WorldDef{.tasks = t}), std::invalid_argument);
        EXPECT_THROW(world.setTaskSystem(t), std::invalid_argument);
        EXPECT_EQ(world.settings().tasks.enqueue, good.enqueue);
        EXPECT_EQ(world.settings().tasks.workerCount, good.workerCount);
    }
    EXPECT_THROW(TbbTaskSystem(-1), std::invalid_argument);
    EXPECT_THROW(TbbTaskSystem(kMaxWorkers + 1), std::invalid_argument);
    EXPECT_GE(TbbTaskSystem(0).workerCount(), 1);
}

TEST(Threads, ARestoredWorldKeepsItsOwnTaskSystem)
{
    Scene scene = scenes::pyramid(20);
    SceneInstance threaded = instantiate(scene);
    ShuffledTasks shuffled;
    threaded.world.setTaskSystem(shuffled.taskSystem());
    for (int i = 0; i < 30; ++i)
    {
        threaded.world.step(kDt);
    }
    const std::vector<std::byte> saved = threaded.world.snapshot();

    SceneInstance plain = instantiate(scene);
    plain.world.restore(saved);
    EXPECT_EQ(plain.world.settings().tasks.enqueue, nullptr);
    EXPECT_EQ(plain.world.settings().tasks.workerCount, 1);
    EXPECT_EQ(plain.world.stateHash(), threaded.world.stateHash());
    threaded.world.restore(saved);
    EXPECT_EQ(threaded.world.settings().tasks.user, &shuffled);
    // Both step on to the same bits, one on its task system, one without.
    for (int i = 0; i < 30; ++i)
    {
        threaded.world.step(kDt);
        plain.world.step(kDt);
    }
    EXPECT_EQ(plain.world.stateHash(), threaded.world.stateHash());
}

} // namespace
} // namespace oblique
