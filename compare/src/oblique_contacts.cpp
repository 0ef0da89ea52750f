#include "oblique/compare/oblique_contacts.hpp"

namespace oblique::compare
{

bool canCollide(BodyType a, BodyType b)
{
    return a == BodyType::Dynamic || b == BodyType::Dynamic;
}

Manifold collideBodies(const SceneBody& a, const SceneBody& b)
{
    if (a.shape == ShapeKind::Box)
    {
        return b.shape == ShapeKind::Box ? collideBoxes(obbOf(a), obbOf(b))
                                         : collideBoxCircle(obbOf(a), circleOf(b));
    }
    return b.shape == ShapeKind::Box ? collideCircleBox(circleOf(a), obbOf(b))
                                     : collideCircles(circleOf(a), circleOf(b));
}

std::vector<PairContact> obliqueContacts(const Scene& scene)
{
    std::vector<PairContact> result;
    const auto n = static_cast<int>(scene.bodies.size());
    for (int i = 0; i < n; ++i)
    {
        const SceneBody& bi = scene.bodies[static_cast<std::size_t>(i)];
        for (int j = i + 1; j < n; ++j)
        {
            const SceneBody& bj = scene.bodies[static_cast<std::size_t>(j)];
            if (!canCollide(bi.type, bj.type))
            {
                continue;
            }
            const Manifold m = collideBodies(bi, bj);
            if (m.pointCount == 0)
            {
                continue;
            }
            PairContact pc{i, j, m.normal, {}};
            for (int k = 0; k < m.pointCount; ++k)
            {
                pc.points.push_back({m.points[k].point, m.points[k].separation});
            }
            result.push_back(std::move(pc));
        }
    }
    return result;
}

} // namespace oblique::compare
