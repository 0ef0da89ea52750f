// Collision routines of Oblique and Box2D 2.4, timed side by side on the same seeded pairs.
//
// Every benchmark iteration runs one routine over all pairs, so a time per pair is the iteration
// time divided by the pair count. The pairs are built before any timing; each side gets shapes and
// poses in its own precomputed form (Obb with its cached rotation; b2PolygonShape/b2CircleShape
// with a b2Transform). Neither library is inlined into the loop: both are called through their
// compiled libraries, and every result goes through benchmark::DoNotOptimize.
//
// After the usual table, one line per comparison gives the medians over the repetitions.

#include "collision_data.hpp"
#include "overlap_variants.hpp"
#include "summary_reporter.hpp"

#include <algorithm>
#include <benchmark/benchmark.h>
#include <box2d/b2_collision.h>
#include <cstdio>
#include <oblique/manifold.hpp>
#include <oblique/overlap.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace oblique::bench
{

namespace
{

constexpr const char* kPerPair = "per_pair";
constexpr const char* kPerBox = "per_box";

const CollisionData* g_data = nullptr;
const std::vector<ScaledPair>* g_scaled = nullptr;

// A counter that Google Benchmark turns into seconds per item (shown as e.g. "3.2ns").
void reportPerItem(benchmark::State& state, const char* counter, std::size_t itemsPerIteration)
{
    state.SetItemsProcessed(state.iterations() * static_cast<benchmark::IterationCount>(itemsPerIteration));
    state.counters[counter] =
        benchmark::Counter(static_cast<double>(itemsPerIteration),
                           benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void overlapOblique(benchmark::State& state)
{
    const std::vector<BoxPair>& pairs = g_data->boxPairs;
    for (auto _ : state)
    {
        for (const BoxPair& p : pairs)
        {
            benchmark::DoNotOptimize(testOverlap(p.a, p.b));
        }
    }
    reportPerItem(state, kPerPair, pairs.size());
}

void overlapBox2d(benchmark::State& state)
{
    const std::vector<B2BoxPair>& pairs = g_data->b2BoxPairs;
    const b2PolygonShape* shapes = g_data->b2Boxes.data();
    for (auto _ : state)
    {
        for (const B2BoxPair& p : pairs)
        {
            benchmark::DoNotOptimize(b2TestOverlap(&shapes[p.shapeA], 0, &shapes[p.shapeB], 0, p.xfA, p.xfB));
        }
    }
    reportPerItem(state, kPerPair, pairs.size());
}

void manifoldOblique(benchmark::State& state)
{
    const std::vector<BoxPair>& pairs = g_data->boxPairs;
    for (auto _ : state)
    {
        for (const BoxPair& p : pairs)
        {
            Manifold m = collideBoxes(p.a, p.b);
            benchmark::DoNotOptimize(m);
        }
    }
    reportPerItem(state, kPerPair, pairs.size());
}

void manifoldBox2d(benchmark::State& state)
{
    const std::vector<B2BoxPair>& pairs = g_data->b2BoxPairs;
    const b2PolygonShape* shapes = g_data->b2Boxes.data();
    for (auto _ : state)
    {
        for (const B2BoxPair& p : pairs)
        {
            b2Manifold m;
            b2CollidePolygons(&m, &shapes[p.shapeA], p.xfA, &shapes[p.shapeB], p.xfB);
            benchmark::DoNotOptimize(m);
        }
    }
    reportPerItem(state, kPerPair, pairs.size());
}

// b2CollidePolygons leaves its points in a local frame without separations; Oblique's manifold
// has world points and separations. This adds the step a Box2D user needs to get the same data.
void manifoldBox2dWorld(benchmark::State& state)
{
    const std::vector<B2BoxPair>& pairs = g_data->b2BoxPairs;
    const b2PolygonShape* shapes = g_data->b2Boxes.data();
    for (auto _ : state)
    {
        for (const B2BoxPair& p : pairs)
        {
            b2Manifold m;
            b2CollidePolygons(&m, &shapes[p.shapeA], p.xfA, &shapes[p.shapeB], p.xfB);
            b2WorldManifold w;
            if (m.pointCount > 0)
            {
                w.Initialize(&m, p.xfA, 0.0f, p.xfB, 0.0f);
            }
            benchmark::DoNotOptimize(m);
            benchmark::DoNotOptimize(w);
        }
    }
    reportPerItem(state, kPerPair, pairs.size());
}

void circleOblique(benchmark::State& state)
{
    const std::vector<BoxCirclePair>& pairs = g_data->circlePairs;
    for (auto _ : state)
    {
        for (const BoxCirclePair& p : pairs)
        {
            Manifold m = collideBoxCircle(p.box, p.circle);
            benchmark::DoNotOptimize(m);
        }
    }
    reportPerItem(state, kPerPair, pairs.size());
}

void circleBox2d(benchmark::State& state)
{
    const std::vector<B2BoxCirclePair>& pairs = g_data->b2CirclePairs;
    const b2PolygonShape* boxes = g_data->b2Boxes.data();
    const b2CircleShape* circles = g_data->b2Circles.data();
    for (auto _ : state)
    {
        for (const B2BoxCirclePair& p : pairs)
        {
            b2Manifold m;
            b2CollidePolygonAndCircle(&m, &boxes[p.box], p.xfBox, &circles[p.circle], p.xfCircle);
            benchmark::DoNotOptimize(m);
        }
    }
    reportPerItem(state, kPerPair, pairs.size());
}

void plainEarlyOut(benchmark::State& state)
{
    const std::vector<BoxPair>& pairs = g_data->boxPairs;
    for (auto _ : state)
    {
        for (const BoxPair& p : pairs)
        {
            benchmark::DoNotOptimize(testOverlapEarlyOut(p.a, p.b));
        }
    }
    reportPerItem(state, kPerPair, pairs.size());
}

void scaledTestOnly(benchmark::State& state)
{
    const std::vector<ScaledPair>& pairs = *g_scaled;
    for (auto _ : state)
    {
        for (const ScaledPair& p : pairs)
        {
            benchmark::DoNotOptimize(testOverlapScaled(p.a, p.b));
        }
    }
    reportPerItem(state, kPerPair, pairs.size());
}

void scaledPerTest(benchmark::State& state)
{
    const std::vector<BoxPair>& pairs = g_data->boxPairs;
    for (auto _ : state)
    {
        for (const BoxPair& p : pairs)
        {
            benchmark::DoNotOptimize(testOverlapScaledFromObbs(p.a, p.b));
        }
    }
    reportPerItem(state, kPerPair, pairs.size());
}

void scaledPrecompute(benchmark::State& state)
{
    const std::vector<BoxPair>& pairs = g_data->boxPairs;
    std::vector<ScaledPair> out(pairs.size());
    for (auto _ : state)
    {
        buildScaledPairs(pairs, out);
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    reportPerItem(state, kPerBox, 2 * pairs.size());
}

void printComparison(const SummaryReporter& r, const char* label, const std::string& ours,
                     const std::string& theirs)
{
    const std::optional<double> x = r.median(ours);
    const std::optional<double> y = r.median(theirs);
    if (x && y)
    {
        std::printf("%s: oblique %.2f ns/pair, box2d %.2f ns/pair, ratio Y/X = %.1fx\n", label, *x, *y,
                    *y / *x);
    }
}

void printScaledVerdict(const SummaryReporter& r)
{
    const std::optional<double> plain = r.median("overlap/oblique");
    const std::optional<double> earlyOut = r.median("overlap-variant/plain-early-out");
    const std::optional<double> testOnly = r.median("overlap-variant/scaled-test-only");
    const std::optional<double> perTest = r.median("overlap-variant/scaled-per-test");
    const std::optional<double> perBox = r.median("overlap-variant/scaled-precompute");
    if (!plain || !testOnly)
    {
        return;
    }
    std::printf("scaled axes vs plain: plain %.2f ns/pair, scaled %.2f ns/pair on precomputed boxes, "
                "ratio plain/scaled = %.2fx\n",
                *plain, *testOnly, *plain / *testOnly);
    if (perBox)
    {
        // In this data set each box is in exactly one pair, so a test carries two precomputations.
        const double amortised = *testOnly + 2.0 * *perBox;
        std::printf("scaled axes incl. precompute: %.2f ns/box, so %.2f ns/pair with each box in one pair, "
                    "ratio plain/scaled = %.2fx\n",
                    *perBox, amortised, *plain / amortised);
    }
    if (perTest)
    {
        std::printf("scaled axes precomputed inside each test: %.2f ns/pair, ratio plain/scaled = %.2fx\n",
                    *perTest, *plain / *perTest);
    }
    if (earlyOut)
    {
        std::printf("plain with early out (same answers): %.2f ns/pair, ratio early-out/plain = %.2fx\n",
                    *earlyOut, *earlyOut / *plain);
    }
}

void printData(const CollisionData& data, const std::vector<ScaledPair>& scaled)
{
    const DataSummary s = summarize(data);
    std::size_t scaledDisagreements = 0;
    std::size_t earlyOutDisagreements = 0;
    for (std::size_t i = 0; i < scaled.size(); ++i)
    {
        const BoxPair& p = data.boxPairs[i];
        const bool plain = testOverlap(p.a, p.b);
        scaledDisagreements += plain != testOverlapScaled(scaled[i].a, scaled[i].b) ? 1U : 0U;
        earlyOutDisagreements += plain != testOverlapEarlyOut(p.a, p.b) ? 1U : 0U;
    }
    const auto percent = [](std::size_t part, std::size_t whole)
    { return 100.0 * static_cast<double>(part) / static_cast<double>(whole); };
    std::printf("data: %zu box pairs, %.1f%% overlapping; %zu box-circle pairs, %.1f%% touching\n",
                data.boxPairs.size(), percent(s.boxOverlaps, data.boxPairs.size()), data.circlePairs.size(),
                percent(s.circleTouches, data.circlePairs.size()));
    std::printf(
        "disagreements with box2d: overlap %zu, manifold point count %zu, circle-box point count %zu\n",
        s.overlapDisagreements, s.manifoldDisagreements, s.circleDisagreements);
    std::printf("disagreements with testOverlap: scaled axes %zu, plain with early out %zu\n",
                scaledDisagreements, earlyOutDisagreements);
}

} // namespace

} // namespace oblique::bench

int main(int argc, char** argv)
{
    using namespace oblique::bench;

    // Defaults that keep a run near half a minute on a busy two-core machine while giving a
    // median of three; any of them can be overridden on the command line.
    std::vector<char*> args(argv, argv + argc);
    static char minTime[] = "--benchmark_min_time=0.5";
    if (!hasFlag(args, "--benchmark_min_time"))
    {
        args.push_back(minTime);
    }
    if (!initializeBenchmarks(args, false))
    {
        return 1;
    }

    const CollisionData data = makeCollisionData(kPairCount);
    std::vector<ScaledPair> scaled;
    buildScaledPairs(data.boxPairs, scaled);
    g_data = &data;
    g_scaled = &scaled;
    printData(data, scaled);

    const struct
    {
        const char* name;
        void (*run)(benchmark::State&);
    } benchmarks[] = {
        {"overlap/oblique", overlapOblique},
        {"overlap/box2d", overlapBox2d},
        {"manifold/oblique", manifoldOblique},
        {"manifold/box2d", manifoldBox2d},
        {"manifold/box2d+world", manifoldBox2dWorld},
        {"circle-box/oblique", circleOblique},
        {"circle-box/box2d", circleBox2d},
        {"overlap-variant/plain-early-out", plainEarlyOut},
        {"overlap-variant/scaled-test-only", scaledTestOnly},
        {"overlap-variant/scaled-per-test", scaledPerTest},
        {"overlap-variant/scaled-precompute", scaledPrecompute},
    };
    for (const auto& b : benchmarks)
    {
        benchmark::RegisterBenchmark(b.name, b.run)->Unit(benchmark::kMillisecond);
    }

    // Each benchmark's time per pair (or per box), in nanoseconds.
    SummaryReporter reporter(
        [](const benchmark::BenchmarkReporter::Run& run) -> std::optional<double>
        {
            for (const char* name : {kPerPair, kPerBox})
            {
                if (const auto it = run.counters.find(name); it != run.counters.end())
                {
                    return it->second.value * 1.0e9;
                }
            }
            return std::nullopt;
        });
    benchmark::RunSpecifiedBenchmarks(&reporter);
    benchmark::Shutdown();

    std::printf("\n");
    printComparison(reporter, "overlap", "overlap/oblique", "overlap/box2d");
    printComparison(reporter, "manifold", "manifold/oblique", "manifold/box2d");
    printComparison(reporter, "manifold with b2WorldManifold", "manifold/oblique", "manifold/box2d+world");
    printComparison(reporter, "circle-box", "circle-box/oblique", "circle-box/box2d");
    printScaledVerdict(reporter);
    return 0;
}
