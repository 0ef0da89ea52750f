#pragma once
/// Joints: constraints that hold two bodies together (a hinge, a rod, a rope, a spring). The
/// handle the world gives out for each one and the definition it is created from.

#include "oblique/body.hpp"
#include "oblique/vec2.hpp"

#include <cstdint>
#include <limits>
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
    Prismatic,
    Weld,
    Wheel,
    Motor,
    Mouse,
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

/// A slider: B moves along an axis fixed in A and does not turn relative to A; its translation
/// may be limited and driven by a motor. Translation is B's displacement along the axis since the
/// joint was made.
struct PrismaticJointDef
{
    Vec2 anchor{};            ///< world coordinates at creation
    Vec2 axis{1.0f, 0.0f};    ///< the direction of travel in the world at creation; non-zero (normalised)
    bool enableLimit = false; ///< keep the translation within [lower, upper]
    float lower = 0.0f;       ///< metres, <= upper
    float upper = 0.0f;
    bool enableMotor = false;   ///< drive the translation speed toward motorSpeed
    float motorSpeed = 0.0f;    ///< m/s
    float maxMotorForce = 0.0f; ///< N, >= 0
};

/// Glues B to A at a point: no relative motion. With hertz > 0 the angular part is a spring of
/// that frequency instead (a soft weld: a blob, a bending beam).
struct WeldJointDef
{
    Vec2 anchor{};             ///< world coordinates at creation
    float hertz = 0.0f;        ///< >= 0; 0: rigid
    float dampingRatio = 0.0f; ///< >= 0
};

/// A wheel on a suspension: B's anchor slides along an axis fixed in A, held toward its starting
/// place by a spring (hertz > 0; 0: free to slide), and B turns freely, driven by a motor if asked.
struct WheelJointDef
{
    Vec2 anchor{};             ///< the wheel's axle, world coordinates at creation
    Vec2 axis{0.0f, 1.0f};     ///< the suspension's direction in the world at creation; non-zero
    float hertz = 0.0f;        ///< >= 0
    float dampingRatio = 0.0f; ///< >= 0
    bool enableMotor = false;
    float motorSpeed = 0.0f;     ///< rad/s, B's spin relative to A
    float maxMotorTorque = 0.0f; ///< N*m, >= 0
    bool enableLimit = false;    ///< keep the suspension's travel within [lower, upper]
    float lower = 0.0f;          ///< metres, <= upper
    float upper = 0.0f;
};

/// Drives B toward a place and angle relative to A with at most maxForce and maxTorque (a
/// character steered through physics, a platform that follows a path).
struct MotorJointDef
{
    /// B's origin in A's frame; none: where B is now.
    std::optional<Vec2> linearOffset{};
    /// B's angle less A's; none: as they are now.
    std::optional<float> angularOffset{};
    float maxForce = 0.0f;         ///< N, >= 0
    float maxTorque = 0.0f;        ///< N*m, >= 0
    float correctionFactor = 0.3f; ///< in [0, 1]: the share of the error closed per step (substep)
};

/// Pulls a point of B toward a target with a soft spring whose force is capped: how a hand drags
/// a body. Only B is moved; A (usually a static body) only names what the joint hangs from.
struct MouseJointDef
{
    Vec2 target{};             ///< the point B's anchor is pulled to, world coordinates
    float hertz = 5.0f;        ///< > 0
    float dampingRatio = 0.7f; ///< >= 0
    float maxForce = 0.0f;     ///< N, > 0: scale it with B's weight
};

/// Everything about a joint: the two bodies (different, at least one dynamic), whether they may
/// still collide with each other, and the parameters of its type. A new joint type is a new
/// alternative of `params`, so each type's fields are all it can be given.
struct JointDef
{
    BodyId bodyA{};
    BodyId bodyB{};
    bool collideConnected = false;
    /// The joint breaks (is destroyed at the end of the step, with a JointBreakEvent) once the
    /// force or torque it applies exceeds these; infinity: never. >= 0.
    float breakForce = std::numeric_limits<float>::infinity();
    float breakTorque = std::numeric_limits<float>::infinity();
    std::variant<RevoluteJointDef, DistanceJointDef, PrismaticJointDef, WeldJointDef, WheelJointDef,
                 MotorJointDef, MouseJointDef>
        params{};
};

/// A joint broke during the last step: the force (N) and torque (N*m) it had to apply to B
/// exceeded its breakForce or breakTorque. The joint is already destroyed; its handle is stale.
struct JointBreakEvent
{
    JointId joint;
    BodyId bodyA;
    BodyId bodyB;
    Vec2 force;
    float torque = 0.0f;
};

} // namespace oblique
