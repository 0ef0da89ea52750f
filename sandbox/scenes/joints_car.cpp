// Car: a body on two wheels, each on a wheel joint (a sprung suspension along the body's up axis,
// its travel limited, the wheel free to turn) whose motor the arrow keys drive, over hills made of
// static boxes laid end to end. With no key held the motors hold the wheels still: a brake.

#include "demo_ui.hpp"
#include "joint_scene.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <imgui.h>
#include <string>

namespace oblique::sandbox
{

namespace
{

// The ground: flat where the car starts, hills from kHillsStart on, walls at both ends.
constexpr float kGroundLeft = -20.0f;
constexpr float kGroundRight = 100.0f;
constexpr float kHillsStart = 6.0f;
constexpr float kSegment = 2.0f; // metres of ground per box
constexpr float kGroundThickness = 0.5f;

constexpr Vec2 kStart{0.0f, 1.2f}; // the car body's centre
constexpr Vec2 kBodyHalf{1.3f, 0.25f};
constexpr Vec2 kCabinHalf{0.6f, 0.25f};
constexpr Vec2 kCabinOffset{-0.2f, 0.5f};
constexpr float kWheelRadius = 0.4f;
constexpr Vec2 kRearAxle{-0.9f, -0.45f}; // in the body's frame
constexpr Vec2 kFrontAxle{0.9f, -0.45f};
constexpr float kSuspensionHertz = 4.0f;
constexpr float kSuspensionDamping = 0.7f;
constexpr float kSuspensionTravel = 0.25f; // metres either way
// Wheel spin, rad/s: 6 m/s on the ground. Clockwise (negative) drives the car right.
constexpr float kDriveSpeed = 15.0f;
constexpr float kMotorTorque = 8.0f; // N*m per wheel: climbs the steepest hill, brakes on it

const char* const kHelp = "Car on wheel joints (sprung suspension, motors): Right and Left arrows drive, "
                          "no key brakes. The view follows the car.";
constexpr Aabb kFrame{{-10.0f, -3.0f}, {14.0f, 7.0f}};

// The ground's height at x: flat at the start, then two waves laid over each other, growing in.
float groundHeight(float x)
{
    const float grow = std::clamp((x - kHillsStart) / 12.0f, 0.0f, 1.0f);
    return grow * (1.2f * std::sin(0.35f * (x - kHillsStart)) + 0.4f * std::sin(0.9f * (x - kHillsStart)));
}

class CarScene final : public JointScene
{
public:
    CarScene() : JointScene(kHelp, kFrame) {}

    void drawPanel(SceneContext& context) override
    {
        JointScene::drawPanel(context);
        ImGui::Checkbox("follow the car", &m_follow);
        const World& world = *context.world;
        const BodyId car = body("car");
        if (world.isValid(car))
        {
            ImGui::Text("speed %.1f m/s   motors %.0f rad/s",
                        static_cast<double>(world.linearVelocity(car).x), static_cast<double>(m_motorSpeed));
        }
    }

private:
    void build(World& /*world*/) override
    {
        m_motorSpeed = 0.0f;
        // Each box's top face runs from one point of the profile to the next; neighbours share
        // their top corners, so the surface has no steps.
        const int segments = static_cast<int>((kGroundRight - kGroundLeft) / kSegment);
        for (int i = 0; i < segments; ++i)
        {
            const float x0 = kGroundLeft + kSegment * static_cast<float>(i);
            const Vec2 from{x0, groundHeight(x0)};
            const Vec2 to{x0 + kSegment, groundHeight(x0 + kSegment)};
            const Vec2 along = to - from;
            const Vec2 up = normalize(Vec2{-along.y, along.x});
            addBody(bodyAt(BodyType::Static, 0.5f * (from + to) - kGroundThickness * up,
                           std::atan2(along.y, along.x)),
                    withMaterial(boxShape({0.5f * length(along), kGroundThickness}), 1.0f, 0.9f));
        }
        for (const float x : {kGroundLeft - 0.5f, kGroundRight + 0.5f})
        {
            addBody(bodyAt(BodyType::Static, {x, groundHeight(x) + 2.0f}), boxShape({0.5f, 4.0f}));
        }
        // Two crates to push along the flat.
        addBody(bodyAt(BodyType::Dynamic, {-6.0f, 0.4f}), withMaterial(boxShape({0.4f, 0.4f}), 0.5f));
        addBody(bodyAt(BodyType::Dynamic, {-6.0f, 1.2f}), withMaterial(boxShape({0.4f, 0.4f}), 0.5f));

        const BodyId car = addBody(bodyAt(BodyType::Dynamic, kStart), boxShape(kBodyHalf), "car");
        addShape(car, boxShape(kCabinHalf, kCabinOffset));
        wheel(car, kRearAxle, "rear");
        wheel(car, kFrontAxle, "front");
    }

    void wheel(BodyId car, Vec2 axle, const std::string& name)
    {
        const Vec2 at = kStart + axle;
        const BodyId id = addBody(bodyAt(BodyType::Dynamic, at),
                                  withMaterial(circleShape(kWheelRadius), 1.0f, 0.9f), name + " wheel");
        WheelJointDef suspension;
        suspension.anchor = at;
        suspension.axis = {0.0f, 1.0f};
        suspension.hertz = kSuspensionHertz;
        suspension.dampingRatio = kSuspensionDamping;
        suspension.enableLimit = true;
        suspension.lower = -kSuspensionTravel;
        suspension.upper = kSuspensionTravel;
        suspension.enableMotor = true;
        suspension.maxMotorTorque = kMotorTorque;
        addJoint(jointDef(car, id, suspension), name + " suspension");
    }

    void control(SceneContext& context, float /*dt*/) override
    {
        World& world = *context.world;
        float wanted = 0.0f;
        if (context.input != nullptr && !keyboardOnUi())
        {
            const bool right = context.input->isKeyDown(Key::Right);
            const bool left = context.input->isKeyDown(Key::Left);
            wanted = (left ? kDriveSpeed : 0.0f) - (right ? kDriveSpeed : 0.0f);
        }
        // Only on a change: each call wakes the car, which could then never fall asleep.
        if (wanted != m_motorSpeed)
        {
            m_motorSpeed = wanted;
            for (const char* name : {"rear suspension", "front suspension"})
            {
                if (world.isValid(joint(name)))
                {
                    world.setMotorSpeed(joint(name), m_motorSpeed);
                }
            }
        }
        if (m_follow && context.camera != nullptr)
        {
            follow(*context.camera, world);
        }
    }

    // Keeps the car within the middle of the view: the camera moves only as far as it must.
    void follow(Camera2D& camera, const World& world) const
    {
        const BodyId car = body("car");
        if (!world.isValid(car))
        {
            return;
        }
        const Vec2 at = world.position(car);
        const Aabb view = camera.visibleBounds();
        const Vec2 size = view.upper - view.lower;
        const Vec2 low = view.lower + Vec2{0.4f * size.x, 0.3f * size.y};
        const Vec2 high = view.lower + Vec2{0.65f * size.x, 0.7f * size.y};
        const Vec2 shift{std::min(at.x - low.x, 0.0f) + std::max(at.x - high.x, 0.0f),
                         std::min(at.y - low.y, 0.0f) + std::max(at.y - high.y, 0.0f)};
        camera.setCenter(camera.center() + shift);
    }

    float m_motorSpeed = 0.0f;
    bool m_follow = true;
};

const SandboxSceneRegistrar<CarScene> registrar{"Joints", "Car"};

} // namespace

} // namespace oblique::sandbox
