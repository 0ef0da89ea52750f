#include "body_inspector.hpp"

#include "oblique/obb.hpp"

#include <array>
#include <cmath>
#include <cstdio>

namespace oblique::sandbox
{

namespace
{

constexpr float kDegreesPerRadian = 57.29578f;

// One line of the inspector, printf-style (no line is near the buffer's length).
template <typename... Args>
std::string line(const char* pattern, Args... args)
{
    char text[200];
    std::snprintf(text, sizeof text, pattern, args...);
    return text;
}

double d(float value)
{
    return static_cast<double>(value);
}

// Indexed by the enumerations' values.
constexpr std::array<const char*, 3> kBodyTypeLabels{"static", "kinematic", "dynamic"};
constexpr std::array<const char*, 7> kJointTypeLabels{"revolute", "distance", "prismatic", "weld",
                                                      "wheel",    "motor",    "mouse"};

const char* typeLabel(BodyType type)
{
    return kBodyTypeLabels.at(static_cast<std::size_t>(type));
}

const char* jointLabel(JointType type)
{
    return kJointTypeLabels.at(static_cast<std::size_t>(type));
}

// A dynamic body sleeps or is awake; the others neither move by themselves nor sleep.
const char* motionLabel(const World& world, BodyId id)
{
    if (!world.isEnabled(id))
    {
        return "disabled";
    }
    if (world.bodyType(id) == BodyType::Static)
    {
        return "fixed";
    }
    return world.isAwake(id) ? "awake" : "sleeping";
}

std::string shapeLine(const ShapeDef& s)
{
    std::string text = s.kind == ShapeKind::Box
                           ? line("  box %.3g x %.3g m", d(2.0f * s.halfExtents.x), d(2.0f * s.halfExtents.y))
                           : line("  circle r %.3g m", d(s.radius));
    if (s.offset.x != 0.0f || s.offset.y != 0.0f || s.angle != 0.0f)
    {
        text +=
            line(" at (%.3g, %.3g) %.3g deg", d(s.offset.x), d(s.offset.y), d(s.angle * kDegreesPerRadian));
    }
    text += line(", friction %.3g, restitution %.3g, density %.3g", d(s.friction), d(s.restitution),
                 d(s.density));
    if (s.isSensor)
    {
        text += ", sensor";
    }
    const Filter plain;
    if (s.filter.categoryBits != plain.categoryBits || s.filter.maskBits != plain.maskBits ||
        s.filter.groupIndex != plain.groupIndex)
    {
        text += line(", filter category 0x%x mask 0x%x group %d", s.filter.categoryBits, s.filter.maskBits,
                     s.filter.groupIndex);
    }
    return text;
}

// "  ground, normal (0, 1): 0.0833 / -0.0001 N s, 0.0833 / 0.0001 N s": each point's normal and
// tangent impulse, the normal pointing away from the inspected body.
std::string contactLine(const ContactInfo& c, BodyId id, const BodyNames& names)
{
    const bool first = c.a == id;
    const float sign = first ? 1.0f : -1.0f;
    const Vec2 n = sign * c.manifold.normal;
    std::string text =
        line("  %s, normal (%.2f, %.2f):", names.name(first ? c.b : c.a).c_str(), d(n.x), d(n.y));
    for (int i = 0; i < c.manifold.pointCount; ++i)
    {
        text +=
            line("%s %.3g / %.3g", i == 0 ? "" : ",", d(c.normalImpulses[i]), d(sign * c.tangentImpulses[i]));
    }
    return text + " N s";
}

} // namespace

int BodyNames::sceneIndex(BodyId id) const
{
    for (std::size_t i = 0; i < m_bodies.size(); ++i)
    {
        if (m_bodies[i] == id)
        {
            return static_cast<int>(i);
        }
    }
    return -1;
}

std::string BodyNames::name(BodyId id) const
{
    const int index = sceneIndex(id);
    if (index < 0)
    {
        return "world body " + std::to_string(id.index);
    }
    const auto i = static_cast<std::size_t>(index);
    if (m_scene != nullptr && i < m_scene->bodies.size() && !m_scene->bodies[i].name.empty())
    {
        return m_scene->bodies[i].name;
    }
    return "body " + std::to_string(index);
}

BodyId BodyNames::find(std::string_view name) const
{
    for (const BodyId id : m_bodies)
    {
        if (this->name(id) == name)
        {
            return id;
        }
    }
    return {};
}

BodyId bodyAt(const World& world, Vec2 point)
{
    QueryFilter filter;
    filter.sensors = true;
    BodyId best;
    const auto rank = [&world](BodyId id) { return static_cast<int>(world.bodyType(id)); };
    for (const ShapeRef& hit : world.overlapPoint(point, filter))
    {
        const BodyId id = hit.body;
        if (isNull(best) || rank(id) > rank(best) || (rank(id) == rank(best) && id.index > best.index))
        {
            best = id;
        }
    }
    return best;
}

std::vector<std::string> describeBody(const World& world, BodyId id, const BodyNames& names)
{
    std::vector<std::string> lines;
    lines.push_back(
        line("%s: %s, %s", names.name(id).c_str(), typeLabel(world.bodyType(id)), motionLabel(world, id)));
    lines.push_back(line("mass %.4g kg, inertia %.4g kg m^2", d(world.mass(id)), d(world.inertia(id))));
    const Vec2 p = world.position(id);
    lines.push_back(line("position (%.3f, %.3f) m, angle %.1f deg", d(p.x), d(p.y),
                         d(world.angle(id) * kDegreesPerRadian)));
    const Vec2 v = world.linearVelocity(id);
    lines.push_back(
        line("velocity (%.3f, %.3f) m/s, spin %.3f rad/s", d(v.x), d(v.y), d(world.angularVelocity(id))));

    const std::vector<ShapeId> shapes = world.shapes(id);
    lines.push_back(line("shapes: %zu", shapes.size()));
    for (const ShapeId shape : shapes)
    {
        lines.push_back(shapeLine(world.shape(shape)));
    }

    const std::vector<ContactInfo> contacts = world.contacts(id);
    lines.push_back(line("contacts: %zu (normal / tangent impulse per point)", contacts.size()));
    for (const ContactInfo& c : contacts)
    {
        lines.push_back(contactLine(c, id, names));
    }

    const std::vector<JointId> joints = world.joints(id);
    lines.push_back(line("joints: %zu", joints.size()));
    for (const JointId joint : joints)
    {
        const BodyId a = world.jointBodyA(joint);
        const BodyId other = a == id ? world.jointBodyB(joint) : a;
        lines.push_back(line("  %s with %s", jointLabel(world.jointType(joint)), names.name(other).c_str()));
    }
    return lines;
}

void outlineBody(const World& world, BodyId id, DebugDraw& drawer, Color color)
{
    for (const ShapeId shape : world.shapes(id))
    {
        if (world.shape(shape).kind == ShapeKind::Box)
        {
            const auto corners = oblique::corners(world.obb(shape));
            drawer.drawPolygon(corners, color);
        }
        else
        {
            const Circle c = world.circle(shape);
            drawer.drawCircle(c.center, c.radius, color);
        }
    }
}

BodyId BodyInspector::selected(const World& world)
{
    if (!isNull(m_selected) && !world.isValid(m_selected))
    {
        m_selected = {};
    }
    return m_selected;
}

} // namespace oblique::sandbox
