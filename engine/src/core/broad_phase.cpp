// The broad phase: one proxy in the dynamic tree per shape of an enabled body; new pairs found for
// the proxies that moved, and proxies refitted after the solver has moved their bodies.

#include "buffers.hpp"
#include "constants.hpp"
#include "parallel_for.hpp"
#include "world_state.hpp"

#include <algorithm>
#include <atomic>
#include <cassert>

namespace oblique::detail
{

// How far a shape's fat box reaches past it (before any stretch along its motion): always the
// speculative distance, so that a pair is found before its shapes come that close; for a shape
// that moves, a margin of its size more, so that small motions keep their box. Read from where
// the shape was last placed (placeShape), whose extent is its own whatever its pose.
float WorldState::fatMarginOf(std::uint32_t shape) const
{
    if (records[shapes[shape].body].type == BodyType::Static)
    {
        return 2.0f * kSpeculativeDistance;
    }
    return kSpeculativeDistance + std::min(kMaxAabbMargin, kAabbMarginFraction * extentOf(geometry(shape)));
}

void WorldState::insertProxy(std::uint32_t shape)
{
    // A disabled body's shapes are still placed: obb(), circle() and aabb() read them.
    const Aabb box = placeShape(shape);
    ShapeRecord& s = shapes[shape];
    if (!records[s.body].enabled)
    {
        return;
    }
    s.proxyId = tree.createProxy(box, fatMarginOf(shape), shape);
    s.fatBox = tree.fatAabb(s.proxyId);
    noteShape(shape);
    moveBuffer.push_back(s.proxyId);
}

void WorldState::removeProxy(std::uint32_t shape)
{
    ShapeRecord& s = shapes[shape];
    if (s.proxyId == kNullNode)
    {
        return;
    }
    std::replace(moveBuffer.begin(), moveBuffer.end(), s.proxyId, kNullNode);
    tree.destroyProxy(s.proxyId);
    s.proxyId = kNullNode;
}

void WorldState::removeProxies(std::uint32_t body)
{
    for (std::int32_t s = records[body].shapeHead; s != kNullIndex;
         s = shapes[static_cast<std::size_t>(s)].next)
    {
        removeProxy(static_cast<std::uint32_t>(s));
    }
}

void WorldState::reinsertProxy(std::uint32_t shape)
{
    removeProxy(shape);
    insertProxy(shape);
}

void WorldState::reinsertProxies(std::uint32_t body)
{
    for (std::int32_t s = records[body].shapeHead; s != kNullIndex;
         s = shapes[static_cast<std::size_t>(s)].next)
    {
        reinsertProxy(static_cast<std::uint32_t>(s));
    }
}

// Finds pairs for every proxy that moved since the last call and creates the contacts of those
// that have none. New pairs are sorted before creation so contact order depends only on shape
// indices.
void WorldState::updatePairs()
{
    pairBuffer.clear();
    for (const std::int32_t proxy : moveBuffer)
    {
        if (proxy == kNullNode)
        {
            continue;
        }
        const std::uint32_t self = tree.userData(proxy);
        const std::uint32_t selfBody = shapes[self].body;
        const Filter selfFilter = shapes[self].def.filter;
        const BodyType selfType = records[selfBody].type;
        const bool selfSensor = shapes[self].def.isSensor;
        tree.query(
            tree.fatAabb(proxy),
            [&](std::int32_t other)
            {
                if (other == proxy)
                {
                    return true;
                }
                // When both moved, only the query from the higher proxy reports the pair.
                if (tree.wasMoved(other) && other > proxy)
                {
                    return true;
                }
                if (!overlapsWithin(tree.fatAabb(proxy), tree.fatAabb(other)))
                {
                    return true;
                }
                const std::uint32_t shape = tree.userData(other);
                const ShapeRecord& otherShape = shapes[shape];
                // Shapes of one body never collide.
                if (otherShape.body == selfBody)
                {
                    return true;
                }
                // Solid shapes meet only where a dynamic body can be pushed; a sensor
                // notices bodies of every type.
                if (selfType != BodyType::Dynamic && records[otherShape.body].type != BodyType::Dynamic &&
                    !selfSensor && !otherShape.def.isSensor)
                {
                    return true;
                }
                if (!shouldCollide(selfFilter, otherShape.def.filter))
                {
                    return true;
                }
                if (records[selfBody].jointHead != kNullIndex && jointKeepsApart(selfBody, otherShape.body))
                {
                    return true;
                }
                // A pair that has its contact already is not kept to be sorted: at rest or in a
                // tumbling pile, nearly every pair a query meets has one.
                const std::uint64_t key = pairKey(self, shape);
                if (contactMap.find(key) == PairMap::kMissing)
                {
                    pairBuffer.push_back(key);
                }
                return true;
            });
    }
    for (const std::int32_t proxy : moveBuffer)
    {
        if (proxy != kNullNode)
        {
            tree.clearMoved(proxy);
        }
    }
    moveBuffer.clear();

    std::sort(pairBuffer.begin(), pairBuffer.end());
    pairBuffer.erase(std::unique(pairBuffer.begin(), pairBuffer.end()), pairBuffer.end());
    for (const std::uint64_t key : pairBuffer)
    {
        createContact(static_cast<std::uint32_t>(key >> 32), static_cast<std::uint32_t>(key & 0xFFFFFFFFu));
    }
}

// Refits the proxies of the bodies the solver moved this step, then rebuilds the part of the
// tree they enlarged. The fat box is stretched along the step's displacement so steadily moving
// bodies rarely need a new one. Placing the shapes and asking which proxies left their boxes is
// each shape's own work, spread over the workers; the boxes are renewed after, on the calling
// thread in body order, as a single pass would.
void WorldState::synchronize(float dt)
{
    refill(proxyMoves, shapes.size(), std::uint8_t{0});
    const std::vector<std::uint32_t>& moved = solverBodies.toBody;
    std::atomic<bool> anyLeft{false};
    parallelFor(def.tasks, static_cast<int>(moved.size()), kBodiesPerTask,
                [this, dt, &moved, &anyLeft](int begin, int end)
                {
                    bool left = false;
                    for (int k = begin; k < end; ++k)
                    {
                        const std::uint32_t index = moved[static_cast<std::size_t>(k)];
                        const Vec2 displacement = dt * states[index].v;
                        for (std::int32_t s = records[index].shapeHead; s != kNullIndex;
                             s = shapes[static_cast<std::size_t>(s)].next)
                        {
                            const Aabb box = placeShape(static_cast<std::uint32_t>(s));
                            const bool leaves =
                                tree.needsMove(shapes[static_cast<std::size_t>(s)].proxyId, box,
                                               fatMarginOf(static_cast<std::uint32_t>(s)), displacement);
                            proxyMoves[static_cast<std::size_t>(s)] = leaves ? 1 : 0;
                            left = left || leaves;
                        }
                    }
                    if (left)
                    {
                        anyLeft.store(true, std::memory_order_relaxed);
                    }
                });
    // At rest, nothing left its box: nothing to renew.
    for (std::size_t k = 0; anyLeft.load(std::memory_order_relaxed) && k < moved.size(); ++k)
    {
        const std::uint32_t index = moved[k];
        const Vec2 displacement = dt * states[index].v;
        for (std::int32_t s = records[index].shapeHead; s != kNullIndex;
             s = shapes[static_cast<std::size_t>(s)].next)
        {
            if (proxyMoves[static_cast<std::size_t>(s)] == 0)
            {
                continue;
            }
            ShapeRecord& shape = shapes[static_cast<std::size_t>(s)];
            [[maybe_unused]] const bool renewed =
                tree.moveProxy(shape.proxyId, shapeAabb(static_cast<std::uint32_t>(s)),
                               fatMarginOf(static_cast<std::uint32_t>(s)), displacement);
            assert(renewed);
            moveBuffer.push_back(shape.proxyId);
            shape.fatBox = tree.fatAabb(shape.proxyId);
            noteShape(static_cast<std::uint32_t>(s));
        }
    }
    tree.rebuild();
}

} // namespace oblique::detail
