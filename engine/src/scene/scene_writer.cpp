#include "oblique/scene.hpp"
#include "oblique/scene_world.hpp"
#include "scene_fields.hpp"
#include "scene_joints.hpp"
#include "scene_rules.hpp"
#include "scene_text.hpp"

#include <array>
#include <bit>
#include <cerrno>
#include <cstdint>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>

namespace oblique
{

namespace scene_detail
{

namespace
{

std::string formatVec2(Vec2 v)
{
    // Appended piece by piece: GCC 12 at -O3 misreads the chained operator+ as an overlapping
    // copy (-Wrestrict false positive).
    std::string out = "[";
    out += formatFloat(v.x);
    out += ", ";
    out += formatFloat(v.y);
    out += "]";
    return out;
}

/// Builds pretty-printed JSON one member per line, with [x, y] pairs kept on one line.
class JsonWriter
{
public:
    void openObject(std::string_view key = {}) { open(key, '{'); }
    void openArray(std::string_view key = {}) { open(key, '['); }
    void closeObject() { close('}'); }
    void closeArray() { close(']'); }

    /// A member whose value is already JSON text.
    void rawMember(std::string_view key, std::string_view json)
    {
        startItem();
        m_out += jsonQuoted(key);
        m_out += ": ";
        m_out += json;
    }
    void member(std::string_view key, float value) { rawMember(key, formatFloat(value)); }
    void member(std::string_view key, Vec2 value) { rawMember(key, formatVec2(value)); }
    void member(std::string_view key, int value) { rawMember(key, std::to_string(value)); }
    void member(std::string_view key, bool value) { rawMember(key, value ? "true" : "false"); }
    void stringMember(std::string_view key, std::string_view value) { rawMember(key, jsonQuoted(value)); }

    std::string take()
    {
        m_out += '\n';
        return std::move(m_out);
    }

private:
    void startItem()
    {
        if (m_depth == 0)
        {
            return;
        }
        if (!m_empty)
        {
            m_out += ',';
        }
        m_out += '\n';
        m_out.append(2 * m_depth, ' ');
        m_empty = false;
    }

    void open(std::string_view key, char bracket)
    {
        startItem();
        if (!key.empty())
        {
            m_out += jsonQuoted(key);
            m_out += ": ";
        }
        m_out += bracket;
        ++m_depth;
        m_empty = true;
    }

    void close(char bracket)
    {
        --m_depth;
        if (!m_empty)
        {
            m_out += '\n';
            m_out.append(2 * m_depth, ' ');
        }
        m_out += bracket;
        m_empty = false;
    }

    std::string m_out;
    std::size_t m_depth = 0;
    bool m_empty = true; ///< nothing written yet in the innermost object or array
};

/// Writes a scene as the text of a scene file, walking the field table, and checks each value on
/// the way: a scene that loading would refuse or change is not written, and the first value at
/// fault is named by its JSON path.
class SceneWriter
{
public:
    explicit SceneWriter(const Scene& scene) : m_scene(scene), m_version(usesFormat2(scene) ? 2 : 1) {}

    std::string write()
    {
        const Owners<true> owners{.scene = &m_scene, .world = &m_scene.world};
        m_out.openObject();
        writeObject(place::root, owners);
        m_out.closeObject();
        return m_out.take();
    }

private:
    void writeObject(Places object, const Owners<true>& owners);
    bool isWritten(const FieldSpec& field, Places object, const Owners<true>& owners) const;
    void writeField(const FieldSpec& field, const Owners<true>& owners);
    void writeBody(const SceneBody& body);
    void writeShapes(const SceneBody& body);
    void writeJoint(const SceneJoint& joint);
    void writeBodyRef(const FieldSpec& field, const Owners<true>& owners);
    void checkShapeKind(ShapeKind kind);
    template <typename Enum>
    void writeSpelling(const FieldSpec& field, const Owners<true>& owners)
    {
        const std::string_view name = spellingOf(valueOf<Enum>(field, owners));
        if (name.empty())
        {
            refuse(field.key, "is not " + std::string(Spellings<Enum>::what));
        }
        m_out.stringMember(field.key, name);
    }
    std::string wholeText(const FieldSpec& field, const Owners<true>& owners);
    std::string filterText(const Owners<true>& owners);

    /// Refuses the scene, naming `key` (and `index` in it) inside the object being written.
    [[noreturn]] void refuse(std::string_view key, std::string_view message,
                             std::optional<std::size_t> index = std::nullopt) const
    {
        std::string path = m_path;
        if (!key.empty())
        {
            appendPathKey(path, key);
        }
        if (index)
        {
            appendPathIndex(path, *index);
        }
        throw std::invalid_argument("scene cannot be saved: " + path + ": " + std::string(message));
    }

    /// Enters a member of the object being written for the rest of the scope, for error paths.
    class PathScope
    {
    public:
        PathScope(std::string& path, std::string_view key, std::optional<std::size_t> index = std::nullopt)
            : m_path(path), m_saved(path)
        {
            appendPathKey(m_path, key);
            if (index)
            {
                appendPathIndex(m_path, *index);
            }
        }
        ~PathScope() { m_path = std::move(m_saved); }
        PathScope(const PathScope&) = delete;
        PathScope& operator=(const PathScope&) = delete;

    private:
        std::string& m_path;
        std::string m_saved;
    };

    const Scene& m_scene;
    int m_version;
    JsonWriter m_out;
    std::string m_path;                   ///< the JSON path of the object being written
    std::optional<BodyNames> m_bodyNames; ///< made for the first joint
};

/// Whether loading `direction` gives back the same bits: loading normalises directions.
bool loadsUnchanged(Vec2 direction)
{
    const std::optional<Vec2> unit = normalisedDirection(direction);
    const auto same = [](float a, float b)
    { return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b); };
    return unit && same(unit->x, direction.x) && same(unit->y, direction.y);
}

void SceneWriter::writeObject(Places object, const Owners<true>& owners)
{
    for (const FieldSpec& field : fields)
    {
        if ((field.places & object) != 0 && isWritten(field, object, owners))
        {
            writeField(field, owners);
        }
    }
}

bool SceneWriter::isWritten(const FieldSpec& field, Places object, const Owners<true>& owners) const
{
    if (field.format > m_version)
    {
        return false;
    }
    switch (field.kind)
    {
    case Kind::Joints:
        return !m_scene.joints.empty();
    // Left out, they load back as they are: none.
    case Kind::OptionalNumber:
        return valueOf<std::optional<float>>(field, owners).has_value();
    case Kind::OptionalVec2:
        return valueOf<std::optional<Vec2>>(field, owners).has_value();
    default:
        break;
    }
    // Body and shape keys are written only with their owners at hand.
    const bool hasShapes = owners.body != nullptr && !owners.body->shapes.empty();
    if (field.kind == Kind::Shapes)
    {
        return hasShapes;
    }
    // A shape key given on the body itself, for the shorthand's one shape.
    const bool shorthandKey = object == place::bodyObject && (field.places & place::shorthand) != 0;
    if (shorthandKey && hasShapes)
    {
        return false;
    }
    const ShapeKind kind = owners.shape != nullptr ? owners.shape->kind : ShapeKind::Box;
    switch (field.role)
    {
    case ShapeRole::MakesBox:
    case ShapeRole::BoxOnly:
        return kind == ShapeKind::Box;
    case ShapeRole::MakesCircle:
        return kind == ShapeKind::Circle;
    case ShapeRole::Any:
        break;
    }
    // [0, 0] is no direction at all, and a file cannot say it; a direction the file needs is
    // written all the same, to be refused.
    if (field.kind == Kind::Direction && !field.required && valueOf<Vec2>(field, owners) == Vec2{})
    {
        return false;
    }
    // The shorthand's format-2 keys are written only when they say something: a body that does not
    // use them reads as it did in format 1.
    if (shorthandKey && field.format > 1)
    {
        const ShapeDef defaults;
        const Owners<true> defaultOwners{.shape = &defaults, .filter = &defaults.filter};
        return !sameValue(field, owners, defaultOwners);
    }
    return true;
}

void SceneWriter::writeField(const FieldSpec& field, const Owners<true>& owners)
{
    switch (field.kind)
    {
    case Kind::Format:
        m_out.stringMember(field.key, formatTag(m_version));
        return;
    case Kind::String:
    {
        const std::string& text = valueOf<std::string>(field, owners);
        if (findInvalidUtf8(text))
        {
            refuse(field.key, "is not valid UTF-8");
        }
        m_out.stringMember(field.key, text);
        return;
    }
    case Kind::BodyType:
        writeSpelling<BodyType>(field, owners);
        return;
    case Kind::Solver:
        writeSpelling<Solver>(field, owners);
        return;
    case Kind::Number:
    case Kind::OptionalNumber:
    {
        const float value = field.kind == Kind::Number ? valueOf<float>(field, owners)
                                                       : *valueOf<std::optional<float>>(field, owners);
        if (const auto broken = checkFloat(field.rule, value))
        {
            refuse(field.key, *broken);
        }
        m_out.member(field.key, value);
        return;
    }
    case Kind::Integer:
    case Kind::Bits:
    case Kind::Mask:
        m_out.rawMember(field.key, wholeText(field, owners));
        return;
    case Kind::Boolean:
        m_out.member(field.key, valueOf<bool>(field, owners));
        return;
    case Kind::Vec2:
    case Kind::Direction:
    case Kind::OptionalVec2:
    {
        const Vec2 value = field.kind == Kind::OptionalVec2 ? *valueOf<std::optional<Vec2>>(field, owners)
                                                            : valueOf<Vec2>(field, owners);
        const std::array<float, 2> components{value.x, value.y};
        for (std::size_t i = 0; i < components.size(); ++i)
        {
            if (const auto broken = checkFloat(field.rule, components[i]))
            {
                refuse(field.key, *broken, i);
            }
        }
        if (field.kind == Kind::Direction && !loadsUnchanged(value))
        {
            refuse(field.key, field.required
                                  ? "must have length 1: loading would normalise it"
                                  : "must have length 1 (or be [0, 0] for none): loading would normalise it");
        }
        m_out.member(field.key, value);
        return;
    }
    case Kind::World:
    {
        const PathScope scope(m_path, field.key);
        m_out.openObject(field.key);
        writeObject(place::world, owners);
        m_out.closeObject();
        return;
    }
    case Kind::Bodies:
        m_out.openArray(field.key);
        for (std::size_t i = 0; i < m_scene.bodies.size(); ++i)
        {
            const PathScope scope(m_path, field.key, i);
            writeBody(m_scene.bodies[i]);
        }
        m_out.closeArray();
        return;
    case Kind::Shapes:
        writeShapes(*owners.body);
        return;
    case Kind::Filter:
        m_out.rawMember(field.key, filterText(owners));
        return;
    case Kind::Joints:
        m_out.openArray(field.key);
        for (std::size_t i = 0; i < m_scene.joints.size(); ++i)
        {
            const PathScope scope(m_path, field.key, i);
            writeJoint(m_scene.joints[i]);
        }
        m_out.closeArray();
        return;
    case Kind::JointType:
        // Only joint objects have a type, and they are written with their joint at hand.
        if (owners.joint != nullptr)
        {
            m_out.stringMember(field.key, spellingOf(jointTypeOf(*owners.joint)));
            return;
        }
        break;
    case Kind::BodyRef:
        writeBodyRef(field, owners);
        return;
    }
    throw std::logic_error("scene writer: " + std::string(field.key) + " cannot be written");
}

void SceneWriter::checkShapeKind(ShapeKind kind)
{
    if (kind != ShapeKind::Box && kind != ShapeKind::Circle)
    {
        refuse({}, "has a shape that is neither a box nor a circle");
    }
}

void SceneWriter::writeBody(const SceneBody& body)
{
    const ShapeDef shorthand = shapeDefOf(body);
    if (body.shapes.empty())
    {
        checkShapeKind(shorthand.kind);
    }
    const Owners<true> owners{.scene = &m_scene,
                              .world = &m_scene.world,
                              .body = &body,
                              .shape = &shorthand,
                              .filter = &shorthand.filter};
    m_out.openObject();
    writeObject(place::bodyObject, owners);
    m_out.closeObject();
    if (auto broken = checkBodyConsistency(body))
    {
        refuse(broken->key, broken->message);
    }
}

void SceneWriter::writeShapes(const SceneBody& body)
{
    m_out.openArray(keys::shapes);
    for (std::size_t i = 0; i < body.shapes.size(); ++i)
    {
        const PathScope scope(m_path, keys::shapes, i);
        const ShapeDef& shape = body.shapes[i];
        checkShapeKind(shape.kind);
        const Owners<true> owners{.body = &body, .shape = &shape, .filter = &shape.filter};
        m_out.openObject();
        writeObject(place::shape, owners);
        m_out.closeObject();
    }
    m_out.closeArray();
}

void SceneWriter::writeJoint(const SceneJoint& joint)
{
    const Owners<true> owners{.scene = &m_scene, .world = &m_scene.world, .joint = &joint};
    m_out.openObject();
    writeObject(place::jointObject(jointTypeOf(joint)), owners);
    m_out.closeObject();
    if (!m_bodyNames)
    {
        m_bodyNames.emplace(m_scene.bodies);
    }
    if (auto broken = jointEndsOf(m_scene.bodies, *m_bodyNames, joint).broken)
    {
        refuse(broken->key, broken->message);
    }
    if (auto broken = checkJointParams(joint))
    {
        refuse(broken->key, broken->message);
    }
}

void SceneWriter::writeBodyRef(const FieldSpec& field, const Owners<true>& owners)
{
    const SceneBodyRef& ref = valueOf<SceneBodyRef>(field, owners);
    if (const int* index = std::get_if<int>(&ref))
    {
        if (const auto broken = checkInt(field.rule, *index))
        {
            refuse(field.key, *broken);
        }
        m_out.member(field.key, *index);
        return;
    }
    const std::string& name = std::get<std::string>(ref);
    if (findInvalidUtf8(name))
    {
        refuse(field.key, "is not valid UTF-8");
    }
    // An empty name is refused with the joint's other references (jointEndsOf).
    m_out.stringMember(field.key, name);
}

std::string SceneWriter::wholeText(const FieldSpec& field, const Owners<true>& owners)
{
    if (field.kind == Kind::Integer)
    {
        const int value = valueOf<int>(field, owners);
        if (const auto broken = checkInt(field.rule, value))
        {
            refuse(field.key, *broken);
        }
        return std::to_string(value);
    }
    const std::uint32_t bits = valueOf<std::uint32_t>(field, owners);
    const std::uint32_t written = field.kind == Kind::Mask ? maskToFile(bits) : bits;
    if (written > 0xFFFFu)
    {
        refuse(field.key, "has bits beyond the 16 a scene file can name");
    }
    if (field.kind == Kind::Mask && maskFromFile(written) != bits)
    {
        refuse(field.key, "cannot be written: 65535 in a scene file means every category (all 32 bits)");
    }
    return std::to_string(written);
}

std::string SceneWriter::filterText(const Owners<true>& owners)
{
    const PathScope scope(m_path, keys::filter);
    // One line, like an [x, y] pair: the three numbers make one setting.
    std::string text = "{";
    for (const FieldSpec& field : fields)
    {
        if ((field.places & place::filter) == 0)
        {
            continue;
        }
        if (text.size() > 1)
        {
            text += ", ";
        }
        text += jsonQuoted(field.key);
        text += ": ";
        text += wholeText(field, owners);
    }
    text += "}";
    return text;
}

} // namespace

} // namespace scene_detail

std::string toSceneJson(const Scene& scene)
{
    return scene_detail::SceneWriter(scene).write();
}

void saveScene(const Scene& scene, const std::filesystem::path& file)
{
    const std::string text = toSceneJson(scene);
    const auto failure = [&](std::string_view what)
    {
        const int code = errno;
        std::string message = file.string() + ": " + std::string(what);
        if (code != 0)
        {
            message += ": " + std::generic_category().message(code);
        }
        return std::runtime_error(message);
    };
    errno = 0;
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    if (!out)
    {
        throw failure("cannot open for writing");
    }
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.close();
    if (!out)
    {
        throw failure("cannot write");
    }
}

} // namespace oblique
