// Newton's cradle: five steel-like balls (restitution 1, no friction) side by side, each hung from
// the frame on a rod (a distance joint). The first is pulled out and let go; the knock passes
// through the resting three and sends the last one out. The solvers pass it on through contacts
// that are met one after another rather than all at once, so the swing spreads over the row within
// a few knocks, as with real balls that are not quite in line.

#include "joint_scene.hpp"

#include <cmath>
#include <string>

namespace oblique::sandbox
{

namespace
{

constexpr int kBalls = 5;
constexpr float kRadius = 0.5f;
constexpr float kRodLength = 4.0f;
constexpr float kFrameHeight = 6.5f;
// The first ball's pull, radians from hanging straight down.
constexpr float kPull = 0.8f;

const char* const kHelp = "Newton's cradle: five balls of restitution 1 on rods (distance joints). The first "
                          "is let go; the knock goes through the row to the last. Drag a ball out.";
constexpr Aabb kFrame{{-6.5f, 0.5f}, {6.5f, 7.5f}};

class NewtonsCradleScene final : public JointScene
{
public:
    NewtonsCradleScene() : JointScene(kHelp, kFrame) {}

private:
    void build(World& /*world*/) override
    {
        const float span = 2.0f * kRadius * static_cast<float>(kBalls);
        const BodyId frame = addBody(bodyAt(BodyType::Static, {0.0f, kFrameHeight + 0.15f}),
                                     boxShape({0.5f * span + 1.0f, 0.15f}), "frame");
        for (int i = 0; i < kBalls; ++i)
        {
            // Touching their neighbours, so the knock passes at once rather than after a gap.
            const float x = 2.0f * kRadius * (static_cast<float>(i) - 0.5f * static_cast<float>(kBalls - 1));
            const Vec2 pivot{x, kFrameHeight};
            const float angle = i == 0 ? -kPull : 0.0f;
            const Vec2 centre = pivot + kRodLength * Vec2{std::sin(angle), -std::cos(angle)};
            const std::string name = "ball " + std::to_string(i);
            const BodyId id = addBody(bodyAt(BodyType::Dynamic, centre),
                                      withMaterial(circleShape(kRadius), 4.0f, 0.0f, 1.0f), name);
            DistanceJointDef rod;
            rod.anchorA = pivot;
            rod.anchorB = centre;
            addJoint(jointDef(frame, id, rod), "rod " + std::to_string(i));
        }
    }
};

const SandboxSceneRegistrar<NewtonsCradleScene> registrar{"Joints", "Newton's cradle"};

} // namespace

} // namespace oblique::sandbox
