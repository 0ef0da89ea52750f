// The weld joint's stages: the turn first, then the shared point (as the revolute joint holds it).

#include "weld_joint.hpp"

#include "constants.hpp"
#include "mat33.hpp"
#include "validation.hpp"

#include <algorithm>
#include <cmath>

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

// A rigid weld's rows taken at B's centre of mass: the point row less the turn row times B's lever,
// so that B's lever is nothing and A's is from its centre to B's (d). Where a light body is welded
// far out (a 1 mm ball 10 km from its anchor), the anchor's rows solved one after the other hand
// the error back and forth between turn and point and spin the body up, and their 3x3 block in
// float is rounding noise; at the centre the block is well conditioned (diagonal for a body welded
// to the ground) and is solved in double.
bool solvesAtCentre(const WeldJoint& j, const JointFrame& f, const SolverBodies& bodies)
{
    return isRigid(j) && !leversFitTrees(f, bodies) &&
           leversDwarfMasses(bodies.velocities[static_cast<std::size_t>(f.indexA)],
                             bodies.velocities[static_cast<std::size_t>(f.indexB)], f.rA, f.rB);
}

// Impulses at B's centre (p, and t for B's turn): B is pushed at its centre, A at its lever d.
void pushAtCentre(SolverVelocity& a, SolverVelocity& b, Vec2 d, Vec2 p, float t)
{
    a.v -= a.invMass * p;
    a.w -= a.invInertia * (cross(d, p) + t);
    b.v += b.invMass * p;
    b.w += b.invInertia * t;
}

void solveAtCentre(WeldJoint& j, const JointFrame& f, const StepContext& ctx, SolverBodies& bodies)
{
    SolverVelocity& a = velocityOf(bodies, f.indexA);
    SolverVelocity& b = velocityOf(bodies, f.indexB);
    const Vec2 rA = currentAnchorA(f, bodies);
    const Vec2 rB = currentAnchorB(f, bodies);
    const Vec2 d = rA - rB;
    const PartTerms t =
        equalityTerms(turnError(j.turn, f, bodies, j.referenceAngle), kJointTurnPushMaxSpeed, ctx);
    const Vec2 pointBias = ctx.useBias ? pushTerms(ctx).bias * currentSeparation(f, bodies, rA, rB) : Vec2{};
    const float turnSpeed = b.w - a.w + t.bias;
    const Vec2 pointSpeed =
        (b.v + cross(b.w, rB)) - (a.v + cross(a.w, rA)) + pointBias - cross(turnSpeed, rB);
    const double mA = static_cast<double>(a.invMass);
    const double iA = static_cast<double>(a.invInertia);
    const double m = mA + static_cast<double>(b.invMass);
    const double dx = static_cast<double>(d.x);
    const double dy = static_cast<double>(d.y);
    const Mat33 k{{{m + iA * dy * dy, -iA * dx * dy, -iA * dy},
                   {-iA * dx * dy, m + iA * dx * dx, iA * dx},
                   {-iA * dy, iA * dx, iA + static_cast<double>(b.invInertia)}}};
    const Vec3 x = mul(inverse(k), Vec3{static_cast<double>(pointSpeed.x), static_cast<double>(pointSpeed.y),
                                        static_cast<double>(turnSpeed)});
    const double massScale = -static_cast<double>(t.massScale);
    const Vec2 p{static_cast<float>(massScale * x.x) - t.impulseScale * j.linearImpulse.x,
                 static_cast<float>(massScale * x.y) - t.impulseScale * j.linearImpulse.y};
    const float turn = static_cast<float>(massScale * x.z) - t.impulseScale * j.angularImpulse;
    j.linearImpulse += p;
    j.angularImpulse += turn;
    pushAtCentre(a, b, d, p, turn);
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
    // B's whole turn impulse at its centre is its turn impulse plus the point's moment about it.
    const bool atCentre = solvesAtCentre(j, f, bodies);
    if (atCentre != j.atCentre)
    {
        const float moment = cross(f.rB, j.linearImpulse);
        j.angularImpulse += atCentre ? moment : -moment;
        j.atCentre = atCentre;
    }
    const float warmStartScale = ctx.warmStartScale / static_cast<float>(ctx.subSteps);
    j.linearImpulse *= warmStartScale;
    j.angularImpulse *= warmStartScale;
}

void warmStartJoint(const WeldJoint& j, const JointFrame& f, SolverBodies& bodies)
{
    SolverVelocity& a = velocityOf(bodies, f.indexA);
    SolverVelocity& b = velocityOf(bodies, f.indexB);
    const Vec2 rA = currentAnchorA(f, bodies);
    const Vec2 rB = currentAnchorB(f, bodies);
    if (j.atCentre)
    {
        pushAtCentre(a, b, rA - rB, j.linearImpulse, j.angularImpulse);
        return;
    }
    if (!pointSolvedAfresh(f, bodies, rA, rB))
    {
        pushAtAnchors(a, b, rA, rB, j.linearImpulse);
    }
    pushAngular(a, b, j.angularImpulse);
}

void solveJoint(WeldJoint& j, const JointFrame& f, const StepContext& ctx, SolverBodies& bodies)
{
    if (j.atCentre)
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
    shiftAtAnchors(pa, pb, ma, mb, rA, rB, -solvePoint(pointMassInverse(ma, mb, rA, rB), ma, mb, rA, rB, c));
    return length(c) <= kLinearSlop && angularError <= kAngularSlop;
}

void storeJointImpulses(WeldJoint& j, float toStep)
{
    j.linearImpulse = {stepImpulse(j.linearImpulse.x, toStep), stepImpulse(j.linearImpulse.y, toStep)};
    j.angularImpulse = stepImpulse(j.angularImpulse, toStep);
}

JointReaction reactionOf(const WeldJoint& j, float invDt)
{
    return {invDt * j.linearImpulse, invDt * j.angularImpulse};
}

} // namespace oblique::detail
