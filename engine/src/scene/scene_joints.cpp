#include "scene_joints.hpp"

#include "oblique/scene_world.hpp"
#include "scene_text.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace oblique
{

namespace
{

template <typename Def>
constexpr JointType typeOfDef()
{
    if constexpr (std::is_same_v<Def, RevoluteJointDef>)
    {
        return JointType::Revolute;
    }
    else if constexpr (std::is_same_v<Def, PrismaticJointDef>)
    {
        return JointType::Prismatic;
    }
    else if constexpr (std::is_same_v<Def, DistanceJointDef>)
    {
        return JointType::Distance;
    }
    else if constexpr (std::is_same_v<Def, WeldJointDef>)
    {
        return JointType::Weld;
    }
    else if constexpr (std::is_same_v<Def, WheelJointDef>)
    {
        return JointType::Wheel;
    }
    else
    {
        static_assert(std::is_same_v<Def, MotorJointDef>, "a scene joint is one of the six file types");
        return JointType::Motor;
    }
}

} // namespace

JointType jointTypeOf(const SceneJoint& joint)
{
    return std::visit([](const auto& def) { return typeOfDef<std::decay_t<decltype(def)>>(); }, joint.params);
}

DistanceRange distanceRangeOf(const DistanceJointDef& def)
{
    // As createJoint fills them in: the length defaults to the anchors' distance, and the range to
    // the length itself for a rod, or to everything from 0 up for a spring.
    const float length = def.length.value_or(distance(def.anchorA, def.anchorB));
    const bool spring = def.hertz > 0.0f;
    const float unlimited = std::numeric_limits<float>::infinity();
    return {length, def.minLength.value_or(spring ? 0.0f : length),
            def.maxLength.value_or(spring ? unlimited : length)};
}

JointDef jointDefOf(const SceneJoint& joint, BodyId bodyA, BodyId bodyB)
{
    JointDef def;
    def.bodyA = bodyA;
    def.bodyB = bodyB;
    def.collideConnected = joint.collideConnected;
    std::visit([&def](const auto& params) { def.params = params; }, joint.params);
    return def;
}

std::vector<std::pair<std::size_t, std::size_t>> jointBodiesOf(const Scene& scene)
{
    std::vector<std::pair<std::size_t, std::size_t>> ends;
    if (scene.joints.empty())
    {
        return ends;
    }
    ends.reserve(scene.joints.size());
    const scene_detail::BodyNames names(scene.bodies);
    for (std::size_t i = 0; i < scene.joints.size(); ++i)
    {
        const scene_detail::JointEnds found = scene_detail::jointEndsOf(scene.bodies, names, scene.joints[i]);
        if (found.broken)
        {
            std::string path = "joints";
            scene_detail::appendPathIndex(path, i);
            scene_detail::appendPathKey(path, found.broken->key);
            throw std::invalid_argument(path + ": " + found.broken->message);
        }
        ends.emplace_back(found.a, found.b);
    }
    return ends;
}

namespace scene_detail
{

SceneJointParams defaultParams(JointType type)
{
    switch (type)
    {
    case JointType::Revolute:
        return RevoluteJointDef{};
    case JointType::Prismatic:
        return PrismaticJointDef{};
    case JointType::Distance:
        return DistanceJointDef{};
    case JointType::Weld:
        return WeldJointDef{};
    case JointType::Wheel:
        return WheelJointDef{};
    case JointType::Motor:
        return MotorJointDef{};
    case JointType::Mouse:
        break;
    }
    throw std::logic_error("scene joints: a mouse joint has no place in a scene file");
}

namespace
{

std::optional<RuleBreak> orderedLimits(std::string_view lowerKey, float lower, std::string_view upperKey,
                                       float upper)
{
    if (lower > upper)
    {
        return RuleBreak{upperKey, "must be >= " + std::string(lowerKey) + " (" + formatFloat(lower) + ")"};
    }
    return std::nullopt;
}

std::optional<RuleBreak> checkParams(const RevoluteJointDef& def)
{
    return orderedLimits(keys::lowerAngle, def.lowerAngle, keys::upperAngle, def.upperAngle);
}

std::optional<RuleBreak> checkParams(const PrismaticJointDef& def)
{
    return orderedLimits(keys::lower, def.lower, keys::upper, def.upper);
}

std::optional<RuleBreak> checkParams(const WheelJointDef& def)
{
    return orderedLimits(keys::lower, def.lower, keys::upper, def.upper);
}

std::optional<RuleBreak> checkParams(const DistanceJointDef& def)
{
    if (!def.length && !std::isfinite(distance(def.anchorA, def.anchorB)))
    {
        return RuleBreak{keys::anchorB, "is too far from anchorA: the distance between them, the joint's "
                                        "length, is beyond a 32-bit float"};
    }
    if (def.minLength && def.maxLength && *def.minLength > *def.maxLength)
    {
        return RuleBreak{keys::maxLength, "must be >= minLength (" + formatFloat(*def.minLength) + ")"};
    }
    // Only a given minLength or maxLength can leave the length outside the range: the defaults
    // are the length itself, or 0 and unlimited.
    const DistanceRange range = distanceRangeOf(def);
    const std::string length = def.length ? "length (" + formatFloat(range.length) + ")"
                                          : "the distance between the anchors (" + formatFloat(range.length) +
                                                "), the joint's length";
    if (def.minLength && *def.minLength > range.length)
    {
        return RuleBreak{keys::minLength, "must be <= " + length};
    }
    if (def.maxLength && *def.maxLength < range.length)
    {
        return RuleBreak{keys::maxLength, "must be >= " + length};
    }
    return std::nullopt;
}

std::optional<RuleBreak> checkParams(const WeldJointDef& /*def*/)
{
    return std::nullopt;
}

std::optional<RuleBreak> checkParams(const MotorJointDef& /*def*/)
{
    return std::nullopt;
}

std::string bodyPath(std::size_t index)
{
    std::string path(keys::bodies);
    appendPathIndex(path, index);
    return path;
}

std::string_view typeWord(BodyType type)
{
    switch (type)
    {
    case BodyType::Static:
        return "static";
    case BodyType::Kinematic:
        return "kinematic";
    case BodyType::Dynamic:
        break;
    }
    return "dynamic";
}

/// The body one reference names, or why it names none.
struct Resolved
{
    std::size_t index = 0;
    std::optional<std::string> broken;
};

Resolved resolve(std::span<const SceneBody> bodies, const BodyNames& names, const SceneBodyRef& ref)
{
    if (const int* index = std::get_if<int>(&ref))
    {
        if (*index < 0)
        {
            return {0, "must be >= 0"};
        }
        const auto at = static_cast<std::size_t>(*index);
        if (at >= bodies.size())
        {
            return {0, "no body " + std::to_string(at) + ": the scene has " +
                           (bodies.empty() ? std::string("no bodies")
                                           : std::to_string(bodies.size()) +
                                                 (bodies.size() == 1 ? " body" : " bodies"))};
        }
        return {at, std::nullopt};
    }
    const std::string& name = std::get<std::string>(ref);
    if (name.empty())
    {
        return {0, "must not be empty: a joint names a body by a name it has, or by its index"};
    }
    const BodyNames::Named named = names.find(name);
    if (named.count == 0)
    {
        return {0, "no body named " + jsonQuoted(name, 60)};
    }
    if (named.count > 1)
    {
        return {0, std::to_string(named.count) + " bodies are named " + jsonQuoted(name, 60) + " (" +
                       bodyPath(named.first) + ", " + bodyPath(named.second) +
                       (named.count > 2 ? ", ..." : "") +
                       "): a body a joint names must be the only one with its name"};
    }
    return {named.first, std::nullopt};
}

} // namespace

std::optional<RuleBreak> checkJointParams(const SceneJoint& joint)
{
    return std::visit([](const auto& def) { return checkParams(def); }, joint.params);
}

BodyNames::BodyNames(std::span<const SceneBody> bodies)
{
    for (std::size_t i = 0; i < bodies.size(); ++i)
    {
        if (bodies[i].name.empty())
        {
            continue;
        }
        Named& named = m_names[bodies[i].name];
        if (named.count == 0)
        {
            named.first = i;
        }
        else if (named.count == 1)
        {
            named.second = i;
        }
        ++named.count;
    }
}

BodyNames::Named BodyNames::find(std::string_view name) const
{
    const auto found = m_names.find(name);
    return found != m_names.end() ? found->second : Named{};
}

JointEnds jointEndsOf(std::span<const SceneBody> bodies, const BodyNames& names, const SceneJoint& joint)
{
    JointEnds ends;
    const Resolved a = resolve(bodies, names, joint.bodyA);
    if (a.broken)
    {
        ends.broken = RuleBreak{keys::bodyA, *a.broken};
        return ends;
    }
    const Resolved b = resolve(bodies, names, joint.bodyB);
    if (b.broken)
    {
        ends.broken = RuleBreak{keys::bodyB, *b.broken};
        return ends;
    }
    ends.a = a.index;
    ends.b = b.index;
    if (a.index == b.index)
    {
        ends.broken = RuleBreak{keys::bodyB, "is the same body as bodyA (" + bodyPath(a.index) +
                                                 "): a joint joins two bodies"};
        return ends;
    }
    const BodyType typeA = bodies[a.index].type;
    const BodyType typeB = bodies[b.index].type;
    if (typeA != BodyType::Dynamic && typeB != BodyType::Dynamic)
    {
        ends.broken =
            RuleBreak{keys::bodyB, "a joint needs a dynamic body, and neither " + bodyPath(a.index) + " (" +
                                       std::string(typeWord(typeA)) + ") nor " + bodyPath(b.index) + " (" +
                                       std::string(typeWord(typeB)) + ") is one"};
    }
    return ends;
}

} // namespace scene_detail

} // namespace oblique
