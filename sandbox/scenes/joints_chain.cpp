// Chain: 20 links hinged end to end, hung from a peg with a weight at the free end, let go in a
// straight line so it swings down, folds against a round peg and swings on below it.

#include "joint_scene.hpp"

#include <cmath>
#include <string>

namespace oblique::sandbox
{

namespace
{

constexpr int kLinks = 20;
constexpr float kPitch = 0.5f;         // metres between a link's two hinges
constexpr Vec2 kLinkHalf{0.3f, 0.07f}; // a little longer than the pitch, so the links overlap
constexpr float kLinkDensity = 4.0f;   // kg/m^2: a link of 0.34 kg
constexpr float kWeightRadius = 0.4f;
constexpr float kWeightDensity = 1.5f; // kg/m^2: 0.75 kg, two links
constexpr Vec2 kTop{0.0f, 9.0f};
// Let go in a straight line this far below level (radians, clockwise): from level, the free end
// whips round at the bottom of the swing faster than the hinges' soft hold keeps within a
// centimetre.
constexpr float kStartAngle = -0.8f;
// A round peg the chain's upper half swings into and drapes over.
constexpr Vec2 kPegOffset{-2.5f, -4.0f};

const char* const kHelp = "Chain: 20 links on hinges with a weight at the end, let go in a straight line. "
                          "It swings down and folds against the round peg. Drag a link.";
constexpr Aabb kFrame{{-11.5f, -2.5f}, {11.5f, 10.0f}};

class ChainScene final : public JointScene
{
public:
    ChainScene() : JointScene(kHelp, kFrame) {}

private:
    void build(World& world) override
    {
        // For the ngs solver (soft step ignores these): Box2D 2.4's 8 and 3 let the hinges near
        // the peg, which carry the whole chain, open by up to a centimetre; 20 and 10 keep them
        // within half of that.
        world.setIterations(20, 10);
        BodyId previous =
            addBody(bodyAt(BodyType::Static, kTop + Vec2{0.0f, 0.2f}), boxShape({0.2f, 0.2f}), "peg");
        const Vec2 along{std::cos(kStartAngle), std::sin(kStartAngle)};
        for (int i = 0; i < kLinks; ++i)
        {
            const Vec2 hinge = kTop + (kPitch * static_cast<float>(i)) * along;
            const BodyId link =
                addBody(bodyAt(BodyType::Dynamic, hinge + (0.5f * kPitch) * along, kStartAngle),
                        withMaterial(boxShape(kLinkHalf), kLinkDensity), "link " + std::to_string(i));
            addJoint(jointDef(previous, link, hingeAt(hinge)), "hinge " + std::to_string(i));
            previous = link;
        }
        const Vec2 end = kTop + (kPitch * static_cast<float>(kLinks)) * along;
        const BodyId weight = addBody(bodyAt(BodyType::Dynamic, end + kWeightRadius * along),
                                      withMaterial(circleShape(kWeightRadius), kWeightDensity), "weight");
        addJoint(jointDef(previous, weight, hingeAt(end)), "hinge " + std::to_string(kLinks));

        addBody(bodyAt(BodyType::Static, kTop + kPegOffset), circleShape(0.5f), "round peg");
    }
};

const SandboxSceneRegistrar<ChainScene> registrar{"Joints", "Chain"};

} // namespace

} // namespace oblique::sandbox
