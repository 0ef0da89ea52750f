// Pairs kept apart (contact_recycling.hpp, staysApart): the narrow phase skips a pair whose
// manifold was found empty while its shapes cannot yet have come within reach. The skip must be
// exact: wherever staysApart says so, a manifold found anew is empty too, in worlds whose bodies
// are made of several shapes, gain and lose shapes (so their centres of mass jump) and are
// joined, in both solvers and at any look-ahead.

#include "../support/random_world.hpp"
#include "contact_recycling.hpp"
#include "oblique/scene_builders.hpp"
#include "oblique/scene_world.hpp"
#include "world_internals.hpp"
#include "world_state.hpp"

#include <gtest/gtest.h>

namespace oblique::detail
{
namespace
{

constexpr float kLookAheads[] = {0.0f, 0.05f, 0.3f};

struct ApartCount
{
    int kept = 0;  // pairs staysApart keeps apart
    int wrong = 0; // ... whose manifold found anew has points
};

// Every solid pair the world holds now, as the next step's narrow phase would see it.
void checkPairs(const World& world, ApartCount& count)
{
    const WorldState& w = WorldInternals::of(world);
    for (const Contact& c : w.contacts)
    {
        if ((c.flags & kContactAlive) == 0 || (c.flags & kContactSensor) != 0)
        {
            continue;
        }
        for (const float lookAhead : kLookAheads)
        {
            if (!staysApart(w, c, lookAhead))
            {
                continue;
            }
            ++count.kept;
            const Manifold m =
                collideShapes(w.geometry(c.shapeA), w.geometry(c.shapeB), kSpeculativeDistance + lookAhead);
            if (m.pointCount > 0)
            {
                ++count.wrong;
                ADD_FAILURE() << "kept apart at look-ahead " << lookAhead << ", found at separation "
                              << m.points[0].separation << " (gap then " << c.cache.gap << ")";
            }
        }
    }
}

TEST(ApartPairs, AManifoldFoundAnewIsEmptyWhereverAPairIsKeptApart)
{
    for (const Solver solver : {Solver::SoftStep, Solver::Ngs})
    {
        ApartCount count;
        for (std::uint64_t seed = 1; seed <= 6; ++seed)
        {
            test::RandomWorld random(seed, solver);
            for (int step = 1; step <= 400 && count.wrong < 5; ++step)
            {
                random.step(step);
                checkPairs(random.world, count);
            }
        }
        EXPECT_EQ(count.wrong, 0);
        // Not vacuous: the random worlds keep many pairs apart.
        EXPECT_GT(count.kept, 1000) << (solver == Solver::Ngs ? "ngs" : "soft step");
    }
}

TEST(ApartPairs, ASwingingNetOfBallsSkipsThePairsThatNeverMeet)
{
    Scene scene = scenes::jointGrid(12);
    scene.world.allowSleep = false;
    SceneInstance inst = instantiate(scene);
    ApartCount count;
    int skippedSteps = 0;
    for (int step = 0; step < 240; ++step)
    {
        inst.world.step(1.0f / 60.0f);
        checkPairs(inst.world, count);
        const Profile p = inst.world.profile();
        // Neighbours along a diagonal overlap in their fat boxes but never touch: most steps
        // skip most of them.
        skippedSteps += p.apartCount > p.contactCount / 2 ? 1 : 0;
    }
    EXPECT_EQ(count.wrong, 0);
    EXPECT_GT(count.kept, 0);
    EXPECT_GT(skippedSteps, 200);
}

} // namespace
} // namespace oblique::detail
