// The panel's world settings: what the user picks reaches the running world, a scene's own
// settings (a scene file's solver among them) are what it runs with until the user changes them,
// and the user's choices outlive a restart until the panel is told to forget them.

#include "oblique/scene_builders.hpp"
#include "oblique/scene_world.hpp"
#include "world_settings.hpp"

#include <gtest/gtest.h>
#include <initializer_list>
#include <string>

namespace
{

using oblique::Scene;
using oblique::SceneInstance;
using oblique::Solver;
using oblique::WorldDef;
using oblique::sandbox::PanelSettings;
using oblique::sandbox::solverSummary;

// A three-box stack whose file asks for ngs with its own iteration counts.
Scene ngsStack()
{
    Scene scene = oblique::scenes::verticalStack(3);
    scene.world.solver = Solver::Ngs;
    scene.world.subSteps = 2;
    scene.world.velocityIterations = 20;
    scene.world.positionIterations = 6;
    return scene;
}

TEST(PanelSettings, ASceneRunsWithItsOwnSolverUntilThePanelChangesIt)
{
    SceneInstance instance = oblique::instantiate(ngsStack());
    PanelSettings panel;
    panel.adopt(instance.world);
    EXPECT_FALSE(panel.overridden());
    EXPECT_EQ(instance.world.settings().solver, Solver::Ngs);
    EXPECT_EQ(instance.world.settings().velocityIterations, 20);
    // The panel shows what the world runs with.
    EXPECT_EQ(panel.values().solver, Solver::Ngs);
    EXPECT_EQ(panel.values().subSteps, 2);
    EXPECT_EQ(panel.values().velocityIterations, 20);
    EXPECT_EQ(panel.values().positionIterations, 6);
}

TEST(PanelSettings, SwitchingTheSolverReachesTheRunningWorld)
{
    SceneInstance instance = oblique::instantiate(oblique::scenes::verticalStack(3));
    oblique::World& world = instance.world;
    PanelSettings panel;
    panel.adopt(world);
    ASSERT_EQ(world.settings().solver, Solver::SoftStep);

    panel.values().solver = Solver::Ngs;
    panel.values().velocityIterations = 12;
    panel.values().positionIterations = 5;
    panel.apply(world);
    EXPECT_TRUE(panel.overridden());
    EXPECT_EQ(world.settings().solver, Solver::Ngs);
    EXPECT_EQ(world.settings().velocityIterations, 12);
    EXPECT_EQ(world.settings().positionIterations, 5);
    for (int i = 0; i < 60; ++i)
    {
        world.step(1.0f / 60.0f);
    }

    panel.values().solver = Solver::SoftStep;
    panel.values().subSteps = 8;
    panel.values().contactHertz = 60.0f;
    panel.values().contactDampingRatio = 5.0f;
    panel.values().contactPushMaxSpeed = 1.5f;
    panel.apply(world);
    const WorldDef& now = world.settings();
    EXPECT_EQ(now.solver, Solver::SoftStep);
    EXPECT_EQ(now.subSteps, 8);
    EXPECT_EQ(now.contactHertz, 60.0f);
    EXPECT_EQ(now.contactDampingRatio, 5.0f);
    EXPECT_EQ(now.contactPushMaxSpeed, 1.5f);
    for (int i = 0; i < 60; ++i)
    {
        world.step(1.0f / 60.0f);
    }
    // Switched twice while running, the stack still stands: the top box is where it started.
    const oblique::BodyId top = instance.bodies.back();
    EXPECT_NEAR(world.position(top).x, 0.0f, 0.01f);
    EXPECT_NEAR(world.position(top).y, 2.5f, 0.05f);
}

TEST(PanelSettings, ChoicesOutliveARestartUntilForgotten)
{
    PanelSettings panel;
    SceneInstance first = oblique::instantiate(ngsStack());
    panel.adopt(first.world);
    panel.values().solver = Solver::SoftStep;
    panel.values().subSteps = 6;
    panel.values().contactHertz = 45.0f;
    panel.apply(first.world);

    // A restart builds the scene's world afresh, asking for ngs again: the user's choice wins.
    SceneInstance restarted = oblique::instantiate(ngsStack());
    panel.adopt(restarted.world);
    EXPECT_EQ(restarted.world.settings().solver, Solver::SoftStep);
    EXPECT_EQ(restarted.world.settings().subSteps, 6);
    EXPECT_EQ(restarted.world.settings().contactHertz, 45.0f);
    EXPECT_EQ(panel.values().subSteps, 6);

    // "Scene's own settings", or another scene opened: the scene's file decides again.
    panel.forget();
    SceneInstance own = oblique::instantiate(ngsStack());
    panel.adopt(own.world);
    EXPECT_FALSE(panel.overridden());
    EXPECT_EQ(own.world.settings().solver, Solver::Ngs);
    EXPECT_EQ(own.world.settings().subSteps, 2);
    EXPECT_EQ(panel.values().solver, Solver::Ngs);
}

TEST(PanelSettings, ValuesBeyondTheWorldsLimitsAreBroughtWithinThem)
{
    SceneInstance instance = oblique::instantiate(oblique::scenes::verticalStack(1));
    PanelSettings panel;
    panel.adopt(instance.world);
    panel.values().subSteps = 0;
    panel.values().contactHertz = 0.0f;
    panel.values().contactDampingRatio = -1.0f;
    panel.values().contactPushMaxSpeed = 0.0f;
    panel.values().velocityIterations = 0;
    panel.values().positionIterations = -2;
    // The world would refuse any one of these; the panel's change goes through whole.
    ASSERT_NO_THROW(panel.apply(instance.world));
    const WorldDef& now = instance.world.settings();
    EXPECT_EQ(now.subSteps, 1);
    EXPECT_GT(now.contactHertz, 0.0f);
    EXPECT_EQ(now.contactDampingRatio, 0.0f);
    EXPECT_GT(now.contactPushMaxSpeed, 0.0f);
    EXPECT_EQ(now.velocityIterations, 1);
    EXPECT_EQ(now.positionIterations, 0);
    EXPECT_EQ(panel.values().subSteps, 1);
}

// Whether the line holds every one of the parts, saying which is missing when not.
::testing::AssertionResult mentions(const std::string& line, std::initializer_list<const char*> parts)
{
    for (const char* part : parts)
    {
        if (line.find(part) == std::string::npos)
        {
            return ::testing::AssertionFailure() << "'" << line << "' does not mention '" << part << "'";
        }
    }
    return ::testing::AssertionSuccess();
}

TEST(SolverSummary, NamesTheSolverAndTheNumbersItUses)
{
    WorldDef soft;
    soft.subSteps = 6;
    soft.contactHertz = 45.0f;
    EXPECT_TRUE(mentions(solverSummary(soft), {"soft step", "6 substeps", "45 Hz"}));

    WorldDef ngs;
    ngs.solver = Solver::Ngs;
    ngs.velocityIterations = 10;
    ngs.positionIterations = 4;
    const std::string ngsLine = solverSummary(ngs);
    EXPECT_TRUE(mentions(ngsLine, {"ngs", "10 velocity", "4 position"}));
    EXPECT_EQ(ngsLine.find("substeps"), std::string::npos) << ngsLine;
}

} // namespace
