#include "scene_reader.hpp"

#include "oblique/scene_world.hpp"
#include "scene_fields.hpp"
#include "scene_joints.hpp"
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
    /// The same for the frame `level` levels in from the top (0: the document's own).
    bool insideArrayAt(std::size_t level) const { return m_frames[level].isArray; }
    std::size_t indexAt(std::size_t level) const { return m_frames[level].index; }
    const std::string& keyAt(std::size_t level) const { return m_frames[level].key; }

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

/// What the first pass saw of each joint's `type`. A joint's type decides which keys it takes, and
/// they may come before it, so the second pass needs it as each joint opens.
struct JointTypeNotes
{
    struct Note
    {
        bool given = false;
        Found found = Found::Null;
        std::optional<JointType> type; ///< for a string that spells one
    };
    std::vector<Note> notes; ///< by index in `joints`, as far as the joint limit
    /// The first joint whose type is a string that spells no joint type, and that string.
    std::size_t firstUnknown = static_cast<std::size_t>(-1);
    std::string firstUnknownText;
};

/// First pass over the text. It checks the JSON syntax of the whole file, enforces the nesting limit
/// and notes the top-level value and `format`, so that a broken file is reported as broken (not by
/// whatever key happens to come first) and a file of another format is named as such. It also
/// notes each joint's type (see JointTypeNotes).
class SyntaxPass
{
public:
    struct FormatValue
    {
        Found found = Found::Null;
        std::string text;
    };

    SyntaxPass(const std::string& file, std::string_view text, const ReadLimits& limits)
        : m_file(file), m_text(text), m_maxDepth(limits.maxDepth), m_maxJoints(limits.maxJoints)
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
    const JointTypeNotes& jointTypes() const { return m_jointTypes; }

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
        // depth is bounded, and no scene needs more than six levels.
        if (m_path.depth() >= m_maxDepth)
        {
            fail(m_file, m_path.valuePath(),
                 "nesting is deeper than " + std::to_string(m_maxDepth) + " levels");
        }
        if (isArray && m_path.depth() == 1 && !m_path.insideArray() && m_path.key() == keys::joints)
        {
            ++m_jointArrays;
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
        else if (isJointType())
        {
            noteJointType(m_path.indexAt(1), found, text);
        }
    }

    /// Whether the value being read is the `type` of an element of the top level's `joints`. Only
    /// the first `joints` is noted: a second is a duplicate key, reported before its joints are read.
    bool isJointType() const
    {
        return m_path.depth() == 3 && m_jointArrays == 1 && m_path.keyAt(0) == keys::joints &&
               m_path.insideArrayAt(1) && !m_path.insideArrayAt(2) && m_path.keyAt(2) == keys::type;
    }

    void noteJointType(std::size_t index, Found found, const std::string* text)
    {
        // Past the limit the second pass stops at the joint count, so nothing more is needed.
        if (index >= m_maxJoints)
        {
            return;
        }
        if (m_jointTypes.notes.size() <= index)
        {
            m_jointTypes.notes.resize(index + 1);
        }
        JointTypeNotes::Note& note = m_jointTypes.notes[index];
        if (note.given)
        {
            return; // a duplicate key, reported by the second pass
        }
        note.given = true;
        note.found = found;
        if (text != nullptr)
        {
            note.type = parseSpelling<JointType>(*text);
            if (!note.type && index < m_jointTypes.firstUnknown)
            {
                m_jointTypes.firstUnknown = index;
                m_jointTypes.firstUnknownText = *text;
            }
        }
    }

    const std::string& m_file;
    std::string_view m_text;
    std::size_t m_maxDepth;
    std::size_t m_maxJoints;
    PathTracker m_path;
    std::optional<Found> m_root;
    std::optional<FormatValue> m_format;
    int m_jointArrays = 0; ///< `joints` arrays opened at the top level
    JointTypeNotes m_jointTypes;
};

/// How the value of a field must look, for messages such as "must be a number, not a string".
std::string_view describe(Kind kind)
{
    switch (kind)
    {
    case Kind::Format:
    case Kind::String:
    case Kind::BodyType:
    case Kind::Solver:
        return "a string";
    case Kind::Number:
        return "a number";
    case Kind::Integer:
    case Kind::Bits:
    case Kind::Mask:
        return "an integer";
    case Kind::Boolean:
        return "true or false";
    case Kind::Vec2:
    case Kind::Direction:
        return "an array of 2 numbers";
    case Kind::World:
    case Kind::Filter:
        return "an object";
    case Kind::Bodies:
    case Kind::Shapes:
    case Kind::Joints:
        return "an array";
    case Kind::JointType:
        return "a string";
    case Kind::BodyRef:
        return "a body's index (a whole number) or name (a string)";
    case Kind::OptionalNumber:
        return "a number";
    case Kind::OptionalVec2:
        return "an array of 2 numbers";
    }
    return "a value";
}

constexpr bool makesShape(const FieldSpec& field)
{
    return field.role == ShapeRole::MakesBox || field.role == ShapeRole::MakesCircle;
}

/// The keys that choose a shape's kind: a shape, or a body without shapes, needs one of them.
constexpr FieldSet shapeMakers = fieldsWhere(makesShape);

/// The keys that some other key of the same object rules out (see clashOf).
constexpr FieldSet clashingFields = fieldsWhere(
    [](const FieldSpec& field)
    {
        return field.role != ShapeRole::Any || field.kind == Kind::Shapes ||
               (field.places & place::shorthand) != 0;
    });

constexpr FieldSet requiredFields = fieldsWhere([](const FieldSpec& field) { return field.required; });

/// Two keys of one object that may not both be given: the one at fault, and why.
struct Clash
{
    const FieldSpec* culprit = nullptr;
    std::string_view message;
};

/// Why `given` may not join `earlier` in an object of `object`'s places, if it may not. The key
/// blamed is the one that is wrong whichever order they come in; two shape sizes blame the second.
std::optional<Clash> clashOf(const FieldSpec& given, const FieldSpec& earlier, Places object)
{
    if (makesShape(given) && makesShape(earlier))
    {
        return Clash{
            &given, object == place::shape
                        ? "a shape is a box (halfExtents) or a circle (radius), not both"
                        : "a body has exactly one shape: halfExtents (a box) or radius (a circle), not both"};
    }
    const auto blame = [&](auto isCulprit, auto isOther) -> const FieldSpec*
    {
        if (isCulprit(given) && isOther(earlier))
        {
            return &given;
        }
        if (isCulprit(earlier) && isOther(given))
        {
            return &earlier;
        }
        return nullptr;
    };
    const auto boxOnly = [](const FieldSpec& f) { return f.role == ShapeRole::BoxOnly; };
    const auto makesCircle = [](const FieldSpec& f) { return f.role == ShapeRole::MakesCircle; };
    if (const FieldSpec* culprit = blame(boxOnly, makesCircle))
    {
        return Clash{culprit, "is for boxes only, and this shape is a circle (it has a radius)"};
    }
    const auto shorthand = [](const FieldSpec& f) { return (f.places & place::shorthand) != 0; };
    const auto shapes = [](const FieldSpec& f) { return f.kind == Kind::Shapes; };
    if (const FieldSpec* culprit = blame(shorthand, shapes))
    {
        return Clash{culprit, makesShape(*culprit)
                                  ? "a body has either shapes or the one-shape shorthand "
                                    "(halfExtents or radius on the body), not both"
                                  : "is a shape key: a body with shapes gives it in each shape"};
    }
    return std::nullopt;
}

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

/// Second pass: reads the scene while checking every value against the format, in document order,
/// so the first problem in the file is the one reported. What each key is, where it may appear and
/// where its value goes all come from the field table.
class SceneBuilder
{
public:
    SceneBuilder(const std::string& file, std::string_view text, std::string_view defaultName,
                 const ReadLimits& limits, int version, const JointTypeNotes& jointTypes)
        : m_file(file), m_text(text), m_defaultName(defaultName), m_limits(limits), m_version(version),
          m_jointTypes(jointTypes)
    {
    }

    Scene takeScene() { return std::move(m_scene); }

    bool null() { typeError(slot(), Found::Null); }
    bool boolean(bool value);
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
        Object, ///< the top level, world, a body, a shape, a filter or a joint
        Bodies,
        Shapes,
        Joints,
        Vec2,
    };

    struct Context
    {
        Container container = Container::Object;
        Places object = 0;                  ///< for objects: the places whose fields it takes
        FieldSet seen;                      ///< the fields given so far
        const FieldSpec* current = nullptr; ///< the key being read; for arrays, the array's field
    };

    /// The value expected where the parser is now.
    struct Slot
    {
        const FieldSpec* field = nullptr; ///< the key's field, or the array's for its elements
        int component = -1;               ///< 0 or 1 inside a [x, y] array
        bool element = false;             ///< an element of `bodies`, `shapes` or `joints`: an object

        /// Whether the value here is the whole value of a field of `kind`.
        bool is(Kind kind) const { return !element && component < 0 && field->kind == kind; }
    };

    Slot slot() const;

    [[noreturn]] void failHere(std::string message) const
    {
        fail(m_file, m_path.valuePath(), std::move(message));
    }

    [[noreturn]] void typeError(const Slot& s, Found found) const
    {
        std::string_view expected = "an object";
        if (s.component >= 0)
        {
            expected = "a number";
        }
        else if (!s.element)
        {
            expected = describe(s.field->kind);
        }
        failHere("must be " + std::string(expected) + ", not " + std::string(describe(found)));
    }

    [[noreturn]] void failVec2Length() const
    {
        fail(m_file, m_path.containerPath(), "must be [x, y], exactly 2 numbers");
    }

    [[noreturn]] void failUnknownKey(Places object, std::string_view key) const;
    void checkClashes(const Context& context, std::size_t index) const;

    bool number(const Number& n);
    float checkedFloat(Rule rule, const Number& n) const;
    void storeWhole(const FieldSpec& field, const Number& n);
    template <typename Enum>
    void storeSpelling(const FieldSpec& field, std::string_view text)
    {
        const std::optional<Enum> value = parseSpelling<Enum>(text);
        if (!value)
        {
            failHere("must be " + spellingChoices<Enum>() + ", not " + jsonQuoted(text, 40));
        }
        valueOf<Enum>(field, owners()) = *value;
    }
    void startBody();
    void startShape();
    void startJoint();
    JointType judgeJointType(std::size_t index) const;
    void finishObject(const Context& context);
    void finishBody(const Context& context);
    void finishShape(const Context& context);
    void finishJoint();
    void checkJointBodies(std::size_t index);
    void finishVec2(const Context& context);
    /// The [x, y] pair a Vec2 field of the object being read stores.
    Vec2& vec2Of(const FieldSpec& field);

    /// The path of `key` in joints[index].
    static std::string jointPath(std::size_t index, std::string_view key)
    {
        std::string path(keys::joints);
        appendPathIndex(path, index);
        appendPathKey(path, key);
        return path;
    }

    SceneBody& body() { return m_scene.bodies.back(); }
    /// Where the fields of the object being read are stored.
    Owners<false> owners();

    const std::string& m_file;
    std::string_view m_text;
    std::string_view m_defaultName;
    const ReadLimits& m_limits;
    int m_version;
    Scene m_scene;
    /// The body's one shape when it uses the shorthand, gathered from its keys.
    ShapeDef m_shorthand;
    bool m_inShape = false; ///< reading an element of `shapes` rather than a body's own keys
    std::size_t m_shapeCount = 0;
    const JointTypeNotes& m_jointTypes;
    /// Whether `bodies` has been read to its end: joints can be checked against it from then on.
    bool m_bodiesRead = false;
    /// Joints came before `bodies` in the file, so their references wait for the end of the file.
    bool m_jointBodiesAtEnd = false;
    std::optional<BodyNames> m_bodyNames; ///< made once `bodies` is read and a joint needs it
    PathTracker m_path;
    std::vector<Context> m_contexts;
};

Owners<false> SceneBuilder::owners()
{
    Owners<false> o;
    o.scene = &m_scene;
    o.world = &m_scene.world;
    if (!m_scene.bodies.empty())
    {
        o.body = &m_scene.bodies.back();
    }
    // A shape is read only inside a body's `shapes`, so a body is there whenever m_inShape is.
    o.shape = m_inShape && o.body != nullptr ? &o.body->shapes.back() : &m_shorthand;
    o.filter = &o.shape->filter;
    if (!m_scene.joints.empty())
    {
        o.joint = &m_scene.joints.back();
    }
    return o;
}

Vec2& SceneBuilder::vec2Of(const FieldSpec& field)
{
    if (field.kind == Kind::OptionalVec2)
    {
        // Emplaced as its array opened.
        return valueOf<std::optional<Vec2>>(field, owners()).value();
    }
    return valueOf<Vec2>(field, owners());
}

SceneBuilder::Slot SceneBuilder::slot() const
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
    case Container::Shapes:
    case Container::Joints:
        return {context.current, -1, true};
    case Container::Vec2:
        if (m_path.index() >= 2)
        {
            failVec2Length();
        }
        return {context.current, static_cast<int>(m_path.index()), false};
    case Container::Object:
        break;
    }
    return {context.current, -1, false};
}

bool SceneBuilder::boolean(bool value)
{
    const Slot s = slot();
    if (!s.is(Kind::Boolean))
    {
        typeError(s, Found::Boolean);
    }
    valueOf<bool>(*s.field, owners()) = value;
    m_path.valueDone();
    return true;
}

bool SceneBuilder::number(const Number& n)
{
    const Slot s = slot();
    if (s.component >= 0)
    {
        Vec2& v = vec2Of(*s.field);
        (s.component == 0 ? v.x : v.y) = checkedFloat(s.field->rule, n);
    }
    else if (s.is(Kind::Number))
    {
        valueOf<float>(*s.field, owners()) = checkedFloat(s.field->rule, n);
    }
    else if (s.is(Kind::OptionalNumber))
    {
        valueOf<std::optional<float>>(*s.field, owners()) = checkedFloat(s.field->rule, n);
    }
    else if (s.is(Kind::Integer) || s.is(Kind::Bits) || s.is(Kind::Mask) || s.is(Kind::BodyRef))
    {
        storeWhole(*s.field, n);
    }
    else
    {
        typeError(s, Found::Number);
    }
    m_path.valueDone();
    return true;
}

float SceneBuilder::checkedFloat(Rule rule, const Number& n) const
{
    if (!n.fitsFloat)
    {
        failHere("is out of range for a 32-bit float");
    }
    if (const auto broken = checkFloat(rule, n.asFloat))
    {
        std::string message(*broken);
        if (n.asFloat == 0.0f && n.value != 0.0)
        {
            message += " (it is 0 as a 32-bit float)";
        }
        failHere(std::move(message));
    }
    return n.asFloat;
}

void SceneBuilder::storeWhole(const FieldSpec& field, const Number& n)
{
    if (std::trunc(n.value) != n.value)
    {
        failHere("must be a whole number");
    }
    if (const auto broken = checkWhole(field.rule, n.value))
    {
        failHere(std::string(*broken));
    }
    if (field.kind == Kind::Integer)
    {
        valueOf<int>(field, owners()) = static_cast<int>(n.value);
        return;
    }
    if (field.kind == Kind::BodyRef)
    {
        valueOf<SceneBodyRef>(field, owners()) = static_cast<int>(n.value);
        return;
    }
    const auto bits = static_cast<std::uint32_t>(n.value);
    valueOf<std::uint32_t>(field, owners()) = field.kind == Kind::Mask ? maskFromFile(bits) : bits;
}

bool SceneBuilder::string(Json::string_t& value)
{
    const Slot s = slot();
    if (s.is(Kind::Format) || s.is(Kind::JointType))
    {
        // Both were judged before this pass reached them: readScene has checked the format, and
        // startJoint the joint's type. A second of either is a duplicate key.
    }
    else if (s.is(Kind::String))
    {
        valueOf<std::string>(*s.field, owners()) = std::move(value);
    }
    else if (s.is(Kind::BodyType))
    {
        storeSpelling<BodyType>(*s.field, value);
    }
    else if (s.is(Kind::Solver))
    {
        storeSpelling<Solver>(*s.field, value);
    }
    else if (s.is(Kind::BodyRef))
    {
        if (value.empty())
        {
            failHere("must not be empty: a joint names a body by a name it has, or by its index");
        }
        valueOf<SceneBodyRef>(*s.field, owners()) = std::move(value);
    }
    else
    {
        typeError(s, Found::String);
    }
    m_path.valueDone();
    return true;
}

bool SceneBuilder::start_object(std::size_t /*size*/)
{
    if (m_contexts.empty())
    {
        m_scene.name = std::string(m_defaultName);
        m_contexts.push_back({Container::Object, place::root, {}, nullptr});
    }
    else
    {
        const Slot s = slot();
        if (s.element && s.field->kind == Kind::Bodies)
        {
            startBody();
        }
        else if (s.element && s.field->kind == Kind::Shapes)
        {
            startShape();
        }
        else if (s.element && s.field->kind == Kind::Joints)
        {
            startJoint();
        }
        else if (s.is(Kind::World))
        {
            m_contexts.push_back({Container::Object, place::world, {}, nullptr});
        }
        else if (s.is(Kind::Filter))
        {
            m_contexts.push_back({Container::Object, place::filter, {}, nullptr});
        }
        else
        {
            typeError(s, Found::Object);
        }
    }
    m_path.enter(false);
    return true;
}

void SceneBuilder::startBody()
{
    if (m_scene.bodies.size() >= m_limits.maxBodies)
    {
        fail(m_file, m_path.containerPath(),
             "has more than " + std::to_string(m_limits.maxBodies) + " bodies, the most a scene may have");
    }
    m_scene.bodies.emplace_back();
    m_shorthand = ShapeDef{};
    m_contexts.push_back({Container::Object, place::bodyObject, {}, nullptr});
}

void SceneBuilder::startShape()
{
    if (m_shapeCount >= m_limits.maxShapes)
    {
        fail(m_file, m_path.containerPath(),
             "brings the scene to more than " + std::to_string(m_limits.maxShapes) +
                 " shapes, the most a scene may have");
    }
    ++m_shapeCount;
    body().shapes.emplace_back();
    m_inShape = true;
    m_contexts.push_back({Container::Object, place::shape, {}, nullptr});
}

void SceneBuilder::startJoint()
{
    if (m_scene.joints.size() >= m_limits.maxJoints)
    {
        fail(m_file, m_path.containerPath(),
             "has more than " + std::to_string(m_limits.maxJoints) + " joints, the most a scene may have");
    }
    // The type decides which keys the joint takes, so it is judged first, wherever it comes.
    const JointType type = judgeJointType(m_scene.joints.size());
    m_scene.joints.emplace_back().params = defaultParams(type);
    m_contexts.push_back({Container::Object, place::jointObject(type), {}, nullptr});
}

JointType SceneBuilder::judgeJointType(std::size_t index) const
{
    std::string path = m_path.valuePath();
    appendPathKey(path, keys::type);
    const std::vector<JointTypeNotes::Note>& notes = m_jointTypes.notes;
    if (index >= notes.size() || !notes[index].given)
    {
        fail(m_file, path, "is required: it says which keys the joint takes");
    }
    const JointTypeNotes::Note& note = notes[index];
    if (note.found != Found::String)
    {
        fail(m_file, path, "must be a string, not " + std::string(describe(note.found)));
    }
    if (!note.type)
    {
        // Joints are read in order, so the first that spells no type is this one.
        fail(m_file, path,
             "must be " + spellingChoices<JointType>() + ", not " +
                 jsonQuoted(m_jointTypes.firstUnknownText, 40));
    }
    return *note.type;
}

bool SceneBuilder::start_array(std::size_t /*size*/)
{
    const Slot s = slot();
    if (s.is(Kind::Vec2) || s.is(Kind::Direction) || s.is(Kind::OptionalVec2))
    {
        if (s.is(Kind::OptionalVec2))
        {
            valueOf<std::optional<Vec2>>(*s.field, owners()).emplace();
        }
        m_contexts.push_back({Container::Vec2, 0, {}, s.field});
    }
    else if (s.is(Kind::Bodies))
    {
        m_contexts.push_back({Container::Bodies, 0, {}, s.field});
    }
    else if (s.is(Kind::Shapes))
    {
        m_contexts.push_back({Container::Shapes, 0, {}, s.field});
    }
    else if (s.is(Kind::Joints))
    {
        m_contexts.push_back({Container::Joints, 0, {}, s.field});
    }
    else
    {
        typeError(s, Found::Array);
    }
    m_path.enter(true);
    return true;
}

void SceneBuilder::failUnknownKey(Places object, std::string_view key) const
{
    std::string message = "unknown key " + jsonQuoted(key, 40);
    if ((object & place::joint) != 0)
    {
        // A key of other joint types: say whose it is, rather than guess at a spelling.
        std::vector<std::string_view> owners;
        for (const auto& [type, name] : Spellings<JointType>::names)
        {
            const Places own = place::jointObject(type);
            if ((own & object & place::jointTypes) == 0 && findField(own, key))
            {
                owners.push_back(name);
            }
        }
        if (!owners.empty())
        {
            message += ": a " + std::string(spellingOf(jointTypeOf(m_scene.joints.back()))) +
                       " joint has no " + std::string(key) + " (it is a key of " + quotedChoices(owners) +
                       " joints)";
            failHere(std::move(message));
        }
    }
    if (const std::optional<std::string_view> meant = closestKey(object, key))
    {
        message += " (did you mean " + jsonQuoted(*meant) + "?)";
    }
    failHere(std::move(message));
}

bool SceneBuilder::key(Json::string_t& key)
{
    Context& context = m_contexts.back();
    m_path.setKey(key);
    const std::optional<std::size_t> index = findField(context.object, key);
    if (!index)
    {
        failUnknownKey(context.object, key);
    }
    const FieldSpec& field = fields[*index];
    if (field.format > m_version)
    {
        failHere("needs format " + jsonQuoted(formatTag(field.format)) + " (the file says " +
                 jsonQuoted(formatTag(m_version)) + ")");
    }
    if (context.seen.contains(*index))
    {
        failHere("duplicate key: it is already given in this object");
    }
    checkClashes(context, *index);
    if (makesShape(field))
    {
        owners().shape->kind = field.role == ShapeRole::MakesBox ? ShapeKind::Box : ShapeKind::Circle;
    }
    context.seen.insert(*index);
    context.current = &field;
    return true;
}

void SceneBuilder::checkClashes(const Context& context, std::size_t index) const
{
    if (!clashingFields.contains(index))
    {
        return;
    }
    for (FieldSet earlier = context.seen & clashingFields; !earlier.empty(); earlier.removeFirst())
    {
        if (const auto clash = clashOf(fields[index], fields[earlier.first()], context.object))
        {
            fail(m_file, m_path.memberPath(clash->culprit->key), std::string(clash->message));
        }
    }
}

bool SceneBuilder::end_object()
{
    finishObject(m_contexts.back());
    m_contexts.pop_back();
    m_path.leave();
    return true;
}

void SceneBuilder::finishObject(const Context& context)
{
    for (FieldSet missing = requiredFields - context.seen; !missing.empty(); missing.removeFirst())
    {
        const FieldSpec& field = fields[missing.first()];
        if ((field.places & context.object) != 0)
        {
            fail(m_file, m_path.memberPath(field.key), "is required");
        }
    }
    if (context.object == place::bodyObject)
    {
        finishBody(context);
    }
    else if (context.object == place::shape)
    {
        finishShape(context);
    }
    else if ((context.object & place::joint) != 0)
    {
        finishJoint();
    }
    else if (context.object == place::root && m_jointBodiesAtEnd)
    {
        for (std::size_t i = 0; i < m_scene.joints.size(); ++i)
        {
            checkJointBodies(i);
        }
    }
}

void SceneBuilder::finishBody(const Context& context)
{
    if (body().shapes.empty())
    {
        if ((context.seen & shapeMakers).empty())
        {
            fail(m_file, m_path.containerPath(),
                 m_version >= 2 ? "needs a shape: halfExtents (a box), radius (a circle) or shapes"
                                : "needs a shape: halfExtents (a box) or radius (a circle)");
        }
        setShorthandShape(body(), m_shorthand);
    }
    if (auto broken = checkBodyConsistency(body()))
    {
        fail(m_file, m_path.memberPath(broken->key), std::move(broken->message));
    }
}

void SceneBuilder::finishShape(const Context& context)
{
    if ((context.seen & shapeMakers).empty())
    {
        fail(m_file, m_path.containerPath(), "needs a size: halfExtents (a box) or radius (a circle)");
    }
    m_inShape = false;
}

void SceneBuilder::finishJoint()
{
    const std::size_t index = m_scene.joints.size() - 1;
    if (m_bodiesRead)
    {
        checkJointBodies(index);
    }
    else
    {
        m_jointBodiesAtEnd = true;
    }
    if (auto broken = checkJointParams(m_scene.joints[index]))
    {
        fail(m_file, jointPath(index, broken->key), std::move(broken->message));
    }
}

void SceneBuilder::checkJointBodies(std::size_t index)
{
    if (!m_bodyNames)
    {
        m_bodyNames.emplace(m_scene.bodies);
    }
    const JointEnds ends = jointEndsOf(m_scene.bodies, *m_bodyNames, m_scene.joints[index]);
    if (ends.broken)
    {
        fail(m_file, jointPath(index, ends.broken->key), ends.broken->message);
    }
}

bool SceneBuilder::end_array()
{
    const Context& context = m_contexts.back();
    if (context.container == Container::Vec2)
    {
        finishVec2(context);
    }
    else if (context.container == Container::Shapes && m_path.index() == 0)
    {
        fail(m_file, m_path.containerPath(), "must not be empty: a body with shapes needs at least one");
    }
    else if (context.container == Container::Bodies)
    {
        m_bodiesRead = true;
    }
    m_contexts.pop_back();
    m_path.leave();
    return true;
}

void SceneBuilder::finishVec2(const Context& context)
{
    if (m_path.index() != 2)
    {
        failVec2Length();
    }
    if (context.current->kind == Kind::Direction)
    {
        Vec2& direction = valueOf<Vec2>(*context.current, owners());
        const std::optional<Vec2> unit = normalisedDirection(direction);
        if (!unit)
        {
            fail(m_file, m_path.containerPath(), "must not be [0, 0]: it is a direction");
        }
        direction = *unit;
    }
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

    SyntaxPass syntax(file, text, limits);
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
             "must be the string " + knownFormats() + ", not " + std::string(describe(format->found)));
    }
    const std::optional<int> version = formatVersion(format->text);
    if (!version)
    {
        fail(file, std::string(keys::format),
             "must be " + knownFormats() + ", not " + jsonQuoted(format->text, 40) +
                 " (a format this version does not read)");
    }

    SceneBuilder builder(file, text, defaultName, limits, *version, syntax.jointTypes());
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
