#include "mouse_tools.hpp"

#include "body_inspector.hpp"
#include "oblique/shape.hpp"
#include "sandbox_math.hpp"

#include <algorithm>
#include <cmath>

namespace oblique::sandbox
{

namespace
{

constexpr Color kDragColor{1.0f, 0.85f, 0.3f, 1.0f};
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
    m_dragJoint = {};
    m_dragAnchor = {};
    m_selected = {};
    m_movingSelected = false;
}

// Box2D 2.4's testbed caps its mouse joint at 1000 N per kilogram, a hundred weights at g = 10: a
// hand that lifts the body and whatever hangs from it with ease, but whose pull on a body pinned
// under a pile or held by stiff joints stays finite, so dragging it does not blast through what
// holds it. The same share of the weight here, from the world's gravity, with a floor so bodies in
// a weightless scene can still be dragged. At 5 Hz the joint reaches the cap about a metre from
// the cursor (a hundred weights over a stiffness of (2 pi 5)^2 times the mass).
float MouseTools::dragForce(const World& world, float mass)
{
    const float gravity = std::max(length(world.settings().gravity), kDragReferenceGravity);
    return kDragWeights * (mass > 0.0f ? mass : 1.0f) * gravity;
}

// The joint hangs from a static body: only its B is pulled, so A just has to be one that never
// moves. The scene's first enabled static body serves (the joint lets the two still collide, so
// a box dragged along the ground it hangs from stays on top of it). A scene without one gets a
// static body of the tools' own, without shapes, at the grab point: it touches nothing, and it is
// kept out of the app's list of the scene's bodies, so the Box2D comparison's body indices, the
// readouts and saving never see it; releasing destroys it.
void MouseTools::startDrag(World& world, BodyId body, Vec2 at)
{
    BodyId hangFrom;
    for (const BodyId id : world.bodies())
    {
        if (world.bodyType(id) == BodyType::Static && world.isEnabled(id))
        {
            hangFrom = id;
            break;
        }
    }
    if (isNull(hangFrom))
    {
        BodyDef anchor;
        anchor.type = BodyType::Static;
        anchor.position = at;
        m_dragAnchor = world.createBody(anchor);
        hangFrom = m_dragAnchor;
    }
    JointDef def;
    def.bodyA = hangFrom;
    def.bodyB = body;
    def.collideConnected = true;
    MouseJointDef mouse;
    mouse.target = at;
    mouse.hertz = kDragHertz;
    mouse.dampingRatio = kDragDampingRatio;
    mouse.maxForce = dragForce(world, world.mass(body));
    def.params = mouse;
    m_dragJoint = world.createJoint(def);
    m_drag = body;
    m_target = at;
}

void MouseTools::endDrag(World& world)
{
    if (world.isValid(m_dragJoint))
    {
        world.destroyJoint(m_dragJoint);
    }
    if (world.isValid(m_dragAnchor))
    {
        world.destroyBody(m_dragAnchor);
    }
    m_drag = {};
    m_dragJoint = {};
    m_dragAnchor = {};
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
    // The scene may have destroyed the body, or the static body the joint hangs from (which takes
    // the joint with it).
    if (!isNull(m_drag) && (!world.isValid(m_drag) || !world.isValid(m_dragJoint)))
    {
        endDrag(world);
    }
    if (!isNull(m_selected) && !world.isValid(m_selected))
    {
        m_selected = {};
        m_movingSelected = false;
    }

    if (mouseFree && (input.wasButtonPressed(MouseButton::Left) || missedLeftPress))
    {
        result.clicked = true;
        result.clickedBody = bodyAt(world, cursor);
        if (const BodyId body = pick(world, cursor, BodyType::Dynamic); !isNull(body))
        {
            endDrag(world);
            startDrag(world, body, cursor);
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
        if (!isNull(m_drag))
        {
            endDrag(world);
        }
        m_movingSelected = false;
    }
    if (!isNull(m_drag))
    {
        // The cursor moves with the mouse and with the camera (panned or zoomed while dragging).
        if (cursor.x != m_target.x || cursor.y != m_target.y)
        {
            world.setMouseTarget(m_dragJoint, cursor);
            m_target = cursor;
        }
        result.edited = true;
        result.action = "drag";
    }
    if (m_movingSelected && !isNull(m_selected) && lengthSquared(input.mouseDelta()) > 0.0f)
    {
        world.setTransform(m_selected, cursor + m_moveOffset, world.angle(m_selected));
        wakeAround(world, m_selected);
        result.edited = true;
        result.action = "move";
    }

    if (mouseFree && !isNull(m_selected) && input.wheelDelta() != 0.0f && shiftOrControl(input))
    {
        scaleSelected(world, std::pow(kScaleStep, input.wheelDelta()));
        result.usedWheel = true;
        result.edited = true;
        result.action = "resize";
    }

    if (!keyboardFree)
    {
        return result;
    }
    if (input.wasKeyPressed(Key::B))
    {
        spawnBox(world, bodies, cursor);
        result.edited = true;
        result.action = "spawn box";
    }
    if (input.wasKeyPressed(Key::C))
    {
        spawnCircle(world, bodies, cursor);
        result.edited = true;
        result.action = "spawn circle";
    }
    if (input.wasKeyPressed(Key::X))
    {
        throwBomb(world, bodies, cursor, camera.visibleBounds());
        result.edited = true;
        result.action = "bomb";
    }
    if (!isNull(m_selected))
    {
        const float turn = (input.isKeyDown(Key::Q) ? 1.0f : 0.0f) - (input.isKeyDown(Key::E) ? 1.0f : 0.0f);
        if (turn != 0.0f && dt > 0.0f)
        {
            rotateSelected(world, turn * kRotateSpeed * dt);
            result.edited = true;
            result.action = "turn";
        }
        if (input.wasKeyPressed(Key::Equal) || input.wasKeyPressed(Key::Add))
        {
            scaleSelected(world, kScaleStep);
            result.edited = true;
            result.action = "resize";
        }
        if (input.wasKeyPressed(Key::Minus) || input.wasKeyPressed(Key::Subtract))
        {
            scaleSelected(world, 1.0f / kScaleStep);
            result.edited = true;
            result.action = "resize";
        }
    }
    return result;
}

void MouseTools::draw(const World& world, DebugDraw& drawer, bool drawDrag) const
{
    if (drawDrag && world.isValid(m_dragJoint))
    {
        const Vec2 point = world.jointAnchorB(m_dragJoint);
        drawer.drawSegment(point, m_target, kDragColor);
        drawer.drawPoint(point, 6.0f, kDragColor);
        drawer.drawPoint(m_target, 4.0f, kDragColor);
    }
    if (!isNull(m_selected) && world.isValid(m_selected))
    {
        outlineBody(world, m_selected, drawer, kSelectionColor);
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
