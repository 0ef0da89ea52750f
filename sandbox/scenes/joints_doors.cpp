// Doors: two doors hung from hinges at their tops, in the way of balls let go one at a
// time at the top of a ramp. The first swings both ways (its limits 75 degrees either side); the
// second opens only to the right (its limits 0 and 80 degrees), so what rolls back from the far
// ramp is stopped by it.

#include "joint_scene.hpp"

#include <array>
#include <cmath>
#include <numbers>
#include <string>

namespace oblique::sandbox
{

namespace
{

constexpr float kHingeHeight = 1.3f;
constexpr Vec2 kDoorHalf{0.08f, 0.6f};
constexpr float kDegree = std::numbers::pi_v<float> / 180.0f;

// A door hung at x: how far its bottom may swing each way (B's turn, counter-clockwise positive:
// a positive angle swings the bottom to the right).
struct Door
{
    const char* name;
    float x;
    float lower;
    float upper;
};

constexpr std::array<Door, 2> kDoors{{
    {"swing door", -4.0f, -75.0f * kDegree, 75.0f * kDegree},
    {"one-way door", 2.0f, 0.0f, 80.0f * kDegree},
}};

// A ramp's top face, from its left end to its right end.
struct Ramp
{
    Vec2 left;
    Vec2 right;
};

constexpr Ramp kStartRamp{{-14.0f, 4.5f}, {-8.0f, 0.0f}};
constexpr Ramp kFarRamp{{6.0f, 0.0f}, {13.0f, 2.5f}};
constexpr float kFarWallX = 13.0f;
constexpr float kRampHalfThickness = 0.25f;

const char* const kHelp =
    "Doors on hinges with limits: the left one swings both ways, the right one opens "
    "only to the right, so what rolls back from the far ramp stays between them. A ball "
    "is let go every 2.5 s.";
constexpr Aabb kFrame{{-14.5f, -0.5f}, {14.0f, 6.0f}};

// One item is let go at the top of the start ramp this often, until there are this many.
constexpr float kReleaseEvery = 2.5f; // seconds
constexpr int kItems = 8;

class DoorsScene final : public JointScene
{
public:
    DoorsScene() : JointScene(kHelp, kFrame) {}

private:
    BodyId ramp(const Ramp& r, std::string name)
    {
        const Vec2 along = normalize(r.right - r.left);
        const Vec2 up{-along.y, along.x};
        const Vec2 centre = 0.5f * (r.left + r.right) - kRampHalfThickness * up;
        return addBody(bodyAt(BodyType::Static, centre, std::atan2(along.y, along.x)),
                       boxShape({0.5f * distance(r.left, r.right), kRampHalfThickness}), std::move(name));
    }

    void build(World& /*world*/) override
    {
        addBody(bodyAt(BodyType::Static, {0.0f, -0.5f}), boxShape({14.0f, 0.5f}), "ground");
        ramp(kStartRamp, "start ramp");
        ramp(kFarRamp, "far ramp");
        for (const Door& door : kDoors)
        {
            const Vec2 hinge{door.x, kHingeHeight};
            const BodyId lintel =
                addBody(bodyAt(BodyType::Static, hinge + Vec2{0.0f, 0.2f}), boxShape({0.4f, 0.2f}));
            const BodyId leaf = addBody(bodyAt(BodyType::Dynamic, hinge - Vec2{0.0f, kDoorHalf.y}),
                                        withMaterial(boxShape(kDoorHalf), 0.5f, 0.0f), door.name);
            addJoint(jointDef(lintel, leaf, limitedHingeAt(hinge, door.lower, door.upper)),
                     std::string(door.name) + " hinge");
        }
        // Past the far ramp's top, so nothing rolls off the end of the world.
        addBody(bodyAt(BodyType::Static, {kFarWallX + 0.25f, 3.0f}), boxShape({0.25f, 3.0f}), "far wall");
        m_released = 0;
    }

    // Lets go the next ball at the top of the start ramp when its time has come.
    void control(SceneContext& /*context*/, float /*dt*/) override
    {
        if (m_released >= kItems || time() < kReleaseEvery * static_cast<float>(m_released))
        {
            return;
        }
        const Vec2 down = normalize(kStartRamp.right - kStartRamp.left);
        const Vec2 up{-down.y, down.x};
        // Balls rather than crates: rolling, they keep their speed from one door to the next.
        const float radius = m_released % 2 == 0 ? 0.35f : 0.28f;
        const Vec2 at = kStartRamp.left + 0.8f * down + (radius + 0.01f) * up;
        addBody(bodyAt(BodyType::Dynamic, at), withMaterial(circleShape(radius), 3.0f),
                "ball " + std::to_string(m_released));
        ++m_released;
    }

    int m_released = 0;
};

const SandboxSceneRegistrar<DoorsScene> registrar{"Joints", "Doors"};

} // namespace

} // namespace oblique::sandbox
