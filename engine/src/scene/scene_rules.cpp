#include "scene_rules.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace oblique::scene_detail
{

std::optional<int> formatVersion(std::string_view tag)
{
    for (std::size_t i = 0; i < formatTags.size(); ++i)
    {
        if (tag == formatTags[i])
        {
            return static_cast<int>(i) + 1;
        }
    }
    return std::nullopt;
}

std::string_view formatTag(int version)
{
    return formatTags.at(static_cast<std::size_t>(version - 1));
}

std::string knownFormats()
{
    return quotedChoices(formatTags);
}

std::string quotedChoices(std::span<const std::string_view> words)
{
    std::string out;
    for (std::size_t i = 0; i < words.size(); ++i)
    {
        if (i > 0)
        {
            out += i + 1 == words.size() ? " or " : ", ";
        }
        out += '"';
        out += words[i];
        out += '"';
    }
    return out;
}

namespace
{

/// The rule applied to a finite value. Doubles hold every float and every 32-bit integer exactly,
/// so one check serves both.
std::optional<std::string_view> checkFinite(Rule rule, double value)
{
    switch (rule)
    {
    case Rule::Finite:
        break;
    case Rule::Positive:
        if (!(value > 0.0))
        {
            return "must be > 0";
        }
        break;
    case Rule::NonNegative:
        if (!(value >= 0.0))
        {
            return "must be >= 0";
        }
        break;
    case Rule::UnitInterval:
        if (!(value >= 0.0 && value <= 1.0))
        {
            return "must be in [0, 1]";
        }
        break;
    case Rule::AtLeastOne:
        if (!(value >= 1.0))
        {
            return "must be >= 1";
        }
        break;
    case Rule::Bits16:
        if (!(value >= 0.0 && value <= 65535.0))
        {
            return "must be in [0, 65535]";
        }
        break;
    case Rule::Int16:
        if (!(value >= -32768.0 && value <= 32767.0))
        {
            return "must be in [-32768, 32767]";
        }
        break;
    }
    return std::nullopt;
}

bool hasTwoBounds(Rule rule)
{
    return rule == Rule::UnitInterval || rule == Rule::Bits16 || rule == Rule::Int16;
}

} // namespace

std::optional<std::string_view> checkFloat(Rule rule, float value)
{
    if (!std::isfinite(value))
    {
        return "must be finite";
    }
    return checkFinite(rule, static_cast<double>(value));
}

std::optional<std::string_view> checkWhole(Rule rule, double value)
{
    if (hasTwoBounds(rule))
    {
        return checkFinite(rule, value);
    }
    if (value < static_cast<double>(std::numeric_limits<std::int32_t>::min()) ||
        value > static_cast<double>(std::numeric_limits<std::int32_t>::max()))
    {
        return "must fit in a 32-bit integer";
    }
    return checkFinite(rule, value);
}

std::optional<std::string_view> checkInt(Rule rule, int value)
{
    return checkWhole(rule, static_cast<double>(value));
}

std::optional<Vec2> normalisedDirection(Vec2 direction)
{
    const double x = static_cast<double>(direction.x);
    const double y = static_cast<double>(direction.y);
    const double length = std::hypot(x, y);
    if (length == 0.0)
    {
        return std::nullopt;
    }
    // Dividing by the length rounds each component by at most half a float ulp, so a vector that
    // came out of this function has a length within 2^-24 of 1. Keeping anything that close as it
    // is makes the function give back its own results unchanged.
    constexpr double tolerance = 4.0 / 16777216.0;
    if (std::fabs(length - 1.0) <= tolerance)
    {
        return direction;
    }
    return Vec2{static_cast<float>(x / length), static_cast<float>(y / length)};
}

namespace
{

constexpr std::uint32_t fileAllCategories = 0xFFFFu;
constexpr std::uint32_t allCategories = 0xFFFFFFFFu;

} // namespace

std::uint32_t maskFromFile(std::uint32_t fileMask)
{
    return fileMask == fileAllCategories ? allCategories : fileMask;
}

std::uint32_t maskToFile(std::uint32_t mask)
{
    return mask == allCategories ? fileAllCategories : mask;
}

namespace
{

std::optional<RuleBreak> checkMass(const SceneBody& body)
{
    if (body.shapes.empty())
    {
        if (body.sensor)
        {
            return RuleBreak{keys::sensor, "must be false for a dynamic body: a sensor has no mass, and it "
                                           "is the body's only shape"};
        }
        if (body.density == 0.0f)
        {
            return RuleBreak{keys::density, "must be > 0 for a dynamic body"};
        }
        return std::nullopt;
    }
    const auto solid = [](const ShapeDef& s) { return !s.isSensor; };
    if (std::none_of(body.shapes.begin(), body.shapes.end(), solid))
    {
        return RuleBreak{keys::shapes,
                         "a dynamic body needs a shape that is not a sensor: sensors have no mass"};
    }
    const auto weighs = [](const ShapeDef& s) { return !s.isSensor && s.density > 0.0f; };
    if (std::none_of(body.shapes.begin(), body.shapes.end(), weighs))
    {
        return RuleBreak{keys::shapes, "a dynamic body needs mass: its shapes that are not sensors all "
                                       "have density 0"};
    }
    return std::nullopt;
}

} // namespace

std::optional<RuleBreak> checkBodyConsistency(const SceneBody& body)
{
    if (body.type == BodyType::Static)
    {
        // Zero of either sign is at rest; -0 can come from a file that writes -0.0.
        if (body.linearVelocity.x != 0.0f || body.linearVelocity.y != 0.0f)
        {
            return RuleBreak{keys::linearVelocity,
                             "must be [0, 0] for a static body (make it \"kinematic\" to move it)"};
        }
        if (body.angularVelocity != 0.0f)
        {
            return RuleBreak{keys::angularVelocity,
                             "must be 0 for a static body (make it \"kinematic\" to move it)"};
        }
    }
    if (body.type == BodyType::Dynamic)
    {
        return checkMass(body);
    }
    return std::nullopt;
}

} // namespace oblique::scene_detail
