#pragma once
/// The vocabulary and value rules of format `oblique-scene/1`, shared by the reader (which refuses
/// files that break them) and the writer (which refuses scenes that could not be loaded back).

#include "oblique/body_type.hpp"
#include "oblique/scene.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace oblique::scene_detail
{

/// The value of the `format` key this library reads and writes.
inline constexpr std::string_view formatTag = "oblique-scene/1";

/// Key spellings, in the order the writer emits them.
namespace keys
{
inline constexpr std::string_view format = "format";
inline constexpr std::string_view name = "name";
inline constexpr std::string_view world = "world";
inline constexpr std::string_view bodies = "bodies";

inline constexpr std::string_view gravity = "gravity";
inline constexpr std::string_view timeStep = "timeStep";
inline constexpr std::string_view velocityIterations = "velocityIterations";
inline constexpr std::string_view positionIterations = "positionIterations";
inline constexpr std::string_view allowSleep = "allowSleep";
inline constexpr std::string_view restitutionThreshold = "restitutionThreshold";

inline constexpr std::string_view type = "type";
inline constexpr std::string_view position = "position";
inline constexpr std::string_view angle = "angle";
inline constexpr std::string_view halfExtents = "halfExtents";
inline constexpr std::string_view radius = "radius";
inline constexpr std::string_view density = "density";
inline constexpr std::string_view friction = "friction";
inline constexpr std::string_view restitution = "restitution";
inline constexpr std::string_view linearVelocity = "linearVelocity";
inline constexpr std::string_view angularVelocity = "angularVelocity";
inline constexpr std::string_view linearDamping = "linearDamping";
inline constexpr std::string_view angularDamping = "angularDamping";
inline constexpr std::string_view gravityScale = "gravityScale";
inline constexpr std::string_view fixedRotation = "fixedRotation";
} // namespace keys

/// A constraint on one number, applied to the value the scene holds (after float conversion).
enum class Rule : std::uint8_t
{
    Finite,       ///< any finite value
    Positive,     ///< finite and > 0
    NonNegative,  ///< finite and >= 0
    UnitInterval, ///< finite and in [0, 1]
    AtLeastOne,   ///< integers: >= 1
};

/// Why `value` breaks `rule`, or nothing when it keeps it.
std::optional<std::string_view> checkFloat(Rule rule, float value);

/// Why `value` breaks `rule`, or nothing when it keeps it.
std::optional<std::string_view> checkInt(Rule rule, int value);

/// A rule broken by one key of a body.
struct BodyRuleBreak
{
    std::string_view key;
    std::string message;
};

/// The rules between a body's keys that single values cannot express: a static body must not move
/// and a dynamic body needs mass.
std::optional<BodyRuleBreak> checkBodyConsistency(const SceneBody& body);

/// The file spelling of a body type, or empty for a value outside the enumeration.
std::string_view bodyTypeName(BodyType type);

/// The body type a file spelling names, if any.
std::optional<BodyType> parseBodyType(std::string_view name);

} // namespace oblique::scene_detail
