// Elevator: a tray on a prismatic joint (a vertical slider, its travel limited to the shaft) whose
// motor carries it up, waits, brings it down, waits, and again, with crates and a ball riding on it.

#include "joint_scene.hpp"

#include <cmath>
#include <imgui.h>

namespace oblique::sandbox
{

namespace
{

constexpr float kTravel = 6.0f;       // metres from the bottom landing to the top one
constexpr float kSpeed = 2.0f;        // m/s
constexpr float kWait = 1.0f;         // seconds at each end
constexpr float kMotorForce = 400.0f; // N: the tray and its load, with room to spare
constexpr Vec2 kTrayHalf{1.5f, 0.15f};
constexpr float kTrayBottom = 0.2f; // above the shaft's floor at the bottom of its travel
constexpr float kShaftHalfWidth = 1.7f;
constexpr float kWallHeight = 9.0f;

const char* const kHelp = "Elevator: a tray on a prismatic joint whose motor takes it up 6 m and back "
                          "down, a second's wait at each end. Drag a crate off at the top.";
constexpr Aabb kFrame{{-4.0f, -0.8f}, {8.5f, 9.5f}};

class ElevatorScene final : public JointScene
{
public:
    ElevatorScene() : JointScene(kHelp, kFrame) {}

    void drawPanel(SceneContext& context) override
    {
        JointScene::drawPanel(context);
        const JointId slider = joint("slider");
        if (context.world->isValid(slider))
        {
            ImGui::Text("height %.2f m   %s", static_cast<double>(context.world->jointTranslation(slider)),
                        m_waitLeft > 0.0f ? "waiting" : (m_goingUp ? "going up" : "going down"));
        }
    }

private:
    void build(World& /*world*/) override
    {
        m_goingUp = true;
        m_waitLeft = kWait;
        const BodyId ground =
            addBody(bodyAt(BodyType::Static, {0.0f, -0.5f}), boxShape({8.0f, 0.5f}), "ground");
        for (const float side : {-1.0f, 1.0f})
        {
            // The shaft's walls; the right one stops short of the top landing, which opens off it.
            const float top = side < 0.0f ? kWallHeight : kTravel - 0.5f;
            addBody(bodyAt(BodyType::Static, {side * (kShaftHalfWidth + 0.2f), 0.5f * top}),
                    boxShape({0.2f, 0.5f * top}));
        }
        const float landing = kTrayBottom + kTravel + 2.0f * kTrayHalf.y;
        addBody(bodyAt(BodyType::Static, {kShaftHalfWidth + 3.0f, landing - 0.2f}), boxShape({3.0f, 0.2f}),
                "top landing");

        // The tray: a floor with a low rail at each end, so what rides on it stays on.
        const Vec2 trayCentre{0.0f, kTrayBottom + kTrayHalf.y};
        const BodyId tray =
            addBody(bodyAt(BodyType::Dynamic, trayCentre), withMaterial(boxShape(kTrayHalf), 2.0f), "tray");
        for (const float side : {-1.0f, 1.0f})
        {
            addShape(tray, withMaterial(
                               boxShape({0.08f, 0.25f}, {side * (kTrayHalf.x - 0.08f), kTrayHalf.y + 0.25f}),
                               2.0f));
        }
        PrismaticJointDef slider;
        slider.anchor = trayCentre;
        slider.axis = {0.0f, 1.0f};
        slider.enableLimit = true;
        slider.lower = 0.0f;
        slider.upper = kTravel;
        slider.enableMotor = true;
        slider.motorSpeed = 0.0f;
        slider.maxMotorForce = kMotorForce;
        addJoint(jointDef(ground, tray, slider), "slider");

        const float deck = trayCentre.y + kTrayHalf.y;
        addBody(bodyAt(BodyType::Dynamic, {-0.8f, deck + 0.3f}), boxShape({0.3f, 0.3f}), "crate");
        addBody(bodyAt(BodyType::Dynamic, {0.1f, deck + 0.25f}), boxShape({0.25f, 0.25f}));
        addBody(bodyAt(BodyType::Dynamic, {0.8f, deck + 0.25f}), circleShape(0.25f));
    }

    // Waits, then drives the tray toward the far end of its travel; there, waits and turns back.
    void control(SceneContext& context, float dt) override
    {
        World& world = *context.world;
        const JointId slider = joint("slider");
        if (!world.isValid(slider) || !(dt > 0.0f))
        {
            return;
        }
        if (m_waitLeft > 0.0f)
        {
            m_waitLeft -= dt;
            if (m_waitLeft <= 0.0f)
            {
                world.setMotorSpeed(slider, m_goingUp ? kSpeed : -kSpeed);
            }
            return;
        }
        const float at = world.jointTranslation(slider);
        // Stopping a step's travel short of the limit leaves the motor, not the limit, to stop it.
        const float margin = kSpeed * dt;
        if ((m_goingUp && at >= kTravel - margin) || (!m_goingUp && at <= margin))
        {
            world.setMotorSpeed(slider, 0.0f);
            m_goingUp = !m_goingUp;
            m_waitLeft = kWait;
        }
    }

    bool m_goingUp = true;
    float m_waitLeft = kWait;
};

const SandboxSceneRegistrar<ElevatorScene> registrar{"Joints", "Elevator"};

} // namespace

} // namespace oblique::sandbox
