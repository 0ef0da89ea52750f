#pragma once
// Internal: a body's records. Position and velocity are kept apart from the rest so the phases
// of the step that read only them stream less memory.

#include "constants.hpp"
#include "oblique/body.hpp"
#include "oblique/rot.hpp"
#include "oblique/vec2.hpp"

#include <algorithm>
#include <cstdint>

namespace oblique::detail
{

inline constexpr std::int32_t kNullIndex = -1;

// Pose and velocity: read and written by every phase of the step. The body turns about its
// centre of mass; `position` is its origin, the frame its shapes are placed in.
struct BodyState
{
    Vec2 position;
    float angle = 0.0f;
    Rot q;
    Vec2 v; // of the centre of mass
    float w = 0.0f;
    Vec2 center; // the centre of mass in the world
};

// Everything else about a body.
struct BodyRecord
{
    std::uint32_t generation = 0;
    bool alive = false;
    bool awake = false; // never while disabled
    // False while disabled: out of the broadphase (its shapes have no proxies), the solver,
    // islands and sleep, its state kept.
    bool enabled = true;
    bool allowSleep = true;
    bool fixedRotation = false;
    bool allowFastRotation = false;
    BodyType type = BodyType::Static;
    float mass = 0.0f;
    float invMass = 0.0f;
    float inertia = 0.0f; // about the centre of mass
    float invInertia = 0.0f;
    Vec2 localCenter;       // the centre of mass in the body's frame
    float maxExtent = 0.0f; // how far any point of its shapes lies from the centre of mass
    float linearDamping = 0.0f;
    float angularDamping = 0.0f;
    float gravityScale = 1.0f;
    float sleepTime = 0.0f;
    // Soft step's sleep rules: how fast the body was moving (in sleep tolerances) when its sleep
    // timer last started, and whether a contact of it is still overlapped beyond its load or a joint
    // of it still open past what its capped push closes at once.
    float sleepSpeed = 0.0f;
    bool overlapped = false;
    // Whether a constraint (a contact or a joint) changed its velocity last step: its path this
    // step may bend where nothing in its own motion says so (sweep.hpp).
    bool steered = false;
    Vec2 force;
    float torque = 0.0f;
    std::int32_t shapeHead = kNullIndex; // first of its shapes, in creation order
    std::int32_t shapeCount = 0;
    std::int32_t contactHead = kNullIndex; // contact edge key: contact index * 2 + side
    std::int32_t jointHead = kNullIndex;   // joint edge key: joint index * 2 + side
    void* userData = nullptr;
};

// What the narrow phase reads of a body for every contact it is in, copied from its record
// (WorldState::bodyBriefs): five bodies' share a cache line; one record spans two or three.
struct BodyBrief
{
    float reach = 0.0f;       // how far a point of its shapes can swing as it turns: 0 if static
    float originReach = 0.0f; // how far a point of its shapes lies from its origin, at most
    bool awake = false;
    bool operator==(const BodyBrief&) const = default;
};

inline BodyBrief briefOf(const BodyRecord& r)
{
    return {r.type == BodyType::Static ? 0.0f : r.maxExtent, r.maxExtent + length(r.localCenter), r.awake};
}

// A body that is awake or asleep: living, enabled and not static (static bodies never wake).
inline bool canSleep(const BodyRecord& r)
{
    return r.alive && r.enabled && r.type != BodyType::Static;
}

// Whether the step lets the body turn at least kMaxRotation a step in soft step too
// (BodyDef::allowFastRotation).
inline bool turnsFast(const BodyRecord& r)
{
    return r.allowFastRotation || r.type == BodyType::Kinematic;
}

// The least stepTurnCap gives any body: how far every body may turn a step.
constexpr float leastStepTurnCap(Solver solver)
{
    return solver == Solver::Ngs ? kMaxRotation : kSoftMaxRotation;
}

// The most the body turns in a step. ngs: Box2D 2.4's quarter turn. Soft step: an eighth of a turn
// for a body held by a joint (a light body on a long lever that a joint spins up would feed its own
// spin, and the joint's rows are straight lines through each substep); any other as far as keeps
// its farthest point within kMaxTranslation of the step's straight motion, up to an eighth of a
// turn a substep (Box2D v3's cap): held to an eighth of a turn a step, a plank slapping down at
// 100 m/s (some 90 rad/s) turned too slowly for its contacts, and its far end went through a
// plate. A body that turns fast (allowFastRotation, kinematic) has at least a quarter turn a step.
inline float stepTurnCap(Solver solver, int subSteps, const BodyRecord& r)
{
    if (solver == Solver::Ngs)
    {
        return kMaxRotation;
    }
    float cap = leastStepTurnCap(solver);
    if (r.jointHead == kNullIndex)
    {
        const float most = static_cast<float>(subSteps) * kSoftMaxRotation;
        cap = r.maxExtent * most > kMaxTranslation ? std::max(kMaxTranslation / r.maxExtent, kSoftMaxRotation)
                                                   : most;
    }
    return turnsFast(r) ? std::max(cap, kMaxRotation) : cap;
}

// The centre of mass of a body whose origin is at `position`, turned by q. A body whose centre
// is its origin gets exactly its origin back (no rounding through a zero rotation).
inline Vec2 centerOf(Vec2 position, Rot q, Vec2 localCenter)
{
    return localCenter == Vec2{} ? position : position + rotate(q, localCenter);
}

// The origin of a body whose centre of mass is at `center`, turned by q.
inline Vec2 originOf(Vec2 center, Rot q, Vec2 localCenter)
{
    return localCenter == Vec2{} ? center : center - rotate(q, localCenter);
}

} // namespace oblique::detail
