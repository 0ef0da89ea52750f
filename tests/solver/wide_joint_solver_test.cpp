// Soft step's plain hinges four and eight at a time against the same hinges solved one at a time
// in the order of their colours: every body velocity, every body moved by a projection and every impulse
// must come out bit for bit the same, in the warm start, the pass with the soft push and the relax
// pass. And the colouring: no colour holds a moving body twice, and what is not a plain hinge, or
// fits no colour, stays with the one-at-a-time passes.

#include "../support/keep_lane_width.hpp"
#include "joint.hpp"
#include "oblique/lane_width.hpp"
#include "random_bodies.hpp"
#include "step_context.hpp"
#include "wide_joint_solver.hpp"
#include "world_state.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <gtest/gtest.h>
#include <random>
#include <set>
#include <vector>

namespace oblique::detail
{
namespace
{

constexpr float kH = 1.0f / 240.0f;

// Slot 0 is immovable; slots 1..kinematic move but impulses do not move them; the rest are
// dynamic and have moved and turned a little since the step began. Joints join random pairs (some
// to slot 0); a few have a motor or a limit on, or belong to a tree. The first dynamic body is a
// hub with more joints than there are colours.
void randomWorld(WorldState& w, std::uint32_t seed, int bodyCount, int kinematic, int jointCount)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
    SolverBodies& bodies = w.solverBodies;
    bodies.velocities.assign(static_cast<std::size_t>(bodyCount), SolverVelocity{});
    bodies.deltas.assign(static_cast<std::size_t>(bodyCount), SolverDelta{});
    bodies.poses.assign(static_cast<std::size_t>(bodyCount), SolverPose{});
    for (int i = 1; i < bodyCount; ++i)
    {
        bodies.velocities[static_cast<std::size_t>(i)] = randomVelocity(rng, i, kinematic);
        // Drifts of up to 2 cm: many shared points are past the projection's slop.
        const SolverDelta delta = randomDelta(rng);
        bodies.deltas[static_cast<std::size_t>(i)] = delta;
        bodies.poses[static_cast<std::size_t>(i)] = {delta.dp, std::atan2(delta.dq.s, delta.dq.c), delta.dq};
    }
    std::uniform_int_distribution<int> body(0, bodyCount - 1);
    for (int k = 0; k < jointCount; ++k)
    {
        JointRecord j;
        j.alive = true;
        int a = k < 16 ? kinematic + 1 : body(rng);
        int b = body(rng);
        while (b == a || (a == 0 && b == 0))
        {
            b = body(rng);
        }
        JointFrame f;
        f.indexA = a;
        f.indexB = b;
        f.rA = {0.5f * unit(rng), 0.5f * unit(rng)};
        f.rB = {0.5f * unit(rng), 0.5f * unit(rng)};
        f.deltaCenter = (f.rA - f.rB) + Vec2{0.01f * unit(rng), 0.01f * unit(rng)};
        RevoluteJoint hinge;
        hinge.linearImpulse = {unit(rng), unit(rng)};
        const float kind = unit(rng);
        hinge.def.enableMotor = kind > 0.9f;
        hinge.def.enableLimit = kind < -0.9f;
        f.inTree = kind > 0.8f && kind <= 0.9f;
        j.kind = hinge;
        w.joints.records.push_back(j);
        w.joints.solved.push_back(static_cast<std::uint32_t>(k));
        w.joints.frames.push_back(f);
    }
}

// Joint i's record and frame (each joint of these worlds is solved, and solved in record order).
bool isPlain(const WorldState& w, std::size_t i)
{
    const RevoluteJoint& hinge = std::get<RevoluteJoint>(w.joints.records[i].kind);
    const JointFrame& f = w.joints.frames[i];
    return !hinge.def.enableMotor && !hinge.def.enableLimit && !f.inTree && !f.treeLoop;
}

// The coloured hinges' records, colour after colour and in joint order within a colour: the order
// the lanes take them in.
std::vector<std::int32_t> colourOrder(const WorldState& w)
{
    std::vector<std::int32_t> order;
    for (int c = 0; c < kJointColors; ++c)
    {
        for (std::size_t k = 0; k < w.joints.solved.size(); ++k)
        {
            if (w.joints.wide.colorOf[k] == c)
            {
                order.push_back(static_cast<std::int32_t>(w.joints.solved[k]));
            }
        }
    }
    return order;
}

// The lanes' impulses back in their joints, as storeJointImpulses reads them.
void copyLaneImpulses(WorldState& w)
{
    for (std::size_t k = 0; k < w.joints.solved.size(); ++k)
    {
        Vec2 impulse;
        if (laneImpulse(w.joints.wide, k, impulse))
        {
            std::get<RevoluteJoint>(w.joints.records[w.joints.solved[k]].kind).linearImpulse = impulse;
        }
    }
}

void expectSameBits(const WorldState& wide, const WorldState& scalar, const char* pass)
{
    const auto same = [](const auto& x, const auto& y)
    { return x.size() == y.size() && std::memcmp(x.data(), y.data(), x.size() * sizeof(x[0])) == 0; };
    EXPECT_TRUE(same(wide.solverBodies.velocities, scalar.solverBodies.velocities)) << pass;
    EXPECT_TRUE(same(wide.solverBodies.deltas, scalar.solverBodies.deltas)) << pass;
    EXPECT_TRUE(same(wide.solverBodies.poses, scalar.solverBodies.poses)) << pass;
    for (std::size_t k = 0; k < wide.joints.records.size(); ++k)
    {
        const Vec2 p = std::get<RevoluteJoint>(wide.joints.records[k].kind).linearImpulse;
        const Vec2 q = std::get<RevoluteJoint>(scalar.joints.records[k].kind).linearImpulse;
        EXPECT_TRUE(std::bit_cast<std::uint32_t>(p.x) == std::bit_cast<std::uint32_t>(q.x) &&
                    std::bit_cast<std::uint32_t>(p.y) == std::bit_cast<std::uint32_t>(q.y))
            << pass << ", joint " << k;
    }
}

TEST(WideJointSolver, ColoursHoldEachMovingBodyOnceAndLeaveTheRestOneAtATime)
{
    const test::KeepLaneWidth keep;
    setLaneWidth(4);
    WorldState w;
    randomWorld(w, 7u, 60, 5, 400);
    StepContext ctx{w};
    buildWideJoints(ctx);
    std::set<std::uint32_t> alone(w.joints.oneAtATime.begin(), w.joints.oneAtATime.end());
    int lanes = 0;
    int hubJoints = 0;
    for (const WideHinge& c : w.joints.wide.hinges)
    {
        for (int lane = 0; lane < 4; ++lane)
        {
            if (c.source[lane] < 0)
            {
                continue;
            }
            ++lanes;
            const auto i = static_cast<std::size_t>(c.source[lane]);
            const JointFrame& f = w.joints.frames[i];
            EXPECT_TRUE(isPlain(w, i));
            EXPECT_EQ(alone.count(static_cast<std::uint32_t>(c.source[lane])), 0u);
            hubJoints += f.indexA == 6 || f.indexB == 6 ? 1 : 0;
        }
    }
    EXPECT_EQ(lanes + static_cast<int>(alone.size()), 400);
    EXPECT_EQ(hubJoints, kJointColors); // the hub's other joints fit no colour
    // Within a colour, no dynamic body twice. Slot 0 and the kinematic slots (1..5 here, impulses
    // do not move them) may be shared.
    std::vector<int> count(kJointColors, 0);
    for (std::size_t k = 0; k < w.joints.solved.size(); ++k)
    {
        if (w.joints.wide.colorOf[k] >= 0)
        {
            ++count[static_cast<std::size_t>(w.joints.wide.colorOf[k])];
        }
    }
    std::vector<std::set<int>> colors(kJointColors);
    const std::vector<std::int32_t> order = colourOrder(w);
    int at = 0;
    for (int c = 0; c < kJointColors; ++c)
    {
        std::set<int>& seen = colors[static_cast<std::size_t>(c)];
        for (int n = at; n < at + count[static_cast<std::size_t>(c)]; ++n)
        {
            const auto record = static_cast<std::size_t>(order[static_cast<std::size_t>(n)]);
            const JointFrame& f = w.joints.frames[record];
            for (const int slot : {f.indexA, f.indexB})
            {
                if (slot > 5)
                {
                    EXPECT_TRUE(seen.insert(slot).second) << "colour " << c << " slot " << slot;
                }
            }
        }
        at += count[static_cast<std::size_t>(c)];
    }
    // A plain hinge left alone fits no colour: each holds one of its moving bodies.
    int plainAlone = 0;
    for (const std::uint32_t i : alone)
    {
        if (!isPlain(w, i))
        {
            continue;
        }
        ++plainAlone;
        const JointFrame& f = w.joints.frames[i];
        for (const std::set<int>& seen : colors)
        {
            EXPECT_TRUE(seen.count(f.indexA) + seen.count(f.indexB) > 0) << i;
        }
    }
    EXPECT_GT(plainAlone, 0);
}

TEST(WideJointSolver, FourAndEightLanesMatchTheOneAtATimePassBitForBit)
{
    const test::KeepLaneWidth keep;
    for (const int width : {4, 8})
    {
        if (width == 8 && !eightLanesAvailable())
        {
            continue;
        }
        setLaneWidth(width);
        for (std::uint32_t seed = 1; seed <= 20; ++seed)
        {
            WorldState wide;
            randomWorld(wide, seed, 80, 6, 300);
            StepContext wideCtx{wide};
            wideCtx.jointSoftness = makeSoftness(60.0f, 2.0f, kH);
            buildWideJoints(wideCtx);
            ASSERT_FALSE(width == 8 ? wide.joints.wide.hinges8.empty() : wide.joints.wide.hinges.empty())
                << "seed " << seed << ": nothing went down the " << width << "-lane path";
            WorldState scalar;
            randomWorld(scalar, seed, 80, 6, 300);
            StepContext scalarCtx{scalar};
            scalarCtx.jointSoftness = wideCtx.jointSoftness;
            // The same hinges one at a time, colour after colour as the wide pass takes them.
            const std::vector<std::int32_t> order = colourOrder(wide);
            const auto onePass = [&](auto&& each)
            {
                for (const std::int32_t i : order)
                {
                    JointRecord& j = scalar.joints.records[static_cast<std::size_t>(i)];
                    each(std::get<RevoluteJoint>(j.kind), scalar.joints.frames[static_cast<std::size_t>(i)]);
                }
                scalar.solverBodies.velocities[0] = SolverVelocity{};
            };

            warmStartWideJoints(wideCtx);
            onePass([&](RevoluteJoint& hinge, const JointFrame& f)
                    { warmStartJoint(hinge, f, scalar.solverBodies); });
            copyLaneImpulses(wide);
            expectSameBits(wide, scalar, "warm start");

            for (const bool relax : {false, true, false, true})
            {
                wideCtx.useBias = !relax;
                wideCtx.projectJoints = relax;
                scalarCtx.useBias = !relax;
                scalarCtx.projectJoints = relax;
                solveWideJoints(wideCtx);
                onePass([&](RevoluteJoint& hinge, const JointFrame& f)
                        { solveSharedPoint(hinge.linearImpulse, f, scalarCtx, scalar.solverBodies); });
                copyLaneImpulses(wide);
                expectSameBits(wide, scalar, relax ? "relax" : "push");
            }
            if (::testing::Test::HasFailure())
            {
                ADD_FAILURE() << "seed " << seed << ", " << width << " lanes";
                return;
            }
        }
    }
}

} // namespace
} // namespace oblique::detail
