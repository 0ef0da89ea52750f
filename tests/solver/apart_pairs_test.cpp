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

#include <cmath>
#include <gtest/gtest.h>
#include <utility>

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
    for (std::size_t i = 0; i < w.contacts.size(); ++i)
    {
        const Contact& c = w.contacts[i];
        const ManifoldCache& cache = w.manifoldCaches[i];
        if ((c.flags & kContactAlive) == 0 || (c.flags & kContactSensor) != 0)
        {
            continue;
        }
        for (const float lookAhead : kLookAheads)
        {
            if (!staysApart(w, c, cache, lookAhead))
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
                              << m.points[0].separation << " (gap then " << cache.gap << ")";
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
    // Thrown hard sideways below its middle, it shears and swings until diagonal neighbours'
    // fat boxes overlap (hanging still, they are 6 cm apart, which is no pair).
    for (std::size_t i = 6 * 12; i < scene.bodies.size(); ++i)
    {
        scene.bodies[i].linearVelocity = {10.0f, 0.0f};
    }
    SceneInstance inst = instantiate(scene);
    ApartCount count;
    int stepsWithPairs = 0;
    int skippedSteps = 0;
    for (int step = 0; step < 240; ++step)
    {
        inst.world.step(1.0f / 60.0f);
        checkPairs(inst.world, count);
        const Profile p = inst.world.profile();
        // Neighbours along a diagonal overlap in their fat boxes but never touch: most steps
        // that have pairs skip most of them.
        stepsWithPairs += p.contactCount > 0 ? 1 : 0;
        skippedSteps += p.apartCount > p.contactCount / 2 ? 1 : 0;
    }
    EXPECT_EQ(count.wrong, 0);
    EXPECT_GT(count.kept, 0);
    EXPECT_GT(stepsWithPairs, 40);
    EXPECT_GT(skippedSteps, 8 * stepsWithPairs / 10) << stepsWithPairs << " steps with pairs";
}

// Fat boxes that only touch make no pair, as boxes a hair apart make none; boxes that share any
// area do. Two balls placed on a diagonal so that their fat boxes (the world's own, read back)
// meet exactly at a corner, as a net's diagonal neighbours can; then one float step closer.
TEST(ApartPairs, FatBoxesThatOnlyTouchMakeNoPair)
{
    ShapeDef ball;
    ball.kind = ShapeKind::Circle;
    ball.radius = 0.4f;
    WorldDef def;
    def.gravity = {0.0f, 0.0f};
    const auto worldOf = [&](float at, float offset)
    {
        World world(def);
        BodyDef a;
        a.type = BodyType::Dynamic;
        a.position = {at, at};
        BodyDef b = a;
        b.position = {offset, offset};
        world.createBody(a, ball);
        world.createBody(b, ball);
        return world;
    };
    // A's upper corner and B's lower corner, A at (at, at) and B at (offset, offset).
    const auto corners = [&](float at, float offset)
    {
        const World world = worldOf(at, offset);
        const WorldState& w = WorldInternals::of(world);
        return std::pair{w.shapes[0].fatBox.upper, w.shapes[1].fatBox.lower};
    };
    // Searched float by float around where the boxes meet: as B moves one float step, its box's
    // corner may move two, so A is moved a float step too when B's corner steps over A's.
    float at = 1.0f;
    float touching = 0.0f;
    bool found = false;
    for (int shift = 0; shift < 4 && !found; ++shift)
    {
        const float guess = 2.0f * corners(at, 10.0f).first.x - at;
        for (float offset = guess - 0.001f; offset < guess + 0.001f; offset = std::nextafter(offset, 4.0f))
        {
            const auto [upper, lower] = corners(at, offset);
            if (lower.x == upper.x && lower.y == upper.y)
            {
                found = true;
                touching = offset;
                break;
            }
        }
        at = found ? at : std::nextafter(at, 2.0f);
    }
    ASSERT_TRUE(found) << "no placement makes the fat boxes meet exactly";
    for (const float offset : {touching, std::nextafter(touching, 0.0f)})
    {
        World world = worldOf(at, offset);
        world.step(1.0f / 60.0f);
        EXPECT_EQ(world.profile().contactCount, offset == touching ? 0 : 1) << offset;
    }
}

} // namespace
} // namespace oblique::detail
