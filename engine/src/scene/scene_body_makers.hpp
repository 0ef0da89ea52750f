#pragma once
// Internal: scene bodies of one box or ball with the format's default material, for the builders.

#include "oblique/scene.hpp"

namespace oblique::scenes::detail
{

inline SceneBody box(Vec2 position, Vec2 halfExtents, float angle = 0.0f)
{
    SceneBody b;
    b.position = position;
    b.halfExtents = halfExtents;
    b.angle = angle;
    return b;
}

inline SceneBody staticBox(Vec2 position, Vec2 halfExtents, float angle = 0.0f)
{
    SceneBody b = box(position, halfExtents, angle);
    b.type = BodyType::Static;
    return b;
}

inline SceneBody ball(Vec2 position, float radius)
{
    SceneBody b;
    b.shape = ShapeKind::Circle;
    b.position = position;
    b.radius = radius;
    return b;
}

} // namespace oblique::scenes::detail
