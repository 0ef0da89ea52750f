// The world drawn through DebugDraw, one switchable layer at a time, in the palette's colours.

#include "constraint_graph.hpp"
#include "joint_draw.hpp"
#include "oblique/draw_palette.hpp"
#include "world_state.hpp"

namespace oblique
{

using namespace detail;

namespace
{

static_assert(palette::graphColors.size() == static_cast<std::size_t>(kGraphColors),
              "the palette needs one colour per constraint graph colour");

// Metres drawn per unit of impulse (N*s), so a box resting on the ground shows a short stalk.
constexpr float kImpulseScale = 0.1f;
constexpr float kNormalLength = 0.3f;
// Big enough that the colours of a pile's contacts read at a glance over its shapes.
constexpr float kGraphPointPixels = 9.0f;

Color shapeColor(const ShapeRecord& shape, const BodyRecord& r)
{
    // Dim whatever its type, as Box2D v3 draws a disabled body: it is there, but out of play.
    if (!r.enabled)
    {
        return palette::disabledBody;
    }
    if (shape.def.isSensor)
    {
        return palette::sensorShape;
    }
    switch (r.type)
    {
    case BodyType::Static:
        return palette::staticBody;
    case BodyType::Kinematic:
        return palette::kinematicBody;
    case BodyType::Dynamic:
        break;
    }
    return r.awake ? palette::awakeBody : palette::sleepingBody;
}

void drawBox(DebugDraw& d, const Aabb& a, Color c)
{
    const Vec2 v[4] = {a.lower, {a.upper.x, a.lower.y}, a.upper, {a.lower.x, a.upper.y}};
    d.drawPolygon(v, c);
}

// The colour the constraint graph gave the contact, as the graph-colours layer shows it.
Color graphColorOf(const GraphPlace& place)
{
    if (place.color == kOverflow)
    {
        return palette::graphOverflow;
    }
    if (place.color >= 0 && place.color < kGraphColors)
    {
        return palette::graphColors[static_cast<std::size_t>(place.color)];
    }
    return palette::graphUncoloured;
}

// One touching contact's layers. Its points are read from the whole manifold, skipping the
// speculative ones, so each keeps the impulses stored at its own index.
void drawContact(DebugDraw& d, const Contact& c, const GraphPlace& place, const DrawOptions& options)
{
    const Manifold& m = c.manifold;
    const Vec2 tangent{m.normal.y, -m.normal.x}; // as the solvers take it
    for (int j = 0; j < m.pointCount; ++j)
    {
        if (m.points[j].separation > kTouchingDistance)
        {
            continue;
        }
        const Vec2 p = m.points[j].point;
        if (options.graphColors)
        {
            d.drawPoint(p, kGraphPointPixels, graphColorOf(place));
        }
        if (options.contactPoints)
        {
            d.drawPoint(p, 5.0f, palette::contactPoint);
        }
        if (options.contactNormals)
        {
            d.drawSegment(p, p + kNormalLength * m.normal, palette::contactNormal);
        }
        if (options.contactImpulses)
        {
            d.drawSegment(p, p + (kImpulseScale * c.normalImpulse[j]) * m.normal, palette::normalImpulse);
        }
        if (options.frictionImpulses)
        {
            d.drawSegment(p, p + (kImpulseScale * c.tangentImpulse[j]) * tangent, palette::frictionImpulse);
        }
    }
}

} // namespace

void World::draw(DebugDraw& d, const DrawOptions& options) const
{
    const WorldState& w = *m_impl;
    for (std::uint32_t i = 0; i < w.records.size(); ++i)
    {
        const BodyRecord& r = w.records[i];
        if (!r.alive)
        {
            continue;
        }
        const BodyState& s = w.states[i];
        for (std::int32_t k = r.shapeHead; k != kNullIndex; k = w.shapes[static_cast<std::size_t>(k)].next)
        {
            const ShapeRecord& shape = w.shapes[static_cast<std::size_t>(k)];
            if (options.shapes)
            {
                drawSolid(d, w.geometry(static_cast<std::uint32_t>(k)), xAxis(s.q), shapeColor(shape, r));
            }
            if (options.aabbs && shape.proxyId != kNullNode) // a disabled body's shapes have none
            {
                drawBox(d, w.tree.fatAabb(shape.proxyId), palette::fatAabb);
            }
        }
        if (options.centers)
        {
            d.drawTransform({s.center, s.q}); // where it turns about, with its axes
        }
    }

    if (options.joints)
    {
        drawJoints(w, d);
    }

    if (options.broadphase)
    {
        for (const TreeNode& node : w.tree.nodes())
        {
            if (node.height > 0)
            {
                drawBox(d, node.aabb, palette::treeNode);
            }
        }
    }

    if (options.contactPoints || options.contactNormals || options.contactImpulses ||
        options.frictionImpulses || options.graphColors)
    {
        for (std::size_t i = 0; i < w.contacts.size(); ++i)
        {
            if (isTouchingSolid(w.contacts[i]))
            {
                drawContact(d, w.contacts[i], w.graphPlaces[i], options);
            }
        }
    }
}

} // namespace oblique
