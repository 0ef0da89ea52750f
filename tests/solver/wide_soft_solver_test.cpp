// Soft step's four- and eight-lane passes against the same constraints solved one at a time,
// colour by colour: every body velocity and every impulse must come out bit for bit the same, in the pass
// with the soft push and in the relax pass.

#include "../support/keep_lane_width.hpp"
#include "constraint_graph.hpp"
#include "oblique/lane_width.hpp"
#include "random_bodies.hpp"
#include "soft_contact_solver.hpp"
#include "wide_contact.hpp"
#include "wide_soft_solver.hpp"

#include <cmath>
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
    std::vector<SolverDelta> deltas;
    std::vector<SoftContactConstraint> constraints; // grouped: the overflow's, then each colour's
    std::vector<std::int32_t> groupStart;
};

// Slot 0 is immovable; slots 1..kinematic move but impulses do not move them; the rest are
// dynamic and have moved a little since the step began. Constraints join random pairs (a third on
// slot 0), with one or two points, some two-point ones ill conditioned, some bouncy or bouncing,
// with random separations around zero; they are coloured by the constraint graph.
Problem randomProblem(std::uint32_t seed, int bodyCount, int kinematic, int constraintCount)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
    std::uniform_real_distribution<float> positive(0.1f, 2.0f);
    Problem p;
    p.bodies.resize(static_cast<std::size_t>(bodyCount));
    p.deltas.resize(static_cast<std::size_t>(bodyCount));
    for (int i = 1; i < bodyCount; ++i)
    {
        p.bodies[static_cast<std::size_t>(i)] = randomVelocity(rng, i, kinematic);
        p.deltas[static_cast<std::size_t>(i)] = randomDelta(rng);
    }
    const Softness soft = makeSoftness(30.0f, 10.0f, 1.0f / 240.0f);
    const Softness hard = makeSoftness(60.0f, 10.0f, 1.0f / 240.0f);
    std::vector<SoftContactConstraint> made;
    ConstraintGraph graph;
    std::vector<std::int32_t> colorOf;
    std::uniform_int_distribution<int> body(0, bodyCount - 1);
    for (int k = 0; k < constraintCount; ++k)
    {
        SoftContactConstraint cc;
        cc.indexA = unit(rng) < -0.33f ? 0 : body(rng);
        do
        {
            cc.indexB = body(rng);
        } while (cc.indexB == cc.indexA);
        const float angle = 3.2f * unit(rng);
        cc.normal = {std::cos(angle), std::sin(angle)};
        cc.friction = 0.5f * (unit(rng) + 1.0f);
        cc.tangentSpeed = unit(rng) < 0.5f ? 0.0f : unit(rng);
        const SolverVelocity& a = p.bodies[static_cast<std::size_t>(cc.indexA)];
        const SolverVelocity& b = p.bodies[static_cast<std::size_t>(cc.indexB)];
        cc.softness = a.invMass == 0.0f || b.invMass == 0.0f ? hard : soft;
        cc.relaxLetsGo = unit(rng) > 0.7f;
        cc.velocityPoints = unit(rng) < 0.0f ? 1 : 2;
        for (int j = 0; j < cc.velocityPoints; ++j)
        {
            SoftPoint& sp = cc.points[j];
            sp.rA = {unit(rng), unit(rng)};
            sp.rB = {unit(rng), unit(rng)};
            sp.baseSeparation = 0.01f * unit(rng);
            sp.rnA = cross(sp.rA, cc.normal);
            sp.rnB = cross(sp.rB, cc.normal);
            const Vec2 t{cc.normal.y, -cc.normal.x};
            sp.rtA = cross(sp.rA, t);
            sp.rtB = cross(sp.rB, t);
            const float kn =
                a.invMass + b.invMass + a.invInertia * sp.rnA * sp.rnA + b.invInertia * sp.rnB * sp.rnB;
            const float kt =
                a.invMass + b.invMass + a.invInertia * sp.rtA * sp.rtA + b.invInertia * sp.rtB * sp.rtB;
            sp.normalMass = kn > 0.0f ? 1.0f / kn : 0.0f;
            sp.tangentMass = kt > 0.0f ? 1.0f / kt : 0.0f;
            sp.normalImpulse = unit(rng) < 0.0f ? 0.0f : positive(rng);
            sp.tangentImpulse = 0.3f * unit(rng);
            sp.bounces = cc.relaxLetsGo && unit(rng) > 0.5f;
            sp.bounceSpeed = sp.bounces ? positive(rng) : 0.0f;
        }
        if (cc.velocityPoints == 2 && (!cc.relaxLetsGo || (cc.points[0].bounces && cc.points[1].bounces)))
        {
            const SoftPoint& p1 = cc.points[0];
            const SoftPoint& p2 = cc.points[1];
            cc.mass = twoPointMass(a.invMass, a.invInertia, b.invMass, b.invInertia, p1.rnA, p1.rnB,
                                   unit(rng) < -0.6f ? p1.rnA : p2.rnA, unit(rng) < -0.6f ? p1.rnB : p2.rnB);
        }
        const std::int32_t color =
            graph.pick(a.invMass > 0.0f ? cc.indexA : -1, b.invMass > 0.0f ? cc.indexB : -1);
        graph.place(k, color);
        colorOf.push_back(color);
        made.push_back(cc);
    }
    // Grouped as the solver groups them: the overflow first, then colour by colour.
    for (int group = 0; group <= kGraphColors; ++group)
    {
        p.groupStart.push_back(static_cast<std::int32_t>(p.constraints.size()));
        const std::vector<std::int32_t>& members =
            group == 0 ? graph.overflow : graph.colors[static_cast<std::size_t>(group - 1)].contacts;
        for (const std::int32_t k : members)
        {
            p.constraints.push_back(made[static_cast<std::size_t>(k)]);
        }
    }
    p.groupStart.push_back(static_cast<std::int32_t>(p.constraints.size()));
    return p;
}

// Packs the problem as preparing does: the overflow's batch, one at a time; then every colour's
// groups laid out, each contact in its lane (its index in the colour's) or, where it is solved one
// at a time, in the colour's batch of singles.
void pack(WideSoftSolver& wide, const Problem& p, int width)
{
    wide.begin(width);
    wide.beginBatch();
    for (std::int32_t k = p.groupStart[0]; k < p.groupStart[1]; ++k)
    {
        wide.addSingle(k);
    }
    wide.endBatch();
    std::vector<std::int32_t> sizes;
    for (std::size_t g = 1; g + 1 < p.groupStart.size(); ++g)
    {
        sizes.push_back(p.groupStart[g + 1] - p.groupStart[g]);
    }
    wide.layOutColours(sizes.data(), static_cast<int>(sizes.size()), 0);
    for (std::size_t c = 0; c < sizes.size(); ++c)
    {
        for (std::int32_t g = wide.colourStarts[c]; g < wide.colourStarts[c + 1]; ++g)
        {
            wide.clearGroup(g);
        }
        wide.beginColourBatch(static_cast<int>(c));
        for (std::int32_t i = 0; i < sizes[c]; ++i)
        {
            const std::int32_t k = p.groupStart[c + 1] + i;
            const SoftContactConstraint& cc = p.constraints[static_cast<std::size_t>(k)];
            if (WideSoftSolver::solvedAlone(cc))
            {
                wide.addSingle(k);
            }
            else
            {
                wide.packLaneAt(wide.colourStarts[c] + i / width, i % width, k, cc, p.bodies);
            }
        }
        wide.endColourBatch();
    }
}

// The lanes' impulses and their totals back into the constraints their sources index (the problem's
// own indices, as pack gives them).
void unpack(const WideSoftSolver& wide, std::vector<SoftContactConstraint>& constraints)
{
    wide.visitGroups(
        [&](const auto& groups)
        {
            unpackLanes(groups, constraints,
                        [](SoftPoint& p, const auto& wp, int lane)
                        {
                            p.normalImpulse = wp.normalImpulse[lane];
                            p.tangentImpulse = wp.tangentImpulse[lane];
                            p.totalNormalImpulse = wp.totalNormalImpulse[lane];
                            p.totalTangentImpulse = wp.totalTangentImpulse[lane];
                        });
        });
}

template <typename T>
bool sameBits(const std::vector<T>& a, const std::vector<T>& b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

bool sameImpulses(const std::vector<SoftContactConstraint>& a, const std::vector<SoftContactConstraint>& b)
{
    for (std::size_t k = 0; k < a.size(); ++k)
    {
        for (int j = 0; j < a[k].velocityPoints; ++j)
        {
            const SoftPoint& x = a[k].points[j];
            const SoftPoint& y = b[k].points[j];
            const float xs[] = {x.normalImpulse, x.tangentImpulse, x.totalNormalImpulse,
                                x.totalTangentImpulse};
            const float ys[] = {y.normalImpulse, y.tangentImpulse, y.totalNormalImpulse,
                                y.totalTangentImpulse};
            if (std::memcmp(xs, ys, sizeof(xs)) != 0)
            {
                return false;
            }
        }
    }
    return true;
}

constexpr bool kPasses[] = {true, false, true, false};

TEST(WideSoftSolver, EveryLaneWidthGivesTheBitsOfOneAtATime)
{
    for (std::uint32_t seed = 1; seed <= 200; ++seed)
    {
        const Problem start = randomProblem(seed, 40, 4, 120);
        // One at a time, in the order the groups list them.
        Problem one = start;
        for (const SoftContactConstraint& cc : one.constraints)
        {
            warmStartSoftContact(one.bodies, cc);
        }
        one.bodies[0] = SolverVelocity{};
        // Two substeps' passes, so that the totals over the substeps differ from the last impulses.
        for (const bool useBias : kPasses)
        {
            for (SoftContactConstraint& cc : one.constraints)
            {
                solveSoftContact(one.bodies, one.deltas, cc, 240.0f, 3.0f, useBias);
            }
            one.bodies[0] = SolverVelocity{};
        }
        // Four at a time, and eight and sixteen where the CPU can.
        for (const int width : test::availableLaneWidths())
        {
            Problem lanes = start;
            WideSoftSolver wide;
            pack(wide, lanes, width);
            wide.warmStart(lanes.bodies, lanes.constraints, TaskSystem{});
            for (const bool useBias : kPasses)
            {
                wide.solve(lanes.bodies, lanes.deltas, lanes.constraints, 240.0f, 3.0f, useBias,
                           TaskSystem{});
            }
            unpack(wide, lanes.constraints);
            ASSERT_TRUE(wide.width == width && wide.groupCount() > 0)
                << "seed " << seed << ": nothing went down the " << width << "-lane path";
            ASSERT_TRUE(sameBits(one.bodies, lanes.bodies)) << "seed " << seed << ", " << width << " lanes";
            ASSERT_TRUE(sameImpulses(one.constraints, lanes.constraints))
                << "seed " << seed << ", " << width << " lanes";
        }
    }
}

} // namespace
} // namespace oblique::detail
