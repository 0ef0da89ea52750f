// Catapult: an arm on a revolute joint, held against its upper limit by the weight of its long
// end, with a stone pinned to that end by a joint that breaks past a set force. After a second (or
// on L) the hinge's motor swings the arm over, faster and faster: the pin must pull the stone
// round an ever tighter turn, and where that takes more than its break force it breaks and the
// stone flies off along the arm's path, up and over at the tower, while the arm runs on into its
// lower limit. (Breaking at that stop instead throws badly: a joint breaks at the end of the step
// in which it bore the force, so the stop has already taken most of the stone's speed.)

#include "demo_ui.hpp"
#include "joint_scene.hpp"

#include <cmath>
#include <imgui.h>
#include <limits>

namespace oblique::sandbox
{

namespace
{

constexpr Vec2 kPivot{0.0f, 2.0f};
constexpr float kLongArm = 3.25f; // metres from the pivot to the stone
constexpr float kShortArm = 1.0f;
constexpr float kArmHalfThickness = 0.1f;
// The arm's start, its long end down to the left, and how far the motor may swing it clockwise.
constexpr float kRestAngle = 0.35f; // radians: the long end points 180 + 20 degrees round
constexpr float kSwing = 1.6f;
// The motor's torque sets how fast the arm gathers speed, so where the stone is let go; its speed
// is more than the arm reaches before the stop.
constexpr float kMotorSpeed = -20.0f;  // rad/s
constexpr float kMotorTorque = 180.0f; // N*m
constexpr float kStoneRadius = 0.3f;
constexpr float kStoneDensity = 4.0f; // kg/m^2: 1.1 kg
// Five and a half times the stone's weight: it goes at about 14 m/s, 60 degrees up.
constexpr float kBreakForce = 60.0f; // N
constexpr float kFireAt = 1.0f;      // seconds

const char* const kHelp = "Catapult: a motor swings the arm over; the stone's joint breaks once it must "
                          "pull harder than 60 N, and the stone flies at the tower. Fires after a second, "
                          "or on L; R reloads.";
constexpr Aabb kFrame{{-5.0f, -0.5f}, {22.0f, 10.0f}};

Vec2 direction(float angle)
{
    return {std::cos(angle), std::sin(angle)};
}

class CatapultScene final : public JointScene
{
public:
    CatapultScene() : JointScene(kHelp, kFrame) {}

    void drawPanel(SceneContext& context) override
    {
        if (!m_fired && ImGui::Button("Fire (L)"))
        {
            m_fireNow = true;
        }
        if (ImGui::SliderFloat("break force", &m_breakForce, 20.0f, 200.0f, "%.0f N"))
        {
            const JointId pin = joint("stone pin");
            if (context.world->isValid(pin))
            {
                context.world->setBreakThresholds(pin, m_breakForce, std::numeric_limits<float>::infinity());
            }
        }
        JointScene::drawPanel(context);
    }

private:
    void build(World& /*world*/) override
    {
        m_fired = false;
        m_fireNow = false;
        addBody(bodyAt(BodyType::Static, {8.0f, -0.5f}), boxShape({16.0f, 0.5f}), "ground");
        const BodyId stand = addBody(bodyAt(BodyType::Static, {kPivot.x, 0.5f * kPivot.y}),
                                     boxShape({0.25f, 0.5f * kPivot.y}), "stand");

        // The arm's long end points down to the left: it starts at kRestAngle, turned from level.
        const float armAngle = kRestAngle;
        const Vec2 longWay = -direction(armAngle);
        const float halfLength = 0.5f * (kLongArm + kShortArm);
        const Vec2 armCentre = kPivot + (0.5f * (kLongArm - kShortArm)) * longWay;
        const BodyId arm = addBody(bodyAt(BodyType::Dynamic, armCentre, armAngle),
                                   boxShape({halfLength, kArmHalfThickness}), "arm");
        // Positive turns lower the long end further, so the upper limit at 0 is where it rests.
        RevoluteJointDef hinge = limitedHingeAt(kPivot, -kSwing, 0.0f);
        hinge.motorSpeed = kMotorSpeed;
        hinge.maxMotorTorque = kMotorTorque;
        addJoint(jointDef(stand, arm, hinge), "arm hinge");

        const Vec2 up{-longWay.y, longWay.x};
        const Vec2 stoneAt =
            kPivot + kLongArm * longWay + (kArmHalfThickness + kStoneRadius) * (up.y > 0.0f ? up : -up);
        const BodyId stone = addBody(bodyAt(BodyType::Dynamic, stoneAt),
                                     withMaterial(circleShape(kStoneRadius), kStoneDensity), "stone");
        JointDef pin = jointDef(arm, stone, hingeAt(stoneAt));
        pin.breakForce = m_breakForce;
        addJoint(pin, "stone pin");

        // A tower of crates where the stone comes down.
        for (int row = 0; row < 6; ++row)
        {
            for (int column = 0; column < 2; ++column)
            {
                const Vec2 at{16.0f + 0.85f * static_cast<float>(column),
                              0.4f + 0.8f * static_cast<float>(row)};
                addBody(bodyAt(BodyType::Dynamic, at), boxShape({0.4f, 0.4f}));
            }
        }
    }

    void control(SceneContext& context, float /*dt*/) override
    {
        if (context.input != nullptr && !keyboardOnUi() && context.input->wasKeyPressed(Key::L))
        {
            m_fireNow = true;
        }
        const JointId hinge = joint("arm hinge");
        if (m_fired || !context.world->isValid(hinge) || !(m_fireNow || time() >= kFireAt))
        {
            return;
        }
        context.world->setMotorEnabled(hinge, true);
        m_fired = true;
    }

    float m_breakForce = kBreakForce;
    bool m_fired = false;
    bool m_fireNow = false;
};

const SandboxSceneRegistrar<CatapultScene> registrar{"Joints", "Catapult"};

} // namespace

} // namespace oblique::sandbox
