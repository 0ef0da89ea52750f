#include "level_pieces.hpp"

#include <cmath>
#include <utility>

namespace oblique::sandbox
{

SceneBody tile(Vec2 center)
{
    SceneBody body;
    body.type = BodyType::Static;
    body.position = center;
    body.halfExtents = {0.5f * kTileSize, 0.5f * kTileSize};
    return body;
}

void addTiles(Scene& scene, Vec2 first, int count, Vec2 step)
{
    for (int i = 0; i < count; ++i)
    {
        scene.bodies.push_back(tile(first + static_cast<float>(i) * step));
    }
}

SceneBody block(Vec2 lower, Vec2 upper)
{
    SceneBody body;
    body.type = BodyType::Static;
    body.position = 0.5f * (lower + upper);
    body.halfExtents = 0.5f * (upper - lower);
    return body;
}

SceneBody slope(Vec2 foot, float angle, float length, float thickness)
{
    const Vec2 along{std::cos(angle), std::sin(angle)};
    SceneBody body;
    body.type = BodyType::Static;
    body.position = foot + (0.5f * length) * along - (0.5f * thickness) * perp(along);
    body.angle = angle;
    body.halfExtents = {0.5f * length, 0.5f * thickness};
    return body;
}

SceneBody kinematicBox(std::string name, Vec2 position, Vec2 halfExtents)
{
    SceneBody body;
    body.name = std::move(name);
    body.type = BodyType::Kinematic;
    body.position = position;
    body.halfExtents = halfExtents;
    return body;
}

SceneBody boxOn(std::string name, Vec2 bottom, Vec2 halfExtents)
{
    SceneBody body;
    body.name = std::move(name);
    body.position = bottom + Vec2{0.0f, halfExtents.y};
    body.halfExtents = halfExtents;
    return body;
}

SceneBody ballOn(std::string name, Vec2 bottom, float radius)
{
    SceneBody body;
    body.name = std::move(name);
    body.shape = ShapeKind::Circle;
    body.position = bottom + Vec2{0.0f, radius};
    body.radius = radius;
    return body;
}

} // namespace oblique::sandbox
