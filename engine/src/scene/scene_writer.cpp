#include "oblique/scene.hpp"
#include "scene_rules.hpp"
#include "scene_text.hpp"

#include <array>
#include <cerrno>
#include <charconv>
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

/// The shortest decimal that reads back as exactly `value`.
std::string formatFloat(float value)
{
    std::array<char, 32> buffer{};
    const auto result = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    std::string text(buffer.data(), result.ptr);
    // "-0" is a JSON integer and would read back as +0; a fraction keeps the sign.
    if (text == "-0")
    {
        text = "-0.0";
    }
    return text;
}

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

/// A value that cannot be saved: its JSON path and why.
struct SaveProblem
{
    std::string path;
    std::string message;
};

class SceneChecker
{
public:
    /// The first value of `scene` that a scene file could not hold or that loading would refuse.
    std::optional<SaveProblem> check(const Scene& scene)
    {
        text(keys::name, scene.name);
        const SceneWorld& world = scene.world;
        m_prefix = keys::world;
        vec2(keys::gravity, world.gravity, Rule::Finite);
        number(keys::timeStep, world.timeStep, Rule::Positive);
        integer(keys::velocityIterations, world.velocityIterations, Rule::AtLeastOne);
        integer(keys::positionIterations, world.positionIterations, Rule::NonNegative);
        number(keys::restitutionThreshold, world.restitutionThreshold, Rule::NonNegative);
        for (std::size_t i = 0; i < scene.bodies.size() && !m_problem; ++i)
        {
            const SceneBody& body = scene.bodies[i];
            m_prefix = std::string(keys::bodies);
            appendPathIndex(m_prefix, i);
            text(keys::name, body.name);
            if (bodyTypeName(body.type).empty())
            {
                report(keys::type, "is not a body type");
            }
            vec2(keys::position, body.position, Rule::Finite);
            number(keys::angle, body.angle, Rule::Finite);
            if (body.shape == ShapeKind::Box)
            {
                vec2(keys::halfExtents, body.halfExtents, Rule::Positive);
            }
            else if (body.shape == ShapeKind::Circle)
            {
                number(keys::radius, body.radius, Rule::Positive);
            }
            else
            {
                report({}, "has a shape that is neither a box nor a circle");
            }
            number(keys::density, body.density, Rule::NonNegative);
            number(keys::friction, body.friction, Rule::NonNegative);
            number(keys::restitution, body.restitution, Rule::UnitInterval);
            vec2(keys::linearVelocity, body.linearVelocity, Rule::Finite);
            number(keys::angularVelocity, body.angularVelocity, Rule::Finite);
            number(keys::linearDamping, body.linearDamping, Rule::NonNegative);
            number(keys::angularDamping, body.angularDamping, Rule::NonNegative);
            number(keys::gravityScale, body.gravityScale, Rule::Finite);
            if (auto broken = checkBodyConsistency(body))
            {
                report(broken->key, std::move(broken->message));
            }
        }
        return m_problem;
    }

private:
    void report(std::string_view key, std::string message, std::optional<std::size_t> index = std::nullopt)
    {
        if (m_problem)
        {
            return;
        }
        std::string path = m_prefix;
        if (!key.empty())
        {
            appendPathKey(path, key);
        }
        if (index)
        {
            appendPathIndex(path, *index);
        }
        m_problem = SaveProblem{std::move(path), std::move(message)};
    }

    void text(std::string_view key, const std::string& value)
    {
        if (findInvalidUtf8(value))
        {
            report(key, "is not valid UTF-8");
        }
    }

    void number(std::string_view key, float value, Rule rule)
    {
        if (const auto broken = checkFloat(rule, value))
        {
            report(key, std::string(*broken));
        }
    }

    void integer(std::string_view key, int value, Rule rule)
    {
        if (const auto broken = checkInt(rule, value))
        {
            report(key, std::string(*broken));
        }
    }

    void vec2(std::string_view key, Vec2 value, Rule rule)
    {
        const std::array<float, 2> components{value.x, value.y};
        for (std::size_t i = 0; i < components.size(); ++i)
        {
            if (const auto broken = checkFloat(rule, components[i]))
            {
                report(key, std::string(*broken), i);
            }
        }
    }

    std::string m_prefix;
    std::optional<SaveProblem> m_problem;
};

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

} // namespace

} // namespace scene_detail

std::string toSceneJson(const Scene& scene)
{
    using namespace scene_detail;

    if (auto problem = SceneChecker().check(scene))
    {
        throw std::invalid_argument("scene cannot be saved: " + problem->path + ": " + problem->message);
    }

    JsonWriter out;
    out.openObject();
    out.stringMember(keys::format, formatTag);
    out.stringMember(keys::name, scene.name);

    const SceneWorld& world = scene.world;
    out.openObject(keys::world);
    out.member(keys::gravity, world.gravity);
    out.member(keys::timeStep, world.timeStep);
    out.member(keys::velocityIterations, world.velocityIterations);
    out.member(keys::positionIterations, world.positionIterations);
    out.member(keys::allowSleep, world.allowSleep);
    out.member(keys::restitutionThreshold, world.restitutionThreshold);
    out.closeObject();

    out.openArray(keys::bodies);
    for (const SceneBody& body : scene.bodies)
    {
        out.openObject();
        out.stringMember(keys::name, body.name);
        out.stringMember(keys::type, bodyTypeName(body.type));
        out.member(keys::position, body.position);
        out.member(keys::angle, body.angle);
        if (body.shape == ShapeKind::Box)
        {
            out.member(keys::halfExtents, body.halfExtents);
        }
        else
        {
            out.member(keys::radius, body.radius);
        }
        out.member(keys::density, body.density);
        out.member(keys::friction, body.friction);
        out.member(keys::restitution, body.restitution);
        out.member(keys::linearVelocity, body.linearVelocity);
        out.member(keys::angularVelocity, body.angularVelocity);
        out.member(keys::linearDamping, body.linearDamping);
        out.member(keys::angularDamping, body.angularDamping);
        out.member(keys::gravityScale, body.gravityScale);
        out.member(keys::fixedRotation, body.fixedRotation);
        out.closeObject();
    }
    out.closeArray();
    out.closeObject();
    return out.take();
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
