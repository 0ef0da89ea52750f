#include "oblique/scene_world.hpp"

#include "scene_fields.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <utility>
#include <variant>

namespace oblique
{

WorldDef worldDefOf(const SceneWorld& settings)
{
    WorldDef def;
    def.gravity = settings.gravity;
    def.solver = settings.solver;
    def.subSteps = settings.subSteps;
    def.contactHertz = settings.contactHertz;
    def.contactDampingRatio = settings.contactDampingRatio;
    def.contactPushMaxSpeed = settings.contactPushMaxSpeed;
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

void setShorthandShape(SceneBody& body, const ShapeDef& shape)
{
    body.shape = shape.kind;
    body.halfExtents = shape.halfExtents;
    body.radius = shape.radius;
    body.density = shape.density;
    body.friction = shape.friction;
    body.restitution = shape.restitution;
    body.sensor = shape.isSensor;
    body.filter = shape.filter;
    body.surfaceSpeed = shape.surfaceSpeed;
    body.oneWay = shape.oneWay;
}

std::vector<ShapeDef> shapeDefsOf(const SceneBody& body)
{
    if (!body.shapes.empty())
    {
        return body.shapes;
    }
    return {shapeDefOf(body)};
}

Aabb boundsOf(const SceneBody& body)
{
    const Rot q = makeRot(body.angle);
    std::optional<Aabb> bounds;
    for (const ShapeDef& shape : shapeDefsOf(body))
    {
        const Vec2 center = body.position + rotate(q, shape.offset);
        const Aabb box = shape.kind == ShapeKind::Box
                             ? aabbOf(makeObb(center, shape.halfExtents, body.angle + shape.angle))
                             : aabbOf(Circle{center, shape.radius});
        bounds = bounds ? merge(*bounds, box) : box;
    }
    return bounds ? *bounds : Aabb{body.position, body.position};
}

namespace
{

bool isDefaultFilter(const Filter& f)
{
    const Filter defaults;
    return f.categoryBits == defaults.categoryBits && f.maskBits == defaults.maskBits &&
           f.groupIndex == defaults.groupIndex;
}

// Not +0.0: a -0.0 written to a file must come back as -0.0.
bool isSet(float value)
{
    return std::bit_cast<std::uint32_t>(value) != 0u;
}

// Whether the shape uses a key format 1 does not have.
bool usesFormat2(const ShapeDef& s)
{
    return s.isSensor || !isDefaultFilter(s.filter) || isSet(s.surfaceSpeed) || !(s.oneWay == Vec2{});
}

// Whether a world key format 1 does not have is away from its default: a format-1 file leaves
// them all there.
bool usesFormat2(const SceneWorld& world)
{
    using namespace scene_detail;
    const SceneWorld defaults;
    const Owners<true> given{.world = &world};
    const Owners<true> unset{.world = &defaults};
    return std::any_of(fields.begin(), fields.end(),
                       [&](const FieldSpec& field) {
                           return (field.places & place::world) != 0 && field.format > 1 &&
                                  !sameValue(field, given, unset);
                       });
}

} // namespace

bool usesFormat2(const Scene& scene)
{
    return usesFormat2(scene.world) || !scene.joints.empty() ||
           std::any_of(scene.bodies.begin(), scene.bodies.end(),
                       [](const SceneBody& b) { return !b.shapes.empty() || usesFormat2(shapeDefOf(b)); });
}

SceneInstance instantiate(const Scene& scene)
{
    // Checked before anything is built, so a bad reference costs no world.
    const std::vector<std::pair<std::size_t, std::size_t>> jointBodies = jointBodiesOf(scene);
    SceneInstance instance{World(worldDefOf(scene.world)), {}, {}};
    instance.bodies.reserve(scene.bodies.size());
    for (const SceneBody& body : scene.bodies)
    {
        if (body.shapes.empty())
        {
            instance.bodies.push_back(instance.world.createBody(bodyDefOf(body), shapeDefOf(body)));
            continue;
        }
        // As in Box2D, the scene's velocity is its origin's: the centre of mass, wherever the
        // shapes put it, moves with the body's point there.
        const BodyId id = instance.world.createBody(bodyDefOf(body));
        for (const ShapeDef& shape : body.shapes)
        {
            instance.world.createShape(id, shape);
        }
        instance.bodies.push_back(id);
    }
    instance.joints.reserve(scene.joints.size());
    for (std::size_t i = 0; i < scene.joints.size(); ++i)
    {
        const auto [a, b] = jointBodies[i];
        instance.joints.push_back(
            instance.world.createJoint(jointDefOf(scene.joints[i], instance.bodies[a], instance.bodies[b])));
    }
    return instance;
}

namespace
{

// A joint's parameters as a file holds them; none for a mouse joint, which files cannot hold.
std::optional<SceneJointParams> sceneParams(const JointDef& def)
{
    return std::visit(
        [](const auto& params) -> std::optional<SceneJointParams>
        {
            if constexpr (std::is_same_v<std::decay_t<decltype(params)>, MouseJointDef>)
            {
                return std::nullopt;
            }
            else
            {
                return SceneJointParams{params};
            }
        },
        def.params);
}

// The joints between the captured bodies, each once, in joint-slot order, by scene body index.
void captureJoints(const World& world, const std::vector<BodyId>& bodies, Scene& scene)
{
    std::vector<std::pair<BodyId, int>> captured; // a valid body and its index in the scene
    for (const BodyId id : bodies)
    {
        if (world.isValid(id))
        {
            captured.emplace_back(id, static_cast<int>(captured.size()));
        }
    }
    const auto indexOf = [&](BodyId id) -> std::optional<int>
    {
        for (const auto& [body, index] : captured)
        {
            if (body == id)
            {
                return index;
            }
        }
        return std::nullopt;
    };
    std::vector<JointId> joints;
    for (const auto& [body, index] : captured)
    {
        for (const JointId joint : world.joints(body))
        {
            if (std::find(joints.begin(), joints.end(), joint) == joints.end())
            {
                joints.push_back(joint);
            }
        }
    }
    std::sort(joints.begin(), joints.end(), [](JointId x, JointId y) { return x.index < y.index; });
    for (const JointId joint : joints)
    {
        const JointDef def = world.jointDef(joint);
        const std::optional<int> a = indexOf(def.bodyA);
        const std::optional<int> b = indexOf(def.bodyB);
        const std::optional<SceneJointParams> params = sceneParams(def);
        if (a && b && params)
        {
            SceneJoint& saved = scene.joints.emplace_back();
            saved.bodyA.emplace<int>(*a);
            saved.bodyB.emplace<int>(*b);
            saved.collideConnected = def.collideConnected;
            saved.params = *params;
        }
    }
}

} // namespace

Scene captureScene(const World& world, const std::vector<BodyId>& bodies, const Scene& origin)
{
    Scene scene;
    scene.name = origin.name;
    scene.world = origin.world;
    const WorldDef& def = world.settings();
    scene.world.gravity = def.gravity;
    scene.world.solver = def.solver;
    scene.world.subSteps = def.subSteps;
    scene.world.contactHertz = def.contactHertz;
    scene.world.contactDampingRatio = def.contactDampingRatio;
    scene.world.contactPushMaxSpeed = def.contactPushMaxSpeed;
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
        body.type = world.bodyType(id);
        body.position = world.position(id);
        body.angle = world.angle(id);
        body.angularVelocity = world.angularVelocity(id);
        // The scene holds the origin's velocity (see instantiate).
        const Vec2 arm = world.worldCenter(id) - body.position;
        body.linearVelocity = world.localCenter(id) == Vec2{}
                                  ? world.linearVelocity(id)
                                  : world.linearVelocity(id) - cross(body.angularVelocity, arm);
        const std::vector<ShapeId> shapes = world.shapes(id);
        body.shapes.clear();
        const bool shorthand =
            shapes.size() == 1 && i < origin.bodies.size() && origin.bodies[i].shapes.empty();
        if (shorthand)
        {
            setShorthandShape(body, world.shape(shapes.front()));
        }
        else
        {
            for (const ShapeId shape : shapes)
            {
                body.shapes.push_back(world.shape(shape));
            }
        }
        scene.bodies.push_back(body);
    }
    captureJoints(world, bodies, scene);
    return scene;
}

} // namespace oblique
