#pragma once
// Scenes for the scenario tests, built in code, and a pair of worlds that run one scene in both
// engines side by side: oblique's World (through instantiate) and Box2D 2.4 (through Box2dWorld),
// with the same bodies, materials, time step and iteration counts.

#include "../support/scene_bodies.hpp"
#include "oblique/compare/box2d_world.hpp"
#include "oblique/scene.hpp"
#include "oblique/scene_world.hpp"
#include "oblique/world.hpp"

#include <box2d/box2d.h>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace oblique::test
{

/// The solver constants both engines share (Box2D's b2_linearSlop; oblique's kLinearSlop).
inline constexpr float kSlop = 0.005f;
inline constexpr float kGravity = 10.0f;
inline constexpr float kPi = 3.14159265358979f;

/// A body definition at a place, for tests that build a World by hand.
inline BodyDef bodyAt(BodyType type, Vec2 position, float angle = 0.0f)
{
    BodyDef def;
    def.type = type;
    def.position = position;
    def.angle = angle;
    return def;
}

/// A static slab 40 m wide whose top face is the line y = 0.
inline SceneBody ground(float halfWidth = 20.0f)
{
    return sceneBox(BodyType::Static, {0.0f, -1.0f}, {halfWidth, 1.0f});
}

/// Settings every scenario starts from: the format's defaults (g = 10 m/s^2 down, 60 Hz, 8/3
/// iterations, sleeping on, 1 m/s restitution threshold), named here so tests can change them.
inline Scene makeScene(std::string name, std::vector<SceneBody> bodies)
{
    Scene scene;
    scene.name = std::move(name);
    scene.bodies = std::move(bodies);
    return scene;
}

/// A column of `count` unit boxes standing on the ground, each resting exactly on the one below.
inline Scene verticalStack(int count)
{
    std::vector<SceneBody> bodies{ground()};
    for (int i = 0; i < count; ++i)
    {
        bodies.push_back(sceneBox(BodyType::Dynamic, {0.0f, 0.5f + static_cast<float>(i)}, {0.5f, 0.5f}));
    }
    return makeScene("vertical stack", std::move(bodies));
}

/// The classic pyramid: `rows` rows of unit boxes (0.5 m half extents), 2 cm apart within a row,
/// each row resting on the one below and shifted by half a pitch (the layout of scenes/pyramid20.json).
inline Scene pyramid(int rows)
{
    constexpr float kPitch = 1.02f;
    std::vector<SceneBody> bodies{ground(40.0f)};
    for (int row = 0; row < rows; ++row)
    {
        const int count = rows - row;
        const float x0 = -0.5f * kPitch * static_cast<float>(count - 1);
        for (int i = 0; i < count; ++i)
        {
            bodies.push_back(sceneBox(BodyType::Dynamic,
                                      {x0 + kPitch * static_cast<float>(i), 0.5f + static_cast<float>(row)},
                                      {0.5f, 0.5f}));
        }
    }
    return makeScene("pyramid", std::move(bodies));
}

/// One scene run in both engines. Body i of either world is scene body i.
class TwinWorlds
{
public:
    explicit TwinWorlds(const Scene& scene) : m_scene(scene), m_oblique(instantiate(scene)), m_box2d(scene) {}

    TwinWorlds(const TwinWorlds&) = delete;
    TwinWorlds& operator=(const TwinWorlds&) = delete;

    void step()
    {
        m_oblique.world.step(m_scene.world.timeStep);
        m_box2d.step();
    }

    void steps(int count)
    {
        for (int i = 0; i < count; ++i)
        {
            step();
        }
    }

    float timeStep() const { return m_scene.world.timeStep; }
    const Scene& scene() const { return m_scene; }
    int bodyCount() const { return static_cast<int>(m_scene.bodies.size()); }

    World& world() { return m_oblique.world; }
    const World& world() const { return m_oblique.world; }
    BodyId id(int i) const { return m_oblique.bodies.at(static_cast<std::size_t>(i)); }
    compare::Box2dWorld& box2d() { return m_box2d; }
    const compare::Box2dWorld& box2d() const { return m_box2d; }

    Vec2 obliquePosition(int i) const { return m_oblique.world.position(id(i)); }
    Vec2 box2dPosition(int i) const { return m_box2d.bodyState(i).position; }
    Vec2 obliqueVelocity(int i) const { return m_oblique.world.linearVelocity(id(i)); }
    Vec2 box2dVelocity(int i) const { return m_box2d.bodyState(i).linearVelocity; }
    bool obliqueAwake(int i) const { return m_oblique.world.isAwake(id(i)); }
    bool box2dAwake(int i) const { return m_box2d.bodyState(i).awake; }

private:
    Scene m_scene;
    SceneInstance m_oblique;
    compare::Box2dWorld m_box2d;
};

/// Prints a measured quantity of both engines, so test logs carry the numbers behind each verdict.
/// Steps a world `steps` times at 60 Hz.
inline void run(World& world, int steps)
{
    for (int i = 0; i < steps; ++i)
    {
        world.step(1.0f / 60.0f);
    }
}

inline void reportMeasure(const std::string& what, double oblique, double box2d)
{
    std::printf("[ measure  ] %-52s oblique %-12.6g box2d %.6g\n", what.c_str(), oblique, box2d);
}

inline void reportMeasure(const std::string& what, double value)
{
    std::printf("[ measure  ] %-52s %.6g\n", what.c_str(), value);
}

} // namespace oblique::test
