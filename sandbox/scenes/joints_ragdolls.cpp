// Ragdolls: figures of twelve parts on hinges whose limits are a body's (knees bend back only,
// elbows forward only, the head turns a little), lying on a staircase and pushed off their steps.
// A figure's parts do not collide with one another (a negative collision group each), figures
// collide with each other. They start close to the steps: a part stopped dead by a step while the
// rest of the figure moves on strains its hinge by about its speed over the hinges' stiffness
// (60 Hz in soft step), so a fall of a metre or more opens a hinge by over a centimetre.

#include "joint_scene.hpp"

#include <array>
#include <cmath>
#include <string>

namespace oblique::sandbox
{

namespace
{

// One part of a figure standing upright facing +x, its feet at the origin.
struct Part
{
    const char* name;
    Vec2 centre;
    Vec2 halfExtents; // a box; a zero y makes it a circle of radius x
    float density;    // kg/m^2
};

// The limbs are made denser than the torso, so no part is much lighter than the part it hangs
// from: a very light part (a real foot is a sixtieth of the body) stopped dead by the ground
// strains its hinge more than the soft hold keeps within a centimetre.
constexpr std::array<Part, 12> kParts{{
    {"torso", {0.0f, 1.31f}, {0.2f, 0.35f}, 1.0f},
    {"head", {0.0f, 1.82f}, {0.17f, 0.0f}, 1.0f},
    {"upper arm", {0.0f, 1.42f}, {0.07f, 0.18f}, 2.0f},
    {"forearm", {0.0f, 1.06f}, {0.06f, 0.18f}, 2.0f},
    {"thigh", {0.0f, 0.72f}, {0.09f, 0.24f}, 1.5f},
    {"shin", {0.0f, 0.29f}, {0.08f, 0.19f}, 1.5f},
    {"foot", {0.06f, 0.05f}, {0.13f, 0.05f}, 2.0f},
    {"upper arm", {0.0f, 1.42f}, {0.07f, 0.18f}, 2.0f},
    {"forearm", {0.0f, 1.06f}, {0.06f, 0.18f}, 2.0f},
    {"thigh", {0.0f, 0.72f}, {0.09f, 0.24f}, 1.5f},
    {"shin", {0.0f, 0.29f}, {0.08f, 0.19f}, 1.5f},
    {"foot", {0.06f, 0.05f}, {0.13f, 0.05f}, 2.0f},
}};

// A hinge between two parts (indices into kParts), at a point of the upright figure, with B's turn
// relative to A kept within [lower, upper] radians (counter-clockwise: forward for a limb hanging
// down in a figure facing +x).
struct Hinge
{
    const char* name;
    int a;
    int b;
    Vec2 at;
    float lower;
    float upper;
};

constexpr std::array<Hinge, 11> kHinges{{
    {"neck", 0, 1, {0.0f, 1.66f}, -0.6f, 0.6f},
    {"shoulder", 0, 2, {0.0f, 1.58f}, -0.8f, 2.6f},
    {"elbow", 2, 3, {0.0f, 1.24f}, 0.0f, 2.4f},
    {"hip", 0, 4, {0.0f, 0.96f}, -0.5f, 1.8f},
    {"knee", 4, 5, {0.0f, 0.48f}, -2.4f, 0.0f},
    {"ankle", 5, 6, {0.0f, 0.1f}, -0.5f, 0.5f},
    {"shoulder", 0, 7, {0.0f, 1.58f}, -0.8f, 2.6f},
    {"elbow", 7, 8, {0.0f, 1.24f}, 0.0f, 2.4f},
    {"hip", 0, 9, {0.0f, 0.96f}, -0.5f, 1.8f},
    {"knee", 9, 10, {0.0f, 0.48f}, -2.4f, 0.0f},
    {"ankle", 10, 11, {0.0f, 0.1f}, -0.5f, 0.5f},
}};

// Where a figure starts: its feet, how it is turned, and how it is moving.
struct Start
{
    Vec2 feet;
    float angle;
    Vec2 velocity;
};

constexpr std::array<Start, 3> kFigures{{
    {{-9.9f, 5.01f}, -1.5708f, {4.5f, 0.0f}},
    {{-6.3f, 3.81f}, -1.5708f, {4.0f, 0.0f}},
    {{-1.5f, 2.21f}, -1.5708f, {3.5f, 0.0f}},
}};

constexpr int kSteps = 12;
constexpr float kStepWidth = 1.2f;
constexpr float kRise = 0.4f;
constexpr float kStairsLeft = -10.0f;
constexpr float kStairFriction = 0.3f;

const char* const kHelp = "Ragdolls: twelve parts each on hinges with a body's limits (knees bend back only, "
                          "elbows forward only), pushed off their steps. Drag one by a limb down the stairs.";
constexpr Aabb kFrame{{-10.5f, 0.0f}, {4.5f, 5.8f}};

Vec2 rotated(Vec2 v, float angle)
{
    const float c = std::cos(angle);
    const float s = std::sin(angle);
    return {c * v.x - s * v.y, s * v.x + c * v.y};
}

class RagdollsScene final : public JointScene
{
public:
    RagdollsScene() : JointScene(kHelp, kFrame) {}

private:
    void build(World& /*world*/) override
    {
        addBody(bodyAt(BodyType::Static, {-2.0f, -0.5f}), boxShape({12.0f, 0.5f}), "ground");
        for (int i = 0; i < kSteps; ++i)
        {
            const float left = kStairsLeft + kStepWidth * static_cast<float>(i);
            const float height = kRise * static_cast<float>(kSteps - i);
            addBody(bodyAt(BodyType::Static, {left + 0.5f * kStepWidth, 0.5f * height}),
                    withMaterial(boxShape({0.5f * kStepWidth, 0.5f * height}), 1.0f, kStairFriction),
                    "step " + std::to_string(i));
        }
        for (std::size_t i = 0; i < kFigures.size(); ++i)
        {
            figure(kFigures[i], -static_cast<int>(i) - 1, "figure " + std::to_string(i) + " ");
        }
    }

    void figure(const Start& start, int group, const std::string& prefix)
    {
        std::array<BodyId, kParts.size()> bodies{};
        for (std::size_t i = 0; i < kParts.size(); ++i)
        {
            const Part& part = kParts[i];
            BodyDef def =
                bodyAt(BodyType::Dynamic, start.feet + rotated(part.centre, start.angle), start.angle);
            def.linearVelocity = start.velocity;
            ShapeDef shape =
                part.halfExtents.y > 0.0f ? boxShape(part.halfExtents) : circleShape(part.halfExtents.x);
            shape.filter.groupIndex = group;
            bodies[i] = addBody(def, shape, prefix + part.name);
        }
        for (const Hinge& hinge : kHinges)
        {
            const Vec2 at = start.feet + rotated(hinge.at, start.angle);
            addJoint(jointDef(bodies[static_cast<std::size_t>(hinge.a)],
                              bodies[static_cast<std::size_t>(hinge.b)],
                              limitedHingeAt(at, hinge.lower, hinge.upper)),
                     prefix + hinge.name);
        }
    }
};

const SandboxSceneRegistrar<RagdollsScene> registrar{"Joints", "Ragdolls"};

} // namespace

} // namespace oblique::sandbox
