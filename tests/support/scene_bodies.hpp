#pragma once
// Scene bodies built in code for tests: a box or a ball of a given type and place, every other
// field at the scene format's default.

#include "oblique/scene.hpp"

namespace oblique::test
{

inline SceneBody sceneBox(BodyType type, Vec2 position, Vec2 halfExtents, float angle = 0.0f)
{
    SceneBody b;
    b.type = type;
    b.shape = ShapeKind::Box;
    b.position = position;
    b.halfExtents = halfExtents;
    b.angle = angle;
    return b;
}

inline SceneBody sceneBall(BodyType type, Vec2 position, float radius)
{
    SceneBody b;
    b.type = type;
    b.shape = ShapeKind::Circle;
    b.position = position;
    b.radius = radius;
    return b;
}

} // namespace oblique::test
