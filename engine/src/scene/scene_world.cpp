#include "oblique/scene_world.hpp"

#include <algorithm>

namespace oblique
{

WorldDef worldDefOf(const SceneWorld& settings)
{
    WorldDef def;
    def.gravity = settings.gravity;
    def.velocityIterations = settings.velocityIterations;
    def.positionIterations = settings.positionIterations;
    def.allowSleep = settings.allowSleep;
    def.restitutionThreshold = settings.restitutionThreshold;
    return def;
}

BodyDef bodyDefOf(const SceneBody& body)
{
    BodyDef def;
    def.type = body.type;
    def.position = body.position;
    def.angle = body.angle;
    def.linearVelocity = body.linearVelocity;
    def.angularVelocity = body.angularVelocity;
    def.linearDamping = body.linearDamping;
    def.angularDamping = body.angularDamping;
    def.gravityScale = body.gravityScale;
    def.fixedRotation = body.fixedRotation;
    return def;
}

ShapeDef shapeDefOf(const SceneBody& body)
{
    ShapeDef def;
    def.kind = body.shape;
    def.halfExtents = body.halfExtents;
    def.radius = body.radius;
    def.density = body.density;
    def.friction = body.friction;
    def.restitution = body.restitution;
    def.isSensor = body.sensor;
    def.filter = body.filter;
    def.surfaceSpeed = body.surfaceSpeed;
    def.oneWay = body.oneWay;
    return def;
}

std::vector<ShapeDef> shapeDefsOf(const SceneBody& body)
{
    if (!body.shapes.empty())
    {
        return body.shapes;
    }
    return {shapeDefOf(body)};
}

namespace
{

bool isDefaultFilter(const Filter& f)
{
    const Filter defaults;
    return f.categoryBits == defaults.categoryBits && f.maskBits == defaults.maskBits &&
           f.groupIndex == defaults.groupIndex;
}

// Whether the shape uses a key format 1 does not have.
bool usesFormat2(const ShapeDef& s)
{
    return s.isSensor || !isDefaultFilter(s.filter) || s.surfaceSpeed != 0.0f || s.oneWay != Vec2{};
}

} // namespace

bool usesFormat2(const Scene& scene)
{
    return std::any_of(scene.bodies.begin(), scene.bodies.end(),
                       [](const SceneBody& b)
                       {
                           return !b.shapes.empty() || usesFormat2(shapeDefOf(b));
                       });
}

SceneInstance instantiate(const Scene& scene)
{
    SceneInstance instance{World(worldDefOf(scene.world)), {}};
    instance.bodies.reserve(scene.bodies.size());
    for (const SceneBody& body : scene.bodies)
    {
        instance.bodies.push_back(instance.world.createBody(bodyDefOf(body), shapeDefOf(body)));
    }
    return instance;
}

Scene captureScene(const World& world, const std::vector<BodyId>& bodies, const Scene& origin)
{
    Scene scene;
    scene.name = origin.name;
    scene.world = origin.world;
    const WorldDef& def = world.settings();
    scene.world.gravity = def.gravity;
    scene.world.velocityIterations = def.velocityIterations;
    scene.world.positionIterations = def.positionIterations;
    scene.world.allowSleep = def.allowSleep;
    scene.world.restitutionThreshold = def.restitutionThreshold;
    for (std::size_t i = 0; i < bodies.size(); ++i)
    {
        const BodyId id = bodies[i];
        if (!world.isValid(id))
        {
            continue;
        }
        SceneBody body = i < origin.bodies.size() ? origin.bodies[i] : SceneBody{};
        const ShapeDef& shape = world.shape(id);
        body.type = world.bodyType(id);
        body.position = world.position(id);
        body.angle = world.angle(id);
        body.linearVelocity = world.linearVelocity(id);
        body.angularVelocity = world.angularVelocity(id);
        body.shape = shape.kind;
        body.halfExtents = shape.halfExtents;
        body.radius = shape.radius;
        body.density = shape.density;
        body.friction = shape.friction;
        body.restitution = shape.restitution;
        scene.bodies.push_back(body);
    }
    return scene;
}

} // namespace oblique
