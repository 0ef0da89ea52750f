#pragma once
/// What the world reports about contacts after each step. Events live until the next step.

#include "oblique/body.hpp"
#include "oblique/manifold.hpp"
#include "oblique/shape.hpp"

namespace oblique
{

/// Two shapes started touching: shapeA of body a and shapeB of body b. The manifold's normal
/// points from a to b.
struct ContactBeginEvent
{
    BodyId a;
    BodyId b;
    ShapeId shapeA;
    ShapeId shapeB;
    Manifold manifold;
};

/// Two shapes stopped touching, or one of them (or its body) was destroyed while they touched.
struct ContactEndEvent
{
    BodyId a;
    BodyId b;
    ShapeId shapeA;
    ShapeId shapeB;
};

/// The impulses the solver applied at a touching contact during the last step (N*s); divide by
/// the time step for forces. Reported only when WorldDef::impulseEvents is on.
struct ContactImpulseEvent
{
    BodyId a;
    BodyId b;
    ShapeId shapeA;
    ShapeId shapeB;
    Vec2 normal; ///< from a to b
    int pointCount = 0;
    Vec2 points[2]; ///< world positions
    float normalImpulses[2] = {0.0f, 0.0f};
    float tangentImpulses[2] = {0.0f, 0.0f};
};

/// A shape began or stopped overlapping a sensor shape.
struct SensorEvent
{
    BodyId sensor;  ///< the body the sensor shape belongs to
    BodyId visitor; ///< the body of the shape that entered or left
    ShapeId sensorShape;
    ShapeId visitorShape;
};

} // namespace oblique
