// Soft step's plain hinges four or eight at a time: colouring them, packing each colour into lane
// groups, and running the warm start and solve passes on them (wide_hinge_lanes.hpp; the eight
// lanes' in wide_lanes_avx2.cpp).

#include "wide_joint_solver.hpp"

#include "buffers.hpp"
#include "joint.hpp"
#include "oblique/lane_width.hpp"
#include "parallel_for.hpp"
#include "step_context.hpp"
#include "wide_contact.hpp"
#include "wide_hinge_lanes.hpp"
#include "world_state.hpp"

#include <array>
#include <atomic>
#include <bit>

namespace oblique::detail
{

namespace
{

// A revolute joint that is only its shared point this step, solved outside the trees, with levers
// that do not dwarf its masses (such a point is solved afresh and in double, which the lanes are
// not).
bool isPlainHinge(const JointRecord& j, const JointFrame& f, const SolverBodies& bodies)
{
    const auto* hinge = std::get_if<RevoluteJoint>(&j.kind);
    return hinge != nullptr && !hinge->def.enableMotor && !hinge->def.enableLimit && !f.inTree &&
           !f.treeLoop &&
           !leversDwarfMasses(bodies.velocities[static_cast<std::size_t>(f.indexA)],
                              bodies.velocities[static_cast<std::size_t>(f.indexB)], f.rA, f.rB);
}

// The colours a slot is in, for a body that impulses move; none for one they do not (slot 0,
// kinematic bodies), which any number of lanes may share.
std::uint32_t* colorsOf(std::vector<std::uint32_t>& colorsOfSlot, const SolverBodies& bodies,
                        std::int32_t slot)
{
    const SolverVelocity& v = bodies.velocities[static_cast<std::size_t>(slot)];
    const bool moves = slot != 0 && movedByImpulses(v);
    return moves ? &colorsOfSlot[static_cast<std::size_t>(slot)] : nullptr;
}

// The first colour that holds neither body, taken; -1 when none does.
std::int32_t takeColor(std::uint32_t* a, std::uint32_t* b)
{
    const std::uint32_t used = (a != nullptr ? *a : 0u) | (b != nullptr ? *b : 0u);
    const int color = std::countr_one(used);
    if (color >= kJointColors)
    {
        return -1;
    }
    const std::uint32_t bit = 1u << static_cast<std::uint32_t>(color);
    if (a != nullptr)
    {
        *a |= bit;
    }
    if (b != nullptr)
    {
        *b |= bit;
    }
    return color;
}

template <int N>
void packLane(WideHingeN<N>& w, int lane, std::uint32_t record, const JointRecord& j, const JointFrame& f,
              const SolverBodies& bodies)
{
    const SolverVelocity& a = bodies.velocities[static_cast<std::size_t>(f.indexA)];
    const SolverVelocity& b = bodies.velocities[static_cast<std::size_t>(f.indexB)];
    const Vec2 impulse = std::get<RevoluteJoint>(j.kind).linearImpulse;
    w.indexA[lane] = f.indexA;
    w.indexB[lane] = f.indexB;
    w.source[lane] = static_cast<std::int32_t>(record);
    w.invMassA[lane] = a.invMass;
    w.invInertiaA[lane] = a.invInertia;
    w.invMassB[lane] = b.invMass;
    w.invInertiaB[lane] = b.invInertia;
    w.rAx[lane] = f.rA.x;
    w.rAy[lane] = f.rA.y;
    w.rBx[lane] = f.rB.x;
    w.rBy[lane] = f.rB.y;
    w.deltaCenterX[lane] = f.deltaCenter.x;
    w.deltaCenterY[lane] = f.deltaCenter.y;
    w.impulseX[lane] = impulse.x;
    w.impulseY[lane] = impulse.y;
}

} // namespace

namespace
{

// Gives each plain hinge the first colour free of both its moving bodies and leaves every other
// joint (and a hinge no colour fits) to the one-at-a-time passes. Returns each colour's count.
std::array<std::int32_t, kJointColors> colorHinges(Joints& joints, const SolverBodies& bodies)
{
    WideJointSolver& s = joints.wide;
    refill(s.colorsOfSlot, bodies.velocities.size(), 0u);
    refill(s.colorOf, joints.solved.size(), std::int32_t{-1});
    joints.oneAtATime.clear();
    std::array<std::int32_t, kJointColors> count{};
    for (std::size_t k = 0; k < joints.solved.size(); ++k)
    {
        const std::uint32_t i = joints.solved[k];
        const JointRecord& j = joints.records[i];
        const JointFrame& f = joints.frames[k];
        const std::int32_t color = isPlainHinge(j, f, bodies)
                                       ? takeColor(colorsOf(s.colorsOfSlot, bodies, f.indexA),
                                                   colorsOf(s.colorsOfSlot, bodies, f.indexB))
                                       : -1;
        s.colorOf[k] = color;
        if (color < 0)
        {
            joints.oneAtATime.push_back(static_cast<std::uint32_t>(k));
            continue;
        }
        ++count[static_cast<std::size_t>(color)];
    }
    return count;
}

// Packs each colour into groups of N: the colours one after another, each colour's hinges in
// joint order. The joints are read in order (each colour's lanes fill as its hinges come), not
// colour by colour, which would read the records all over.
template <int N>
void packHinges(Joints& joints, std::vector<WideHingeN<N>>& hinges, const SolverBodies& bodies,
                const std::array<std::int32_t, kJointColors>& count)
{
    WideJointSolver& s = joints.wide;
    std::size_t groups = 0;
    for (std::size_t c = 0; c < kJointColors; ++c)
    {
        s.colorGroups[c] = static_cast<std::int32_t>(groups);
        groups += static_cast<std::size_t>((count[c] + N - 1) / N);
    }
    s.colorGroups[kJointColors] = static_cast<std::int32_t>(groups);
    refill(hinges, groups, blankGroup<WideHingeN<N>>());
    refill(s.laneOf, joints.solved.size(), std::int32_t{-1});
    std::array<std::int32_t, kJointColors> filled{};
    for (std::size_t k = 0; k < joints.solved.size(); ++k)
    {
        const std::int32_t color = s.colorOf[k];
        if (color < 0)
        {
            continue;
        }
        const std::int32_t n = filled[static_cast<std::size_t>(color)]++;
        const std::int32_t group = s.colorGroups[static_cast<std::size_t>(color)] + n / N;
        const int lane = static_cast<int>(n % N);
        const std::uint32_t record = joints.solved[k];
        packLane(hinges[static_cast<std::size_t>(group)], lane, record, joints.records[record],
                 joints.frames[k], bodies);
        s.laneOf[k] = group * N + lane;
    }
}

HingeBodies hingeBodies(SolverBodies& bodies)
{
    return {bodies.velocities.data(), bodies.poses.data(), bodies.deltas.data()};
}

} // namespace

void clearWideJoints(WideJointSolver& s)
{
    s.hinges.clear();
    s.hinges8.clear();
    s.colorGroups.fill(0);
    s.laneOf.clear();
}

void buildWideJoints(StepContext& ctx)
{
    WorldState& w = ctx.world;
    WideJointSolver& s = w.joints.wide;
    const std::array<std::int32_t, kJointColors> count = colorHinges(w.joints, w.solverBodies);
    // At most eight: sixteen lanes of hinges measured slower (the joint grid's step 5 % longer).
    s.width = std::min(laneWidth(), 8);
    if (s.width == 8)
    {
        s.hinges.clear();
        packHinges<8>(w.joints, s.hinges8, w.solverBodies, count);
    }
    else
    {
        s.hinges8.clear();
        packHinges<4>(w.joints, s.hinges, w.solverBodies, count);
    }
}

void warmStartWideJoints(StepContext& ctx)
{
    WideJointSolver& s = ctx.world.joints.wide;
    SolverBodies& bodies = ctx.world.solverBodies;
    for (std::size_t color = 0; color < kJointColors; ++color)
    {
        const std::int32_t first = s.colorGroups[color];
        parallelFor(ctx.world.def.tasks, s.colorGroups[color + 1] - first, laneGroupsPerTask(s.width),
                    [&](int begin, int end)
                    {
                        if (s.width == 8)
                        {
                            warmStartHingeEightLanes(hingeBodies(bodies), s.hinges8.data(), first + begin,
                                                     first + end);
                        }
                        else
                        {
                            warmStartHingeGroups<4>(hingeBodies(bodies), s.hinges.data(), first + begin,
                                                    first + end);
                        }
                    });
    }
    // Slot 0 stands for every static body: a non-finite impulse must not reach the next lane on it.
    bodies.velocities[0] = SolverVelocity{};
}

void solveWideJoints(StepContext& ctx)
{
    WideJointSolver& s = ctx.world.joints.wide;
    SolverBodies& bodies = ctx.world.solverBodies;
    const PartTerms t = pushTerms(ctx);
    const HingePass pass{t.bias, t.massScale, t.impulseScale, ctx.useBias, ctx.projectJoints};
    // Set by any worker that moved a body, so that what is kept from the poses is found again.
    std::atomic<bool> projected{false};
    for (std::size_t color = 0; color < kJointColors; ++color)
    {
        const std::int32_t first = s.colorGroups[color];
        parallelFor(ctx.world.def.tasks, s.colorGroups[color + 1] - first, laneGroupsPerTask(s.width),
                    [&](int begin, int end)
                    {
                        const bool moved = s.width == 8
                                               ? solveHingeEightLanes(hingeBodies(bodies), s.hinges8.data(),
                                                                      first + begin, first + end, pass)
                                               : solveHingeGroups<4>(hingeBodies(bodies), s.hinges.data(),
                                                                     first + begin, first + end, pass);
                        if (moved)
                        {
                            projected.store(true, std::memory_order_relaxed);
                        }
                    });
    }
    if (projected.load(std::memory_order_relaxed))
    {
        ++bodies.poseVersion;
    }
    bodies.velocities[0] = SolverVelocity{};
}

bool laneImpulse(const WideJointSolver& s, std::size_t solvedIndex, Vec2& impulse)
{
    if (solvedIndex >= s.laneOf.size() || s.laneOf[solvedIndex] < 0)
    {
        return false;
    }
    const auto at = static_cast<std::size_t>(s.laneOf[solvedIndex]);
    const auto lanes = static_cast<std::size_t>(s.width);
    const std::size_t group = at / lanes;
    const std::size_t lane = at % lanes;
    if (s.width == 8)
    {
        impulse = {s.hinges8[group].impulseX[lane], s.hinges8[group].impulseY[lane]};
    }
    else
    {
        impulse = {s.hinges[group].impulseX[lane], s.hinges[group].impulseY[lane]};
    }
    return true;
}

} // namespace oblique::detail
