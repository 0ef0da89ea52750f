// Contacts: made when two shapes' fattened boxes start to overlap, updated with a fresh manifold
// every step while a body of theirs is awake (a sensor's also after a body of it moved by hand or
// fell asleep; in soft step, a pair that has barely moved keeps its manifold, moved with it: see
// contact_recycling.hpp), and ended when the boxes part or a shape goes.

#include "buffers.hpp"
#include "contact_recycling.hpp"
#include "parallel_for.hpp"
#include "prefetch.hpp"
#include "sweep.hpp"
#include "world_state.hpp"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cmath>
#include <limits>

namespace oblique::detail
{

namespace
{

// An upper bound on how fast any point of the body's shapes moves.
float pointSpeedBound(const BodyRecord& r, const BodyState& s)
{
    if (r.type == BodyType::Static)
    {
        return 0.0f;
    }
    return length(s.v) + std::fabs(s.w) * r.maxExtent;
}

// Carries last step's impulses over to the points of the new manifold with the same feature ids.
void matchImpulses(Contact& contact, const Manifold& old, const float (&oldNormal)[2],
                   const float (&oldTangent)[2])
{
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
    }
}

// True when the shapes' normal (a to b) lets a one-way platform among them hold: the other shape
// is on the platform's side, within 45 degrees of its direction.
bool oneWayHolds(const WorldState& w, const Contact& c)
{
    constexpr float kCos45 = 0.70710678f;
    const Vec2 n = c.manifold.normal;
    const Vec2 dirA = w.shapes[c.shapeA].def.oneWay;
    const Vec2 dirB = w.shapes[c.shapeB].def.oneWay;
    const bool aHolds = dirA == Vec2{} || dot(n, rotate(w.states[c.a].q, dirA)) >= kCos45;
    const bool bHolds = dirB == Vec2{} || dot(-n, rotate(w.states[c.b].q, dirB)) >= kCos45;
    return aHolds && bHolds;
}

// A one-way platform decides whether to hold a contact while the two shapes are apart (so at the
// step they first come within reach) and keeps to it while they touch: a body that came from the
// wrong side passes through even when it is half way out on the right one.
void applyOneWay(const WorldState& w, Contact& c)
{
    bool touching = false;
    for (int i = 0; i < c.manifold.pointCount; ++i)
    {
        touching = touching || c.manifold.points[i].separation <= kTouchingDistance;
    }
    std::uint8_t flags = c.flags;
    if ((flags & kContactOneWayTouching) == 0)
    {
        const bool ignore = c.manifold.pointCount > 0 && !oneWayHolds(w, c);
        flags = static_cast<std::uint8_t>(ignore ? (flags | kContactIgnored) : (flags & ~kContactIgnored));
    }
    flags = static_cast<std::uint8_t>(touching ? (flags | kContactOneWayTouching)
                                               : (flags & ~kContactOneWayTouching));
    c.flags = flags;
    if ((flags & kContactIgnored) != 0)
    {
        c.manifold.pointCount = 0;
    }
}

} // namespace

void WorldState::createContact(std::uint32_t shapeA, std::uint32_t shapeB)
{
    // The lower body slot is a, so normals point from the lower index to the higher one.
    if (shapes[shapeA].body > shapes[shapeB].body)
    {
        std::swap(shapeA, shapeB);
    }
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
        manifoldCaches.emplace_back();
        graphPlaces.emplace_back();
    }
    Contact& contact = contacts[static_cast<std::size_t>(c)];
    contact = Contact{};
    manifoldCaches[static_cast<std::size_t>(c)] = ManifoldCache{};
    graphPlaces[static_cast<std::size_t>(c)] = GraphPlace{};
    const ShapeDef& sa = shapes[shapeA].def;
    const ShapeDef& sb = shapes[shapeB].def;
    contact.a = shapes[shapeA].body;
    contact.b = shapes[shapeB].body;
    contact.shapeA = shapeA;
    contact.shapeB = shapeB;
    contact.flags = kContactAlive;
    contact.circles = static_cast<std::uint8_t>((sa.kind == ShapeKind::Circle ? kCircleA : 0) |
                                                (sb.kind == ShapeKind::Circle ? kCircleB : 0));
    if (sa.isSensor || sb.isSensor)
    {
        contact.flags |= kContactSensor | kContactRecheck;
        recheckContacts.push_back(c);
    }
    if (!(sa.oneWay == Vec2{}) || !(sb.oneWay == Vec2{}))
    {
        contact.flags |= kContactOneWay;
    }
    contact.friction = std::sqrt(sa.friction * sb.friction);
    contact.restitution = std::max(sa.restitution, sb.restitution);
    // Friction drives the surfaces' relative speed to zero. Along t = (n.y, -n.x), A's surface
    // moving counter-clockwise round A goes at -sA and B's at +sB, so B must slide at -(sA + sB)
    // against A. Written as 0 - sum so that no surface speed gives +0, and subtracting it changes
    // no bit.
    contact.tangentSpeed = 0.0f - (sa.surfaceSpeed + sb.surfaceSpeed);
    resetStepValues(contact);

    // Push onto the front of both bodies' lists.
    for (int side = 0; side < 2; ++side)
    {
        BodyRecord& r = records[side == 0 ? contact.a : contact.b];
        const std::int32_t edgeKey = c * 2 + side;
        contact.edges[side].prev = kNullIndex;
        contact.edges[side].next = r.contactHead;
        if (r.contactHead != kNullIndex)
        {
            Contact& head = contacts[static_cast<std::size_t>(r.contactHead >> 1)];
            head.edges[r.contactHead & 1].prev = edgeKey;
        }
        r.contactHead = edgeKey;
    }
    contactMap.insert(pairKey(shapeA, shapeB), c);
    ++contactCount;
}

void WorldState::destroyContact(std::int32_t c, bool reportEnd)
{
    removeFromGraph(*this, c);
    Contact& contact = contacts[static_cast<std::size_t>(c)];
    if ((contact.flags & (kContactTouching | kContactSensor)) == kContactTouching)
    {
        --touchingContacts;
    }
    if (reportEnd && (contact.flags & kContactTouching) != 0)
    {
        if ((contact.flags & kContactSensor) != 0)
        {
            const bool aIsSensor = shapes[contact.shapeA].def.isSensor;
            sensorEndEvents.push_back(
                aIsSensor ? SensorEvent{idOf(contact.a), idOf(contact.b), shapeIdOf(contact.shapeA),
                                        shapeIdOf(contact.shapeB)}
                          : SensorEvent{idOf(contact.b), idOf(contact.a), shapeIdOf(contact.shapeB),
                                        shapeIdOf(contact.shapeA)});
        }
        else
        {
            endEvents.push_back(
                {idOf(contact.a), idOf(contact.b), shapeIdOf(contact.shapeA), shapeIdOf(contact.shapeB)});
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
    contactMap.erase(pairKey(contact.shapeA, contact.shapeB));
    contact.flags = 0;
    freeContacts.push_back(c);
    --contactCount;
}

void WorldState::dropContacts(std::uint32_t body, std::int32_t shape)
{
    std::int32_t edge = records[body].contactHead;
    while (edge != kNullIndex)
    {
        const std::int32_t c = edge >> 1;
        const Contact& contact = contacts[static_cast<std::size_t>(c)];
        const std::int32_t next = contact.edges[edge & 1].next;
        const bool ofShape = shape == kNullIndex || static_cast<std::int32_t>(contact.shapeA) == shape ||
                             static_cast<std::int32_t>(contact.shapeB) == shape;
        if (ofShape)
        {
            if ((contact.flags & kContactTouching) != 0)
            {
                wake(contact.a == body ? contact.b : contact.a);
            }
            destroyContact(c, true);
        }
        edge = next;
    }
}

void WorldState::recheckSensors(std::uint32_t body)
{
    for (std::int32_t edge = records[body].contactHead; edge != kNullIndex;)
    {
        Contact& contact = contacts[static_cast<std::size_t>(edge >> 1)];
        if ((contact.flags & kContactSensor) != 0)
        {
            contact.flags |= kContactRecheck;
            recheckContacts.push_back(edge >> 1);
        }
        edge = contact.edges[edge & 1].next;
    }
}

void WorldState::findManifold(Contact& contact, ManifoldCache& cache, const ShapeGeometry& ga,
                              const ShapeGeometry& gb, float lookAhead, float dt)
{
    const float speculative = kSpeculativeDistance + lookAhead;
    const ShapeRecord& shapeA = shapes[contact.shapeA];
    const ShapeRecord& shapeB = shapes[contact.shapeB];
    const Manifold old = contact.manifold;
    const float oldNormal[2] = {contact.normalImpulse[0], contact.normalImpulse[1]};
    const float oldTangent[2] = {contact.tangentImpulse[0], contact.tangentImpulse[1]};
    // Flush tiles' hidden faces: the plain pair functions unless either shape has some.
    contact.manifold =
        (shapeA.hiddenFaces | shapeB.hiddenFaces) == 0
            ? collideShapes(ga, gb, speculative)
            : collideShapesHidingFaces(ga, gb, speculative, shapeA.hiddenFaces, shapeB.hiddenFaces);
    if ((contact.flags & kContactOneWay) != 0)
    {
        applyOneWay(*this, contact);
    }
    dropMissedPoints(*this, contact, dt, kSpeculativeDistance);
    matchImpulses(contact, old, oldNormal, oldTangent);
    cacheManifold(*this, contact, cache, ga, gb);
}

float WorldState::speedBoundOf(std::uint32_t body) const
{
    const float bound = speedBounds[body];
    return std::isnan(bound) ? pointSpeedBound(records[body], states[body]) : bound;
}

namespace
{

// Whether a shape's copy of its fat box is the tree's (checked in debug builds).
[[maybe_unused]] bool sameBox(const Aabb& a, const Aabb& b)
{
    return a.lower.x == b.lower.x && a.lower.y == b.lower.y && a.upper.x == b.upper.x &&
           a.upper.y == b.upper.y;
}

} // namespace

// The first half: what a contact's own shapes and bodies decide, touching nothing but the contact.
CollideResult WorldState::collideContact(std::int32_t c, float dt)
{
    Contact& contact = contacts[static_cast<std::size_t>(c)];
    if ((contact.flags & kContactAlive) == 0)
    {
        return CollideResult::Skip;
    }
    assert(bodyBriefs[contact.a] == briefOf(records[contact.a]) &&
           bodyBriefs[contact.b] == briefOf(records[contact.b]));
    if (!bodyBriefs[contact.a].awake && !bodyBriefs[contact.b].awake &&
        (contact.flags & kContactRecheck) == 0)
    {
        return CollideResult::Asleep;
    }
    const ShapeBrief& shapeA = shapeBriefs[contact.shapeA];
    const ShapeBrief& shapeB = shapeBriefs[contact.shapeB];
    assert(sameBox(shapeA.fatBox, tree.fatAabb(shapes[contact.shapeA].proxyId)) &&
           sameBox(shapeB.fatBox, tree.fatAabb(shapes[contact.shapeB].proxyId)) &&
           shapeA.hiddenFaces == shapes[contact.shapeA].hiddenFaces &&
           shapeB.hiddenFaces == shapes[contact.shapeB].hiddenFaces);
    if (!overlapsWithin(shapeA.fatBox, shapeB.fatBox))
    {
        return CollideResult::Parted;
    }
    const ShapeGeometry& ga = geometry(contact.shapeA);
    const ShapeGeometry& gb = geometry(contact.shapeB);
    if ((contact.flags & kContactSensor) != 0)
    {
        return overlap(ga, gb) ? CollideResult::SensorTouching : CollideResult::SensorApart;
    }
    ManifoldCache& cache = manifoldCaches[static_cast<std::size_t>(c)];
    if (mayRecycle(*this, contact, cache, def.continuous ? dt : 0.0f,
                   (contact.flags & kContactTouching) != 0))
    {
        recycleManifold(*this, contact, cache);
        return CollideResult::Recycled;
    }
    // Continuous collision is this look-ahead: as far as the two can move in the step.
    const float lookAhead = def.continuous ? dt * (speedBoundOf(contact.a) + speedBoundOf(contact.b)) : 0.0f;
    if (staysApart(*this, contact, cache, lookAhead))
    {
        cacheManifoldPoints(*this, contact, cache);
        return CollideResult::KeptApart;
    }
    findManifold(contact, cache, ga, gb, lookAhead, dt);
    return CollideResult::Found;
}

bool WorldState::settles(std::int32_t c, CollideResult result)
{
    if (preSolve || (result != CollideResult::Found && result != CollideResult::Recycled &&
                     result != CollideResult::KeptApart))
    {
        return false;
    }
    Contact& contact = contacts[static_cast<std::size_t>(c)];
    if (isTouching(contact.manifold) != ((contact.flags & kContactTouching) != 0) ||
        isActive(contact) != graphPlaces[static_cast<std::size_t>(c)].inGraph())
    {
        return false;
    }
    contact.flags = static_cast<std::uint8_t>(contact.flags & ~kContactRecheck);
    return true;
}

// The second half, in contact order on the calling thread: ending parted pairs, the pre-solve
// callback, waking and the touch and sensor events.
void WorldState::finishContact(std::int32_t c, CollideResult result)
{
    if (result == CollideResult::Skip || result == CollideResult::Asleep)
    {
        return;
    }
    if (result == CollideResult::Parted)
    {
        destroyContact(c, true);
        return;
    }
    Contact& contact = contacts[static_cast<std::size_t>(c)];
    const ShapeRecord& shapeA = shapes[contact.shapeA];
    const bool wasTouching = (contact.flags & kContactTouching) != 0;
    bool touching = false;
    if (result == CollideResult::SensorApart || result == CollideResult::SensorTouching)
    {
        touching = result == CollideResult::SensorTouching;
        if (touching != wasTouching)
        {
            const SensorEvent e = shapeA.def.isSensor
                                      ? SensorEvent{idOf(contact.a), idOf(contact.b),
                                                    shapeIdOf(contact.shapeA), shapeIdOf(contact.shapeB)}
                                      : SensorEvent{idOf(contact.b), idOf(contact.a),
                                                    shapeIdOf(contact.shapeB), shapeIdOf(contact.shapeA)};
            (touching ? sensorBeginEvents : sensorEndEvents).push_back(e);
        }
    }
    else
    {
        recycledContacts += result == CollideResult::Recycled ? 1 : 0;
        apartContacts += result == CollideResult::KeptApart ? 1 : 0;
        // Without a callback the step's values are the contact's own, set once at creation.
        if (preSolve)
        {
            resetStepValues(contact);
            if (contact.manifold.pointCount > 0)
            {
                callPreSolve(contact);
            }
        }
        touching = isTouching(contact.manifold);
        if (touching != wasTouching)
        {
            wake(contact.a);
            wake(contact.b);
            const BodyId a = idOf(contact.a);
            const BodyId b = idOf(contact.b);
            const ShapeId sa = shapeIdOf(contact.shapeA);
            const ShapeId sb = shapeIdOf(contact.shapeB);
            if (touching)
            {
                beginEvents.push_back({a, b, sa, sb, touchingPart(contact.manifold)});
                ++touchingContacts;
            }
            else
            {
                endEvents.push_back({a, b, sa, sb});
                --touchingContacts;
            }
        }
    }
    const auto flags = static_cast<std::uint8_t>(contact.flags & ~kContactRecheck);
    contact.flags =
        static_cast<std::uint8_t>(touching ? (flags | kContactTouching) : (flags & ~kContactTouching));
    // Active outside the graph, or in it and inactive: the graph's update looks at it.
    if (isActive(contact) != graphPlaces[static_cast<std::size_t>(c)].inGraph())
    {
        graph.candidates.push_back(c);
    }
}

// Updates every contact that has an awake body, and the sensor contacts marked for a recheck (a
// sensor notices static and sleeping bodies too, which move only by hand, so a settled overlap
// costs nothing): drops pairs whose fat boxes parted, computes manifolds (with speculative points
// out to how far the pair can close in dt), carries impulses over by feature id, and reports
// touch changes. The manifolds are found first, spread over the task system's workers (each
// contact's own work); then, in contact order, what touches the world beyond a contact. A pair
// whose bodies slept at the start but that an earlier contact woke is found then, as a single
// pass in contact order would.
namespace
{

// The contacts the narrow phase looks at: those with an awake body and the sensor contacts
// marked for a recheck (every contact until some body sleeps).
void markCollideContacts(WorldState& w)
{
    if (!w.anyAsleep())
    {
        w.collideContacts.fill(w.contacts.size());
    }
    else
    {
        w.collideContacts.clear(w.contacts.size());
        for (const std::uint32_t i : w.awakeBodies)
        {
            insertContactsOf(w, w.collideContacts, i);
        }
        for (const std::int32_t c : w.recheckContacts)
        {
            w.collideContacts.insert(c);
        }
    }
    w.recheckContacts.clear();
}

} // namespace

void WorldState::collide(float dt)
{
    recycledContacts = 0;
    apartContacts = 0;
    // Only this pass's: a contact it does not look at has not changed since the last one.
    graph.candidates.clear();
    findAwakeBodies();
    // Each awake body's speed bound once, rather than once for every contact it is in; a contact's
    // sleeping or static body has its bound found when it is needed (speedBoundOf).
    refill(speedBounds, records.size(), std::numeric_limits<float>::quiet_NaN());
    for (const std::uint32_t i : awakeBodies)
    {
        speedBounds[i] = pointSpeedBound(records[i], states[i]);
    }
    markCollideContacts(*this);
    wokenContacts = &collideContacts;
    if (runsOnCallingThread(def.tasks))
    {
        // On one thread both halves run in one pass in contact order: the same results (the
        // second half's own order), with each contact read once while it is in the cache.
        collideContacts.forEach(
            [this, dt](std::int32_t c)
            {
                prefetchSlot(contacts, static_cast<std::size_t>(c) + kPrefetchAhead);
                finishContact(c, collideContact(c, dt));
            });
        wokenContacts = nullptr;
        return;
    }
    // A contact left out has both bodies asleep: the result the first half would give it.
    refill(collideResults, contacts.size(), CollideResult::Asleep);
    unsettledContacts.clear(contacts.size());
    // What the workers finish themselves is counted by them, in sums whose order does not matter.
    std::atomic<int> settledRecycled{0};
    std::atomic<int> settledApart{0};
    // Split by words of the set, so that each word of unsettledContacts has one writer.
    parallelFor(def.tasks, static_cast<int>(collideContacts.wordCount()), kContactWordsPerTask,
                [&, dt](int begin, int end)
                {
                    int recycled = 0;
                    int apart = 0;
                    collideContacts.forEachIn(static_cast<std::size_t>(begin), static_cast<std::size_t>(end),
                                              [&](std::int32_t c)
                                              {
                                                  CollideResult result = collideContact(c, dt);
                                                  if (settles(c, result))
                                                  {
                                                      recycled += result == CollideResult::Recycled ? 1 : 0;
                                                      apart += result == CollideResult::KeptApart ? 1 : 0;
                                                      result = CollideResult::Settled;
                                                  }
                                                  else
                                                  {
                                                      unsettledContacts.insert(c);
                                                  }
                                                  collideResults[static_cast<std::size_t>(c)] = result;
                                              });
                    settledRecycled.fetch_add(recycled, std::memory_order_relaxed);
                    settledApart.fetch_add(apart, std::memory_order_relaxed);
                });
    recycledContacts = settledRecycled.load(std::memory_order_relaxed);
    apartContacts = settledApart.load(std::memory_order_relaxed);
    // Only the contacts left unsettled are read again, in contact order: on the calling thread, a
    // contact a worker wrote would have to come back across. A contact of a body woken on the way
    // joins them (its result still Asleep: found now), as it would join the narrow phase's set.
    wokenContacts = &unsettledContacts;
    unsettledContacts.forEach(
        [this, dt](std::int32_t c)
        {
            CollideResult result = collideResults[static_cast<std::size_t>(c)];
            if (result == CollideResult::Settled)
            {
                return;
            }
            if (result == CollideResult::Asleep)
            {
                result = collideContact(c, dt);
            }
            finishContact(c, result);
        });
    wokenContacts = nullptr;
}

namespace
{

// A callback's value brought into [lower, upper]; a NaN keeps what the shapes gave.
float legal(float value, float lower, float upper, float fallback)
{
    return std::isnan(value) ? fallback : std::clamp(value, lower, upper);
}

} // namespace

void resetStepValues(Contact& contact)
{
    contact.stepFriction = contact.friction;
    contact.stepRestitution = contact.restitution;
    contact.stepTangentSpeed = contact.tangentSpeed;
    contact.flags = static_cast<std::uint8_t>(contact.flags & ~kContactDisabled);
}

void WorldState::callPreSolve(Contact& contact)
{
    constexpr float kLargest = 1.0e6f;
    PreSolveContact view;
    view.a = idOf(contact.a);
    view.b = idOf(contact.b);
    view.shapeA = shapeIdOf(contact.shapeA);
    view.shapeB = shapeIdOf(contact.shapeB);
    view.manifold = contact.manifold;
    view.friction = contact.friction;
    view.restitution = contact.restitution;
    // The shapes' speeds added, from the contact's own tangent speed (0 - sum).
    const float surfaceSpeed = -contact.tangentSpeed;
    view.surfaceSpeed = surfaceSpeed;
    // Reset however the callback leaves, so the world is never left locked.
    struct Lock
    {
        bool& flag;
        explicit Lock(bool& f) : flag(f) { flag = true; }
        ~Lock() { flag = false; }
        Lock(const Lock&) = delete;
        Lock& operator=(const Lock&) = delete;
    };
    {
        const Lock lock(inPreSolve);
        preSolve(view);
    }
    if (!view.enabled)
    {
        contact.flags = static_cast<std::uint8_t>(contact.flags | kContactDisabled);
    }
    contact.stepFriction = legal(view.friction, 0.0f, kLargest, contact.friction);
    contact.stepRestitution = legal(view.restitution, 0.0f, 1.0f, contact.restitution);
    // Unchanged, the tangent speed keeps its bits (the 0 - sum form of createContact).
    if (!(view.surfaceSpeed == surfaceSpeed))
    {
        contact.stepTangentSpeed = 0.0f - legal(view.surfaceSpeed, -kLargest, kLargest, surfaceSpeed);
    }
}

} // namespace oblique::detail
