// Contact recycling: soft step keeps a touching pair's manifold while the two barely move, its
// separations following the motion. What a resting pile recycles, that the kept separations
// match a manifold found anew, and when a pair must look again.

#include "oblique/manifold.hpp"
#include "oblique/scene_builders.hpp"
#include "world_scenes.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <stdexcept>

namespace oblique::test
{
namespace
{

constexpr float kDt = 1.0f / 60.0f;

Scene restingPyramid(Solver solver, int rows)
{
    Scene s = scenes::pyramid(rows);
    s.world.solver = solver;
    s.world.allowSleep = false;
    return s;
}

TEST(ContactRecycling, APyramidAtRestKeepsItsBoxManifoldsInSoftStepOnly)
{
    for (const Solver solver : {Solver::SoftStep, Solver::Ngs})
    {
        SceneInstance inst = instantiate(restingPyramid(solver, 20));
        for (int i = 0; i < 60; ++i)
        {
            inst.world.step(kDt);
        }
        inst.world.step(kDt);
        const Profile p = inst.world.profile();
        if (solver == Solver::SoftStep)
        {
            // Every pair of the resting pyramid keeps its manifold: all 210 boxes stay within
            // millimetres of where their manifolds were found.
            EXPECT_EQ(p.recycledCount, p.contactCount);
            EXPECT_GT(p.recycledCount, 400);
        }
        else
        {
            // ngs is Box2D 2.4's method, like for like: every manifold every step.
            EXPECT_EQ(p.recycledCount, 0);
        }
    }
    SceneInstance off = instantiate(restingPyramid(Solver::SoftStep, 20));
    off.world.setContactRecycleDistance(0.0f);
    for (int i = 0; i < 61; ++i)
    {
        off.world.step(kDt);
    }
    EXPECT_EQ(off.world.profile().recycledCount, 0);
}

// A box sliding slowly across the ground while turning: each step, the contact's kept
// separations are those of a manifold found anew from the two boxes, to a tenth of a millimetre,
// and the pair finds a new one once it has slid the recycle distance.
TEST(ContactRecycling, KeptSeparationsFollowTheMotionAndRenewAfterTheRecycleDistance)
{
    WorldDef def;
    def.gravity = {0.0f, 0.0f}; // no load: the box glides at the speed it is given
    World world(def);
    const BodyId ground = world.createBody(bodyAt(BodyType::Static, {0.0f, -1.0f}), boxShape({20.0f, 1.0f}));
    ShapeDef slick = boxShape({0.5f, 0.25f});
    slick.friction = 0.0f;
    const BodyId box = world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 0.2495f}, 0.0f), slick);
    world.setLinearVelocity(box, {0.15f, 0.0f}); // 2.5 mm a step
    world.setAngularVelocity(box, 0.3f);         // a corner rises 2.5 mm a step
    int recycledSteps = 0;
    int renewedSteps = 0;
    for (int step = 0; step < 30; ++step)
    {
        // The step's manifold is found (or kept) for the poses the step starts from.
        const Manifold fresh = collideBoxes(world.obb(ground), world.obb(box), 0.02f);
        world.step(kDt);
        const std::vector<ContactInfo> contacts = world.contacts(box);
        ASSERT_EQ(contacts.size(), 1u) << "step " << step;
        const Manifold kept = contacts.front().manifold;
        // Every point of the new manifold that touches is kept, at the same separation (a kept
        // manifold may lack a corner still more than a centimetre away, or keep one that rose).
        for (int i = 0; i < fresh.pointCount; ++i)
        {
            if (fresh.points[i].separation > 0.005f)
            {
                continue;
            }
            int match = -1;
            for (int k = 0; k < kept.pointCount; ++k)
            {
                match = key(kept.points[k].id) == key(fresh.points[i].id) ? k : match;
            }
            ASSERT_GE(match, 0) << "step " << step << ": a touching corner is not in the kept manifold";
            EXPECT_NEAR(kept.points[match].separation, fresh.points[i].separation, 1e-4f) << "step " << step;
        }
        (world.profile().recycledCount == 1 ? recycledSteps : renewedSteps) += 1;
    }
    // 2.5 mm a step against the 1 cm distance: found again every few steps, kept in between.
    EXPECT_GT(recycledSteps, 15);
    EXPECT_GE(renewedSteps, 5);
}

// A ball turning in place on the ground: its kept point stays under its centre, where a manifold
// found anew puts it, at the same separation. Turning the ball moves no point of its surface toward
// the ground, so a point carried round with the turn would be a lever for the push, spinning the
// ball up (balls packed together then never came to rest).
TEST(ContactRecycling, ABallsKeptPointStaysUnderItsCentreWhileItTurns)
{
    WorldDef def;
    def.gravity = {0.0f, 0.0f};
    World world(def);
    const BodyId ground = world.createBody(bodyAt(BodyType::Static, {0.0f, -1.0f}), boxShape({20.0f, 1.0f}));
    ShapeDef slick = circleShape(0.5f);
    slick.friction = 0.0f;
    const BodyId ball = world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 0.4995f}), slick);
    world.setAngularVelocity(ball, 0.6f); // its rim turns 5 mm a step
    int recycledSteps = 0;
    int renewedSteps = 0;
    for (int step = 0; step < 30; ++step)
    {
        // The step's manifold is found (or kept) for the poses the step starts from.
        const Manifold fresh = collideBoxCircle(world.obb(ground), world.circle(ball), 0.02f);
        const float centreX = world.worldCenter(ball).x;
        world.step(kDt);
        const std::vector<ContactInfo> contacts = world.contacts(ball);
        ASSERT_EQ(contacts.size(), 1u) << "step " << step;
        const Manifold kept = contacts.front().manifold;
        ASSERT_EQ(kept.pointCount, 1) << "step " << step;
        ASSERT_EQ(fresh.pointCount, 1) << "step " << step;
        EXPECT_NEAR(kept.points[0].point.x, centreX, 1e-4f) << "step " << step;
        EXPECT_NEAR(kept.points[0].separation, fresh.points[0].separation, 1e-4f) << "step " << step;
        (world.profile().recycledCount == 1 ? recycledSteps : renewedSteps) += 1;
    }
    // The rim's 5 mm a step against the 1 cm distance: kept a step, found again the next.
    EXPECT_GE(recycledSteps, 10);
    EXPECT_GE(renewedSteps, 10);
    EXPECT_NEAR(world.angularVelocity(ball), 0.6f, 1e-4f);
}

// A heap of balls and boxes at rest keeps the manifolds of its ball pairs as of its box pairs.
TEST(ContactRecycling, AHeapOfBallsAtRestKeepsItsManifolds)
{
    Scene s = scenes::rain(200);
    s.world.allowSleep = false;
    SceneInstance inst = instantiate(s);
    for (int i = 0; i < 600; ++i)
    {
        inst.world.step(kDt);
    }
    int ballPairs = 0;
    for (std::size_t i = 0; i < s.bodies.size(); ++i)
    {
        for (const ContactInfo& c : inst.world.contacts(inst.bodies[i]))
        {
            ballPairs += c.manifold.pointCount > 0 && s.bodies[i].shape == ShapeKind::Circle ? 1 : 0;
        }
    }
    ASSERT_GT(ballPairs, 50);
    const Profile p = inst.world.profile();
    // Pairs found empty are left to the exact test for pairs apart; every other pair is kept.
    EXPECT_GE(p.recycledCount + p.apartCount, p.contactCount - p.contactCount / 50);
}

// Two boxes face to face in empty space, their pair kept while they rest; then thrown, both
// along at 8 m/s (each one alone would cross 13 cm in the step) or one into the other. The pair
// carried along together keeps its manifold; the pair closing fast looks again, so that its
// points reach as far as the step can bring the boxes together.
TEST(ContactRecycling, OnlyMotionRelativeToEachOtherMakesAPairLookAgain)
{
    for (const bool together : {true, false})
    {
        WorldDef def;
        def.gravity = {0.0f, 0.0f};
        World world(def);
        ShapeDef box;
        box.halfExtents = {0.5f, 0.5f};
        BodyDef at;
        at.type = BodyType::Dynamic;
        const BodyId a = world.createBody(at, box);
        at.position = {1.0f, 0.0f};
        const BodyId b = world.createBody(at, box);
        for (int i = 0; i < 3; ++i)
        {
            world.step(kDt);
        }
        ASSERT_EQ(world.profile().contactCount, 1);
        ASSERT_EQ(world.profile().recycledCount, 1) << "at rest";
        world.setLinearVelocity(b, {together ? 8.0f : -8.0f, 0.0f});
        if (together)
        {
            world.setLinearVelocity(a, {8.0f, 0.0f});
        }
        world.step(kDt);
        EXPECT_EQ(world.profile().recycledCount, together ? 1 : 0) << (together ? "together" : "closing");
    }
}

TEST(ContactRecycling, ARecycleDistanceThatIsNotAFiniteNonNegativeNumberIsRefused)
{
    World world;
    for (const float bad : {-0.01f, std::nanf(""), INFINITY})
    {
        EXPECT_THROW(world.setContactRecycleDistance(bad), std::invalid_argument);
        WorldDef def;
        def.contactRecycleDistance = bad;
        EXPECT_THROW(World{def}, std::invalid_argument);
    }
    EXPECT_EQ(world.settings().contactRecycleDistance, 0.01f);
    world.setContactRecycleDistance(0.0f);
    EXPECT_EQ(world.settings().contactRecycleDistance, 0.0f);
}

} // namespace
} // namespace oblique::test
