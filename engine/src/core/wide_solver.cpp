// The velocity iterations: contacts one at a time, and four at a time where their order allows.

#include "buffers.hpp"
#include "contact_solver.hpp"
#include "wide_lanes.hpp"

#include <algorithm>

namespace oblique::detail
{

void solveContactVelocity(std::vector<SolverVelocity>& bodies, ContactConstraint& cc)
{
    SolverVelocity& a = bodies[static_cast<std::size_t>(cc.indexA)];
    SolverVelocity& b = bodies[static_cast<std::size_t>(cc.indexB)];
    const Vec2 n = cc.normal;
    const Vec2 t{n.y, -n.x};

    // Friction first: its bound depends on the normal impulse, and solving it before the normal
    // keeps non-penetration the last word of each pass.
    for (int j = 0; j < cc.velocityPoints; ++j)
    {
        solveFriction(a, b, t, cc.friction, cc.tangentSpeed, cc.points[j]);
    }

    if (cc.velocityPoints == 1)
    {
        VelocityPoint& cp = cc.points[0];
        const float vn = relativeAlong(a, b, n, cp.rnA, cp.rnB);
        const float newImpulse = std::max(cp.normalImpulse - cp.normalMass * (vn - cp.velocityBias), 0.0f);
        const float lambda = newImpulse - cp.normalImpulse;
        cp.normalImpulse = newImpulse;
        push(a, b, n, cp.rnA, cp.rnB, lambda);
        return;
    }

    // Two points solved together: what keeps boxes resting flat instead of rocking between their
    // two corners.
    VelocityPoint& cp1 = cc.points[0];
    VelocityPoint& cp2 = cc.points[1];
    const Vec2 old{cp1.normalImpulse, cp2.normalImpulse};
    const float vn1 = relativeAlong(a, b, n, cp1.rnA, cp1.rnB);
    const float vn2 = relativeAlong(a, b, n, cp2.rnA, cp2.rnB);
    const Vec2 rhs{vn1 - cp1.velocityBias - (cc.mass.k11 * old.x + cc.mass.k12 * old.y),
                   vn2 - cp2.velocityBias - (cc.mass.k12 * old.x + cc.mass.k22 * old.y)};
    Vec2 x;
    if (!solveTwoPoints(cc.mass, cp1.normalMass, cp2.normalMass, rhs, x))
    {
        return; // keep last iterate's impulses
    }
    const Vec2 d = x - old;
    const float total = d.x + d.y;
    a.v -= (a.invMass * total) * n;
    a.w -= a.invInertia * (d.x * cp1.rnA + d.y * cp2.rnA);
    b.v += (b.invMass * total) * n;
    b.w += b.invInertia * (d.x * cp1.rnB + d.y * cp2.rnB);
    cp1.normalImpulse = x.x;
    cp2.normalImpulse = x.y;
}

namespace
{

// Only bodies moved by impulses order the constraints; static and kinematic ones (inverse mass
// zero) do not, and lanes may share them, as nothing a lane does changes them.
bool movesUnderImpulse(const SolverVelocity& body)
{
    return body.invMass > 0.0f;
}

void packLane(WideConstraint& w, int lane, std::int32_t source, const ContactConstraint& cc,
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
    // What a lane does not set stays zero: every wide constraint starts as WideConstraint{}.
    for (int j = 0; j < cc.velocityPoints; ++j)
    {
        WidePoint& wp = w.points[j];
        const VelocityPoint& cp = cc.points[j];
        wp.rnA[lane] = cp.rnA;
        wp.rnB[lane] = cp.rnB;
        wp.rtA[lane] = cp.rtA;
        wp.rtB[lane] = cp.rtB;
        wp.normalMass[lane] = cp.normalMass;
        wp.tangentMass[lane] = cp.tangentMass;
        wp.velocityBias[lane] = cp.velocityBias;
        wp.normalImpulse[lane] = cp.normalImpulse;
        wp.tangentImpulse[lane] = cp.tangentImpulse;
    }
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
}

// solveContactVelocity on four lanes at once, operation for operation, so that each lane's result
// is bit for bit the scalar one: a one-point lane skips its second point and takes the one-point
// update, and a two-point lane where no active set fits is left as it was.
void solveWide(std::vector<SolverVelocity>& bodies, WideConstraint& c)
{
    WideVelocity a = gather(bodies, c.indexA);
    WideVelocity b = gather(bodies, c.indexB);
    const Float4 nx = c.normalX;
    const Float4 ny = c.normalY;
    const Float4 tx = ny;
    const Float4 ty = -nx;
    const Mask4 two = c.twoPoints;
    const Mask4 all = two | ~two;

    for (int j = 0; j < 2; ++j)
    {
        WidePoint& p = c.points[j];
        const Mask4 active = j == 0 ? all : two;
        const Float4 vt =
            (b.vx - a.vx) * tx + (b.vy - a.vy) * ty + b.w * p.rtB - a.w * p.rtA - c.tangentSpeed;
        const Float4 maxFriction = c.friction * p.normalImpulse;
        const Float4 newImpulse =
            min4(max4(p.tangentImpulse - p.tangentMass * vt, -maxFriction), maxFriction);
        const Float4 lambda = newImpulse - p.tangentImpulse;
        p.tangentImpulse = active ? newImpulse : p.tangentImpulse;
        const Float4 pA = c.invMassA * lambda;
        const Float4 pB = c.invMassB * lambda;
        a.vx = active ? a.vx - pA * tx : a.vx;
        a.vy = active ? a.vy - pA * ty : a.vy;
        a.w = active ? a.w - c.invInertiaA * lambda * p.rtA : a.w;
        b.vx = active ? b.vx + pB * tx : b.vx;
        b.vy = active ? b.vy + pB * ty : b.vy;
        b.w = active ? b.w + c.invInertiaB * lambda * p.rtB : b.w;
    }

    WidePoint& p1 = c.points[0];
    WidePoint& p2 = c.points[1];
    const Float4 old1 = p1.normalImpulse;
    const Float4 old2 = p2.normalImpulse;
    const Float4 zero = splat(0.0f);
    const Float4 vn1 = (b.vx - a.vx) * nx + (b.vy - a.vy) * ny + b.w * p1.rnB - a.w * p1.rnA;
    const Float4 vn2 = (b.vx - a.vx) * nx + (b.vy - a.vy) * ny + b.w * p2.rnB - a.w * p2.rnA;

    const Float4 single = max4(old1 - p1.normalMass * (vn1 - p1.velocityBias), zero);
    const Float4 rhs1 = vn1 - p1.velocityBias - (c.k11 * old1 + c.k12 * old2);
    const Float4 rhs2 = vn2 - p2.velocityBias - (c.k12 * old1 + c.k22 * old2);
    applyNormalImpulses(a, b, c, single, rhs1, rhs2);

    scatter(bodies, c.indexA, a);
    scatter(bodies, c.indexB, b);
}

} // namespace

void WideSolver::build(const std::vector<ContactConstraint>& constraints,
                       const std::vector<SolverVelocity>& bodies)
{
    // Level of each constraint: one past the highest level of the constraints before it that share
    // a body moved by impulses. Running the levels in turn then gives every constraint exactly the
    // velocities it sees when the constraints run one after another in their order.
    refill(bodyLevel, bodies.size(), std::int32_t{-1});
    refill(levelOf, constraints.size(), std::int32_t{0});
    levelCount.clear();
    for (std::size_t k = 0; k < constraints.size(); ++k)
    {
        const auto a = static_cast<std::size_t>(constraints[k].indexA);
        const auto b = static_cast<std::size_t>(constraints[k].indexB);
        const bool movesA = movesUnderImpulse(bodies[a]);
        const bool movesB = movesUnderImpulse(bodies[b]);
        const std::int32_t level =
            1 + std::max(movesA ? bodyLevel[a] : std::int32_t{-1}, movesB ? bodyLevel[b] : std::int32_t{-1});
        if (movesA)
        {
            bodyLevel[a] = level;
        }
        if (movesB)
        {
            bodyLevel[b] = level;
        }
        levelOf[k] = level;
        if (static_cast<std::size_t>(level) >= levelCount.size())
        {
            levelCount.push_back(0);
        }
        ++levelCount[static_cast<std::size_t>(level)];
    }

    // A level of one constraint is solved alone; the others four lanes at a time, in constraint
    // order within the level.
    batches.clear();
    std::int32_t groups = 0;
    for (std::size_t level = 0; level < levelCount.size(); ++level)
    {
        Batch batch;
        if (levelCount[level] > 1)
        {
            batch.wideBegin = groups;
            groups += (levelCount[level] + 3) / 4;
            batch.wideEnd = groups;
        }
        batches.push_back(batch);
    }
    refill(wide, static_cast<std::size_t>(groups), WideConstraint{});
    refill(levelFilled, levelCount.size(), std::int32_t{0});
    for (std::size_t k = 0; k < constraints.size(); ++k)
    {
        const auto level = static_cast<std::size_t>(levelOf[k]);
        Batch& batch = batches[level];
        if (levelCount[level] == 1)
        {
            batch.single = static_cast<std::int32_t>(k);
            continue;
        }
        const std::int32_t slot = levelFilled[level]++;
        WideConstraint& w =
            wide[static_cast<std::size_t>(batch.wideBegin) + static_cast<std::size_t>(slot / 4)];
        packLane(w, slot % 4, static_cast<std::int32_t>(k), constraints[k], bodies);
    }
}

void WideSolver::iterate(std::vector<SolverVelocity>& bodies, std::vector<ContactConstraint>& constraints)
{
    for (const Batch& batch : batches)
    {
        if (batch.single >= 0)
        {
            solveContactVelocity(bodies, constraints[static_cast<std::size_t>(batch.single)]);
            continue;
        }
        for (std::int32_t g = batch.wideBegin; g < batch.wideEnd; ++g)
        {
            solveWide(bodies, wide[static_cast<std::size_t>(g)]);
        }
    }
    // Slot 0 stands for every static body. Lanes on it push nothing, as its inverse masses are
    // zero, unless an impulse went non-finite: that must not reach every other static contact.
    bodies[0] = SolverVelocity{};
}

void WideSolver::unpack(std::vector<ContactConstraint>& constraints) const
{
    for (const WideConstraint& w : wide)
    {
        for (int lane = 0; lane < 4; ++lane)
        {
            if (w.source[lane] < 0)
            {
                continue;
            }
            ContactConstraint& cc = constraints[static_cast<std::size_t>(w.source[lane])];
            for (int j = 0; j < cc.velocityPoints; ++j)
            {
                cc.points[j].normalImpulse = w.points[j].normalImpulse[lane];
                cc.points[j].tangentImpulse = w.points[j].tangentImpulse[lane];
            }
        }
    }
}

} // namespace oblique::detail
