// SpriteBatch frame cost: 10,000 sprites a frame drawn into a 1280 x 720 RenderTexture, from one
// texture atlas and from four textures interleaved (sorted by texture, and deferred for contrast),
// with glFinish so the time includes the rasteriser's work, not just the submission. Needs an X
// display for the OpenGL context (`make bench` wraps it in xvfb-run when there is none).

#include "oblique/sfml/graphics_device.hpp"
#include "oblique/sfml/sprite_batch.hpp"
#include "oblique/sfml/texture_2d.hpp"
#include "world_alloc_counter.hpp"

#include <SFML/Graphics/RenderTexture.hpp>
#include <SFML/OpenGL.hpp>
#include <array>
#include <benchmark/benchmark.h>
#include <cstddef>
#include <map>
#include <memory>
#include <random>
#include <stdexcept>
#include <vector>

namespace
{

using namespace oblique;

constexpr int kSprites = 10'000;
constexpr unsigned kWidth = 1280;
constexpr unsigned kHeight = 720;
constexpr int kAtlasSize = 256;
constexpr int kFrameSize = 32;

struct Sprite
{
    Vec2 position;
    Rectangle frame;
    float rotation;
    float scale;
    Color tint;
    int texture;
};

// A texture of gradients, so the rasteriser samples real texels.
Texture2D makeTexture(float hue)
{
    Texture2D texture(kAtlasSize, kAtlasSize);
    std::vector<Color> texels;
    texels.reserve(static_cast<std::size_t>(kAtlasSize) * kAtlasSize);
    for (int y = 0; y < kAtlasSize; ++y)
    {
        for (int x = 0; x < kAtlasSize; ++x)
        {
            const float u = static_cast<float>(x) / kAtlasSize;
            const float v = static_cast<float>(y) / kAtlasSize;
            texels.push_back({hue * u, v, 1.0f - u, 1.0f});
        }
    }
    texture.setData(texels);
    return texture;
}

std::vector<Sprite> makeSprites(int textureCount, float meanScale)
{
    std::mt19937 random(7);
    std::uniform_real_distribution<float> x(0.0f, static_cast<float>(kWidth));
    std::uniform_real_distribution<float> y(0.0f, static_cast<float>(kHeight));
    std::uniform_real_distribution<float> angle(0.0f, 6.28f);
    std::uniform_real_distribution<float> scale(0.5f * meanScale, 1.5f * meanScale);
    std::uniform_int_distribution<int> frame(0, kAtlasSize / kFrameSize - 1);
    std::vector<Sprite> sprites;
    for (int i = 0; i < kSprites; ++i)
    {
        sprites.push_back({{x(random), y(random)},
                           {frame(random) * kFrameSize, frame(random) * kFrameSize, kFrameSize, kFrameSize},
                           angle(random),
                           scale(random),
                           {1.0f, 1.0f, 1.0f, 1.0f},
                           i % textureCount});
    }
    return sprites;
}

// Everything a frame needs, made once.
struct Scene
{
    sf::RenderTexture target;
    std::unique_ptr<GraphicsDevice> device;
    std::unique_ptr<SpriteBatch> batch;
    std::vector<Texture2D> textures;

    explicit Scene(int textureCount)
    {
        if (!target.create(kWidth, kHeight))
        {
            throw std::runtime_error("cannot create the 1280 x 720 render texture");
        }
        device = std::make_unique<GraphicsDevice>(target);
        batch = std::make_unique<SpriteBatch>(*device);
        for (int i = 0; i < textureCount; ++i)
        {
            textures.push_back(makeTexture(0.25f * static_cast<float>(i + 1)));
        }
    }

    void frame(const std::vector<Sprite>& sprites, SpriteSortMode mode)
    {
        device->clear({0.1f, 0.1f, 0.1f, 1.0f});
        batchSprites(sprites, mode);
        batch->end();
        target.display();
    }

    void batchSprites(const std::vector<Sprite>& sprites, SpriteSortMode mode)
    {
        batch->begin(mode);
        const Vec2 origin{kFrameSize / 2.0f, kFrameSize / 2.0f};
        for (const Sprite& s : sprites)
        {
            batch->draw(textures[static_cast<std::size_t>(s.texture)], s.position, s.frame, s.tint,
                        s.rotation, origin, s.scale, SpriteEffects::None, 0.0f);
        }
    }
};

// One scene per texture count for the whole run: Google Benchmark calls a case several times, and
// SFML 2.5 leaves an X connection open for each render texture it makes, which an X server runs
// out of after a few dozen.
Scene& sceneWith(int textureCount)
{
    static auto* scenes = new std::map<int, std::unique_ptr<Scene>>();
    std::unique_ptr<Scene>& scene = (*scenes)[textureCount];
    if (!scene)
    {
        scene = std::make_unique<Scene>(textureCount);
    }
    return *scene;
}

void runFrames(benchmark::State& state, int textureCount, SpriteSortMode mode, float meanScale = 1.0f)
{
    Scene& scene = sceneWith(textureCount);
    const std::vector<Sprite> sprites = makeSprites(textureCount, meanScale);
    scene.frame(sprites, mode); // warm: vertex memory and the driver's buffers
    glFinish();
    // What the batch itself allocates for a warm frame's begin and draws (the driver's allocations
    // in end(), one per draw call with Mesa, are counted in allocs_per_frame).
    bench::startCounting();
    scene.batchSprites(sprites, mode);
    const bench::AllocationCount batching = bench::stopCounting();
    scene.batch->end();
    glFinish();
    bench::startCounting();
    scene.frame(sprites, mode);
    const bench::AllocationCount warm = bench::stopCounting();
    glFinish();
    for (auto _ : state)
    {
        scene.frame(sprites, mode);
        glFinish();
    }
    state.counters["sprites"] = kSprites;
    state.counters["draw_calls"] = static_cast<double>(scene.batch->drawCallCount());
    state.counters["allocs_per_frame"] = static_cast<double>(warm.calls);
    state.counters["allocs_batching"] = static_cast<double>(batching.calls);
    state.counters["fps"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void atlas(benchmark::State& state)
{
    runFrames(state, 1, SpriteSortMode::Deferred);
}

void fourTexturesSortedByTexture(benchmark::State& state)
{
    runFrames(state, 4, SpriteSortMode::Texture);
}

void fourTexturesDeferred(benchmark::State& state)
{
    runFrames(state, 4, SpriteSortMode::Deferred);
}

// The same atlas frame with sprites a quarter the size: a sixteenth of the pixels to fill, so the
// difference to one_atlas is the rasteriser's fill cost.
void atlasSmallSprites(benchmark::State& state)
{
    runFrames(state, 1, SpriteSortMode::Deferred, 0.25f);
}

// begin() and the 10,000 draw calls alone, the part SpriteBatch owns: end()'s draw and the
// rasteriser's work are left out of the time.
void atlasBatchingOnly(benchmark::State& state)
{
    Scene& scene = sceneWith(1);
    const std::vector<Sprite> sprites = makeSprites(1, 1.0f);
    for (auto _ : state)
    {
        scene.batchSprites(sprites, SpriteSortMode::Deferred);
        state.PauseTiming();
        scene.batch->end();
        glFinish();
        state.ResumeTiming();
    }
    state.counters["sprites"] = kSprites;
}

} // namespace

BENCHMARK(atlasBatchingOnly)
    ->Name("SpriteBatch/10k_sprites/begin_and_draws_only")
    ->Unit(benchmark::kMillisecond);
BENCHMARK(atlas)->Name("SpriteBatch/10k_sprites/one_atlas")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(fourTexturesSortedByTexture)
    ->Name("SpriteBatch/10k_sprites/four_textures_sorted")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(fourTexturesDeferred)
    ->Name("SpriteBatch/10k_sprites/four_textures_interleaved_deferred")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

BENCHMARK(atlasSmallSprites)
    ->Name("SpriteBatch/10k_sprites/one_atlas_8px")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

BENCHMARK_MAIN();
