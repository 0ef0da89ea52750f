// The constraint graph's update (constraint_graph.hpp): while the solver's bodies are those of the
// last step it looks only at the contacts the narrow phase left active outside the graph or
// inactive in it, instead of at every contact. That must give the graph, and so the world, that a
// look at every contact gives: a world restored from its own snapshot before every step (which
// makes the next update look at every contact) must step bit for bit as one left alone.

#include "../support/random_world.hpp"
#include "oblique/scene_builders.hpp"
#include "oblique/scene_world.hpp"
#include "world_internals.hpp"
#include "world_state.hpp"

#include <gtest/gtest.h>

namespace oblique::detail
{
namespace
{

bool sameGraph(const World& a, const World& b)
{
    const ConstraintGraph& ga = WorldInternals::of(a).graph;
    const ConstraintGraph& gb = WorldInternals::of(b).graph;
    for (std::size_t c = 0; c < ga.colors.size(); ++c)
    {
        if (ga.colors[c].contacts != gb.colors[c].contacts)
        {
            return false;
        }
    }
    return ga.overflow == gb.overflow;
}

// The last update looked at the narrow phase's candidates alone.
bool updatedFromCandidates(const World& world)
{
    return WorldInternals::of(world).solverBodies.sameBodies;
}

void sweepNextUpdate(World& world)
{
    world.restore(world.snapshot());
}

TEST(GraphUpdate, RandomWorldsStepAsIfEveryContactWereLookedAt)
{
    int fromCandidates = 0;
    for (std::uint64_t seed = 1; seed <= 4; ++seed)
    {
        // Bodies created, destroyed, reshaped and joined, falling asleep and waking.
        test::RandomWorld quick(seed, Solver::SoftStep);
        test::RandomWorld swept(seed, Solver::SoftStep);
        for (int step = 1; step <= 300; ++step)
        {
            sweepNextUpdate(swept.world);
            quick.step(step);
            swept.step(step);
            ASSERT_EQ(quick.world.stateHash(), swept.world.stateHash())
                << "seed " << seed << ", step " << step;
            ASSERT_TRUE(sameGraph(quick.world, swept.world)) << "seed " << seed << ", step " << step;
            fromCandidates += updatedFromCandidates(quick.world) ? 1 : 0;
        }
    }
    // Not vacuous: most steps between the churn and the sleeping took the candidates' path.
    EXPECT_GT(fromCandidates, 600);
}

TEST(GraphUpdate, ARainThatNeverSleepsStepsAsIfEveryContactWereLookedAt)
{
    Scene scene = scenes::rain(300);
    scene.world.allowSleep = false;
    SceneInstance quick = instantiate(scene);
    SceneInstance swept = instantiate(scene);
    int fromCandidates = 0;
    for (int step = 1; step <= 400; ++step)
    {
        sweepNextUpdate(swept.world);
        quick.world.step(1.0f / 60.0f);
        swept.world.step(1.0f / 60.0f);
        ASSERT_EQ(quick.world.stateHash(), swept.world.stateHash()) << "step " << step;
        ASSERT_TRUE(sameGraph(quick.world, swept.world)) << "step " << step;
        fromCandidates += updatedFromCandidates(quick.world) ? 1 : 0;
    }
    // Bodies join the pile, contacts begin and end, and only the first step sweeps.
    EXPECT_GE(fromCandidates, 399);
    EXPECT_GT(quick.world.profile().touchingCount, 300);
}

TEST(GraphUpdate, SwitchingSolversStepsAsIfEveryContactWereLookedAt)
{
    Scene scene = scenes::rain(200);
    scene.world.allowSleep = false;
    SceneInstance quick = instantiate(scene);
    SceneInstance swept = instantiate(scene);
    for (int step = 1; step <= 240; ++step)
    {
        // Every fifth step ngs, which does not keep the graph (the next soft step looks at every
        // contact); the contacts change meanwhile.
        const Solver solver = step % 5 == 0 ? Solver::Ngs : Solver::SoftStep;
        quick.world.setSolver(solver);
        swept.world.setSolver(solver);
        sweepNextUpdate(swept.world);
        quick.world.step(1.0f / 60.0f);
        swept.world.step(1.0f / 60.0f);
        ASSERT_EQ(quick.world.stateHash(), swept.world.stateHash()) << "step " << step;
    }
}

} // namespace
} // namespace oblique::detail
