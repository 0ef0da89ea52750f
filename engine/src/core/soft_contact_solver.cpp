// Contacts as soft constraints: each stage of soft step, for every contact the solver works on.

#include "soft_contact_solver.hpp"

#include "lane_choice.hpp"
#include "oblique/lane_width.hpp"
#include "parallel_for.hpp"
#include "prefetch.hpp"
#include "shape_geometry.hpp"
#include "step_context.hpp"
#include "wide_soft_prepare.hpp"
#include "world_state.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <utility>

namespace oblique::detail
{

namespace
{

// What preparing a contact's points reads of the step and of its two bodies.
struct SoftPointInputs
{
    float dt;
    float invDt;
    float h;
    float warmStartScale; // per substep: a contact keeps the impulse of a whole step
    float restitutionThreshold;
    const SolverVelocity& va;
    const SolverVelocity& vb;
    const SolverPose& pa;
    const SolverPose& pb;
    Vec2 centerA;
    Vec2 centerB;
    // Each side's circle where it is one (its centre is what that side follows), else null.
    const Circle* circleA;
    const Circle* circleB;
    float gravityAlongNormal; // how fast gravity closes (negative) or opens the pair, m/s^2
};

struct Bounce
{
    bool bounces = false;
    float holdSpeed = 0.0f;  // the normal speed that takes the pair where it ends the step
    float leaveSpeed = 0.0f; // its normal speed at the end of the step
};

// Restitution at the time of impact, for a pair closing at speed u (> 0 when closing) under a
// closing acceleration a (gravity along the normal) across a gap g >= 0: it meets at t, where
// g = u t + a t^2 / 2, at speed u + a t, leaves at restitution times that, and ends the step where
// that flight puts it. Measured this way rather than from the step's end speed, a ball's bounces
// neither gain nor lose height with the step or the substeps.
Bounce bounceOf(float restitution, float u, float a, float g, const SoftPointInputs& in)
{
    // A body's speed after a substep is the one it moved through that substep with, its speed
    // half a substep earlier: the flight's own speed now is half a substep's acceleration on.
    u += 0.5f * a * in.h;
    if (restitution <= 0.0f || u <= 0.0f)
    {
        return {};
    }
    const float discriminant = u * u + 2.0f * a * g;
    if (discriminant < 0.0f)
    {
        return {}; // turned back before meeting
    }
    // The root of g = u t + a t^2 / 2 written so that it stays exact as a goes to 0.
    const float t = 2.0f * g / (u + std::sqrt(discriminant));
    const float impact = u + a * t;
    if (t >= in.dt || impact <= in.restitutionThreshold)
    {
        return {};
    }
    const float leave = restitution * impact;
    const float rest = in.dt - t;
    const float endSeparation = std::max(leave * rest - 0.5f * a * rest * rest, 0.0f);
    const float endSpeed = std::max(leave - a * rest + 0.5f * a * in.h, 0.0f);
    return {true, (endSeparation - g) * in.invDt, endSpeed};
}

// Where a manifold point is on each body's surface. Each body's lever reaches its own surface,
// not the point midway across the gap: a point found ahead of a fast body may lie a metre out, and
// friction's lever would be that long.
std::pair<Vec2, Vec2> surfacesOf(const ManifoldPoint& mp, Vec2 n)
{
    const Vec2 halfGap = (0.5f * mp.separation) * n;
    return {mp.point - halfGap, mp.point + halfGap};
}

void prepareSoftPoint(const SoftPointInputs& in, Contact& c, int j, SoftContactConstraint& cc,
                      ConstraintExtra& extra)
{
    const ManifoldPoint& mp = c.manifold.points[j];
    const Vec2 n = cc.normal;
    const Vec2 t{n.y, -n.x};
    SoftPoint& p = cc.points[j];
    const auto [surfaceA, surfaceB] = surfacesOf(mp, n);
    const Vec2 rA = surfaceA - in.centerA;
    const Vec2 rB = surfaceB - in.centerB;
    p.rnA = cross(rA, n);
    p.rnB = cross(rB, n);
    p.rtA = cross(rA, t);
    p.rtB = cross(rB, t);
    p.rA = (in.circleA != nullptr ? followedPoint(*in.circleA, surfaceA) : surfaceA) - in.centerA;
    p.rB = (in.circleB != nullptr ? followedPoint(*in.circleB, surfaceB) : surfaceB) - in.centerB;
    p.baseSeparation = mp.separation - dot(p.rB - p.rA, n);
    const float mA = in.va.invMass;
    const float iA = in.va.invInertia;
    const float mB = in.vb.invMass;
    const float iB = in.vb.invInertia;
    const float kNormal = mA + mB + iA * p.rnA * p.rnA + iB * p.rnB * p.rnB;
    p.normalMass = kNormal > 0.0f ? 1.0f / kNormal : 0.0f;
    const float kTangent = mA + mB + iA * p.rtA * p.rtA + iB * p.rtB * p.rtB;
    p.tangentMass = kTangent > 0.0f ? 1.0f / kTangent : 0.0f;
    p.normalImpulse = in.warmStartScale * c.normalImpulse[j];
    p.tangentImpulse = in.warmStartScale * c.tangentImpulse[j];
    p.totalNormalImpulse = 0.0f;
    p.totalTangentImpulse = 0.0f;
    p.gripFloor = 0.0f;
    extra.bounce[j] = 0.0f;
    p.bounces = false;
    p.bounceSpeed = 0.0f;
    if (c.stepRestitution <= 0.0f)
    {
        return;
    }
    const Bounce bounce = bounceOf(c.stepRestitution, -relativeAlong(in.va, in.vb, n, p.rnA, p.rnB),
                                   -in.gravityAlongNormal, std::max(mp.separation, 0.0f), in);
    if (bounce.bounces)
    {
        p.bounces = true;
        p.bounceSpeed = bounce.holdSpeed;
        extra.bounce[j] = bounce.leaveSpeed;
    }
}

// Gravity on the body at a solver slot (none on slot 0, the bodies the solver does not move).
Vec2 gravityOf(const WorldState& w, std::int32_t slot)
{
    return w.solverBodies.gravities[static_cast<std::size_t>(slot)];
}

// A body's centre of mass at the start of the step: its pose's while it has a slot.
Vec2 centerOf(const WorldState& w, std::uint32_t body, std::int32_t slot)
{
    return slot != 0 ? w.solverBodies.poses[static_cast<std::size_t>(slot)].c : w.states[body].center;
}

// How a point is solved in this pass: the speed it is pushed toward (as a bias on the normal
// speed) and its softness.
struct PointTerms
{
    float bias = 0.0f;
    float massScale = 1.0f;
    float impulseScale = 0.0f;
    bool onlyEases = false; // relax may take impulse away but not add it (see solveSoftContact)
};

PointTerms pointTerms(const SoftPoint& p, float s, const SoftContactConstraint& cc, float invH,
                      float pushMaxSpeed, bool useBias)
{
    if (p.bounces)
    {
        return {-p.bounceSpeed, 1.0f, 0.0f, false};
    }
    if (s > 0.0f)
    {
        // Speculative: close exactly the gap this substep, never pull.
        return {s * invH, 1.0f, 0.0f, !useBias && cc.relaxLetsGo};
    }
    if (useBias)
    {
        return {std::max(cc.softness.biasRate * s, -pushMaxSpeed), cc.softness.massScale,
                cc.softness.impulseScale, false};
    }
    return {};
}

// Both points of a contact at once, as the 2x2 complementarity problem: with K the points'
// effective mass, each point's row of K d = -massScale (vn + bias) - impulseScale diag(K) x0 for
// the new impulses x = x0 + d >= 0. Solved one after the other, the two points of a box landing
// flat or resting under load push unevenly, and it rocks, drifts sideways or pops up. The share of
// the impulse each solve takes back is each point's own, as when they are solved one at a time, so
// that a contact under load sits as deep as one point alone would: taken back through all of K, a
// box resting on two others half each (both points on one side of each centre) sinks half again
// as far.
// Changes nothing when no active set fits.
void solvePair(SolverVelocity& a, SolverVelocity& b, SoftContactConstraint& cc, const PointTerms (&terms)[2])
{
    const Vec2 n = cc.normal;
    SoftPoint& p1 = cc.points[0];
    SoftPoint& p2 = cc.points[1];
    const TwoPointMass& k = cc.mass;
    const Vec2 old{p1.normalImpulse, p2.normalImpulse};
    const float vn1 = relativeAlong(a, b, n, p1.rnA, p1.rnB);
    const float vn2 = relativeAlong(a, b, n, p2.rnA, p2.rnB);
    const Vec2 rhs{terms[0].massScale * (vn1 + terms[0].bias) -
                       ((1.0f - terms[0].impulseScale) * k.k11 * old.x + k.k12 * old.y),
                   terms[1].massScale * (vn2 + terms[1].bias) -
                       (k.k12 * old.x + (1.0f - terms[1].impulseScale) * k.k22 * old.y)};
    Vec2 x;
    if (!solveTwoPoints(k, p1.normalMass, p2.normalMass, rhs, x))
    {
        return;
    }
    const Vec2 d = x - old;
    const float total = d.x + d.y;
    a.v -= (a.invMass * total) * n;
    a.w -= a.invInertia * (d.x * p1.rnA + d.y * p2.rnA);
    b.v += (b.invMass * total) * n;
    b.w += b.invInertia * (d.x * p1.rnB + d.y * p2.rnB);
    p1.normalImpulse = x.x;
    p2.normalImpulse = x.y;
}

// How deep a soft contact at rest sits under the impulse it carries: where the soft push balances
// the share of the impulse it takes back each solve (massScale * biasRate * depth * normalMass =
// impulseScale * impulse).
float loadDepth(const Softness& softness, float normalMass, float normalImpulse)
{
    const float stiffness = softness.massScale * softness.biasRate * normalMass;
    return stiffness > 0.0f ? softness.impulseScale * normalImpulse / stiffness : 0.0f;
}

// Keeps a point's impulses on its contact for the next step's warm start, as the impulse of a
// whole step (so a change of solver or of substeps starts from the right size).
void storePoint(Contact& c, int j, float normalImpulse, float tangentImpulse, float subSteps)
{
    c.normalImpulse[j] = std::isfinite(normalImpulse) ? subSteps * normalImpulse : 0.0f;
    c.tangentImpulse[j] = std::isfinite(tangentImpulse) ? subSteps * tangentImpulse : 0.0f;
}

// A point still overlapped beyond what its load presses a soft contact in, and the slop.
bool overlappedPastLoad(float separation, const Softness& softness, float normalMass, float normalImpulse)
{
    return -separation > loadDepth(softness, normalMass, normalImpulse) + kLinearSlop;
}

// The bodies of a contact left overlapped do not fall asleep so.
void markOverlapped(WorldState& w, const Contact& c)
{
    w.records[c.a].overlapped = true;
    w.records[c.b].overlapped = true;
}

// The lane groups a worker takes at once while packing them or storing their impulses.
constexpr int kGroupsPerPackTask = 16;

// storePoint for every contact solved in the groups [begin, end) (each lane's source is its
// contact), read from the lanes themselves.
template <int N>
void storeLaneImpulses(WorldState& w, const LaneGroups<WideSoftConstraintN<N>>& groups, int begin, int end,
                       float subSteps, bool watchOverlap)
{
    const std::vector<SolverDelta>& deltas = w.solverBodies.deltas;
    forEachFilledLane(groups, static_cast<std::size_t>(begin), static_cast<std::size_t>(end),
                      [&](const WideSoftConstraintN<N>& g, int lane)
                      {
                          Contact& c = w.contacts[static_cast<std::size_t>(g.source[lane])];
                          const SolverDelta& da = deltas[static_cast<std::size_t>(g.indexA[lane])];
                          const SolverDelta& db = deltas[static_cast<std::size_t>(g.indexB[lane])];
                          const Vec2 n{g.normalX[lane], g.normalY[lane]};
                          const Softness softness{g.biasRate[lane], g.massScale[lane], g.impulseScale[lane]};
                          bool overlapped = false;
                          for (int j = 0; j < lanePointCount(g, lane); ++j)
                          {
                              const WideSoftPointN<N>& wp = g.points[j];
                              const float normalImpulse = wp.normalImpulse[lane];
                              storePoint(c, j, normalImpulse, wp.tangentImpulse[lane], subSteps);
                              if (!watchOverlap)
                              {
                                  continue;
                              }
                              const float separation = currentSeparation({wp.rAx[lane], wp.rAy[lane]},
                                                                         {wp.rBx[lane], wp.rBy[lane]},
                                                                         wp.baseSeparation[lane], n, da, db);
                              overlapped = overlappedPastLoad(separation, softness, wp.normalMass[lane],
                                                              normalImpulse) ||
                                           overlapped;
                          }
                          if (overlapped)
                          {
                              markOverlapped(w, c);
                          }
                      });
}

// A contact that may bounce this step: its restitution is applied at the time of impact, and
// relax may only ease its push (see solveSoftContact).
bool mayBounce(const Contact& c)
{
    return c.stepRestitution > 0.0f;
}

// How soft a contact between these bodies is: against a body impulses do not move, twice as stiff.
const Softness& softnessBetween(const StepContext& ctx, const SolverVelocity& a, const SolverVelocity& b)
{
    return a.invMass == 0.0f || b.invMass == 0.0f ? ctx.staticSoftness : ctx.contactSoftness;
}

} // namespace

bool prepareSoftContact(StepContext& ctx, float warmStartScale, std::int32_t ci, SoftContactConstraint& cc,
                        ConstraintExtra& extra)
{
    WorldState& w = ctx.world;
    bool hasBounces = false;
    Contact& c = w.contacts[static_cast<std::size_t>(ci)];
    const std::int32_t ia = w.solverBodies.slotOf[c.a];
    const std::int32_t ib = w.solverBodies.slotOf[c.b];
    cc.indexA = ia;
    cc.indexB = ib;
    cc.normal = c.manifold.normal;
    cc.friction = c.stepFriction;
    cc.tangentSpeed = c.stepTangentSpeed;
    cc.relaxLetsGo = mayBounce(c);
    extra.contact = ci;
    const SoftPointInputs in{ctx.dt, ctx.invDt, ctx.h, warmStartScale, w.def.restitutionThreshold,
                             w.solverBodies.velocities[static_cast<std::size_t>(ia)],
                             w.solverBodies.velocities[static_cast<std::size_t>(ib)],
                             w.solverBodies.poses[static_cast<std::size_t>(ia)],
                             w.solverBodies.poses[static_cast<std::size_t>(ib)], centerOf(w, c.a, ia),
                             centerOf(w, c.b, ib), w.circleOf(c, kCircleA), w.circleOf(c, kCircleB),
                             // Read only for a bounce.
                             mayBounce(c) ? dot(gravityOf(w, ib) - gravityOf(w, ia), cc.normal) : 0.0f};
    cc.softness = softnessBetween(ctx, in.va, in.vb);
    cc.velocityPoints = c.manifold.pointCount;
    for (int j = 0; j < c.manifold.pointCount; ++j)
    {
        prepareSoftPoint(in, c, j, cc, extra);
        hasBounces = hasBounces || extra.bounce[j] > 0.0f;
    }
    // Restoring a bounce after the substeps finds the points on the bodies as they moved; the
    // anchors it needs are worked out only for the contacts that bounce.
    for (int j = 0; hasBounces && j < c.manifold.pointCount; ++j)
    {
        const auto [surfaceA, surfaceB] = surfacesOf(c.manifold.points[j], cc.normal);
        extra.localAnchorA[j] = invRotate(in.pa.q, surfaceA - in.pa.c);
        extra.localAnchorB[j] = invRotate(in.pb.q, surfaceB - in.pb.c);
    }
    cc.mass = {};
    const SoftPoint& p1 = cc.points[0];
    const SoftPoint& p2 = cc.points[1];
    // A bouncy contact is solved point by point (relax may only ease it), unless both its points
    // bounce: then together, so that a box landing flat leaves flat.
    if (cc.velocityPoints == 2 && (!cc.relaxLetsGo || (p1.bounces && p2.bounces)))
    {
        cc.mass = twoPointMass(in.va.invMass, in.va.invInertia, in.vb.invMass, in.vb.invInertia, p1.rnA,
                               p1.rnB, p2.rnA, p2.rnB);
    }
    return hasBounces;
}

namespace
{

// The impulse events of the contacts solved in lanes (after those solved one at a time).
template <int N>
void reportLaneImpulses(WorldState& w, const LaneGroups<WideSoftConstraintN<N>>& groups)
{
    forEachFilledLane(groups,
                      [&](const WideSoftConstraintN<N>& g, int lane)
                      {
                          const Contact& c = w.contacts[static_cast<std::size_t>(g.source[lane])];
                          const int count = lanePointCount(g, lane);
                          ContactImpulseEvent e = impulseEventOf(w, c, count);
                          for (int j = 0; j < count; ++j)
                          {
                              e.points[j] = c.manifold.points[j].point;
                              e.normalImpulses[j] = g.points[j].totalNormalImpulse[lane];
                              e.tangentImpulses[j] = g.points[j].totalTangentImpulse[lane];
                          }
                          w.impulseEvents.push_back(e);
                      });
}

} // namespace

void solveSoftContact(std::vector<SolverVelocity>& velocities, const std::vector<SolverDelta>& deltas,
                      SoftContactConstraint& cc, float invH, float pushMaxSpeed, bool useBias)
{
    SolverVelocity& a = velocities[static_cast<std::size_t>(cc.indexA)];
    SolverVelocity& b = velocities[static_cast<std::size_t>(cc.indexB)];
    const SolverDelta& da = deltas[static_cast<std::size_t>(cc.indexA)];
    const SolverDelta& db = deltas[static_cast<std::size_t>(cc.indexB)];
    const Vec2 n = cc.normal;
    const Vec2 t{n.y, -n.x};
    PointTerms terms[2];
    for (int j = 0; j < cc.velocityPoints; ++j)
    {
        terms[j] = pointTerms(cc.points[j], currentSeparation(cc.points[j], n, da, db), cc, invH,
                              pushMaxSpeed, useBias);
    }
    // Where no active set fits (degenerate numbers), the pair keeps its impulses this pass.
    const bool together = cc.mass.wellConditioned;
    if (together)
    {
        solvePair(a, b, cc, terms);
    }
    for (int j = 0; j < (together ? 0 : cc.velocityPoints); ++j)
    {
        SoftPoint& p = cc.points[j];
        const float bias = terms[j].bias;
        const float massScale = terms[j].massScale;
        const float impulseScale = terms[j].impulseScale;
        const bool relaxOnlyLetsGo = terms[j].onlyEases;
        const float vn = relativeAlong(a, b, n, p.rnA, p.rnB);
        float impulse = -p.normalMass * massScale * (vn + bias) - impulseScale * p.normalImpulse;
        if (relaxOnlyLetsGo)
        {
            // A bouncy pair still apart after the move: the next substep's solve keeps it from
            // passing through before it moves again, so relax may ease a push but not add one.
            // Adding one would slow a pair arriving fast to meet in one substep, and next step's
            // bounce would start from that speed instead of the pair's own. A pair that does not
            // bounce is slowed, so that it meets the surface rigidly, not the soft push.
            impulse = std::min(impulse, 0.0f);
        }
        const float newImpulse = std::max(p.normalImpulse + impulse, 0.0f);
        const float lambda = newImpulse - p.normalImpulse;
        p.normalImpulse = newImpulse;
        push(a, b, n, p.rnA, p.rnB, lambda);
    }
    if (useBias)
    {
        return;
    }
    for (int j = 0; j < cc.velocityPoints; ++j)
    {
        cc.points[j].totalNormalImpulse += cc.points[j].normalImpulse;
    }
    for (int j = 0; j < cc.velocityPoints; ++j)
    {
        SoftPoint& p = cc.points[j];
        solveFriction(a, b, t, cc.friction, cc.tangentSpeed, p);
        p.totalTangentImpulse += p.tangentImpulse;
    }
}

namespace
{

// What preparing found across the constraints, whichever worker prepared them.
struct PrepareFindings
{
    std::atomic<bool> anySolvedAlone{false};
    std::atomic<bool> heavyOnLight{false};
};

// Whether the stack support is called up by the constraint's bodies (heavyOnLight).
bool heavyOnLightBodies(const std::vector<SolverVelocity>& bodies, const SoftContactConstraint& cc)
{
    return heavyOnLight(bodies[static_cast<std::size_t>(cc.indexA)].invMass,
                        bodies[static_cast<std::size_t>(cc.indexB)].invMass);
}

// Prepares a contact into the scratch record and adds it to those solved one at a time.
void addSingleContact(StepContext& ctx, float warmStartScale, std::int32_t ci, bool& hasBounces)
{
    WorldState& w = ctx.world;
    ContactSolver& solver = w.contactSolver;
    SoftContactConstraint& cc = solver.softScratch;
    ConstraintExtra& extra = solver.extraScratch;
    hasBounces = prepareSoftContact(ctx, warmStartScale, ci, cc, extra) || hasBounces;
    solver.support.heavyOnLight =
        solver.support.heavyOnLight || heavyOnLightBodies(w.solverBodies.velocities, cc);
    solver.softWide.addSingle(static_cast<std::int32_t>(solver.soft.size()));
    solver.soft.push_back(cc);
    solver.extras.push_back(extra);
}

// What preparing a plain contact in its lane reads (PlainLaneInputs), into lane `lane`.
void gatherPlainLane(const StepContext& ctx, std::int32_t ci, int lane, PlainLaneInputs& in, bool& heavy)
{
    const WorldState& w = ctx.world;
    const Contact& c = w.contacts[static_cast<std::size_t>(ci)];
    const std::int32_t ia = w.solverBodies.slotOf[c.a];
    const std::int32_t ib = w.solverBodies.slotOf[c.b];
    const SolverVelocity& va = w.solverBodies.velocities[static_cast<std::size_t>(ia)];
    const SolverVelocity& vb = w.solverBodies.velocities[static_cast<std::size_t>(ib)];
    const Vec2 centerA = centerOf(w, c.a, ia);
    const Vec2 centerB = centerOf(w, c.b, ib);
    const Softness& softness = softnessBetween(ctx, va, vb);
    const auto k = static_cast<std::size_t>(lane);
    in.normalX[k] = c.manifold.normal.x;
    in.normalY[k] = c.manifold.normal.y;
    in.friction[k] = c.stepFriction;
    in.tangentSpeed[k] = c.stepTangentSpeed;
    in.invMassA[k] = va.invMass;
    in.invInertiaA[k] = va.invInertia;
    in.invMassB[k] = vb.invMass;
    in.invInertiaB[k] = vb.invInertia;
    in.biasRate[k] = softness.biasRate;
    in.massScale[k] = softness.massScale;
    in.impulseScale[k] = softness.impulseScale;
    in.centerAX[k] = centerA.x;
    in.centerAY[k] = centerA.y;
    in.centerBX[k] = centerB.x;
    in.centerBY[k] = centerB.y;
    const Circle* circleA = w.circleOf(c, kCircleA);
    const Circle* circleB = w.circleOf(c, kCircleB);
    in.circleA[k] = circleA != nullptr ? -1 : 0;
    in.circleB[k] = circleB != nullptr ? -1 : 0;
    in.circleAX[k] = circleA != nullptr ? circleA->center.x : 0.0f;
    in.circleAY[k] = circleA != nullptr ? circleA->center.y : 0.0f;
    in.circleBX[k] = circleB != nullptr ? circleB->center.x : 0.0f;
    in.circleBY[k] = circleB != nullptr ? circleB->center.y : 0.0f;
    for (std::size_t j = 0; j < 2; ++j)
    {
        // A one-point contact's second point is zeros: computed and never kept.
        const bool has = static_cast<int>(j) < c.manifold.pointCount;
        const ManifoldPoint& mp = c.manifold.points[j];
        in.pointX[j][k] = has ? mp.point.x : 0.0f;
        in.pointY[j][k] = has ? mp.point.y : 0.0f;
        in.separation[j][k] = has ? mp.separation : 0.0f;
        in.normalImpulse[j][k] = has ? c.normalImpulse[j] : 0.0f;
        in.tangentImpulse[j][k] = has ? c.tangentImpulse[j] : 0.0f;
    }
    in.plain[k] = -1;
    in.twoPoints[k] = c.manifold.pointCount == 2 ? -1 : 0;
    in.indexA[k] = ia;
    in.indexB[k] = ib;
    in.source[k] = ci;
    heavy = heavy || heavyOnLight(va.invMass, vb.invMass);
}

// Prepares the colours' groups [begin, end): each cleared, then its contacts gathered and
// prepared together in their lanes (wide_soft_prepare.hpp). A contact that may bounce, or whose
// two points nearly coincide, is solved one at a time: its lane stays padding and it is noted, for
// the calling thread to prepare and add in colour order (they are few, and keeping their records
// would take a list per worker).
void packColourGroups(StepContext& ctx, float warmStartScale, std::int32_t begin, std::int32_t end,
                      PrepareFindings& found)
{
    WorldState& w = ctx.world;
    WideSoftSolver& wide = w.contactSolver.softWide;
    const std::vector<std::int32_t>& starts = wide.colourStarts;
    // Each group's plain lanes, gathered a contact at a time and prepared together; a lane not
    // marked plain keeps what an earlier group left, worked on and never written.
    PlainLaneInputs plainLanes{};
    std::size_t colour = 0;
    bool heavy = false;
    for (std::int32_t g = begin; g < end; ++g)
    {
        while (g >= starts[colour + 1])
        {
            ++colour;
        }
        const std::vector<std::int32_t>& members = w.graph.colors[colour].contacts;
        const auto first =
            static_cast<std::size_t>(g - starts[colour]) * static_cast<std::size_t>(wide.width);
        const std::size_t last = std::min(first + static_cast<std::size_t>(wide.width), members.size());
        bool anyPlain = false;
        for (std::size_t k = first; k < last; ++k)
        {
            if (k + kPrefetchAhead < members.size())
            {
                prefetchSlot(w.contacts, static_cast<std::size_t>(members[k + kPrefetchAhead]));
            }
            const int lane = static_cast<int>(k - first);
            if (mayBounce(w.contacts[static_cast<std::size_t>(members[k])]))
            {
                plainLanes.plain[lane] = 0;
                found.anySolvedAlone.store(true, std::memory_order_relaxed);
                continue;
            }
            // A colour's contacts are active, so each has points.
            gatherPlainLane(ctx, members[k], lane, plainLanes, heavy);
            anyPlain = true;
        }
        for (auto lane = static_cast<int>(last - first); lane < wide.width; ++lane)
        {
            plainLanes.plain[lane] = 0;
        }
        // Preparing writes the whole group, padding included; a group with nothing to prepare is
        // only cleared.
        if (!anyPlain)
        {
            wide.clearGroup(g);
        }
        else if (wide.preparePlainLanes(g, plainLanes, warmStartScale) != 0)
        {
            found.anySolvedAlone.store(true, std::memory_order_relaxed);
        }
    }
    if (heavy)
    {
        found.heavyOnLight.store(true, std::memory_order_relaxed);
    }
}

} // namespace

// A constraint for every contact in the constraint graph: the overflow's first, one at a time, as
// they share bodies and keep their order; then the colours' packed into their lanes, spread over
// the task system's workers (a colour's k-th contact goes to lane k of its groups, so which worker
// packs it changes nothing); last, colour by colour, the few of them solved one at a time.
void prepareSoftContacts(StepContext& ctx)
{
    WorldState& w = ctx.world;
    ContactSolver& solver = w.contactSolver;
    WideSoftSolver& wide = solver.softWide;
    solver.soft.clear();
    solver.extras.clear();
    solver.support.heavyOnLight = false;
    std::array<std::int32_t, kGraphColors> sizes{};
    for (std::size_t c = 0; c < static_cast<std::size_t>(kGraphColors); ++c)
    {
        sizes[c] = static_cast<std::int32_t>(w.graph.colors[c].contacts.size());
    }
    const int widest = laneWidth();
    wide.begin(laneWidthFor(widest, sizes.data(), kGraphColors));
    bool hasBounces = false;
    const float warmStartScale = ctx.warmStartScale / static_cast<float>(ctx.subSteps);
    wide.beginBatch();
    for (const std::int32_t ci : w.graph.overflow)
    {
        addSingleContact(ctx, warmStartScale, ci, hasBounces);
    }
    wide.endBatch();
    int count = static_cast<int>(w.graph.overflow.size());
    for (const std::int32_t size : sizes)
    {
        count += size;
    }
    wide.layOutColours(sizes.data(), kGraphColors, alternateLaneWidth(widest, wide.width));
    PrepareFindings found;
    const std::int32_t firstGroup = wide.colourStarts.front();
    parallelFor(w.def.tasks, wide.colourStarts.back() - firstGroup, kGroupsPerPackTask,
                [&](int begin, int end)
                { packColourGroups(ctx, warmStartScale, firstGroup + begin, firstGroup + end, found); });
    const bool anyAlone = found.anySolvedAlone.load(std::memory_order_relaxed);
    for (std::size_t c = 0; c < static_cast<std::size_t>(kGraphColors); ++c)
    {
        wide.beginColourBatch(static_cast<int>(c));
        const std::vector<std::int32_t>& members = w.graph.colors[c].contacts;
        for (std::size_t k = 0; anyAlone && k < members.size(); ++k)
        {
            const auto width = static_cast<std::size_t>(wide.width);
            const auto group = wide.colourStarts[c] + static_cast<std::int32_t>(k / width);
            if (wide.sourceAt(group, static_cast<int>(k % width)) < 0)
            {
                addSingleContact(ctx, warmStartScale, members[k], hasBounces);
            }
        }
        wide.endColourBatch();
    }
    solver.softCount = count;
    solver.hasBounces = hasBounces;
    solver.support.heavyOnLight =
        solver.support.heavyOnLight || found.heavyOnLight.load(std::memory_order_relaxed);
}

void warmStartSoftContact(std::vector<SolverVelocity>& velocities, const SoftContactConstraint& cc)
{
    SolverVelocity& a = velocities[static_cast<std::size_t>(cc.indexA)];
    SolverVelocity& b = velocities[static_cast<std::size_t>(cc.indexB)];
    const Vec2 t{cc.normal.y, -cc.normal.x};
    for (int j = 0; j < cc.velocityPoints; ++j)
    {
        const SoftPoint& p = cc.points[j];
        push(a, b, cc.normal, p.rnA, p.rnB, p.normalImpulse);
        push(a, b, t, p.rtA, p.rtB, p.tangentImpulse);
    }
}

void warmStartSoftContacts(StepContext& ctx)
{
    WorldState& w = ctx.world;
    w.contactSolver.softWide.warmStart(w.solverBodies.velocities, w.contactSolver.soft, w.def.tasks);
}

void solveSoftContacts(StepContext& ctx)
{
    WorldState& w = ctx.world;
    w.contactSolver.softWide.solve(w.solverBodies.velocities, w.solverBodies.deltas, w.contactSolver.soft,
                                   ctx.invH, ctx.pushMaxSpeed, ctx.useBias, w.def.tasks);
}

void restoreSoftBounces(StepContext& ctx)
{
    WorldState& w = ctx.world;
    ContactSolver& solver = w.contactSolver;
    if (!solver.hasBounces)
    {
        return;
    }
    SolverBodies& bodies = w.solverBodies;
    for (std::size_t k = 0; k < solver.soft.size(); ++k)
    {
        SoftContactConstraint& cc = solver.soft[k];
        const auto a = static_cast<std::size_t>(cc.indexA);
        const auto b = static_cast<std::size_t>(cc.indexB);
        restoreBounce(cc, solver.extras[k], bodies.velocities[a], bodies.velocities[b], bodies.poses[a],
                      bodies.poses[b]);
    }
}

// Keeps each point's impulses on its contact for the next step's warm start (storePoint), and
// marks the bodies of points still overlapped so that they do not fall asleep overlapped: the
// contacts solved one at a time from their constraints, the others from their lanes.
void storeSoftImpulses(StepContext& ctx)
{
    WorldState& w = ctx.world;
    const ContactSolver& solver = w.contactSolver;
    const std::vector<SolverDelta>& deltas = w.solverBodies.deltas;
    const auto subSteps = static_cast<float>(ctx.subSteps);
    // Overlap only keeps bodies awake: where nothing may sleep, it is not looked for.
    const bool watchOverlap = w.def.allowSleep;
    for (std::size_t k = 0; k < solver.soft.size(); ++k)
    {
        const SoftContactConstraint& cc = solver.soft[k];
        Contact& c = w.contacts[static_cast<std::size_t>(solver.extras[k].contact)];
        const SolverDelta& da = deltas[static_cast<std::size_t>(cc.indexA)];
        const SolverDelta& db = deltas[static_cast<std::size_t>(cc.indexB)];
        bool overlapped = false;
        for (int j = 0; j < cc.velocityPoints; ++j)
        {
            const SoftPoint& p = cc.points[j];
            storePoint(c, j, p.normalImpulse, p.tangentImpulse, subSteps);
            overlapped = overlapped ||
                         (watchOverlap && overlappedPastLoad(currentSeparation(p, cc.normal, da, db),
                                                             cc.softness, p.normalMass, p.normalImpulse));
        }
        if (overlapped)
        {
            markOverlapped(w, c);
        }
    }
    solver.softWide.visitGroups(
        [&](const auto& groups)
        {
            const auto count = static_cast<int>(groups.size());
            if (watchOverlap)
            {
                // Marking overlapped bodies writes to bodies that lanes share.
                storeLaneImpulses(w, groups, 0, count, subSteps, true);
                return;
            }
            // Each lane writes only its own contact.
            parallelFor(w.def.tasks, count, kGroupsPerPackTask,
                        [&](int begin, int end)
                        { storeLaneImpulses(w, groups, begin, end, subSteps, false); });
        });
    ctx.positionSolved = true;
}

void reportSoftImpulses(StepContext& ctx)
{
    WorldState& w = ctx.world;
    addStackSupportTotals(ctx);
    const ContactSolver& solver = w.contactSolver;
    for (std::size_t k = 0; k < solver.soft.size(); ++k)
    {
        const SoftContactConstraint& cc = solver.soft[k];
        const Contact& c = w.contacts[static_cast<std::size_t>(solver.extras[k].contact)];
        ContactImpulseEvent e = impulseEventOf(w, c, cc.velocityPoints);
        for (int j = 0; j < cc.velocityPoints; ++j)
        {
            e.points[j] = c.manifold.points[j].point;
            e.normalImpulses[j] = cc.points[j].totalNormalImpulse;
            e.tangentImpulses[j] = cc.points[j].totalTangentImpulse;
        }
        w.impulseEvents.push_back(e);
    }
    solver.softWide.visitGroups([&](const auto& groups) { reportLaneImpulses(w, groups); });
}

} // namespace oblique::detail
