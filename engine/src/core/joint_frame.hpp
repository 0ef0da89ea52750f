#pragma once
// Internal: what every joint type's stages read of its two bodies during a step, and the terms
// its parts are solved with in each pass. Both solvers share them: ngs is a soft step of one
// substep whose passes never push (its position pass corrects the error instead).

#include "constants.hpp"
#include "oblique/mat22.hpp"
#include "oblique/rot.hpp"
#include "oblique/vec2.hpp"
#include "softness.hpp"
#include "solver_body.hpp"
#include "step_context.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>

namespace oblique::detail
{

// A joint's two bodies as the solver sees them this step.
struct JointFrame
{
    std::int32_t indexA = 0; // solver slots; 0 for a body outside the solver (static, kinematic at rest)
    std::int32_t indexB = 0;
    Vec2 rA; // the anchors from the centres of mass, turned as the bodies were at the start of the step
    Vec2 rB;
    Vec2 deltaCenter; // cB - cA at the start of the step
    // For the position pass, which reads poses: each anchor in its body's frame from the centre of
    // mass, or, for a body in slot 0 (at the origin, unturned), the anchor as a world point.
    Vec2 localA;
    Vec2 localB;
    float angleOffset = 0.0f; // the angles of bodies in slot 0, which the poses do not hold: B's less A's
    Rot qA;                   // A's rotation at the start of the step, for directions fixed in A
    bool inTree = false;      // soft step: a joint tree solves its rigid rows (joint_tree.hpp)
    bool treeLoop = false; // ... or this joint closes a loop over one, and its shared point is solved with it
};

inline SolverVelocity& velocityOf(SolverBodies& bodies, std::int32_t index)
{
    return bodies.velocities[static_cast<std::size_t>(index)];
}

// The anchors now: turned by each body's rotation since the start of the step.
inline Vec2 currentAnchorA(const JointFrame& f, const SolverBodies& bodies)
{
    return rotate(bodies.deltas[static_cast<std::size_t>(f.indexA)].dq, f.rA);
}
inline Vec2 currentAnchorB(const JointFrame& f, const SolverBodies& bodies)
{
    return rotate(bodies.deltas[static_cast<std::size_t>(f.indexB)].dq, f.rB);
}

// From A's anchor to B's now, from the bodies' motion since the start of the step.
inline Vec2 currentSeparation(const JointFrame& f, const SolverBodies& bodies, Vec2 rA, Vec2 rB)
{
    const SolverDelta& da = bodies.deltas[static_cast<std::size_t>(f.indexA)];
    const SolverDelta& db = bodies.deltas[static_cast<std::size_t>(f.indexB)];
    return f.deltaCenter + (db.dp - da.dp) + (rB - rA);
}

// B's angle less A's, as the poses have it now (unwrapped: a limit beyond half a turn holds).
inline float currentAngle(const JointFrame& f, const SolverBodies& bodies)
{
    return bodies.poses[static_cast<std::size_t>(f.indexB)].a -
           bodies.poses[static_cast<std::size_t>(f.indexA)].a + f.angleOffset;
}

// A turn held at a reference with no winding (a weld's, a slider's). Past half a turn at the start
// of a step, the error is taken the short way round, from the bodies' rotations: an error of whole
// turns (a body set to a far angle) would be a push that never ends, and at angles so large that a
// float's step exceeds a turn, a spring whose force overflows.
struct HeldTurn
{
    bool wrapped = false; // false: the error is currentAngle less the reference
    float atStart = 0.0f; // the error at the start of the step, in [-pi, pi]
    float angleA = 0.0f;  // the poses' angles at the start of the step
    float angleB = 0.0f;
};

inline HeldTurn holdTurn(const JointFrame& f, const SolverBodies& bodies, float reference)
{
    if (std::fabs(currentAngle(f, bodies) - reference) <= std::numbers::pi_v<float>)
    {
        return {};
    }
    // B's rotation at the start of the step: its pose's, or for a body in slot 0 (then A is in the
    // solver, and the offset is B's angle alone) the one its angle gives, as the body's own is made.
    const Rot& qA = f.qA;
    const Rot qB =
        f.indexB != 0 ? bodies.poses[static_cast<std::size_t>(f.indexB)].q : makeRot(f.angleOffset);
    const Rot relative{qA.c * qB.c + qA.s * qB.s, qA.c * qB.s - qA.s * qB.c};
    return {true, wrapAngle(angle(relative) - wrapAngle(reference)),
            bodies.poses[static_cast<std::size_t>(f.indexA)].a,
            bodies.poses[static_cast<std::size_t>(f.indexB)].a};
}

// The held turn's error now.
inline float turnError(const HeldTurn& t, const JointFrame& f, const SolverBodies& bodies, float reference)
{
    if (!t.wrapped)
    {
        return currentAngle(f, bodies) - reference;
    }
    return t.atStart + (bodies.poses[static_cast<std::size_t>(f.indexB)].a - t.angleB) -
           (bodies.poses[static_cast<std::size_t>(f.indexA)].a - t.angleA);
}

// The bias (a speed added to the constraint's speed) and softness of one part in one pass.
struct PartTerms
{
    float bias = 0.0f;
    float massScale = 1.0f;
    float impulseScale = 0.0f;
};

// The push's terms per unit of error, uncapped: a shared point's (its projection bounds the error
// it sees), or a block whose rows are capped one by one.
inline PartTerms pushTerms(const StepContext& ctx)
{
    if (!ctx.useBias)
    {
        return {};
    }
    return {ctx.jointSoftness.biasRate, ctx.jointSoftness.massScale, ctx.jointSoftness.impulseScale};
}

// The push's speed for error c, no faster than maxPush (kJointPushMaxSpeed for metres,
// kJointTurnPushMaxSpeed for radians).
inline float cappedPush(const PartTerms& perUnit, float c, float maxPush, const StepContext& ctx)
{
    const float push = perUnit.bias * c;
    if (std::fabs(push) <= maxPush)
    {
        return push;
    }
    ctx.jointPushCapped = true;
    return push > 0.0f ? maxPush : -maxPush;
}

// An equality (a rod's length, a weld's turn) with error c: soft toward zero while pushing, at most
// maxPush fast; rigid otherwise.
inline PartTerms equalityTerms(float c, float maxPush, const StepContext& ctx)
{
    PartTerms t = pushTerms(ctx);
    t.bias = cappedPush(t, c, maxPush, ctx);
    return t;
}

// A one-sided bound (a limit, a rope) with c >= 0 while it holds. Still apart, it may close
// exactly its gap this pass and no more (speculative, rigid); past it, as an equality.
inline PartTerms boundTerms(float c, float maxPush, const StepContext& ctx)
{
    if (c > 0.0f)
    {
        return {c * ctx.invH, 1.0f, 0.0f};
    }
    return equalityTerms(c, maxPush, ctx);
}

// A spring's own softness, pulling toward zero error in every pass (it is a force, not a repair).
inline PartTerms springTerms(float c, const Softness& spring)
{
    return {spring.biasRate * c, spring.massScale, spring.impulseScale};
}

// One solve of a one-sided bound's accumulated impulse (kept >= 0): returns the change to apply.
inline float boundImpulse(float& accumulated, float effectiveMass, float speed, const PartTerms& t)
{
    const float old = accumulated;
    const float impulse = -t.massScale * effectiveMass * (speed + t.bias) - t.impulseScale * old;
    accumulated = std::max(old + impulse, 0.0f);
    return accumulated - old;
}

// A motor or limit switched off since the last step lets go: its last impulse is not warm started
// into every step after (it would push on with nothing solving it back).
template <class Def>
void forgetSwitchedOff(const Def& def, float& motorImpulse, float& lowerImpulse, float& upperImpulse)
{
    if (!def.enableMotor)
    {
        motorImpulse = 0.0f;
    }
    if (!def.enableLimit)
    {
        lowerImpulse = 0.0f;
        upperImpulse = 0.0f;
    }
}

// The effective mass of a point two bodies share, as a matrix (its inverse, K, here): the velocity
// a unit impulse at the anchors gives their relative motion.
inline Mat22 pointMassInverse(const SolverVelocity& a, const SolverVelocity& b, Vec2 rA, Vec2 rB)
{
    const float m = a.invMass + b.invMass;
    const float off = -a.invInertia * rA.x * rA.y - b.invInertia * rB.x * rB.y;
    return {{m + a.invInertia * rA.y * rA.y + b.invInertia * rB.y * rB.y, off},
            {off, m + a.invInertia * rA.x * rA.x + b.invInertia * rB.x * rB.x}};
}

// Whether a joint tree can solve the joint. A tree eliminates its nodes from the leaves up, and a
// light body on a lever thousands of times its own size (its radius of gyration k) makes that
// elimination subtract numbers that agree to every digit float's velocities carry: the impulses
// come out wrong by far more than they are, and warm starting them spins the body up without
// bound. Solved one at a time, such a joint only converges slowly.
// The same holds for two bodies whose masses or inertias differ ten-millionfold (a 7 mg bead
// welded to a 57 kg ball): eliminating one through the other leaves fewer digits than the
// velocities need.
inline bool leversFitTrees(const JointFrame& f, const SolverBodies& bodies)
{
    const SolverVelocity& a = bodies.velocities[static_cast<std::size_t>(f.indexA)];
    const SolverVelocity& b = bodies.velocities[static_cast<std::size_t>(f.indexB)];
    // (|r| / k)^2 = |r|^2 m / I.
    const auto leverFits = [](const SolverVelocity& v, Vec2 r)
    { return !(lengthSquared(r) * v.invInertia > kTreeLeverLimit * v.invMass); };
    const auto alike = [](float x, float y)
    { return !(x > 0.0f && y > 0.0f && (x > kTreeRatioLimit * y || y > kTreeRatioLimit * x)); };
    return leverFits(a, f.rA) && leverFits(b, f.rB) && alike(a.invMass, b.invMass) &&
           alike(a.invInertia, b.invInertia);
}

// Whether a shared point's levers dwarf its masses (kPointLeverLimit).
inline bool leversDwarfMasses(const SolverVelocity& a, const SolverVelocity& b, Vec2 rA, Vec2 rB)
{
    const float levers = a.invInertia * lengthSquared(rA) + b.invInertia * lengthSquared(rB);
    return levers > kPointLeverLimit * (a.invMass + b.invMass);
}

// Whether a shared point solved one at a time has levers that dwarf its masses: it is then solved
// rigid and afresh in every pass, never warm started. Its impulse, applied again at levers the
// bodies have turned since, has a moment of the lever times the turn (a metre for a milliradian
// on a kilometre lever) and spins a light body up.
inline bool pointSolvedAfresh(const JointFrame& f, const SolverBodies& bodies, Vec2 rA, Vec2 rB)
{
    return !f.inTree && !f.treeLoop &&
           leversDwarfMasses(bodies.velocities[static_cast<std::size_t>(f.indexA)],
                             bodies.velocities[static_cast<std::size_t>(f.indexB)], rA, rB);
}

// A shared point's effective mass inverse K, and whether its levers dwarf its masses: then K in
// float has lost the masses, and the point is solved in double from the bodies themselves.
struct PointMass
{
    Mat22 k;
    bool far = false;
};

inline PointMass pointMassOf(const SolverVelocity& a, const SolverVelocity& b, Vec2 rA, Vec2 rB)
{
    return {pointMassInverse(a, b, rA, rB), leversDwarfMasses(a, b, rA, rB)};
}

// A shared point's impulse, as floats and, for a far point (PointMass::far), in double as solved.
// A far point's moment about a light body's centre is the small difference of large ones (the pull
// along a kilometre lever less the lever's offset times it): taken from the floats, a 1 mm ball
// hinged 1 km out turned in steps of 5 mrad/s, 5 m/s at the anchor, and left its circle.
struct PointImpulse
{
    Vec2 p;
    double x = 0.0;
    double y = 0.0;
    bool far = false;
};

inline PointImpulse operator-(const PointImpulse& i)
{
    return {-i.p, -i.x, -i.y, i.far};
}

// The moment of impulse i about a centre at lever r.
inline double momentOf(Vec2 r, const PointImpulse& i)
{
    return static_cast<double>(r.x) * i.y - static_cast<double>(r.y) * i.x;
}

// A body's turn for impulse i at lever r: from the double impulse where the point is far.
inline float turnFor(float invInertia, Vec2 r, const PointImpulse& i)
{
    return i.far ? static_cast<float>(static_cast<double>(invInertia) * momentOf(r, i))
                 : invInertia * cross(r, i.p);
}

// K x = rhs for the point of these bodies and levers. Far, in double, the determinant as its sum of
// terms that cannot be negative (m^2 + m (iA |rA|^2 + iB |rB|^2) + iA iB cross(rA, rB)^2, m the
// inverse masses' sum), so that it neither cancels nor overflows.
inline PointImpulse solvePointImpulse(const PointMass& mass, const SolverVelocity& a, const SolverVelocity& b,
                                      Vec2 rA, Vec2 rB, Vec2 rhs)
{
    if (!mass.far)
    {
        return {solve(mass.k, rhs)};
    }
    const double m = static_cast<double>(a.invMass) + static_cast<double>(b.invMass);
    const double iA = static_cast<double>(a.invInertia);
    const double iB = static_cast<double>(b.invInertia);
    const double ax = static_cast<double>(rA.x);
    const double ay = static_cast<double>(rA.y);
    const double bx = static_cast<double>(rB.x);
    const double by = static_cast<double>(rB.y);
    const double k11 = m + iA * ay * ay + iB * by * by;
    const double k22 = m + iA * ax * ax + iB * bx * bx;
    const double k12 = -iA * ax * ay - iB * bx * by;
    const double crossAB = ax * by - ay * bx;
    const double det =
        m * m + m * (iA * (ax * ax + ay * ay) + iB * (bx * bx + by * by)) + iA * iB * crossAB * crossAB;
    if (!(det > 0.0))
    {
        return {{}, 0.0, 0.0, true};
    }
    const double x = static_cast<double>(rhs.x);
    const double y = static_cast<double>(rhs.y);
    const double px = (k22 * x - k12 * y) / det;
    const double py = (k11 * y - k12 * x) / det;
    return {{static_cast<float>(px), static_cast<float>(py)}, px, py, true};
}

inline PointImpulse solvePointImpulse(const SolverVelocity& a, const SolverVelocity& b, Vec2 rA, Vec2 rB,
                                      Vec2 rhs)
{
    return solvePointImpulse(pointMassOf(a, b, rA, rB), a, b, rA, rB, rhs);
}

// As a float impulse, for joints that cap or accumulate it in floats (motor, mouse).
inline Vec2 solvePoint(const SolverVelocity& a, const SolverVelocity& b, Vec2 rA, Vec2 rB, Vec2 rhs)
{
    return solvePointImpulse(a, b, rA, rB, rhs).p;
}

// Applies a point's impulse at the anchors (B gets it, A its opposite); a far one's moments in double.
inline void pushAtAnchors(SolverVelocity& a, SolverVelocity& b, Vec2 rA, Vec2 rB, const PointImpulse& i)
{
    a.v -= a.invMass * i.p;
    a.w -= turnFor(a.invInertia, rA, i);
    b.v += b.invMass * i.p;
    b.w += turnFor(b.invInertia, rB, i);
}

inline void pushAtAnchors(SolverVelocity& a, SolverVelocity& b, Vec2 rA, Vec2 rB, Vec2 p)
{
    pushAtAnchors(a, b, rA, rB, PointImpulse{p});
}

// Applies a linear impulse p to B (its opposite to A) with the angular impulses given apart, for
// constraints whose lever arms are not the anchors' (a slider's acts on A at B's anchor).
inline void pushWithLevers(SolverVelocity& a, SolverVelocity& b, Vec2 p, float angularA, float angularB)
{
    a.v -= a.invMass * p;
    a.w -= a.invInertia * angularA;
    b.v += b.invMass * p;
    b.w += b.invInertia * angularB;
}

// Applies an angular impulse to B and its opposite to A.
inline void pushAngular(SolverVelocity& a, SolverVelocity& b, float impulse)
{
    a.w -= a.invInertia * impulse;
    b.w += b.invInertia * impulse;
}

// The effective mass of a scalar constraint whose lever-arm scalars are la and lb; 0 when
// nothing can move along it.
inline float massAlong(const SolverVelocity& a, const SolverVelocity& b, float la, float lb)
{
    const float k = a.invMass + b.invMass + a.invInertia * la * la + b.invInertia * lb * lb;
    return k > 0.0f ? 1.0f / k : 0.0f;
}

// 1 / (iA + iB): the effective mass of a relative turn; 0 when neither body can turn.
inline float axialMassOf(const SolverVelocity& a, const SolverVelocity& b)
{
    const float k = a.invInertia + b.invInertia;
    return k > 0.0f ? 1.0f / k : 0.0f;
}

// A direction fixed in A as it is now, from where it pointed at the start of the step.
inline Vec2 currentAxisA(const JointFrame& f, const SolverBodies& bodies, Vec2 axisAtStart)
{
    return rotate(bodies.deltas[static_cast<std::size_t>(f.indexA)].dq, axisAtStart);
}

// The position pass's version of the above, from the poses (a body in slot 0 keeps its start).
inline Vec2 poseAxisA(const JointFrame& f, const SolverBodies& bodies, Vec2 localAxis, Vec2 axisAtStart)
{
    return f.indexA == 0 ? axisAtStart
                         : rotate(bodies.poses[static_cast<std::size_t>(f.indexA)].q, localAxis);
}

// Moves the poses by a position impulse p with the angular impulses given apart.
inline void shiftWithLevers(SolverPose& a, SolverPose& b, const SolverVelocity& ma, const SolverVelocity& mb,
                            Vec2 p, float angularA, float angularB)
{
    a.c -= ma.invMass * p;
    const float daA = -ma.invInertia * angularA;
    a.a += daA;
    a.q = advance(a.q, daA);
    b.c += mb.invMass * p;
    const float daB = mb.invInertia * angularB;
    b.a += daB;
    b.q = advance(b.q, daB);
}

// Accumulates a capped impulse: adds the change to the accumulated one, clamps it to
// [-maxImpulse, maxImpulse] and returns what was applied.
inline float clampedImpulse(float& accumulated, float change, float maxImpulse)
{
    const float old = accumulated;
    accumulated = std::clamp(old + change, -maxImpulse, maxImpulse);
    return accumulated - old;
}

// Moves the poses by a point's position impulse at the anchors (the position pass); a far one's
// moments in double.
inline void shiftAtAnchors(SolverPose& a, SolverPose& b, const SolverVelocity& ma, const SolverVelocity& mb,
                           Vec2 rA, Vec2 rB, const PointImpulse& i)
{
    a.c -= ma.invMass * i.p;
    const float daA = -turnFor(ma.invInertia, rA, i);
    a.a += daA;
    a.q = advance(a.q, daA);
    b.c += mb.invMass * i.p;
    const float daB = turnFor(mb.invInertia, rB, i);
    b.a += daB;
    b.q = advance(b.q, daB);
}

inline void shiftAtAnchors(SolverPose& a, SolverPose& b, const SolverVelocity& ma, const SolverVelocity& mb,
                           Vec2 rA, Vec2 rB, Vec2 p)
{
    shiftAtAnchors(a, b, ma, mb, rA, rB, PointImpulse{p});
}

// Moves a body by dc and turns it by da (soft step's projections): its pose, and its motion since
// the step began, which the constraints measure from.
inline void moveBody(SolverBodies& bodies, std::int32_t index, Vec2 dc, float da)
{
    ++bodies.poseVersion;
    SolverPose& pose = bodies.poses[static_cast<std::size_t>(index)];
    SolverDelta& delta = bodies.deltas[static_cast<std::size_t>(index)];
    pose.c += dc;
    pose.a += da;
    pose.q = advance(pose.q, da);
    delta.dp += dc;
    delta.dq = advance(delta.dq, da);
}

// Moves a body by a position impulse p at lever arm r. Bodies that impulses cannot move are left
// exactly as they are.
inline void shiftBody(SolverBodies& bodies, std::int32_t index, Vec2 r, const PointImpulse& i)
{
    const SolverVelocity& m = bodies.velocities[static_cast<std::size_t>(index)];
    if (index == 0 || (m.invMass == 0.0f && m.invInertia == 0.0f))
    {
        return;
    }
    moveBody(bodies, index, m.invMass * i.p, turnFor(m.invInertia, r, i));
}

// A shared point drifted apart by more than kJointProjectionSlop is moved back to that slop, both
// bodies by their inverse masses as a position impulse would move them. Velocities are left
// alone, so a joint within the slop is never touched and the push before still carried the load.
inline void projectSharedPoint(const JointFrame& f, SolverBodies& bodies, Vec2 rA, Vec2 rB,
                               const PointMass& mass)
{
    const Vec2 separation = currentSeparation(f, bodies, rA, rB);
    const float gapSquared = lengthSquared(separation);
    if (gapSquared <= kJointProjectionSlop * kJointProjectionSlop)
    {
        return;
    }
    const float gap = std::sqrt(gapSquared);
    const SolverVelocity& a = bodies.velocities[static_cast<std::size_t>(f.indexA)];
    const SolverVelocity& b = bodies.velocities[static_cast<std::size_t>(f.indexB)];
    const PointImpulse p =
        -solvePointImpulse(mass, a, b, rA, rB, ((gap - kJointProjectionSlop) / gap) * separation);
    shiftBody(bodies, f.indexA, rA, -p);
    shiftBody(bodies, f.indexB, rB, p);
}

// A point both bodies share (a hinge's, a weld's): B's anchor held on A's, a two-dimensional
// equality solved through its 2x2 effective mass on the accumulated impulse given.
inline void solveSharedPoint(Vec2& accumulated, const JointFrame& f, const StepContext& ctx,
                             SolverBodies& bodies)
{
    SolverVelocity& a = velocityOf(bodies, f.indexA);
    SolverVelocity& b = velocityOf(bodies, f.indexB);
    const Vec2 rA = currentAnchorA(f, bodies);
    const Vec2 rB = currentAnchorB(f, bodies);
    const PointMass mass = pointMassOf(a, b, rA, rB);
    if (ctx.projectJoints)
    {
        projectSharedPoint(f, bodies, rA, rB, mass);
    }
    const Vec2 speed = (b.v + cross(b.w, rB)) - (a.v + cross(a.w, rA));
    // The terms per metre of error: the bias scales the anchors' separation. A point solved afresh
    // is held rigid, its drift left to the projection: a soft push turns the anchor's error into
    // spin (the cheap way to move it), and a light body on a kilometre lever is spun up.
    // (Every point solved here is outside the trees, so far is pointSolvedAfresh.)
    const PartTerms t = mass.far ? PartTerms{} : pushTerms(ctx);
    const Vec2 bias = ctx.useBias ? t.bias * currentSeparation(f, bodies, rA, rB) : Vec2{};
    const PointImpulse x = solvePointImpulse(mass, a, b, rA, rB, speed + bias);
    if (mass.far)
    {
        // Rigid (t is none): the impulse is -x, its moments kept in double.
        accumulated += -x.p;
        pushAtAnchors(a, b, rA, rB, -x);
        return;
    }
    const Vec2 impulse = -t.massScale * x.p - t.impulseScale * accumulated;
    accumulated += impulse;
    pushAtAnchors(a, b, rA, rB, impulse);
}

// A shared point's warm start. A point solved afresh starts each substep from no impulse instead,
// so that its passes add up to what it carries this substep (its reaction, its break check).
inline void warmStartSharedPoint(Vec2& accumulated, const JointFrame& f, SolverBodies& bodies, Vec2 rA,
                                 Vec2 rB)
{
    if (pointSolvedAfresh(f, bodies, rA, rB))
    {
        accumulated = {};
        return;
    }
    pushAtAnchors(velocityOf(bodies, f.indexA), velocityOf(bodies, f.indexB), rA, rB, accumulated);
}

// A substep's accumulated impulse as a whole step's, for the next step's warm start; a
// non-finite one (from a body about to be stopped) is not carried over.
inline float stepImpulse(float impulse, float toStep)
{
    return std::isfinite(impulse) ? toStep * impulse : 0.0f;
}

// The reaction of a joint over the last step: the force on B (N) and the torque on B (N*m).
struct JointReaction
{
    Vec2 force;
    float torque = 0.0f;
};

} // namespace oblique::detail
