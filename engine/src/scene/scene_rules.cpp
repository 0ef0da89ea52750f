#include "scene_rules.hpp"

#include <cmath>

namespace oblique::scene_detail
{

std::optional<std::string_view> checkFloat(Rule rule, float value)
{
    if (!std::isfinite(value))
    {
        return "must be finite";
    }
    switch (rule)
    {
    case Rule::Finite:
        break;
    case Rule::Positive:
        if (!(value > 0.0f))
        {
            return "must be > 0";
        }
        break;
    case Rule::NonNegative:
        if (!(value >= 0.0f))
        {
            return "must be >= 0";
        }
        break;
    case Rule::UnitInterval:
        if (!(value >= 0.0f && value <= 1.0f))
        {
            return "must be in [0, 1]";
        }
        break;
    case Rule::AtLeastOne:
        if (!(value >= 1.0f))
        {
            return "must be >= 1";
        }
        break;
    }
    return std::nullopt;
}

std::optional<std::string_view> checkInt(Rule rule, int value)
{
    // Every rule's bounds (0 and 1) are exact as floats, so the float check decides integers too.
    return checkFloat(rule, static_cast<float>(value));
}

std::optional<BodyRuleBreak> checkBodyConsistency(const SceneBody& body)
{
    if (body.type == BodyType::Static)
    {
        // Zero of either sign is at rest; -0 can come from a file that writes -0.0.
        if (body.linearVelocity.x != 0.0f || body.linearVelocity.y != 0.0f)
        {
            return BodyRuleBreak{keys::linearVelocity,
                                 "must be [0, 0] for a static body (make it \"kinematic\" to move it)"};
        }
        if (body.angularVelocity != 0.0f)
        {
            return BodyRuleBreak{keys::angularVelocity,
                                 "must be 0 for a static body (make it \"kinematic\" to move it)"};
        }
    }
    if (body.type == BodyType::Dynamic && body.density == 0.0f)
    {
        return BodyRuleBreak{keys::density, "must be > 0 for a dynamic body"};
    }
    return std::nullopt;
}

std::string_view bodyTypeName(BodyType type)
{
    switch (type)
    {
    case BodyType::Static:
        return "static";
    case BodyType::Kinematic:
        return "kinematic";
    case BodyType::Dynamic:
        return "dynamic";
    }
    return {};
}

std::optional<BodyType> parseBodyType(std::string_view name)
{
    for (const BodyType type : {BodyType::Static, BodyType::Kinematic, BodyType::Dynamic})
    {
        if (name == bodyTypeName(type))
        {
            return type;
        }
    }
    return std::nullopt;
}

} // namespace oblique::scene_detail
