// Whole world steps of Oblique and Box2D 2.4, timed side by side on the same scenes.
//
// Both engines get the same scene through the comparison layer (ObliqueWorld, Box2dWorld): the
// same bodies, 60 Hz, and sleeping off so that every body is stepped every time. Oblique steps it
// with its default solver (soft step, 4 substeps) and again with ngs at Box2D 2.4's 8 velocity and
// 3 position iterations ("<scene>-ngs"); Box2D 2.4 with 8 and 3. Each repetition builds its world and warms
// it up before any timing, then times a fixed number of steps, one step per benchmark iteration: both engines
// take exactly the same steps from the same start in every repetition, and no repetition inherits the state
// another one left behind. The repetitions of all benchmarks run in a shuffled order, so a busy spell on the
// machine does not land on one engine only.
//
// After the table: one line per scene with the medians and the ratio, the engines' own profile
// split averaged over the timed steps (and over the rain's fall, the warm-up), and whether each
// pyramid still stands. Before the table: whether a warmed-up World::step allocates and whether two
// worlds stay bit-identical.

#include "summary_reporter.hpp"
#include "world_alloc_counter.hpp"

#include <algorithm>
#include <benchmark/benchmark.h>
#include <box2d/b2_contact.h>
#include <box2d/b2_world.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <oblique/compare/box2d_world.hpp>
#include <oblique/compare/oblique_world.hpp>
#include <oblique/lane_width.hpp>
#include <oblique/scene_builders.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace oblique::bench
{

namespace
{

using compare::Box2dWorld;
using compare::ObliqueWorld;

constexpr double kFrameMs = 1000.0 / 60.0;
// The key of a scene's ngs run is the scene's key with this after it.
constexpr std::string_view kNgsSuffix = "-ngs";

// The allocation check counts over windows of this many steps after the warm-up.
constexpr int kCheckSteps = 60;
constexpr int kCheckWindows = 2;

struct SceneCase
{
    std::string key; ///< names the benchmarks: "<key>/oblique", "<key>/box2d"
    Scene scene;
    int warmupSteps = 0;
    int timedSteps = 0;
    bool withBox2d = true;
};

// Mean milliseconds per timed step from the engine's own timers (wall clock, unlike the CPU time
// the table reports). Box2D counts finding new pairs inside its solve; it is moved to broadphase
// here so the columns mean the same for both. Oblique has no continuous collision pass.
struct StepSplit
{
    double broadphase = 0.0;
    double narrowphase = 0.0;
    double solver = 0.0;
    double continuous = 0.0;
    double step = 0.0;

    StepSplit& operator+=(const StepSplit& o)
    {
        broadphase += o.broadphase;
        narrowphase += o.narrowphase;
        solver += o.solver;
        continuous += o.continuous;
        step += o.step;
        return *this;
    }
    StepSplit operator/(double n) const
    {
        return {broadphase / n, narrowphase / n, solver / n, continuous / n, step / n};
    }
};

// Where the dynamic bodies are after the timed steps, against where the scene put them.
struct Standing
{
    double maxDisplacement = 0.0; ///< the largest distance any body moved
    double maxSideways = 0.0;     ///< the largest horizontal distance: toppling and sliding show here
    double topStart = 0.0;        ///< the starting height of the highest body
    double topNow = 0.0;          ///< that body's height now
    int outOfPlace = 0;           ///< bodies that moved more than half a unit box (0.5 m)
};

constexpr double kOutOfPlace = 0.5;

// What one repetition saw, apart from its time.
struct RunRecord
{
    StepSplit split;            ///< over the timed steps
    StepSplit warmup;           ///< over the warm-up steps
    double slowestWarmup = 0.0; ///< the slowest warm-up step, ms
    Standing standing;
    int pairs = 0;    ///< pairs whose fattened boxes overlap, after the last step
    int touching = 0; ///< of those, touching
    int steps = 0;    ///< warm-up plus timed
};

std::vector<SceneCase> g_cases;
std::map<std::string, std::vector<RunRecord>> g_records;

StepSplit splitOf(const ObliqueWorld& w)
{
    const Profile& p = w.world().profile();
    return {p.broadphase, p.narrowphase, p.solver, 0.0, p.step};
}

StepSplit splitOf(const Box2dWorld& w)
{
    const b2Profile& p = w.world().GetProfile();
    return {p.broadphase, p.collide, p.solve - p.broadphase, p.solveTOI, p.step};
}

void countPairs(const ObliqueWorld& w, RunRecord& r)
{
    const Profile& p = w.world().profile();
    r.pairs = p.contactCount;
    r.touching = p.touchingCount;
}

void countPairs(const Box2dWorld& w, RunRecord& r)
{
    r.pairs = w.world().GetContactCount();
    r.touching = 0;
    for (const b2Contact* c = w.world().GetContactList(); c != nullptr; c = c->GetNext())
    {
        r.touching += c->IsTouching() ? 1 : 0;
    }
}

template <class EngineWorld>
Standing standingOf(const EngineWorld& w, const Scene& scene)
{
    Standing s;
    std::optional<int> top;
    for (int i = 0; i < static_cast<int>(scene.bodies.size()); ++i)
    {
        const SceneBody& b = scene.bodies[static_cast<std::size_t>(i)];
        if (b.type != BodyType::Dynamic)
        {
            continue;
        }
        const Vec2 p = w.bodyState(i).position;
        const double dx = static_cast<double>(p.x) - static_cast<double>(b.position.x);
        const double dy = static_cast<double>(p.y) - static_cast<double>(b.position.y);
        const double d = std::hypot(dx, dy);
        s.maxDisplacement = std::max(s.maxDisplacement, d);
        s.outOfPlace += d > kOutOfPlace ? 1 : 0;
        s.maxSideways = std::max(s.maxSideways, std::fabs(dx));
        if (!top || b.position.y > scene.bodies[static_cast<std::size_t>(*top)].position.y)
        {
            top = i;
        }
    }
    if (top)
    {
        s.topStart = scene.bodies[static_cast<std::size_t>(*top)].position.y;
        s.topNow = w.bodyState(*top).position.y;
    }
    return s;
}

template <class EngineWorld>
void stepScene(benchmark::State& state, const SceneCase* c, const char* engine)
{
    // Built and warmed up before the timing loop starts: neither counts in the table. The engine's
    // own timers still record the warm-up: for the rain it is the fall, which the timed steps (a
    // pile that has landed) do not show.
    EngineWorld world(c->scene);
    RunRecord r;
    for (int i = 0; i < c->warmupSteps; ++i)
    {
        world.step();
        const StepSplit s = splitOf(world);
        r.warmup += s;
        r.slowestWarmup = std::max(r.slowestWarmup, s.step);
    }
    r.warmup = r.warmup / static_cast<double>(std::max(1, c->warmupSteps));
    StepSplit sum;
    for (auto _ : state)
    {
        world.step();
        sum += splitOf(world);
    }
    r.split = sum / static_cast<double>(state.iterations());
    r.standing = standingOf(world, c->scene);
    r.steps = world.stepCount();
    countPairs(world, r);
    g_records[c->key + "/" + engine].push_back(r);
}

// Oblique held to four lanes (SSE2) on a CPU that would choose eight (AVX2), for the ratio
// between the two in the same run.
void stepSceneFourLanes(benchmark::State& state, const SceneCase* c)
{
    const int chosen = laneWidth();
    setLaneWidth(4);
    stepScene<ObliqueWorld>(state, c, "oblique-4lanes");
    setLaneWidth(chosen);
}

double medianOver(const std::vector<RunRecord>& records, const auto& field)
{
    std::vector<double> v;
    for (const RunRecord& r : records)
    {
        v.push_back(field(r));
    }
    return medianOf(v);
}

// A profile split, each part the median over the repetitions.
std::optional<StepSplit> medianSplit(const std::string& name, StepSplit RunRecord::*which)
{
    const auto it = g_records.find(name);
    if (it == g_records.end() || it->second.empty())
    {
        return std::nullopt;
    }
    const auto part = [&](double StepSplit::*field)
    { return medianOver(it->second, [&](const RunRecord& r) { return (r.*which).*field; }); };
    return StepSplit{part(&StepSplit::broadphase), part(&StepSplit::narrowphase), part(&StepSplit::solver),
                     part(&StepSplit::continuous), part(&StepSplit::step)};
}

void printComparison(const SummaryReporter& r, const SceneCase& c)
{
    const std::optional<double> x = r.median(c.key + "/oblique");
    const std::optional<double> y = r.median(c.key + "/box2d");
    if (x && y)
    {
        std::printf("%s: oblique %.3f ms/step, box2d %.3f ms/step, ratio X/Y = %.2f\n", c.key.c_str(), *x, *y,
                    *x / *y);
    }
    else if (x)
    {
        std::printf("%s: oblique %.3f ms/step (%zu bodies; %.0f%% of a 60 Hz frame)\n", c.key.c_str(), *x,
                    c.scene.bodies.size(), 100.0 * *x / kFrameMs);
    }
    // Eight lanes against four, where both ran.
    const std::optional<double> four = r.median(c.key + "/oblique-4lanes");
    if (x && four)
    {
        std::printf("%s: oblique at %d lanes / at 4 lanes = %.2f\n", c.key.c_str(), laneWidth(), *x / *four);
    }
    // After a scene's ngs run: soft step against ngs, and ngs against Box2D 2.4.
    if (c.key.ends_with(kNgsSuffix))
    {
        const std::string base = c.key.substr(0, c.key.size() - kNgsSuffix.size());
        const std::optional<double> soft = r.median(base + "/oblique");
        const std::optional<double> box2d = r.median(base + "/box2d");
        if (x && soft && box2d)
        {
            std::printf("%s: soft step / ngs = %.2f; ngs / box2d = %.2f\n", base.c_str(), *soft / *x,
                        *x / *box2d);
        }
    }
}

void printParts(const StepSplit& s)
{
    const auto pct = [&](double part) { return s.step > 0.0 ? 100.0 * part / s.step : 0.0; };
    std::printf("broadphase %.3f (%2.0f%%), narrowphase %.3f (%2.0f%%), solver %.3f (%2.0f%%)", s.broadphase,
                pct(s.broadphase), s.narrowphase, pct(s.narrowphase), s.solver, pct(s.solver));
    if (s.continuous > 0.0)
    {
        std::printf(", continuous %.3f (%2.0f%%)", s.continuous, pct(s.continuous));
    }
    std::printf(", step %.3f ms", s.step);
}

void printSplit(const SceneCase& c, const char* engine)
{
    const std::string name = c.key + "/" + engine;
    const std::optional<StepSplit> s = medianSplit(name, &RunRecord::split);
    if (!s)
    {
        return;
    }
    std::printf("%-18s ", name.c_str());
    printParts(*s);
    const RunRecord& last = g_records[name].back();
    std::printf("; %d pairs, %d touching\n", last.pairs, last.touching);
}

void printWarmup(const SceneCase& c, const char* engine)
{
    const std::string name = c.key + "/" + engine;
    const std::optional<StepSplit> s = medianSplit(name, &RunRecord::warmup);
    if (!s)
    {
        return;
    }
    std::printf("%-18s steps 1-%d: ", name.c_str(), c.warmupSteps);
    printParts(*s);
    std::printf("; slowest step %.3f ms\n",
                medianOver(g_records[name], [](const RunRecord& r) { return r.slowestWarmup; }));
}

void printStandingLine(const std::string& name, int steps, const Standing& s, const char* note)
{
    std::printf("%-18s after %4d steps: largest displacement %.4f m (sideways %.4f m), %d moved > %.1f m, "
                "top box at %.4f m (%+.4f m)%s\n",
                name.c_str(), steps, s.maxDisplacement, s.maxSideways, s.outOfPlace, kOutOfPlace, s.topNow,
                s.topNow - s.topStart, note);
}

// Whether a pyramid still stands after the timed steps: the worst over the repetitions (which agree
// when the engine is deterministic, as both are on one binary).
void printStanding(const SceneCase& c, const char* engine)
{
    const std::string name = c.key + "/" + engine;
    const auto it = g_records.find(name);
    if (it == g_records.end() || it->second.empty())
    {
        return;
    }
    Standing worst = it->second.front().standing;
    bool agree = true;
    for (const RunRecord& r : it->second)
    {
        const Standing& s = r.standing;
        agree = agree && s.maxDisplacement == worst.maxDisplacement && s.topNow == worst.topNow;
        worst.maxDisplacement = std::max(worst.maxDisplacement, s.maxDisplacement);
        worst.maxSideways = std::max(worst.maxSideways, s.maxSideways);
        worst.outOfPlace = std::max(worst.outOfPlace, s.outOfPlace);
        worst.topNow = std::min(worst.topNow, s.topNow);
    }
    printStandingLine(name, it->second.front().steps, worst, agree ? "" : "; repetitions differ");
}

// The same scene stepped further than the benchmark does, untimed: a pyramid that stands for the
// timed steps may still come down later. Run with --stability-steps=N.
template <class EngineWorld>
void printLongStanding(const SceneCase& c, const char* engine, int steps)
{
    EngineWorld world(c.scene);
    for (int i = 0; i < steps; ++i)
    {
        world.step();
    }
    printStandingLine(c.key + "/" + engine, steps, standingOf(world, c.scene), "");
}

// A warmed-up World::step should allocate nothing, and two worlds built from one scene should
// step to bit-identical states. Both are checked on the benchmark's own scenes, untimed.
void printChecks()
{
    for (const SceneCase& c : g_cases)
    {
        // The 10,000-body rain is left out: two worlds through its warm-up would add half a minute.
        if (c.key == "rain10000")
        {
            continue;
        }
        ObliqueWorld counted(c.scene);
        ObliqueWorld twin(c.scene);
        for (int i = 0; i < c.warmupSteps; ++i)
        {
            counted.step();
            twin.step();
        }
        // Two windows: the first can still see a container grow past its largest size so far (the
        // step keeps capacity and reuses it), the second shows whether allocation goes on.
        AllocationCount windows[kCheckWindows];
        for (AllocationCount& n : windows)
        {
            startCounting();
            for (int i = 0; i < kCheckSteps; ++i)
            {
                counted.step();
            }
            n = stopCounting();
        }
        for (int i = 0; i < kCheckWindows * kCheckSteps; ++i)
        {
            twin.step();
        }
        const bool same = counted.world().stateHash() == twin.world().stateHash();
        std::printf("check %s/oblique: heap allocations after %d warm-up steps:", c.key.c_str(),
                    c.warmupSteps);
        for (int w = 0; w < kCheckWindows; ++w)
        {
            const AllocationCount& n = windows[w];
            std::printf("%s %zu in steps %d-%d", w == 0 ? "" : ",", n.calls,
                        c.warmupSteps + w * kCheckSteps + 1, c.warmupSteps + (w + 1) * kCheckSteps);
            if (n.calls > 0)
            {
                std::printf(" (%zu bytes, largest %zu)", n.bytes, n.largest);
            }
        }
        std::printf("; two worlds %s after %d steps\n", same ? "bit-identical" : "DIFFER",
                    c.warmupSteps + kCheckWindows * kCheckSteps);
    }
}

Scene withoutSleep(Scene s)
{
    s.world.allowSleep = false;
    s.world.velocityIterations = 8;
    s.world.positionIterations = 3;
    return s;
}

// The scene stepped by Box2D 2.4's own method, ngs, at 8/3 iterations.
Scene byNgs(Scene s)
{
    s.world.solver = Solver::Ngs;
    return s;
}

std::vector<SceneCase> makeCases()
{
    // Warm-up: one second for the pyramids, whose boxes start resting exactly on one another;
    // ten seconds for the rain, enough for the highest bodies (56 m up for
    // 2,000, 121 m for 10,000) to land and the pile to form. The timed steps keep each repetition
    // to a few seconds on the slower engine.
    // Each scene in Oblique's default solver (soft step, 4 substeps) beside Box2D 2.4, and again in
    // Oblique's ngs ("<key>-ngs"), Box2D 2.4's method, for the like-for-like ratio.
    return {
        {"pyramid20", withoutSleep(scenes::pyramid(20)), 60, 600, true},
        {"pyramid20-ngs", byNgs(withoutSleep(scenes::pyramid(20))), 60, 600, false},
        {"pyramid100", withoutSleep(scenes::pyramid(100)), 60, 300, true},
        {"pyramid100-ngs", byNgs(withoutSleep(scenes::pyramid(100))), 60, 300, false},
        // Box2D v3's "many pyramids": 400 ten-row pyramids (22,000 boxes) on 20 shelves, 200 steps
        // in all as Box2D v3's benchmark runs it.
        {"manypyramids", withoutSleep(scenes::manyPyramids()), 60, 140, true},
        {"manypyramids-ngs", byNgs(withoutSleep(scenes::manyPyramids())), 60, 140, false},
        {"rain2000", withoutSleep(scenes::rain(2000)), 600, 300, true},
        {"rain2000-ngs", byNgs(withoutSleep(scenes::rain(2000))), 600, 300, false},
        {"rain10000", withoutSleep(scenes::rain(10000)), 600, 120, false},
        // Joints: a 100 x 100 net of hinged balls (19,701 revolute joints) swinging from its top
        // row, and 20 ragdolls (180 limited hinges) that have fallen into a pile.
        {"jointgrid100", withoutSleep(scenes::jointGrid(100)), 60, 120, true},
        {"jointgrid100-ngs", byNgs(withoutSleep(scenes::jointGrid(100))), 60, 120, false},
        {"ragdolls20", withoutSleep(scenes::ragdollPile(20)), 180, 300, true},
        {"ragdolls20-ngs", byNgs(withoutSleep(scenes::ragdollPile(20))), 180, 300, false},
    };
}

constexpr std::string_view kStabilityFlag = "--stability-steps=";

} // namespace

} // namespace oblique::bench

int main(int argc, char** argv)
{
    using namespace oblique::bench;

    // A median of three with the repetitions of all benchmarks shuffled together; any of these can
    // be overridden on the command line. --no-checks skips the allocation and determinism checks;
    // --stability-steps=N also steps each pyramid N steps in both engines, untimed, and reports
    // whether it still stands.
    std::vector<char*> args;
    bool checks = true;
    int stabilitySteps = 0;
    for (int i = 0; i < argc; ++i)
    {
        const std::string_view arg(argv[i]);
        if (arg == "--no-checks")
        {
            checks = false;
            continue;
        }
        if (arg.starts_with(kStabilityFlag))
        {
            stabilitySteps = std::atoi(argv[i] + kStabilityFlag.size());
            continue;
        }
        args.push_back(argv[i]);
    }
    if (!initializeBenchmarks(args, true))
    {
        return 1;
    }

    g_cases = makeCases();
    for (const SceneCase& c : g_cases)
    {
        std::printf("scene %s: %zu bodies, %d warm-up steps, %d timed steps per repetition\n", c.key.c_str(),
                    c.scene.bodies.size(), c.warmupSteps, c.timedSteps);
    }
    if (checks)
    {
        printChecks();
    }

    for (const SceneCase& c : g_cases)
    {
        benchmark::RegisterBenchmark((c.key + "/oblique").c_str(), stepScene<ObliqueWorld>, &c, "oblique")
            ->Iterations(c.timedSteps)
            ->Unit(benchmark::kMillisecond);
        if (c.withBox2d)
        {
            benchmark::RegisterBenchmark((c.key + "/box2d").c_str(), stepScene<Box2dWorld>, &c, "box2d")
                ->Iterations(c.timedSteps)
                ->Unit(benchmark::kMillisecond);
        }
        if ((c.withBox2d || c.key.ends_with(kNgsSuffix)) && oblique::laneWidth() == 8)
        {
            benchmark::RegisterBenchmark((c.key + "/oblique-4lanes").c_str(), stepSceneFourLanes, &c)
                ->Iterations(c.timedSteps)
                ->Unit(benchmark::kMillisecond);
        }
    }

    // Each benchmark's CPU time per step, in milliseconds (the benchmarks' time unit).
    SummaryReporter reporter([](const benchmark::BenchmarkReporter::Run& run) -> std::optional<double>
                             { return run.GetAdjustedCPUTime(); });
    benchmark::RunSpecifiedBenchmarks(&reporter);
    benchmark::Shutdown();

    std::printf("\nms per step, CPU time, medians over the repetitions (lower is better):\n");
    for (const SceneCase& c : g_cases)
    {
        printComparison(reporter, c);
    }
    std::printf("\nprofile split, the engines' own timers (wall clock), mean ms per timed step:\n");
    for (const SceneCase& c : g_cases)
    {
        printSplit(c, "oblique");
        printSplit(c, "box2d");
    }
    std::printf("\nwarm-up of the rain (the fall and the pile forming; untimed by the benchmark), the "
                "engines' own timers, mean ms per step:\n");
    for (const SceneCase& c : g_cases)
    {
        if (c.key.starts_with("rain"))
        {
            printWarmup(c, "oblique");
            printWarmup(c, "box2d");
        }
    }
    std::printf("\nstability, dynamic bodies against their starting positions:\n");
    for (const SceneCase& c : g_cases)
    {
        if (c.key.starts_with("pyramid"))
        {
            printStanding(c, "oblique");
            printStanding(c, "box2d");
        }
    }
    if (stabilitySteps > 0)
    {
        for (const SceneCase& c : g_cases)
        {
            if (c.key.starts_with("pyramid"))
            {
                printLongStanding<ObliqueWorld>(c, "oblique", stabilitySteps);
                printLongStanding<Box2dWorld>(c, "box2d", stabilitySteps);
            }
        }
    }
    return 0;
}
