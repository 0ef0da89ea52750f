// Soft step's plain hinges four at a time: colouring them, packing each colour into lanes, and the
// warm start and solve passes on them, operation for operation as joint_frame.hpp's
// solveSharedPoint and pushAtAnchors do them one at a time.

#include "wide_joint_solver.hpp"

#include "buffers.hpp"
#include "joint.hpp"
#include "parallel_for.hpp"
#include "step_context.hpp"
#include "wide_lanes.hpp"
#include "world_state.hpp"

#include <array>
#include <atomic>
#include <bit>

namespace oblique::detail
{

namespace
{

// A revolute joint that is only its shared point this step, solved outside the trees.
bool isPlainHinge(const JointRecord& j)
{
    const auto* hinge = std::get_if<RevoluteJoint>(&j.kind);
    return hinge != nullptr && !hinge->def.enableMotor && !hinge->def.enableLimit && !j.frame.inTree &&
           !j.frame.treeLoop;
}

// The colours a slot is in, for a body that impulses move; none for one they do not (slot 0,
// kinematic bodies), which any number of lanes may share.
std::uint32_t* colorsOf(std::vector<std::uint32_t>& colorsOfSlot, const SolverBodies& bodies,
                        std::int32_t slot)
{
    const SolverVelocity& v = bodies.velocities[static_cast<std::size_t>(slot)];
    const bool moves = slot != 0 && (v.invMass > 0.0f || v.invInertia > 0.0f);
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

void packLane(WideHinge& w, int lane, std::uint32_t record, const JointRecord& j, const SolverBodies& bodies)
{
    const JointFrame& f = j.frame;
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

// The lanes' anchors now: currentAnchorA and currentAnchorB.
struct WideAnchors
{
    Float4 rAx;
    Float4 rAy;
    Float4 rBx;
    Float4 rBy;
};

WideAnchors currentAnchors(const WideHinge& c, const WideDelta& da, const WideDelta& db)
{
    return {da.dqc * c.rAx - da.dqs * c.rAy, da.dqs * c.rAx + da.dqc * c.rAy, db.dqc * c.rBx - db.dqs * c.rBy,
            db.dqs * c.rBx + db.dqc * c.rBy};
}

// pushAtAnchors on four lanes.
void pushWide(WideVelocity& a, WideVelocity& b, const WideHinge& c, const WideAnchors& r, Float4 px,
              Float4 py)
{
    a.vx = a.vx - c.invMassA * px;
    a.vy = a.vy - c.invMassA * py;
    a.w = a.w - c.invInertiaA * (r.rAx * py - r.rAy * px);
    b.vx = b.vx + c.invMassB * px;
    b.vy = b.vy + c.invMassB * py;
    b.w = b.w + c.invInertiaB * (r.rBx * py - r.rBy * px);
}

void warmStartHinges(SolverBodies& bodies, const WideHinge& c)
{
    WideVelocity a = gather(bodies.velocities, c.indexA);
    WideVelocity b = gather(bodies.velocities, c.indexB);
    const WideAnchors r = currentAnchors(c, gather(bodies.deltas, c.indexA), gather(bodies.deltas, c.indexB));
    pushWide(a, b, c, r, c.impulseX, c.impulseY);
    scatter(bodies.velocities, c.indexA, a);
    scatter(bodies.velocities, c.indexB, b);
}

// advance() on four lanes.
void advanceWide(Float4& qc, Float4& qs, Float4 da)
{
    const Float4 c = qc - da * qs;
    const Float4 s = qs + da * qc;
    const Float4 inv = splat(1.0f) / sqrt4(c * c + s * s);
    qc = c * inv;
    qs = s * inv;
}

// moveBody() for the lanes in `moved`: the poses and the motion since the step began.
void moveBodies(SolverBodies& bodies, const std::int32_t (&index)[4], Mask4 moved, Float4 dcx, Float4 dcy,
                Float4 da)
{
    for (int lane = 0; lane < 4; ++lane)
    {
        if (moved[lane] == 0)
        {
            continue;
        }
        SolverPose& pose = bodies.poses[static_cast<std::size_t>(index[lane])];
        SolverDelta& delta = bodies.deltas[static_cast<std::size_t>(index[lane])];
        Float4 q{pose.q.c, delta.dq.c, 0.0f, 0.0f};
        Float4 qs{pose.q.s, delta.dq.s, 0.0f, 0.0f};
        advanceWide(q, qs, splat(da[lane]));
        pose.c += Vec2{dcx[lane], dcy[lane]};
        pose.a += da[lane];
        pose.q = {q[0], qs[0]};
        delta.dp += Vec2{dcx[lane], dcy[lane]};
        delta.dq = {q[1], qs[1]};
    }
}

// The relax pass's projection (projectSharedPoint) on four lanes: a shared point drifted apart by
// more than kJointProjectionSlop is moved back to it, both bodies by their inverse masses.
void projectWide(SolverBodies& bodies, const WideHinge& c, const WideAnchors& r, Float4 k11, Float4 k12,
                 Float4 k22, Float4 sx, Float4 sy, Mask4 drifted)
{
    const Float4 zero = splat(0.0f);
    const Float4 gap = sqrt4(sx * sx + sy * sy);
    const Float4 scale = (gap - splat(kJointProjectionSlop)) / gap;
    const Float4 bx = scale * sx;
    const Float4 by = scale * sy;
    Float4 det = k11 * k22 - k12 * k12;
    det = det != zero ? splat(1.0f) / det : det;
    // p = -solve(K, b); A is moved by -p, B by p.
    const Float4 px = -(det * (k22 * bx - k12 * by));
    const Float4 py = -(det * (k11 * by - k12 * bx));
    const Float4 ax = -px;
    const Float4 ay = -py;
    const Mask4 movesA = drifted & ((c.invMassA != zero) | (c.invInertiaA != zero));
    const Mask4 movesB = drifted & ((c.invMassB != zero) | (c.invInertiaB != zero));
    moveBodies(bodies, c.indexA, movesA, c.invMassA * ax, c.invMassA * ay,
               c.invInertiaA * (r.rAx * ay - r.rAy * ax));
    moveBodies(bodies, c.indexB, movesB, c.invMassB * px, c.invMassB * py,
               c.invInertiaB * (r.rBx * py - r.rBy * px));
}

// solveSharedPoint on four lanes; true when the projection moved a body.
bool solveHinges(SolverBodies& bodies, WideHinge& c, const StepContext& ctx)
{
    WideVelocity a = gather(bodies.velocities, c.indexA);
    WideVelocity b = gather(bodies.velocities, c.indexB);
    const WideDelta da = gather(bodies.deltas, c.indexA);
    const WideDelta db = gather(bodies.deltas, c.indexB);
    const WideAnchors r = currentAnchors(c, da, db);
    // pointMassInverse().
    const Float4 m = c.invMassA + c.invMassB;
    const Float4 k12 = -c.invInertiaA * r.rAx * r.rAy - c.invInertiaB * r.rBx * r.rBy;
    const Float4 k11 = m + c.invInertiaA * r.rAy * r.rAy + c.invInertiaB * r.rBy * r.rBy;
    const Float4 k22 = m + c.invInertiaA * r.rAx * r.rAx + c.invInertiaB * r.rBx * r.rBx;
    // currentSeparation().
    const Float4 sx = (c.deltaCenterX + (db.dpx - da.dpx)) + (r.rBx - r.rAx);
    const Float4 sy = (c.deltaCenterY + (db.dpy - da.dpy)) + (r.rBy - r.rAy);
    bool projected = false;
    if (ctx.projectJoints)
    {
        const Mask4 drifted = sx * sx + sy * sy > splat(kJointProjectionSlop * kJointProjectionSlop);
        if ((drifted[0] | drifted[1] | drifted[2] | drifted[3]) != 0)
        {
            projectWide(bodies, c, r, k11, k12, k22, sx, sy, drifted);
            projected = true;
        }
    }
    const Float4 speedX = (b.vx + -b.w * r.rBy) - (a.vx + -a.w * r.rAy);
    const Float4 speedY = (b.vy + b.w * r.rBx) - (a.vy + a.w * r.rAx);
    const PartTerms t = equalityTerms(1.0f, ctx);
    const Float4 bias = splat(t.bias);
    const Float4 zero = splat(0.0f);
    const Float4 biasX = ctx.useBias ? bias * sx : zero;
    const Float4 biasY = ctx.useBias ? bias * sy : zero;
    // solve() of the 2x2.
    const Float4 bx = speedX + biasX;
    const Float4 by = speedY + biasY;
    Float4 det = k11 * k22 - k12 * k12;
    det = det != zero ? splat(1.0f) / det : det;
    const Float4 xx = det * (k22 * bx - k12 * by);
    const Float4 xy = det * (k11 * by - k12 * bx);
    const Float4 massScale = splat(-t.massScale);
    const Float4 impulseScale = splat(t.impulseScale);
    const Float4 px = massScale * xx - impulseScale * c.impulseX;
    const Float4 py = massScale * xy - impulseScale * c.impulseY;
    c.impulseX = c.impulseX + px;
    c.impulseY = c.impulseY + py;
    pushWide(a, b, c, r, px, py);
    scatter(bodies.velocities, c.indexA, a);
    scatter(bodies.velocities, c.indexB, b);
    return projected;
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
        const std::int32_t color = isPlainHinge(j)
                                       ? takeColor(colorsOf(s.colorsOfSlot, bodies, j.frame.indexA),
                                                   colorsOf(s.colorsOfSlot, bodies, j.frame.indexB))
                                       : -1;
        s.colorOf[k] = color;
        if (color < 0)
        {
            joints.oneAtATime.push_back(i);
            continue;
        }
        ++count[static_cast<std::size_t>(color)];
    }
    return count;
}

// Lays the coloured hinges out colour after colour, in joint order within a colour, and packs
// each colour into groups of four.
void packHinges(Joints& joints, const SolverBodies& bodies,
                const std::array<std::int32_t, kJointColors>& count)
{
    WideJointSolver& s = joints.wide;
    std::array<std::int32_t, kJointColors + 1> start{};
    std::size_t groups = 0;
    for (std::size_t c = 0; c < kJointColors; ++c)
    {
        groups += static_cast<std::size_t>((count[c] + 3) / 4);
        start[c + 1] = start[c] + count[c];
    }
    refill(s.byColor, static_cast<std::size_t>(start[kJointColors]), std::int32_t{0});
    std::array<std::int32_t, kJointColors> next{};
    std::copy(start.begin(), start.end() - 1, next.begin());
    for (std::size_t k = 0; k < joints.solved.size(); ++k)
    {
        if (s.colorOf[k] >= 0)
        {
            s.byColor[static_cast<std::size_t>(next[static_cast<std::size_t>(s.colorOf[k])]++)] =
                static_cast<std::int32_t>(joints.solved[k]);
        }
    }
    refill(s.hinges, groups, WideHinge{});
    std::size_t group = 0;
    for (std::size_t c = 0; c < kJointColors; ++c)
    {
        s.colorGroups[c] = static_cast<std::int32_t>(group);
        for (std::int32_t n = start[c]; n < start[c + 1]; ++n)
        {
            const int lane = static_cast<int>((n - start[c]) % 4);
            const auto record = static_cast<std::uint32_t>(s.byColor[static_cast<std::size_t>(n)]);
            packLane(s.hinges[group], lane, record, joints.records[record], bodies);
            group += lane == 3 || n + 1 == start[c + 1] ? 1u : 0u;
        }
    }
    s.colorGroups[kJointColors] = static_cast<std::int32_t>(group);
}

} // namespace

void buildWideJoints(StepContext& ctx)
{
    WorldState& w = ctx.world;
    packHinges(w.joints, w.solverBodies, colorHinges(w.joints, w.solverBodies));
}

void warmStartWideJoints(StepContext& ctx)
{
    WideJointSolver& s = ctx.world.joints.wide;
    SolverBodies& bodies = ctx.world.solverBodies;
    for (std::size_t color = 0; color < kJointColors; ++color)
    {
        const std::int32_t first = s.colorGroups[color];
        parallelFor(ctx.world.def.tasks, s.colorGroups[color + 1] - first, kLaneGroupsPerTask,
                    [&](int begin, int end)
                    {
                        for (std::int32_t g = first + begin; g < first + end; ++g)
                        {
                            warmStartHinges(bodies, s.hinges[static_cast<std::size_t>(g)]);
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
    // Set by any worker that moved a body, so that what is kept from the poses is found again.
    std::atomic<bool> projected{false};
    for (std::size_t color = 0; color < kJointColors; ++color)
    {
        const std::int32_t first = s.colorGroups[color];
        parallelFor(ctx.world.def.tasks, s.colorGroups[color + 1] - first, kLaneGroupsPerTask,
                    [&](int begin, int end)
                    {
                        bool moved = false;
                        for (std::int32_t g = first + begin; g < first + end; ++g)
                        {
                            moved = solveHinges(bodies, s.hinges[static_cast<std::size_t>(g)], ctx) || moved;
                        }
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

void finishWideJoints(StepContext& ctx)
{
    Joints& joints = ctx.world.joints;
    for (const WideHinge& c : joints.wide.hinges)
    {
        for (int lane = 0; lane < 4; ++lane)
        {
            if (c.source[lane] >= 0)
            {
                std::get<RevoluteJoint>(joints.records[static_cast<std::size_t>(c.source[lane])].kind)
                    .linearImpulse = {c.impulseX[lane], c.impulseY[lane]};
            }
        }
    }
}

} // namespace oblique::detail
