// The tumbler: a closed box of four kinematic walls turning together about its centre, with 200
// small boxes inside tumbling over one another. A test of many moving contacts against bodies the
// solver cannot push.

#include "described_scene.hpp"
#include "sandbox_math.hpp"

#include <array>
#include <cmath>
#include <string>

namespace oblique::sandbox
{

namespace
{

constexpr Vec2 kCentre{0.0f, 10.0f};
constexpr float kInnerHalf = 6.0f;     // the container's inside is 12 m x 12 m
constexpr float kWallHalf = 0.5f;      // walls are 1 m thick
constexpr float kAngularSpeed = 0.25f; // rad/s: a turn every 25 s
constexpr int kColumns = 20;
constexpr int kRows = 10;
constexpr float kBoxHalf = 0.25f;
constexpr float kPitch = 0.55f;

struct Wall
{
    Vec2 offset; // from the centre, with the container unturned
    Vec2 halfExtents;
};

constexpr std::array<Wall, 4> kWalls{{
    {{0.0f, -kInnerHalf - kWallHalf}, {kInnerHalf + 2.0f * kWallHalf, kWallHalf}},
    {{0.0f, kInnerHalf + kWallHalf}, {kInnerHalf + 2.0f * kWallHalf, kWallHalf}},
    {{-kInnerHalf - kWallHalf, 0.0f}, {kWallHalf, kInnerHalf}},
    {{kInnerHalf + kWallHalf, 0.0f}, {kWallHalf, kInnerHalf}},
}};

Vec2 rotated(Vec2 v, float angle)
{
    const float c = std::cos(angle);
    const float s = std::sin(angle);
    return {c * v.x - s * v.y, s * v.x + c * v.y};
}

Scene tumblerScene()
{
    Scene scene;
    scene.name = "tumbler";
    // Boxes resting against a turning wall must keep moving with it, whatever the engine's rule
    // for waking bodies next to kinematic ones.
    scene.world.allowSleep = false;
    for (std::size_t i = 0; i < kWalls.size(); ++i)
    {
        SceneBody wall;
        wall.name = "wall " + std::to_string(i);
        wall.type = BodyType::Kinematic;
        wall.position = kCentre + kWalls[i].offset;
        wall.halfExtents = kWalls[i].halfExtents;
        wall.angularVelocity = kAngularSpeed;
        wall.linearVelocity = cross(kAngularSpeed, kWalls[i].offset);
        scene.bodies.push_back(wall);
    }
    const float x0 = -0.5f * kPitch * static_cast<float>(kColumns - 1);
    const float y0 = -kInnerHalf + kBoxHalf + 0.05f;
    for (int row = 0; row < kRows; ++row)
    {
        for (int column = 0; column < kColumns; ++column)
        {
            SceneBody box;
            box.position = kCentre + Vec2{x0 + kPitch * static_cast<float>(column),
                                          y0 + kPitch * static_cast<float>(row)};
            box.halfExtents = {kBoxHalf, kBoxHalf};
            scene.bodies.push_back(box);
        }
    }
    return scene;
}

class TumblerScene final : public DescribedScene
{
public:
    TumblerScene()
        : DescribedScene(tumblerScene(), "A container of four kinematic walls turning about its centre, "
                                         "with 200 boxes tumbling inside.")
    {
    }

    void load(SceneContext& context) override
    {
        DescribedScene::load(context);
        m_angle = 0.0f;
        // Framed for the container at any angle: the circle through its outer corners.
        if (context.camera != nullptr)
        {
            const float reach = std::sqrt(2.0f) * (kInnerHalf + 2.0f * kWallHalf);
            frameBounds(*context.camera, makeAabb(kCentre, {reach, reach}), 0.04f);
        }
    }

    // Sets each wall's velocity so that the coming step lands it exactly on its place in the rigidly
    // turned container. Integrating a constant tangent velocity instead would let the walls spiral
    // outward; teleporting them with setTransform would throw away their contacts every step.
    void update(SceneContext& context, const GameTime& time) override
    {
        const float dt = time.elapsedSeconds();
        if (!(dt > 0.0f) || context.bodies == nullptr || context.bodies->size() < kWalls.size())
        {
            return;
        }
        World& world = *context.world;
        m_angle += kAngularSpeed * dt;
        for (std::size_t i = 0; i < kWalls.size(); ++i)
        {
            const BodyId wall = (*context.bodies)[i];
            if (!world.isValid(wall) || world.bodyType(wall) != BodyType::Kinematic)
            {
                continue;
            }
            const Vec2 target = kCentre + rotated(kWalls[i].offset, m_angle);
            world.setLinearVelocity(wall, (1.0f / dt) * (target - world.position(wall)));
            world.setAngularVelocity(wall, (m_angle - world.angle(wall)) / dt);
        }
    }

private:
    float m_angle = 0.0f;
};

const SandboxSceneRegistrar<TumblerScene> registrar{"Physics", "Tumbler"};

} // namespace

} // namespace oblique::sandbox
