#include "oblique/compare/oblique_world.hpp"

#include <algorithm>

namespace oblique::compare
{

ObliqueWorld::ObliqueWorld(const Scene& scene)
    : m_instance(instantiate(scene)), m_timeStep(scene.world.timeStep)
{
    for (std::size_t i = 0; i < m_instance.bodies.size(); ++i)
    {
        const std::uint32_t slot = m_instance.bodies[i].index;
        if (slot >= m_sceneIndexOfSlot.size())
        {
            m_sceneIndexOfSlot.resize(slot + 1, -1);
        }
        m_sceneIndexOfSlot[slot] = static_cast<int>(i);
        const std::vector<ShapeId> shapes = m_instance.world.shapes(m_instance.bodies[i]);
        for (std::size_t k = 0; k < shapes.size(); ++k)
        {
            if (shapes[k].index >= m_shapeIndexOfSlot.size())
            {
                m_shapeIndexOfSlot.resize(shapes[k].index + 1, -1);
            }
            m_shapeIndexOfSlot[shapes[k].index] = static_cast<int>(k);
        }
    }
}

void ObliqueWorld::step()
{
    m_instance.world.step(m_timeStep);
    ++m_stepCount;
}

std::vector<PairContact> ObliqueWorld::collide()
{
    m_instance.world.updateContacts();
    return contacts();
}

std::vector<PairContact> ObliqueWorld::contacts() const
{
    std::vector<PairContact> out;
    for (const ContactInfo& c : m_instance.world.contacts())
    {
        PairContact pc;
        pc.a = m_sceneIndexOfSlot[c.a.index];
        pc.b = m_sceneIndexOfSlot[c.b.index];
        pc.shapeA = m_shapeIndexOfSlot[c.shapeA.index];
        pc.shapeB = m_shapeIndexOfSlot[c.shapeB.index];
        pc.showShapes = m_instance.world.shapes(c.a).size() > 1 || m_instance.world.shapes(c.b).size() > 1;
        pc.normal = c.manifold.normal;
        if (pc.a > pc.b)
        {
            std::swap(pc.a, pc.b);
            std::swap(pc.shapeA, pc.shapeB);
            pc.normal = -pc.normal;
        }
        for (int k = 0; k < c.manifold.pointCount; ++k)
        {
            // Geometric touching only, as Box2D reports it: the world's own notion also takes in
            // points a hair apart.
            if (c.manifold.points[k].separation <= 0.0f)
            {
                pc.points.push_back({c.manifold.points[k].point, c.manifold.points[k].separation});
            }
        }
        if (!pc.points.empty())
        {
            out.push_back(std::move(pc));
        }
    }
    sortByPair(out);
    return out;
}

BodyState ObliqueWorld::bodyState(int index) const
{
    const World& w = m_instance.world;
    const BodyId id = body(index);
    return {w.position(id), w.angle(id), w.linearVelocity(id), w.angularVelocity(id), w.isAwake(id)};
}

} // namespace oblique::compare
