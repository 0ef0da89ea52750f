// Soft step's contact passes four at a time: packing a colour's contacts into lanes, and the
// warm start and solve passes on them, operation for operation as soft_contact_solver.cpp does
// them one at a time.

#include "wide_soft_solver.hpp"

#include "buffers.hpp"
#include "parallel_for.hpp"
#include "soft_contact_solver.hpp"
#include "wide_lanes.hpp"

namespace oblique::detail
{

namespace
{

// Bouncy contacts (relax may only ease a point) and two points solved one after the other are
// left to the scalar pass.
bool solvedAlone(const SoftContactConstraint& cc)
{
    return cc.relaxLetsGo || (cc.velocityPoints == 2 && !cc.mass.wellConditioned);
}

void packLane(WideSoftConstraint& w, int lane, std::int32_t source, const SoftContactConstraint& cc,
              const std::vector<SolverVelocity>& bodies)
{
    const SolverVelocity& a = bodies[static_cast<std::size_t>(cc.indexA)];
    const SolverVelocity& b = bodies[static_cast<std::size_t>(cc.indexB)];
    w.indexA[lane] = cc.indexA;
    w.indexB[lane] = cc.indexB;
    w.source[lane] = source;
    w.normalX[lane] = cc.normal.x;
    w.normalY[lane] = cc.normal.y;
    w.friction[lane] = cc.friction;
    w.tangentSpeed[lane] = cc.tangentSpeed;
    w.invMassA[lane] = a.invMass;
    w.invInertiaA[lane] = a.invInertia;
    w.invMassB[lane] = b.invMass;
    w.invInertiaB[lane] = b.invInertia;
    w.biasRate[lane] = cc.softness.biasRate;
    w.massScale[lane] = cc.softness.massScale;
    w.impulseScale[lane] = cc.softness.impulseScale;
    if (cc.velocityPoints == 2)
    {
        w.k11[lane] = cc.mass.k11;
        w.k12[lane] = cc.mass.k12;
        w.k22[lane] = cc.mass.k22;
        w.inv11[lane] = cc.mass.inv11;
        w.inv12[lane] = cc.mass.inv12;
        w.inv22[lane] = cc.mass.inv22;
        w.twoPoints[lane] = -1;
    }
    // What a lane does not set stays zero: every wide constraint starts as WideSoftConstraint{}.
    for (int j = 0; j < cc.velocityPoints; ++j)
    {
        WideSoftPoint& wp = w.points[j];
        const SoftPoint& p = cc.points[j];
        wp.rAx[lane] = p.rA.x;
        wp.rAy[lane] = p.rA.y;
        wp.rBx[lane] = p.rB.x;
        wp.rBy[lane] = p.rB.y;
        wp.baseSeparation[lane] = p.baseSeparation;
        wp.rnA[lane] = p.rnA;
        wp.rnB[lane] = p.rnB;
        wp.rtA[lane] = p.rtA;
        wp.rtB[lane] = p.rtB;
        wp.normalMass[lane] = p.normalMass;
        wp.tangentMass[lane] = p.tangentMass;
        wp.normalImpulse[lane] = p.normalImpulse;
        wp.tangentImpulse[lane] = p.tangentImpulse;
        wp.totalNormalImpulse[lane] = p.totalNormalImpulse;
        wp.totalTangentImpulse[lane] = p.totalTangentImpulse;
    }
}

// push() on four lanes.
void pushWide(WideVelocity& a, WideVelocity& b, const WideSoftConstraint& c, Float4 dx, Float4 dy, Float4 rdA,
              Float4 rdB, Float4 lambda)
{
    const Float4 pA = c.invMassA * lambda;
    const Float4 pB = c.invMassB * lambda;
    a.vx = a.vx - pA * dx;
    a.vy = a.vy - pA * dy;
    a.w = a.w - c.invInertiaA * lambda * rdA;
    b.vx = b.vx + pB * dx;
    b.vy = b.vy + pB * dy;
    b.w = b.w + c.invInertiaB * lambda * rdB;
}

// relativeAlong() on four lanes.
Float4 relativeWide(const WideVelocity& a, const WideVelocity& b, Float4 dx, Float4 dy, Float4 rdA,
                    Float4 rdB)
{
    return ((b.vx - a.vx) * dx + (b.vy - a.vy) * dy) + b.w * rdB - a.w * rdA;
}

void warmStartWide(std::vector<SolverVelocity>& bodies, const WideSoftConstraint& c)
{
    WideVelocity a = gather(bodies, c.indexA);
    WideVelocity b = gather(bodies, c.indexB);
    const Float4 tx = c.normalY;
    const Float4 ty = -c.normalX;
    for (const WideSoftPoint& p : c.points)
    {
        pushWide(a, b, c, c.normalX, c.normalY, p.rnA, p.rnB, p.normalImpulse);
        pushWide(a, b, c, tx, ty, p.rtA, p.rtB, p.tangentImpulse);
    }
    scatter(bodies, c.indexA, a);
    scatter(bodies, c.indexB, b);
}

// solveSoftContact on four lanes (no lane bounces: those are solved one at a time).
void solveWide(std::vector<SolverVelocity>& bodies, const std::vector<SolverDelta>& deltas,
               WideSoftConstraint& c, float invH, float pushMaxSpeed, bool useBias)
{
    WideVelocity a = gather(bodies, c.indexA);
    WideVelocity b = gather(bodies, c.indexB);
    const WideDelta da = gather(deltas, c.indexA);
    const WideDelta db = gather(deltas, c.indexB);
    const Float4 nx = c.normalX;
    const Float4 ny = c.normalY;
    const Float4 zero = splat(0.0f);
    const Float4 one = splat(1.0f);
    const Float4 invH4 = splat(invH);
    const Float4 pushLimit = splat(-pushMaxSpeed);
    // pointTerms() for each point.
    Float4 bias[2];
    Float4 massScale[2];
    Float4 impulseScale[2];
    for (int j = 0; j < 2; ++j)
    {
        const WideSoftPoint& p = c.points[j];
        // currentSeparation(): (dpB - dpA) + (rotate(dqB, rB) - rotate(dqA, rA)), along n.
        const Float4 dx =
            (db.dpx - da.dpx) + ((db.dqc * p.rBx - db.dqs * p.rBy) - (da.dqc * p.rAx - da.dqs * p.rAy));
        const Float4 dy =
            (db.dpy - da.dpy) + ((db.dqs * p.rBx + db.dqc * p.rBy) - (da.dqs * p.rAx + da.dqc * p.rAy));
        const Float4 s = p.baseSeparation + (dx * nx + dy * ny);
        const Mask4 apart = s > zero;
        const Float4 soft = useBias ? max4(c.biasRate * s, pushLimit) : zero;
        bias[j] = apart ? s * invH4 : soft;
        massScale[j] = apart ? one : (useBias ? c.massScale : one);
        impulseScale[j] = apart ? zero : (useBias ? c.impulseScale : zero);
    }
    WideSoftPoint& p1 = c.points[0];
    WideSoftPoint& p2 = c.points[1];
    const Float4 old1 = p1.normalImpulse;
    const Float4 old2 = p2.normalImpulse;
    const Float4 vn1 = relativeWide(a, b, nx, ny, p1.rnA, p1.rnB);
    const Float4 vn2 = relativeWide(a, b, nx, ny, p2.rnA, p2.rnB);

    // One point (solveSoftContact's loop), or two together (solvePair()).
    const Float4 single =
        max4(old1 + (-p1.normalMass * massScale[0] * (vn1 + bias[0]) - impulseScale[0] * old1), zero);
    const Float4 rhs1 =
        massScale[0] * (vn1 + bias[0]) - ((one - impulseScale[0]) * c.k11 * old1 + c.k12 * old2);
    const Float4 rhs2 =
        massScale[1] * (vn2 + bias[1]) - (c.k12 * old1 + (one - impulseScale[1]) * c.k22 * old2);
    applyNormalImpulses(a, b, c, single, rhs1, rhs2);
    if (useBias)
    {
        scatter(bodies, c.indexA, a);
        scatter(bodies, c.indexB, b);
        return;
    }
    p1.totalNormalImpulse += p1.normalImpulse;
    p2.totalNormalImpulse += p2.normalImpulse;

    const Float4 tx = ny;
    const Float4 ty = -nx;
    for (WideSoftPoint& p : c.points)
    {
        const Float4 vt = relativeWide(a, b, tx, ty, p.rtA, p.rtB) - c.tangentSpeed;
        const Float4 maxFriction = c.friction * p.normalImpulse;
        const Float4 newImpulse =
            min4(max4(p.tangentImpulse - p.tangentMass * vt, -maxFriction), maxFriction);
        const Float4 lambda = newImpulse - p.tangentImpulse;
        p.tangentImpulse = newImpulse;
        pushWide(a, b, c, tx, ty, p.rtA, p.rtB, lambda);
        p.totalTangentImpulse += newImpulse;
    }
    scatter(bodies, c.indexA, a);
    scatter(bodies, c.indexB, b);
}

} // namespace

void WideSoftSolver::build(const std::vector<SoftContactConstraint>& constraints,
                           const std::vector<std::int32_t>& groupStart,
                           const std::vector<SolverVelocity>& bodies)
{
    singles.clear();
    batches.clear();
    const std::size_t groups = groupStart.size() - 1;
    // Lanes are counted first so that the wide constraints are filled in place.
    std::size_t wideCount = 0;
    for (std::size_t g = 1; g < groups; ++g)
    {
        std::int32_t lanes = 0;
        for (std::int32_t k = groupStart[g]; k < groupStart[g + 1]; ++k)
        {
            lanes += solvedAlone(constraints[static_cast<std::size_t>(k)]) ? 0 : 1;
        }
        wideCount += static_cast<std::size_t>((lanes + 3) / 4);
    }
    refill(wide, wideCount, WideSoftConstraint{});
    std::int32_t nextWide = 0;
    for (std::size_t g = 0; g < groups; ++g)
    {
        SoftBatch batch;
        batch.singleBegin = static_cast<std::int32_t>(singles.size());
        batch.wideBegin = nextWide;
        int lane = 4;
        for (std::int32_t k = groupStart[g]; k < groupStart[g + 1]; ++k)
        {
            const SoftContactConstraint& cc = constraints[static_cast<std::size_t>(k)];
            // The overflow's constraints share bodies, so they keep their order, one at a time.
            if (g == 0 || solvedAlone(cc))
            {
                singles.push_back(k);
                continue;
            }
            if (lane == 4)
            {
                ++nextWide;
                lane = 0;
            }
            packLane(wide[static_cast<std::size_t>(nextWide - 1)], lane++, k, cc, bodies);
        }
        batch.singleEnd = static_cast<std::int32_t>(singles.size());
        batch.wideEnd = nextWide;
        batches.push_back(batch);
    }
}

void WideSoftSolver::warmStart(std::vector<SolverVelocity>& bodies,
                               const std::vector<SoftContactConstraint>& constraints,
                               const TaskSystem& tasks) const
{
    for (const SoftBatch& batch : batches)
    {
        for (std::int32_t i = batch.singleBegin; i < batch.singleEnd; ++i)
        {
            warmStartSoftContact(bodies,
                                 constraints[static_cast<std::size_t>(singles[static_cast<std::size_t>(i)])]);
        }
        parallelFor(tasks, batch.wideEnd - batch.wideBegin, kLaneGroupsPerTask,
                    [&](int begin, int end)
                    {
                        for (std::int32_t g = batch.wideBegin + begin; g < batch.wideBegin + end; ++g)
                        {
                            warmStartWide(bodies, wide[static_cast<std::size_t>(g)]);
                        }
                    });
    }
    bodies[0] = SolverVelocity{};
}

void WideSoftSolver::solve(std::vector<SolverVelocity>& bodies, const std::vector<SolverDelta>& deltas,
                           std::vector<SoftContactConstraint>& constraints, float invH, float pushMaxSpeed,
                           bool useBias, const TaskSystem& tasks)
{
    for (const SoftBatch& batch : batches)
    {
        for (std::int32_t i = batch.singleBegin; i < batch.singleEnd; ++i)
        {
            solveSoftContact(bodies, deltas,
                             constraints[static_cast<std::size_t>(singles[static_cast<std::size_t>(i)])],
                             invH, pushMaxSpeed, useBias);
        }
        parallelFor(tasks, batch.wideEnd - batch.wideBegin, kLaneGroupsPerTask,
                    [&](int begin, int end)
                    {
                        for (std::int32_t g = batch.wideBegin + begin; g < batch.wideBegin + end; ++g)
                        {
                            solveWide(bodies, deltas, wide[static_cast<std::size_t>(g)], invH, pushMaxSpeed,
                                      useBias);
                        }
                    });
    }
    // Slot 0 stands for every static body. Lanes on it push nothing, as its inverse masses are
    // zero, unless an impulse went non-finite: that must not reach every other static contact.
    bodies[0] = SolverVelocity{};
}

void WideSoftSolver::unpack(std::vector<SoftContactConstraint>& constraints) const
{
    for (const WideSoftConstraint& w : wide)
    {
        for (int lane = 0; lane < 4; ++lane)
        {
            if (w.source[lane] < 0)
            {
                continue;
            }
            SoftContactConstraint& cc = constraints[static_cast<std::size_t>(w.source[lane])];
            for (int j = 0; j < cc.velocityPoints; ++j)
            {
                SoftPoint& p = cc.points[j];
                p.normalImpulse = w.points[j].normalImpulse[lane];
                p.tangentImpulse = w.points[j].tangentImpulse[lane];
                p.totalNormalImpulse = w.points[j].totalNormalImpulse[lane];
                p.totalTangentImpulse = w.points[j].totalTangentImpulse[lane];
            }
        }
    }
}

} // namespace oblique::detail
