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

void applyImpulse(SolverBody& a, SolverBody& b, const ContactConstraint& cc, Vec2 rA, Vec2 rB, Vec2 p)
{
    a.v -= cc.invMassA * p;
    a.w -= cc.invIA * cross(rA, p);
    b.v += cc.invMassB * p;
    b.w += cc.invIB * cross(rB, p);
}

Vec2 relativeVelocity(const SolverBody& a, const SolverBody& b, Vec2 rA, Vec2 rB)
{
    return b.v + cross(b.w, rB) - a.v - cross(a.w, rA);
}

void solveVelocity(std::vector<SolverBody>& bodies, ContactConstraint& cc)
{
    SolverBody& a = bodies[static_cast<std::size_t>(cc.indexA)];
    SolverBody& b = bodies[static_cast<std::size_t>(cc.indexB)];
    const Vec2 n = cc.normal;
    const Vec2 t{n.y, -n.x};

    // Friction first: its bound depends on the normal impulse, and solving it before the normal
    // keeps non-penetration the last word of each pass.
    for (int j = 0; j < cc.velocityPoints; ++j)
    {
        ConstraintPoint& cp = cc.points[j];
        const float vt = dot(relativeVelocity(a, b, cp.rA, cp.rB), t);
        const float maxFriction = cc.friction * cp.normalImpulse;
        const float newImpulse =
            std::clamp(cp.tangentImpulse - cp.tangentMass * vt, -maxFriction, maxFriction);
        const float lambda = newImpulse - cp.tangentImpulse;
        cp.tangentImpulse = newImpulse;
        applyImpulse(a, b, cc, cp.rA, cp.rB, lambda * t);
    }

    if (cc.velocityPoints == 1)
    {
        ConstraintPoint& cp = cc.points[0];
        const float vn = dot(relativeVelocity(a, b, cp.rA, cp.rB), n);
        const float newImpulse = std::max(cp.normalImpulse - cp.normalMass * (vn - cp.velocityBias), 0.0f);
        const float lambda = newImpulse - cp.normalImpulse;
        cp.normalImpulse = newImpulse;
        applyImpulse(a, b, cc, cp.rA, cp.rB, lambda * n);
        return;
    }

    // Two points: solve the 2x2 linear complementarity problem exactly by trying each active set
    // in turn (both pushing, only the first, only the second, neither). Solving the pair jointly
    // is what keeps boxes resting flat instead of rocking between their two corners.
    ConstraintPoint& cp1 = cc.points[0];
    ConstraintPoint& cp2 = cc.points[1];
    const Vec2 old{cp1.normalImpulse, cp2.normalImpulse};
    const float vn1 = dot(relativeVelocity(a, b, cp1.rA, cp1.rB), n);
    const float vn2 = dot(relativeVelocity(a, b, cp2.rA, cp2.rB), n);
    const Vec2 rhs = Vec2{vn1 - cp1.velocityBias, vn2 - cp2.velocityBias} - mul(cc.k, old);

    Vec2 x = -mul(cc.normalMass, rhs);
    bool found = x.x >= 0.0f && x.y >= 0.0f;
    if (!found)
    {
        x = {-cp1.normalMass * rhs.x, 0.0f};
        found = x.x >= 0.0f && cc.k.cx.y * x.x + rhs.y >= 0.0f;
    }
    if (!found)
    {
        x = {0.0f, -cp2.normalMass * rhs.y};
        found = x.y >= 0.0f && cc.k.cy.x * x.y + rhs.x >= 0.0f;
    }
    if (!found)
    {
        x = {0.0f, 0.0f};
        found = rhs.x >= 0.0f && rhs.y >= 0.0f;
    }
    if (!found)
    {
        return; // no active set fits (degenerate numbers): keep last iterate's impulses
    }
    const Vec2 d = x - old;
    const Vec2 p1 = d.x * n;
    const Vec2 p2 = d.y * n;
    a.v -= cc.invMassA * (p1 + p2);
    a.w -= cc.invIA * (cross(cp1.rA, p1) + cross(cp2.rA, p2));
    b.v += cc.invMassB * (p1 + p2);
    b.w += cc.invIB * (cross(cp1.rB, p1) + cross(cp2.rB, p2));
    cp1.normalImpulse = x.x;
    cp2.normalImpulse = x.y;
}

// One pass of position correction on one contact. Each point's separation is measured afresh
// from the bodies' current poses; only the part beyond the slop is removed, and never more than
// kMaxLinearCorrection at once, so deep overlaps are worked out over several steps instead of
// exploding apart. Returns the smallest separation seen.
float solvePosition(std::vector<SolverBody>& bodies, const ContactConstraint& cc)
{
    SolverBody& a = bodies[static_cast<std::size_t>(cc.indexA)];
    SolverBody& b = bodies[static_cast<std::size_t>(cc.indexB)];
    const Vec2 n = cc.normal;
    float minSeparation = 0.0f;
    for (int j = 0; j < cc.pointCount; ++j)
    {
        const ConstraintPoint& cp = cc.points[j];
        const Vec2 pA = a.c + rotate(a.q, cp.localAnchorA);
        const Vec2 pB = b.c + rotate(b.q, cp.localAnchorB);
        const float separation = dot(pB - pA, n);
        minSeparation = std::min(minSeparation, separation);

        const Vec2 m = 0.5f * (pA + pB);
        const Vec2 rA = m - a.c;
        const Vec2 rB = m - b.c;
        const float c = std::clamp(kBaumgarte * (separation + kLinearSlop), -kMaxLinearCorrection, 0.0f);
        const float rnA = cross(rA, n);
        const float rnB = cross(rB, n);
        const float k = cc.invMassA + cc.invMassB + cc.invIA * rnA * rnA + cc.invIB * rnB * rnB;
        const float impulse = k > 0.0f ? -c / k : 0.0f;
        const Vec2 p = impulse * n;

        a.c -= cc.invMassA * p;
        const float daA = -cc.invIA * cross(rA, p);
        a.a += daA;
        a.q = advance(a.q, daA);
        b.c += cc.invMassB * p;
        const float daB = cc.invIB * cross(rB, p);
        b.a += daB;
        b.q = advance(b.q, daB);
    }
    return minSeparation;
}

} // namespace

void WorldState::solve(float dt, int velocityIterations, int positionIterations)
{
    const auto bodySlots = static_cast<std::int32_t>(records.size());

    // Islands: bodies joined by touching contacts. Static bodies do not join islands, so a
    // ground shared by many piles keeps each pile its own island.
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

    // Wake whatever shares an island with an awake body, and gather the bodies to simulate.
    solverBodies.resize(1);
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
        SolverBody sb;
        sb.v = s.v;
        sb.w = s.w;
        sb.c = s.position;
        sb.a = s.angle;
        sb.q = s.q;
        if (r.type == BodyType::Dynamic)
        {
            sb.invMass = r.invMass;
            sb.invInertia = r.invInertia;
            sb.v += dt * (r.gravityScale * gravity + r.invMass * r.force);
            sb.w += dt * r.invInertia * r.torque;
            // Implicit damping: stable for any damping and step.
            sb.v *= 1.0f / (1.0f + dt * r.linearDamping);
            sb.w *= 1.0f / (1.0f + dt * r.angularDamping);
        }
        r.solverIndex = static_cast<std::int32_t>(solverBodies.size());
        solverBodies.push_back(sb);
        solverToBody.push_back(static_cast<std::uint32_t>(i));
    }

    // Constraints for every touching contact with a body in motion.
    constraints.clear();
    const float dtRatio = previousDt > 0.0f ? dt / previousDt : 0.0f;
    const float warm = def.warmStarting ? dtRatio : 0.0f;
    const float invDt = 1.0f / dt;
    const auto contactEnd = static_cast<std::int32_t>(contacts.size());
    for (std::int32_t ci = 0; ci < contactEnd; ++ci)
    {
        Contact& c = contacts[static_cast<std::size_t>(ci)];
        if (!isActive(c))
        {
            continue;
        }
        const BodyRecord& ra = records[c.a];
        const BodyRecord& rb = records[c.b];
        if (ra.solverIndex == 0 && rb.solverIndex == 0)
        {
            continue;
        }
        ContactConstraint& cc = constraints.emplace_back();
        cc.indexA = ra.solverIndex;
        cc.indexB = rb.solverIndex;
        cc.contact = ci;
        cc.normal = c.manifold.normal;
        cc.friction = c.friction;
        cc.restitution = c.restitution;
        const SolverBody& a = solverBodies[static_cast<std::size_t>(cc.indexA)];
        const SolverBody& b = solverBodies[static_cast<std::size_t>(cc.indexB)];
        cc.invMassA = a.invMass;
        cc.invIA = a.invInertia;
        cc.invMassB = b.invMass;
        cc.invIB = b.invInertia;
        cc.pointCount = c.manifold.pointCount;
        cc.velocityPoints = c.manifold.pointCount;
        // The immovable slot 0 sits at the origin unrotated, so its anchors are world points.
        const Vec2 cA = cc.indexA == 0 ? Vec2{} : a.c;
        const Vec2 cB = cc.indexB == 0 ? Vec2{} : b.c;
        const Rot qA = cc.indexA == 0 ? Rot{} : a.q;
        const Rot qB = cc.indexB == 0 ? Rot{} : b.q;
        const Vec2 n = cc.normal;
        const Vec2 t{n.y, -n.x};
        for (int j = 0; j < cc.pointCount; ++j)
        {
            const ManifoldPoint& mp = c.manifold.points[j];
            ConstraintPoint& cp = cc.points[j];
            cp.rA = mp.point - a.c;
            cp.rB = mp.point - b.c;
            cp.localAnchorA = invRotate(qA, mp.point - (0.5f * mp.separation) * n - cA);
            cp.localAnchorB = invRotate(qB, mp.point + (0.5f * mp.separation) * n - cB);
            cp.normalImpulse = warm * c.normalImpulse[j];
            cp.tangentImpulse = warm * c.tangentImpulse[j];
            const float rnA = cross(cp.rA, n);
            const float rnB = cross(cp.rB, n);
            const float kNormal = cc.invMassA + cc.invMassB + cc.invIA * rnA * rnA + cc.invIB * rnB * rnB;
            cp.normalMass = kNormal > 0.0f ? 1.0f / kNormal : 0.0f;
            const float rtA = cross(cp.rA, t);
            const float rtB = cross(cp.rB, t);
            const float kTangent = cc.invMassA + cc.invMassB + cc.invIA * rtA * rtA + cc.invIB * rtB * rtB;
            cp.tangentMass = kTangent > 0.0f ? 1.0f / kTangent : 0.0f;
            const float vRel = dot(relativeVelocity(a, b, cp.rA, cp.rB), n);
            cp.relativeVelocity = vRel;
            cp.separation = mp.separation;
            // A speculative point may close its gap this step and no more.
            cp.velocityBias = mp.separation > 0.0f ? -mp.separation * invDt : 0.0f;
            // In contact (within the slop): bounce, off the faster of the approach now and the
            // approach carried from a speculative step that landed the pair softly.
            if (mp.separation < kLinearSlop)
            {
                const float approach = std::min(vRel, c.approach[j]);
                if (approach < -def.restitutionThreshold)
                {
                    cp.velocityBias = std::max(cp.velocityBias, -cc.restitution * approach);
                }
            }
        }
        if (cc.pointCount == 2)
        {
            const ConstraintPoint& p1 = cc.points[0];
            const ConstraintPoint& p2 = cc.points[1];
            const float rn1A = cross(p1.rA, n);
            const float rn1B = cross(p1.rB, n);
            const float rn2A = cross(p2.rA, n);
            const float rn2B = cross(p2.rB, n);
            const float k11 = cc.invMassA + cc.invMassB + cc.invIA * rn1A * rn1A + cc.invIB * rn1B * rn1B;
            const float k22 = cc.invMassA + cc.invMassB + cc.invIA * rn2A * rn2A + cc.invIB * rn2B * rn2B;
            const float k12 = cc.invMassA + cc.invMassB + cc.invIA * rn1A * rn2A + cc.invIB * rn1B * rn2B;
            // Only solve the pair jointly while the 2x2 system is well conditioned; two nearly
            // coincident points would make its inverse blow up.
            constexpr float kMaxConditionNumber = 1000.0f;
            if (k11 * k11 < kMaxConditionNumber * (k11 * k22 - k12 * k12))
            {
                cc.k = {{k11, k12}, {k12, k22}};
                const float det = k11 * k22 - k12 * k12;
                const float inv = det != 0.0f ? 1.0f / det : 0.0f;
                cc.normalMass = {{inv * k22, -inv * k12}, {-inv * k12, inv * k11}};
            }
            else
            {
                cc.velocityPoints = 1;
            }
        }
    }

    // Warm start: apply last step's impulses so the iterations begin near the answer.
    for (ContactConstraint& cc : constraints)
    {
        SolverBody& a = solverBodies[static_cast<std::size_t>(cc.indexA)];
        SolverBody& b = solverBodies[static_cast<std::size_t>(cc.indexB)];
        const Vec2 t{cc.normal.y, -cc.normal.x};
        for (int j = 0; j < cc.pointCount; ++j)
        {
            const ConstraintPoint& cp = cc.points[j];
            applyImpulse(a, b, cc, cp.rA, cp.rB, cp.normalImpulse * cc.normal + cp.tangentImpulse * t);
        }
    }

    for (int it = 0; it < velocityIterations; ++it)
    {
        for (ContactConstraint& cc : constraints)
        {
            solveVelocity(solverBodies, cc);
        }
    }

    for (const ContactConstraint& cc : constraints)
    {
        Contact& c = contacts[static_cast<std::size_t>(cc.contact)];
        for (int j = 0; j < cc.pointCount; ++j)
        {
            const ConstraintPoint& cp = cc.points[j];
            c.normalImpulse[j] = cp.normalImpulse;
            c.tangentImpulse[j] = cp.tangentImpulse;
            // Remember how fast a speculative point was coming in when the solver had to stop it.
            const bool stoppedShort = cp.separation >= kLinearSlop && cp.normalImpulse > 0.0f;
            c.approach[j] = stoppedShort ? std::min(cp.relativeVelocity, c.approach[j]) : 0.0f;
        }
        if (def.impulseEvents)
        {
            ContactImpulseEvent e;
            e.a = idOf(c.a);
            e.b = idOf(c.b);
            e.normal = cc.normal;
            e.pointCount = cc.pointCount;
            for (int j = 0; j < cc.pointCount; ++j)
            {
                e.points[j] = c.manifold.points[j].point;
                e.normalImpulses[j] = cc.points[j].normalImpulse;
                e.tangentImpulses[j] = cc.points[j].tangentImpulse;
            }
            impulseEvents.push_back(e);
        }
    }

    // Integrate positions, capping the motion per step so nothing tunnels wildly on a bad frame.
    const std::size_t bodyEnd = solverBodies.size();
    for (std::size_t i = 1; i < bodyEnd; ++i)
    {
        SolverBody& b = solverBodies[i];
        const Vec2 translation = dt * b.v;
        if (lengthSquared(translation) > kMaxTranslation * kMaxTranslation)
        {
            b.v *= kMaxTranslation / length(translation);
        }
        const float rotation = dt * b.w;
        if (rotation * rotation > kMaxRotation * kMaxRotation)
        {
            b.w *= kMaxRotation / std::fabs(rotation);
        }
        b.c += dt * b.v;
        b.a += dt * b.w;
        b.q = advance(b.q, dt * b.w);
    }

    bool positionSolved = positionIterations == 0 && constraints.empty();
    for (int it = 0; it < positionIterations; ++it)
    {
        float minSeparation = 0.0f;
        for (const ContactConstraint& cc : constraints)
        {
            minSeparation = std::min(minSeparation, solvePosition(solverBodies, cc));
        }
        // Stop early once every contact is within a few slops: further passes would only jitter.
        if (minSeparation >= -3.0f * kLinearSlop)
        {
            positionSolved = true;
            break;
        }
    }

    for (std::size_t i = 1; i < bodyEnd; ++i)
    {
        const SolverBody& sb = solverBodies[i];
        const std::uint32_t index = solverToBody[i - 1];
        BodyState& s = states[index];
        s.position = sb.c;
        s.angle = sb.a;
        s.q = makeRot(sb.a);
        s.v = sb.v;
        s.w = sb.w;
        BodyRecord& r = records[index];
        r.force = {};
        r.torque = 0.0f;
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
