#pragma once
// Internal: a contact is a pair of shapes whose fattened boxes overlap, kept from step to step
// so its impulses can warm-start the next step. Contacts live in a pool with stable indices,
// threaded onto both bodies' lists.

#include "body.hpp"
#include "constants.hpp"
#include "oblique/manifold.hpp"

#include <cstdint>

namespace oblique::detail
{

// A contact's link in one of its bodies' lists. Links are edge keys (contact * 2 + side).
struct ContactEdge
{
    std::int32_t prev = kNullIndex;
    std::int32_t next = kNullIndex;
};

enum ContactFlags : std::uint8_t
{
    kContactAlive = 1,
    kContactTouching = 2, // some point is within kTouchingDistance: what events and contacts() report
    kContactSensor = 4,
    kContactOneWay = 8,          // a shape of it is a one-way platform
    kContactOneWayTouching = 16, // the shapes touched last step, so the one-way decision holds
    kContactIgnored = 32,        // a one-way platform ignores this contact until the shapes part
    kContactDisabled = 64,       // the pre-solve callback switched it off for this step
    // A sensor contact to look at on the next update even if no body of it is awake: it is new,
    // or a body of it has moved since it was last looked at (by hand, or before falling asleep).
    kContactRecheck = 128,
};

// Contact::circles: shape A, shape B is a circle.
inline constexpr std::uint8_t kCircleA = 1;
inline constexpr std::uint8_t kCircleB = 2;

// How a manifold was found, kept so that soft step can reuse it while its two bodies barely move
// relative to each other (see contact_recycling.hpp): the bodies' rotations, B's centre of mass
// in A's frame, each point's offsets from the two centres of mass (world axes) and its separation
// less the part those offsets give, and the shapes' hidden faces then.
struct ManifoldCache
{
    Rot rotationA;
    Rot rotationB;
    Vec2 relativeCenter;
    Vec2 anchorA[2];
    Vec2 anchorB[2];
    float baseSeparation[2] = {0.0f, 0.0f};
    std::uint8_t hiddenA = 0;
    std::uint8_t hiddenB = 0;
    bool valid = false;
    // The manifold was found empty with the shapes at least `gap` apart, the bodies then as
    // these say (as above): until they can have closed that far, a new one would be empty too.
    bool apart = false;
    float gap = 0.0f;
    Rot apartRotationA;
    Rot apartRotationB;
    Vec2 apartOrigin; // B's origin in A's frame about A's origin: unlike the centres of mass,
                      // the origins keep their place among the shapes when a body's mass changes
};

// Body a has the lower slot index, so manifold normals point from the lower index to the higher
// one; shapeA is a's shape.
struct Contact
{
    std::uint32_t a = 0;
    std::uint32_t b = 0;
    std::uint32_t shapeA = 0;
    std::uint32_t shapeB = 0;
    ContactEdge edges[2];
    std::uint8_t flags = 0;
    // Which of its shapes are circles (kCircleA, kCircleB): fixed for the contact's life, since
    // changing a shape ends its contacts.
    std::uint8_t circles = 0;
    float friction = 0.0f;
    float restitution = 0.0f;
    float tangentSpeed = 0.0f; // from the shapes' surface speeds; +0 when they have none
    // What the solver uses this step: the values above, or the pre-solve callback's.
    float stepFriction = 0.0f;
    float stepRestitution = 0.0f;
    float stepTangentSpeed = 0.0f;
    Manifold manifold;
    float normalImpulse[2] = {0.0f, 0.0f};
    float tangentImpulse[2] = {0.0f, 0.0f};
    // Its ManifoldCache and GraphPlace are kept beside it (WorldState::manifoldCaches and
    // graphPlaces): the solver reads every contact it prepares, all over the array, and needs
    // neither.
};

// Gives the contact its own friction, restitution and tangent speed for the step, enabled: what
// it has when no pre-solve callback changes them.
void resetStepValues(Contact& contact);

// A contact the solver works on: a real one (not a sensor) with touching or speculative points.
inline bool isActive(const Contact& c)
{
    return (c.flags & (kContactAlive | kContactSensor | kContactDisabled)) == kContactAlive &&
           c.manifold.pointCount > 0;
}

// A touching contact between solid shapes: what contacts() and events report.
inline bool isTouchingSolid(const Contact& c)
{
    return (c.flags & (kContactAlive | kContactTouching | kContactSensor)) ==
           (kContactAlive | kContactTouching);
}

// Whether some point of a manifold touches (is within kTouchingDistance).
inline bool isTouching(const Manifold& m)
{
    bool touching = false;
    for (int i = 0; i < m.pointCount; ++i)
    {
        touching = touching || m.points[i].separation <= kTouchingDistance;
    }
    return touching;
}

// The part of a manifold that touches (within kTouchingDistance), as contacts are reported.
inline Manifold touchingPart(const Manifold& m)
{
    Manifold out;
    out.normal = m.normal;
    for (int i = 0; i < m.pointCount; ++i)
    {
        if (m.points[i].separation <= kTouchingDistance)
        {
            out.points[out.pointCount++] = m.points[i];
        }
    }
    return out;
}

// What the first half of the narrow phase found for a contact.
enum class CollideResult : std::uint8_t
{
    Skip,           // not alive
    Asleep,         // both bodies asleep and no recheck asked for: looked at again in the second
                    // half, should an earlier contact wake one
    Parted,         // the fat boxes parted: the contact ends
    SensorApart,    // a sensor pair, not overlapping
    SensorTouching, // ... overlapping
    Found,          // a solid pair with a new manifold
    Recycled,       // ... that kept its manifold, moved with the bodies
    KeptApart,      // ... found empty before, and still too far apart for a point
    Settled,        // Found, Recycled or KeptApart and finished already: touching as it was, in or
                    // out of the graph as it was, no pre-solve callback (WorldState::settles)
};

// The fewest words of the narrow phase's contact set (64 contacts each) a worker takes at once.
inline constexpr int kContactWordsPerTask = 1;

} // namespace oblique::detail
