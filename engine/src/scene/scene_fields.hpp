#pragma once
/// Every field of the scene formats, described once: its key, the kind of value it holds, the rule
/// its values keep, where in a Scene it is stored, which objects of a file it belongs to and the
/// format that brought it. The reader, its checks and the writer all work from this one table, so
/// a field is added or changed in one row.
///
/// A field's default is its value in a default-constructed owner (SceneWorld, SceneBody, ShapeDef,
/// Filter, SceneJoint and the engine's joint definitions): the public headers state each default
/// once, and the table does not repeat them.

#include "oblique/scene.hpp"
#include "oblique/shape.hpp"
#include "scene_rules.hpp"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>

namespace oblique::scene_detail
{

/// What a field's value is, in the file and in the Scene.
enum class Kind : std::uint8_t
{
    Format,         ///< the top level's `format` string (scene_rules knows the formats)
    String,         ///< UTF-8 text
    BodyType,       ///< "static", "kinematic" or "dynamic"
    Solver,         ///< "soft-step" or "ngs"
    Number,         ///< a 32-bit float
    Integer,        ///< a whole number held as an int
    Boolean,        ///< true or false
    Vec2,           ///< [x, y]; the rule applies to each number
    Direction,      ///< [x, y], finite and not [0, 0], normalised on load; [0, 0] in a Scene means none
    Bits,           ///< filter bits: a whole number in [0, 65535] held as 32 bits
    Mask,           ///< as Bits, except that 65535 means every category (all 32 bits)
    World,          ///< the world object
    Bodies,         ///< the array of body objects
    Shapes,         ///< a body's array of shape objects
    Filter,         ///< a shape's filter object
    Joints,         ///< the array of joint objects
    JointType,      ///< a joint's type: its spelling names the alternative of SceneJoint::params
    BodyRef,        ///< a body's index in `bodies` (a whole number) or its name (a non-empty string)
    OptionalNumber, ///< as Number, held in a std::optional: absent means "work it out"
    OptionalVec2,   ///< as Vec2, held in a std::optional
};

/// The objects of a scene file, as bits: a field belongs to one or more of them.
using Places = std::uint16_t;
namespace place
{
inline constexpr Places root = 1u << 0u;
inline constexpr Places world = 1u << 1u;
inline constexpr Places body = 1u << 2u;
/// An element of a body's `shapes`.
inline constexpr Places shape = 1u << 3u;
/// A shape key given on the body itself, for the one shape of the shorthand.
inline constexpr Places shorthand = 1u << 4u;
inline constexpr Places filter = 1u << 5u;
/// The keys every joint has; each type's own keys are in one of the places after it.
inline constexpr Places joint = 1u << 6u;
inline constexpr Places revolute = 1u << 7u;
inline constexpr Places prismatic = 1u << 8u;
inline constexpr Places distance = 1u << 9u;
inline constexpr Places weld = 1u << 10u;
inline constexpr Places wheel = 1u << 11u;
inline constexpr Places motor = 1u << 12u;

inline constexpr Places shapeKey = shape | shorthand;
/// The fields a body object takes: its own and its shorthand shape's.
inline constexpr Places bodyObject = body | shorthand;
/// Every joint type's own keys.
inline constexpr Places jointTypes = revolute | prismatic | distance | weld | wheel | motor;

/// The fields a joint object of `type` takes: the common ones and its type's.
constexpr Places jointObject(JointType type)
{
    switch (type)
    {
    case JointType::Revolute:
        return joint | revolute;
    case JointType::Prismatic:
        return joint | prismatic;
    case JointType::Distance:
        return joint | distance;
    case JointType::Weld:
        return joint | weld;
    case JointType::Wheel:
        return joint | wheel;
    case JointType::Motor:
        return joint | motor;
    case JointType::Mouse:
        break;
    }
    return joint;
}
} // namespace place

/// How a shape field relates to the shape's kind.
enum class ShapeRole : std::uint8_t
{
    Any,
    MakesBox,    ///< giving it makes the shape a box, and only boxes have it
    MakesCircle, ///< giving it makes the shape a circle, and only circles have it
    BoxOnly,     ///< only boxes have it
};

/// Where a field's value is stored. Fields that hold objects or arrays, and a joint's type (which
/// is the alternative its parameters hold), have none.
using Member = std::variant<
    std::monostate, std::string Scene::*, Vec2 SceneWorld::*, float SceneWorld::*, int SceneWorld::*,
    bool SceneWorld::*, Solver SceneWorld::*, std::string SceneBody::*, BodyType SceneBody::*,
    Vec2 SceneBody::*, float SceneBody::*, bool SceneBody::*, Vec2 ShapeDef::*, float ShapeDef::*,
    bool ShapeDef::*, std::uint32_t Filter::*, std::int32_t Filter::*, SceneBodyRef SceneJoint::*,
    bool SceneJoint::*, Vec2 RevoluteJointDef::*, float RevoluteJointDef::*, bool RevoluteJointDef::*,
    Vec2 PrismaticJointDef::*, float PrismaticJointDef::*, bool PrismaticJointDef::*,
    Vec2 DistanceJointDef::*, float DistanceJointDef::*, std::optional<float> DistanceJointDef::*,
    Vec2 WeldJointDef::*, float WeldJointDef::*, Vec2 WheelJointDef::*, float WheelJointDef::*,
    bool WheelJointDef::*, std::optional<Vec2> MotorJointDef::*, std::optional<float> MotorJointDef::*,
    float MotorJointDef::*>;

struct FieldSpec
{
    std::string_view key;
    Kind kind = Kind::Number;
    Rule rule = Rule::Finite;
    Places places = 0;
    Member member{};
    int format = 1; ///< the first format that has the key
    ShapeRole role = ShapeRole::Any;
    bool required = false;
};

/// The fields in the order the writer emits them within each object.
inline constexpr std::array fields{
    // The top level.
    FieldSpec{.key = keys::format, .kind = Kind::Format, .places = place::root, .required = true},
    FieldSpec{.key = keys::name, .kind = Kind::String, .places = place::root, .member = &Scene::name},
    FieldSpec{.key = keys::world, .kind = Kind::World, .places = place::root},
    FieldSpec{.key = keys::bodies, .kind = Kind::Bodies, .places = place::root, .required = true},
    FieldSpec{.key = keys::joints, .kind = Kind::Joints, .places = place::root, .format = 2},

    // world
    FieldSpec{
        .key = keys::gravity, .kind = Kind::Vec2, .places = place::world, .member = &SceneWorld::gravity},
    FieldSpec{.key = keys::timeStep,
              .kind = Kind::Number,
              .rule = Rule::Positive,
              .places = place::world,
              .member = &SceneWorld::timeStep},
    FieldSpec{.key = keys::velocityIterations,
              .kind = Kind::Integer,
              .rule = Rule::AtLeastOne,
              .places = place::world,
              .member = &SceneWorld::velocityIterations},
    FieldSpec{.key = keys::positionIterations,
              .kind = Kind::Integer,
              .rule = Rule::NonNegative,
              .places = place::world,
              .member = &SceneWorld::positionIterations},
    FieldSpec{.key = keys::allowSleep,
              .kind = Kind::Boolean,
              .places = place::world,
              .member = &SceneWorld::allowSleep},
    FieldSpec{.key = keys::restitutionThreshold,
              .kind = Kind::Number,
              .rule = Rule::NonNegative,
              .places = place::world,
              .member = &SceneWorld::restitutionThreshold},
    FieldSpec{.key = keys::solver,
              .kind = Kind::Solver,
              .places = place::world,
              .member = &SceneWorld::solver,
              .format = 2},
    FieldSpec{.key = keys::subSteps,
              .kind = Kind::Integer,
              .rule = Rule::AtLeastOne,
              .places = place::world,
              .member = &SceneWorld::subSteps,
              .format = 2},
    FieldSpec{.key = keys::contactHertz,
              .kind = Kind::Number,
              .rule = Rule::Positive,
              .places = place::world,
              .member = &SceneWorld::contactHertz,
              .format = 2},
    FieldSpec{.key = keys::contactDampingRatio,
              .kind = Kind::Number,
              .rule = Rule::NonNegative,
              .places = place::world,
              .member = &SceneWorld::contactDampingRatio,
              .format = 2},
    FieldSpec{.key = keys::contactPushMaxSpeed,
              .kind = Kind::Number,
              .rule = Rule::Positive,
              .places = place::world,
              .member = &SceneWorld::contactPushMaxSpeed,
              .format = 2},

    // A body, and the shape keys that its shapes and its shorthand share.
    FieldSpec{.key = keys::name, .kind = Kind::String, .places = place::body, .member = &SceneBody::name},
    FieldSpec{.key = keys::type, .kind = Kind::BodyType, .places = place::body, .member = &SceneBody::type},
    FieldSpec{.key = keys::position,
              .kind = Kind::Vec2,
              .places = place::body,
              .member = &SceneBody::position,
              .required = true},
    FieldSpec{.key = keys::angle, .kind = Kind::Number, .places = place::body, .member = &SceneBody::angle},
    FieldSpec{.key = keys::halfExtents,
              .kind = Kind::Vec2,
              .rule = Rule::Positive,
              .places = place::shapeKey,
              .member = &ShapeDef::halfExtents,
              .role = ShapeRole::MakesBox},
    FieldSpec{.key = keys::radius,
              .kind = Kind::Number,
              .rule = Rule::Positive,
              .places = place::shapeKey,
              .member = &ShapeDef::radius,
              .role = ShapeRole::MakesCircle},
    FieldSpec{.key = keys::offset,
              .kind = Kind::Vec2,
              .places = place::shape,
              .member = &ShapeDef::offset,
              .format = 2},
    FieldSpec{.key = keys::angle,
              .kind = Kind::Number,
              .places = place::shape,
              .member = &ShapeDef::angle,
              .format = 2,
              .role = ShapeRole::BoxOnly},
    FieldSpec{.key = keys::density,
              .kind = Kind::Number,
              .rule = Rule::NonNegative,
              .places = place::shapeKey,
              .member = &ShapeDef::density},
    FieldSpec{.key = keys::friction,
              .kind = Kind::Number,
              .rule = Rule::NonNegative,
              .places = place::shapeKey,
              .member = &ShapeDef::friction},
    FieldSpec{.key = keys::restitution,
              .kind = Kind::Number,
              .rule = Rule::UnitInterval,
              .places = place::shapeKey,
              .member = &ShapeDef::restitution},
    FieldSpec{.key = keys::sensor,
              .kind = Kind::Boolean,
              .places = place::shapeKey,
              .member = &ShapeDef::isSensor,
              .format = 2},
    FieldSpec{.key = keys::filter, .kind = Kind::Filter, .places = place::shapeKey, .format = 2},
    FieldSpec{.key = keys::surfaceSpeed,
              .kind = Kind::Number,
              .places = place::shapeKey,
              .member = &ShapeDef::surfaceSpeed,
              .format = 2},
    FieldSpec{.key = keys::oneWay,
              .kind = Kind::Direction,
              .places = place::shapeKey,
              .member = &ShapeDef::oneWay,
              .format = 2},
    FieldSpec{.key = keys::shapes, .kind = Kind::Shapes, .places = place::body, .format = 2},
    FieldSpec{.key = keys::linearVelocity,
              .kind = Kind::Vec2,
              .places = place::body,
              .member = &SceneBody::linearVelocity},
    FieldSpec{.key = keys::angularVelocity,
              .kind = Kind::Number,
              .places = place::body,
              .member = &SceneBody::angularVelocity},
    FieldSpec{.key = keys::linearDamping,
              .kind = Kind::Number,
              .rule = Rule::NonNegative,
              .places = place::body,
              .member = &SceneBody::linearDamping},
    FieldSpec{.key = keys::angularDamping,
              .kind = Kind::Number,
              .rule = Rule::NonNegative,
              .places = place::body,
              .member = &SceneBody::angularDamping},
    FieldSpec{.key = keys::gravityScale,
              .kind = Kind::Number,
              .places = place::body,
              .member = &SceneBody::gravityScale},
    FieldSpec{.key = keys::fixedRotation,
              .kind = Kind::Boolean,
              .places = place::body,
              .member = &SceneBody::fixedRotation},

    // A shape's filter.
    FieldSpec{.key = keys::category,
              .kind = Kind::Bits,
              .rule = Rule::Bits16,
              .places = place::filter,
              .member = &Filter::categoryBits,
              .format = 2},
    FieldSpec{.key = keys::mask,
              .kind = Kind::Mask,
              .rule = Rule::Bits16,
              .places = place::filter,
              .member = &Filter::maskBits,
              .format = 2},
    FieldSpec{.key = keys::group,
              .kind = Kind::Integer,
              .rule = Rule::Int16,
              .places = place::filter,
              .member = &Filter::groupIndex,
              .format = 2},

    // A joint. The whole `joints` array is format 2, so its keys need no format of their own.
    FieldSpec{.key = keys::type, .kind = Kind::JointType, .places = place::joint, .required = true},
    FieldSpec{.key = keys::bodyA,
              .kind = Kind::BodyRef,
              .rule = Rule::NonNegative,
              .places = place::joint,
              .member = &SceneJoint::bodyA,
              .required = true},
    FieldSpec{.key = keys::bodyB,
              .kind = Kind::BodyRef,
              .rule = Rule::NonNegative,
              .places = place::joint,
              .member = &SceneJoint::bodyB,
              .required = true},
    FieldSpec{.key = keys::collideConnected,
              .kind = Kind::Boolean,
              .places = place::joint,
              .member = &SceneJoint::collideConnected},

    // revolute
    FieldSpec{.key = keys::anchor,
              .kind = Kind::Vec2,
              .places = place::revolute,
              .member = &RevoluteJointDef::anchor,
              .required = true},
    FieldSpec{.key = keys::enableLimit,
              .kind = Kind::Boolean,
              .places = place::revolute,
              .member = &RevoluteJointDef::enableLimit},
    FieldSpec{.key = keys::lowerAngle,
              .kind = Kind::Number,
              .places = place::revolute,
              .member = &RevoluteJointDef::lowerAngle},
    FieldSpec{.key = keys::upperAngle,
              .kind = Kind::Number,
              .places = place::revolute,
              .member = &RevoluteJointDef::upperAngle},
    FieldSpec{.key = keys::enableMotor,
              .kind = Kind::Boolean,
              .places = place::revolute,
              .member = &RevoluteJointDef::enableMotor},
    FieldSpec{.key = keys::motorSpeed,
              .kind = Kind::Number,
              .places = place::revolute,
              .member = &RevoluteJointDef::motorSpeed},
    FieldSpec{.key = keys::maxMotorTorque,
              .kind = Kind::Number,
              .rule = Rule::NonNegative,
              .places = place::revolute,
              .member = &RevoluteJointDef::maxMotorTorque},

    // prismatic
    FieldSpec{.key = keys::anchor,
              .kind = Kind::Vec2,
              .places = place::prismatic,
              .member = &PrismaticJointDef::anchor,
              .required = true},
    FieldSpec{.key = keys::axis,
              .kind = Kind::Direction,
              .places = place::prismatic,
              .member = &PrismaticJointDef::axis,
              .required = true},
    FieldSpec{.key = keys::enableLimit,
              .kind = Kind::Boolean,
              .places = place::prismatic,
              .member = &PrismaticJointDef::enableLimit},
    FieldSpec{.key = keys::lower,
              .kind = Kind::Number,
              .places = place::prismatic,
              .member = &PrismaticJointDef::lower},
    FieldSpec{.key = keys::upper,
              .kind = Kind::Number,
              .places = place::prismatic,
              .member = &PrismaticJointDef::upper},
    FieldSpec{.key = keys::enableMotor,
              .kind = Kind::Boolean,
              .places = place::prismatic,
              .member = &PrismaticJointDef::enableMotor},
    FieldSpec{.key = keys::motorSpeed,
              .kind = Kind::Number,
              .places = place::prismatic,
              .member = &PrismaticJointDef::motorSpeed},
    FieldSpec{.key = keys::maxMotorForce,
              .kind = Kind::Number,
              .rule = Rule::NonNegative,
              .places = place::prismatic,
              .member = &PrismaticJointDef::maxMotorForce},

    // distance
    FieldSpec{.key = keys::anchorA,
              .kind = Kind::Vec2,
              .places = place::distance,
              .member = &DistanceJointDef::anchorA,
              .required = true},
    FieldSpec{.key = keys::anchorB,
              .kind = Kind::Vec2,
              .places = place::distance,
              .member = &DistanceJointDef::anchorB,
              .required = true},
    FieldSpec{.key = keys::length,
              .kind = Kind::OptionalNumber,
              .rule = Rule::NonNegative,
              .places = place::distance,
              .member = &DistanceJointDef::length},
    FieldSpec{.key = keys::hertz,
              .kind = Kind::Number,
              .rule = Rule::NonNegative,
              .places = place::distance,
              .member = &DistanceJointDef::hertz},
    FieldSpec{.key = keys::dampingRatio,
              .kind = Kind::Number,
              .rule = Rule::NonNegative,
              .places = place::distance,
              .member = &DistanceJointDef::dampingRatio},
    FieldSpec{.key = keys::minLength,
              .kind = Kind::OptionalNumber,
              .rule = Rule::NonNegative,
              .places = place::distance,
              .member = &DistanceJointDef::minLength},
    FieldSpec{.key = keys::maxLength,
              .kind = Kind::OptionalNumber,
              .rule = Rule::NonNegative,
              .places = place::distance,
              .member = &DistanceJointDef::maxLength},

    // weld
    FieldSpec{.key = keys::anchor,
              .kind = Kind::Vec2,
              .places = place::weld,
              .member = &WeldJointDef::anchor,
              .required = true},
    FieldSpec{.key = keys::hertz,
              .kind = Kind::Number,
              .rule = Rule::NonNegative,
              .places = place::weld,
              .member = &WeldJointDef::hertz},
    FieldSpec{.key = keys::dampingRatio,
              .kind = Kind::Number,
              .rule = Rule::NonNegative,
              .places = place::weld,
              .member = &WeldJointDef::dampingRatio},

    // wheel
    FieldSpec{.key = keys::anchor,
              .kind = Kind::Vec2,
              .places = place::wheel,
              .member = &WheelJointDef::anchor,
              .required = true},
    FieldSpec{.key = keys::axis,
              .kind = Kind::Direction,
              .places = place::wheel,
              .member = &WheelJointDef::axis,
              .required = true},
    FieldSpec{.key = keys::hertz,
              .kind = Kind::Number,
              .rule = Rule::NonNegative,
              .places = place::wheel,
              .member = &WheelJointDef::hertz},
    FieldSpec{.key = keys::dampingRatio,
              .kind = Kind::Number,
              .rule = Rule::NonNegative,
              .places = place::wheel,
              .member = &WheelJointDef::dampingRatio},
    FieldSpec{.key = keys::enableMotor,
              .kind = Kind::Boolean,
              .places = place::wheel,
              .member = &WheelJointDef::enableMotor},
    FieldSpec{.key = keys::motorSpeed,
              .kind = Kind::Number,
              .places = place::wheel,
              .member = &WheelJointDef::motorSpeed},
    FieldSpec{.key = keys::maxMotorTorque,
              .kind = Kind::Number,
              .rule = Rule::NonNegative,
              .places = place::wheel,
              .member = &WheelJointDef::maxMotorTorque},
    FieldSpec{.key = keys::enableLimit,
              .kind = Kind::Boolean,
              .places = place::wheel,
              .member = &WheelJointDef::enableLimit},
    FieldSpec{
        .key = keys::lower, .kind = Kind::Number, .places = place::wheel, .member = &WheelJointDef::lower},
    FieldSpec{
        .key = keys::upper, .kind = Kind::Number, .places = place::wheel, .member = &WheelJointDef::upper},

    // motor
    FieldSpec{.key = keys::linearOffset,
              .kind = Kind::OptionalVec2,
              .places = place::motor,
              .member = &MotorJointDef::linearOffset},
    FieldSpec{.key = keys::angularOffset,
              .kind = Kind::OptionalNumber,
              .places = place::motor,
              .member = &MotorJointDef::angularOffset},
    FieldSpec{.key = keys::maxForce,
              .kind = Kind::Number,
              .rule = Rule::NonNegative,
              .places = place::motor,
              .member = &MotorJointDef::maxForce},
    FieldSpec{.key = keys::maxTorque,
              .kind = Kind::Number,
              .rule = Rule::NonNegative,
              .places = place::motor,
              .member = &MotorJointDef::maxTorque},
    FieldSpec{.key = keys::correctionFactor,
              .kind = Kind::Number,
              .rule = Rule::UnitInterval,
              .places = place::motor,
              .member = &MotorJointDef::correctionFactor},
};

/// A set of fields, a bit per row of `fields`.
class FieldSet
{
public:
    constexpr FieldSet() = default;

    /// The set of the one field `index`.
    static constexpr FieldSet of(std::size_t index)
    {
        FieldSet set;
        set.insert(index);
        return set;
    }

    constexpr void insert(std::size_t index) { m_words[index / 64] |= std::uint64_t{1} << (index % 64); }
    constexpr bool contains(std::size_t index) const
    {
        return (m_words[index / 64] & (std::uint64_t{1} << (index % 64))) != 0;
    }
    constexpr bool empty() const
    {
        for (const std::uint64_t word : m_words)
        {
            if (word != 0)
            {
                return false;
            }
        }
        return true;
    }
    /// The index of the first field in the set; the set must not be empty.
    constexpr std::size_t first() const
    {
        std::size_t at = 0;
        while (m_words[at] == 0)
        {
            ++at;
        }
        return at * 64 + static_cast<std::size_t>(std::countr_zero(m_words[at]));
    }
    constexpr void removeFirst()
    {
        const std::size_t index = first();
        m_words[index / 64] &= ~(std::uint64_t{1} << (index % 64));
    }

    friend constexpr FieldSet operator&(FieldSet a, FieldSet b)
    {
        for (std::size_t i = 0; i < kWords; ++i)
        {
            a.m_words[i] &= b.m_words[i];
        }
        return a;
    }
    /// The fields of `a` that are not in `b`.
    friend constexpr FieldSet operator-(FieldSet a, FieldSet b)
    {
        for (std::size_t i = 0; i < kWords; ++i)
        {
            a.m_words[i] &= ~b.m_words[i];
        }
        return a;
    }

private:
    static constexpr std::size_t kWords = (fields.size() + 63) / 64;
    std::array<std::uint64_t, kWords> m_words{};
};

/// The fields for which `test` holds.
template <typename Test>
constexpr FieldSet fieldsWhere(Test test)
{
    FieldSet set;
    for (std::size_t i = 0; i < fields.size(); ++i)
    {
        if (test(fields[i]))
        {
            set.insert(i);
        }
    }
    return set;
}

/// The index of the field `key` names among those of `object`'s places, if any.
std::optional<std::size_t> findField(Places object, std::string_view key);

/// The key of `object`'s places that `key` most likely misspells, if one stands out: the only key
/// nearest to it, at most two edits away and at most one edit in three of the longer spelling's
/// characters (see editDistanceIgnoringCase). A key differing only in case is always suggested.
std::optional<std::string_view> closestKey(Places object, std::string_view key);

template <typename T>
struct MemberTraits;
template <typename V, typename O>
struct MemberTraits<V O::*>
{
    using Value = V;
    using Owner = O;
};

/// The objects the fields of the file object being read or written live in; const for writing.
template <bool IsConst>
struct Owners
{
    template <typename T>
    using Ptr = std::conditional_t<IsConst, const T*, T*>;

    Ptr<Scene> scene = nullptr;
    Ptr<SceneWorld> world = nullptr;
    Ptr<SceneBody> body = nullptr;
    Ptr<ShapeDef> shape = nullptr;
    Ptr<Filter> filter = nullptr;
    Ptr<SceneJoint> joint = nullptr;

    template <typename Owner>
    Ptr<Owner> get() const
    {
        if constexpr (std::is_same_v<Owner, Scene>)
        {
            return scene;
        }
        else if constexpr (std::is_same_v<Owner, SceneWorld>)
        {
            return world;
        }
        else if constexpr (std::is_same_v<Owner, SceneBody>)
        {
            return body;
        }
        else if constexpr (std::is_same_v<Owner, ShapeDef>)
        {
            return shape;
        }
        else if constexpr (std::is_same_v<Owner, Filter>)
        {
            return filter;
        }
        else if constexpr (std::is_same_v<Owner, SceneJoint>)
        {
            return joint;
        }
        else
        {
            // A joint type's own fields live in the joint's parameters when it is of that type.
            return joint != nullptr ? std::get_if<Owner>(&joint->params) : nullptr;
        }
    }
};

/// The `Value` that `field` stores in `owners`.
template <typename Value, bool IsConst>
auto& valueOf(const FieldSpec& field, const Owners<IsConst>& owners)
{
    std::conditional_t<IsConst, const Value*, Value*> found = nullptr;
    std::visit(
        [&](auto member)
        {
            using M = decltype(member);
            if constexpr (!std::is_same_v<M, std::monostate>)
            {
                using Traits = MemberTraits<M>;
                if constexpr (std::is_same_v<typename Traits::Value, Value>)
                {
                    if (auto* owner = owners.template get<typename Traits::Owner>())
                    {
                        found = &(owner->*member);
                    }
                }
            }
        },
        field.member);
    if (found == nullptr)
    {
        // Only reachable if the table and the code using it disagree.
        throw std::logic_error("scene field table: " + std::string(field.key) + " is not stored here");
    }
    return *found;
}

/// Whether `a` and `b` hold the same value for `field`. Floats compare by their bits, so that a
/// -0.0 counts as differing from a default of 0 and is written. A filter compares its numbers;
/// fields that hold other objects or arrays always compare equal.
bool sameValue(const FieldSpec& field, const Owners<true>& a, const Owners<true>& b);

} // namespace oblique::scene_detail
