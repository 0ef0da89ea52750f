#pragma once
/// The rules of a scene's joints that no single value can break: those between a joint's keys
/// (limits in order, a distance joint's lengths within its range) and those of its references to
/// bodies (each names one body, two different ones, at least one dynamic). The reader refuses files
/// that break them, the writer scenes that do, and the scene's world is built from what they resolve.

#include "oblique/scene.hpp"
#include "scene_rules.hpp"

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <unordered_map>

namespace oblique::scene_detail
{

/// The parameters of a joint of `type`, each at its default. Throws std::logic_error for a type
/// scene files do not hold.
SceneJointParams defaultParams(JointType type);

/// The rule between the joint's keys that its parameters break, if any.
std::optional<RuleBreak> checkJointParams(const SceneJoint& joint);

/// The scene's bodies by name, for the joints that name theirs. It refers to the bodies' names, so
/// it lives no longer than the bodies and is made once they are all there.
class BodyNames
{
public:
    explicit BodyNames(std::span<const SceneBody> bodies);

    /// The bodies called `name`: how many, and the first two of them.
    struct Named
    {
        std::size_t count = 0;
        std::size_t first = 0;
        std::size_t second = 0;
    };
    Named find(std::string_view name) const;

private:
    std::unordered_map<std::string_view, Named> m_names;
};

/// A joint's two bodies as indices into the scene's bodies, or the rule its references break.
struct JointEnds
{
    std::size_t a = 0;
    std::size_t b = 0;
    std::optional<RuleBreak> broken;
};

JointEnds jointEndsOf(std::span<const SceneBody> bodies, const BodyNames& names, const SceneJoint& joint);

} // namespace oblique::scene_detail
