#include "scene_fields.hpp"

#include "scene_text.hpp"

#include <algorithm>
#include <bit>

namespace oblique::scene_detail
{

namespace
{

// The table is checked when it is compiled, so that a row that names the wrong member, a member
// of the wrong kind or a key already taken in the same object never reaches a test run.

/// Whether the field stores a `Value` (void: stores nothing).
template <typename Value>
constexpr bool stores(const FieldSpec& field)
{
    return std::visit(
        [](auto member)
        {
            using M = decltype(member);
            if constexpr (std::is_same_v<M, std::monostate>)
            {
                return std::is_void_v<Value>;
            }
            else
            {
                return std::is_same_v<typename MemberTraits<M>::Value, Value>;
            }
        },
        field.member);
}

constexpr bool memberFitsKind(const FieldSpec& field)
{
    switch (field.kind)
    {
    case Kind::String:
        return stores<std::string>(field);
    case Kind::BodyType:
        return stores<BodyType>(field);
    case Kind::Solver:
        return stores<Solver>(field);
    case Kind::Number:
        return stores<float>(field);
    case Kind::Integer:
        return stores<int>(field);
    case Kind::Boolean:
        return stores<bool>(field);
    case Kind::Vec2:
    case Kind::Direction:
        return stores<Vec2>(field);
    case Kind::Bits:
    case Kind::Mask:
        return stores<std::uint32_t>(field);
    case Kind::BodyRef:
        return stores<SceneBodyRef>(field);
    case Kind::OptionalNumber:
        return stores<std::optional<float>>(field);
    case Kind::OptionalVec2:
        return stores<std::optional<Vec2>>(field);
    case Kind::Format:
    case Kind::World:
    case Kind::Bodies:
    case Kind::Shapes:
    case Kind::Filter:
    case Kind::Joints:
    case Kind::JointType:
        return stores<void>(field);
    }
    return false;
}

/// The types that fields live in, in the order of their places' bits (the shorthand's fields live
/// in the shape it gives, so two places share ShapeDef).
template <typename... Types>
struct TypeList
{
};
using OwnerTypes =
    TypeList<Scene, SceneWorld, SceneBody, ShapeDef, ShapeDef, Filter, SceneJoint, RevoluteJointDef,
             PrismaticJointDef, DistanceJointDef, WeldJointDef, WheelJointDef, MotorJointDef>;

/// The position of the first `Owner` in `OwnerTypes`, or -1.
template <typename Owner, typename... Types>
constexpr int ownerIndex(TypeList<Types...> /*types*/)
{
    int index = 0;
    for (const bool same : {std::is_same_v<Owner, Types>...})
    {
        if (same)
        {
            return index;
        }
        ++index;
    }
    return -1;
}

/// Which owner a place's fields live in: the index of its type in OwnerTypes.
constexpr int ownerOfPlace(Places bit)
{
    // The shorthand's fields live in the shape it gives, which is ShapeDef's first position.
    if (bit == place::shorthand)
    {
        bit = place::shape;
    }
    return std::countr_zero(static_cast<unsigned>(bit));
}

constexpr int ownerOfMember(const FieldSpec& field)
{
    return std::visit(
        [](auto member)
        {
            using M = decltype(member);
            if constexpr (std::is_same_v<M, std::monostate>)
            {
                return -1;
            }
            else
            {
                return ownerIndex<typename MemberTraits<M>::Owner>(OwnerTypes{});
            }
        },
        field.member);
}

constexpr bool memberFitsPlaces(const FieldSpec& field)
{
    const int owner = ownerOfMember(field);
    if (owner < 0 || field.places == 0)
    {
        return field.places != 0;
    }
    for (unsigned bit = 1; bit <= 0x8000u; bit <<= 1u)
    {
        const auto one = static_cast<Places>(bit);
        if ((field.places & one) != 0 && ownerOfPlace(one) != owner)
        {
            return false;
        }
    }
    return true;
}

/// The file objects a field can be given in: shorthand fields are given in body objects, and the
/// keys every joint has in joint objects of every type.
constexpr Places objectsOf(Places places)
{
    if ((places & place::shorthand) != 0)
    {
        places = static_cast<Places>((places - place::shorthand) | place::body);
    }
    if ((places & place::joint) != 0)
    {
        places = static_cast<Places>(places | place::jointTypes);
    }
    return places;
}

constexpr bool keysAreUniqueInEachObject()
{
    for (std::size_t i = 0; i < fields.size(); ++i)
    {
        for (std::size_t j = i + 1; j < fields.size(); ++j)
        {
            if (fields[i].key == fields[j].key &&
                (objectsOf(fields[i].places) & objectsOf(fields[j].places)) != 0)
            {
                return false;
            }
        }
    }
    return true;
}

constexpr bool everyRowFits()
{
    for (const FieldSpec& field : fields)
    {
        const bool shapeRoleOnShapeKey =
            field.role == ShapeRole::Any || (field.places & ~place::shapeKey) == 0;
        // A /1 file must be able to give every required key.
        const bool requiredInFormat1 = !field.required || field.format == 1;
        if (!memberFitsKind(field) || !memberFitsPlaces(field) || !shapeRoleOnShapeKey || !requiredInFormat1)
        {
            return false;
        }
    }
    return true;
}

static_assert(everyRowFits(), "a field's member must match its kind and places");
static_assert(keysAreUniqueInEachObject(), "a key names one field in each object");

} // namespace

std::optional<std::size_t> findField(Places object, std::string_view key)
{
    for (std::size_t i = 0; i < fields.size(); ++i)
    {
        if ((fields[i].places & object) != 0 && fields[i].key == key)
        {
            return i;
        }
    }
    return std::nullopt;
}

std::optional<std::string_view> closestKey(Places object, std::string_view key)
{
    // Two edits turn most short keys into one another, so the edits allowed grow with the length:
    // a third of the characters, which keeps `bodys` (2 from `bodies`) and `tpye` (1 from `type`)
    // and refuses `mane` for `name` (2 of 4).
    constexpr std::size_t maxEdits = 2;
    std::optional<std::string_view> best;
    std::size_t bestDistance = maxEdits + 1;
    bool tied = false;
    for (const FieldSpec& field : fields)
    {
        const std::size_t longer = std::max(field.key.size(), key.size());
        const std::size_t shorter = std::min(field.key.size(), key.size());
        // The lengths alone bound the distance from below, so a long key costs nothing here.
        if ((field.places & object) == 0 || field.key == best || longer - shorter > maxEdits)
        {
            continue;
        }
        const std::size_t distance = editDistanceIgnoringCase(field.key, key);
        if (distance > std::min(maxEdits, longer / 3) && distance != 0)
        {
            continue;
        }
        if (distance < bestDistance)
        {
            best = field.key;
            bestDistance = distance;
            tied = false;
        }
        else if (distance == bestDistance)
        {
            tied = true;
        }
    }
    return tied ? std::nullopt : best;
}

namespace
{

bool sameBits(float a, float b)
{
    return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
}

} // namespace

bool sameValue(const FieldSpec& field, const Owners<true>& a, const Owners<true>& b)
{
    switch (field.kind)
    {
    case Kind::Number:
        return sameBits(valueOf<float>(field, a), valueOf<float>(field, b));
    case Kind::Boolean:
        return valueOf<bool>(field, a) == valueOf<bool>(field, b);
    case Kind::Vec2:
    case Kind::Direction:
    {
        const Vec2 x = valueOf<Vec2>(field, a);
        const Vec2 y = valueOf<Vec2>(field, b);
        return sameBits(x.x, y.x) && sameBits(x.y, y.y);
    }
    case Kind::Integer:
        return valueOf<int>(field, a) == valueOf<int>(field, b);
    case Kind::Bits:
    case Kind::Mask:
        return valueOf<std::uint32_t>(field, a) == valueOf<std::uint32_t>(field, b);
    case Kind::OptionalNumber:
    {
        const std::optional<float>& x = valueOf<std::optional<float>>(field, a);
        const std::optional<float>& y = valueOf<std::optional<float>>(field, b);
        return x.has_value() == y.has_value() && (!x || sameBits(*x, *y));
    }
    case Kind::OptionalVec2:
    {
        const std::optional<Vec2>& x = valueOf<std::optional<Vec2>>(field, a);
        const std::optional<Vec2>& y = valueOf<std::optional<Vec2>>(field, b);
        return x.has_value() == y.has_value() && (!x || (sameBits(x->x, y->x) && sameBits(x->y, y->y)));
    }
    case Kind::BodyRef:
        return valueOf<SceneBodyRef>(field, a) == valueOf<SceneBodyRef>(field, b);
    case Kind::String:
        return valueOf<std::string>(field, a) == valueOf<std::string>(field, b);
    case Kind::BodyType:
        return valueOf<BodyType>(field, a) == valueOf<BodyType>(field, b);
    case Kind::Solver:
        return valueOf<Solver>(field, a) == valueOf<Solver>(field, b);
    case Kind::Filter:
        return std::all_of(fields.begin(), fields.end(),
                           [&](const FieldSpec& part)
                           { return (part.places & place::filter) == 0 || sameValue(part, a, b); });
    case Kind::Format:
    case Kind::World:
    case Kind::Bodies:
    case Kind::Shapes:
    case Kind::Joints:
    case Kind::JointType:
        break;
    }
    return true;
}

} // namespace oblique::scene_detail
