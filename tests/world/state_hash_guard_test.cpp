// The guard on the engine's results: state hashes after 600 steps of every shipped scene, the
// 100-row pyramid, the 2,000-body rain and a scene that creates and destroys bodies as it runs.
// They were recorded from the engine before bodies had several shapes, with the solver it had then
// (ngs, kept selectable and stepped here); a change to the core that moves one of them changes what
// users' worlds do, and must say why in its commit.
//
// The hashes are those of this project's builds, GCC or Clang at any optimisation level
// (docs/determinism.md). OBLIQUE_PRINT_HASHES=1 prints the current ones.

#include "oblique/scene.hpp"
#include "oblique/scene_builders.hpp"
#include "oblique/scene_world.hpp"
#include "oblique/world.hpp"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace oblique::test
{
namespace
{

constexpr int kSteps = 600;

// The scene in a world stepped by ngs, the solver the hashes were recorded with.
SceneInstance instantiateNgs(const Scene& scene)
{
    SceneInstance s = instantiate(scene);
    s.world.setSolver(Solver::Ngs);
    return s;
}

std::uint64_t hashAfterSteps(const Scene& scene, int steps)
{
    SceneInstance s = instantiateNgs(scene);
    for (int i = 0; i < steps; ++i)
    {
        s.world.step(scene.world.timeStep);
    }
    return s.world.stateHash();
}

Scene withoutSleep(Scene scene)
{
    scene.world.allowSleep = false;
    return scene;
}

// A pyramid whose top rows are destroyed and dropped in again as it runs, so slots, proxies and
// contacts are freed and reused.
std::uint64_t churnHash()
{
    const Scene scene = scenes::pyramid(12);
    SceneInstance s = instantiateNgs(scene);
    std::vector<BodyId> bodies = s.bodies;
    for (int i = 0; i < kSteps; ++i)
    {
        if (i % 50 == 25)
        {
            for (std::size_t k = bodies.size() - 6; k < bodies.size(); ++k)
            {
                s.world.destroyBody(bodies[k]);
            }
            bodies.resize(bodies.size() - 6);
            for (int k = 0; k < 6; ++k)
            {
                BodyDef def;
                def.position = {-3.0f + 1.1f * static_cast<float>(k), 14.0f + 0.3f * static_cast<float>(k)};
                def.angle = 0.2f * static_cast<float>(k);
                ShapeDef shape = k % 2 == 0 ? boxShape({0.5f, 0.3f}) : circleShape(0.4f);
                bodies.push_back(s.world.createBody(def, shape));
            }
        }
        s.world.step(scene.world.timeStep);
    }
    return s.world.stateHash();
}

// Falling boxes and balls of which some are sensors and some filtered out of each other, with
// begin and end events counted into the hash.
std::uint64_t sensorsAndFiltersHash()
{
    const Scene scene = scenes::pyramid(6);
    SceneInstance s = instantiateNgs(scene);
    for (int k = 0; k < 24; ++k)
    {
        BodyDef def;
        def.position = {-4.0f + 0.35f * static_cast<float>(k), 8.0f + 0.9f * static_cast<float>(k % 4)};
        def.angularVelocity = 0.3f * static_cast<float>(k % 5) - 0.6f;
        ShapeDef shape = k % 2 == 0 ? boxShape({0.3f, 0.2f}) : circleShape(0.25f);
        shape.isSensor = k % 3 == 0;
        shape.filter.groupIndex = k % 4 == 1 ? -1 : 0;
        shape.filter.categoryBits = k % 5 == 2 ? 0x2u : 0x1u;
        shape.filter.maskBits = k % 7 == 3 ? 0x1u : 0xFFFFu;
        s.world.createBody(def, shape);
    }
    std::uint64_t events = 0;
    for (int i = 0; i < kSteps; ++i)
    {
        s.world.step(scene.world.timeStep);
        events = events * 31u + s.world.contactBeginEvents().size() * 7u +
                 s.world.contactEndEvents().size() * 5u + s.world.sensorBeginEvents().size() * 3u +
                 s.world.sensorEndEvents().size();
    }
    return s.world.stateHash() ^ events;
}

struct Recorded
{
    const char* name;
    std::uint64_t hash;
};

// Recorded from the single-shape engine (commit 8da1f5a). Five moved once since, in one change
// and for one reason: rotations now come from the engine's own sine and cosine (correctly rounded,
// the same on every compiler and C library) instead of glibc's, which differ in the last bit for
// about 0.14 % of angles; with glibc's functions put back, that change left all thirteen as they
// were. They moved: cluster8, dominoes, pyramid100, rain2000, sensors_filters.
// Three moved once more, again in one change and for one reason: the broadphase's rule for a new
// fat box. It judged a box oversized against the shape's tight box, so a body faster than about
// 4.5 m/s got a new box (and a new pair search) every step despite its stretch along the motion,
// while a slower one kept its box until its tight box left it, by when the box might not reach
// where the body would go next. Now a box is kept while it holds where the shape will reach in the
// next step, and judged oversized by size against the box it would get, stretch included. Pairs
// begin and end at other steps, so contact order differs. They moved: pyramid100, rain2000,
// sensors_filters.
// One moved once more: box-box manifolds of boxes apart corner to corner now hold one point
// between the corners (normal from corner to corner) where clipping kept none, so a box falling
// past another's corner is held a step sooner. Only the rain has such approaches. It moved:
// rain2000.
// Two moved once more: speculative points farther apart than 2 cm are kept only where a sweep of
// the pair's shapes over the step says they can meet (sweep.hpp), so a body falling past another
// is no longer held by a point whose normal was fixed at the step's start. Only bodies passing
// near each other in free flight have such points. They moved: rain2000, sensors_filters.
// Two moved once more: fat boxes that only touch (share an edge or a corner, no area) make no
// pair, as boxes a hair apart make none. Pairs of bodies placed on round coordinates begin a step
// later or not at all, so contact order differs. They moved: rain2000, sensors_filters.
constexpr Recorded kRecorded[] = {
    {"box_on_ground", 0x4f6ddd6e110c2f54ull},    {"circle_on_rotated_box", 0xe10b6ed5d48dd8fdull},
    {"cluster8", 0x0903c20a4bd1998cull},         {"dominoes", 0x669278b77fe575c3ull},
    {"pyramid20", 0xe1611538a454edc9ull},        {"ramps", 0x76cda9118f26a0bfull},
    {"restitution_row", 0xe918723a2b644339ull},  {"rotated_boxes", 0x6a6a825c6dcfa8aeull},
    {"vertical_stack10", 0xf8c878bf64edfd12ull}, {"pyramid100", 0x83044b69042716c6ull},
    {"rain2000", 0x7fbacae489c7bfa9ull},         {"churn", 0xec513f0fe2096884ull},
    {"sensors_filters", 0xdc0c362c95131ef6ull},
};

std::uint64_t recorded(const std::string& name)
{
    for (const Recorded& r : kRecorded)
    {
        if (name == r.name)
        {
            return r.hash;
        }
    }
    ADD_FAILURE() << "no recorded hash for " << name;
    return 0;
}

void check(const std::string& name, std::uint64_t hash)
{
    if (std::getenv("OBLIQUE_PRINT_HASHES") != nullptr)
    {
        std::printf("    {\"%s\", 0x%016" PRIx64 "ull},\n", name.c_str(), hash);
    }
    EXPECT_EQ(hash, recorded(name)) << name << " moved";
}

TEST(StateHashGuard, ShippedScenes)
{
    // The scenes shipped when the hashes were recorded; scenes added since have no record.
    const char* const names[] = {
        "box_on_ground", "circle_on_rotated_box", "cluster8",      "dominoes",        "pyramid20",
        "ramps",         "restitution_row",       "rotated_boxes", "vertical_stack10"};
    for (const char* name : names)
    {
        const std::filesystem::path file =
            std::filesystem::path(OBLIQUE_SCENES_DIR) / (std::string(name) + ".json");
        check(name, hashAfterSteps(loadScene(file), kSteps));
    }
}

TEST(StateHashGuard, LargePyramidAndRain)
{
    check("pyramid100", hashAfterSteps(withoutSleep(scenes::pyramid(100)), kSteps));
    check("rain2000", hashAfterSteps(withoutSleep(scenes::rain(2000)), kSteps));
}

TEST(StateHashGuard, CreateAndDestroyWhileRunning)
{
    check("churn", churnHash());
}

TEST(StateHashGuard, SensorsAndFilters)
{
    check("sensors_filters", sensorsAndFiltersHash());
}

} // namespace
} // namespace oblique::test
