// Soft blobs: rings of short segments, each welded to the next with a soft weld (hertz > 0): the
// welds hold the segments' ends together, and only the angles between them spring back, so a ring
// bends under its own weight and what lands on it, and springs back round. Three rings of
// different stiffness are set down on the floor and on a wedge: the softest sags into a flat
// cushion, the stiffest stays nearly round. A weld's hertz is the frequency of one segment turning
// against its neighbour, which is light: below about 10 Hz a ring cannot carry its own weight.

#include "joint_scene.hpp"

#include <array>
#include <cmath>
#include <numbers>
#include <string>

namespace oblique::sandbox
{

namespace
{

constexpr int kSegments = 16;
constexpr float kRadius = 1.2f;
constexpr float kSegmentHalfThickness = 0.08f;
constexpr float kDamping = 0.5f;

struct Blob
{
    Vec2 centre;
    float hertz; // the welds' angular stiffness
};

constexpr std::array<Blob, 3> kBlobs{{
    {{-5.0f, 1.3f}, 10.0f},
    {{0.0f, 2.15f}, 20.0f},
    {{5.0f, 1.3f}, 40.0f},
}};

const char* const kHelp =
    "Soft blobs: rings of 16 segments on soft welds (10, 20 and 40 Hz from left to "
    "right). Their ends stay joined; their angles give. Drag one, or drop a box (B) on it.";
constexpr Aabb kFrame{{-8.5f, -0.5f}, {8.5f, 6.0f}};

class SoftBlobScene final : public JointScene
{
public:
    SoftBlobScene() : JointScene(kHelp, kFrame) {}

private:
    void build(World& /*world*/) override
    {
        addBody(bodyAt(BodyType::Static, {0.0f, -0.5f}), boxShape({9.0f, 0.5f}), "ground");
        addBody(bodyAt(BodyType::Static, {0.0f, 0.0f}, 0.25f * std::numbers::pi_v<float>),
                boxShape({0.6f, 0.6f}), "wedge");
        for (std::size_t i = 0; i < kBlobs.size(); ++i)
        {
            blob(kBlobs[i], "blob " + std::to_string(i) + " ");
        }
    }

    void blob(const Blob& blob, const std::string& prefix)
    {
        const auto corner = [&blob](int i)
        {
            const float angle = 2.0f * std::numbers::pi_v<float> * static_cast<float>(i) / kSegments;
            return blob.centre + kRadius * Vec2{std::cos(angle), std::sin(angle)};
        };
        std::array<BodyId, kSegments> segments{};
        for (int i = 0; i < kSegments; ++i)
        {
            const Vec2 from = corner(i);
            const Vec2 to = corner(i + 1);
            const Vec2 along = to - from;
            segments[static_cast<std::size_t>(i)] =
                addBody(bodyAt(BodyType::Dynamic, 0.5f * (from + to), std::atan2(along.y, along.x)),
                        boxShape({0.5f * length(along), kSegmentHalfThickness}), prefix + std::to_string(i));
        }
        for (int i = 0; i < kSegments; ++i)
        {
            WeldJointDef weld;
            weld.anchor = corner(i + 1);
            weld.hertz = blob.hertz;
            weld.dampingRatio = kDamping;
            addJoint(jointDef(segments[static_cast<std::size_t>(i)],
                              segments[static_cast<std::size_t>((i + 1) % kSegments)], weld),
                     prefix + "weld " + std::to_string(i));
        }
    }
};

const SandboxSceneRegistrar<SoftBlobScene> registrar{"Joints", "Soft blob"};

} // namespace

} // namespace oblique::sandbox
