// The step's solver: islands and waking, velocity integration, sequential impulses with
// accumulated clamping and warm starting, position correction, and sleeping.

#include "world_impl.hpp"

#include <algorithm>
#include <cmath>

namespace oblique
{

using namespace detail;

namespace
{

// A contact the solver works on: a real one (not a sensor) with touching or speculative points.
bool isActive(const Contact& c)
{
    return (c.flags & (kContactAlive | kContactSensor)) == kContactAlive && c.manifold.pointCount > 0;
}

std::int32_t findRoot(std::vector<std::int32_t>& parent, std::int32_t i)
{
    while (parent[static_cast<std::size_t>(i)] != i)
    {
        // Path halving: every other node on the way points to its grandparent.
        const std::int32_t grand = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(i)])];
        parent[static_cast<std::size_t>(i)] = grand;
        i = grand;
    }
    return i;
}

// The lower index becomes the root, so the outcome never depends on the order of unions.
void unite(std::vector<std::int32_t>& parent, std::int32_t a, std::int32_t b)
{
    const std::int32_t ra = findRoot(parent, a);
    const std::int32_t rb = findRoot(parent, b);
    if (ra < rb)
    {
        parent[static_cast<std::size_t>(rb)] = ra;
    }
    else if (rb < ra)
    {
        parent[static_cast<std::size_t>(ra)] = rb;
    }
}

// A rotation advanced by a small angle without trigonometry (then renormalised).
Rot advance(Rot q, float da)
{
    const float c = q.c - da * q.s;
    const float s = q.s + da * q.c;
    const float inv = 1.0f / std::sqrt(c * c + s * s);
    return {c * inv, s * inv};
}

// One pass of position correction on one contact. Each point's separation is measured afresh
// from the bodies' current poses; only the part beyond the slop is removed, and never more than
// kMaxLinearCorrection at once, so deep overlaps are worked out over several steps instead of
// exploding apart. Returns the smallest separation seen.
float solvePosition(std::vector<SolverPose>& poses, const std::vector<SolverVelocity>& masses,
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

// After positions are integrated, the points of one contact that bounced part way through the
// step are given their leaving speed. Impulses are only added, at the points where the surfaces
// are now and through one point for both bodies, so the pair's angular momentum is kept; the two
// points of a contact are solved together, so a box that lands flat leaves flat. A point that
// does not bounce is only kept from losing speed to the other's push.
void restoreBounce(ContactConstraint& cc, const ConstraintExtra& extra, SolverVelocity& a, SolverVelocity& b,
                   const SolverPose& pa, const SolverPose& pb)
{
    const int count = cc.velocityPoints;
    bool bounces[2] = {false, false};
    for (int j = 0; j < count; ++j)
    {
        // Only where the contact pushed: a pair something else turned aside never landed.
        bounces[j] = extra.bounce[j] > 0.0f && cc.points[j].normalImpulse > 0.0f;
    }
    if (!bounces[0] && !bounces[1])
    {
        return;
    }
    const Vec2 n = cc.normal;
    float rnA[2] = {0.0f, 0.0f};
    float rnB[2] = {0.0f, 0.0f};
    float rhs[2] = {0.0f, 0.0f}; // normal speed short of the target (negative: too slow)
    for (int j = 0; j < count; ++j)
    {
        const Vec2 m =
            0.5f * (pa.c + rotate(pa.q, extra.localAnchorA[j]) + pb.c + rotate(pb.q, extra.localAnchorB[j]));
        rnA[j] = cross(m - pa.c, n);
        rnB[j] = cross(m - pb.c, n);
        if (bounces[j])
        {
            rhs[j] = relativeAlong(a, b, n, rnA[j], rnB[j]) - extra.bounce[j];
        }
    }
    const TwoPointMass k =
        twoPointMass(a.invMass, a.invInertia, b.invMass, b.invInertia, rnA[0], rnB[0], rnA[1], rnB[1]);
    if (k.k11 <= 0.0f)
    {
        return;
    }
    // Increments d >= 0 with rhs + K d >= 0: the velocity iterations' two-point problem, from zero.
    Vec2 d{std::max(-rhs[0] / k.k11, 0.0f), 0.0f};
    if (count == 2 &&
        !(k.wellConditioned && solveTwoPoints(k, 1.0f / k.k11, 1.0f / k.k22, {rhs[0], rhs[1]}, d)))
    {
        // Nearly coincident points, or no active set fits: one after the other.
        d.y = k.k22 > 0.0f ? std::max(-(rhs[1] + k.k12 * d.x) / k.k22, 0.0f) : 0.0f;
    }
    const float total = d.x + d.y;
    a.v -= (a.invMass * total) * n;
    a.w -= a.invInertia * (d.x * rnA[0] + d.y * rnA[1]);
    b.v += (b.invMass * total) * n;
    b.w += b.invInertia * (d.x * rnB[0] + d.y * rnB[1]);
    cc.points[0].normalImpulse += d.x;
    if (count == 2)
    {
        cc.points[1].normalImpulse += d.y;
    }
}

} // namespace

void WorldState::solve(float dt, int velocityIterations, int positionIterations)
{
    const auto bodySlots = static_cast<std::int32_t>(records.size());

    // Islands: bodies joined by contacts the solver works on. Static bodies do not join islands,
    // so a ground shared by many piles keeps each pile its own island.
    islandParent.resize(records.size());
    for (std::int32_t i = 0; i < bodySlots; ++i)
    {
        islandParent[static_cast<std::size_t>(i)] = i;
    }
    for (const Contact& c : contacts)
    {
        if (!isActive(c))
        {
            continue;
        }
        if (records[c.a].type == BodyType::Static || records[c.b].type == BodyType::Static)
        {
            continue;
        }
        unite(islandParent, static_cast<std::int32_t>(c.a), static_cast<std::int32_t>(c.b));
    }
    islandAwake.assign(records.size(), 0);
    for (std::int32_t i = 0; i < bodySlots; ++i)
    {
        const BodyRecord& r = records[static_cast<std::size_t>(i)];
        if (r.alive && r.awake)
        {
            islandAwake[static_cast<std::size_t>(findRoot(islandParent, i))] = 1;
        }
    }

    // Wake whatever shares an island with an awake body, gather the bodies to simulate, and
    // integrate their velocities.
    solverVelocities.resize(1);
    solverPoses.resize(1);
    solverToBody.clear();
    const Vec2 gravity = def.gravity;
    for (std::int32_t i = 0; i < bodySlots; ++i)
    {
        BodyRecord& r = records[static_cast<std::size_t>(i)];
        r.solverIndex = 0;
        if (!r.alive || r.type == BodyType::Static)
        {
            continue;
        }
        if (!r.awake)
        {
            if (islandAwake[static_cast<std::size_t>(findRoot(islandParent, i))] == 0)
            {
                continue;
            }
            r.awake = true; // sleep timer kept, as the island decides together
        }
        const BodyState& s = states[static_cast<std::size_t>(i)];
        SolverVelocity sv{s.v, s.w, 0.0f, 0.0f};
        if (r.type == BodyType::Dynamic)
        {
            sv.invMass = r.invMass;
            sv.invInertia = r.invInertia;
            sv.v += dt * (r.gravityScale * gravity + r.invMass * r.force);
            sv.w += dt * r.invInertia * r.torque;
            // Implicit damping: stable for any damping and step.
            sv.v *= 1.0f / (1.0f + dt * r.linearDamping);
            sv.w *= 1.0f / (1.0f + dt * r.angularDamping);
        }
        r.solverIndex = static_cast<std::int32_t>(solverVelocities.size());
        solverVelocities.push_back(sv);
        solverPoses.push_back({s.position, s.angle, s.q});
        solverToBody.push_back(static_cast<std::uint32_t>(i));
    }

    // Constraints for every active contact with a body in motion.
    constraints.clear();
    constraintExtras.clear();
    const float dtRatio = previousDt > 0.0f ? dt / previousDt : 0.0f;
    const float warm = def.warmStarting ? dtRatio : 0.0f;
    const float invDt = 1.0f / dt;
    bool hasBounces = false;
    const auto contactEnd = static_cast<std::int32_t>(contacts.size());
    for (std::int32_t ci = 0; ci < contactEnd; ++ci)
    {
        Contact& c = contacts[static_cast<std::size_t>(ci)];
        if (!isActive(c))
        {
            continue;
        }
        const std::int32_t ia = records[c.a].solverIndex;
        const std::int32_t ib = records[c.b].solverIndex;
        if (ia == 0 && ib == 0)
        {
            continue;
        }
        ContactConstraint& cc = constraints.emplace_back();
        ConstraintExtra& extra = constraintExtras.emplace_back();
        cc.indexA = ia;
        cc.indexB = ib;
        extra.contact = ci;
        cc.normal = c.manifold.normal;
        cc.friction = c.friction;
        const SolverVelocity& va = solverVelocities[static_cast<std::size_t>(ia)];
        const SolverVelocity& vb = solverVelocities[static_cast<std::size_t>(ib)];
        const float mA = va.invMass;
        const float iA = va.invInertia;
        const float mB = vb.invMass;
        const float iB = vb.invInertia;
        // The immovable slot 0 sits at the origin unrotated, so its anchors are world points.
        const SolverPose& pa = solverPoses[static_cast<std::size_t>(ia)];
        const SolverPose& pb = solverPoses[static_cast<std::size_t>(ib)];
        const Vec2 n = cc.normal;
        const Vec2 t{n.y, -n.x};
        int kept = 0;
        for (int j = 0; j < c.manifold.pointCount; ++j)
        {
            const ManifoldPoint& mp = c.manifold.points[j];
            VelocityPoint& cp = cc.points[kept];
            const Vec2 rA = mp.point - states[c.a].position;
            const Vec2 rB = mp.point - states[c.b].position;
            cp.rnA = cross(rA, n);
            cp.rnB = cross(rB, n);
            const float vRel = relativeAlong(va, vb, n, cp.rnA, cp.rnB);
            // A speculative point that would still be apart at the end of the step, at the speed
            // the pair has now, costs a full solve every iteration for nothing: leave it out. If
            // other pushes close the gap after all, it is a contact next step, as without
            // speculation.
            if (mp.separation > 0.0f && mp.separation + dt * vRel >= kLinearSlop)
            {
                c.normalImpulse[j] = 0.0f;
                c.tangentImpulse[j] = 0.0f;
                continue;
            }
            extra.manifoldIndex[kept] = j;
            ++kept;
            cp.rtA = cross(rA, t);
            cp.rtB = cross(rB, t);
            const int slot = kept - 1;
            extra.localAnchorA[slot] = invRotate(pa.q, mp.point - (0.5f * mp.separation) * n - pa.c);
            extra.localAnchorB[slot] = invRotate(pb.q, mp.point + (0.5f * mp.separation) * n - pb.c);
            cp.normalImpulse = warm * c.normalImpulse[j];
            cp.tangentImpulse = warm * c.tangentImpulse[j];
            const float kNormal = mA + mB + iA * cp.rnA * cp.rnA + iB * cp.rnB * cp.rnB;
            cp.normalMass = kNormal > 0.0f ? 1.0f / kNormal : 0.0f;
            const float kTangent = mA + mB + iA * cp.rtA * cp.rtA + iB * cp.rtB * cp.rtB;
            cp.tangentMass = kTangent > 0.0f ? 1.0f / kTangent : 0.0f;
            extra.bounce[slot] = 0.0f;
            // A speculative point may close its gap this step and no more.
            const float gap = std::max(mp.separation, 0.0f);
            cp.velocityBias = -gap * invDt;
            // A bounce happens where the gap closes, part way through the step: the pair ends the
            // step as far apart as it travels back in the rest of the step, and leaves at the
            // restitution times its approach speed. Bouncing at the start of the step instead
            // would gain height on every bounce, and stopping at the surface would lose it.
            if (c.restitution > 0.0f && vRel < -def.restitutionThreshold && gap < -dt * vRel)
            {
                const float leave = -c.restitution * vRel;
                cp.velocityBias = leave - (1.0f + c.restitution) * gap * invDt;
                if (gap > 0.0f)
                {
                    // The bias above places the pair; the leaving speed is restored after the
                    // positions are integrated.
                    extra.bounce[slot] = leave;
                    hasBounces = true;
                }
            }
        }
        if (kept == 0)
        {
            constraints.pop_back();
            constraintExtras.pop_back();
            continue;
        }
        extra.pointCount = kept;
        cc.velocityPoints = kept;
        if (extra.pointCount == 2)
        {
            const VelocityPoint& p1 = cc.points[0];
            const VelocityPoint& p2 = cc.points[1];
            cc.mass = twoPointMass(mA, iA, mB, iB, p1.rnA, p1.rnB, p2.rnA, p2.rnB);
            if (!cc.mass.wellConditioned)
            {
                cc.velocityPoints = 1;
            }
        }
    }

    // Warm start: apply last step's impulses so the iterations begin near the answer.
    for (std::size_t k = 0; k < constraints.size(); ++k)
    {
        const ContactConstraint& cc = constraints[k];
        SolverVelocity& a = solverVelocities[static_cast<std::size_t>(cc.indexA)];
        SolverVelocity& b = solverVelocities[static_cast<std::size_t>(cc.indexB)];
        const Vec2 t{cc.normal.y, -cc.normal.x};
        for (int j = 0; j < constraintExtras[k].pointCount; ++j)
        {
            const VelocityPoint& cp = cc.points[j];
            push(a, b, cc.normal, cp.rnA, cp.rnB, cp.normalImpulse);
            push(a, b, t, cp.rtA, cp.rtB, cp.tangentImpulse);
        }
    }

    if (velocityIterations > 0)
    {
        wideSolver.build(constraints, solverVelocities);
        for (int it = 0; it < velocityIterations; ++it)
        {
            wideSolver.iterate(solverVelocities, constraints);
        }
        wideSolver.unpack(constraints);
    }

    // Integrate positions, capping the motion per step so nothing tunnels wildly on a bad frame.
    const std::size_t bodyEnd = solverVelocities.size();
    for (std::size_t i = 1; i < bodyEnd; ++i)
    {
        SolverVelocity& v = solverVelocities[i];
        SolverPose& p = solverPoses[i];
        const Vec2 translation = dt * v.v;
        if (lengthSquared(translation) > kMaxTranslation * kMaxTranslation)
        {
            v.v *= kMaxTranslation / length(translation);
        }
        const float rotation = dt * v.w;
        if (rotation * rotation > kMaxRotation * kMaxRotation)
        {
            v.w *= kMaxRotation / std::fabs(rotation);
        }
        p.c += dt * v.v;
        p.a += dt * v.w;
        p.q = advance(p.q, dt * v.w);
    }

    bool positionSolved = positionIterations == 0 && constraints.empty();
    for (int it = 0; it < positionIterations; ++it)
    {
        float minSeparation = 0.0f;
        for (std::size_t k = 0; k < constraints.size(); ++k)
        {
            minSeparation = std::min(minSeparation, solvePosition(solverPoses, solverVelocities,
                                                                  constraints[k], constraintExtras[k]));
        }
        // Stop early once every contact is within a few slops: further passes would only jitter.
        if (minSeparation >= -3.0f * kLinearSlop)
        {
            positionSolved = true;
            break;
        }
    }

    // Bounces that happened part way through the step leave at their full speed.
    if (hasBounces)
    {
        for (std::size_t k = 0; k < constraints.size(); ++k)
        {
            ContactConstraint& cc = constraints[k];
            restoreBounce(cc, constraintExtras[k], solverVelocities[static_cast<std::size_t>(cc.indexA)],
                          solverVelocities[static_cast<std::size_t>(cc.indexB)],
                          solverPoses[static_cast<std::size_t>(cc.indexA)],
                          solverPoses[static_cast<std::size_t>(cc.indexB)]);
        }
    }

    for (std::size_t k = 0; k < constraints.size(); ++k)
    {
        const ContactConstraint& cc = constraints[k];
        const ConstraintExtra& extra = constraintExtras[k];
        Contact& c = contacts[static_cast<std::size_t>(extra.contact)];
        for (int k2 = 0; k2 < extra.pointCount; ++k2)
        {
            const VelocityPoint& cp = cc.points[k2];
            const int j = extra.manifoldIndex[k2];
            // A non-finite impulse (from a body about to be stopped below) must not be carried
            // into the next step by warm starting.
            c.normalImpulse[j] = std::isfinite(cp.normalImpulse) ? cp.normalImpulse : 0.0f;
            c.tangentImpulse[j] = std::isfinite(cp.tangentImpulse) ? cp.tangentImpulse : 0.0f;
        }
        if (def.impulseEvents)
        {
            ContactImpulseEvent e;
            e.a = idOf(c.a);
            e.b = idOf(c.b);
            e.normal = cc.normal;
            e.pointCount = extra.pointCount;
            for (int k2 = 0; k2 < extra.pointCount; ++k2)
            {
                e.points[k2] = c.manifold.points[extra.manifoldIndex[k2]].point;
                e.normalImpulses[k2] = cc.points[k2].normalImpulse;
                e.tangentImpulses[k2] = cc.points[k2].tangentImpulse;
            }
            impulseEvents.push_back(e);
        }
    }

    for (std::size_t i = 1; i < bodyEnd; ++i)
    {
        const SolverVelocity& v = solverVelocities[i];
        const SolverPose& p = solverPoses[i];
        const std::uint32_t index = solverToBody[i - 1];
        BodyState& s = states[index];
        BodyRecord& r = records[index];
        r.force = {};
        r.torque = 0.0f;
        // Nothing non-finite ever enters the world: a body whose step would leave float range
        // (absurd forces, gravity, or a partner that did) keeps its last pose, stops, and is
        // reported instead of being lost silently.
        const bool inRange = isFinite(p.c) && std::isfinite(p.a) && isFinite(v.v) && std::isfinite(v.w) &&
                             std::fabs(p.c.x) <= kWorldLimit && std::fabs(p.c.y) <= kWorldLimit;
        if (!inRange)
        {
            s.v = {};
            s.w = 0.0f;
            outOfRange.push_back(idOf(index));
            continue;
        }
        s.position = p.c;
        s.angle = p.a;
        s.q = makeRot(p.a);
        s.v = v.v;
        s.w = v.w;
    }

    // Sleep: an island sleeps when all its bodies have been still for kTimeToSleep.
    islandSleep.assign(records.size(), kTimeToSleep * 2.0f);
    constexpr float linTolSq = kLinearSleepTolerance * kLinearSleepTolerance;
    constexpr float angTolSq = kAngularSleepTolerance * kAngularSleepTolerance;
    for (const std::uint32_t index : solverToBody)
    {
        BodyRecord& r = records[index];
        const BodyState& s = states[index];
        if (!def.allowSleep || !r.allowSleep || lengthSquared(s.v) > linTolSq || s.w * s.w > angTolSq)
        {
            r.sleepTime = 0.0f;
        }
        else
        {
            r.sleepTime += dt;
        }
        float& island =
            islandSleep[static_cast<std::size_t>(findRoot(islandParent, static_cast<std::int32_t>(index)))];
        island = std::min(island, r.sleepTime);
    }
    if (def.allowSleep && positionSolved)
    {
        for (const std::uint32_t index : solverToBody)
        {
            const std::int32_t root = findRoot(islandParent, static_cast<std::int32_t>(index));
            if (islandSleep[static_cast<std::size_t>(root)] >= kTimeToSleep)
            {
                BodyRecord& r = records[index];
                BodyState& s = states[index];
                r.awake = false;
                s.v = {};
                s.w = 0.0f;
            }
        }
    }
}

} // namespace oblique
