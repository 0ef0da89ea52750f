#pragma once
/// Bodies: the handle the world gives out for each one, and the definition it is created from.

#include "oblique/body_type.hpp"
#include "oblique/vec2.hpp"

#include <cstdint>

namespace oblique
{

/// A handle to a body. It stays valid until the body is destroyed; after that the world
/// recognises it as stale (World::isValid) instead of reaching another body that reused the slot.
struct BodyId
{
    std::uint32_t index = 0xFFFFFFFFu;
    std::uint32_t generation = 0;
};

constexpr bool operator==(BodyId a, BodyId b)
{
    return a.index == b.index && a.generation == b.generation;
}
/// True for the default-constructed handle, which never names a body.
constexpr bool isNull(BodyId id)
{
    return id.index == 0xFFFFFFFFu;
}

/// Everything about a body except its shapes. Units: metres, radians, seconds, kilograms.
struct BodyDef
{
    BodyType type = BodyType::Dynamic;
    Vec2 position;              ///< world position of the body's origin, the frame its shapes are placed in
    float angle = 0.0f;         ///< radians, counter-clockwise; any size
    Vec2 linearVelocity;        ///< m/s, of the body's origin; must be zero for static bodies
    float angularVelocity = 0;  ///< rad/s; must be zero for static bodies
    float linearDamping = 0;    ///< 1/s, >= 0: velocity shrinks by 1 / (1 + dt * damping) each step
    float angularDamping = 0;   ///< 1/s, >= 0
    float gravityScale = 1.0f;  ///< multiplies the world's gravity for this body
    bool fixedRotation = false; ///< never turns (infinite rotational inertia)
    bool allowSleep = true;     ///< may fall asleep when at rest
    bool awake = true;          ///< starts awake
    void* userData = nullptr;   ///< yours; the world never reads it
    /// Soft step turns a body held by a joint at most an eighth of a turn a step (47 rad/s at
    /// 60 Hz): a light body on a long lever spun up by a joint would otherwise feed its own spin;
    /// a body without joints as fast as moves its farthest point 2 m a step, within an eighth of a
    /// turn a step and an eighth of a turn a substep. A wheel or a blade that must turn faster sets
    /// this, for at least a quarter turn a step (94 rad/s at 60 Hz), the cap ngs applies to every
    /// body. Kinematic bodies always have it.
    bool allowFastRotation = false;
};

} // namespace oblique
