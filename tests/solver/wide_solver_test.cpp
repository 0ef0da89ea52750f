// The four-lane velocity iterations against the same constraints solved one by one: every body
// velocity and every accumulated impulse must come out bit for bit the same.

#include "../support/keep_lane_width.hpp"
#include "contact_solver.hpp"
#include "oblique/lane_width.hpp"
#include "random_bodies.hpp"

#include <cstdint>
#include <cstring>
#include <gtest/gtest.h>
#include <random>
#include <vector>

namespace oblique::detail
{
namespace
{

struct Problem
{
    std::vector<SolverVelocity> bodies;
    std::vector<ContactConstraint> constraints;
};

// Slot 0 is immovable (as in the world); slots 1..kinematic are kinematic (moving, but not moved
// by impulses); the rest are dynamic. Constraints join random pairs, a third of them on slot 0,
// with one or two points, the two-point ones well or ill conditioned as the world decides.
Problem randomProblem(std::uint32_t seed, int bodyCount, int kinematic, int constraintCount)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
    std::uniform_real_distribution<float> positive(0.1f, 2.0f);
    Problem p;
    p.bodies.resize(static_cast<std::size_t>(bodyCount));
    for (int i = 1; i < bodyCount; ++i)
    {
        p.bodies[static_cast<std::size_t>(i)] = randomVelocity(rng, i, kinematic);
    }
    std::uniform_int_distribution<int> body(0, bodyCount - 1);
    for (int k = 0; k < constraintCount; ++k)
    {
        ContactConstraint cc;
        cc.indexA = unit(rng) < -0.33f ? 0 : body(rng);
        do
        {
            cc.indexB = body(rng);
        } while (cc.indexB == cc.indexA);
        const float angle = 3.2f * unit(rng);
        cc.normal = {std::cos(angle), std::sin(angle)};
        cc.friction = 0.5f * (unit(rng) + 1.0f);
        const SolverVelocity& a = p.bodies[static_cast<std::size_t>(cc.indexA)];
        const SolverVelocity& b = p.bodies[static_cast<std::size_t>(cc.indexB)];
        const int points = unit(rng) < 0.0f ? 1 : 2;
        for (int j = 0; j < points; ++j)
        {
            VelocityPoint& vp = cc.points[j];
            vp.rnA = unit(rng);
            vp.rnB = unit(rng);
            vp.rtA = unit(rng);
            vp.rtB = unit(rng);
            vp.normalImpulse = unit(rng) < 0.0f ? 0.0f : positive(rng);
            vp.tangentImpulse = 0.3f * unit(rng);
            vp.velocityBias = unit(rng) < 0.0f ? 0.0f : 2.0f * unit(rng);
            const float kn =
                a.invMass + b.invMass + a.invInertia * vp.rnA * vp.rnA + b.invInertia * vp.rnB * vp.rnB;
            const float kt =
                a.invMass + b.invMass + a.invInertia * vp.rtA * vp.rtA + b.invInertia * vp.rtB * vp.rtB;
            vp.normalMass = kn > 0.0f ? 1.0f / kn : 0.0f;
            vp.tangentMass = kt > 0.0f ? 1.0f / kt : 0.0f;
        }
        cc.velocityPoints = points;
        if (points == 2 && unit(rng) < 0.6f)
        {
            const VelocityPoint& p1 = cc.points[0];
            const VelocityPoint& p2 = cc.points[1];
            cc.mass = twoPointMass(a.invMass, a.invInertia, b.invMass, b.invInertia, p1.rnA, p1.rnB, p2.rnA,
                                   p2.rnB);
        }
        else if (points == 2)
        {
            cc.velocityPoints = 1; // ill conditioned: the second point keeps its warm-start impulse
        }
        p.constraints.push_back(cc);
    }
    return p;
}

bool sameBits(float a, float b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

void expectIdentical(const Problem& scalar, const Problem& wide, std::uint32_t seed)
{
    for (std::size_t i = 0; i < scalar.bodies.size(); ++i)
    {
        const SolverVelocity& s = scalar.bodies[i];
        const SolverVelocity& w = wide.bodies[i];
        EXPECT_TRUE(sameBits(s.v.x, w.v.x) && sameBits(s.v.y, w.v.y) && sameBits(s.w, w.w))
            << "seed " << seed << ", body " << i << ": (" << s.v.x << ", " << s.v.y << ", " << s.w
            << ") one by one, (" << w.v.x << ", " << w.v.y << ", " << w.w << ") four at a time";
    }
    for (std::size_t k = 0; k < scalar.constraints.size(); ++k)
    {
        for (int j = 0; j < 2; ++j)
        {
            const VelocityPoint& s = scalar.constraints[k].points[j];
            const VelocityPoint& w = wide.constraints[k].points[j];
            EXPECT_TRUE(sameBits(s.normalImpulse, w.normalImpulse) &&
                        sameBits(s.tangentImpulse, w.tangentImpulse))
                << "seed " << seed << ", constraint " << k << ", point " << j;
        }
    }
}

TEST(WideSolver, EveryLaneWidthGivesExactlyTheOneByOneResult)
{
    for (const int width : test::availableLaneWidths())
    {
        int levelsWithSeveral = 0;
        int seedsAtWidth = 0; // sixteen lanes give way to eight for small levels (lane_choice.hpp)
        for (std::uint32_t seed = 1; seed <= 200; ++seed)
        {
            // From crowded (few bodies, long chains of levels) to sparse (wide levels); every
            // fourth seed sparse enough for levels of some dozens, which sixteen lanes take.
            const bool large = seed % 4 == 0;
            const int bodies = large ? 600 : 3 + static_cast<int>(seed % 60);
            const int constraints =
                large ? 200 + static_cast<int>(seed % 100) : 5 + static_cast<int>(seed % 80);
            const Problem start = randomProblem(seed, bodies, static_cast<int>(seed % 3), constraints);

            Problem scalar = start;
            Problem wide = start;
            WideSolver solver;
            solver.build(wide.constraints, wide.bodies, width);
            seedsAtWidth += solver.width == width ? 1 : 0;
            for (int it = 0; it < 8; ++it)
            {
                for (ContactConstraint& cc : scalar.constraints)
                {
                    solveContactVelocity(scalar.bodies, cc);
                }
                solver.iterate(wide.bodies, wide.constraints);
            }
            solver.unpack(wide.constraints);
            SCOPED_TRACE(testing::Message() << width << " lanes");
            expectIdentical(scalar, wide, seed);
            for (const Batch& batch : solver.batches)
            {
                levelsWithSeveral += batch.wideEnd > batch.wideBegin ? 1 : 0;
            }
        }
        // The comparison means something only if the lanes were used.
        EXPECT_GT(levelsWithSeveral, 1000) << width << " lanes";
        EXPECT_GT(seedsAtWidth, 20) << width << " lanes";
    }
}

// Built for sixteen lanes, ngs keeps room for its levels at eight, to which a later step may switch
// (lane_choice.hpp), and the other way round.
TEST(WideSolver, KeepsRoomForTheOtherWidth)
{
    int atSixteen = 0;
    int atEight = 0;
    for (std::uint32_t seed = 1; seed <= 40; ++seed)
    {
        const bool sparse = seed % 2 == 0;
        const Problem p = randomProblem(seed, sparse ? 600 : 20, 1, sparse ? 300 : 60);
        WideSolver solver;
        solver.build(p.constraints, p.bodies, 16);
        // The groups the levels of more than one constraint take at each width.
        std::size_t needEight = 0;
        std::size_t needSixteen = 0;
        for (const std::int32_t count : solver.levelCount)
        {
            if (count > 1)
            {
                needEight += static_cast<std::size_t>((count + 7) / 8);
                needSixteen += static_cast<std::size_t>((count + 15) / 16);
            }
        }
        if (solver.width == 16)
        {
            ++atSixteen;
            EXPECT_GE(solver.wide8.capacity(), needEight) << "seed " << seed;
        }
        else
        {
            ++atEight;
            EXPECT_GE(solver.wide16.capacity(), needSixteen) << "seed " << seed;
        }
    }
    EXPECT_GT(atSixteen, 5);
    EXPECT_GT(atEight, 5);
}

TEST(WideSolver, NoTwoContactsOfALevelShareABodyMovedByImpulses)
{
    const Problem p = randomProblem(7, 40, 2, 120);
    WideSolver solver;
    solver.build(p.constraints, p.bodies, 4);
    for (const Batch& batch : solver.batches)
    {
        std::vector<int> seen(p.bodies.size(), 0);
        for (std::int32_t g = batch.wideBegin; g < batch.wideEnd; ++g)
        {
            const WideConstraint& w = solver.wide[static_cast<std::size_t>(g)];
            for (int lane = 0; lane < 4; ++lane)
            {
                if (w.source[lane] < 0)
                {
                    continue;
                }
                for (const std::int32_t index : {w.indexA[lane], w.indexB[lane]})
                {
                    if (p.bodies[static_cast<std::size_t>(index)].invMass > 0.0f)
                    {
                        EXPECT_EQ(seen[static_cast<std::size_t>(index)]++, 0) << "body " << index;
                    }
                }
            }
        }
    }
}

} // namespace
} // namespace oblique::detail
