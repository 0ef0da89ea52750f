// Bodies: creation and destruction, mass from their shapes, and the calls that read and move them.

#include "oblique/world.hpp"
#include "validation.hpp"
#include "world_state.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>
#include <span>

namespace oblique
{

using namespace detail;

namespace detail
{

AreaInertia areaInertiaOf(const Obb& box)
{
    const Vec2 h = box.halfExtents;
    return {4.0f * h.x * h.y, (h.x * h.x + h.y * h.y) / 3.0f};
}

AreaInertia areaInertiaOf(const Circle& circle)
{
    const float r = circle.radius;
    return {std::numbers::pi_v<float> * r * r, 0.5f * r * r};
}

namespace
{

struct MassData
{
    float mass = 0.0f;
    float invMass = 0.0f;
    float inertia = 0.0f; // about the centre of mass
    float invInertia = 0.0f;
    Vec2 localCenter;
};

// Mass, centre of mass and rotational inertia of a body of the given shapes; sensors weigh
// nothing. Throws when they leave float range, before the world has been touched.
MassData massOf(const char* function, BodyType type, bool fixedRotation,
                std::span<const ShapeDef* const> shapes)
{
    MassData m;
    if (type != BodyType::Dynamic)
    {
        return m;
    }
    Vec2 moment;                // sum of mass times centre
    float originInertia = 0.0f; // about the body's origin
    for (const ShapeDef* def : shapes)
    {
        if (def->isSensor)
        {
            continue;
        }
        const AreaInertia ai = areaInertiaOf(localGeometry(*def));
        const float mass = def->density * ai.area;
        m.mass += mass;
        moment += mass * def->offset;
        // Parallel axes: the shape's own inertia plus its mass carried at its offset.
        originInertia += mass * ai.inertiaPerMass + mass * dot(def->offset, def->offset);
    }
    if (m.mass > 0.0f)
    {
        m.localCenter = (1.0f / m.mass) * moment;
    }
    m.inertia = originInertia - m.mass * dot(m.localCenter, m.localCenter);
    if (!std::isfinite(m.mass) || !std::isfinite(m.inertia) || !isFinite(m.localCenter))
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
    if (fixedRotation || !(m.inertia > 0.0f))
    {
        m.inertia = 0.0f;
    }
    else
    {
        m.invInertia = 1.0f / m.inertia;
    }
    return m;
}

// The definitions of a body's shapes, with `replace` standing in for one of them and `extra`
// added (either may be null), for checking a change before it is made.
std::vector<const ShapeDef*> shapeDefs(const WorldState& w, std::uint32_t body,
                                       std::int32_t replace = kNullIndex,
                                       const ShapeDef* replacement = nullptr, const ShapeDef* extra = nullptr)
{
    std::vector<const ShapeDef*> defs;
    for (std::int32_t s = w.records[body].shapeHead; s != kNullIndex;
         s = w.shapes[static_cast<std::size_t>(s)].next)
    {
        if (s == replace)
        {
            if (replacement != nullptr)
            {
                defs.push_back(replacement);
            }
            continue;
        }
        defs.push_back(&w.shapes[static_cast<std::size_t>(s)].def);
    }
    if (extra != nullptr)
    {
        defs.push_back(extra);
    }
    return defs;
}

// The bounding box of the body's shapes; none for a body without shapes.
std::optional<Aabb> regionOf(const WorldState& w, std::uint32_t body)
{
    std::optional<Aabb> box;
    for (std::int32_t s = w.records[body].shapeHead; s != kNullIndex;
         s = w.shapes[static_cast<std::size_t>(s)].next)
    {
        const Aabb shape = w.shapeAabb(static_cast<std::uint32_t>(s));
        box = box ? merge(*box, shape) : shape;
    }
    return box;
}

// Works out the hidden faces of the body's shapes and, for a body that is or was static, of the
// static boxes around it anew.
void refreshHiddenFacesAround(WorldState& w, std::uint32_t body, bool wasStatic = false)
{
    if (const std::optional<Aabb> region = regionOf(w, body))
    {
        w.refreshHiddenFaces(body, *region, wasStatic);
    }
}

// Forces and impulses move only an enabled dynamic body; on any other they are ignored, as Box2D v3
// ignores them on a body that is not simulated (nothing is stored for later).
bool takesPushes(const BodyRecord& r)
{
    return r.type == BodyType::Dynamic && r.enabled;
}

} // namespace

void checkMass(const WorldState& w, const char* function, std::uint32_t body, std::int32_t replace,
               const ShapeDef* replacement, const ShapeDef* extra, std::optional<BodyType> type)
{
    const BodyRecord& r = w.records[body];
    const std::vector<const ShapeDef*> defs = shapeDefs(w, body, replace, replacement, extra);
    massOf(function, type.value_or(r.type), r.fixedRotation, defs);
}

std::uint32_t WorldState::checkedIndex(BodyId id, const char* what) const
{
    if (id.index >= records.size() || !records[id.index].alive ||
        records[id.index].generation != id.generation)
    {
        fail(what, "body handle is stale or invalid");
    }
    return id.index;
}

void WorldState::wake(std::uint32_t index)
{
    BodyRecord& r = records[index];
    if (r.type == BodyType::Static || !r.enabled)
    {
        return;
    }
    if (!r.awake)
    {
        r.awake = true;
        noteBody(index);
        r.sleepTime = 0.0f;
        awakeBodies.push_back(index);
        if (wokenContacts != nullptr)
        {
            insertContactsOf(*this, *wokenContacts, index);
        }
    }
}

void WorldState::findAwakeBodies()
{
    std::erase_if(awakeBodies, [this](std::uint32_t i) { return !records[i].alive || !records[i].awake; });
    // Last step's solver bodies are in order; bodies woken or made since are appended.
    if (!std::is_sorted(awakeBodies.begin(), awakeBodies.end()))
    {
        std::sort(awakeBodies.begin(), awakeBodies.end());
    }
    awakeBodies.erase(std::unique(awakeBodies.begin(), awakeBodies.end()), awakeBodies.end());
}

void WorldState::updateMass(std::uint32_t index)
{
    BodyRecord& r = records[index];
    BodyState& s = states[index];
    const std::vector<const ShapeDef*> defs = shapeDefs(*this, index);
    const MassData m = massOf("updateMass", r.type, r.fixedRotation, defs);
    r.mass = m.mass;
    r.invMass = m.invMass;
    r.inertia = m.inertia;
    r.invInertia = m.invInertia;
    // The origin stays where it is; the centre moves, and its velocity is the velocity of the
    // body's point that is now the centre.
    const Vec2 oldCenter = s.center;
    r.localCenter = m.localCenter;
    s.center = centerOf(s.position, s.q, r.localCenter);
    if (!(s.center == oldCenter))
    {
        s.v += cross(s.w, s.center - oldCenter);
    }
    float reach = 0.0f;
    for (const ShapeDef* shapeDef : defs)
    {
        const ShapeGeometry g = localGeometry(*shapeDef);
        reach = std::max(reach, length(centerOf(g) - r.localCenter) + extentOf(g));
    }
    r.maxExtent = reach;
    noteBody(index);
}

} // namespace detail

BodyId World::createBody(const BodyDef& body)
{
    m_impl->checkNotInCallback("createBody");
    validateBody("createBody", body);
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
        w.bodyBriefs.emplace_back();
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
    r.allowFastRotation = body.allowFastRotation;
    r.linearDamping = body.linearDamping;
    r.angularDamping = body.angularDamping;
    r.gravityScale = body.gravityScale;
    r.userData = body.userData;

    BodyState& s = w.states[index];
    s.position = body.position;
    s.angle = body.angle;
    s.q = makeRot(body.angle);
    s.center = body.position;
    s.v = body.type == BodyType::Static ? Vec2{} : body.linearVelocity;
    s.w = body.type == BodyType::Static || body.fixedRotation ? 0.0f : body.angularVelocity;
    w.updateMass(index);
    ++w.bodyCount;
    w.recountCanSleep(index, false);
    if (r.awake)
    {
        w.awakeBodies.push_back(index);
    }
    return w.idOf(index);
}

BodyId World::createBody(const BodyDef& body, const ShapeDef& shape)
{
    m_impl->checkNotInCallback("createBody");
    validateBody("createBody", body);
    validateShape("createBody", shape);
    const ShapeDef* defs[] = {&shape};
    massOf("createBody", body.type, body.fixedRotation, defs);
    const BodyId id = createBody(body);
    m_impl->addShape(id.index, shape);
    m_impl->updateMass(id.index);
    return id;
}

void World::destroyBody(BodyId id)
{
    WorldState& w = *m_impl;
    w.checkNotInCallback("destroyBody");
    const std::uint32_t index = w.checkedIndex(id, "destroyBody");
    BodyRecord& r = w.records[index];
    w.destroyJoints(index);
    w.dropContacts(index);
    while (r.shapeHead != kNullIndex)
    {
        w.removeShape(static_cast<std::uint32_t>(r.shapeHead));
    }
    const bool couldSleep = canSleep(r);
    r.alive = false;
    r.awake = false;
    w.noteBody(index);
    w.recountCanSleep(index, couldSleep);
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

Vec2 World::worldCenter(BodyId id) const
{
    return m_impl->states[m_impl->checkedIndex(id, "worldCenter")].center;
}
Vec2 World::localCenter(BodyId id) const
{
    return m_impl->records[m_impl->checkedIndex(id, "localCenter")].localCenter;
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

void World::setTransform(BodyId id, Vec2 position, float angle)
{
    WorldState& w = *m_impl;
    w.checkNotInCallback("setTransform");
    const std::uint32_t i = w.checkedIndex(id, "setTransform");
    requireInRange("setTransform", position);
    requireFinite("setTransform", "angle", angle);
    const std::optional<Aabb> before = regionOf(w, i);
    BodyState& s = w.states[i];
    s.position = position;
    s.angle = angle;
    s.q = makeRot(angle);
    s.center = centerOf(position, s.q, w.records[i].localCenter);
    w.wake(i);
    // A teleport can land far away: re-insert the proxies rather than stretch them.
    w.reinsertProxies(i);
    if (before && w.records[i].type == BodyType::Static)
    {
        // Static neighbours it left, and those it came to, see its faces anew.
        w.refreshHiddenFaces(i, merge(*before, *regionOf(w, i)));
    }
    w.recheckSensors(i);
}

void World::setLinearVelocity(BodyId id, Vec2 v)
{
    WorldState& w = *m_impl;
    const std::uint32_t i = w.checkedIndex(id, "setLinearVelocity");
    requireFinite("setLinearVelocity", "velocity", v);
    if (w.records[i].type == BodyType::Static)
    {
        if (!(v == Vec2{}))
        {
            fail("setLinearVelocity", "a static body cannot move");
        }
        return;
    }
    if (!(v == Vec2{}))
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

void World::setBodyType(BodyId id, BodyType type)
{
    WorldState& w = *m_impl;
    w.checkNotInCallback("setBodyType");
    const std::uint32_t i = w.checkedIndex(id, "setBodyType");
    if (type != BodyType::Static && type != BodyType::Kinematic && type != BodyType::Dynamic)
    {
        fail("setBodyType", "type is not a body type");
    }
    BodyRecord& r = w.records[i];
    if (r.type == type)
    {
        return;
    }
    if (type == BodyType::Dynamic)
    {
        // Throws, before anything changes, when the shapes cannot give the body a mass.
        checkMass(w, "setBodyType", i, kNullIndex, nullptr, nullptr, type);
    }
    // Which pairs can touch depends on the types: the contacts go (reporting their end) and are
    // found again from the proxies on the next step.
    w.dropContacts(i);
    const bool wasStatic = r.type == BodyType::Static;
    const bool couldSleep = canSleep(r);
    r.type = type;
    w.recountCanSleep(i, couldSleep);
    BodyState& s = w.states[i];
    if (type == BodyType::Static)
    {
        s.v = {};
        s.w = 0.0f;
        r.awake = false;
        r.sleepTime = 0.0f;
    }
    r.force = {};
    r.torque = 0.0f;
    w.updateMass(i);
    w.wake(i);
    w.reinsertProxies(i);
    // Whether its boxes hide static neighbours' faces, and theirs its own, goes with the type.
    refreshHiddenFacesAround(w, i, wasStatic);
}

void World::setAwake(BodyId id, bool awake)
{
    WorldState& w = *m_impl;
    const std::uint32_t i = w.checkedIndex(id, "setAwake");
    BodyRecord& r = w.records[i];
    // A disabled body neither sleeps nor wakes: putting it to sleep would lose its velocity.
    if (r.type == BodyType::Static || !r.enabled)
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
        w.noteBody(i);
        r.sleepTime = 0.0f;
        w.states[i].v = {};
        w.states[i].w = 0.0f;
        r.force = {};
        r.torque = 0.0f;
    }
}

void World::setEnabled(BodyId id, bool enabled)
{
    WorldState& w = *m_impl;
    w.checkNotInCallback("setEnabled");
    const std::uint32_t i = w.checkedIndex(id, "setEnabled");
    BodyRecord& r = w.records[i];
    if (r.enabled == enabled)
    {
        return;
    }
    const bool couldSleep = canSleep(r);
    if (enabled)
    {
        r.enabled = true;
        w.recountCanSleep(i, couldSleep);
        // Back in the tree: its contacts are found anew on the next step, as for a new body.
        w.reinsertProxies(i);
        w.wake(i);
        refreshHiddenFacesAround(w, i);
        return;
    }
    w.dropContacts(i);
    w.removeProxies(i);
    r.enabled = false;
    w.recountCanSleep(i, couldSleep);
    // Out of the tree, its boxes no longer hide the faces of static neighbours.
    refreshHiddenFacesAround(w, i);
    r.awake = false;
    w.noteBody(i);
    r.sleepTime = 0.0f;
    // Forces act during the next step, which a disabled body does not take part in.
    r.force = {};
    r.torque = 0.0f;
}

bool World::isEnabled(BodyId id) const
{
    return m_impl->records[m_impl->checkedIndex(id, "isEnabled")].enabled;
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
    if (!takesPushes(r))
    {
        return;
    }
    w.wake(i);
    r.force += force;
    r.torque += cross(worldPoint - w.states[i].center, force);
}

void World::applyForceToCenter(BodyId id, Vec2 force)
{
    applyForce(id, force, worldCenter(id));
}

void World::applyTorque(BodyId id, float torque)
{
    WorldState& w = *m_impl;
    const std::uint32_t i = w.checkedIndex(id, "applyTorque");
    requireFinite("applyTorque", "torque", torque);
    BodyRecord& r = w.records[i];
    if (!takesPushes(r))
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
    if (!takesPushes(r))
    {
        return;
    }
    w.wake(i);
    BodyState& s = w.states[i];
    s.v += r.invMass * impulse;
    s.w += r.invInertia * cross(worldPoint - s.center, impulse);
}

void World::applyAngularImpulse(BodyId id, float impulse)
{
    WorldState& w = *m_impl;
    const std::uint32_t i = w.checkedIndex(id, "applyAngularImpulse");
    requireFinite("applyAngularImpulse", "impulse", impulse);
    BodyRecord& r = w.records[i];
    if (!takesPushes(r))
    {
        return;
    }
    w.wake(i);
    w.states[i].w += r.invInertia * impulse;
}

} // namespace oblique
