// Joints: creation and destruction, the calls that read them, and the joint stages of the step,
// dispatched on each joint's type here and nowhere else.

#include "joint.hpp"

#include "oblique/world.hpp"
#include "step_context.hpp"
#include "validation.hpp"
#include "world_state.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <utility>

namespace oblique
{

using namespace detail;

namespace detail
{

namespace
{

// The overloads for each type, chosen by the joint's alternative.
template <class Visitor>
decltype(auto) visitKind(JointRecord& j, Visitor&& visitor)
{
    return std::visit(std::forward<Visitor>(visitor), j.kind);
}
template <class Visitor>
decltype(auto) visitKind(const JointRecord& j, Visitor&& visitor)
{
    return std::visit(std::forward<Visitor>(visitor), j.kind);
}

// Threads the joint onto its body's list (side 0: A, 1: B), in front.
void link(WorldState& w, std::uint32_t joint, int side)
{
    JointRecord& j = w.joints.records[joint];
    BodyRecord& r = w.records[side == 0 ? j.bodyA : j.bodyB];
    const auto key = static_cast<std::int32_t>(joint * 2 + static_cast<std::uint32_t>(side));
    j.edges[side] = {kNullIndex, r.jointHead};
    if (r.jointHead != kNullIndex)
    {
        w.joints.records[static_cast<std::size_t>(r.jointHead >> 1)].edges[r.jointHead & 1].prev = key;
    }
    r.jointHead = key;
}

void unlink(WorldState& w, std::uint32_t joint, int side)
{
    JointRecord& j = w.joints.records[joint];
    BodyRecord& r = w.records[side == 0 ? j.bodyA : j.bodyB];
    const JointEdge edge = j.edges[side];
    if (edge.prev != kNullIndex)
    {
        w.joints.records[static_cast<std::size_t>(edge.prev >> 1)].edges[edge.prev & 1].next = edge.next;
    }
    else
    {
        r.jointHead = edge.next;
    }
    if (edge.next != kNullIndex)
    {
        w.joints.records[static_cast<std::size_t>(edge.next >> 1)].edges[edge.next & 1].prev = edge.prev;
    }
}

// Ends the contacts between two bodies (with end events), for a joint that keeps them apart.
void dropContactsBetween(WorldState& w, std::uint32_t a, std::uint32_t b)
{
    std::int32_t edge = w.records[a].contactHead;
    while (edge != kNullIndex)
    {
        const std::int32_t c = edge >> 1;
        const Contact& contact = w.contacts[static_cast<std::size_t>(c)];
        const std::int32_t next = contact.edges[edge & 1].next;
        if (contact.a == b || contact.b == b)
        {
            w.destroyContact(c, true);
        }
        edge = next;
    }
}

// The anchors each type's definition gives, in the world: A's and B's.
std::pair<Vec2, Vec2> anchorsFor(const RevoluteJointDef& def, const JointPlacement& /*at*/)
{
    return {def.anchor, def.anchor};
}
std::pair<Vec2, Vec2> anchorsFor(const DistanceJointDef& def, const JointPlacement& /*at*/)
{
    return {def.anchorA, def.anchorB};
}
std::pair<Vec2, Vec2> anchorsFor(const PrismaticJointDef& def, const JointPlacement& /*at*/)
{
    return {def.anchor, def.anchor};
}
std::pair<Vec2, Vec2> anchorsFor(const WeldJointDef& def, const JointPlacement& /*at*/)
{
    return {def.anchor, def.anchor};
}
std::pair<Vec2, Vec2> anchorsFor(const WheelJointDef& def, const JointPlacement& /*at*/)
{
    return {def.anchor, def.anchor};
}
// A motor joint drives B's origin toward A's anchor, the offset point.
std::pair<Vec2, Vec2> anchorsFor(const MotorJointDef& def, const JointPlacement& at)
{
    const Vec2 offset = def.linearOffset ? rotate(at.qA, *def.linearOffset) : at.positionB - at.positionA;
    return {at.positionA + offset, at.positionB};
}
std::pair<Vec2, Vec2> anchorsFor(const MouseJointDef& def, const JointPlacement& /*at*/)
{
    return {def.target, def.target};
}

// Each type's state for a new definition.
RevoluteJoint makeKind(const RevoluteJointDef& def, const JointPlacement& at)
{
    RevoluteJoint joint;
    joint.def = def;
    joint.referenceAngle = at.referenceAngle;
    return joint;
}
DistanceJoint makeKind(const DistanceJointDef& def, const JointPlacement& /*at*/)
{
    return makeDistanceJoint(def, distance(def.anchorA, def.anchorB));
}
PrismaticJoint makeKind(const PrismaticJointDef& def, const JointPlacement& at)
{
    return makePrismaticJoint(def, at.qA, at.referenceAngle);
}
WeldJoint makeKind(const WeldJointDef& def, const JointPlacement& at)
{
    WeldJoint joint;
    joint.def = def;
    joint.referenceAngle = at.referenceAngle;
    return joint;
}
WheelJoint makeKind(const WheelJointDef& def, const JointPlacement& at)
{
    return makeWheelJoint(def, at.qA);
}
MotorJoint makeKind(const MotorJointDef& def, const JointPlacement& at)
{
    MotorJoint joint;
    joint.linearOffset = def.linearOffset.value_or(invRotate(at.qA, at.positionB - at.positionA));
    joint.angularOffset = def.angularOffset.value_or(at.referenceAngle);
    joint.maxForce = def.maxForce;
    joint.maxTorque = def.maxTorque;
    joint.correctionFactor = def.correctionFactor;
    return joint;
}
MouseJoint makeKind(const MouseJointDef& def, const JointPlacement& /*at*/)
{
    MouseJoint joint;
    joint.def = def;
    return joint;
}

void validateBreakThresholds(const char* function, float force, float torque)
{
    if (std::isnan(force) || force < 0.0f)
    {
        fail(function, "breakForce must be >= 0 (infinity: never breaks)");
    }
    if (std::isnan(torque) || torque < 0.0f)
    {
        fail(function, "breakTorque must be >= 0 (infinity: never breaks)");
    }
}

std::uint32_t takeSlot(Joints& joints)
{
    if (!joints.free.empty())
    {
        const std::uint32_t slot = joints.free.back();
        joints.free.pop_back();
        return slot;
    }
    joints.records.emplace_back();
    return static_cast<std::uint32_t>(joints.records.size() - 1);
}

// A joint is solved while some dynamic body of it is in the solver and neither is disabled.
bool isSolved(const WorldState& w, const JointRecord& j)
{
    const BodyRecord& a = w.records[j.bodyA];
    const BodyRecord& b = w.records[j.bodyB];
    const auto moves = [&w](std::uint32_t body)
    { return w.records[body].type == BodyType::Dynamic && w.solverBodies.slotOf[body] != 0; };
    return a.enabled && b.enabled && (moves(j.bodyA) || moves(j.bodyB));
}

// The joint's two bodies as the solver has them at the start of the step.
JointFrame frameOf(const WorldState& w, const JointRecord& j)
{
    const BodyRecord& ra = w.records[j.bodyA];
    const BodyRecord& rb = w.records[j.bodyB];
    const BodyState& sa = w.states[j.bodyA];
    const BodyState& sb = w.states[j.bodyB];
    JointFrame f;
    f.indexA = w.solverBodies.slotOf[j.bodyA];
    f.indexB = w.solverBodies.slotOf[j.bodyB];
    const Vec2 localA = j.localAnchorA - ra.localCenter;
    const Vec2 localB = j.localAnchorB - rb.localCenter;
    f.rA = rotate(sa.q, localA);
    f.rB = rotate(sb.q, localB);
    f.deltaCenter = sb.center - sa.center;
    f.localA = f.indexA == 0 ? sa.center + f.rA : localA;
    f.localB = f.indexB == 0 ? sb.center + f.rB : localB;
    f.angleOffset = (f.indexB == 0 ? sb.angle : 0.0f) - (f.indexA == 0 ? sa.angle : 0.0f);
    f.qA = sa.q;
    return f;
}

} // namespace

JointKind makeJointKind(const JointDef& def, const JointPlacement& placement)
{
    return std::visit([&](const auto& params) -> JointKind { return makeKind(params, placement); },
                      def.params);
}

std::pair<Vec2, Vec2> anchorsOf(const JointDef& def, const JointPlacement& placement)
{
    return std::visit([&](const auto& params) { return anchorsFor(params, placement); }, def.params);
}

JointReaction reactionOf(const JointRecord& j, float invDt)
{
    const JointReaction reaction =
        visitKind(j, [invDt](const auto& kind) { return reactionOf(kind, invDt); });
    // A step that blew up (a body of the joint stopped as out of range) leaves the joint's
    // directions non-finite until its next step: it applied nothing that can be reported.
    if (!isFinite(reaction.force) || !std::isfinite(reaction.torque))
    {
        return {};
    }
    return reaction;
}

std::uint32_t WorldState::checkedJoint(JointId id, const char* what) const
{
    if (id.index >= joints.records.size() || !joints.records[id.index].alive ||
        joints.records[id.index].generation != id.generation)
    {
        fail(what, "joint handle is stale or invalid");
    }
    return id.index;
}

void WorldState::destroyJoint(std::uint32_t joint, bool findPairs)
{
    JointRecord& j = joints.records[joint];
    unlink(*this, joint, 0);
    unlink(*this, joint, 1);
    wake(j.bodyA);
    wake(j.bodyB);
    if (findPairs && !j.collideConnected)
    {
        // Pairs are found only for proxies that moved: B's, put back, find A's again.
        reinsertProxies(j.bodyB);
    }
    j.alive = false;
    ++j.generation;
    joints.free.push_back(joint);
    --joints.count;
}

void WorldState::destroyJoints(std::uint32_t body)
{
    while (records[body].jointHead != kNullIndex)
    {
        destroyJoint(static_cast<std::uint32_t>(records[body].jointHead >> 1), false);
    }
}

bool WorldState::jointKeepsApart(std::uint32_t a, std::uint32_t b) const
{
    for (std::int32_t edge = records[a].jointHead; edge != kNullIndex;)
    {
        const JointRecord& j = joints.records[static_cast<std::size_t>(edge >> 1)];
        if (!j.collideConnected && (j.bodyA == b || j.bodyB == b))
        {
            return true;
        }
        edge = j.edges[edge & 1].next;
    }
    return false;
}

// The types the joint trees take, and the rest (whose rows stay with the one-at-a-time passes).
template <class Kind>
bool joinsTrees(const Kind& /*j*/)
{
    return false;
}
template <class Kind>
bool treeTurnRow(Kind& /*j*/, const JointFrame& /*f*/, const StepContext& /*ctx*/,
                 const SolverBodies& /*bodies*/)
{
    return false;
}
template <class Kind>
float treeTurnBias(const Kind& /*j*/, const JointFrame& /*f*/, const StepContext& /*ctx*/,
                   const SolverBodies& /*bodies*/)
{
    return 0.0f;
}
template <class Kind>
bool treeTurnPushes(const Kind& /*j*/, float /*impulse*/)
{
    return true;
}
template <class Kind>
void releaseTreeTurn(Kind& /*j*/)
{
}
template <class Kind>
void addTreeImpulse(Kind& /*j*/, Vec2 /*point*/, float /*turn*/)
{
}

bool joinsTreesOf(const JointRecord& j)
{
    return visitKind(j, [](const auto& kind) { return joinsTrees(kind); });
}

bool treeTurnRowOf(JointRecord& j, const JointFrame& f, const StepContext& ctx, const SolverBodies& bodies)
{
    return visitKind(j, [&](auto& kind) { return treeTurnRow(kind, f, ctx, bodies); });
}

float treeTurnBiasOf(const JointRecord& j, const JointFrame& f, const StepContext& ctx,
                     const SolverBodies& bodies)
{
    return visitKind(j, [&](const auto& kind) { return treeTurnBias(kind, f, ctx, bodies); });
}

bool treeTurnPushesOf(const JointRecord& j, float impulse)
{
    return visitKind(j, [impulse](const auto& kind) { return treeTurnPushes(kind, impulse); });
}

void releaseTreeTurnOf(JointRecord& j)
{
    visitKind(j, [](auto& kind) { releaseTreeTurn(kind); });
}

void keepAwakeWhileCapped(WorldState& w, const JointRecord& j, const StepContext& ctx)
{
    if (ctx.jointPushCapped)
    {
        w.records[j.bodyA].overlapped = true;
        w.records[j.bodyB].overlapped = true;
        ctx.jointPushCapped = false;
    }
}

void addTreeImpulseOf(JointRecord& j, Vec2 point, float turn)
{
    visitKind(j, [point, turn](auto& kind) { addTreeImpulse(kind, point, turn); });
}

namespace
{

// Whether the joint has a break force or torque to check (infinity: never breaks).
bool breakable(const JointRecord& j)
{
    return !std::isinf(j.breakForce) || !std::isinf(j.breakTorque);
}

} // namespace

void prepareJoints(StepContext& ctx)
{
    WorldState& w = ctx.world;
    Joints& joints = w.joints;
    joints.solved.clear();
    joints.frames.clear();
    joints.treeBodies.clear();
    joints.anyBreakable = false;
    clearWideJoints(joints.wide);
    const auto slots = static_cast<std::uint32_t>(joints.records.size());
    for (std::uint32_t i = 0; i < slots; ++i)
    {
        JointRecord& j = joints.records[i];
        if (!j.alive || !isSolved(w, j))
        {
            continue;
        }
        const JointFrame& f = joints.frames.emplace_back(frameOf(w, j));
        visitKind(j, [&](auto& kind) { prepareJoint(kind, f, ctx, w.solverBodies); });
        joints.solved.push_back(i);
        joints.anyBreakable = joints.anyBreakable || breakable(j);
        joints.treeBodies.push_back(joinsTreesOf(j) && leversFitTrees(f, w.solverBodies)
                                        ? std::pair{f.indexA, f.indexB}
                                        : std::pair{std::int32_t{-1}, std::int32_t{-1}});
    }
    joints.oneAtATime.resize(joints.solved.size());
    std::iota(joints.oneAtATime.begin(), joints.oneAtATime.end(), 0u);
}

void warmStartJoints(StepContext& ctx)
{
    WorldState& w = ctx.world;
    for (const std::uint32_t k : w.joints.oneAtATime)
    {
        JointRecord& j = w.joints.records[w.joints.solved[k]];
        const JointFrame& f = w.joints.frames[k];
        visitKind(j, [&](auto& kind) { warmStartJoint(kind, f, w.solverBodies); });
    }
    warmStartWideJoints(ctx);
}

void solveJoints(StepContext& ctx)
{
    WorldState& w = ctx.world;
    for (const std::uint32_t k : w.joints.oneAtATime)
    {
        JointRecord& j = w.joints.records[w.joints.solved[k]];
        const JointFrame& f = w.joints.frames[k];
        visitKind(j, [&](auto& kind) { solveJoint(kind, f, ctx, w.solverBodies); });
        keepAwakeWhileCapped(w, j, ctx);
    }
    solveWideJoints(ctx);
}

bool solveJointPositions(StepContext& ctx)
{
    WorldState& w = ctx.world;
    bool solved = true;
    for (std::size_t k = 0; k < w.joints.solved.size(); ++k)
    {
        const JointRecord& j = w.joints.records[w.joints.solved[k]];
        const JointFrame& f = w.joints.frames[k];
        solved =
            visitKind(j, [&](const auto& kind) { return solveJointPosition(kind, f, w.solverBodies); }) &&
            solved;
    }
    return solved;
}

void storeJointImpulses(StepContext& ctx)
{
    WorldState& w = ctx.world;
    const auto toStep = static_cast<float>(ctx.subSteps);
    const std::vector<std::uint32_t>& solved = w.joints.solved;
    for (std::size_t k = 0; k < solved.size(); ++k)
    {
        JointRecord& j = w.joints.records[solved[k]];
        Vec2 inLane;
        if (laneImpulse(w.joints.wide, k, inLane))
        {
            std::get<RevoluteJoint>(j.kind).linearImpulse = inLane;
        }
        visitKind(j, [toStep](auto& kind) { storeJointImpulses(kind, toStep); });
    }
}

void breakJoints(StepContext& ctx)
{
    WorldState& w = ctx.world;
    if (!w.joints.anyBreakable)
    {
        return;
    }
    for (const std::uint32_t i : w.joints.solved)
    {
        JointRecord& j = w.joints.records[i];
        if (!j.alive || !breakable(j))
        {
            continue;
        }
        const JointReaction r = reactionOf(j, ctx.invDt);
        if (lengthSquared(r.force) > j.breakForce * j.breakForce || std::fabs(r.torque) > j.breakTorque)
        {
            w.jointBreakEvents.push_back(
                {w.jointIdOf(i), w.idOf(j.bodyA), w.idOf(j.bodyB), r.force, r.torque});
            w.destroyJoint(i, true);
        }
    }
}

} // namespace detail

JointId World::createJoint(const JointDef& def)
{
    WorldState& w = *m_impl;
    w.checkNotInCallback("createJoint");
    if (!isValid(def.bodyA))
    {
        fail("createJoint", "bodyA is stale or invalid");
    }
    if (!isValid(def.bodyB))
    {
        fail("createJoint", "bodyB is stale or invalid");
    }
    if (def.bodyA == def.bodyB)
    {
        fail("createJoint", "bodyA and bodyB must be different bodies");
    }
    const std::uint32_t a = def.bodyA.index;
    const std::uint32_t b = def.bodyB.index;
    if (w.records[a].type != BodyType::Dynamic && w.records[b].type != BodyType::Dynamic)
    {
        fail("createJoint", "bodyA or bodyB must be dynamic");
    }
    std::visit([](const auto& params) { validateJointParams("createJoint", params); }, def.params);
    validateBreakThresholds("createJoint", def.breakForce, def.breakTorque);
    if (std::holds_alternative<MouseJointDef>(def.params) && w.records[b].type != BodyType::Dynamic)
    {
        fail("createJoint", "a mouse joint's bodyB must be dynamic");
    }

    const BodyState& sa = w.states[a];
    const BodyState& sb = w.states[b];
    const JointPlacement placement{sa.position, sb.position, sa.q, sb.angle - sa.angle};
    const auto [anchorA, anchorB] = anchorsOf(def, placement);
    const std::uint32_t slot = takeSlot(w.joints);
    JointRecord& j = w.joints.records[slot];
    const std::uint32_t generation = j.generation;
    j = JointRecord{.generation = generation,
                    .alive = true,
                    .collideConnected = def.collideConnected,
                    .breakForce = def.breakForce,
                    .breakTorque = def.breakTorque,
                    .bodyA = a,
                    .bodyB = b,
                    .localAnchorA = invRotate(sa.q, anchorA - sa.position),
                    .localAnchorB = invRotate(sb.q, anchorB - sb.position),
                    .edges = {},
                    .kind = makeJointKind(def, placement)};
    link(w, slot, 0);
    link(w, slot, 1);
    if (!def.collideConnected)
    {
        dropContactsBetween(w, a, b);
    }
    w.wake(a);
    w.wake(b);
    ++w.joints.count;
    return w.jointIdOf(slot);
}

void World::destroyJoint(JointId id)
{
    WorldState& w = *m_impl;
    w.checkNotInCallback("destroyJoint");
    w.destroyJoint(w.checkedJoint(id, "destroyJoint"), true);
}

bool World::isValid(JointId id) const
{
    const Joints& joints = m_impl->joints;
    return id.index < joints.records.size() && joints.records[id.index].alive &&
           joints.records[id.index].generation == id.generation;
}

int World::jointCount() const
{
    return m_impl->joints.count;
}

std::vector<JointId> World::joints(BodyId body) const
{
    const WorldState& w = *m_impl;
    std::vector<JointId> out;
    for (std::int32_t edge = w.records[w.checkedIndex(body, "joints")].jointHead; edge != kNullIndex;)
    {
        const auto joint = static_cast<std::uint32_t>(edge >> 1);
        out.push_back(w.jointIdOf(joint));
        edge = w.joints.records[joint].edges[edge & 1].next;
    }
    std::sort(out.begin(), out.end(), [](JointId x, JointId y) { return x.index < y.index; });
    return out;
}

JointType World::jointType(JointId id) const
{
    return typeOf(m_impl->joints.records[m_impl->checkedJoint(id, "jointType")]);
}

BodyId World::jointBodyA(JointId id) const
{
    return m_impl->idOf(m_impl->joints.records[m_impl->checkedJoint(id, "jointBodyA")].bodyA);
}

BodyId World::jointBodyB(JointId id) const
{
    return m_impl->idOf(m_impl->joints.records[m_impl->checkedJoint(id, "jointBodyB")].bodyB);
}

namespace
{

// The joint's reaction over the last step (none before the first).
JointReaction lastReaction(const WorldState& w, JointId id, const char* what)
{
    const JointRecord& j = w.joints.records[w.checkedJoint(id, what)];
    return reactionOf(j, w.previousDt > 0.0f ? 1.0f / w.previousDt : 0.0f);
}

// The joint's record, when it is of the given type.
template <class Kind>
const Kind& jointOf(const WorldState& w, JointId id, const char* what, const char* typeName)
{
    const Kind* kind = std::get_if<Kind>(&w.joints.records[w.checkedJoint(id, what)].kind);
    if (kind == nullptr)
    {
        fail(what, std::string("the joint is not a ") + typeName + " joint");
    }
    return *kind;
}

// A joint's anchors in the world now.
std::pair<Vec2, Vec2> worldAnchors(const WorldState& w, const JointRecord& j)
{
    const BodyState& sa = w.states[j.bodyA];
    const BodyState& sb = w.states[j.bodyB];
    return {sa.position + rotate(sa.q, j.localAnchorA), sb.position + rotate(sb.q, j.localAnchorB)};
}

} // namespace

Vec2 World::reactionForce(JointId id) const
{
    return lastReaction(*m_impl, id, "reactionForce").force;
}

float World::reactionTorque(JointId id) const
{
    return lastReaction(*m_impl, id, "reactionTorque").torque;
}

float World::jointAngle(JointId id) const
{
    const WorldState& w = *m_impl;
    const RevoluteJoint& revolute = jointOf<RevoluteJoint>(w, id, "jointAngle", "revolute");
    const JointRecord& j = w.joints.records[id.index];
    return w.states[j.bodyB].angle - w.states[j.bodyA].angle - revolute.referenceAngle;
}

float World::jointSpeed(JointId id) const
{
    const WorldState& w = *m_impl;
    jointOf<RevoluteJoint>(w, id, "jointSpeed", "revolute");
    const JointRecord& j = w.joints.records[id.index];
    return w.states[j.bodyB].w - w.states[j.bodyA].w;
}

float World::currentLength(JointId id) const
{
    const WorldState& w = *m_impl;
    jointOf<DistanceJoint>(w, id, "currentLength", "distance");
    const auto [anchorA, anchorB] = worldAnchors(w, w.joints.records[id.index]);
    return distance(anchorA, anchorB);
}

} // namespace oblique

namespace oblique
{

using namespace detail;

namespace
{

void wakeJoint(WorldState& w, JointId id)
{
    w.wake(w.joints.records[id.index].bodyA);
    w.wake(w.joints.records[id.index].bodyB);
}

// Changes a joint's settings through its definition: checked as createJoint checks one, and
// nothing changes when refused. `types` names the types that have the setting.
template <class Change>
void tuneDef(WorldState& w, JointId id, const char* what, const char* types, Change change)
{
    JointRecord& j = w.joints.records[w.checkedJoint(id, what)];
    const bool applied = std::visit(
        [&](auto& kind)
        {
            if constexpr (requires { kind.def; })
            {
                if constexpr (std::is_invocable_v<Change&, decltype(kind.def)&>)
                {
                    auto def = kind.def;
                    change(def);
                    validateJointParams(what, def);
                    kind.def = def;
                    return true;
                }
            }
            return false;
        },
        j.kind);
    if (!applied)
    {
        fail(what, std::string("the joint is not a ") + types + " joint");
    }
    wakeJoint(w, id);
}

// The joint's record and its state, when it is of the given type; null otherwise.
template <class Kind>
Kind* kindIf(WorldState& w, JointId id, const char* what)
{
    return std::get_if<Kind>(&w.joints.records[w.checkedJoint(id, what)].kind);
}

// A slider's geometry in the world now: the translation along its axis and its rate.
struct SliderState
{
    float translation = 0.0f;
    float speed = 0.0f;
};

SliderState sliderState(const WorldState& w, const JointRecord& j, Vec2 localAxisA)
{
    const BodyState& sa = w.states[j.bodyA];
    const BodyState& sb = w.states[j.bodyB];
    const Vec2 anchorA = sa.position + rotate(sa.q, j.localAnchorA);
    const Vec2 anchorB = sb.position + rotate(sb.q, j.localAnchorB);
    const Vec2 axis = rotate(sa.q, localAxisA);
    const Vec2 d = anchorB - anchorA;
    const Vec2 speedA = sa.v + cross(sa.w, anchorA - sa.center);
    const Vec2 speedB = sb.v + cross(sb.w, anchorB - sb.center);
    return {dot(d, axis), dot(speedB - speedA, axis) + dot(d, cross(sa.w, axis))};
}

SliderState sliderStateOf(const WorldState& w, JointId id, const char* what)
{
    const JointRecord& j = w.joints.records[w.checkedJoint(id, what)];
    if (const auto* prismatic = std::get_if<PrismaticJoint>(&j.kind))
    {
        return sliderState(w, j, prismatic->localAxisA);
    }
    if (const auto* wheel = std::get_if<WheelJoint>(&j.kind))
    {
        return sliderState(w, j, wheel->localAxisA);
    }
    fail(what, "the joint is not a prismatic or wheel joint");
}

// Where a joint is now: its anchors and A's turn, B's angle relative to A less the joint's
// reference, and a slider's travel; a definition made from it counts angles and travel from here.
struct JointNow
{
    Vec2 anchorA;
    Vec2 anchorB;
    Rot qA;
    float angle = 0.0f;       // B's angle less A's, less the reference angle
    float translation = 0.0f; // sliders
};

// Each type's definition as the joint is now (see World::jointDef): limits move by the angle or
// travel so far, so they stay where they are.
RevoluteJointDef currentDef(const RevoluteJoint& kind, const JointNow& now)
{
    RevoluteJointDef def = kind.def;
    def.anchor = now.anchorA;
    def.lowerAngle -= now.angle;
    def.upperAngle -= now.angle;
    return def;
}
DistanceJointDef currentDef(const DistanceJoint& kind, const JointNow& now)
{
    return {.anchorA = now.anchorA,
            .anchorB = now.anchorB,
            .length = kind.length,
            .hertz = kind.hertz,
            .dampingRatio = kind.dampingRatio,
            .minLength = kind.minLength,
            .maxLength = kind.maxLength};
}
PrismaticJointDef currentDef(const PrismaticJoint& kind, const JointNow& now)
{
    PrismaticJointDef def = kind.def;
    def.anchor = now.anchorA;
    def.axis = rotate(now.qA, kind.localAxisA);
    def.lower -= now.translation;
    def.upper -= now.translation;
    return def;
}
WeldJointDef currentDef(const WeldJoint& kind, const JointNow& now)
{
    WeldJointDef def = kind.def;
    def.anchor = now.anchorA;
    return def;
}
WheelJointDef currentDef(const WheelJoint& kind, const JointNow& now)
{
    WheelJointDef def = kind.def;
    def.anchor = now.anchorB;
    def.axis = rotate(now.qA, kind.localAxisA);
    def.lower -= now.translation;
    def.upper -= now.translation;
    return def;
}
MotorJointDef currentDef(const MotorJoint& kind, const JointNow& /*now*/)
{
    return {.linearOffset = kind.linearOffset,
            .angularOffset = kind.angularOffset,
            .maxForce = kind.maxForce,
            .maxTorque = kind.maxTorque,
            .correctionFactor = kind.correctionFactor};
}
MouseJointDef currentDef(const MouseJoint& kind, const JointNow& /*now*/)
{
    return kind.def;
}

// The reference angle of the types that keep one.
float referenceAngleOf(const JointKind& kind)
{
    if (const auto* revolute = std::get_if<RevoluteJoint>(&kind))
    {
        return revolute->referenceAngle;
    }
    if (const auto* prismatic = std::get_if<PrismaticJoint>(&kind))
    {
        return prismatic->referenceAngle;
    }
    if (const auto* weld = std::get_if<WeldJoint>(&kind))
    {
        return weld->referenceAngle;
    }
    return 0.0f;
}

} // namespace

float World::jointTranslation(JointId id) const
{
    return sliderStateOf(*m_impl, id, "jointTranslation").translation;
}

float World::jointTranslationSpeed(JointId id) const
{
    return sliderStateOf(*m_impl, id, "jointTranslationSpeed").speed;
}

Vec2 World::jointAnchorA(JointId id) const
{
    const WorldState& w = *m_impl;
    const JointRecord& j = w.joints.records[w.checkedJoint(id, "jointAnchorA")];
    if (const auto* mouse = std::get_if<MouseJoint>(&j.kind))
    {
        return mouse->def.target;
    }
    const BodyState& s = w.states[j.bodyA];
    return s.position + rotate(s.q, j.localAnchorA);
}

Vec2 World::jointAnchorB(JointId id) const
{
    const WorldState& w = *m_impl;
    const JointRecord& j = w.joints.records[w.checkedJoint(id, "jointAnchorB")];
    const BodyState& s = w.states[j.bodyB];
    return s.position + rotate(s.q, j.localAnchorB);
}

JointDef World::jointDef(JointId id) const
{
    const WorldState& w = *m_impl;
    const JointRecord& j = w.joints.records[w.checkedJoint(id, "jointDef")];
    const BodyState& sa = w.states[j.bodyA];
    JointNow now{.anchorA = jointAnchorA(id),
                 .anchorB = jointAnchorB(id),
                 .qA = sa.q,
                 .angle = w.states[j.bodyB].angle - sa.angle - referenceAngleOf(j.kind)};
    if (std::holds_alternative<PrismaticJoint>(j.kind) || std::holds_alternative<WheelJoint>(j.kind))
    {
        now.translation = jointTranslation(id);
    }
    JointDef def{.bodyA = w.idOf(j.bodyA),
                 .bodyB = w.idOf(j.bodyB),
                 .collideConnected = j.collideConnected,
                 .breakForce = j.breakForce,
                 .breakTorque = j.breakTorque};
    std::visit([&](const auto& kind) { def.params = currentDef(kind, now); }, j.kind);
    return def;
}

void World::setMotorEnabled(JointId id, bool enabled)
{
    tuneDef(
        *m_impl, id, "setMotorEnabled",
        "revolute, prismatic or wheel", [enabled](auto& def) requires requires { def.enableMotor; } {
            def.enableMotor = enabled;
        });
}

void World::setMotorSpeed(JointId id, float speed)
{
    tuneDef(
        *m_impl, id, "setMotorSpeed",
        "revolute, prismatic or wheel", [speed](auto& def) requires requires { def.motorSpeed; } {
            def.motorSpeed = speed;
        });
}

void World::setMaxMotorEffort(JointId id, float effort)
{
    tuneDef(
        *m_impl, id, "setMaxMotorEffort", "revolute, prismatic or wheel",
        [effort](auto& def) requires requires { def.maxMotorTorque; } || requires { def.maxMotorForce; } {
            if constexpr (requires { def.maxMotorTorque; })
            {
                def.maxMotorTorque = effort;
            }
            else
            {
                def.maxMotorForce = effort;
            }
        });
}

void World::setLimitEnabled(JointId id, bool enabled)
{
    tuneDef(
        *m_impl, id, "setLimitEnabled",
        "revolute, prismatic or wheel", [enabled](auto& def) requires requires { def.enableLimit; } {
            def.enableLimit = enabled;
        });
}

void World::setLimits(JointId id, float lower, float upper)
{
    tuneDef(
        *m_impl, id, "setLimits", "revolute, prismatic or wheel",
        [ lower, upper ](auto& def) requires requires { def.lowerAngle; } || requires { def.lower; } {
            if constexpr (requires { def.lowerAngle; })
            {
                def.lowerAngle = lower;
                def.upperAngle = upper;
            }
            else
            {
                def.lower = lower;
                def.upper = upper;
            }
        });
}

void World::setSpring(JointId id, float hertz, float dampingRatio)
{
    WorldState& w = *m_impl;
    if (auto* distance = kindIf<DistanceJoint>(w, id, "setSpring"))
    {
        requireNonNegative("setSpring", "hertz", hertz);
        requireNonNegative("setSpring", "dampingRatio", dampingRatio);
        distance->hertz = hertz;
        distance->dampingRatio = dampingRatio;
        wakeJoint(w, id);
        return;
    }
    tuneDef(
        w, id, "setSpring", "distance, weld, wheel or mouse",
        [ hertz, dampingRatio ](auto& def) requires requires { def.hertz; } {
            def.hertz = hertz;
            def.dampingRatio = dampingRatio;
        });
}

void World::setMouseTarget(JointId id, Vec2 target)
{
    tuneDef(
        *m_impl, id, "setMouseTarget",
        "mouse", [target](auto& def) requires requires { def.target; } { def.target = target; });
}

void World::setMotorOffsets(JointId id, Vec2 linearOffset, float angularOffset)
{
    WorldState& w = *m_impl;
    auto* motor = kindIf<MotorJoint>(w, id, "setMotorOffsets");
    if (motor == nullptr)
    {
        fail("setMotorOffsets", "the joint is not a motor joint");
    }
    requireInRange("setMotorOffsets", "linearOffset", linearOffset);
    requireFinite("setMotorOffsets", "angularOffset", angularOffset);
    motor->linearOffset = linearOffset;
    motor->angularOffset = angularOffset;
    // A's anchor is the offset point.
    w.joints.records[id.index].localAnchorA = linearOffset;
    wakeJoint(w, id);
}

void World::setMaxForce(JointId id, float force)
{
    WorldState& w = *m_impl;
    if (auto* motor = kindIf<MotorJoint>(w, id, "setMaxForce"))
    {
        requireNonNegative("setMaxForce", "force", force);
        motor->maxForce = force;
        wakeJoint(w, id);
        return;
    }
    tuneDef(
        w, id, "setMaxForce",
        "motor or mouse", [force](auto& def) requires requires { def.maxForce; } { def.maxForce = force; });
}

void World::setMaxTorque(JointId id, float torque)
{
    WorldState& w = *m_impl;
    auto* motor = kindIf<MotorJoint>(w, id, "setMaxTorque");
    if (motor == nullptr)
    {
        fail("setMaxTorque", "the joint is not a motor joint");
    }
    requireNonNegative("setMaxTorque", "torque", torque);
    motor->maxTorque = torque;
    wakeJoint(w, id);
}

void World::setBreakThresholds(JointId id, float force, float torque)
{
    WorldState& w = *m_impl;
    JointRecord& j = w.joints.records[w.checkedJoint(id, "setBreakThresholds")];
    validateBreakThresholds("setBreakThresholds", force, torque);
    j.breakForce = force;
    j.breakTorque = torque;
    wakeJoint(w, id);
}

std::span<const JointBreakEvent> World::jointBreakEvents() const
{
    return m_impl->jointBreakEvents;
}

} // namespace oblique
