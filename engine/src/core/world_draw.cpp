// The world drawn through DebugDraw, one switchable layer at a time.

#include "joint_draw.hpp"
#include "world_state.hpp"

namespace oblique
{

using namespace detail;

namespace
{

constexpr Color kStaticColor{0.5f, 0.9f, 0.5f, 1.0f};
constexpr Color kKinematicColor{0.5f, 0.5f, 0.9f, 1.0f};
constexpr Color kAwakeColor{0.9f, 0.7f, 0.7f, 1.0f};
constexpr Color kSleepingColor{0.6f, 0.6f, 0.6f, 1.0f};
constexpr Color kDisabledColor{0.4f, 0.45f, 0.5f, 0.6f};
constexpr Color kSensorColor{0.9f, 0.9f, 0.3f, 1.0f};
constexpr Color kAabbColor{0.9f, 0.3f, 0.9f, 1.0f};
constexpr Color kTreeColor{0.4f, 0.4f, 0.9f, 0.5f};
constexpr Color kPointColor{0.9f, 0.2f, 0.2f, 1.0f};
constexpr Color kNormalColor{0.3f, 0.9f, 0.3f, 1.0f};
constexpr Color kImpulseColor{0.9f, 0.9f, 0.2f, 1.0f};

// Metres drawn per unit of impulse (N*s), so a box resting on the ground shows a short stalk.
constexpr float kImpulseScale = 0.1f;
constexpr float kNormalLength = 0.3f;

Color shapeColor(const ShapeRecord& shape, const BodyRecord& r)
{
    // Dim whatever its type, as Box2D v3 draws a disabled body: it is there, but out of play.
    if (!r.enabled)
    {
        return kDisabledColor;
    }
    if (shape.def.isSensor)
    {
        return kSensorColor;
    }
    switch (r.type)
    {
    case BodyType::Static:
        return kStaticColor;
    case BodyType::Kinematic:
        return kKinematicColor;
    case BodyType::Dynamic:
        break;
    }
    return r.awake ? kAwakeColor : kSleepingColor;
}

void drawBox(DebugDraw& d, const Aabb& a, Color c)
{
    const Vec2 v[4] = {a.lower, {a.upper.x, a.lower.y}, a.upper, {a.lower.x, a.upper.y}};
    d.drawPolygon(v, c);
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
                drawBox(d, w.tree.fatAabb(shape.proxyId), kAabbColor);
            }
        }
        if (options.centers)
        {
            d.drawTransform({s.position, s.q});
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
                drawBox(d, node.aabb, kTreeColor);
            }
        }
    }

    if (options.contactPoints || options.contactNormals || options.contactImpulses)
    {
        for (const Contact& c : w.contacts)
        {
            if (!isTouchingSolid(c))
            {
                continue;
            }
            const Manifold m = touchingPart(c.manifold);
            for (int j = 0; j < m.pointCount; ++j)
            {
                const Vec2 p = m.points[j].point;
                if (options.contactPoints)
                {
                    d.drawPoint(p, 5.0f, kPointColor);
                }
                if (options.contactNormals)
                {
                    d.drawSegment(p, p + kNormalLength * m.normal, kNormalColor);
                }
                if (options.contactImpulses)
                {
                    d.drawSegment(p, p + (kImpulseScale * c.normalImpulse[j]) * m.normal, kImpulseColor);
                }
            }
        }
    }
}

} // namespace oblique
