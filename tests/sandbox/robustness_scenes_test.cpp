// The scene browser's Robustness category: every scene of the robustness suite is listed once,
// opens the way the sandbox opens it (its own world settings, a frame for the camera, a
// description to save and to run in Box2D), and steps under either solver, switched mid-run as
// the panel switches it, without a body's state turning non-finite.

#include "oblique/robustness_scenes.hpp"
#include "sandbox_scene.hpp"
#include "world_settings.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <memory>
#include <string>
#include <vector>

namespace
{

using oblique::Solver;
using oblique::sandbox::SceneEntry;

constexpr int kFramesPerSolver = 3;

std::vector<const SceneEntry*> robustnessEntries()
{
    std::vector<const SceneEntry*> entries;
    for (const SceneEntry& entry : oblique::sandbox::builtinScenes())
    {
        if (entry.category == "Robustness")
        {
            entries.push_back(&entry);
        }
    }
    return entries;
}

bool finite(oblique::Vec2 v)
{
    return std::isfinite(v.x) && std::isfinite(v.y);
}

// The first body whose pose or velocity is not finite, described; empty when all are.
std::string firstNonFiniteBody(const oblique::World& world, const std::vector<oblique::BodyId>& bodies)
{
    for (std::size_t i = 0; i < bodies.size(); ++i)
    {
        const oblique::BodyId id = bodies[i];
        if (!finite(world.position(id)) || !std::isfinite(world.angle(id)) ||
            !finite(world.linearVelocity(id)) || !std::isfinite(world.angularVelocity(id)))
        {
            return "body " + std::to_string(i);
        }
    }
    return {};
}

TEST(RobustnessCategory, ListsEverySceneOfTheSuiteOnce)
{
    const std::vector<const SceneEntry*> entries = robustnessEntries();
    const auto suite = oblique::scenes::robustnessScenes();
    ASSERT_FALSE(suite.empty());
    EXPECT_EQ(entries.size(), suite.size());
    for (const oblique::scenes::RobustnessScene& scene : suite)
    {
        int listed = 0;
        for (const SceneEntry* entry : entries)
        {
            listed += entry->name == scene.name ? 1 : 0;
        }
        EXPECT_EQ(listed, 1) << scene.name;
    }
}

TEST(RobustnessCategory, EverySceneOpensAndStepsUnderBothSolvers)
{
    const std::vector<const SceneEntry*> entries = robustnessEntries();
    ASSERT_FALSE(entries.empty());
    for (const SceneEntry* entry : entries)
    {
        SCOPED_TRACE(entry->name);
        oblique::World world;
        std::vector<oblique::BodyId> bodies;
        oblique::Camera2D camera({0.0f, 0.0f}, 50.0f, {1280.0f, 720.0f});
        oblique::sandbox::SceneContext context;
        context.world = &world;
        context.bodies = &bodies;
        context.camera = &camera;
        const std::unique_ptr<oblique::sandbox::SandboxScene> scene = entry->make();
        scene->load(context);

        const oblique::Scene* description = scene->sceneDescription();
        ASSERT_NE(description, nullptr);
        ASSERT_FALSE(bodies.empty());
        EXPECT_EQ(bodies.size(), description->bodies.size());
        EXPECT_EQ(world.settings().solver, description->world.solver);
        EXPECT_FALSE(scene->help().empty());
        EXPECT_TRUE(finite(camera.center()));
        EXPECT_GT(camera.zoom(), oblique::Camera2D::kMinZoom);

        oblique::sandbox::PanelSettings panel;
        panel.adopt(world);
        const float dt = description->world.timeStep;
        for (const Solver solver : {Solver::SoftStep, Solver::Ngs})
        {
            panel.values().solver = solver;
            panel.apply(world);
            ASSERT_EQ(world.settings().solver, solver);
            for (int frame = 0; frame < kFramesPerSolver; ++frame)
            {
                world.step(dt);
            }
            EXPECT_EQ(firstNonFiniteBody(world, bodies), "") << oblique::sandbox::solverLabel(solver);
        }
    }
}

} // namespace
