// Joints: creation and destruction, the calls that read them, and the joint stages of the step,
// dispatched on each joint's type here and nowhere else.

#include "joint.hpp"

#include "oblique/world.hpp"
#include "step_context.hpp"
#include "validation.hpp"
#include "world_state.hpp"

#include <algorithm>
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

// The anchors a definition gives, in the world: A's and B's.
std::pair<Vec2, Vec2> anchorsOf(const RevoluteJointDef& def)
{
    return {def.anchor, def.anchor};
}
std::pair<Vec2, Vec2> anchorsOf(const DistanceJointDef& def)
{
    return {def.anchorA, def.anchorB};
}

template <class Def>
std::pair<Vec2, Vec2> anchorsOf(const Def&)
{
    return {};
}
template <class Def>
void validateJointParams(const char* function, const Def&)
{
    fail(function, "this joint type is being built");
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
    const auto moves = [](const BodyRecord& r) { return r.type == BodyType::Dynamic && r.solverIndex != 0; };
    return a.enabled && b.enabled && (moves(a) || moves(b));
}

// The joint's two bodies as the solver has them at the start of the step.
JointFrame frameOf(const WorldState& w, const JointRecord& j)
{
    const BodyRecord& ra = w.records[j.bodyA];
    const BodyRecord& rb = w.records[j.bodyB];
    const BodyState& sa = w.states[j.bodyA];
    const BodyState& sb = w.states[j.bodyB];
    JointFrame f;
    f.indexA = ra.solverIndex;
    f.indexB = rb.solverIndex;
    const Vec2 localA = j.localAnchorA - ra.localCenter;
    const Vec2 localB = j.localAnchorB - rb.localCenter;
    f.rA = rotate(sa.q, localA);
    f.rB = rotate(sb.q, localB);
    f.deltaCenter = sb.center - sa.center;
    f.localA = f.indexA == 0 ? sa.center + f.rA : localA;
    f.localB = f.indexB == 0 ? sb.center + f.rB : localB;
    f.angleOffset = (f.indexB == 0 ? sb.angle : 0.0f) - (f.indexA == 0 ? sa.angle : 0.0f);
    return f;
}

} // namespace

JointKind makeJointKind(const JointDef& def, float referenceAngle)
{
    if (const auto* revolute = std::get_if<RevoluteJointDef>(&def.params))
    {
        RevoluteJoint joint;
        joint.def = *revolute;
        joint.referenceAngle = referenceAngle;
        return joint;
    }
    const auto& distance = std::get<DistanceJointDef>(def.params);
    return makeDistanceJoint(distance, oblique::distance(distance.anchorA, distance.anchorB));
}

JointReaction reactionOf(const JointRecord& j, float invDt)
{
    return visitKind(j, [invDt](const auto& kind) { return reactionOf(kind, invDt); });
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

void prepareJoints(StepContext& ctx)
{
    WorldState& w = ctx.world;
    Joints& joints = w.joints;
    joints.solved.clear();
    const auto slots = static_cast<std::uint32_t>(joints.records.size());
    for (std::uint32_t i = 0; i < slots; ++i)
    {
        JointRecord& j = joints.records[i];
        if (!j.alive || !isSolved(w, j))
        {
            continue;
        }
        j.frame = frameOf(w, j);
        visitKind(j, [&](auto& kind) { prepareJoint(kind, j.frame, ctx, w.solverBodies); });
        joints.solved.push_back(i);
    }
}

void warmStartJoints(StepContext& ctx)
{
    WorldState& w = ctx.world;
    for (const std::uint32_t i : w.joints.solved)
    {
        JointRecord& j = w.joints.records[i];
        visitKind(j, [&](const auto& kind) { warmStartJoint(kind, j.frame, w.solverBodies); });
    }
}

void solveJoints(StepContext& ctx)
{
    WorldState& w = ctx.world;
    for (const std::uint32_t i : w.joints.solved)
    {
        JointRecord& j = w.joints.records[i];
        visitKind(j, [&](auto& kind) { solveJoint(kind, j.frame, ctx, w.solverBodies); });
    }
}

bool solveJointPositions(StepContext& ctx)
{
    WorldState& w = ctx.world;
    bool solved = true;
    for (const std::uint32_t i : w.joints.solved)
    {
        const JointRecord& j = w.joints.records[i];
        solved = visitKind(j, [&](const auto& kind)
                           { return solveJointPosition(kind, j.frame, w.solverBodies); }) &&
                 solved;
    }
    return solved;
}

void storeJointImpulses(StepContext& ctx)
{
    WorldState& w = ctx.world;
    const auto toStep = static_cast<float>(ctx.subSteps);
    for (const std::uint32_t i : w.joints.solved)
    {
        visitKind(w.joints.records[i], [toStep](auto& kind) { storeJointImpulses(kind, toStep); });
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

    const std::uint32_t slot = takeSlot(w.joints);
    JointRecord& j = w.joints.records[slot];
    const std::uint32_t generation = j.generation;
    const BodyState& sa = w.states[a];
    const BodyState& sb = w.states[b];
    const auto [anchorA, anchorB] =
        std::visit([](const auto& params) { return anchorsOf(params); }, def.params);
    j = JointRecord{.generation = generation,
                    .alive = true,
                    .collideConnected = def.collideConnected,
                    .bodyA = a,
                    .bodyB = b,
                    .localAnchorA = invRotate(sa.q, anchorA - sa.position),
                    .localAnchorB = invRotate(sb.q, anchorB - sb.position),
                    .edges = {},
                    .frame = {},
                    .kind = makeJointKind(def, sb.angle - sa.angle)};
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
