// Soft step's contacts prepared a lane group at a time (the plain ones: those that do not bounce)
// against the same contacts prepared one at a time and packed into their lanes: every byte
// of every group the same (whatever the groups' storage held before), and the same contacts left
// to be solved one at a time.

#include "../support/keep_lane_width.hpp"
#include "contact_solver.hpp"
#include "oblique/lane_width.hpp"
#include "random_bodies.hpp"
#include "soft_contact_solver.hpp"
#include "softness.hpp"
#include "step_context.hpp"
#include "wide_soft_solver.hpp"
#include "world_state.hpp"

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

constexpr float kDt = 1.0f / 60.0f;
constexpr int kSubSteps = 4;

// Body i has solver slot i; slot 0 is the ground (its centre read from its state), slots up to
// `kinematic` move without impulses moving them. Contacts join random pairs of boxes and circles
// with one or two points around the bodies, a few of them bouncy, a few with two points so near that they are
// solved one at a time, spread over three colours and the overflow.
void randomContacts(WorldState& w, std::uint32_t seed, int bodyCount, int kinematic, int contactCount)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
    SolverBodies& bodies = w.solverBodies;
    const auto n = static_cast<std::size_t>(bodyCount);
    bodies.velocities.assign(n, SolverVelocity{});
    bodies.poses.assign(n, SolverPose{});
    bodies.gravities.assign(n, Vec2{});
    bodies.slotOf.resize(n);
    w.states.assign(n, BodyState{});
    w.states[0].center = {unit(rng), unit(rng)};
    for (std::size_t i = 0; i < n; ++i)
    {
        bodies.slotOf[i] = static_cast<std::int32_t>(i);
        if (i > 0)
        {
            bodies.velocities[i] = randomVelocity(rng, static_cast<int>(i), kinematic);
            bodies.poses[i].c = {5.0f * unit(rng), 5.0f * unit(rng)};
            bodies.gravities[i] = {0.0f, -10.0f};
        }
    }
    std::uniform_int_distribution<int> body(0, bodyCount - 1);
    for (int k = 0; k < contactCount; ++k)
    {
        Contact c;
        c.a = static_cast<std::uint32_t>(body(rng));
        do
        {
            c.b = static_cast<std::uint32_t>(body(rng));
        } while (c.b == c.a);
        c.flags = kContactAlive | kContactTouching;
        // Each side a circle now and then: its own shape, placed around its body's centre.
        for (const std::uint8_t side : {kCircleA, kCircleB})
        {
            const bool isA = side == kCircleA;
            (isA ? c.shapeA : c.shapeB) = static_cast<std::uint32_t>(w.placed.size());
            const bool circle = unit(rng) > 0.5f;
            const Vec2 centre = bodies.poses[isA ? c.a : c.b].c + Vec2{0.1f * unit(rng), 0.1f * unit(rng)};
            w.placed.emplace_back(circle ? ShapeGeometry{Circle{centre, 0.3f}} : ShapeGeometry{Obb{}});
            c.circles = static_cast<std::uint8_t>(c.circles | (circle ? side : 0));
        }
        c.stepFriction = 0.5f * (unit(rng) + 1.0f);
        c.stepTangentSpeed = unit(rng) < 0.5f ? 0.0f : unit(rng);
        c.stepRestitution = unit(rng) > 0.8f ? 0.5f : 0.0f;
        const float angle = 3.2f * unit(rng);
        c.manifold.normal = {std::cos(angle), std::sin(angle)};
        c.manifold.pointCount = unit(rng) < -0.3f ? 1 : 2;
        const Vec2 centre = 0.5f * (bodies.poses[c.a].c + bodies.poses[c.b].c);
        for (int j = 0; j < c.manifold.pointCount; ++j)
        {
            c.manifold.points[j].point = centre + Vec2{unit(rng), unit(rng)};
            c.manifold.points[j].separation = 0.02f * unit(rng);
            c.normalImpulse[j] = unit(rng) < 0.0f ? 0.0f : unit(rng) + 1.0f;
            c.tangentImpulse[j] = 0.3f * unit(rng);
        }
        if (c.manifold.pointCount == 2 && unit(rng) > 0.85f)
        {
            c.manifold.points[1].point = c.manifold.points[0].point + Vec2{1e-6f, 0.0f};
        }
        w.contacts.push_back(c);
        if (k % 17 == 0)
        {
            w.graph.overflow.push_back(k);
        }
        else
        {
            w.graph.colors[static_cast<std::size_t>(k % 3)].contacts.push_back(k);
        }
    }
}

StepContext stepContextOf(WorldState& w)
{
    StepContext ctx{w};
    ctx.dt = kDt;
    ctx.invDt = 1.0f / kDt;
    ctx.warmStartScale = 1.0f;
    ctx.subSteps = kSubSteps;
    ctx.h = kDt / static_cast<float>(kSubSteps);
    ctx.invH = 1.0f / ctx.h;
    ctx.contactSoftness = makeSoftness(30.0f, 10.0f, ctx.h);
    ctx.staticSoftness = makeSoftness(60.0f, 10.0f, ctx.h);
    return ctx;
}

template <class Groups>
bool sameGroup(const Groups& a, const Groups& b, std::size_t g)
{
    return std::memcmp(&a[g], &b[g], sizeof a[g]) == 0;
}

TEST(WideSoftPrepare, PlainLanesHoldTheBitsOfOneAtATime)
{
    const test::KeepLaneWidth keep;
    for (const int width : test::availableLaneWidths())
    {
        setLaneWidth(width);
        int seedsAtWidth = 0;
        int plainLanes = 0;
        int circleLanes = 0;
        int plainLeftOut = 0;
        for (std::uint32_t seed = 1; seed <= 40; ++seed)
        {
            WorldState w;
            randomContacts(w, seed, 30, 3, 200);
            StepContext ctx = stepContextOf(w);
            // Prepared twice, the groups filled with rubbish between: their storage is reused from
            // step to step uncleared, so preparing must write every byte of them itself.
            prepareSoftContacts(ctx);
            WideSoftSolver& wide = w.contactSolver.softWide;
            wide.visitGroups(
                [](auto& groups)
                { std::memset(static_cast<void*>(groups.data()), 0xA5, groups.size() * sizeof groups[0]); });
            prepareSoftContacts(ctx);
            // Sixteen lanes give way to eight for small colours (lane_choice.hpp).
            seedsAtWidth += wide.width == width ? 1 : 0;

            // The reference: each colour's contacts prepared one at a time into the same layout.
            WideSoftSolver reference;
            reference.begin(wide.width);
            std::vector<std::int32_t> sizes;
            for (const GraphColor& colour : w.graph.colors)
            {
                sizes.push_back(static_cast<std::int32_t>(colour.contacts.size()));
            }
            reference.layOutColours(sizes.data(), static_cast<int>(sizes.size()), 0);
            const float scale = ctx.warmStartScale / static_cast<float>(ctx.subSteps);
            for (std::size_t c = 0; c < sizes.size(); ++c)
            {
                const std::vector<std::int32_t>& members = w.graph.colors[c].contacts;
                for (std::int32_t g = reference.colourStarts[c]; g < reference.colourStarts[c + 1]; ++g)
                {
                    reference.clearGroup(g);
                }
                for (std::size_t i = 0; i < members.size(); ++i)
                {
                    SoftContactConstraint cc;
                    ConstraintExtra extra;
                    prepareSoftContact(ctx, scale, members[i], cc, extra);
                    const std::int32_t group =
                        reference.colourStarts[c] + static_cast<std::int32_t>(i) / wide.width;
                    const int lane = static_cast<int>(i) % wide.width;
                    const bool plain =
                        w.contacts[static_cast<std::size_t>(members[i])].stepRestitution == 0.0f;
                    plainLanes += plain ? 1 : 0;
                    circleLanes +=
                        plain && w.contacts[static_cast<std::size_t>(members[i])].circles != 0 ? 1 : 0;
                    const bool alone = WideSoftSolver::solvedAlone(cc);
                    plainLeftOut += plain && alone ? 1 : 0;
                    EXPECT_EQ(wide.sourceAt(group, lane) < 0, alone)
                        << "seed " << seed << ", contact " << members[i];
                    if (!alone)
                    {
                        reference.packLaneAt(group, lane, members[i], cc, w.solverBodies.velocities);
                    }
                }
            }
            ASSERT_EQ(wide.groupCount(), reference.groupCount());
            for (std::int32_t g = 0; g < wide.groupCount(); ++g)
            {
                const auto at = static_cast<std::size_t>(g);
                EXPECT_TRUE(atLaneCount(wide.width, [&]<int N>(LaneCount<N>)
                                        { return sameGroup(wide.groups<N>(), reference.groups<N>(), at); }))
                    << "seed " << seed << ", " << wide.width << " lanes, group " << g;
            }
        }
        // The comparison means something only if plain lanes were prepared, circles among them, and
        // some left out.
        EXPECT_GT(plainLanes, 4000) << width << " lanes";
        EXPECT_GT(circleLanes, 2000) << width << " lanes";
        EXPECT_GT(plainLeftOut, 50) << width << " lanes";
        EXPECT_GT(seedsAtWidth, 20) << width << " lanes";
    }
}

} // namespace
} // namespace oblique::detail
