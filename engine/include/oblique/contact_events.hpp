#pragma once
/// What the world reports about contacts after each step. Events live until the next step.

#include "oblique/body.hpp"
#include "oblique/manifold.hpp"

namespace oblique
{

/// Two bodies started touching. The manifold's normal points from a to b.
struct ContactBeginEvent
{
    BodyId a;
    BodyId b;
    Manifold manifold;
};

/// Two bodies stopped touching, or one of them was destroyed while they touched.
struct ContactEndEvent
{
    BodyId a;
    BodyId b;
};

/// The impulses the solver applied at a touching contact during the last step (N*s); divide by
/// the time step for forces. Reported only when WorldDef::impulseEvents is on.
struct ContactImpulseEvent
{
    BodyId a;
    BodyId b;
    Vec2 normal; ///< from a to b
    int pointCount = 0;
    Vec2 points[2]; ///< world positions
    float normalImpulses[2] = {0.0f, 0.0f};
    float tangentImpulses[2] = {0.0f, 0.0f};
};

/// A body began or stopped overlapping a sensor.
struct SensorEvent
{
    BodyId sensor;
    BodyId visitor;
};

} // namespace oblique
