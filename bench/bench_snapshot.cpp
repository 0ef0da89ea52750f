// World::snapshot and World::restore against World::step on the same worlds, in one run: what a
// rollback engine pays to save every frame. Also the buffer's size per body and per contact.

#include "oblique/scene_builders.hpp"
#include "oblique/scene_world.hpp"
#include "oblique/world.hpp"

#include <benchmark/benchmark.h>
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

namespace
{

using namespace oblique;

constexpr float kDt = 1.0f / 60.0f;

struct Case
{
    std::string name;
    Scene scene;
    int warmup;
};

std::vector<Case> cases()
{
    std::vector<Case> out;
    Scene rain = scenes::rain(2000);
    rain.world.allowSleep = false;
    out.push_back({"rain2000", rain, 300});
    Scene pyramid = scenes::pyramid(100);
    pyramid.world.allowSleep = false;
    out.push_back({"pyramid100", pyramid, 60});
    return out;
}

SceneInstance warmed(const Case& c)
{
    SceneInstance s = instantiate(c.scene);
    for (int i = 0; i < c.warmup; ++i)
    {
        s.world.step(kDt);
    }
    return s;
}

void stepWorld(benchmark::State& state, const Case* c)
{
    SceneInstance s = warmed(*c);
    for (auto _ : state)
    {
        s.world.step(kDt);
    }
}

void saveWorld(benchmark::State& state, const Case* c)
{
    SceneInstance s = warmed(*c);
    std::vector<std::byte> buffer;
    s.world.snapshot(buffer);
    for (auto _ : state)
    {
        s.world.snapshot(buffer);
        benchmark::DoNotOptimize(buffer.data());
    }
    state.counters["bytes"] = static_cast<double>(buffer.size());
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(buffer.size()));
}

void restoreWorld(benchmark::State& state, const Case* c)
{
    SceneInstance s = warmed(*c);
    const std::vector<std::byte> buffer = s.world.snapshot();
    for (auto _ : state)
    {
        s.world.restore(buffer);
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(buffer.size()));
}

// Bytes per body from a world of boxes far apart (no contacts), then per contact from a resting
// pyramid's remainder.
void printSizes()
{
    World apart;
    const int count = 1000;
    for (int i = 0; i < count; ++i)
    {
        BodyDef def;
        def.position = {3.0f * static_cast<float>(i % 40), 3.0f * static_cast<float>(i / 40)};
        def.gravityScale = 0.0f;
        apart.createBody(def, boxShape({0.5f, 0.5f}));
    }
    apart.step(kDt);
    const World empty;
    const double base = static_cast<double>(empty.snapshot().size());
    const double perBody = (static_cast<double>(apart.snapshot().size()) - base) / count;
    SceneInstance pyramid = instantiate(scenes::pyramid(20));
    for (int i = 0; i < 60; ++i)
    {
        pyramid.world.step(kDt);
    }
    const auto bodies = static_cast<double>(pyramid.world.bodyCount());
    const auto contacts = static_cast<double>(pyramid.world.contacts().size());
    const double perContact =
        (static_cast<double>(pyramid.world.snapshot().size()) - base - perBody * bodies) / contacts;
    std::printf("snapshot size: %.0f bytes for an empty world, %.1f bytes per body (one box), %.1f bytes per "
                "touching contact (20-row pyramid: %.0f bodies, %.0f contacts)\n",
                base, perBody, perContact, bodies, contacts);
}

} // namespace

int main(int argc, char** argv)
{
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
    {
        return 1;
    }
    printSizes();
    static const std::vector<Case> all = cases();
    for (const Case& c : all)
    {
        benchmark::RegisterBenchmark((c.name + "/step").c_str(), stepWorld, &c)
            ->Unit(benchmark::kMicrosecond);
        benchmark::RegisterBenchmark((c.name + "/snapshot").c_str(), saveWorld, &c)
            ->Unit(benchmark::kMicrosecond);
        benchmark::RegisterBenchmark((c.name + "/restore").c_str(), restoreWorld, &c)
            ->Unit(benchmark::kMicrosecond);
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
