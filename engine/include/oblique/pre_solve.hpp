#pragma once
/// The pre-solve callback: a look at each contact after the narrow phase and before the solver,
/// to switch it off for one step or change how it behaves (a custom one-way rule, a sticky or
/// icy patch, a conveyor that runs only sometimes).

#include "oblique/body.hpp"
#include "oblique/manifold.hpp"
#include "oblique/shape.hpp"

#include <functional>

namespace oblique
{

/// One contact between solid shapes, as the callback sees it: shapeA of body a against shapeB of
/// body b, with the manifold the narrow phase just found. The last four fields start at what the
/// shapes give and apply to this step only.
struct PreSolveContact
{
    BodyId a;
    BodyId b;
    ShapeId shapeA;
    ShapeId shapeB;
    Manifold manifold;         ///< normal from a to b; touching and speculative points
    bool enabled = true;       ///< false: the solver leaves the contact alone this step
    float friction = 0.0f;     ///< >= 0; the shapes' mix, sqrt(fa * fb)
    float restitution = 0.0f;  ///< in [0, 1]; the shapes' mix, max(ra, rb)
    float surfaceSpeed = 0.0f; ///< m/s; the shapes' surface speeds added (counter-clockwise positive)
};

/// Called from World::step, during the narrow phase, for every contact between solid (non-sensor)
/// shapes that has points within reach and an awake body, once per step, in a fixed order (so
/// results stay deterministic). It may read the world and change the fields above; it must not
/// add, remove or move bodies or shapes, or step the world (those calls are refused while it
/// runs), and must not throw. Values out of range are clamped into it (friction to [0, 1e6],
/// restitution to [0, 1], surface speed to +-1e6 m/s); a NaN keeps what the shapes gave.
using PreSolveCallback = std::function<void(PreSolveContact& contact)>;

} // namespace oblique
