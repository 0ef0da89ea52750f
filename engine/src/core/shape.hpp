#pragma once
// Internal: a shape's record. A shape belongs to one body and is placed in that body's frame;
// the broadphase holds one proxy per shape.

#include "dynamic_tree.hpp"
#include "oblique/aabb.hpp"
#include "oblique/shape.hpp"
#include "oblique/transform.hpp"

#include <cstdint>

namespace oblique::detail
{

struct ShapeRecord
{
    std::uint32_t generation = 0;
    bool alive = false;
    // Placed at the body's origin unturned: its pose is the body's, bit for bit.
    bool atOrigin = true;
    std::uint32_t body = 0;
    std::int32_t next = -1; // the body's next shape
    ShapeDef def;           // as given; oneWay normalised
    Transform local;        // offset and rotation in the body's frame
    std::int32_t proxyId = kNullNode;
    // The proxy's fat box, as the tree has it (kept with it by the broadphase): the narrow phase
    // tests each contact's two, and reads them here beside the proxy id rather than in the tree's
    // nodes, one miss a shape instead of two.
    Aabb fatBox;
    // Box faces covered flush by a neighbour (hidden_faces.hpp): of its own body's shapes, and
    // for a static body also of other static bodies'. Kept by refreshHiddenFaces.
    std::uint8_t hiddenFaces = 0;
};

// What the narrow phase reads of a shape for every contact it is in, copied from its record
// (WorldState::shapeBriefs): three shapes' share a cache line; one record spans two or three.
struct ShapeBrief
{
    Aabb fatBox;
    std::uint8_t hiddenFaces = 0;
};

inline ShapeBrief briefOf(const ShapeRecord& s)
{
    return {s.fatBox, s.hiddenFaces};
}

} // namespace oblique::detail
