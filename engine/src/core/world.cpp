#include "oblique/world.hpp"

#include "oblique/api_error.hpp"
#include "oblique/overlap.hpp"
#include "world_impl.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <numbers>
#include <stdexcept>
#include <string>

namespace oblique
{

using namespace detail;

namespace
{

using Clock = std::chrono::steady_clock;

float millisecondsSince(Clock::time_point start)
{
    return std::chrono::duration<float, std::milli>(Clock::now() - start).count();
}

[[noreturn]] void fail(const char* function, const std::string& message)
{
    reportApiError((std::string(function) + ": " + message).c_str());
}

void requireFinite(const char* function, const char* name, float value)
{
    if (!std::isfinite(value))
    {
        fail(function, std::string(name) + " must be finite");
    }
}

void requireFinite(const char* function, const char* name, Vec2 value)
{
    if (!isFinite(value))
    {
        fail(function, std::string(name) + " must be finite");
    }
}

void validateShape(const char* function, const ShapeDef& s)
{
    if (s.kind == ShapeKind::Box)
    {
        if (!(s.halfExtents.x > 0.0f) || !(s.halfExtents.y > 0.0f) || !(s.halfExtents.x <= kWorldLimit) ||
            !(s.halfExtents.y <= kWorldLimit))
        {
            fail(function, "shape.halfExtents must be > 0 and at most 1e18");
        }
    }
    else if (s.kind == ShapeKind::Circle)
    {
        if (!(s.radius > 0.0f) || !(s.radius <= kWorldLimit))
        {
            fail(function, "shape.radius must be > 0 and at most 1e18");
        }
    }
    else
    {
        fail(function, "shape.kind must be Box or Circle");
    }
    if (!std::isfinite(s.density) || s.density < 0.0f)
    {
        fail(function, "shape.density must be finite and >= 0");
    }
    if (!std::isfinite(s.friction) || s.friction < 0.0f)
    {
        fail(function, "shape.friction must be finite and >= 0");
    }
    if (!std::isfinite(s.restitution) || s.restitution < 0.0f || s.restitution > 1.0f)
    {
        fail(function, "shape.restitution must be in [0, 1]");
    }
}

void requireInRange(const char* function, Vec2 position)
{
    if (!(std::fabs(position.x) <= kWorldLimit) || !(std::fabs(position.y) <= kWorldLimit))
    {
        fail(function, "position must be finite and within 1e18 m of the origin");
    }
}

void validateBody(const char* function, const BodyDef& b)
{
    if (b.type != BodyType::Static && b.type != BodyType::Kinematic && b.type != BodyType::Dynamic)
    {
        fail(function, "body.type is not a body type");
    }
    requireInRange(function, b.position);
    requireFinite(function, "body.angle", b.angle);
    requireFinite(function, "body.linearVelocity", b.linearVelocity);
    requireFinite(function, "body.angularVelocity", b.angularVelocity);
    requireFinite(function, "body.gravityScale", b.gravityScale);
    if (!std::isfinite(b.linearDamping) || b.linearDamping < 0.0f)
    {
        fail(function, "body.linearDamping must be finite and >= 0");
    }
    if (!std::isfinite(b.angularDamping) || b.angularDamping < 0.0f)
    {
        fail(function, "body.angularDamping must be finite and >= 0");
    }
    if (b.type == BodyType::Static && (b.linearVelocity != Vec2{} || b.angularVelocity != 0.0f))
    {
        fail(function, "a static body cannot have a velocity (use a kinematic body)");
    }
}

constexpr bool operator!=(Vec2 a, Vec2 b)
{
    return !(a == b);
}

struct MassData
{
    float mass = 0.0f;
    float invMass = 0.0f;
    float inertia = 0.0f;
    float invInertia = 0.0f;
};

// Mass and rotational inertia about the centre from density; throws when they overflow, before
// the world has been touched.
MassData massDataOf(const char* function, const BodyDef& body, const ShapeDef& shape)
{
    MassData m;
    if (body.type != BodyType::Dynamic)
    {
        return m;
    }
    float area;
    float inertiaPerMass;
    if (shape.kind == ShapeKind::Box)
    {
        area = 4.0f * shape.halfExtents.x * shape.halfExtents.y;
        inertiaPerMass =
            (shape.halfExtents.x * shape.halfExtents.x + shape.halfExtents.y * shape.halfExtents.y) / 3.0f;
    }
    else
    {
        area = std::numbers::pi_v<float> * shape.radius * shape.radius;
        inertiaPerMass = 0.5f * shape.radius * shape.radius;
    }
    m.mass = shape.density * area;
    m.inertia = m.mass * inertiaPerMass;
    if (!std::isfinite(m.mass) || !std::isfinite(m.inertia))
    {
        fail(function, "the shape is too large or too dense: its mass or inertia overflows a float");
    }
    // The solver works with 1/mass and 1/inertia; below 1e-30 they leave float range.
    constexpr float kSmallest = 1.0e-30f;
    if ((m.mass > 0.0f && m.mass < kSmallest) || (m.inertia > 0.0f && m.inertia < kSmallest))
    {
        fail(function, "the shape is too small or too light: its mass or inertia is below 1e-30 "
                       "(use density 0 for a body that should weigh nothing)");
    }
    if (!(m.mass > 0.0f))
    {
        // Like Box2D: a massless dynamic body still responds, as 1 kg that cannot turn.
        m.mass = 1.0f;
        m.inertia = 0.0f;
    }
    m.invMass = 1.0f / m.mass;
    if (body.fixedRotation || !(m.inertia > 0.0f))
    {
        m.inertia = 0.0f;
    }
    else
    {
        m.invInertia = 1.0f / m.inertia;
    }
    return m;
}

void validateIterations(const char* function, int velocityIterations, int positionIterations)
{
    if (velocityIterations < 1)
    {
        fail(function, "velocityIterations must be >= 1");
    }
    if (positionIterations < 0)
    {
        fail(function, "positionIterations must be >= 0");
    }
}

Manifold collideBodies(const ShapeDef& sa, const BodyState& a, const ShapeDef& sb, const BodyState& b,
                       float speculative)
{
    if (sa.kind == ShapeKind::Box)
    {
        const Obb boxA{a.position, sa.halfExtents, a.angle, a.q};
        if (sb.kind == ShapeKind::Box)
        {
            return collideBoxes(boxA, Obb{b.position, sb.halfExtents, b.angle, b.q}, speculative);
        }
        return collideBoxCircle(boxA, Circle{b.position, sb.radius}, speculative);
    }
    const Circle circleA{a.position, sa.radius};
    if (sb.kind == ShapeKind::Box)
    {
        return collideCircleBox(circleA, Obb{b.position, sb.halfExtents, b.angle, b.q}, speculative);
    }
    return collideCircles(circleA, Circle{b.position, sb.radius}, speculative);
}

// An upper bound on how fast any point of the body's shape moves.
float pointSpeedBound(const BodyRecord& r, const BodyState& s)
{
    if (r.type == BodyType::Static)
    {
        return 0.0f;
    }
    const float reach = r.shape.kind == ShapeKind::Box ? length(r.shape.halfExtents) : r.shape.radius;
    return length(s.v) + std::fabs(s.w) * reach;
}

bool overlapBodies(const ShapeDef& sa, const BodyState& a, const ShapeDef& sb, const BodyState& b)
{
    if (sa.kind == ShapeKind::Box)
    {
        const Obb boxA{a.position, sa.halfExtents, a.angle, a.q};
        if (sb.kind == ShapeKind::Box)
        {
            return testOverlap(boxA, Obb{b.position, sb.halfExtents, b.angle, b.q});
        }
        return testOverlap(boxA, Circle{b.position, sb.radius});
    }
    const Circle circleA{a.position, sa.radius};
    if (sb.kind == ShapeKind::Box)
    {
        return testOverlap(circleA, Obb{b.position, sb.halfExtents, b.angle, b.q});
    }
    return testOverlap(circleA, Circle{b.position, sb.radius});
}

} // namespace

// ---------------------------------------------------------------------------------------------
// Impl helpers

std::uint32_t WorldState::checkedIndex(BodyId id, const char* what) const
{
    if (id.index >= records.size() || !records[id.index].alive ||
        records[id.index].generation != id.generation)
    {
        fail(what, "body handle is stale or invalid");
    }
    return id.index;
}

Aabb WorldState::shapeAabb(std::uint32_t index) const
{
    const BodyRecord& r = records[index];
    const BodyState& s = states[index];
    if (r.shape.kind == ShapeKind::Box)
    {
        return aabbOf(Obb{s.position, r.shape.halfExtents, s.angle, s.q});
    }
    return aabbOf(Circle{s.position, r.shape.radius});
}

void WorldState::wake(std::uint32_t index)
{
    BodyRecord& r = records[index];
    if (r.type == BodyType::Static)
    {
        return;
    }
    if (!r.awake)
    {
        r.awake = true;
        r.sleepTime = 0.0f;
    }
}

void WorldState::createContact(std::uint32_t a, std::uint32_t b)
{
    std::int32_t c;
    if (!freeContacts.empty())
    {
        c = freeContacts.back();
        freeContacts.pop_back();
    }
    else
    {
        c = static_cast<std::int32_t>(contacts.size());
        contacts.emplace_back();
    }
    Contact& contact = contacts[static_cast<std::size_t>(c)];
    contact = Contact{};
    contact.a = a;
    contact.b = b;
    contact.flags = kContactAlive;
    const ShapeDef& sa = records[a].shape;
    const ShapeDef& sb = records[b].shape;
    if (sa.isSensor || sb.isSensor)
    {
        contact.flags |= kContactSensor;
    }
    contact.friction = std::sqrt(sa.friction * sb.friction);
    contact.restitution = std::max(sa.restitution, sb.restitution);

    // Push onto the front of both bodies' lists.
    for (int side = 0; side < 2; ++side)
    {
        BodyRecord& r = records[side == 0 ? a : b];
        const std::int32_t key = c * 2 + side;
        contact.edges[side].prev = kNullIndex;
        contact.edges[side].next = r.contactHead;
        if (r.contactHead != kNullIndex)
        {
            Contact& head = contacts[static_cast<std::size_t>(r.contactHead >> 1)];
            head.edges[r.contactHead & 1].prev = key;
        }
        r.contactHead = key;
    }
    contactMap.insert(pairKey(a, b), c);
    ++contactCount;
}

void WorldState::destroyContact(std::int32_t c, bool reportEnd)
{
    Contact& contact = contacts[static_cast<std::size_t>(c)];
    if ((contact.flags & (kContactTouching | kContactSensor)) == kContactTouching)
    {
        --touchingContacts;
    }
    if (reportEnd && (contact.flags & kContactTouching) != 0)
    {
        if ((contact.flags & kContactSensor) != 0)
        {
            const bool aIsSensor = records[contact.a].shape.isSensor;
            sensorEndEvents.push_back(
                {idOf(aIsSensor ? contact.a : contact.b), idOf(aIsSensor ? contact.b : contact.a)});
        }
        else
        {
            endEvents.push_back({idOf(contact.a), idOf(contact.b)});
        }
    }
    for (int side = 0; side < 2; ++side)
    {
        BodyRecord& r = records[side == 0 ? contact.a : contact.b];
        const ContactEdge edge = contact.edges[side];
        if (edge.prev != kNullIndex)
        {
            contacts[static_cast<std::size_t>(edge.prev >> 1)].edges[edge.prev & 1].next = edge.next;
        }
        else
        {
            r.contactHead = edge.next;
        }
        if (edge.next != kNullIndex)
        {
            contacts[static_cast<std::size_t>(edge.next >> 1)].edges[edge.next & 1].prev = edge.prev;
        }
    }
    contactMap.erase(pairKey(contact.a, contact.b));
    contact.flags = 0;
    freeContacts.push_back(c);
    --contactCount;
}

// Ends every contact of a body, waking what it touched.
void WorldState::dropContacts(std::uint32_t index)
{
    BodyRecord& r = records[index];
    while (r.contactHead != kNullIndex)
    {
        const std::int32_t c = r.contactHead >> 1;
        const Contact& contact = contacts[static_cast<std::size_t>(c)];
        if ((contact.flags & kContactTouching) != 0)
        {
            wake(contact.a == index ? contact.b : contact.a);
        }
        destroyContact(c, true);
    }
}

// Puts a body's proxy back in the tree from scratch, for a body that jumped or changed size.
void WorldState::reinsertProxy(std::uint32_t index)
{
    BodyRecord& r = records[index];
    tree.destroyProxy(r.proxyId);
    std::replace(moveBuffer.begin(), moveBuffer.end(), r.proxyId, kNullNode);
    r.proxyId = tree.createProxy(shapeAabb(index), kAabbMargin, index);
    moveBuffer.push_back(r.proxyId);
}

// Finds pairs for every proxy that moved since the last call and creates their contacts. Pairs
// are sorted before creation so contact order depends only on body indices.
void WorldState::updatePairs()
{
    pairBuffer.clear();
    for (const std::int32_t proxy : moveBuffer)
    {
        if (proxy == kNullNode)
        {
            continue;
        }
        const std::uint32_t self = tree.userData(proxy);
        const BodyRecord& selfRecord = records[self];
        tree.query(tree.fatAabb(proxy),
                   [&](std::int32_t other)
                   {
                       if (other == proxy)
                       {
                           return true;
                       }
                       // When both moved, only the query from the higher proxy reports the pair.
                       if (tree.wasMoved(other) && other > proxy)
                       {
                           return true;
                       }
                       const std::uint32_t body = tree.userData(other);
                       const BodyRecord& otherRecord = records[body];
                       if (selfRecord.type != BodyType::Dynamic && otherRecord.type != BodyType::Dynamic)
                       {
                           return true;
                       }
                       if (!shouldCollide(selfRecord.shape.filter, otherRecord.shape.filter))
                       {
                           return true;
                       }
                       pairBuffer.push_back(pairKey(self, body));
                       return true;
                   });
    }
    for (const std::int32_t proxy : moveBuffer)
    {
        if (proxy != kNullNode)
        {
            tree.clearMoved(proxy);
        }
    }
    moveBuffer.clear();

    std::sort(pairBuffer.begin(), pairBuffer.end());
    pairBuffer.erase(std::unique(pairBuffer.begin(), pairBuffer.end()), pairBuffer.end());
    for (const std::uint64_t key : pairBuffer)
    {
        if (contactMap.find(key) == PairMap::kMissing)
        {
            createContact(static_cast<std::uint32_t>(key >> 32),
                          static_cast<std::uint32_t>(key & 0xFFFFFFFFu));
        }
    }
}

// Updates every contact that has an awake body: drops pairs whose fat boxes parted, computes
// manifolds (with speculative points out to how far the pair can close in dt), carries impulses
// over by feature id, and reports touch changes.
void WorldState::collide(float dt)
{
    // Each body's speed bound once, rather than once for every contact it is in.
    speedBounds.resize(records.size());
    for (std::size_t i = 0; i < records.size(); ++i)
    {
        speedBounds[i] = records[i].alive ? pointSpeedBound(records[i], states[i]) : 0.0f;
    }
    const auto contactEnd = static_cast<std::int32_t>(contacts.size());
    for (std::int32_t c = 0; c < contactEnd; ++c)
    {
        Contact& contact = contacts[static_cast<std::size_t>(c)];
        if ((contact.flags & kContactAlive) == 0)
        {
            continue;
        }
        BodyRecord& ra = records[contact.a];
        BodyRecord& rb = records[contact.b];
        if (!ra.awake && !rb.awake)
        {
            continue;
        }
        if (!overlaps(tree.fatAabb(ra.proxyId), tree.fatAabb(rb.proxyId)))
        {
            destroyContact(c, true);
            continue;
        }
        const BodyState& sa = states[contact.a];
        const BodyState& sb = states[contact.b];
        const bool wasTouching = (contact.flags & kContactTouching) != 0;
        bool touching = false;
        if ((contact.flags & kContactSensor) != 0)
        {
            touching = overlapBodies(ra.shape, sa, rb.shape, sb);
            if (touching != wasTouching)
            {
                const bool aIsSensor = ra.shape.isSensor;
                const SensorEvent e{idOf(aIsSensor ? contact.a : contact.b),
                                    idOf(aIsSensor ? contact.b : contact.a)};
                (touching ? sensorBeginEvents : sensorEndEvents).push_back(e);
            }
        }
        else
        {
            const Manifold old = contact.manifold;
            const float oldNormal[2] = {contact.normalImpulse[0], contact.normalImpulse[1]};
            const float oldTangent[2] = {contact.tangentImpulse[0], contact.tangentImpulse[1]};
            const float speculative =
                kSpeculativeDistance + dt * (speedBounds[contact.a] + speedBounds[contact.b]);
            contact.manifold = collideBodies(ra.shape, sa, rb.shape, sb, speculative);
            for (int i = 0; i < contact.manifold.pointCount; ++i)
            {
                contact.normalImpulse[i] = 0.0f;
                contact.tangentImpulse[i] = 0.0f;
                const std::uint32_t id = key(contact.manifold.points[i].id);
                for (int j = 0; j < old.pointCount; ++j)
                {
                    if (key(old.points[j].id) == id)
                    {
                        contact.normalImpulse[i] = oldNormal[j];
                        contact.tangentImpulse[i] = oldTangent[j];
                        break;
                    }
                }
                touching = touching || contact.manifold.points[i].separation <= kTouchingDistance;
            }
            if (touching != wasTouching)
            {
                wake(contact.a);
                wake(contact.b);
                if (touching)
                {
                    beginEvents.push_back({idOf(contact.a), idOf(contact.b), touchingPart(contact.manifold)});
                    ++touchingContacts;
                }
                else
                {
                    endEvents.push_back({idOf(contact.a), idOf(contact.b)});
                    --touchingContacts;
                }
            }
        }
        contact.flags = static_cast<std::uint8_t>(touching ? (contact.flags | kContactTouching)
                                                           : (contact.flags & ~kContactTouching));
    }
}

// Refits the broadphase proxies of the bodies the solver moved this step. The fat box is
// stretched along the step's displacement so steadily moving bodies rarely need re-inserting.
void WorldState::synchronize(float dt)
{
    for (const std::uint32_t index : solverToBody)
    {
        BodyRecord& r = records[index];
        if (tree.moveProxy(r.proxyId, shapeAabb(index), kAabbMargin, dt * states[index].v))
        {
            moveBuffer.push_back(r.proxyId);
        }
    }
}

void WorldState::countWork()
{
    profile.bodyCount = bodyCount;
    profile.awakeBodyCount = static_cast<int>(solverToBody.size());
    profile.contactCount = contactCount;
    profile.touchingCount = touchingContacts;
    profile.solvedCount = static_cast<int>(constraints.size());
}

// ---------------------------------------------------------------------------------------------
// World

World::World(const WorldDef& def) : m_impl(std::make_unique<WorldState>())
{
    requireFinite("World", "gravity", def.gravity);
    validateIterations("World", def.velocityIterations, def.positionIterations);
    if (!std::isfinite(def.restitutionThreshold) || def.restitutionThreshold < 0.0f)
    {
        fail("World", "restitutionThreshold must be finite and >= 0");
    }
    m_impl->def = def;
    // Slot 0 of the solver arrays is the shared immovable body.
    m_impl->solverVelocities.emplace_back();
    m_impl->solverPoses.emplace_back();
}

World::~World() = default;
World::World(World&&) noexcept = default;
World& World::operator=(World&&) noexcept = default;

BodyId World::createBody(const BodyDef& body, const ShapeDef& shape)
{
    validateBody("createBody", body);
    validateShape("createBody", shape);
    const MassData mass = massDataOf("createBody", body, shape);
    WorldState& w = *m_impl;

    std::uint32_t index;
    if (!w.freeBodies.empty())
    {
        index = w.freeBodies.back();
        w.freeBodies.pop_back();
    }
    else
    {
        index = static_cast<std::uint32_t>(w.records.size());
        w.records.emplace_back();
        w.states.emplace_back();
    }
    BodyRecord& r = w.records[index];
    const std::uint32_t generation = r.generation;
    r = BodyRecord{};
    r.generation = generation;
    r.alive = true;
    r.type = body.type;
    r.awake = body.type != BodyType::Static && body.awake;
    r.allowSleep = body.allowSleep;
    r.fixedRotation = body.fixedRotation;
    r.shape = shape;
    r.linearDamping = body.linearDamping;
    r.angularDamping = body.angularDamping;
    r.gravityScale = body.gravityScale;
    r.userData = body.userData;

    r.mass = mass.mass;
    r.invMass = mass.invMass;
    r.inertia = mass.inertia;
    r.invInertia = mass.invInertia;

    BodyState& s = w.states[index];
    s.position = body.position;
    s.angle = body.angle;
    s.q = makeRot(body.angle);
    s.v = body.type == BodyType::Static ? Vec2{} : body.linearVelocity;
    s.w = body.type == BodyType::Static || body.fixedRotation ? 0.0f : body.angularVelocity;

    r.proxyId = w.tree.createProxy(w.shapeAabb(index), kAabbMargin, index);
    w.moveBuffer.push_back(r.proxyId);
    ++w.bodyCount;
    return w.idOf(index);
}

void World::destroyBody(BodyId id)
{
    WorldState& w = *m_impl;
    const std::uint32_t index = w.checkedIndex(id, "destroyBody");
    BodyRecord& r = w.records[index];
    w.dropContacts(index);
    std::replace(w.moveBuffer.begin(), w.moveBuffer.end(), r.proxyId, kNullNode);
    w.tree.destroyProxy(r.proxyId);
    r.alive = false;
    r.awake = false;
    ++r.generation;
    w.freeBodies.push_back(index);
    --w.bodyCount;
}

bool World::isValid(BodyId id) const
{
    const WorldState& w = *m_impl;
    return id.index < w.records.size() && w.records[id.index].alive &&
           w.records[id.index].generation == id.generation;
}

int World::bodyCount() const
{
    return m_impl->bodyCount;
}

std::vector<BodyId> World::bodies() const
{
    std::vector<BodyId> out;
    out.reserve(static_cast<std::size_t>(m_impl->bodyCount));
    for (std::uint32_t i = 0; i < m_impl->records.size(); ++i)
    {
        if (m_impl->records[i].alive)
        {
            out.push_back(m_impl->idOf(i));
        }
    }
    return out;
}

BodyType World::bodyType(BodyId id) const
{
    return m_impl->records[m_impl->checkedIndex(id, "bodyType")].type;
}
Vec2 World::position(BodyId id) const
{
    return m_impl->states[m_impl->checkedIndex(id, "position")].position;
}
float World::angle(BodyId id) const
{
    return m_impl->states[m_impl->checkedIndex(id, "angle")].angle;
}

Transform World::transform(BodyId id) const
{
    const BodyState& s = m_impl->states[m_impl->checkedIndex(id, "transform")];
    return {s.position, s.q};
}

Vec2 World::linearVelocity(BodyId id) const
{
    return m_impl->states[m_impl->checkedIndex(id, "linearVelocity")].v;
}
float World::angularVelocity(BodyId id) const
{
    return m_impl->states[m_impl->checkedIndex(id, "angularVelocity")].w;
}
float World::mass(BodyId id) const
{
    return m_impl->records[m_impl->checkedIndex(id, "mass")].mass;
}
float World::inertia(BodyId id) const
{
    return m_impl->records[m_impl->checkedIndex(id, "inertia")].inertia;
}
bool World::isAwake(BodyId id) const
{
    return m_impl->records[m_impl->checkedIndex(id, "isAwake")].awake;
}
void* World::userData(BodyId id) const
{
    return m_impl->records[m_impl->checkedIndex(id, "userData")].userData;
}
const ShapeDef& World::shape(BodyId id) const
{
    return m_impl->records[m_impl->checkedIndex(id, "shape")].shape;
}

Obb World::obb(BodyId id) const
{
    const std::uint32_t i = m_impl->checkedIndex(id, "obb");
    const BodyRecord& r = m_impl->records[i];
    if (r.shape.kind != ShapeKind::Box)
    {
        fail("obb", "the body's shape is not a box");
    }
    const BodyState& s = m_impl->states[i];
    return {s.position, r.shape.halfExtents, s.angle, s.q};
}

Circle World::circle(BodyId id) const
{
    const std::uint32_t i = m_impl->checkedIndex(id, "circle");
    const BodyRecord& r = m_impl->records[i];
    if (r.shape.kind != ShapeKind::Circle)
    {
        fail("circle", "the body's shape is not a circle");
    }
    return {m_impl->states[i].position, r.shape.radius};
}

Aabb World::aabb(BodyId id) const
{
    return m_impl->shapeAabb(m_impl->checkedIndex(id, "aabb"));
}

void World::setShape(BodyId id, const ShapeDef& shape)
{
    WorldState& w = *m_impl;
    const std::uint32_t i = w.checkedIndex(id, "setShape");
    validateShape("setShape", shape);
    BodyRecord& r = w.records[i];
    BodyDef asDefined;
    asDefined.type = r.type;
    asDefined.fixedRotation = r.fixedRotation;
    const MassData mass = massDataOf("setShape", asDefined, shape);
    w.dropContacts(i);
    r.shape = shape;
    r.mass = mass.mass;
    r.invMass = mass.invMass;
    r.inertia = mass.inertia;
    r.invInertia = mass.invInertia;
    w.wake(i);
    w.reinsertProxy(i);
}

void World::setTransform(BodyId id, Vec2 position, float angle)
{
    WorldState& w = *m_impl;
    const std::uint32_t i = w.checkedIndex(id, "setTransform");
    requireInRange("setTransform", position);
    requireFinite("setTransform", "angle", angle);
    BodyState& s = w.states[i];
    s.position = position;
    s.angle = angle;
    s.q = makeRot(angle);
    w.wake(i);
    // A teleport can land far away: re-insert the proxy rather than stretch it.
    w.reinsertProxy(i);
}

void World::setLinearVelocity(BodyId id, Vec2 v)
{
    WorldState& w = *m_impl;
    const std::uint32_t i = w.checkedIndex(id, "setLinearVelocity");
    requireFinite("setLinearVelocity", "velocity", v);
    if (w.records[i].type == BodyType::Static)
    {
        if (v != Vec2{})
        {
            fail("setLinearVelocity", "a static body cannot move");
        }
        return;
    }
    if (v != Vec2{})
    {
        w.wake(i);
    }
    w.states[i].v = v;
}

void World::setAngularVelocity(BodyId id, float av)
{
    WorldState& w = *m_impl;
    const std::uint32_t i = w.checkedIndex(id, "setAngularVelocity");
    requireFinite("setAngularVelocity", "velocity", av);
    const BodyRecord& r = w.records[i];
    if (r.type == BodyType::Static)
    {
        if (av != 0.0f)
        {
            fail("setAngularVelocity", "a static body cannot turn");
        }
        return;
    }
    if (r.fixedRotation)
    {
        return;
    }
    if (av != 0.0f)
    {
        w.wake(i);
    }
    w.states[i].w = av;
}

void World::setAwake(BodyId id, bool awake)
{
    WorldState& w = *m_impl;
    const std::uint32_t i = w.checkedIndex(id, "setAwake");
    BodyRecord& r = w.records[i];
    if (r.type == BodyType::Static)
    {
        return;
    }
    if (awake)
    {
        w.wake(i);
    }
    else
    {
        r.awake = false;
        r.sleepTime = 0.0f;
        w.states[i].v = {};
        w.states[i].w = 0.0f;
        r.force = {};
        r.torque = 0.0f;
    }
}

void World::setUserData(BodyId id, void* data)
{
    m_impl->records[m_impl->checkedIndex(id, "setUserData")].userData = data;
}

void World::applyForce(BodyId id, Vec2 force, Vec2 worldPoint)
{
    WorldState& w = *m_impl;
    const std::uint32_t i = w.checkedIndex(id, "applyForce");
    requireFinite("applyForce", "force", force);
    requireInRange("applyForce", worldPoint);
    BodyRecord& r = w.records[i];
    if (r.type != BodyType::Dynamic)
    {
        return;
    }
    w.wake(i);
    r.force += force;
    r.torque += cross(worldPoint - w.states[i].position, force);
}

void World::applyForceToCenter(BodyId id, Vec2 force)
{
    applyForce(id, force, position(id));
}

void World::applyTorque(BodyId id, float torque)
{
    WorldState& w = *m_impl;
    const std::uint32_t i = w.checkedIndex(id, "applyTorque");
    requireFinite("applyTorque", "torque", torque);
    BodyRecord& r = w.records[i];
    if (r.type != BodyType::Dynamic)
    {
        return;
    }
    w.wake(i);
    r.torque += torque;
}

void World::applyLinearImpulse(BodyId id, Vec2 impulse, Vec2 worldPoint)
{
    WorldState& w = *m_impl;
    const std::uint32_t i = w.checkedIndex(id, "applyLinearImpulse");
    requireFinite("applyLinearImpulse", "impulse", impulse);
    requireInRange("applyLinearImpulse", worldPoint);
    BodyRecord& r = w.records[i];
    if (r.type != BodyType::Dynamic)
    {
        return;
    }
    w.wake(i);
    BodyState& s = w.states[i];
    s.v += r.invMass * impulse;
    s.w += r.invInertia * cross(worldPoint - s.position, impulse);
}

void World::applyAngularImpulse(BodyId id, float impulse)
{
    WorldState& w = *m_impl;
    const std::uint32_t i = w.checkedIndex(id, "applyAngularImpulse");
    requireFinite("applyAngularImpulse", "impulse", impulse);
    BodyRecord& r = w.records[i];
    if (r.type != BodyType::Dynamic)
    {
        return;
    }
    w.wake(i);
    w.states[i].w += r.invInertia * impulse;
}

void World::step(float dt)
{
    step(dt, m_impl->def.velocityIterations, m_impl->def.positionIterations);
}

void World::step(float dt, int velocityIterations, int positionIterations)
{
    if (!std::isfinite(dt) || !(dt > 0.0f))
    {
        fail("step", "dt must be finite and > 0");
    }
    validateIterations("step", velocityIterations, positionIterations);
    WorldState& w = *m_impl;
    const Clock::time_point start = Clock::now();
    w.beginEvents.clear();
    w.endEvents.clear();
    w.impulseEvents.clear();
    w.sensorBeginEvents.clear();
    w.sensorEndEvents.clear();
    w.outOfRange.clear();

    Clock::time_point t = Clock::now();
    w.updatePairs();
    float broadphase = millisecondsSince(t);

    t = Clock::now();
    w.collide(dt);
    w.profile.narrowphase = millisecondsSince(t);

    t = Clock::now();
    w.solve(dt, velocityIterations, positionIterations);
    w.profile.solver = millisecondsSince(t);

    t = Clock::now();
    w.synchronize(dt);
    broadphase += millisecondsSince(t);
    w.profile.broadphase = broadphase;
    w.previousDt = dt;
    w.profile.step = millisecondsSince(start);
    w.countWork();
}

void World::updateContacts()
{
    WorldState& w = *m_impl;
    w.beginEvents.clear();
    w.endEvents.clear();
    w.sensorBeginEvents.clear();
    w.sensorEndEvents.clear();
    w.updatePairs();
    w.collide(0.0f);
}

const WorldDef& World::settings() const
{
    return m_impl->def;
}

void World::setGravity(Vec2 gravity)
{
    requireFinite("setGravity", "gravity", gravity);
    m_impl->def.gravity = gravity;
}

void World::setIterations(int velocityIterations, int positionIterations)
{
    validateIterations("setIterations", velocityIterations, positionIterations);
    m_impl->def.velocityIterations = velocityIterations;
    m_impl->def.positionIterations = positionIterations;
}

void World::setAllowSleep(bool allow)
{
    m_impl->def.allowSleep = allow;
    if (!allow)
    {
        for (std::uint32_t i = 0; i < m_impl->records.size(); ++i)
        {
            if (m_impl->records[i].alive)
            {
                m_impl->wake(i);
            }
        }
    }
}

void World::setWarmStarting(bool enabled)
{
    m_impl->def.warmStarting = enabled;
}

void World::setRestitutionThreshold(float metresPerSecond)
{
    if (!std::isfinite(metresPerSecond) || metresPerSecond < 0.0f)
    {
        fail("setRestitutionThreshold", "threshold must be finite and >= 0");
    }
    m_impl->def.restitutionThreshold = metresPerSecond;
}

void World::setImpulseEvents(bool enabled)
{
    m_impl->def.impulseEvents = enabled;
}

std::vector<ContactInfo> World::contacts() const
{
    const WorldState& w = *m_impl;
    std::vector<ContactInfo> out;
    for (const Contact& c : w.contacts)
    {
        if ((c.flags & kContactAlive) != 0 && (c.flags & kContactTouching) != 0 &&
            (c.flags & kContactSensor) == 0)
        {
            out.push_back({w.idOf(c.a), w.idOf(c.b), touchingPart(c.manifold)});
        }
    }
    std::sort(out.begin(), out.end(),
              [](const ContactInfo& x, const ContactInfo& y)
              { return x.a.index != y.a.index ? x.a.index < y.a.index : x.b.index < y.b.index; });
    return out;
}

std::span<const ContactBeginEvent> World::contactBeginEvents() const
{
    return m_impl->beginEvents;
}
std::span<const ContactEndEvent> World::contactEndEvents() const
{
    return m_impl->endEvents;
}
std::span<const ContactImpulseEvent> World::contactImpulseEvents() const
{
    return m_impl->impulseEvents;
}
std::span<const SensorEvent> World::sensorBeginEvents() const
{
    return m_impl->sensorBeginEvents;
}
std::span<const SensorEvent> World::sensorEndEvents() const
{
    return m_impl->sensorEndEvents;
}

std::span<const BodyId> World::outOfRangeBodies() const
{
    return m_impl->outOfRange;
}

const Profile& World::profile() const
{
    return m_impl->profile;
}

std::uint64_t World::stateHash() const
{
    // FNV-1a over the raw bits, so any difference at all changes the hash.
    std::uint64_t h = 14695981039346656037ull;
    const auto mix = [&h](const void* data, std::size_t size)
    {
        const auto* bytes = static_cast<const unsigned char*>(data);
        for (std::size_t i = 0; i < size; ++i)
        {
            h = (h ^ bytes[i]) * 1099511628211ull;
        }
    };
    const WorldState& w = *m_impl;
    for (std::uint32_t i = 0; i < w.records.size(); ++i)
    {
        const BodyRecord& r = w.records[i];
        if (!r.alive)
        {
            continue;
        }
        const BodyState& s = w.states[i];
        const float values[8] = {s.position.x, s.position.y, s.angle, s.q.c, s.q.s, s.v.x, s.v.y, s.w};
        mix(&i, sizeof i);
        mix(values, sizeof values);
        const unsigned char awake = r.awake ? 1 : 0;
        mix(&awake, 1);
    }
    return h;
}

} // namespace oblique
