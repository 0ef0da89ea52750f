// Shapes: their records, and the calls that add, remove, change and read them.

#include "hidden_faces.hpp"
#include "oblique/world.hpp"
#include "validation.hpp"
#include "world_state.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

namespace oblique
{

using namespace detail;

namespace detail
{

namespace
{

// A direction of unit length. One within a few float roundings of unit length already is kept as
// it is, so a shape's oneWay read back and given again (a saved scene) changes no bit.
Vec2 unitDirection(Vec2 d)
{
    if (d == Vec2{})
    {
        return d;
    }
    const double x = static_cast<double>(d.x);
    const double y = static_cast<double>(d.y);
    const double length = std::hypot(x, y);
    constexpr double kTolerance = 4.0 / 16777216.0;
    if (std::fabs(length - 1.0) <= kTolerance)
    {
        return d;
    }
    return {static_cast<float>(x / length), static_cast<float>(y / length)};
}

ShapeDef normalised(const ShapeDef& def)
{
    ShapeDef out = def;
    out.oneWay = unitDirection(def.oneWay);
    return out;
}

} // namespace

std::uint32_t WorldState::checkedShape(ShapeId id, const char* what) const
{
    if (id.index >= shapes.size() || !shapes[id.index].alive || shapes[id.index].generation != id.generation)
    {
        fail(what, "shape handle is stale or invalid");
    }
    return id.index;
}

std::uint32_t WorldState::onlyShape(std::uint32_t body, const char* what) const
{
    const BodyRecord& r = records[body];
    if (r.shapeCount != 1)
    {
        fail(what, r.shapeCount == 0 ? "the body has no shape"
                                     : "the body has several shapes: ask for one of them by its ShapeId");
    }
    return static_cast<std::uint32_t>(r.shapeHead);
}

std::uint32_t WorldState::addShape(std::uint32_t body, const ShapeDef& shapeDef)
{
    std::uint32_t index;
    if (!freeShapes.empty())
    {
        index = freeShapes.back();
        freeShapes.pop_back();
    }
    else
    {
        index = static_cast<std::uint32_t>(shapes.size());
        shapes.emplace_back();
        shapeBriefs.emplace_back();
        placed.emplace_back();
    }
    ShapeRecord& s = shapes[index];
    const std::uint32_t generation = s.generation;
    s = ShapeRecord{};
    s.generation = generation;
    s.alive = true;
    s.body = body;
    s.def = normalised(shapeDef);
    s.atOrigin = shapeDef.offset == Vec2{} && shapeDef.angle == 0.0f;
    s.local = {shapeDef.offset, makeRot(shapeDef.angle)};
    noteShape(index);

    // Appended, so a body lists its shapes in the order they were made.
    BodyRecord& r = records[body];
    if (r.shapeHead == kNullIndex)
    {
        r.shapeHead = static_cast<std::int32_t>(index);
    }
    else
    {
        std::int32_t last = r.shapeHead;
        while (shapes[static_cast<std::size_t>(last)].next != kNullIndex)
        {
            last = shapes[static_cast<std::size_t>(last)].next;
        }
        shapes[static_cast<std::size_t>(last)].next = static_cast<std::int32_t>(index);
    }
    ++r.shapeCount;

    insertProxy(index);
    refreshHiddenFaces(body, shapeAabb(index));
    return index;
}

void WorldState::removeShape(std::uint32_t index)
{
    ShapeRecord& s = shapes[index];
    BodyRecord& r = records[s.body];
    if (r.shapeHead == static_cast<std::int32_t>(index))
    {
        r.shapeHead = s.next;
    }
    else
    {
        std::int32_t prev = r.shapeHead;
        while (shapes[static_cast<std::size_t>(prev)].next != static_cast<std::int32_t>(index))
        {
            prev = shapes[static_cast<std::size_t>(prev)].next;
        }
        shapes[static_cast<std::size_t>(prev)].next = s.next;
    }
    --r.shapeCount;
    const Aabb region = shapeAabb(index);
    removeProxy(index);
    s.alive = false;
    s.next = kNullIndex;
    s.hiddenFaces = 0;
    noteShape(index);
    ++s.generation;
    freeShapes.push_back(index);
    refreshHiddenFaces(s.body, region);
}

namespace
{

// Whether other's faces may hide shape's: both solid boxes that collide with exactly the same
// shapes, in the same way (a neighbour some bodies pass through, or a one-way platform beside a
// solid tile, leaves a real face where they meet).
bool mayHide(const WorldState& w, const ShapeRecord& shape, const ShapeRecord& other)
{
    const auto oneWayInWorld = [&w](const ShapeRecord& s)
    { return s.def.oneWay == Vec2{} ? Vec2{} : rotate(w.states[s.body].q, s.def.oneWay); };
    const Filter& f = shape.def.filter;
    const Filter& g = other.def.filter;
    return other.def.kind == ShapeKind::Box && !other.def.isSensor && f.categoryBits == g.categoryBits &&
           f.maskBits == g.maskBits && f.groupIndex == g.groupIndex &&
           distanceSquared(oneWayInWorld(shape), oneWayInWorld(other)) < 1e-6f;
}

// The faces of the shape at index that flush neighbours hide (updateHiddenFaces).
std::uint8_t hiddenFacesOf(WorldState& w, std::uint32_t index)
{
    const ShapeRecord& s = w.shapes[index];
    if (s.def.kind != ShapeKind::Box || s.def.isSensor)
    {
        return 0;
    }
    // A face with more flush neighbours than this is left visible, which is always safe.
    constexpr std::size_t kMaxNeighbours = 16;
    std::array<Obb, kMaxNeighbours> neighbours{};
    std::size_t count = 0;
    const auto add = [&](const Obb& box)
    {
        if (count < kMaxNeighbours)
        {
            neighbours[count++] = box;
        }
    };
    if (w.records[s.body].type == BodyType::Static)
    {
        // Static bodies never move against each other: their shapes are compared where they are.
        w.tree.query(inflate(w.shapeAabb(index), kFlushTolerance),
                     [&](std::int32_t proxy)
                     {
                         const std::uint32_t o = w.tree.userData(proxy);
                         const ShapeRecord& other = w.shapes[o];
                         if (o != index && w.records[other.body].type == BodyType::Static &&
                             mayHide(w, s, other))
                         {
                             add(std::get<Obb>(w.geometry(o)));
                         }
                         return true;
                     });
        return hiddenFaces(std::get<Obb>(w.geometry(index)), std::span(neighbours.data(), count));
    }
    // Any other body's shapes only keep their places among themselves, in the body's frame.
    for (std::int32_t o = w.records[s.body].shapeHead; o != kNullIndex;
         o = w.shapes[static_cast<std::size_t>(o)].next)
    {
        const ShapeRecord& other = w.shapes[static_cast<std::size_t>(o)];
        if (static_cast<std::uint32_t>(o) != index && mayHide(w, s, other))
        {
            add(std::get<Obb>(localGeometry(other.def)));
        }
    }
    return hiddenFaces(std::get<Obb>(localGeometry(s.def)), std::span(neighbours.data(), count));
}

} // namespace

void WorldState::updateHiddenFaces(std::uint32_t index)
{
    shapes[index].hiddenFaces = hiddenFacesOf(*this, index);
    noteShape(index);
}

void WorldState::refreshHiddenFaces(std::uint32_t body, const Aabb& region, bool wasStatic)
{
    for (std::int32_t s = records[body].shapeHead; s != kNullIndex;
         s = shapes[static_cast<std::size_t>(s)].next)
    {
        updateHiddenFaces(static_cast<std::uint32_t>(s));
    }
    if (records[body].type != BodyType::Static && !wasStatic)
    {
        return;
    }
    tree.query(inflate(region, kFlushTolerance),
               [&](std::int32_t proxy)
               {
                   const std::uint32_t o = tree.userData(proxy);
                   if (shapes[o].body != body && records[shapes[o].body].type == BodyType::Static)
                   {
                       updateHiddenFaces(o);
                   }
                   return true;
               });
}

} // namespace detail

ShapeId World::createShape(BodyId body, const ShapeDef& shape)
{
    WorldState& w = *m_impl;
    w.checkNotInCallback("createShape");
    const std::uint32_t b = w.checkedIndex(body, "createShape");
    validateShape("createShape", shape);
    checkMass(w, "createShape", b, kNullIndex, nullptr, &shape);
    const std::uint32_t s = w.addShape(b, shape);
    w.updateMass(b);
    w.wake(b);
    return w.shapeIdOf(s);
}

void World::destroyShape(ShapeId id)
{
    WorldState& w = *m_impl;
    w.checkNotInCallback("destroyShape");
    const std::uint32_t s = w.checkedShape(id, "destroyShape");
    const std::uint32_t b = w.shapes[s].body;
    w.dropContacts(b, static_cast<std::int32_t>(s));
    w.removeShape(s);
    w.updateMass(b);
    w.wake(b);
}

bool World::isValid(ShapeId id) const
{
    const WorldState& w = *m_impl;
    return id.index < w.shapes.size() && w.shapes[id.index].alive &&
           w.shapes[id.index].generation == id.generation;
}

std::vector<ShapeId> World::shapes(BodyId body) const
{
    const WorldState& w = *m_impl;
    std::vector<ShapeId> out;
    for (std::int32_t s = w.records[w.checkedIndex(body, "shapes")].shapeHead; s != kNullIndex;
         s = w.shapes[static_cast<std::size_t>(s)].next)
    {
        out.push_back(w.shapeIdOf(static_cast<std::uint32_t>(s)));
    }
    return out;
}

BodyId World::body(ShapeId shape) const
{
    const WorldState& w = *m_impl;
    return w.idOf(w.shapes[w.checkedShape(shape, "body")].body);
}

const ShapeDef& World::shape(ShapeId id) const
{
    return m_impl->shapes[m_impl->checkedShape(id, "shape")].def;
}

const ShapeDef& World::shape(BodyId id) const
{
    const WorldState& w = *m_impl;
    return w.shapes[w.onlyShape(w.checkedIndex(id, "shape"), "shape")].def;
}

Obb World::obb(ShapeId id) const
{
    const WorldState& w = *m_impl;
    const ShapeGeometry& g = w.geometry(w.checkedShape(id, "obb"));
    if (!std::holds_alternative<Obb>(g))
    {
        fail("obb", "the shape is not a box");
    }
    return std::get<Obb>(g);
}

Obb World::obb(BodyId id) const
{
    const WorldState& w = *m_impl;
    return obb(w.shapeIdOf(w.onlyShape(w.checkedIndex(id, "obb"), "obb")));
}

Circle World::circle(ShapeId id) const
{
    const WorldState& w = *m_impl;
    const ShapeGeometry& g = w.geometry(w.checkedShape(id, "circle"));
    if (!std::holds_alternative<Circle>(g))
    {
        fail("circle", "the shape is not a circle");
    }
    return std::get<Circle>(g);
}

Circle World::circle(BodyId id) const
{
    const WorldState& w = *m_impl;
    return circle(w.shapeIdOf(w.onlyShape(w.checkedIndex(id, "circle"), "circle")));
}

Aabb World::aabb(ShapeId id) const
{
    return m_impl->shapeAabb(m_impl->checkedShape(id, "aabb"));
}

Aabb World::aabb(BodyId id) const
{
    const WorldState& w = *m_impl;
    const BodyRecord& r = w.records[w.checkedIndex(id, "aabb")];
    if (r.shapeHead == kNullIndex)
    {
        fail("aabb", "the body has no shape");
    }
    Aabb box = w.shapeAabb(static_cast<std::uint32_t>(r.shapeHead));
    for (std::int32_t s = w.shapes[static_cast<std::size_t>(r.shapeHead)].next; s != kNullIndex;
         s = w.shapes[static_cast<std::size_t>(s)].next)
    {
        box = merge(box, w.shapeAabb(static_cast<std::uint32_t>(s)));
    }
    return box;
}

void World::setShape(ShapeId id, const ShapeDef& shape)
{
    WorldState& w = *m_impl;
    w.checkNotInCallback("setShape");
    const std::uint32_t s = w.checkedShape(id, "setShape");
    validateShape("setShape", shape);
    const std::uint32_t b = w.shapes[s].body;
    checkMass(w, "setShape", b, static_cast<std::int32_t>(s), &shape, nullptr);
    w.dropContacts(b, static_cast<std::int32_t>(s));
    ShapeRecord& record = w.shapes[s];
    record.def = normalised(shape);
    record.atOrigin = shape.offset == Vec2{} && shape.angle == 0.0f;
    record.local = {shape.offset, makeRot(shape.angle)};
    w.updateMass(b);
    w.wake(b);
    const Aabb before = w.shapeAabb(s);
    w.reinsertProxy(s);
    w.refreshHiddenFaces(b, merge(before, w.shapeAabb(s)));
}

void World::setShape(BodyId id, const ShapeDef& shape)
{
    const WorldState& w = *m_impl;
    setShape(w.shapeIdOf(w.onlyShape(w.checkedIndex(id, "setShape"), "setShape")), shape);
}

} // namespace oblique
