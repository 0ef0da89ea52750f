#include "mouse_tools.hpp"

#include "oblique/obb.hpp"
#include "oblique/shape.hpp"

#include <algorithm>
#include <cmath>

namespace oblique::sandbox
{

namespace
{

constexpr Color kSpringColor{1.0f, 0.85f, 0.3f, 1.0f};
constexpr Color kSelectionColor{1.0f, 0.6f, 0.1f, 1.0f};
constexpr float kRotateSpeed = 1.5f; // rad/s while Q or E is held
constexpr float kScaleStep = 1.1f;
constexpr float kBombRadius = 0.3f;
constexpr float kBombDensity = 20.0f;
constexpr float kBombSpeed = 45.0f; // m/s along the straight line, before gravity's correction

bool shiftOrControl(const Input& input)
{
    return input.isKeyDown(Key::LShift) || input.isKeyDown(Key::RShift) || input.isKeyDown(Key::LControl) ||
           input.isKeyDown(Key::RControl);
}

} // namespace

void MouseTools::reset()
{
    m_drag = {};
    m_selected = {};
    m_movingSelected = false;
}

BodyId MouseTools::pick(const World& world, Vec2 point, BodyType type) const
{
    QueryFilter filter;
    filter.staticBodies = type == BodyType::Static;
    filter.kinematicBodies = type == BodyType::Kinematic;
    filter.dynamicBodies = type == BodyType::Dynamic;
    // The world draws bodies in slot order, so the highest slot is the one seen on top.
    BodyId best;
    for (const ShapeRef& hit : world.overlapPoint(point, filter))
    {
        const BodyId id = hit.body;
        if (isNull(best) || id.index > best.index)
        {
            best = id;
        }
    }
    return best;
}

ToolResult MouseTools::handleInput(World& world, std::vector<BodyId>& bodies, const Input& input,
                                   const Camera2D& camera, float dt, bool mouseFree, bool keyboardFree,
                                   bool missedLeftPress)
{
    ToolResult result;
    const Vec2 cursor = input.mouseWorld(camera);
    m_target = cursor;
    if (!isNull(m_drag) && !world.isValid(m_drag))
    {
        m_drag = {};
    }
    if (!isNull(m_selected) && !world.isValid(m_selected))
    {
        m_selected = {};
        m_movingSelected = false;
    }

    if (mouseFree && (input.wasButtonPressed(MouseButton::Left) || missedLeftPress))
    {
        if (const BodyId body = pick(world, cursor, BodyType::Dynamic); !isNull(body))
        {
            m_drag = body;
            m_grabLocal = invTransformPoint(world.transform(body), cursor);
        }
        else if (const BodyId fixed = pick(world, cursor, BodyType::Static); !isNull(fixed))
        {
            m_selected = fixed;
            m_movingSelected = true;
            m_moveOffset = world.position(fixed) - cursor;
        }
        else
        {
            m_selected = {};
        }
    }
    if (!input.isButtonDown(MouseButton::Left))
    {
        m_drag = {};
        m_movingSelected = false;
    }
    if (!isNull(m_drag))
    {
        result.edited = true;
    }
    if (m_movingSelected && !isNull(m_selected) && lengthSquared(input.mouseDelta()) > 0.0f)
    {
        world.setTransform(m_selected, cursor + m_moveOffset, world.angle(m_selected));
        wakeAround(world, m_selected);
        result.edited = true;
    }

    if (mouseFree && !isNull(m_selected) && input.wheelDelta() != 0.0f && shiftOrControl(input))
    {
        scaleSelected(world, std::pow(kScaleStep, input.wheelDelta()));
        result.usedWheel = true;
        result.edited = true;
    }

    if (!keyboardFree)
    {
        return result;
    }
    if (input.wasKeyPressed(Key::B))
    {
        spawnBox(world, bodies, cursor);
        result.edited = true;
    }
    if (input.wasKeyPressed(Key::C))
    {
        spawnCircle(world, bodies, cursor);
        result.edited = true;
    }
    if (input.wasKeyPressed(Key::X))
    {
        throwBomb(world, bodies, cursor, camera.visibleBounds());
        result.edited = true;
    }
    if (!isNull(m_selected))
    {
        const float turn = (input.isKeyDown(Key::Q) ? 1.0f : 0.0f) - (input.isKeyDown(Key::E) ? 1.0f : 0.0f);
        if (turn != 0.0f && dt > 0.0f)
        {
            rotateSelected(world, turn * kRotateSpeed * dt);
            result.edited = true;
        }
        if (input.wasKeyPressed(Key::Equal) || input.wasKeyPressed(Key::Add))
        {
            scaleSelected(world, kScaleStep);
            result.edited = true;
        }
        if (input.wasKeyPressed(Key::Minus) || input.wasKeyPressed(Key::Subtract))
        {
            scaleSelected(world, 1.0f / kScaleStep);
            result.edited = true;
        }
    }
    return result;
}

void MouseTools::applySpring(World& world, float dt)
{
    if (isNull(m_drag) || !world.isValid(m_drag) || world.bodyType(m_drag) != BodyType::Dynamic)
    {
        return;
    }
    // An explicit spring is stable while stiffness * dt^2 and damping * dt stay small; a scene with
    // a long time step gets a softer spring rather than a jittering one.
    SpringParams params = m_spring;
    if (dt > 0.0f)
    {
        const float maxOmega = 0.5f / dt;
        if (params.stiffness > maxOmega * maxOmega)
        {
            params.stiffness = maxOmega * maxOmega;
            params.damping = 1.4f * maxOmega;
        }
    }
    const Transform xf = world.transform(m_drag);
    const Vec2 point = transformPoint(xf, m_grabLocal);
    const Vec2 force =
        springForce(world.mass(m_drag), world.inertia(m_drag), xf.p, world.linearVelocity(m_drag),
                    world.angularVelocity(m_drag), point, m_target, params);
    world.applyForce(m_drag, force, point);
    // The spring holds the grabbed point but leaves the body free to turn about it, and a force
    // fixed for a whole step while the body turns through its substeps feeds that turning: a body
    // held by a corner could wind up into a spin. A light angular damping while it is held keeps
    // it a pendulum (the engine's own mouse joint will hold the point inside the solver instead).
    constexpr float kHeldAngularDamping = 2.0f; // 1/s
    world.applyTorque(m_drag, -kHeldAngularDamping * world.inertia(m_drag) * world.angularVelocity(m_drag));
}

void MouseTools::draw(const World& world, DebugDraw& drawer) const
{
    if (!isNull(m_drag) && world.isValid(m_drag))
    {
        const Vec2 point = transformPoint(world.transform(m_drag), m_grabLocal);
        drawer.drawSegment(point, m_target, kSpringColor);
        drawer.drawPoint(point, 6.0f, kSpringColor);
        drawer.drawPoint(m_target, 4.0f, kSpringColor);
    }
    if (!isNull(m_selected) && world.isValid(m_selected))
    {
        for (const ShapeId shape : world.shapes(m_selected))
        {
            if (world.shape(shape).kind == ShapeKind::Box)
            {
                const auto corners = oblique::corners(world.obb(shape));
                drawer.drawPolygon(corners, kSelectionColor);
            }
            else
            {
                const Circle c = world.circle(shape);
                drawer.drawCircle(c.center, c.radius, kSelectionColor);
            }
        }
        drawer.drawPoint(world.position(m_selected), 5.0f, kSelectionColor);
    }
}

BodyId MouseTools::spawnBox(World& world, std::vector<BodyId>& bodies, Vec2 at)
{
    BodyDef def;
    def.position = at;
    const BodyId id = world.createBody(def, boxShape({0.5f, 0.5f}));
    bodies.push_back(id);
    return id;
}

BodyId MouseTools::spawnCircle(World& world, std::vector<BodyId>& bodies, Vec2 at)
{
    BodyDef def;
    def.position = at;
    const BodyId id = world.createBody(def, circleShape(0.5f));
    bodies.push_back(id);
    return id;
}

BodyId MouseTools::throwBomb(World& world, std::vector<BodyId>& bodies, Vec2 target, const Aabb& visible)
{
    const Vec2 start = bombStart(visible, target);
    const float flightTime = std::clamp(distance(start, target) / kBombSpeed, 0.2f, 1.5f);
    BodyDef def;
    def.position = start;
    def.linearVelocity = ballisticVelocity(start, target, world.settings().gravity, flightTime);
    ShapeDef shape = circleShape(kBombRadius);
    shape.density = kBombDensity;
    const BodyId id = world.createBody(def, shape);
    bodies.push_back(id);
    return id;
}

void MouseTools::rotateSelected(World& world, float angle)
{
    if (isNull(m_selected) || !world.isValid(m_selected))
    {
        return;
    }
    world.setTransform(m_selected, world.position(m_selected), world.angle(m_selected) + angle);
    wakeAround(world, m_selected);
}

void MouseTools::scaleSelected(World& world, float factor)
{
    if (isNull(m_selected) || !world.isValid(m_selected) || !(factor > 0.0f))
    {
        return;
    }
    // Every shape grows, and moves out from the origin with it, so a body of several keeps its form.
    const auto scale = [factor](float v) { return std::clamp(v * factor, 0.05f, 1000.0f); };
    for (const ShapeId id : world.shapes(m_selected))
    {
        ShapeDef shape = world.shape(id);
        shape.halfExtents = {scale(shape.halfExtents.x), scale(shape.halfExtents.y)};
        shape.radius = scale(shape.radius);
        shape.offset = factor * shape.offset;
        world.setShape(id, shape);
    }
    wakeAround(world, m_selected);
}

// A static body moved or grown into sleeping bodies would otherwise leave them asleep inside it.
void MouseTools::wakeAround(World& world, BodyId id) const
{
    QueryFilter filter;
    filter.staticBodies = false;
    filter.kinematicBodies = false;
    for (const ShapeRef& other : world.queryAabb(inflate(world.aabb(id), 0.1f), filter))
    {
        world.setAwake(other.body, true);
    }
}

} // namespace oblique::sandbox
