#pragma once
/// Joints: constraints that hold two bodies together (a hinge, a rod, a rope, a spring). The
/// handle the world gives out for each one and the definition it is created from.

#include "oblique/body.hpp"
#include "oblique/vec2.hpp"

#include <cstdint>
#include <optional>
#include <variant>

namespace oblique
{

/// A handle to a joint. It stays valid until the joint (or a body of it) is destroyed; after that
/// the world recognises it as stale (World::isValid).
struct JointId
{
    std::uint32_t index = 0xFFFFFFFFu;
    std::uint32_t generation = 0;
};

constexpr bool operator==(JointId a, JointId b)
{
    return a.index == b.index && a.generation == b.generation;
}
/// True for the default-constructed handle, which never names a joint.
constexpr bool isNull(JointId id)
{
    return id.index == 0xFFFFFFFFu;
}

/// The kinds of joint, in the order of JointDef::params' alternatives.
enum class JointType : std::uint8_t
{
    Revolute,
    Distance,
};

/// A hinge: the two bodies share a point and turn freely about it, within limits and driven by a
/// motor if asked. Angles are B's turn relative to A since the joint was made (counter-clockwise).
struct RevoluteJointDef
{
    Vec2 anchor{};            ///< the shared point, world coordinates at creation
    bool enableLimit = false; ///< keep the joint angle within [lowerAngle, upperAngle]
    float lowerAngle = 0.0f;  ///< radians, <= upperAngle
    float upperAngle = 0.0f;
    bool enableMotor = false;    ///< drive the joint speed toward motorSpeed
    float motorSpeed = 0.0f;     ///< rad/s
    float maxMotorTorque = 0.0f; ///< N*m, >= 0: the most the motor may apply
};

/// Holds the distance between a point of each body: a rigid rod (the default), a rope (minLength
/// 0, maxLength its length), or a spring (hertz > 0) pulling toward `length` within
/// [minLength, maxLength].
struct DistanceJointDef
{
    Vec2 anchorA{}; ///< world coordinates at creation
    Vec2 anchorB{};
    /// The rod's length or the spring's rest length, >= 0; none: the distance between the anchors.
    std::optional<float> length{};
    float hertz = 0.0f;        ///< >= 0; 0: no spring (rigid within the range)
    float dampingRatio = 0.0f; ///< >= 0, the spring's
    /// The range the distance is held in, 0 <= minLength <= length <= maxLength. None: `length`
    /// for a rod (hertz 0); 0 and unlimited for a spring.
    std::optional<float> minLength{};
    std::optional<float> maxLength{};
};

/// Everything about a joint: the two bodies (different, at least one dynamic), whether they may
/// still collide with each other, and the parameters of its type. A new joint type is a new
/// alternative of `params`, so each type's fields are all it can be given.
struct JointDef
{
    BodyId bodyA{};
    BodyId bodyB{};
    bool collideConnected = false;
    std::variant<RevoluteJointDef, DistanceJointDef> params{};
};

} // namespace oblique
