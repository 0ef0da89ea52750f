#include "oblique/compare/box2d_world.hpp"

#include "oblique/scene_world.hpp"

#include <box2d/box2d.h>
#include <cfloat>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <variant>

namespace oblique::compare
{

namespace
{

b2Vec2 toB2(Vec2 v)
{
    return {v.x, v.y};
}

Vec2 fromB2(b2Vec2 v)
{
    return {v.x, v.y};
}

b2BodyType toB2(BodyType type)
{
    switch (type)
    {
    case BodyType::Static:
        return b2_staticBody;
    case BodyType::Kinematic:
        return b2_kinematicBody;
    case BodyType::Dynamic:
        break;
    }
    return b2_dynamicBody;
}

// The scene index rides in the body's user data, so contacts can be mapped back to scene order
// whatever order Box2D's broadphase and contact registry put the two fixtures in.
int sceneIndex(b2Fixture* fixture)
{
    return static_cast<int>(fixture->GetBody()->GetUserData().pointer);
}

// Likewise the shape's place in its body's shapes (Box2D lists a body's fixtures newest first).
int shapeIndex(b2Fixture* fixture)
{
    return static_cast<int>(fixture->GetUserData().pointer);
}

// One shape as a Box2D fixture, placed in the body's frame.
void addFixture(b2Body* body, const ShapeDef& shape, int index, float restitutionThreshold)
{
    b2PolygonShape polygon;
    b2CircleShape circle;
    b2FixtureDef fixtureDef;
    if (shape.kind == ShapeKind::Box)
    {
        polygon.SetAsBox(shape.halfExtents.x, shape.halfExtents.y, toB2(shape.offset), shape.angle);
        // SetAsBox gives every polygon a 0.01 m skin; without removing it Box2D's boxes would be
        // larger than oblique's and every contact would shift.
        polygon.m_radius = 0.0f;
        fixtureDef.shape = &polygon;
    }
    else
    {
        circle.m_radius = shape.radius;
        circle.m_p = toB2(shape.offset);
        fixtureDef.shape = &circle;
    }
    fixtureDef.density = shape.density;
    fixtureDef.friction = shape.friction;
    fixtureDef.restitution = shape.restitution;
    fixtureDef.restitutionThreshold = restitutionThreshold;
    fixtureDef.isSensor = shape.isSensor;
    // Scene files hold 16-bit filters, Box2D's width.
    fixtureDef.filter.categoryBits = static_cast<std::uint16_t>(shape.filter.categoryBits);
    fixtureDef.filter.maskBits = static_cast<std::uint16_t>(shape.filter.maskBits);
    fixtureDef.filter.groupIndex = static_cast<std::int16_t>(shape.filter.groupIndex);
    fixtureDef.userData.pointer = static_cast<std::uintptr_t>(index);
    body->CreateFixture(&fixtureDef);
}

template <typename B2JointDef>
b2Joint* create(b2World& world, B2JointDef& def, bool collideConnected)
{
    def.collideConnected = collideConnected;
    return world.CreateJoint(&def);
}

// Each scene joint through Box2D 2.4's Initialize helper, which takes world anchors and axes at the
// bodies' current (initial) pose, as the scene gives them, and measures angles and translations from
// that pose, as oblique does. The rest of each definition follows the scene.
b2Joint* createJoint(b2World& world, b2Body* a, b2Body* b, bool collideConnected, const RevoluteJointDef& def)
{
    b2RevoluteJointDef jd;
    jd.Initialize(a, b, toB2(def.anchor));
    jd.enableLimit = def.enableLimit;
    jd.lowerAngle = def.lowerAngle;
    jd.upperAngle = def.upperAngle;
    jd.enableMotor = def.enableMotor;
    jd.motorSpeed = def.motorSpeed;
    jd.maxMotorTorque = def.maxMotorTorque;
    return create(world, jd, collideConnected);
}

b2Joint* createJoint(b2World& world, b2Body* a, b2Body* b, bool collideConnected,
                     const PrismaticJointDef& def)
{
    b2PrismaticJointDef jd;
    jd.Initialize(a, b, toB2(def.anchor), toB2(def.axis));
    jd.enableLimit = def.enableLimit;
    jd.lowerTranslation = def.lower;
    jd.upperTranslation = def.upper;
    jd.enableMotor = def.enableMotor;
    jd.motorSpeed = def.motorSpeed;
    jd.maxMotorForce = def.maxMotorForce;
    return create(world, jd, collideConnected);
}

b2Joint* createJoint(b2World& world, b2Body* a, b2Body* b, bool collideConnected, const DistanceJointDef& def)
{
    b2DistanceJointDef jd;
    jd.Initialize(a, b, toB2(def.anchorA), toB2(def.anchorB));
    // Initialize makes a rod of the anchors' distance; the scene's length and range replace it,
    // with oblique's defaults filled in. Box2D has no infinity here: its largest float stands in.
    const DistanceRange range = distanceRangeOf(def);
    jd.length = range.length;
    jd.minLength = range.minLength;
    jd.maxLength = range.maxLength <= FLT_MAX ? range.maxLength : FLT_MAX;
    // Box2D 2.4 takes a spring as stiffness and damping; its own conversion keeps the frequency.
    b2LinearStiffness(jd.stiffness, jd.damping, def.hertz, def.dampingRatio, a, b);
    return create(world, jd, collideConnected);
}

b2Joint* createJoint(b2World& world, b2Body* a, b2Body* b, bool collideConnected, const WeldJointDef& def)
{
    b2WeldJointDef jd;
    jd.Initialize(a, b, toB2(def.anchor));
    // Stiffness 0 is a rigid weld in Box2D 2.4, as hertz 0 is here.
    b2AngularStiffness(jd.stiffness, jd.damping, def.hertz, def.dampingRatio, a, b);
    return create(world, jd, collideConnected);
}

b2Joint* createJoint(b2World& world, b2Body* a, b2Body* b, bool collideConnected, const WheelJointDef& def)
{
    b2WheelJointDef jd;
    jd.Initialize(a, b, toB2(def.anchor), toB2(def.axis));
    b2LinearStiffness(jd.stiffness, jd.damping, def.hertz, def.dampingRatio, a, b);
    jd.enableMotor = def.enableMotor;
    jd.motorSpeed = def.motorSpeed;
    jd.maxMotorTorque = def.maxMotorTorque;
    jd.enableLimit = def.enableLimit;
    jd.lowerTranslation = def.lower;
    jd.upperTranslation = def.upper;
    return create(world, jd, collideConnected);
}

b2Joint* createJoint(b2World& world, b2Body* a, b2Body* b, bool collideConnected, const MotorJointDef& def)
{
    b2MotorJointDef jd;
    // Initialize takes the offsets as the bodies are placed, the scene's default.
    jd.Initialize(a, b);
    if (def.linearOffset)
    {
        jd.linearOffset = toB2(*def.linearOffset);
    }
    if (def.angularOffset)
    {
        jd.angularOffset = *def.angularOffset;
    }
    jd.maxForce = def.maxForce;
    jd.maxTorque = def.maxTorque;
    jd.correctionFactor = def.correctionFactor;
    return create(world, jd, collideConnected);
}

} // namespace

// Surface speed and one-way platforms as the scene format defines them, applied to each touching
// contact before Box2D solves it.
class Box2dWorld::SurfaceRules final : public b2ContactListener
{
public:
    explicit SurfaceRules(const Scene& scene)
    {
        for (const SceneBody& body : scene.bodies)
        {
            m_shapes.push_back(shapeDefsOf(body));
        }
    }

    void PreSolve(b2Contact* contact, const b2Manifold* oldManifold) override
    {
        const ShapeDef& a = shapeOf(contact->GetFixtureA());
        const ShapeDef& b = shapeOf(contact->GetFixtureB());
        // Box2D 2.4 subtracts the tangent speed from B's sliding speed against A along
        // (n.y, -n.x), as oblique does: -(sA + sB) for surfaces moving counter-clockwise.
        contact->SetTangentSpeed(0.0f - (a.surfaceSpeed + b.surfaceSpeed));
        if (a.oneWay == Vec2{} && b.oneWay == Vec2{})
        {
            return;
        }
        // Decided when the shapes start touching, kept while they touch.
        if (oldManifold->pointCount == 0)
        {
            m_ignored[contact] = !holds(contact, a, b);
        }
        if (m_ignored[contact])
        {
            contact->SetEnabled(false);
        }
    }

private:
    const ShapeDef& shapeOf(b2Fixture* fixture) const
    {
        return m_shapes[static_cast<std::size_t>(sceneIndex(fixture))]
                       [static_cast<std::size_t>(shapeIndex(fixture))];
    }

    static bool holds(b2Contact* contact, const ShapeDef& a, const ShapeDef& b)
    {
        constexpr float kCos45 = 0.70710678f;
        b2WorldManifold wm;
        contact->GetWorldManifold(&wm);
        const b2Rot& qa = contact->GetFixtureA()->GetBody()->GetTransform().q;
        const b2Rot& qb = contact->GetFixtureB()->GetBody()->GetTransform().q;
        const bool aHolds = a.oneWay == Vec2{} || b2Dot(wm.normal, b2Mul(qa, toB2(a.oneWay))) >= kCos45;
        const bool bHolds = b.oneWay == Vec2{} || b2Dot(-wm.normal, b2Mul(qb, toB2(b.oneWay))) >= kCos45;
        return aHolds && bHolds;
    }

    std::vector<std::vector<ShapeDef>> m_shapes;
    std::unordered_map<const b2Contact*, bool> m_ignored;
};

Box2dWorld::Box2dWorld(const Scene& scene)
    : m_rules(std::make_unique<SurfaceRules>(scene)),
      m_world(std::make_unique<b2World>(toB2(scene.world.gravity))), m_timeStep(scene.world.timeStep),
      m_velocityIterations(scene.world.velocityIterations),
      m_positionIterations(scene.world.positionIterations)
{
    m_world->SetAllowSleeping(scene.world.allowSleep);
    m_world->SetContactListener(m_rules.get());
    m_bodies.reserve(scene.bodies.size());

    for (std::size_t i = 0; i < scene.bodies.size(); ++i)
    {
        const SceneBody& sb = scene.bodies[i];

        b2BodyDef bodyDef;
        bodyDef.type = toB2(sb.type);
        bodyDef.position = toB2(sb.position);
        bodyDef.angle = sb.angle;
        bodyDef.linearVelocity = toB2(sb.linearVelocity);
        bodyDef.angularVelocity = sb.angularVelocity;
        bodyDef.linearDamping = sb.linearDamping;
        bodyDef.angularDamping = sb.angularDamping;
        bodyDef.gravityScale = sb.gravityScale;
        bodyDef.fixedRotation = sb.fixedRotation;
        bodyDef.userData.pointer = static_cast<std::uintptr_t>(i);
        b2Body* body = m_world->CreateBody(&bodyDef);

        const std::vector<ShapeDef> shapes = shapeDefsOf(sb);
        for (std::size_t k = 0; k < shapes.size(); ++k)
        {
            addFixture(body, shapes[k], static_cast<int>(k), scene.world.restitutionThreshold);
        }
        m_shapeCounts.push_back(static_cast<int>(shapes.size()));
        m_bodies.push_back(body);
    }

    // After the bodies, whose masses the spring conversions need.
    const std::vector<std::pair<std::size_t, std::size_t>> ends = jointBodiesOf(scene);
    m_joints.reserve(scene.joints.size());
    for (std::size_t i = 0; i < scene.joints.size(); ++i)
    {
        b2Body* a = m_bodies[ends[i].first];
        b2Body* b = m_bodies[ends[i].second];
        const SceneJoint& joint = scene.joints[i];
        m_joints.push_back(std::visit([&](const auto& def)
                                      { return createJoint(*m_world, a, b, joint.collideConnected, def); },
                                      joint.params));
    }
}

Box2dWorld::~Box2dWorld() = default;

void Box2dWorld::step()
{
    m_world->Step(m_timeStep, m_velocityIterations, m_positionIterations);
    ++m_stepCount;
}

std::vector<PairContact> Box2dWorld::collide()
{
    // A zero time step creates and updates contacts but leaves the solver and continuous
    // collision out, so no body moves.
    m_world->Step(0.0f, m_velocityIterations, m_positionIterations);
    return contacts();
}

std::vector<PairContact> Box2dWorld::contacts() const
{
    std::vector<PairContact> result;
    for (b2Contact* c = m_world->GetContactList(); c != nullptr; c = c->GetNext())
    {
        // Sensors report overlaps, never contacts.
        if (!c->IsTouching() || c->GetFixtureA()->IsSensor() || c->GetFixtureB()->IsSensor())
        {
            continue;
        }
        const int count = c->GetManifold()->pointCount;
        b2WorldManifold wm;
        c->GetWorldManifold(&wm);

        PairContact pc;
        pc.a = sceneIndex(c->GetFixtureA());
        pc.b = sceneIndex(c->GetFixtureB());
        pc.shapeA = shapeIndex(c->GetFixtureA());
        pc.shapeB = shapeIndex(c->GetFixtureB());
        pc.showShapes = m_shapeCounts[static_cast<std::size_t>(pc.a)] > 1 ||
                        m_shapeCounts[static_cast<std::size_t>(pc.b)] > 1;
        pc.normal = fromB2(wm.normal);
        // Box2D orders the fixtures by proxy id, and puts the polygon first in polygon-circle
        // pairs; scene order wants the lower index first and the normal pointing away from it.
        if (pc.a > pc.b)
        {
            std::swap(pc.a, pc.b);
            std::swap(pc.shapeA, pc.shapeB);
            pc.normal = -pc.normal;
        }
        for (int k = 0; k < count; ++k)
        {
            pc.points.push_back({fromB2(wm.points[k]), wm.separations[k]});
        }
        result.push_back(std::move(pc));
    }
    sortByPair(result);
    return result;
}

BodyState Box2dWorld::bodyState(int index) const
{
    const b2Body& b = body(index);
    return {fromB2(b.GetPosition()), b.GetAngle(), fromB2(b.GetLinearVelocity()), b.GetAngularVelocity(),
            b.IsAwake()};
}

} // namespace oblique::compare
