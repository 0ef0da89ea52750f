#include "scene_fields.hpp"

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
    case Kind::Format:
    case Kind::World:
    case Kind::Bodies:
    case Kind::Shapes:
    case Kind::Filter:
    case Kind::NotYet:
        return stores<void>(field);
    }
    return false;
}

/// Which owner a place's fields live in: the index of its pointer in Owners.
constexpr int ownerOfPlace(Places bit)
{
    switch (bit)
    {
    case place::root:
        return 0;
    case place::world:
        return 1;
    case place::body:
        return 2;
    case place::shape:
    case place::shorthand:
        return 3;
    case place::filter:
        return 4;
    default:
        return -1;
    }
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
                using Owner = typename MemberTraits<M>::Owner;
                if constexpr (std::is_same_v<Owner, Scene>)
                {
                    return 0;
                }
                else if constexpr (std::is_same_v<Owner, SceneWorld>)
                {
                    return 1;
                }
                else if constexpr (std::is_same_v<Owner, SceneBody>)
                {
                    return 2;
                }
                else if constexpr (std::is_same_v<Owner, ShapeDef>)
                {
                    return 3;
                }
                else
                {
                    return 4;
                }
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
    for (unsigned bit = 1; bit <= 0x80u; bit <<= 1u)
    {
        const auto one = static_cast<Places>(bit);
        if ((field.places & one) != 0 && ownerOfPlace(one) != owner)
        {
            return false;
        }
    }
    return true;
}

/// The file objects a field can be given in: shorthand fields are given in body objects.
constexpr Places objectsOf(Places places)
{
    if ((places & place::shorthand) == 0)
    {
        return places;
    }
    return static_cast<Places>((places - place::shorthand) | place::body);
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
    case Kind::NotYet:
        break;
    }
    return true;
}

} // namespace oblique::scene_detail
