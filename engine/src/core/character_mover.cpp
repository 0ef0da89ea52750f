// One move of the character mover: carried by the platform under it, out of anything deep inside
// it, its own motion (stepping up a low ledge that stops a walk), set down on ground it walked off,
// then its pushes given and its ground and sensors found. Everything asked of the world goes
// through its public calls.

#include "oblique/character_mover.hpp"

#include "character_probe.hpp"
#include "constants.hpp"
#include "oblique/world.hpp"
#include "validation.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <numbers>
#include <optional>

namespace oblique
{

using detail::CharacterContact;
using detail::CharacterProbe;
using detail::GroundContact;

namespace
{

// Progress shorter than this (metres) is no progress: a step up must beat walking by more.
constexpr float kMinProgress = 1e-4f;
// How squarely a surface must face a walk to stop it, as the cosine between them.
constexpr float kFacing = 0.7f;

const CharacterMoverDef& validated(const CharacterMoverDef& def)
{
    constexpr const char* kFunction = "CharacterMover";
    if (def.kind == ShapeKind::Box)
    {
        if (!(def.halfExtents.x > 0.0f) || !(def.halfExtents.y > 0.0f) || !isFinite(def.halfExtents))
        {
            detail::fail(kFunction, "def.halfExtents must be finite and > 0");
        }
    }
    else if (def.kind == ShapeKind::Circle)
    {
        if (!(def.radius > 0.0f) || !std::isfinite(def.radius))
        {
            detail::fail(kFunction, "def.radius must be finite and > 0");
        }
    }
    else
    {
        detail::fail(kFunction, "def.kind must be ShapeKind::Box or ShapeKind::Circle");
    }
    if (!(def.maxSlopeAngle > 0.0f) || !(def.maxSlopeAngle < 0.5f * std::numbers::pi_v<float>))
    {
        detail::fail(kFunction, "def.maxSlopeAngle must be in (0, pi/2)");
    }
    if (!(def.stepHeight >= 0.0f) || !std::isfinite(def.stepHeight))
    {
        detail::fail(kFunction, "def.stepHeight must be finite and >= 0");
    }
    if (!(def.groundProbe > 0.0f) || !std::isfinite(def.groundProbe))
    {
        detail::fail(kFunction, "def.groundProbe must be finite and > 0");
    }
    if (!(def.pushStrength >= 0.0f) || !std::isfinite(def.pushStrength))
    {
        detail::fail(kFunction, "def.pushStrength must be finite and >= 0");
    }
    return def;
}

Vec2 validated(Vec2 position, const char* function)
{
    detail::requireInRange(function, position);
    return position;
}

void validateMove(Vec2 position, Vec2 velocity, float dt)
{
    constexpr const char* kFunction = "CharacterMover::move";
    detail::requireFinite(kFunction, "velocity", velocity);
    if (!(dt > 0.0f) || !std::isfinite(dt))
    {
        detail::fail(kFunction, "dt must be finite and > 0");
    }
    const Vec2 end = position + dt * velocity;
    if (!(std::fabs(end.x) <= detail::kWorldLimit) || !(std::fabs(end.y) <= detail::kWorldLimit))
    {
        detail::fail(kFunction, "velocity * dt must keep the character within 1e18 m of the origin");
    }
}

void append(std::vector<CharacterContact>& to, const std::vector<CharacterContact>& more)
{
    to.insert(to.end(), more.begin(), more.end());
}

// How far the kinematic body it stands on has taken its feet since the ground was found: the
// body's motion in that time applied to the foot point, turning included. For a kinematic body
// that is its velocity at the foot point times the time stepped, the point turned about the
// body's centre; measuring it rather than predicting it from the velocity keeps the character on
// whichever order the game steps the world and moves it in.
Vec2 platformCarry(const World& world, const CharacterMoverDef& def, const CharacterGround& ground,
                   const Transform& groundFrame)
{
    if (!def.ridePlatforms || !ground.grounded || !world.isValid(ground.body) ||
        world.bodyType(ground.body) != BodyType::Kinematic)
    {
        return {};
    }
    const Vec2 onPlatform = invTransformPoint(groundFrame, ground.point);
    return transformPoint(world.transform(ground.body), onPlatform) - ground.point;
}

// Whether something it cannot climb stopped a walk: a wall, or a slope too steep.
bool stoppedSideways(const std::vector<CharacterContact>& contacts, float walk)
{
    const float forward = walk > 0.0f ? 1.0f : -1.0f;
    return std::any_of(contacts.begin(), contacts.end(),
                       [&](const CharacterContact& c) { return !c.ground && c.exit.x * forward < -kFacing; });
}

// The walk again, lifted by the step height and set down after it: where it ends when that gets
// further than walking did and leaves the character on walkable ground (on the ledge).
std::optional<Vec2> stepUp(const CharacterProbe& probe, const CharacterMoverDef& def, Vec2 start,
                           Vec2 displacement, Vec2 walked, std::vector<CharacterContact>& contacts)
{
    const Vec2 lifted = probe.slide(start, {0.0f, def.stepHeight}, contacts);
    const float rise = lifted.y - start.y;
    if (!(rise > kMinProgress))
    {
        return std::nullopt;
    }
    const Vec2 ahead = probe.slide(lifted, {displacement.x, 0.0f}, contacts);
    // Down by the lift and the walk's own fall.
    const Vec2 settled = probe.slide(ahead, {0.0f, displacement.y - rise}, contacts);
    const float forward = displacement.x > 0.0f ? 1.0f : -1.0f;
    if ((settled.x - walked.x) * forward <= kMinProgress || !probe.findGround(settled, def.groundProbe))
    {
        return std::nullopt;
    }
    return settled;
}

// Its own motion. A walk on the ground that a face it cannot climb stops is tried again as a step
// up, which a ledge no higher than the step height lets through.
Vec2 walk(const CharacterProbe& probe, const CharacterMoverDef& def, Vec2 start, Vec2 displacement,
          bool grounded, std::vector<CharacterContact>& contacts)
{
    std::vector<CharacterContact> walkContacts;
    const Vec2 walked = probe.slide(start, displacement, walkContacts);
    const bool mayStep =
        grounded && def.stepHeight > 0.0f && displacement.x != 0.0f && displacement.y <= 0.0f;
    if (mayStep && stoppedSideways(walkContacts, displacement.x))
    {
        std::vector<CharacterContact> stepContacts;
        if (const std::optional<Vec2> stepped = stepUp(probe, def, start, displacement, walked, stepContacts))
        {
            append(contacts, stepContacts);
            return *stepped;
        }
    }
    append(contacts, walkContacts);
    return walked;
}

// A character that was on the ground and has walked off it (a ledge no higher than the step height,
// a downward slope faster than a fall follows) is set straight down on the ground below instead of
// being launched into the air.
Vec2 stepDown(const CharacterProbe& probe, const CharacterMoverDef& def, Vec2 at,
              std::vector<CharacterContact>& contacts)
{
    const std::optional<GroundContact> below = probe.findGround(at, def.stepHeight);
    if (!below)
    {
        return at;
    }
    return probe.slide(at, {0.0f, -below->gap}, contacts);
}

// The velocity less its part into each surface that pushed the character out, in the order they
// did: a landing ends a fall, a wall ends a run into it.
Vec2 clipVelocity(Vec2 velocity, const std::vector<CharacterContact>& contacts)
{
    for (const CharacterContact& c : contacts)
    {
        const float into = dot(velocity, c.exit);
        if (into < 0.0f)
        {
            velocity -= into * c.exit;
        }
    }
    return velocity;
}

// The impulse along `direction` that brings the body's velocity at the point up to the
// character's speed that way, and no more than `limit`: a push never throws a body ahead of the
// character, nor is stronger than it.
float pushImpulse(const World& world, BodyId body, Vec2 point, Vec2 direction, float speed, float limit)
{
    const Vec2 arm = point - world.worldCenter(body);
    const Vec2 pointVelocity = world.linearVelocity(body) + cross(world.angularVelocity(body), arm);
    const float shortfall = speed - dot(pointVelocity, direction);
    if (!(shortfall > 0.0f))
    {
        return 0.0f;
    }
    float invMass = 1.0f / world.mass(body);
    const float inertia = world.inertia(body);
    if (inertia > 0.0f)
    {
        const float turn = cross(arm, direction);
        invMass += turn * turn / inertia;
    }
    return std::min(limit, shortfall / invMass);
}

// Each dynamic body its own motion ran into (not one it stands on) is pushed once, at the first
// place it met it. The body was an obstacle for this move; the next step moves it as far as its
// weight, its friction and what lies beyond let the push take it.
std::vector<CharacterPush> pushBodies(World& world, const CharacterMoverDef& def,
                                      const std::vector<CharacterContact>& contacts, Vec2 velocity, float dt)
{
    std::vector<CharacterPush> pushes;
    if (!(def.pushStrength > 0.0f))
    {
        return pushes;
    }
    std::vector<BodyId> met;
    for (const CharacterContact& c : contacts)
    {
        if (c.bodyType != BodyType::Dynamic || c.ground ||
            std::find(met.begin(), met.end(), c.hit.body) != met.end())
        {
            continue;
        }
        met.push_back(c.hit.body);
        const Vec2 direction = -c.hit.normal;
        const float impulse = pushImpulse(world, c.hit.body, c.hit.point, direction, dot(velocity, direction),
                                          def.pushStrength * dt);
        if (impulse > 0.0f)
        {
            world.applyLinearImpulse(c.hit.body, impulse * direction, c.hit.point);
            pushes.push_back({c.hit.body, impulse * direction, c.hit.point});
        }
    }
    return pushes;
}

// One hit per shape touched, in the order first touched: the pushes out of it added up, with the
// normal and point of the last.
std::vector<CharacterHit> hitsOf(const std::vector<CharacterContact>& contacts)
{
    std::vector<CharacterHit> hits;
    for (const CharacterContact& c : contacts)
    {
        const auto same = std::find_if(hits.begin(), hits.end(),
                                       [&](const CharacterHit& h)
                                       { return h.body == c.hit.body && h.shape == c.hit.shape; });
        if (same == hits.end())
        {
            hits.push_back(c.hit);
            continue;
        }
        same->translation += c.hit.translation;
        same->normal = c.hit.normal;
        same->point = c.hit.point;
    }
    return hits;
}

bool before(const ShapeRef& a, const ShapeRef& b)
{
    return a.body.index != b.body.index ? a.body.index < b.body.index : a.shape.index < b.shape.index;
}

// The refs of `all` not in `others`; both are ordered as queries order them.
std::vector<ShapeRef> except(const std::vector<ShapeRef>& all, const std::vector<ShapeRef>& others)
{
    std::vector<ShapeRef> rest;
    std::set_difference(all.begin(), all.end(), others.begin(), others.end(), std::back_inserter(rest),
                        before);
    return rest;
}

CharacterGround groundOf(const std::optional<GroundContact>& contact)
{
    if (!contact)
    {
        return {};
    }
    return {true, contact->normal, contact->point, contact->ref.body, contact->ref.shape};
}

} // namespace

CharacterMover::CharacterMover(const CharacterMoverDef& def, Vec2 position)
    : m_def(validated(def)), m_position(validated(position, "CharacterMover"))
{
}

void CharacterMover::setPosition(Vec2 position)
{
    m_position = validated(position, "CharacterMover::setPosition");
    // What it stood on is no longer under it: it neither rides nor steps from it.
    m_ground = {};
}

Vec2 CharacterMover::move(World& world, Vec2 velocity, float dt)
{
    validateMove(m_position, velocity, dt);
    const CharacterProbe probe(world, m_def);
    std::vector<CharacterContact> contacts;

    Vec2 at = m_position;
    const Vec2 carry = platformCarry(world, m_def, m_ground, m_groundFrame);
    if (!(carry == Vec2{}))
    {
        at = probe.slide(at, carry, contacts);
    }
    at = probe.leaveDeepOverlaps(at, contacts);
    std::vector<CharacterContact> walkContacts;
    at = walk(probe, m_def, at, dt * velocity, m_ground.grounded, walkContacts);
    append(contacts, walkContacts);
    Vec2 clipped = clipVelocity(velocity, contacts);

    // On its way up it has left the ground, whatever is still within reach below.
    std::optional<GroundContact> ground;
    if (clipped.y <= 0.0f)
    {
        ground = probe.findGround(at, m_def.groundProbe);
        if (!ground && m_ground.grounded && m_def.stepHeight > 0.0f)
        {
            at = stepDown(probe, m_def, at, contacts);
            ground = probe.findGround(at, m_def.groundProbe);
            if (ground)
            {
                clipped.y = 0.0f; // set down on it: the fall is over
            }
        }
    }

    m_pushes = pushBodies(world, m_def, walkContacts, velocity, dt);
    std::vector<ShapeRef> sensors = probe.sensorsAt(at);
    m_sensorsEntered = except(sensors, m_sensors);
    m_sensorsLeft = except(m_sensors, sensors);
    m_sensors = std::move(sensors);
    m_hits = hitsOf(contacts);
    m_ground = groundOf(ground);
    if (m_ground.grounded)
    {
        m_groundFrame = world.transform(m_ground.body);
    }
    m_position = at;
    return clipped;
}

} // namespace oblique
