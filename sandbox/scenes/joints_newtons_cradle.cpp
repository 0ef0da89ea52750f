// Newton's cradle: five steel-like balls (restitution 1, no friction) side by side, each hung from
// the frame on a rod (a distance joint). The first is pulled out and let go; the knock passes
// through the resting three and sends the last one out, which swings back and sends the first.

#include "joint_scene.hpp"

#include <cmath>
#include <string>

namespace oblique::sandbox
{

namespace
{

constexpr int kBalls = 5;
constexpr float kRadius = 0.5f;
// Ball centres 5 cm further apart than touching. Balls that touch meet the knock all at once, and
// the solvers, which settle a row of contacts together rather than one after another, share it out
// among them: two balls go one way and three the other. A gap makes it a chain of separate
// collisions, each between two equal balls of restitution 1, which swap their speeds: the last
// ball leaves at the first one's speed and the rest stay still, as in a real cradle.
constexpr float kPitch = 2.0f * kRadius + 0.05f;
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
        const float span = kPitch * static_cast<float>(kBalls);
        const BodyId frame = addBody(bodyAt(BodyType::Static, {0.0f, kFrameHeight + 0.15f}),
                                     boxShape({0.5f * span + 1.0f, 0.15f}), "frame");
        for (int i = 0; i < kBalls; ++i)
        {
            const float x = kPitch * (static_cast<float>(i) - 0.5f * static_cast<float>(kBalls - 1));
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
