// Contacts as constraints: each stage of the step, for every contact the solver works on.

#include "contact_solver.hpp"

#include "oblique/lane_width.hpp"
#include "step_context.hpp"
#include "world_state.hpp"

#include <algorithm>
#include <cmath>

namespace oblique::detail
{

namespace
{

// One pass of position correction on one contact. Each point's separation is measured afresh
// from the bodies' current poses; only the part beyond the slop is removed, and never more than
// kMaxLinearCorrection at once, so deep overlaps are worked out over several steps instead of
// exploding apart. Returns the smallest separation seen.
[[gnu::always_inline]] inline float solvePosition(std::vector<SolverPose>& poses,
                                                  const std::vector<SolverVelocity>& masses,
                                                  const ContactConstraint& cc, const ConstraintExtra& extra)
{
    SolverPose& a = poses[static_cast<std::size_t>(cc.indexA)];
    SolverPose& b = poses[static_cast<std::size_t>(cc.indexB)];
    const float mA = masses[static_cast<std::size_t>(cc.indexA)].invMass;
    const float iA = masses[static_cast<std::size_t>(cc.indexA)].invInertia;
    const float mB = masses[static_cast<std::size_t>(cc.indexB)].invMass;
    const float iB = masses[static_cast<std::size_t>(cc.indexB)].invInertia;
    const Vec2 n = cc.normal;
    float minSeparation = 0.0f;
    for (int j = 0; j < extra.pointCount; ++j)
    {
        const Vec2 pA = a.c + rotate(a.q, extra.localAnchorA[j]);
        const Vec2 pB = b.c + rotate(b.q, extra.localAnchorB[j]);
        const float separation = dot(pB - pA, n);
        minSeparation = std::min(minSeparation, separation);
        const float c =
            std::min(std::max(kBaumgarte * (separation + kLinearSlop), -kMaxLinearCorrection), 0.0f);
        if (c == 0.0f)
        {
            continue;
        }
        const Vec2 m = 0.5f * (pA + pB);
        const float rnA = cross(m - a.c, n);
        const float rnB = cross(m - b.c, n);
        const float k = mA + mB + iA * rnA * rnA + iB * rnB * rnB;
        const float impulse = k > 0.0f ? -c / k : 0.0f;

        a.c -= (mA * impulse) * n;
        const float daA = -iA * impulse * rnA;
        a.a += daA;
        a.q = advance(a.q, daA);
        b.c += (mB * impulse) * n;
        const float daB = iB * impulse * rnB;
        b.a += daB;
        b.q = advance(b.q, daB);
    }
    return minSeparation;
}

// What preparing a contact's points reads of its two bodies.
struct PairBodies
{
    const SolverVelocity& va;
    const SolverVelocity& vb;
    // The immovable slot 0 sits at the origin unrotated, so its anchors are world points.
    const SolverPose& pa;
    const SolverPose& pb;
    Vec2 centerA; // the bodies' centres of mass (static ones too)
    Vec2 centerB;
};

// The step's numbers every point reads, held apart from the step context so that writing a
// constraint cannot make the compiler read them again.
struct PointSettings
{
    float dt;
    float invDt;
    float warmStartScale;
    float restitutionThreshold;
};

// Manifold point j as the constraint's point `slot`; false when it is a speculative point that
// stays apart this step (left out of the constraint).
[[gnu::always_inline]] inline bool preparePoint(PointSettings settings, const PairBodies& bodies, Contact& c,
                                                int j, int slot, ContactConstraint& cc,
                                                ConstraintExtra& extra)
{
    const ManifoldPoint& mp = c.manifold.points[j];
    const SolverVelocity& va = bodies.va;
    const SolverVelocity& vb = bodies.vb;
    const SolverPose& pa = bodies.pa;
    const SolverPose& pb = bodies.pb;
    const Vec2 n = cc.normal;
    const Vec2 t{n.y, -n.x};
    VelocityPoint& cp = cc.points[slot];
    const Vec2 rA = mp.point - bodies.centerA;
    const Vec2 rB = mp.point - bodies.centerB;
    cp.rnA = cross(rA, n);
    cp.rnB = cross(rB, n);
    const float vRel = relativeAlong(va, vb, n, cp.rnA, cp.rnB);
    // A speculative point that would still be apart at the end of the step, at the speed the pair
    // has now, costs a full solve every iteration for nothing: leave it out. If other pushes close
    // the gap after all, it is a contact next step, as without speculation.
    if (mp.separation > 0.0f && mp.separation + settings.dt * vRel >= kLinearSlop)
    {
        c.normalImpulse[j] = 0.0f;
        c.tangentImpulse[j] = 0.0f;
        return false;
    }
    extra.manifoldIndex[slot] = j;
    cp.rtA = cross(rA, t);
    cp.rtB = cross(rB, t);
    extra.localAnchorA[slot] = invRotate(pa.q, mp.point - (0.5f * mp.separation) * n - pa.c);
    extra.localAnchorB[slot] = invRotate(pb.q, mp.point + (0.5f * mp.separation) * n - pb.c);
    cp.normalImpulse = settings.warmStartScale * c.normalImpulse[j];
    cp.tangentImpulse = settings.warmStartScale * c.tangentImpulse[j];
    const float mA = va.invMass;
    const float iA = va.invInertia;
    const float mB = vb.invMass;
    const float iB = vb.invInertia;
    const float kNormal = mA + mB + iA * cp.rnA * cp.rnA + iB * cp.rnB * cp.rnB;
    cp.normalMass = kNormal > 0.0f ? 1.0f / kNormal : 0.0f;
    const float kTangent = mA + mB + iA * cp.rtA * cp.rtA + iB * cp.rtB * cp.rtB;
    cp.tangentMass = kTangent > 0.0f ? 1.0f / kTangent : 0.0f;
    extra.bounce[slot] = 0.0f;
    // A speculative point may close its gap this step and no more.
    const float gap = std::max(mp.separation, 0.0f);
    cp.velocityBias = -gap * settings.invDt;
    // A bounce happens where the gap closes, part way through the step: the pair ends the step as
    // far apart as it travels back in the rest of the step, and leaves at the restitution times
    // its approach speed. Bouncing at the start of the step instead would gain height on every
    // bounce, and stopping at the surface would lose it.
    if (c.stepRestitution > 0.0f && vRel < -settings.restitutionThreshold && gap < -settings.dt * vRel)
    {
        const float leave = -c.stepRestitution * vRel;
        cp.velocityBias = leave - (1.0f + c.stepRestitution) * gap * settings.invDt;
        if (gap > 0.0f)
        {
            // The bias above places the pair; the leaving speed is restored after the positions
            // are integrated.
            extra.bounce[slot] = leave;
        }
    }
    return true;
}

// A constraint for the contact when it is active with a body in motion; returns whether a point
// of it bounces.
bool prepareContact(WorldState& w, const PointSettings& settings, std::int32_t ci)
{
    ContactSolver& solver = w.contactSolver;
    bool hasBounces = false;
    Contact& c = w.contacts[static_cast<std::size_t>(ci)];
    if (!isActive(c))
    {
        return false;
    }
    const std::int32_t ia = w.solverBodies.slotOf[c.a];
    const std::int32_t ib = w.solverBodies.slotOf[c.b];
    if (ia == 0 && ib == 0)
    {
        return false;
    }
    ContactConstraint& cc = solver.constraints.emplace_back();
    ConstraintExtra& extra = solver.extras.emplace_back();
    cc.indexA = ia;
    cc.indexB = ib;
    extra.contact = ci;
    cc.normal = c.manifold.normal;
    cc.friction = c.stepFriction;
    cc.tangentSpeed = c.stepTangentSpeed;
    const PairBodies bodies{w.solverBodies.velocities[static_cast<std::size_t>(ia)],
                            w.solverBodies.velocities[static_cast<std::size_t>(ib)],
                            w.solverBodies.poses[static_cast<std::size_t>(ia)],
                            w.solverBodies.poses[static_cast<std::size_t>(ib)],
                            w.states[c.a].center,
                            w.states[c.b].center};
    const int pointCount = c.manifold.pointCount;
    int kept = 0;
    for (int j = 0; j < pointCount; ++j)
    {
        if (preparePoint(settings, bodies, c, j, kept, cc, extra))
        {
            hasBounces = hasBounces || extra.bounce[kept] > 0.0f;
            ++kept;
        }
    }
    cc.velocityPoints = kept;
    if (kept == 0)
    {
        solver.constraints.pop_back();
        solver.extras.pop_back();
        return false;
    }
    extra.pointCount = cc.velocityPoints;
    if (extra.pointCount == 2)
    {
        const SolverVelocity& va = bodies.va;
        const SolverVelocity& vb = bodies.vb;
        const VelocityPoint& p1 = cc.points[0];
        const VelocityPoint& p2 = cc.points[1];
        cc.mass = twoPointMass(va.invMass, va.invInertia, vb.invMass, vb.invInertia, p1.rnA, p1.rnB, p2.rnA,
                               p2.rnB);
        if (!cc.mass.wellConditioned)
        {
            cc.velocityPoints = 1;
        }
    }
    return hasBounces;
}

} // namespace

// Constraints for every active contact with a body in motion, scheduled for the four-lane
// velocity iterations.
void prepareContacts(StepContext& ctx)
{
    WorldState& w = ctx.world;
    ContactSolver& solver = w.contactSolver;
    solver.constraints.clear();
    solver.extras.clear();
    const PointSettings settings{ctx.dt, ctx.invDt, ctx.warmStartScale, w.def.restitutionThreshold};
    bool hasBounces = false;
    w.solverContacts.forEach([&w, &settings, &hasBounces](std::int32_t ci)
                             { hasBounces = prepareContact(w, settings, ci) || hasBounces; });
    solver.hasBounces = hasBounces;
    solver.wide.build(solver.constraints, w.solverBodies.velocities, laneWidth());
}

// Applies last step's impulses so the iterations begin near the answer.
void warmStartContacts(StepContext& ctx)
{
    WorldState& w = ctx.world;
    const ContactSolver& solver = w.contactSolver;
    std::vector<SolverVelocity>& bodies = w.solverBodies.velocities;
    for (std::size_t k = 0; k < solver.constraints.size(); ++k)
    {
        const ContactConstraint& cc = solver.constraints[k];
        SolverVelocity& a = bodies[static_cast<std::size_t>(cc.indexA)];
        SolverVelocity& b = bodies[static_cast<std::size_t>(cc.indexB)];
        const Vec2 t{cc.normal.y, -cc.normal.x};
        for (int j = 0; j < solver.extras[k].pointCount; ++j)
        {
            const VelocityPoint& cp = cc.points[j];
            push(a, b, cc.normal, cp.rnA, cp.rnB, cp.normalImpulse);
            push(a, b, t, cp.rtA, cp.rtB, cp.tangentImpulse);
        }
    }
}

void solveContactVelocities(StepContext& ctx)
{
    WorldState& w = ctx.world;
    w.contactSolver.wide.iterate(w.solverBodies.velocities, w.contactSolver.constraints);
}

void finishContactVelocities(StepContext& ctx)
{
    ContactSolver& solver = ctx.world.contactSolver;
    solver.wide.unpack(solver.constraints);
}

float solveContactPositions(StepContext& ctx)
{
    WorldState& w = ctx.world;
    const ContactSolver& solver = w.contactSolver;
    float minSeparation = 0.0f;
    for (std::size_t k = 0; k < solver.constraints.size(); ++k)
    {
        minSeparation = std::min(minSeparation, solvePosition(w.solverBodies.poses, w.solverBodies.velocities,
                                                              solver.constraints[k], solver.extras[k]));
    }
    return minSeparation;
}

// Bounces that happened part way through the step leave at their full speed.
void restoreContactBounces(StepContext& ctx)
{
    WorldState& w = ctx.world;
    ContactSolver& solver = w.contactSolver;
    if (!solver.hasBounces)
    {
        return;
    }
    SolverBodies& bodies = w.solverBodies;
    for (std::size_t k = 0; k < solver.constraints.size(); ++k)
    {
        ContactConstraint& cc = solver.constraints[k];
        const auto a = static_cast<std::size_t>(cc.indexA);
        const auto b = static_cast<std::size_t>(cc.indexB);
        restoreBounce(cc, solver.extras[k], bodies.velocities[a], bodies.velocities[b], bodies.poses[a],
                      bodies.poses[b]);
    }
}

// Keeps each point's impulses on its contact for the next step's warm start.
void storeContactImpulses(StepContext& ctx)
{
    WorldState& w = ctx.world;
    const ContactSolver& solver = w.contactSolver;
    for (std::size_t k = 0; k < solver.constraints.size(); ++k)
    {
        const ContactConstraint& cc = solver.constraints[k];
        const ConstraintExtra& extra = solver.extras[k];
        Contact& c = w.contacts[static_cast<std::size_t>(extra.contact)];
        for (int p = 0; p < extra.pointCount; ++p)
        {
            const VelocityPoint& cp = cc.points[p];
            const int j = extra.manifoldIndex[p];
            // A non-finite impulse (from a body about to be stopped) must not be carried into the
            // next step by warm starting.
            c.normalImpulse[j] = std::isfinite(cp.normalImpulse) ? cp.normalImpulse : 0.0f;
            c.tangentImpulse[j] = std::isfinite(cp.tangentImpulse) ? cp.tangentImpulse : 0.0f;
        }
    }
}

ContactImpulseEvent impulseEventOf(const WorldState& w, const Contact& c, int pointCount)
{
    ContactImpulseEvent e;
    e.a = w.idOf(c.a);
    e.b = w.idOf(c.b);
    e.shapeA = w.shapeIdOf(c.shapeA);
    e.shapeB = w.shapeIdOf(c.shapeB);
    e.normal = c.manifold.normal;
    e.pointCount = pointCount;
    return e;
}

void reportContactImpulses(StepContext& ctx)
{
    WorldState& w = ctx.world;
    const ContactSolver& solver = w.contactSolver;
    for (std::size_t k = 0; k < solver.constraints.size(); ++k)
    {
        const ContactConstraint& cc = solver.constraints[k];
        const ConstraintExtra& extra = solver.extras[k];
        const Contact& c = w.contacts[static_cast<std::size_t>(extra.contact)];
        ContactImpulseEvent e = impulseEventOf(w, c, extra.pointCount);
        for (int p = 0; p < extra.pointCount; ++p)
        {
            e.points[p] = c.manifold.points[extra.manifoldIndex[p]].point;
            e.normalImpulses[p] = cc.points[p].normalImpulse;
            e.tangentImpulses[p] = cc.points[p].tangentImpulse;
        }
        w.impulseEvents.push_back(e);
    }
}

} // namespace oblique::detail
