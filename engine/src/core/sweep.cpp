// Sweeps for speculative points (sweep.hpp) and the gap bounds they advance by.

#include "sweep.hpp"

#include "box_geometry.hpp"
#include "constants.hpp"
#include "shape_geometry.hpp"
#include "world_state.hpp"

#include <algorithm>
#include <cmath>

namespace oblique::detail
{

float gapBound(const Obb& a, const Obb& b)
{
    return std::max(largest(faceSeparations(a, b)), largest(faceSeparations(b, a)));
}

float gapBound(const Obb& a, const Circle& b)
{
    const Vec2 c = toLocal(a, b.center);
    const Vec2 h = a.halfExtents;
    const Vec2 outside{std::max(std::fabs(c.x) - h.x, 0.0f), std::max(std::fabs(c.y) - h.y, 0.0f)};
    // Inside the box, how far the centre is from its nearest face, as a negative gap.
    const float inside = std::min(std::max(std::fabs(c.x) - h.x, std::fabs(c.y) - h.y), 0.0f);
    return length(outside) + inside - b.radius;
}

float gapBound(const Circle& a, const Obb& b)
{
    return gapBound(b, a);
}

float gapBound(const Circle& a, const Circle& b)
{
    return distance(a.center, b.center) - a.radius - b.radius;
}

namespace
{

// Past this many advances the shapes are taken to meet: the bound crept along a gap just wider
// than reach (a body sliding past another a hair farther than reach away).
constexpr int kMaxAdvances = 24;

// A body whose points move more by its turn than this share of its travel is not followed.
constexpr float kTurnShare = 0.25f;

// A shape carried along by its body's motion at the step's start, as the step caps it.
struct MovingShape
{
    const ShapeRecord* shape;
    Vec2 center; // the body's centre of mass
    float angle;
    Vec2 v;
    float w;
    Vec2 localCenter;
    // How far any of its points can stray from that motion over the step: what gravity, a force
    // and a torque add to it (half the acceleration times the step squared).
    float drift;
};

MovingShape movingShape(const WorldState& w, std::uint32_t body, std::uint32_t shape, float dt)
{
    const BodyState& s = w.states[body];
    const BodyRecord& r = w.records[body];
    Vec2 v = s.v;
    const float maxSpeed = kMaxTranslation / dt;
    if (lengthSquared(v) > maxSpeed * maxSpeed)
    {
        v *= maxSpeed / length(v);
    }
    const float maxSpin = stepTurnCap(w.def.solver, w.def.subSteps, r) / dt;
    const float spin = std::clamp(s.w, -maxSpin, maxSpin);
    float drift = 0.0f;
    if (r.type == BodyType::Dynamic)
    {
        const float accel = length(r.gravityScale * w.def.gravity + r.invMass * r.force) +
                            std::fabs(r.invInertia * r.torque) * r.maxExtent;
        drift = 0.5f * accel * dt * dt;
    }
    return {&w.shapes[shape], s.center, s.angle, v, spin, r.localCenter, drift};
}

// Whether the body will move over the step as its velocity says, give or take the sweep's drift:
// it is not dynamic; or no joint holds it and it is all but still; or no joint holds it, nothing
// steered it last step and its turn moves its points less than kTurnShare of its travel. A body
// pressed against another, bouncing off one or spinning is not followed, as what it strikes
// mid-step turns it anew: a spinning plank striking a post's top swings its end into the floor
// within the step.
bool pathKnown(const WorldState& w, std::uint32_t body, float dt)
{
    const BodyRecord& r = w.records[body];
    if (r.type != BodyType::Dynamic)
    {
        return true;
    }
    if (r.jointHead != kNullIndex)
    {
        return false;
    }
    if (w.speedBoundOf(body) * dt <= kSpeculativeDistance)
    {
        return true;
    }
    const BodyState& s = w.states[body];
    return !r.steered && std::fabs(s.w) * r.maxExtent <= kTurnShare * length(s.v);
}

ShapeGeometry placedAt(const MovingShape& m, float time)
{
    const float angle = m.angle + time * m.w;
    const Rot q = makeRot(angle);
    return worldGeometry(*m.shape, originOf(m.center + time * m.v, q, m.localCenter), angle, q);
}

// Conservative advancement: never false for shapes that meet within reach while moving so, and
// true where either body's path is not its own to draw.
bool sweepMeets(const WorldState& w, const Contact& contact, float dt, float reach)
{
    if (!pathKnown(w, contact.a, dt) || !pathKnown(w, contact.b, dt))
    {
        return true;
    }
    const MovingShape a = movingShape(w, contact.a, contact.shapeA, dt);
    const MovingShape b = movingShape(w, contact.b, contact.shapeB, dt);
    reach += a.drift + b.drift;
    // How fast any point of one shape can approach any point of the other.
    const float closing = length(b.v - a.v) + std::fabs(a.w) * w.records[contact.a].maxExtent +
                          std::fabs(b.w) * w.records[contact.b].maxExtent;
    float time = 0.0f;
    for (int i = 0; i < kMaxAdvances; ++i)
    {
        const float gap = gapBound(placedAt(a, time), placedAt(b, time));
        if (!(gap > reach))
        {
            return true;
        }
        // Advance to where the gap could have closed to half of reach: at least that far, at
        // most the rest of the step.
        time += (gap - 0.5f * reach) / closing;
        if (!(time < dt))
        {
            return false;
        }
    }
    return true;
}

} // namespace

void dropMissedPoints(const WorldState& w, Contact& contact, float dt, float reach)
{
    Manifold& m = contact.manifold;
    const bool anyBeyond = std::any_of(m.points, m.points + m.pointCount,
                                       [reach](const ManifoldPoint& p) { return p.separation > reach; });
    if (!anyBeyond || sweepMeets(w, contact, dt, reach))
    {
        return;
    }
    int kept = 0;
    for (int i = 0; i < m.pointCount; ++i)
    {
        if (m.points[i].separation <= reach)
        {
            m.points[kept++] = m.points[i];
        }
    }
    m.pointCount = kept;
}

} // namespace oblique::detail
