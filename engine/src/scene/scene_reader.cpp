#include "scene_reader.hpp"

#include "scene_rules.hpp"
#include "scene_text.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <stdexcept>
#include <system_error>
#include <utility>
#include <vector>

namespace oblique
{

namespace
{

std::string composeWhat(const std::string& file, const std::string& jsonPath, const std::string& message)
{
    std::string what = file;
    what += ": ";
    if (!jsonPath.empty())
    {
        what += jsonPath;
        what += ": ";
    }
    what += message;
    return what;
}

} // namespace

SceneError::SceneError(std::string file, std::string jsonPath, std::string message)
    : std::runtime_error(composeWhat(file, jsonPath, message)), m_file(std::move(file)),
      m_jsonPath(std::move(jsonPath)), m_message(std::move(message))
{
}

namespace scene_detail
{

namespace
{

using Json = nlohmann::json;

[[noreturn]] void fail(const std::string& file, std::string jsonPath, std::string message)
{
    throw SceneError(file, std::move(jsonPath), std::move(message));
}

std::string describeBytes(std::size_t bytes)
{
    constexpr std::array<std::pair<std::size_t, std::string_view>, 3> units{{
        {std::size_t{1} << 30, " GiB"},
        {std::size_t{1} << 20, " MiB"},
        {std::size_t{1} << 10, " KiB"},
    }};
    for (const auto& [size, suffix] : units)
    {
        if (bytes >= size && bytes % size == 0)
        {
            return std::to_string(bytes / size) + std::string(suffix);
        }
    }
    return std::to_string(bytes) + " bytes";
}

std::string lineColumn(std::string_view text, std::size_t offset)
{
    const TextPosition position = positionAt(text, offset);
    return "line " + std::to_string(position.line) + ", column " + std::to_string(position.column);
}

/// Turns a parse error from the JSON parser into the one-line message users see.
[[noreturn]] void failSyntax(const std::string& file, std::string_view text, std::size_t charsRead,
                             const Json::exception& error)
{
    // The parser counts the character it stopped at as read.
    const std::size_t offset = charsRead > 0 ? charsRead - 1 : 0;
    if (offset >= text.size())
    {
        fail(file, {},
             "invalid JSON: unexpected end of file at " + lineColumn(text, offset) +
                 " (the file is truncated, or a bracket or quote is not closed)");
    }
    // The parser's message reads "[json.exception.parse_error.101] parse error at line L, column C:
    // DETAIL"; keep only DETAIL, since the position is reported in characters here.
    std::string_view detail = error.what();
    const std::size_t columnAt = detail.find("column ");
    const std::size_t colonAt = columnAt == std::string_view::npos ? columnAt : detail.find(": ", columnAt);
    if (colonAt != std::string_view::npos)
    {
        detail.remove_prefix(colonAt + 2);
    }
    // The parser quotes the token it was reading, which may be a whole long string.
    constexpr std::size_t maxDetail = 200;
    std::string shortened(detail.substr(0, maxDetail));
    if (detail.size() > maxDetail)
    {
        while (!shortened.empty() && (static_cast<unsigned char>(shortened.back()) & 0xC0u) == 0x80u)
        {
            shortened.pop_back();
        }
        if (!shortened.empty())
        {
            shortened.pop_back();
        }
        shortened += "...";
    }
    fail(file, {}, "invalid JSON at " + lineColumn(text, offset) + ": " + shortened);
}

/// Follows the parser through the document so that any error can name its JSON path.
class PathTracker
{
public:
    std::size_t depth() const { return m_frames.size(); }
    bool insideArray() const { return !m_frames.empty() && m_frames.back().isArray; }
    /// Index of the current element of the innermost array.
    std::size_t index() const { return m_frames.back().index; }
    /// The key last read in the innermost object.
    const std::string& key() const { return m_frames.back().key; }

    void enter(bool isArray) { m_frames.push_back(Frame{isArray, 0, {}}); }
    void leave()
    {
        m_frames.pop_back();
        valueDone();
    }
    void setKey(std::string key) { m_frames.back().key = std::move(key); }
    void valueDone()
    {
        if (insideArray())
        {
            ++m_frames.back().index;
        }
    }

    /// The path of the value being read: the innermost key or array element.
    std::string valuePath() const { return pathOf(m_frames.size()); }
    /// The path of the innermost open object or array.
    std::string containerPath() const { return pathOf(m_frames.size() - 1); }
    /// The path of `key` inside the innermost open object.
    std::string memberPath(std::string_view key) const
    {
        std::string path = containerPath();
        appendPathKey(path, key);
        return path;
    }

private:
    struct Frame
    {
        bool isArray = false;
        std::size_t index = 0;
        std::string key;
    };

    std::string pathOf(std::size_t frameCount) const
    {
        std::string path;
        for (std::size_t i = 0; i < frameCount; ++i)
        {
            const Frame& frame = m_frames[i];
            if (frame.isArray)
            {
                appendPathIndex(path, frame.index);
            }
            else
            {
                appendPathKey(path, frame.key);
            }
        }
        return path;
    }

    std::vector<Frame> m_frames;
};

/// What kind of JSON value the parser delivered, for messages such as "must be a number, not null".
enum class Found : std::uint8_t
{
    Null,
    Boolean,
    Number,
    String,
    Array,
    Object,
    Binary,
};

std::string_view describe(Found found)
{
    switch (found)
    {
    case Found::Null:
        return "null";
    case Found::Boolean:
        return "a boolean";
    case Found::Number:
        return "a number";
    case Found::String:
        return "a string";
    case Found::Array:
        return "an array";
    case Found::Object:
        return "an object";
    case Found::Binary:
        return "binary data";
    }
    return "a value";
}

/// First pass over the text. It checks the JSON syntax of the whole file, enforces the nesting limit
/// and notes the top-level value and `format`, so that a broken file is reported as broken (not by
/// whatever key happens to come first) and a file of another format is named as such.
class SyntaxPass
{
public:
    struct FormatValue
    {
        Found found = Found::Null;
        std::string text;
    };

    SyntaxPass(const std::string& file, std::string_view text, std::size_t maxDepth)
        : m_file(file), m_text(text), m_maxDepth(maxDepth)
    {
    }

    bool null() { return scalar(Found::Null); }
    bool boolean(bool /*value*/) { return scalar(Found::Boolean); }
    bool number_integer(Json::number_integer_t /*value*/) { return scalar(Found::Number); }
    bool number_unsigned(Json::number_unsigned_t /*value*/) { return scalar(Found::Number); }
    bool number_float(Json::number_float_t /*value*/, const Json::string_t& /*raw*/)
    {
        return scalar(Found::Number);
    }
    bool string(Json::string_t& value) { return scalar(Found::String, &value); }
    bool binary(Json::binary_t& /*value*/) { return scalar(Found::Binary); }
    bool start_object(std::size_t /*size*/) { return open(false); }
    bool start_array(std::size_t /*size*/) { return open(true); }
    bool key(Json::string_t& key)
    {
        m_path.setKey(key);
        return true;
    }
    bool end_object()
    {
        m_path.leave();
        return true;
    }
    bool end_array()
    {
        m_path.leave();
        return true;
    }
    bool parse_error(std::size_t charsRead, const std::string& /*lastToken*/, const Json::exception& error)
    {
        // 406: a number too large even for a double. It is a range error in a known place, not a
        // syntax error, so it gets the path like any other out-of-range number.
        if (error.id == 406)
        {
            fail(m_file, m_path.valuePath(), "is out of range for a 32-bit float");
        }
        failSyntax(m_file, m_text, charsRead, error);
    }

    std::optional<Found> root() const { return m_root; }
    const std::optional<FormatValue>& format() const { return m_format; }

private:
    bool scalar(Found found, const std::string* text = nullptr)
    {
        note(found, text);
        m_path.valueDone();
        return true;
    }

    bool open(bool isArray)
    {
        note(isArray ? Found::Array : Found::Object, nullptr);
        // The parser itself does not recurse, but every later stage is simpler for knowing the
        // depth is bounded, and no scene needs more than four levels.
        if (m_path.depth() >= m_maxDepth)
        {
            fail(m_file, m_path.valuePath(),
                 "nesting is deeper than " + std::to_string(m_maxDepth) + " levels");
        }
        m_path.enter(isArray);
        return true;
    }

    void note(Found found, const std::string* text)
    {
        if (m_path.depth() == 0)
        {
            m_root = found;
        }
        else if (m_path.depth() == 1 && !m_path.insideArray() && m_path.key() == keys::format && !m_format)
        {
            m_format = FormatValue{found, text != nullptr ? *text : std::string()};
        }
    }

    const std::string& m_file;
    std::string_view m_text;
    std::size_t m_maxDepth;
    PathTracker m_path;
    std::optional<Found> m_root;
    std::optional<FormatValue> m_format;
};

/// What the value in a given place must be.
enum class Expect : std::uint8_t
{
    String,
    Number,
    Integer,
    Boolean,
    Vec2,
    WorldObject,
    BodyArray,
    BodyObject,
};

std::string_view describe(Expect expect)
{
    switch (expect)
    {
    case Expect::String:
        return "a string";
    case Expect::Number:
        return "a number";
    case Expect::Integer:
        return "an integer";
    case Expect::Boolean:
        return "true or false";
    case Expect::Vec2:
        return "an array of 2 numbers";
    case Expect::WorldObject:
    case Expect::BodyObject:
        return "an object";
    case Expect::BodyArray:
        return "an array";
    }
    return "a value";
}

/// Every value the format knows, across all objects.
enum class Field : std::uint8_t
{
    None,
    Format,
    SceneName,
    World,
    Bodies,
    Gravity,
    TimeStep,
    VelocityIterations,
    PositionIterations,
    AllowSleep,
    RestitutionThreshold,
    BodyName,
    Type,
    Position,
    Angle,
    HalfExtents,
    Radius,
    Density,
    Friction,
    Restitution,
    LinearVelocity,
    AngularVelocity,
    LinearDamping,
    AngularDamping,
    GravityScale,
    FixedRotation,
};

struct FieldSpec
{
    std::string_view key;
    Field field = Field::None;
    Expect expect = Expect::Number;
    Rule rule = Rule::Finite;
    bool required = false;
};

constexpr std::array rootFields{
    FieldSpec{keys::format, Field::Format, Expect::String, Rule::Finite, true},
    FieldSpec{keys::name, Field::SceneName, Expect::String},
    FieldSpec{keys::world, Field::World, Expect::WorldObject},
    FieldSpec{keys::bodies, Field::Bodies, Expect::BodyArray, Rule::Finite, true},
};

constexpr std::array worldFields{
    FieldSpec{keys::gravity, Field::Gravity, Expect::Vec2, Rule::Finite},
    FieldSpec{keys::timeStep, Field::TimeStep, Expect::Number, Rule::Positive},
    FieldSpec{keys::velocityIterations, Field::VelocityIterations, Expect::Integer, Rule::AtLeastOne},
    FieldSpec{keys::positionIterations, Field::PositionIterations, Expect::Integer, Rule::NonNegative},
    FieldSpec{keys::allowSleep, Field::AllowSleep, Expect::Boolean},
    FieldSpec{keys::restitutionThreshold, Field::RestitutionThreshold, Expect::Number, Rule::NonNegative},
};

constexpr std::array bodyFields{
    FieldSpec{keys::name, Field::BodyName, Expect::String},
    FieldSpec{keys::type, Field::Type, Expect::String},
    FieldSpec{keys::position, Field::Position, Expect::Vec2, Rule::Finite, true},
    FieldSpec{keys::angle, Field::Angle, Expect::Number, Rule::Finite},
    FieldSpec{keys::halfExtents, Field::HalfExtents, Expect::Vec2, Rule::Positive},
    FieldSpec{keys::radius, Field::Radius, Expect::Number, Rule::Positive},
    FieldSpec{keys::density, Field::Density, Expect::Number, Rule::NonNegative},
    FieldSpec{keys::friction, Field::Friction, Expect::Number, Rule::NonNegative},
    FieldSpec{keys::restitution, Field::Restitution, Expect::Number, Rule::UnitInterval},
    FieldSpec{keys::linearVelocity, Field::LinearVelocity, Expect::Vec2, Rule::Finite},
    FieldSpec{keys::angularVelocity, Field::AngularVelocity, Expect::Number, Rule::Finite},
    FieldSpec{keys::linearDamping, Field::LinearDamping, Expect::Number, Rule::NonNegative},
    FieldSpec{keys::angularDamping, Field::AngularDamping, Expect::Number, Rule::NonNegative},
    FieldSpec{keys::gravityScale, Field::GravityScale, Expect::Number, Rule::Finite},
    FieldSpec{keys::fixedRotation, Field::FixedRotation, Expect::Boolean},
};

static_assert(bodyFields.size() <= 32, "seen-key masks are 32 bits wide");

/// A JSON number as read, with its 32-bit float value.
struct Number
{
    double value = 0.0;
    float asFloat = 0.0f;
    bool fitsFloat = true; ///< false when it is beyond the float range
};

Number integerNumber(std::int64_t value)
{
    // Integer-to-float conversion rounds to nearest and cannot overflow from 64 bits.
    return {static_cast<double>(value), static_cast<float>(value), true};
}

Number unsignedNumber(std::uint64_t value)
{
    return {static_cast<double>(value), static_cast<float>(value), true};
}

Number floatNumber(double value, std::string_view raw)
{
    // Converting the decimal text straight to float rounds once; going through the double would
    // round twice and could land one ulp off, breaking exact round trips.
    std::string digits(raw);
    for (char& c : digits)
    {
        // The parser writes the C locale's decimal point into the token; accept any.
        const bool numeric = (c >= '0' && c <= '9') || c == 'e' || c == 'E' || c == '+' || c == '-';
        if (!numeric)
        {
            c = '.';
        }
    }
    float converted = 0.0f;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), converted);
    if (error == std::errc() && end == digits.data() + digits.size())
    {
        return {value, converted, true};
    }
    if (error == std::errc::result_out_of_range)
    {
        // Out of range is either past the largest float or below the smallest subnormal.
        if (std::fabs(value) > 1.0)
        {
            return {value, 0.0f, false};
        }
        return {value, std::signbit(value) ? -0.0f : 0.0f, true};
    }
    // Not expected for a token the JSON parser accepted; decide from the double instead. Doubles at
    // or past the midpoint between the largest float and 2^128 round to infinity.
    constexpr double floatLimit = 3.4028235677973366e38;
    if (std::fabs(value) >= floatLimit)
    {
        return {value, 0.0f, false};
    }
    if (std::fabs(value) > static_cast<double>(std::numeric_limits<float>::max()))
    {
        const float largest = std::numeric_limits<float>::max();
        return {value, value < 0.0 ? -largest : largest, true};
    }
    return {value, static_cast<float>(value), true};
}

bool equalsIgnoringCase(std::string_view a, std::string_view b)
{
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    return a.size() == b.size() &&
           std::equal(a.begin(), a.end(), b.begin(), [&](char x, char y) { return lower(x) == lower(y); });
}

/// Second pass: reads the scene while checking every value against the format, in document order,
/// so the first problem in the file is the one reported.
class SceneBuilder
{
public:
    SceneBuilder(const std::string& file, std::string_view text, std::string_view defaultName,
                 const ReadLimits& limits)
        : m_file(file), m_text(text), m_defaultName(defaultName), m_limits(limits)
    {
    }

    Scene takeScene() { return std::move(m_scene); }

    bool null() { typeError(slot(), Found::Null); }
    bool boolean(bool value)
    {
        const Slot s = slot();
        if (s.expect != Expect::Boolean)
        {
            typeError(s, Found::Boolean);
        }
        boolField(s.field) = value;
        m_path.valueDone();
        return true;
    }
    bool number_integer(Json::number_integer_t value) { return number(integerNumber(value)); }
    bool number_unsigned(Json::number_unsigned_t value) { return number(unsignedNumber(value)); }
    bool number_float(Json::number_float_t value, const Json::string_t& raw)
    {
        return number(floatNumber(value, raw));
    }
    bool string(Json::string_t& value);
    bool binary(Json::binary_t& /*value*/) { typeError(slot(), Found::Binary); }
    bool start_object(std::size_t /*size*/);
    bool key(Json::string_t& key);
    bool end_object();
    bool start_array(std::size_t /*size*/);
    bool end_array();
    bool parse_error(std::size_t charsRead, const std::string& /*lastToken*/, const Json::exception& error)
    {
        // The first pass has accepted the text, so this is not expected; report it all the same.
        failSyntax(m_file, m_text, charsRead, error);
    }

private:
    enum class Container : std::uint8_t
    {
        Root,
        World,
        Bodies,
        Body,
        Vec2,
    };

    struct Context
    {
        Container container = Container::Root;
        std::span<const FieldSpec> fields;
        std::uint32_t seen = 0;             ///< bit i: fields[i] has been given
        const FieldSpec* current = nullptr; ///< the key being read; for Vec2, the array's key
    };

    /// The value expected where the parser is now.
    struct Slot
    {
        Expect expect = Expect::Number;
        Field field = Field::None;
        Rule rule = Rule::Finite;
        int component = -1; ///< 0 or 1 inside a [x, y] array
    };

    Slot slot() const
    {
        if (m_contexts.empty())
        {
            // The first pass has checked that the top level is an object.
            fail(m_file, {}, "must be a JSON object");
        }
        const Context& context = m_contexts.back();
        switch (context.container)
        {
        case Container::Bodies:
            return {Expect::BodyObject, Field::None, Rule::Finite, -1};
        case Container::Vec2:
            if (m_path.index() >= 2)
            {
                failVec2Length();
            }
            return {Expect::Number, context.current->field, context.current->rule,
                    static_cast<int>(m_path.index())};
        case Container::Root:
        case Container::World:
        case Container::Body:
            break;
        }
        return {context.current->expect, context.current->field, context.current->rule, -1};
    }

    [[noreturn]] void failHere(std::string message) const
    {
        fail(m_file, m_path.valuePath(), std::move(message));
    }

    [[noreturn]] void typeError(const Slot& s, Found found) const
    {
        failHere("must be " + std::string(describe(s.expect)) + ", not " + std::string(describe(found)));
    }

    [[noreturn]] void failVec2Length() const
    {
        fail(m_file, m_path.containerPath(), "must be [x, y], exactly 2 numbers");
    }

    bool number(const Number& n);
    void storeFloat(const Slot& s, const Number& n);
    void storeInteger(const Slot& s, const Number& n);
    void finishObject();

    SceneBody& body() { return m_scene.bodies.back(); }
    float& floatField(Field field);
    Vec2& vecField(Field field);
    int& intField(Field field);
    bool& boolField(Field field);

    const std::string& m_file;
    std::string_view m_text;
    std::string_view m_defaultName;
    const ReadLimits& m_limits;
    Scene m_scene;
    PathTracker m_path;
    std::vector<Context> m_contexts;
};

[[noreturn]] void unknownField()
{
    // Only reachable if a field table and the storage switches disagree.
    throw std::logic_error("scene reader: field has no storage");
}

float& SceneBuilder::floatField(Field field)
{
    switch (field)
    {
    case Field::TimeStep:
        return m_scene.world.timeStep;
    case Field::RestitutionThreshold:
        return m_scene.world.restitutionThreshold;
    case Field::Angle:
        return body().angle;
    case Field::Radius:
        return body().radius;
    case Field::Density:
        return body().density;
    case Field::Friction:
        return body().friction;
    case Field::Restitution:
        return body().restitution;
    case Field::AngularVelocity:
        return body().angularVelocity;
    case Field::LinearDamping:
        return body().linearDamping;
    case Field::AngularDamping:
        return body().angularDamping;
    case Field::GravityScale:
        return body().gravityScale;
    default:
        unknownField();
    }
}

Vec2& SceneBuilder::vecField(Field field)
{
    switch (field)
    {
    case Field::Gravity:
        return m_scene.world.gravity;
    case Field::Position:
        return body().position;
    case Field::HalfExtents:
        return body().halfExtents;
    case Field::LinearVelocity:
        return body().linearVelocity;
    default:
        unknownField();
    }
}

int& SceneBuilder::intField(Field field)
{
    switch (field)
    {
    case Field::VelocityIterations:
        return m_scene.world.velocityIterations;
    case Field::PositionIterations:
        return m_scene.world.positionIterations;
    default:
        unknownField();
    }
}

bool& SceneBuilder::boolField(Field field)
{
    switch (field)
    {
    case Field::AllowSleep:
        return m_scene.world.allowSleep;
    case Field::FixedRotation:
        return body().fixedRotation;
    default:
        unknownField();
    }
}

bool SceneBuilder::number(const Number& n)
{
    const Slot s = slot();
    if (s.expect == Expect::Integer)
    {
        storeInteger(s, n);
    }
    else if (s.expect == Expect::Number)
    {
        storeFloat(s, n);
    }
    else
    {
        typeError(s, Found::Number);
    }
    m_path.valueDone();
    return true;
}

void SceneBuilder::storeFloat(const Slot& s, const Number& n)
{
    if (!n.fitsFloat)
    {
        failHere("is out of range for a 32-bit float");
    }
    if (const auto broken = checkFloat(s.rule, n.asFloat))
    {
        std::string message(*broken);
        if (n.asFloat == 0.0f && n.value != 0.0)
        {
            message += " (it is 0 as a 32-bit float)";
        }
        failHere(std::move(message));
    }
    if (s.component >= 0)
    {
        Vec2& v = vecField(s.field);
        (s.component == 0 ? v.x : v.y) = n.asFloat;
    }
    else
    {
        floatField(s.field) = n.asFloat;
    }
}

void SceneBuilder::storeInteger(const Slot& s, const Number& n)
{
    if (std::trunc(n.value) != n.value)
    {
        failHere("must be a whole number");
    }
    if (n.value < static_cast<double>(std::numeric_limits<std::int32_t>::min()) ||
        n.value > static_cast<double>(std::numeric_limits<std::int32_t>::max()))
    {
        failHere("must fit in a 32-bit integer");
    }
    const int value = static_cast<int>(n.value);
    if (const auto broken = checkInt(s.rule, value))
    {
        failHere(std::string(*broken));
    }
    intField(s.field) = value;
}

bool SceneBuilder::string(Json::string_t& value)
{
    const Slot s = slot();
    if (s.expect != Expect::String)
    {
        typeError(s, Found::String);
    }
    switch (s.field)
    {
    case Field::Format:
        if (value != formatTag)
        {
            failHere("must be " + jsonQuoted(formatTag) + ", not " + jsonQuoted(value, 40));
        }
        break;
    case Field::SceneName:
        m_scene.name = std::move(value);
        break;
    case Field::BodyName:
        body().name = std::move(value);
        break;
    case Field::Type:
        if (const auto type = parseBodyType(value))
        {
            body().type = *type;
        }
        else
        {
            failHere(R"(must be "static", "kinematic" or "dynamic", not )" + jsonQuoted(value, 40));
        }
        break;
    default:
        unknownField();
    }
    m_path.valueDone();
    return true;
}

bool SceneBuilder::start_object(std::size_t /*size*/)
{
    if (m_contexts.empty())
    {
        m_contexts.push_back({Container::Root, rootFields, 0, nullptr});
    }
    else
    {
        const Slot s = slot();
        if (s.expect == Expect::WorldObject)
        {
            m_contexts.push_back({Container::World, worldFields, 0, nullptr});
        }
        else if (s.expect == Expect::BodyObject)
        {
            if (m_scene.bodies.size() >= m_limits.maxBodies)
            {
                fail(m_file, m_path.containerPath(),
                     "has more than " + std::to_string(m_limits.maxBodies) +
                         " bodies, the most a scene may have");
            }
            m_scene.bodies.emplace_back();
            m_contexts.push_back({Container::Body, bodyFields, 0, nullptr});
        }
        else
        {
            typeError(s, Found::Object);
        }
    }
    m_path.enter(false);
    return true;
}

bool SceneBuilder::start_array(std::size_t /*size*/)
{
    const Slot s = slot();
    if (s.expect == Expect::Vec2)
    {
        m_contexts.push_back({Container::Vec2, {}, 0, m_contexts.back().current});
    }
    else if (s.expect == Expect::BodyArray)
    {
        m_contexts.push_back({Container::Bodies, {}, 0, nullptr});
    }
    else
    {
        typeError(s, Found::Array);
    }
    m_path.enter(true);
    return true;
}

bool SceneBuilder::key(Json::string_t& key)
{
    Context& context = m_contexts.back();
    m_path.setKey(key);
    std::size_t index = 0;
    while (index < context.fields.size() && context.fields[index].key != key)
    {
        ++index;
    }
    if (index == context.fields.size())
    {
        std::string message = "unknown key";
        for (const FieldSpec& spec : context.fields)
        {
            if (equalsIgnoringCase(spec.key, key))
            {
                message += " (did you mean " + jsonQuoted(spec.key) + "?)";
            }
        }
        failHere(std::move(message));
    }
    const std::uint32_t bit = std::uint32_t{1} << index;
    if ((context.seen & bit) != 0)
    {
        failHere("duplicate key: it is already given in this object");
    }
    const FieldSpec& spec = context.fields[index];
    if (spec.field == Field::HalfExtents || spec.field == Field::Radius)
    {
        const Field other = spec.field == Field::HalfExtents ? Field::Radius : Field::HalfExtents;
        for (std::size_t i = 0; i < context.fields.size(); ++i)
        {
            if (context.fields[i].field == other && (context.seen & (std::uint32_t{1} << i)) != 0)
            {
                failHere("a body has exactly one shape: halfExtents (a box) or radius (a circle), not both");
            }
        }
        body().shape = spec.field == Field::HalfExtents ? ShapeKind::Box : ShapeKind::Circle;
    }
    context.seen |= bit;
    context.current = &spec;
    return true;
}

bool SceneBuilder::end_object()
{
    finishObject();
    m_contexts.pop_back();
    m_path.leave();
    return true;
}

void SceneBuilder::finishObject()
{
    const Context& context = m_contexts.back();
    const auto given = [&](Field field)
    {
        for (std::size_t i = 0; i < context.fields.size(); ++i)
        {
            if (context.fields[i].field == field)
            {
                return (context.seen & (std::uint32_t{1} << i)) != 0;
            }
        }
        return false;
    };
    for (const FieldSpec& spec : context.fields)
    {
        if (spec.required && !given(spec.field))
        {
            fail(m_file, m_path.memberPath(spec.key), "is required");
        }
    }
    if (context.container == Container::Root && !given(Field::SceneName))
    {
        m_scene.name = std::string(m_defaultName);
    }
    if (context.container == Container::Body)
    {
        if (!given(Field::HalfExtents) && !given(Field::Radius))
        {
            fail(m_file, m_path.containerPath(), "needs a shape: halfExtents (a box) or radius (a circle)");
        }
        if (auto broken = checkBodyConsistency(body()))
        {
            fail(m_file, m_path.memberPath(broken->key), std::move(broken->message));
        }
    }
}

bool SceneBuilder::end_array()
{
    if (m_contexts.back().container == Container::Vec2 && m_path.index() != 2)
    {
        failVec2Length();
    }
    m_contexts.pop_back();
    m_path.leave();
    return true;
}

bool isBlank(std::string_view text)
{
    // A byte order mark alone does not make a file non-empty.
    constexpr std::string_view byteOrderMark = "\xEF\xBB\xBF";
    if (text.starts_with(byteOrderMark))
    {
        text.remove_prefix(byteOrderMark.size());
    }
    return text.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

} // namespace

Scene readScene(std::string_view text, const std::string& file, std::string_view defaultName,
                const ReadLimits& limits)
{
    if (text.size() > limits.maxBytes)
    {
        fail(file, {}, "is larger than " + describeBytes(limits.maxBytes) + ", the limit for scene files");
    }
    if (const auto bad = findInvalidUtf8(text))
    {
        fail(file, {},
             "invalid UTF-8 at " + lineColumn(text, *bad) + " (byte offset " + std::to_string(*bad) + ")");
    }
    // The JSON parser takes a NUL byte for the end of the text and would ignore whatever follows.
    if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos)
    {
        fail(file, {}, "invalid JSON at " + lineColumn(text, nul) + ": NUL character");
    }
    if (isBlank(text))
    {
        fail(file, {}, "is empty; a scene file is a JSON object");
    }

    SyntaxPass syntax(file, text, limits.maxDepth);
    if (!Json::sax_parse(text.data(), text.data() + text.size(), &syntax))
    {
        fail(file, {}, "invalid JSON");
    }
    if (syntax.root() != Found::Object)
    {
        fail(file, {},
             "must be a JSON object at the top level, not " +
                 std::string(describe(syntax.root().value_or(Found::Null))));
    }
    const auto& format = syntax.format();
    if (!format)
    {
        fail(file, std::string(keys::format), "is required");
    }
    if (format->found != Found::String)
    {
        fail(file, std::string(keys::format),
             "must be the string " + jsonQuoted(formatTag) + ", not " + std::string(describe(format->found)));
    }
    if (format->text != formatTag)
    {
        fail(file, std::string(keys::format),
             "must be " + jsonQuoted(formatTag) + ", not " + jsonQuoted(format->text, 40) +
                 " (a format this version does not read)");
    }

    SceneBuilder builder(file, text, defaultName, limits);
    if (!Json::sax_parse(text.data(), text.data() + text.size(), &builder))
    {
        fail(file, {}, "invalid JSON");
    }
    return builder.takeScene();
}

std::string readSceneFile(const std::filesystem::path& file, const std::string& shownName,
                          std::size_t maxBytes)
{
    const auto tooLarge = [&]
    { fail(shownName, {}, "is larger than " + describeBytes(maxBytes) + ", the limit for scene files"); };

    std::error_code error;
    const std::filesystem::file_status status = std::filesystem::status(file, error);
    if (status.type() == std::filesystem::file_type::not_found)
    {
        fail(shownName, {}, "cannot open: no such file");
    }
    if (status.type() == std::filesystem::file_type::directory)
    {
        fail(shownName, {}, "cannot open: it is a directory");
    }
    if (status.type() == std::filesystem::file_type::regular)
    {
        const std::uintmax_t size = std::filesystem::file_size(file, error);
        if (!error && size > maxBytes)
        {
            tooLarge();
        }
    }

    std::ifstream in(file, std::ios::binary);
    if (!in)
    {
        const int code = errno;
        fail(shownName, {},
             "cannot open: " +
                 (code != 0 ? std::generic_category().message(code) : std::string("unknown error")));
    }
    // Read in chunks with a running limit: devices and pipes have no size to check up front.
    std::string text;
    std::array<char, 1 << 16> chunk{};
    while (in)
    {
        in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
        const auto count = static_cast<std::size_t>(in.gcount());
        if (text.size() + count > maxBytes)
        {
            tooLarge();
        }
        text.append(chunk.data(), count);
    }
    if (in.bad())
    {
        fail(shownName, {}, "cannot read the file");
    }
    return text;
}

} // namespace scene_detail

Scene parseScene(std::string_view text, std::string_view sourceName)
{
    const std::string file(sourceName);
    return scene_detail::readScene(text, file, sourceName);
}

Scene loadScene(const std::filesystem::path& file)
{
    const std::string shown = file.string();
    const scene_detail::ReadLimits limits;
    const std::string text = scene_detail::readSceneFile(file, shown, limits.maxBytes);
    return scene_detail::readScene(text, shown, file.filename().string(), limits);
}

} // namespace oblique
