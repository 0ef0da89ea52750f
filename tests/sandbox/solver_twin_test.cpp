// Two solvers side by side: the twin starts as a copy of the sandbox's world, steps in lockstep
// with it, reports no difference at all when it solves with the same settings and a difference
// (naming the body) when it does not, follows kinematic bodies, and reads --twin's values.

#include "sandbox_scene.hpp"
#include "solver_twin.hpp"

#include <gtest/gtest.h>
#include <memory>
#include <string>
#include <vector>

namespace
{

using oblique::BodyId;
using oblique::Solver;
using oblique::World;
using oblique::sandbox::SolverTwin;
using oblique::sandbox::TwinSettings;

// A built-in scene opened as the sandbox opens it.
struct Opened
{
    World world;
    std::vector<BodyId> bodies;
    float dt = 1.0f / 60.0f;
};

void open(Opened& o, const std::string& name)
{
    for (const oblique::sandbox::SceneEntry& entry : oblique::sandbox::builtinScenes())
    {
        if (entry.name == name)
        {
            oblique::Camera2D camera({0.0f, 0.0f}, 50.0f, {1280.0f, 720.0f});
            oblique::sandbox::SceneContext context;
            context.world = &o.world;
            context.bodies = &o.bodies;
            context.camera = &camera;
            const std::unique_ptr<oblique::sandbox::SandboxScene> scene = entry.make();
            scene->load(context);
            o.dt = scene->sceneDescription()->world.timeStep;
            return;
        }
    }
    FAIL() << "no built-in scene " << name;
}

// Steps the main world and the twin as the app does.
void run(Opened& o, SolverTwin& twin, int steps)
{
    for (int i = 0; i < steps; ++i)
    {
        twin.syncKinematic(o.world);
        o.world.step(o.dt);
        twin.step(o.world, o.dt);
    }
}

TEST(SolverTwin, TheSameSettingsGiveTheSameBits)
{
    Opened o;
    open(o, "High Mass Ratio 1");
    SolverTwin twin;
    TwinSettings same = oblique::sandbox::otherSolver(o.world.settings());
    same.solver = o.world.settings().solver;
    twin.start(o.world, same);
    EXPECT_TRUE(isNull(twin.maxDifferenceBody()));
    EXPECT_EQ(twin.stepCount(), 0);
    run(o, twin, 120);
    EXPECT_EQ(twin.stepCount(), 120);
    EXPECT_EQ(twin.maxDifference(), 0.0f);
    EXPECT_EQ(twin.maxAngleDifference(), 0.0f);
    EXPECT_EQ(twin.world().stateHash(), o.world.stateHash());
}

TEST(SolverTwin, OtherSolversDifferAndSayWhere)
{
    for (const char* name : {"High Mass Ratio 1", "Large Pyramid"})
    {
        SCOPED_TRACE(name);
        Opened o;
        open(o, name);
        ASSERT_EQ(o.world.settings().solver, Solver::SoftStep);
        SolverTwin twin;
        TwinSettings ngs;
        ngs.solver = Solver::Ngs;
        ngs.velocityIterations = 2;
        ngs.positionIterations = 1;
        twin.start(o.world, ngs);
        EXPECT_EQ(twin.world().settings().solver, Solver::Ngs);
        EXPECT_EQ(twin.world().settings().velocityIterations, 2);
        run(o, twin, 60);
        EXPECT_EQ(twin.stepCount(), 60);
        EXPECT_GT(twin.maxDifference(), 1e-3f);
        // The body named is the one that is furthest apart.
        const BodyId worst = twin.maxDifferenceBody();
        ASSERT_TRUE(o.world.isValid(worst));
        const float gap = distance(o.world.position(worst), twin.world().position(worst));
        EXPECT_EQ(gap, twin.maxDifference());
        for (const BodyId id : o.bodies)
        {
            EXPECT_LE(distance(o.world.position(id), twin.world().position(id)), gap);
        }
    }
}

TEST(SolverTwin, StoppingForgetsTheReadout)
{
    Opened o;
    open(o, "Tiny Pyramid");
    SolverTwin twin;
    twin.start(o.world, TwinSettings{});
    run(o, twin, 5);
    twin.markDiverged("changed by hand");
    EXPECT_TRUE(twin.isDiverged());
    twin.stop();
    EXPECT_FALSE(twin.isRunning());
    EXPECT_FALSE(twin.isDiverged());
    EXPECT_TRUE(isNull(twin.maxDifferenceBody()));
    EXPECT_EQ(twin.stepCount(), 0);
    // Stepping a stopped twin does nothing.
    run(o, twin, 1);
    EXPECT_EQ(twin.stepCount(), 0);
}

TEST(SolverTwin, KinematicBodiesFollowTheMainWorld)
{
    Opened o;
    open(o, "Tiny Pyramid");
    oblique::BodyDef paddle;
    paddle.type = oblique::BodyType::Kinematic;
    paddle.position = {0.0f, 10.0f};
    o.world.createBody(paddle, oblique::boxShape({2.0f, 0.2f}));
    SolverTwin twin;
    twin.start(o.world, oblique::sandbox::otherSolver(o.world.settings()));
    for (int i = 0; i < 30; ++i)
    {
        // A scene's script turns its paddle in the main world only.
        for (const BodyId id : o.world.bodies())
        {
            if (o.world.bodyType(id) == oblique::BodyType::Kinematic)
            {
                o.world.setAngularVelocity(id, 0.5f);
            }
        }
        twin.syncKinematic(o.world);
        o.world.step(o.dt);
        twin.step(o.world, o.dt);
    }
    int kinematic = 0;
    for (const BodyId id : o.world.bodies())
    {
        if (o.world.bodyType(id) == oblique::BodyType::Kinematic)
        {
            ++kinematic;
            EXPECT_GT(o.world.angle(id), 0.2f);
            EXPECT_NEAR(o.world.angle(id), twin.world().angle(id), 1e-4f);
        }
    }
    EXPECT_GT(kinematic, 0);
}

TEST(TwinSpec, ReadsSolversAndCounts)
{
    oblique::WorldDef main;
    main.subSteps = 6;
    std::string error;
    const auto ngs = oblique::sandbox::parseTwinSpec("ngs", main, error);
    ASSERT_TRUE(ngs);
    EXPECT_EQ(ngs->solver, Solver::Ngs);
    EXPECT_EQ(ngs->velocityIterations, main.velocityIterations);
    const auto ngs20 = oblique::sandbox::parseTwinSpec("ngs:20", main, error);
    ASSERT_TRUE(ngs20);
    EXPECT_EQ(ngs20->velocityIterations, 20);
    const auto soft = oblique::sandbox::parseTwinSpec("soft:8", main, error);
    ASSERT_TRUE(soft);
    EXPECT_EQ(soft->solver, Solver::SoftStep);
    EXPECT_EQ(soft->subSteps, 8);
    EXPECT_EQ(oblique::sandbox::parseTwinSpec("soft", main, error)->subSteps, 6);
    for (const char* bad : {"", "box2d", "ngs:", "ngs:0", "soft:101", "soft:4x", "ngs:-3"})
    {
        error.clear();
        EXPECT_FALSE(oblique::sandbox::parseTwinSpec(bad, main, error)) << bad;
        EXPECT_NE(error.find("--twin"), std::string::npos) << bad;
    }
}

} // namespace
