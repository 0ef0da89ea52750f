#include "box2d_view.hpp"

#include <algorithm>
#include <cmath>
#include <span>

#if OBLIQUE_SANDBOX_BOX2D
#include "oblique/compare/box2d_world.hpp"

#include <box2d/box2d.h>
#endif

namespace oblique::sandbox
{

#if OBLIQUE_SANDBOX_BOX2D

struct Box2dView::Impl
{
    explicit Impl(const Scene& scene) : world(scene) {}
    compare::Box2dWorld world;
};

bool Box2dView::isAvailable()
{
    return true;
}

void Box2dView::start(const Scene& scene, const WorldDef& settings)
{
    stop();
    Scene tuned = scene;
    tuned.world.gravity = settings.gravity;
    tuned.world.velocityIterations = settings.velocityIterations;
    tuned.world.positionIterations = settings.positionIterations;
    tuned.world.allowSleep = settings.allowSleep;
    tuned.world.restitutionThreshold = settings.restitutionThreshold;
    try
    {
        m_impl = std::make_unique<Impl>(tuned);
    }
    catch (const std::exception& e)
    {
        m_error = std::string("Box2D: ") + e.what();
        return;
    }
    m_impl->world.world().SetWarmStarting(settings.warmStarting);
    m_impl->world.world().SetContinuousPhysics(settings.continuous);
    m_settings = settings;
}

void Box2dView::syncKinematic(const World& world, const std::vector<BodyId>& bodies)
{
    if (!m_impl)
    {
        return;
    }
    const int count = std::min(m_impl->world.bodyCount(), static_cast<int>(bodies.size()));
    for (int i = 0; i < count; ++i)
    {
        const BodyId id = bodies[static_cast<std::size_t>(i)];
        if (!world.isValid(id) || world.bodyType(id) != BodyType::Kinematic)
        {
            continue;
        }
        b2Body& body = m_impl->world.body(i);
        const Vec2 p = world.position(id);
        const Vec2 v = world.linearVelocity(id);
        body.SetTransform({p.x, p.y}, world.angle(id));
        body.SetLinearVelocity({v.x, v.y});
        body.SetAngularVelocity(world.angularVelocity(id));
    }
}

void Box2dView::step(const World& world, const std::vector<BodyId>& bodies)
{
    if (!m_impl)
    {
        return;
    }
    m_impl->world.step();
    ++m_stepCount;
    m_maxDivergence = 0.0f;
    m_maxDivergenceBody = -1;
    const int count = std::min(m_impl->world.bodyCount(), static_cast<int>(bodies.size()));
    for (int i = 0; i < count; ++i)
    {
        const BodyId id = bodies[static_cast<std::size_t>(i)];
        if (!world.isValid(id))
        {
            continue;
        }
        const b2Vec2 theirs = m_impl->world.body(i).GetPosition();
        const float d = distance(world.position(id), {theirs.x, theirs.y});
        if (d > m_maxDivergence || m_maxDivergenceBody < 0)
        {
            m_maxDivergence = d;
            m_maxDivergenceBody = i;
        }
    }
}

void Box2dView::applySettings(const WorldDef& settings)
{
    if (!m_impl)
    {
        return;
    }
    b2World& world = m_impl->world.world();
    world.SetGravity({settings.gravity.x, settings.gravity.y});
    world.SetAllowSleeping(settings.allowSleep);
    world.SetWarmStarting(settings.warmStarting);
    world.SetContinuousPhysics(settings.continuous);
    if (settings.velocityIterations != m_settings.velocityIterations ||
        settings.positionIterations != m_settings.positionIterations)
    {
        markDiverged("iteration counts changed");
    }
    // Box2D 2.4 has one method; changing the engine's mid-run compares the second half of one
    // experiment with the whole of another.
    const bool softStepTuned = settings.subSteps != m_settings.subSteps ||
                               settings.contactHertz != m_settings.contactHertz ||
                               settings.contactDampingRatio != m_settings.contactDampingRatio ||
                               settings.contactPushMaxSpeed != m_settings.contactPushMaxSpeed;
    if (settings.solver != m_settings.solver)
    {
        markDiverged("solver changed");
    }
    else if (settings.solver == Solver::SoftStep && softStepTuned)
    {
        markDiverged("soft step settings changed");
    }
    m_settings = settings;
}

void Box2dView::draw(DebugDraw& drawer) const
{
    if (!m_impl)
    {
        return;
    }
    for (int i = 0; i < m_impl->world.bodyCount(); ++i)
    {
        drawBody(drawer, i, kGhostColor);
    }
}

void Box2dView::drawBody(DebugDraw& drawer, int index, Color color) const
{
    if (!m_impl || index < 0 || index >= m_impl->world.bodyCount())
    {
        return;
    }
    const b2Body& body = m_impl->world.body(index);
    const b2Transform& xf = body.GetTransform();
    Vec2 vertices[b2_maxPolygonVertices];
    for (const b2Fixture* f = body.GetFixtureList(); f != nullptr; f = f->GetNext())
    {
        if (f->GetType() == b2Shape::e_polygon)
        {
            const auto* polygon = static_cast<const b2PolygonShape*>(f->GetShape());
            const int n = polygon->m_count;
            for (int k = 0; k < n; ++k)
            {
                const b2Vec2 p = b2Mul(xf, polygon->m_vertices[k]);
                vertices[k] = {p.x, p.y};
            }
            drawer.drawPolygon(std::span<const Vec2>(vertices, static_cast<std::size_t>(n)), color);
        }
        else if (f->GetType() == b2Shape::e_circle)
        {
            const auto* circle = static_cast<const b2CircleShape*>(f->GetShape());
            const b2Vec2 c = b2Mul(xf, circle->m_p);
            const b2Vec2 rim = b2Mul(xf, circle->m_p + b2Vec2(circle->m_radius, 0.0f));
            drawer.drawCircle({c.x, c.y}, circle->m_radius, color);
            drawer.drawSegment({c.x, c.y}, {rim.x, rim.y}, color);
        }
    }
}

#else

// Built without Box2D: the view exists but never runs, and the panel says so.
struct Box2dView::Impl
{
};

bool Box2dView::isAvailable()
{
    return false;
}

void Box2dView::start(const Scene& /*scene*/, const WorldDef& /*settings*/)
{
    m_error = "this sandbox was built without Box2D";
}

void Box2dView::syncKinematic(const World& /*world*/, const std::vector<BodyId>& /*bodies*/) {}

void Box2dView::step(const World& /*world*/, const std::vector<BodyId>& /*bodies*/) {}

void Box2dView::applySettings(const WorldDef& /*settings*/) {}

void Box2dView::draw(DebugDraw& /*drawer*/) const {}

void Box2dView::drawBody(DebugDraw& /*drawer*/, int /*index*/, Color /*color*/) const {}

#endif

Box2dView::Box2dView() = default;

Box2dView::~Box2dView() = default;

void Box2dView::stop()
{
    m_impl.reset();
    m_diverged = false;
    m_divergedReason.clear();
    m_maxDivergence = 0.0f;
    m_maxDivergenceBody = -1;
    m_stepCount = 0;
    m_error.clear();
}

bool Box2dView::isRunning() const
{
    return m_impl != nullptr;
}

void Box2dView::markDiverged(const std::string& reason)
{
    if (m_impl && !m_diverged)
    {
        m_diverged = true;
        m_divergedReason = reason;
    }
}

} // namespace oblique::sandbox
