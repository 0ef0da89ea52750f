#pragma once
/// The vocabulary and value rules of the scene formats (`oblique-scene/1` and `/2`), shared by the
/// reader (which refuses files that break them) and the writer (which refuses scenes that could not
/// be loaded back).

#include "oblique/body_type.hpp"
#include "oblique/joint.hpp"
#include "oblique/scene.hpp"
#include "oblique/world_def.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace oblique::scene_detail
{

/// The values of the `format` key this library reads; format N is `formatTags[N - 1]`.
inline constexpr std::array<std::string_view, 2> formatTags{"oblique-scene/1", "oblique-scene/2"};

/// The format a `format` value names (1 or 2), or nothing for one this library does not read.
std::optional<int> formatVersion(std::string_view tag);

/// The `format` value of format `version`.
std::string_view formatTag(int version);

/// The formats this library reads, for messages: `"oblique-scene/1" or "oblique-scene/2"`.
std::string knownFormats();

/// Words quoted and joined for messages: `"a", "b" or "c"`.
std::string quotedChoices(std::span<const std::string_view> words);

/// Key spellings. The field table (scene_fields.hpp) says where each belongs and in what order
/// the writer emits them.
namespace keys
{
inline constexpr std::string_view format = "format";
inline constexpr std::string_view name = "name";
inline constexpr std::string_view world = "world";
inline constexpr std::string_view bodies = "bodies";
inline constexpr std::string_view joints = "joints";

inline constexpr std::string_view gravity = "gravity";
inline constexpr std::string_view timeStep = "timeStep";
inline constexpr std::string_view velocityIterations = "velocityIterations";
inline constexpr std::string_view positionIterations = "positionIterations";
inline constexpr std::string_view allowSleep = "allowSleep";
inline constexpr std::string_view restitutionThreshold = "restitutionThreshold";
inline constexpr std::string_view solver = "solver";
inline constexpr std::string_view subSteps = "subSteps";
inline constexpr std::string_view contactHertz = "contactHertz";
inline constexpr std::string_view contactDampingRatio = "contactDampingRatio";
inline constexpr std::string_view contactPushMaxSpeed = "contactPushMaxSpeed";

inline constexpr std::string_view type = "type";
inline constexpr std::string_view position = "position";
inline constexpr std::string_view angle = "angle";
inline constexpr std::string_view shapes = "shapes";
inline constexpr std::string_view linearVelocity = "linearVelocity";
inline constexpr std::string_view angularVelocity = "angularVelocity";
inline constexpr std::string_view linearDamping = "linearDamping";
inline constexpr std::string_view angularDamping = "angularDamping";
inline constexpr std::string_view gravityScale = "gravityScale";
inline constexpr std::string_view fixedRotation = "fixedRotation";

inline constexpr std::string_view halfExtents = "halfExtents";
inline constexpr std::string_view radius = "radius";
inline constexpr std::string_view offset = "offset";
inline constexpr std::string_view density = "density";
inline constexpr std::string_view friction = "friction";
inline constexpr std::string_view restitution = "restitution";
inline constexpr std::string_view sensor = "sensor";
inline constexpr std::string_view filter = "filter";
inline constexpr std::string_view surfaceSpeed = "surfaceSpeed";
inline constexpr std::string_view oneWay = "oneWay";

inline constexpr std::string_view category = "category";
inline constexpr std::string_view mask = "mask";
inline constexpr std::string_view group = "group";

inline constexpr std::string_view bodyA = "bodyA";
inline constexpr std::string_view bodyB = "bodyB";
inline constexpr std::string_view collideConnected = "collideConnected";
inline constexpr std::string_view anchor = "anchor";
inline constexpr std::string_view anchorA = "anchorA";
inline constexpr std::string_view anchorB = "anchorB";
inline constexpr std::string_view axis = "axis";
inline constexpr std::string_view enableLimit = "enableLimit";
inline constexpr std::string_view lowerAngle = "lowerAngle";
inline constexpr std::string_view upperAngle = "upperAngle";
inline constexpr std::string_view lower = "lower";
inline constexpr std::string_view upper = "upper";
inline constexpr std::string_view enableMotor = "enableMotor";
inline constexpr std::string_view motorSpeed = "motorSpeed";
inline constexpr std::string_view maxMotorTorque = "maxMotorTorque";
inline constexpr std::string_view maxMotorForce = "maxMotorForce";
inline constexpr std::string_view length = "length";
inline constexpr std::string_view minLength = "minLength";
inline constexpr std::string_view maxLength = "maxLength";
inline constexpr std::string_view hertz = "hertz";
inline constexpr std::string_view dampingRatio = "dampingRatio";
inline constexpr std::string_view linearOffset = "linearOffset";
inline constexpr std::string_view angularOffset = "angularOffset";
inline constexpr std::string_view maxForce = "maxForce";
inline constexpr std::string_view maxTorque = "maxTorque";
inline constexpr std::string_view correctionFactor = "correctionFactor";
} // namespace keys

/// A constraint on one number, applied to the value the scene holds (after float conversion).
enum class Rule : std::uint8_t
{
    Finite,       ///< any finite value
    Positive,     ///< finite and > 0
    NonNegative,  ///< finite and >= 0
    UnitInterval, ///< finite and in [0, 1]
    AtLeastOne,   ///< integers: >= 1
    Bits16,       ///< integers: in [0, 65535], a 16-bit set of filter categories
    Int16,        ///< integers: in [-32768, 32767], a filter group
};

/// Why `value` breaks `rule`, or nothing when it keeps it.
std::optional<std::string_view> checkFloat(Rule rule, float value);

/// Why the whole number `value` breaks `rule`, or nothing when it keeps it. Beyond a 32-bit integer
/// every rule is broken; a rule with two bounds names them first, as the more useful message.
std::optional<std::string_view> checkWhole(Rule rule, double value);

/// Why `value` breaks `rule`, or nothing when it keeps it.
std::optional<std::string_view> checkInt(Rule rule, int value);

/// `direction` scaled to length 1, or nothing for [0, 0]. A vector already of length 1 as closely
/// as floats allow comes back unchanged: normalising twice gives the same bits as once, which is
/// what lets a saved direction load back exactly.
std::optional<Vec2> normalisedDirection(Vec2 direction);

/// The value a file's `mask` stands for: 65535 names every category, the 32 bits the engine has,
/// since a file can only name the first 16.
std::uint32_t maskFromFile(std::uint32_t fileMask);

/// The number a file writes for a stored mask: the inverse of maskFromFile where it has one.
std::uint32_t maskToFile(std::uint32_t mask);

/// A rule broken by one key of a body or a joint.
struct RuleBreak
{
    std::string_view key;
    std::string message;
};

/// The rules between a body's keys that single values cannot express: a static body must not move
/// and a dynamic body needs mass, which only its non-sensor shapes give.
std::optional<RuleBreak> checkBodyConsistency(const SceneBody& body);

/// The file spellings of an enumeration stored as a string: its values and their names, and what
/// one of them is called in messages.
template <typename Enum>
struct Spellings;

template <>
struct Spellings<BodyType>
{
    static constexpr std::string_view what = "a body type";
    static constexpr std::array<std::pair<BodyType, std::string_view>, 3> names{{
        {BodyType::Static, "static"},
        {BodyType::Kinematic, "kinematic"},
        {BodyType::Dynamic, "dynamic"},
    }};
};

template <>
struct Spellings<JointType>
{
    static constexpr std::string_view what = "a joint type a scene file can hold";
    static constexpr std::array<std::pair<JointType, std::string_view>, 6> names{{
        {JointType::Revolute, "revolute"},
        {JointType::Prismatic, "prismatic"},
        {JointType::Distance, "distance"},
        {JointType::Weld, "weld"},
        {JointType::Wheel, "wheel"},
        {JointType::Motor, "motor"},
    }};
};

template <>
struct Spellings<Solver>
{
    static constexpr std::string_view what = "a solver";
    static constexpr std::array<std::pair<Solver, std::string_view>, 2> names{{
        {Solver::SoftStep, "soft-step"},
        {Solver::Ngs, "ngs"},
    }};
};

/// The file spelling of `value`, or empty for a value outside the enumeration.
template <typename Enum>
constexpr std::string_view spellingOf(Enum value)
{
    for (const auto& [known, name] : Spellings<Enum>::names)
    {
        if (known == value)
        {
            return name;
        }
    }
    return {};
}

/// The value a file spelling names, if any.
template <typename Enum>
constexpr std::optional<Enum> parseSpelling(std::string_view name)
{
    for (const auto& [value, known] : Spellings<Enum>::names)
    {
        if (known == name)
        {
            return value;
        }
    }
    return std::nullopt;
}

/// Every spelling of the enumeration, for messages: `"static", "kinematic" or "dynamic"`.
template <typename Enum>
std::string spellingChoices()
{
    std::array<std::string_view, Spellings<Enum>::names.size()> words{};
    for (std::size_t i = 0; i < words.size(); ++i)
    {
        words[i] = Spellings<Enum>::names[i].second;
    }
    return quotedChoices(words);
}

} // namespace oblique::scene_detail
