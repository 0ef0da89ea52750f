// How a world's step grows with its size, side by side with Box2D 2.4: a rain of n mixed boxes and
// circles (scenes::rain) for n from 1,000 to 50,000, sleep off. Each repetition builds the world,
// steps one second of the fall untimed, then times two more seconds (120 steps), one step per
// benchmark iteration: every body is still falling or landing, so the broadphase sees them all move.
//
// After the table: per size the medians, the ratio, Oblique's profile split, and the growth
// exponent (the slope of log time against log n) between neighbouring sizes and over the whole
// range, beside n log n's over the same range. --csv=PATH writes the figures for
// scripts/plot-scaling; --max-bodies=N leaves out the larger sizes.

#include "summary_reporter.hpp"

#include <benchmark/benchmark.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <oblique/compare/box2d_world.hpp>
#include <oblique/compare/oblique_world.hpp>
#include <oblique/scene_builders.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace oblique::bench
{

namespace
{

using compare::Box2dWorld;
using compare::ObliqueWorld;

constexpr int kWarmupSteps = 60;
constexpr int kTimedSteps = 120;
constexpr int kSizes[] = {1000, 2000, 5000, 10000, 20000, 50000};

struct SizeCase
{
    int bodies = 0;
    Scene scene;
};

// Oblique's own timers, mean ms per timed step.
struct Split
{
    double broadphase = 0.0;
    double narrowphase = 0.0;
    double solver = 0.0;
};

std::vector<SizeCase> g_cases;
std::map<int, std::vector<Split>> g_splits;

std::string keyOf(int bodies, const char* engine)
{
    return "rain" + std::to_string(bodies) + "/" + engine;
}

template <class EngineWorld>
void stepRain(benchmark::State& state, const SizeCase* c)
{
    EngineWorld world(c->scene);
    for (int i = 0; i < kWarmupSteps; ++i)
    {
        world.step();
    }
    Split sum;
    for (auto _ : state)
    {
        world.step();
        if constexpr (std::is_same_v<EngineWorld, ObliqueWorld>)
        {
            const Profile& p = world.world().profile();
            sum.broadphase += static_cast<double>(p.broadphase);
            sum.narrowphase += static_cast<double>(p.narrowphase);
            sum.solver += static_cast<double>(p.solver);
        }
    }
    if constexpr (std::is_same_v<EngineWorld, ObliqueWorld>)
    {
        const double n = static_cast<double>(state.iterations());
        g_splits[c->bodies].push_back({sum.broadphase / n, sum.narrowphase / n, sum.solver / n});
    }
}

Split medianSplit(const std::vector<Split>& splits)
{
    const auto part = [&](double Split::*field)
    {
        std::vector<double> v;
        for (const Split& s : splits)
        {
            v.push_back(s.*field);
        }
        return medianOf(v);
    };
    return {part(&Split::broadphase), part(&Split::narrowphase), part(&Split::solver)};
}

// The least-squares slope of log y against log x.
double growthExponent(const std::vector<double>& x, const std::vector<double>& y)
{
    const double n = static_cast<double>(x.size());
    double sx = 0.0;
    double sy = 0.0;
    double sxx = 0.0;
    double sxy = 0.0;
    for (std::size_t i = 0; i < x.size(); ++i)
    {
        const double lx = std::log(x[i]);
        const double ly = std::log(y[i]);
        sx += lx;
        sy += ly;
        sxx += lx * lx;
        sxy += lx * ly;
    }
    return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

struct Row
{
    double bodies = 0.0;
    double oblique = 0.0;
    double box2d = 0.0;
    Split split;
};

void printExponents(const std::vector<Row>& rows)
{
    if (rows.size() < 2)
    {
        return;
    }
    std::vector<double> n;
    std::vector<double> oblique;
    std::vector<double> box2d;
    std::vector<double> nLogN;
    std::vector<double> broadphase;
    for (const Row& r : rows)
    {
        n.push_back(r.bodies);
        oblique.push_back(r.oblique);
        box2d.push_back(r.box2d);
        nLogN.push_back(r.bodies * std::log(r.bodies));
        broadphase.push_back(r.split.broadphase);
    }
    std::printf("\ngrowth exponent, the slope of log(ms per step) against log(n):\n");
    for (std::size_t i = 1; i < rows.size(); ++i)
    {
        const std::vector<double> x{n[i - 1], n[i]};
        std::printf("  n %6.0f -> %6.0f: oblique %.2f (broadphase %.2f), box2d %.2f, n log n %.2f\n",
                    n[i - 1], n[i], growthExponent(x, {oblique[i - 1], oblique[i]}),
                    growthExponent(x, {broadphase[i - 1], broadphase[i]}),
                    growthExponent(x, {box2d[i - 1], box2d[i]}), growthExponent(x, {nLogN[i - 1], nLogN[i]}));
    }
    std::printf("  fitted over n %.0f to %.0f: oblique %.2f (broadphase %.2f), box2d %.2f, n log n %.2f\n",
                n.front(), n.back(), growthExponent(n, oblique), growthExponent(n, broadphase),
                growthExponent(n, box2d), growthExponent(n, nLogN));
}

void writeCsv(const std::vector<Row>& rows, const std::string& path)
{
    std::FILE* file = std::fopen(path.c_str(), "w");
    if (file == nullptr)
    {
        std::fprintf(stderr, "bench-scale: cannot write %s\n", path.c_str());
        std::exit(2);
    }
    std::fprintf(
        file, "bodies,oblique_ms,box2d_ms,oblique_broadphase_ms,oblique_narrowphase_ms,oblique_solver_ms\n");
    for (const Row& r : rows)
    {
        std::fprintf(file, "%.0f,%.4f,%.4f,%.4f,%.4f,%.4f\n", r.bodies, r.oblique, r.box2d,
                     r.split.broadphase, r.split.narrowphase, r.split.solver);
    }
    std::fclose(file);
    std::printf("\nwrote %s\n", path.c_str());
}

constexpr std::string_view kCsvFlag = "--csv=";
constexpr std::string_view kMaxFlag = "--max-bodies=";

} // namespace

} // namespace oblique::bench

int main(int argc, char** argv)
{
    using namespace oblique;
    using namespace oblique::bench;

    std::vector<char*> args;
    std::string csv;
    int maxBodies = 50000;
    for (int i = 0; i < argc; ++i)
    {
        const std::string_view arg(argv[i]);
        if (arg.starts_with(kCsvFlag))
        {
            csv = std::string(arg.substr(kCsvFlag.size()));
            continue;
        }
        if (arg.starts_with(kMaxFlag))
        {
            char* end = nullptr;
            const long value = std::strtol(argv[i] + kMaxFlag.size(), &end, 10);
            if (end == argv[i] + kMaxFlag.size() || *end != '\0' || value < 1000 || value > 50000)
            {
                std::fprintf(stderr, "bench-scale: --max-bodies must be a whole number from 1000 to 50000\n");
                return 2;
            }
            maxBodies = static_cast<int>(value);
            continue;
        }
        args.push_back(argv[i]);
    }
    // A median of three, the repetitions of all sizes and both engines shuffled together.
    if (!initializeBenchmarks(args, true))
    {
        return 1;
    }

    for (const int n : kSizes)
    {
        if (n <= maxBodies)
        {
            Scene scene = scenes::rain(n);
            scene.world.allowSleep = false;
            scene.world.velocityIterations = 8;
            scene.world.positionIterations = 3;
            g_cases.push_back({n, std::move(scene)});
        }
    }
    std::printf("rain of n, sleep off: %d warm-up steps, %d timed steps per repetition; Oblique in soft step "
                "(4 substeps), Box2D 2.4 at 8/3 iterations\n",
                kWarmupSteps, kTimedSteps);
    for (const SizeCase& c : g_cases)
    {
        benchmark::RegisterBenchmark(keyOf(c.bodies, "oblique").c_str(), stepRain<ObliqueWorld>, &c)
            ->Iterations(kTimedSteps)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(keyOf(c.bodies, "box2d").c_str(), stepRain<Box2dWorld>, &c)
            ->Iterations(kTimedSteps)
            ->Unit(benchmark::kMillisecond);
    }
    SummaryReporter reporter([](const benchmark::BenchmarkReporter::Run& run) -> std::optional<double>
                             { return run.GetAdjustedCPUTime(); });
    benchmark::RunSpecifiedBenchmarks(&reporter);
    benchmark::Shutdown();

    std::printf(
        "\nms per step, CPU time, medians over the repetitions; Oblique's split from its own timers:\n");
    std::vector<Row> rows;
    for (const SizeCase& c : g_cases)
    {
        const std::optional<double> x = reporter.median(keyOf(c.bodies, "oblique"));
        const std::optional<double> y = reporter.median(keyOf(c.bodies, "box2d"));
        if (!x || !y || g_splits[c.bodies].empty())
        {
            continue;
        }
        const Split s = medianSplit(g_splits[c.bodies]);
        rows.push_back({static_cast<double>(c.bodies), *x, *y, s});
        std::printf("rain%-6d oblique %8.3f ms, box2d %8.3f ms, ratio X/Y = %.2f; oblique broadphase %.3f, "
                    "narrowphase %.3f, solver %.3f\n",
                    c.bodies, *x, *y, *x / *y, s.broadphase, s.narrowphase, s.solver);
    }
    printExponents(rows);
    if (!csv.empty())
    {
        writeCsv(rows, csv);
    }
    return 0;
}
