// The step on one thread and on oneTBB workers, timed side by side in one process: wall-clock
// milliseconds per step (the CPU time of several threads would add up), soft step, sleep off.
// Each repetition builds its world, warms it up on the same workers, then times a fixed number of
// steps; repetitions run in a shuffled order so a busy spell does not land on one worker count.
// After the table: each scene's speed-up over one thread, and where a step's time went (the
// engine's own stage timers, averaged over the timed steps).

#include <algorithm>
#include <benchmark/benchmark.h>
#include <cstdio>
#include <map>
#include <oblique/scene_builders.hpp>
#include <oblique/scene_world.hpp>
#include <oblique/tbb_task_system.hpp>
#include <oblique/world.hpp>
#include <string>
#include <vector>

namespace oblique::bench
{
namespace
{

constexpr float kDt = 1.0f / 60.0f;

struct ThreadCase
{
    std::string key;
    Scene scene;
    int warmupSteps = 0;
    int timedSteps = 0;
};

struct Split
{
    double step = 0.0;
    double broadphase = 0.0;
    double narrowphase = 0.0;
    double solver = 0.0;
};

// Per "<key>/<workers>": the stage split of the last repetition.
std::map<std::string, Split> g_splits;

void stepScene(benchmark::State& state, const ThreadCase* c, int workers)
{
    TbbTaskSystem tasks(workers);
    SceneInstance instance = instantiate(c->scene);
    instance.world.setTaskSystem(tasks.taskSystem());
    for (int i = 0; i < c->warmupSteps; ++i)
    {
        instance.world.step(kDt);
    }
    Split split;
    for (auto _ : state)
    {
        instance.world.step(kDt);
        const Profile& p = instance.world.profile();
        split.step += static_cast<double>(p.step);
        split.broadphase += static_cast<double>(p.broadphase);
        split.narrowphase += static_cast<double>(p.narrowphase);
        split.solver += static_cast<double>(p.solver);
    }
    const double n = static_cast<double>(c->timedSteps);
    g_splits[c->key + "/" + std::to_string(workers)] = {split.step / n, split.broadphase / n,
                                                        split.narrowphase / n, split.solver / n};
}

std::vector<ThreadCase> makeCases()
{
    const auto withoutSleep = [](Scene s)
    {
        s.world.allowSleep = false;
        return s;
    };
    return {
        {"pyramid100", withoutSleep(scenes::pyramid(100)), 60, 300},
        {"manypyramids", withoutSleep(scenes::manyPyramids()), 60, 140},
        {"rain2000", withoutSleep(scenes::rain(2000)), 600, 300},
        {"jointgrid100", withoutSleep(scenes::jointGrid(100)), 60, 120},
        {"ragdolls20", withoutSleep(scenes::ragdollPile(20)), 180, 300},
    };
}

} // namespace
} // namespace oblique::bench

int main(int argc, char** argv)
{
    using namespace oblique::bench;
    static const std::vector<ThreadCase> cases = makeCases();
    const int most = std::min(oblique::TbbTaskSystem(0).workerCount(), 4);
    std::vector<int> workerCounts;
    for (int w = 1; w <= std::max(most, 2); w *= 2)
    {
        workerCounts.push_back(w);
    }
    for (const ThreadCase& c : cases)
    {
        for (const int workers : workerCounts)
        {
            benchmark::RegisterBenchmark((c.key + "/workers:" + std::to_string(workers)).c_str(), stepScene,
                                         &c, workers)
                ->Iterations(c.timedSteps)
                ->Unit(benchmark::kMillisecond)
                ->UseRealTime();
        }
    }
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    std::printf("\nwall ms per step from the engine's timers (last repetition): step = broadphase + narrow "
                "phase + solver + the rest; speed-up against 1 worker\n");
    for (const ThreadCase& c : cases)
    {
        const auto one = g_splits.find(c.key + "/1");
        for (const int workers : workerCounts)
        {
            const auto it = g_splits.find(c.key + "/" + std::to_string(workers));
            if (it == g_splits.end() || one == g_splits.end())
            {
                continue;
            }
            const Split& s = it->second;
            std::printf(
                "%-13s %d worker(s): step %.3f  broadphase %.3f  narrow %.3f  solver %.3f  speed-up %.2f\n",
                c.key.c_str(), workers, s.step, s.broadphase, s.narrowphase, s.solver,
                one->second.step / s.step);
        }
    }
    return 0;
}
