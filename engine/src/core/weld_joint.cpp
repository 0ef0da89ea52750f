// The weld joint's stages: the turn first, then the shared point (as the revolute joint holds it).

#include "weld_joint.hpp"

#include "constants.hpp"
#include "mat33.hpp"
#include "validation.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace oblique::detail
{

namespace
{

bool isRigid(const WeldJoint& j)
{
    return j.def.hertz == 0.0f;
}

void solveTurn(WeldJoint& j, const JointFrame& f, const StepContext& ctx, SolverBodies& bodies)
{
    SolverVelocity& a = velocityOf(bodies, f.indexA);
    SolverVelocity& b = velocityOf(bodies, f.indexB);
    const float error = turnError(j.turn, f, bodies, j.referenceAngle);
    const PartTerms t =
        isRigid(j) ? equalityTerms(error, kJointTurnPushMaxSpeed, ctx) : springTerms(error, j.angularSpring);
    const float impulse =
        -t.massScale * j.axialMass * (b.w - a.w + t.bias) - t.impulseScale * j.angularImpulse;
    j.angularImpulse += impulse;
    pushAngular(a, b, impulse);
}

constexpr std::int8_t kNoCentre = 0;
constexpr std::int8_t kCentreA = 1;
constexpr std::int8_t kCentreB = 2;

// A rigid weld's rows taken at the centre of mass of C, the body that turns more easily: the point
// row less the turn row times C's lever, so that C's lever is nothing and the other body's (O's) is
// from its centre to C's. Where a light body is welded far out (a 1 mm ball 10 km from its anchor),
// the anchor's rows solved one after the other hand the error back and forth between turn and
// point and spin the body up, and their 3x3 block in float is rounding noise; at the centre of the
// body that turns more easily the block is well conditioned (diagonal for a body welded to the
// ground) and is solved in double.
std::int8_t centreOf(const WeldJoint& j, const JointFrame& f, const SolverBodies& bodies)
{
    const SolverVelocity& a = bodies.velocities[static_cast<std::size_t>(f.indexA)];
    const SolverVelocity& b = bodies.velocities[static_cast<std::size_t>(f.indexB)];
    if (!isRigid(j) || leversFitTrees(f, bodies) || !leversDwarfMasses(a, b, f.rA, f.rB))
    {
        return kNoCentre;
    }
    return a.invInertia > b.invInertia ? kCentreA : kCentreB;
}

// The rows at C's centre, from the joint's own (B gets the point's impulse, A its opposite): C's
// anchor and the other's, and the sign of each body's share.
struct CentreFrame
{
    Vec2 rC;
    Vec2 lever; // the other body's anchor less C's: its lever to C's centre
    float signC;
};

CentreFrame centreFrame(std::int8_t centre, Vec2 rA, Vec2 rB)
{
    return centre == kCentreA ? CentreFrame{rA, rB - rA, -1.0f} : CentreFrame{rB, rA - rB, 1.0f};
}

// Impulses at C's centre (p on B's side, t for C's turn): C is pushed at its centre, the other body
// at its lever.
void pushAtCentre(SolverVelocity& a, SolverVelocity& b, std::int8_t centre, const CentreFrame& c, Vec2 p,
                  float t)
{
    a.v -= a.invMass * p;
    b.v += b.invMass * p;
    SolverVelocity& centreBody = centre == kCentreA ? a : b;
    SolverVelocity& other = centre == kCentreA ? b : a;
    centreBody.w += c.signC * centreBody.invInertia * t;
    other.w -= c.signC * other.invInertia * (cross(c.lever, p) + t);
}

void solveAtCentre(WeldJoint& j, const JointFrame& f, const StepContext& ctx, SolverBodies& bodies)
{
    SolverVelocity& a = velocityOf(bodies, f.indexA);
    SolverVelocity& b = velocityOf(bodies, f.indexB);
    const Vec2 rA = currentAnchorA(f, bodies);
    const Vec2 rB = currentAnchorB(f, bodies);
    const CentreFrame c = centreFrame(j.centre, rA, rB);
    const SolverVelocity& other = j.centre == kCentreA ? b : a;
    const SolverVelocity& centreBody = j.centre == kCentreA ? a : b;
    const PartTerms t =
        equalityTerms(turnError(j.turn, f, bodies, j.referenceAngle), kJointTurnPushMaxSpeed, ctx);
    const Vec2 pointBias = ctx.useBias ? pushTerms(ctx).bias * currentSeparation(f, bodies, rA, rB) : Vec2{};
    const float turnSpeed = b.w - a.w + t.bias;
    const Vec2 pointSpeed =
        (b.v + cross(b.w, rB)) - (a.v + cross(a.w, rA)) + pointBias - cross(turnSpeed, c.rC);
    // The other body's lever d enters as [d.y, -d.x, -1] times its turn, signed by which side it is.
    const double iO = static_cast<double>(other.invInertia);
    const double m = static_cast<double>(a.invMass) + static_cast<double>(b.invMass);
    const double dx = static_cast<double>(c.lever.x);
    const double dy = static_cast<double>(c.lever.y);
    const Mat33 k{{{m + iO * dy * dy, -iO * dx * dy, -iO * dy},
                   {-iO * dx * dy, m + iO * dx * dx, iO * dx},
                   {-iO * dy, iO * dx, iO + static_cast<double>(centreBody.invInertia)}}};
    const Vec3 x = mul(inverse(k), Vec3{static_cast<double>(pointSpeed.x), static_cast<double>(pointSpeed.y),
                                        static_cast<double>(turnSpeed)});
    const double massScale = -static_cast<double>(t.massScale);
    const Vec2 p{static_cast<float>(massScale * x.x) - t.impulseScale * j.linearImpulse.x,
                 static_cast<float>(massScale * x.y) - t.impulseScale * j.linearImpulse.y};
    const float turn = static_cast<float>(massScale * x.z) - t.impulseScale * j.angularImpulse;
    j.linearImpulse += p;
    j.angularImpulse += turn;
    j.centreAnchor = c.rC;
    pushAtCentre(a, b, j.centre, c, p, turn);
}

} // namespace

void validateJointParams(const char* function, const WeldJointDef& def)
{
    requireInRange(function, "params.anchor", def.anchor);
    requireNonNegative(function, "params.hertz", def.hertz);
    requireNonNegative(function, "params.dampingRatio", def.dampingRatio);
}

void prepareJoint(WeldJoint& j, const JointFrame& f, const StepContext& ctx, const SolverBodies& bodies)
{
    j.axialMass = axialMassOf(bodies.velocities[static_cast<std::size_t>(f.indexA)],
                              bodies.velocities[static_cast<std::size_t>(f.indexB)]);
    j.angularSpring = makeSoftness(j.def.hertz, j.def.dampingRatio, ctx.h);
    j.turn = holdTurn(f, bodies, j.referenceAngle);
    // The whole turn impulse at a centre is the turn impulse plus the point's moment about it.
    const std::int8_t centre = centreOf(j, f, bodies);
    if (centre != j.centre)
    {
        if (j.centre != kNoCentre)
        {
            j.angularImpulse -= cross(centreFrame(j.centre, f.rA, f.rB).rC, j.linearImpulse);
        }
        if (centre != kNoCentre)
        {
            j.angularImpulse += cross(centreFrame(centre, f.rA, f.rB).rC, j.linearImpulse);
        }
        j.centre = centre;
    }
    const float warmStartScale = ctx.warmStartScale / static_cast<float>(ctx.subSteps);
    j.linearImpulse *= warmStartScale;
    j.angularImpulse *= warmStartScale;
}

void warmStartJoint(WeldJoint& j, const JointFrame& f, SolverBodies& bodies)
{
    SolverVelocity& a = velocityOf(bodies, f.indexA);
    SolverVelocity& b = velocityOf(bodies, f.indexB);
    const Vec2 rA = currentAnchorA(f, bodies);
    const Vec2 rB = currentAnchorB(f, bodies);
    if (j.centre != kNoCentre)
    {
        pushAtCentre(a, b, j.centre, centreFrame(j.centre, rA, rB), j.linearImpulse, j.angularImpulse);
        return;
    }
    warmStartSharedPoint(j.linearImpulse, f, bodies, rA, rB);
    pushAngular(a, b, j.angularImpulse);
}

void solveJoint(WeldJoint& j, const JointFrame& f, const StepContext& ctx, SolverBodies& bodies)
{
    if (j.centre != kNoCentre)
    {
        solveAtCentre(j, f, ctx, bodies);
        return;
    }
    // In a tree, a rigid turn is the tree's to solve; a spring's stays here.
    if (j.axialMass > 0.0f && !(f.inTree && isRigid(j)))
    {
        solveTurn(j, f, ctx, bodies);
    }
    if (!f.inTree && !f.treeLoop)
    {
        solveSharedPoint(j.linearImpulse, f, ctx, bodies);
    }
}

bool treeTurnRow(WeldJoint& j, const JointFrame& /*f*/, const StepContext& /*ctx*/,
                 const SolverBodies& /*bodies*/)
{
    return isRigid(j) && j.axialMass > 0.0f;
}

float treeTurnBias(const WeldJoint& j, const JointFrame& f, const StepContext& ctx,
                   const SolverBodies& bodies)
{
    return equalityTerms(turnError(j.turn, f, bodies, j.referenceAngle), kJointTurnPushMaxSpeed, ctx).bias;
}

void addTreeImpulse(WeldJoint& j, Vec2 point, float turn)
{
    j.linearImpulse += point;
    j.angularImpulse += turn;
}

bool solveJointPosition(const WeldJoint& j, const JointFrame& f, SolverBodies& bodies)
{
    SolverPose& pa = bodies.poses[static_cast<std::size_t>(f.indexA)];
    SolverPose& pb = bodies.poses[static_cast<std::size_t>(f.indexB)];
    const SolverVelocity& ma = velocityOf(bodies, f.indexA);
    const SolverVelocity& mb = velocityOf(bodies, f.indexB);
    float angularError = 0.0f;
    // A soft weld's turn is a spring, not an error to correct.
    if (isRigid(j) && j.axialMass > 0.0f)
    {
        const float c = std::clamp(turnError(j.turn, f, bodies, j.referenceAngle), -kMaxAngularCorrection,
                                   kMaxAngularCorrection);
        shiftWithLevers(pa, pb, ma, mb, {}, -j.axialMass * c, -j.axialMass * c);
        angularError = std::fabs(c);
    }
    const Vec2 rA = rotate(pa.q, f.localA);
    const Vec2 rB = rotate(pb.q, f.localB);
    const Vec2 c = (pb.c + rB) - (pa.c + rA);
    shiftAtAnchors(pa, pb, ma, mb, rA, rB, -solvePointImpulse(ma, mb, rA, rB, c));
    return length(c) <= kLinearSlop && angularError <= kAngularSlop;
}

void storeJointImpulses(WeldJoint& j, float toStep)
{
    j.linearImpulse = {stepImpulse(j.linearImpulse.x, toStep), stepImpulse(j.linearImpulse.y, toStep)};
    j.angularImpulse = stepImpulse(j.angularImpulse, toStep);
}

JointReaction reactionOf(const WeldJoint& j, float invDt)
{
    // At a centre the turn impulse holds the point's moment about it too, which the torque about the
    // anchor leaves out.
    const float moment = j.centre != kNoCentre ? cross(j.centreAnchor, j.linearImpulse) : 0.0f;
    return {invDt * j.linearImpulse, invDt * (j.angularImpulse - moment)};
}

} // namespace oblique::detail
