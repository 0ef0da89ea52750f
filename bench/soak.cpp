// Soak: 10,000 random bodies stepped 10,000 times while bodies are destroyed and spawned at
// random every step and queries run between steps. Every step checks the world's invariants;
// the program prints the resident memory as it goes, so a leak or unbounded growth shows as a
// rising line. Exit code 1 on any broken invariant.
//
//   oblique-soak [BODIES] [STEPS] [SEED]

#include "oblique/world.hpp"
#include "world_alloc_counter.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <vector>

namespace
{

using namespace oblique;

constexpr float kHalfWidth = 60.0f;  // the container's inner half width, metres
constexpr float kWallHeight = 80.0f; // high enough that the pile never spills over

long residentKilobytes()
{
    std::ifstream statm("/proc/self/statm");
    long pages = 0;
    long resident = 0;
    statm >> pages >> resident;
    return resident * 4; // 4 KiB pages
}

class Soak
{
public:
    explicit Soak(unsigned seed) : m_rng(seed)
    {
        BodyDef wall;
        wall.type = BodyType::Static;
        wall.position = {0.0f, -5.0f};
        m_world.createBody(wall, boxShape({kHalfWidth + 10.0f, 5.0f}));
        wall.position = {-kHalfWidth - 1.0f, kWallHeight};
        m_world.createBody(wall, boxShape({1.0f, kWallHeight}));
        wall.position = {kHalfWidth + 1.0f, kWallHeight};
        m_world.createBody(wall, boxShape({1.0f, kWallHeight}));
    }

    void spawn()
    {
        std::uniform_real_distribution<float> x(-kHalfWidth + 2.0f, kHalfWidth - 2.0f);
        std::uniform_real_distribution<float> y(2.0f, 2.0f * kWallHeight - 10.0f);
        std::uniform_real_distribution<float> size(0.15f, 0.8f);
        std::uniform_real_distribution<float> angle(-3.14159f, 3.14159f);
        std::uniform_real_distribution<float> speed(-5.0f, 5.0f);
        BodyDef def;
        def.position = {x(m_rng), y(m_rng)};
        def.angle = angle(m_rng);
        def.linearVelocity = {speed(m_rng), speed(m_rng)};
        const bool box = (m_rng() & 1u) != 0;
        const ShapeDef shape = box ? boxShape({size(m_rng), size(m_rng)}) : circleShape(size(m_rng));
        m_live.push_back(m_world.createBody(def, shape));
    }

    void destroyRandom()
    {
        if (m_live.empty())
        {
            return;
        }
        const std::size_t i = std::uniform_int_distribution<std::size_t>(0, m_live.size() - 1)(m_rng);
        m_world.destroyBody(m_live[i]);
        m_dead.push_back(m_live[i]);
        m_live[i] = m_live.back();
        m_live.pop_back();
        if (m_dead.size() > 1000)
        {
            m_dead.erase(m_dead.begin(), m_dead.begin() + 500);
        }
    }

    void query()
    {
        std::uniform_real_distribution<float> x(-kHalfWidth, kHalfWidth);
        std::uniform_real_distribution<float> y(0.0f, 40.0f);
        m_queried += m_world.overlapObb(makeObb({x(m_rng), y(m_rng)}, {3.0f, 1.5f}, 0.4f)).size();
        if (const auto hit = m_world.rayCastClosest({x(m_rng), 100.0f}, {0.0f, -120.0f}))
        {
            m_queried += hit->body.index > 0 ? 1u : 0u;
        }
    }

    // Returns an empty string when every invariant holds, else what broke.
    std::string check() const
    {
        if (m_world.bodyCount() != static_cast<int>(m_live.size()) + 3)
        {
            return "body count " + std::to_string(m_world.bodyCount()) + " against " +
                   std::to_string(m_live.size() + 3) + " alive";
        }
        if (!m_world.outOfRangeBodies().empty())
        {
            return "a body left float range";
        }
        for (const BodyId id : m_dead)
        {
            if (m_world.isValid(id))
            {
                return "a destroyed body's handle is still valid";
            }
        }
        for (const BodyId id : m_live)
        {
            if (!m_world.isValid(id))
            {
                return "a living body's handle is invalid";
            }
            const Vec2 p = m_world.position(id);
            if (!isFinite(p) || !std::isfinite(m_world.angle(id)) || !isFinite(m_world.linearVelocity(id)) ||
                !std::isfinite(m_world.angularVelocity(id)))
            {
                return "a body's state is not finite";
            }
            // The floor's top face is y = 0 and it is 10 m thick: nothing may get below it.
            if (p.y < -1.0f || std::fabs(p.x) > kHalfWidth + 1.0f)
            {
                return "a body escaped the container at (" + std::to_string(p.x) + ", " +
                       std::to_string(p.y) + ")";
            }
        }
        return {};
    }

    World& world() { return m_world; }
    std::size_t alive() const { return m_live.size(); }

private:
    World m_world;
    std::mt19937 m_rng;
    std::vector<BodyId> m_live;
    std::vector<BodyId> m_dead;
    std::size_t m_queried = 0;
};

} // namespace

int main(int argc, char** argv)
{
    const int bodies = argc > 1 ? std::atoi(argv[1]) : 10000;
    const int steps = argc > 2 ? std::atoi(argv[2]) : 10000;
    const unsigned seed = argc > 3 ? static_cast<unsigned>(std::atoi(argv[3])) : 1u;
    constexpr int kChurnPerStep = 5; // destroyed and spawned each step
    constexpr int kWarmUp = 500;

    Soak soak(seed);
    for (int i = 0; i < bodies; ++i)
    {
        soak.spawn();
    }
    std::printf("soak: %d bodies, %d steps, %d destroyed and spawned per step, seed %u\n", bodies, steps,
                kChurnPerStep, seed);
    std::printf("%8s %10s %10s %12s %14s\n", "step", "alive", "contacts", "RSS (MiB)", "step allocs");

    using Clock = std::chrono::steady_clock;
    const Clock::time_point start = Clock::now();
    std::size_t stepAllocations = 0;
    long warmRss = 0;
    long peakRss = 0;
    for (int k = 1; k <= steps; ++k)
    {
        for (int c = 0; c < kChurnPerStep; ++c)
        {
            soak.destroyRandom();
            soak.spawn();
        }
        // Allocations inside World::step alone: creating and destroying bodies may grow arrays
        // up to their high-water mark, the step itself should not.
        oblique::bench::startCounting();
        soak.world().step(1.0f / 60.0f);
        const oblique::bench::AllocationCount counted = oblique::bench::stopCounting();
        if (k > kWarmUp)
        {
            stepAllocations += counted.calls;
        }
        if (k % 10 == 0)
        {
            soak.query();
        }
        if (const std::string broken = soak.check(); !broken.empty())
        {
            std::printf("soak: step %d: %s\n", k, broken.c_str());
            return 1;
        }
        const long rss = residentKilobytes();
        if (k == kWarmUp)
        {
            warmRss = rss;
        }
        peakRss = std::max(peakRss, rss);
        if (k % 1000 == 0 || k == 1 || k == kWarmUp)
        {
            std::printf("%8d %10zu %10d %12.1f %14zu\n", k, soak.alive(), soak.world().profile().contactCount,
                        static_cast<double>(rss) / 1024.0, stepAllocations);
        }
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    std::printf("soak: all invariants held for %d steps in %.1f s (%.2f ms/step with churn and checks)\n",
                steps, seconds, 1000.0 * seconds / steps);
    std::printf(
        "soak: resident memory %.1f MiB after warm-up, peak %.1f MiB; %zu allocations inside World::step "
        "after warm-up\n",
        static_cast<double>(warmRss) / 1024.0, static_cast<double>(peakRss) / 1024.0, stepAllocations);
    return 0;
}
