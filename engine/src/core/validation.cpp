#include "validation.hpp"

#include "constants.hpp"
#include "oblique/api_error.hpp"
#include "world_state.hpp"

#include <cmath>

namespace oblique::detail
{

void fail(const char* function, const std::string& message)
{
    reportApiError((std::string(function) + ": " + message).c_str());
}

void requireFinite(const char* function, const char* name, float value)
{
    if (!std::isfinite(value))
    {
        fail(function, std::string(name) + " must be finite");
    }
}

void requireFinite(const char* function, const char* name, Vec2 value)
{
    if (!isFinite(value))
    {
        fail(function, std::string(name) + " must be finite");
    }
}

void requireInRange(const char* function, Vec2 position)
{
    if (!(std::fabs(position.x) <= kWorldLimit) || !(std::fabs(position.y) <= kWorldLimit))
    {
        fail(function, "position must be finite and within 1e18 m of the origin");
    }
}

void validateBody(const char* function, const BodyDef& b)
{
    if (b.type != BodyType::Static && b.type != BodyType::Kinematic && b.type != BodyType::Dynamic)
    {
        fail(function, "body.type is not a body type");
    }
    requireInRange(function, b.position);
    requireFinite(function, "body.angle", b.angle);
    requireFinite(function, "body.linearVelocity", b.linearVelocity);
    requireFinite(function, "body.angularVelocity", b.angularVelocity);
    requireFinite(function, "body.gravityScale", b.gravityScale);
    if (!std::isfinite(b.linearDamping) || b.linearDamping < 0.0f)
    {
        fail(function, "body.linearDamping must be finite and >= 0");
    }
    if (!std::isfinite(b.angularDamping) || b.angularDamping < 0.0f)
    {
        fail(function, "body.angularDamping must be finite and >= 0");
    }
    if (b.type == BodyType::Static && (!(b.linearVelocity == Vec2{}) || b.angularVelocity != 0.0f))
    {
        fail(function, "a static body cannot have a velocity (use a kinematic body)");
    }
}

void validateShape(const char* function, const ShapeDef& s)
{
    if (s.kind == ShapeKind::Box)
    {
        if (!(s.halfExtents.x > 0.0f) || !(s.halfExtents.y > 0.0f) || !(s.halfExtents.x <= kWorldLimit) ||
            !(s.halfExtents.y <= kWorldLimit))
        {
            fail(function, "shape.halfExtents must be > 0 and at most 1e18");
        }
    }
    else if (s.kind == ShapeKind::Circle)
    {
        if (!(s.radius > 0.0f) || !(s.radius <= kWorldLimit))
        {
            fail(function, "shape.radius must be > 0 and at most 1e18");
        }
        if (s.angle != 0.0f)
        {
            fail(function, "shape.angle must be 0 for a circle");
        }
    }
    else
    {
        fail(function, "shape.kind must be Box or Circle");
    }
    if (!(std::fabs(s.offset.x) <= kWorldLimit) || !(std::fabs(s.offset.y) <= kWorldLimit))
    {
        fail(function, "shape.offset must be finite and within 1e18 m of the body's origin");
    }
    requireFinite(function, "shape.angle", s.angle);
    if (!std::isfinite(s.density) || s.density < 0.0f)
    {
        fail(function, "shape.density must be finite and >= 0");
    }
    if (!std::isfinite(s.friction) || s.friction < 0.0f)
    {
        fail(function, "shape.friction must be finite and >= 0");
    }
    if (!std::isfinite(s.restitution) || s.restitution < 0.0f || s.restitution > 1.0f)
    {
        fail(function, "shape.restitution must be in [0, 1]");
    }
    requireFinite(function, "shape.surfaceSpeed", s.surfaceSpeed);
    requireFinite(function, "shape.oneWay", s.oneWay);
}

void requireInRange(const char* function, const char* name, Vec2 point)
{
    if (!(std::fabs(point.x) <= kWorldLimit) || !(std::fabs(point.y) <= kWorldLimit))
    {
        fail(function, std::string(name) + " must be finite and within 1e18 m of the origin");
    }
}

void requireNonNegative(const char* function, const char* name, float value)
{
    if (!std::isfinite(value) || value < 0.0f)
    {
        fail(function, std::string(name) + " must be finite and >= 0");
    }
}

void validateIterations(const char* function, int velocityIterations, int positionIterations)
{
    if (velocityIterations < 1)
    {
        fail(function, "velocityIterations must be >= 1");
    }
    if (positionIterations < 0)
    {
        fail(function, "positionIterations must be >= 0");
    }
}

void validateSolver(const char* function, Solver solver)
{
    if (solver != Solver::SoftStep && solver != Solver::Ngs)
    {
        fail(function, "solver must be Solver::SoftStep or Solver::Ngs");
    }
}

void validateSubSteps(const char* function, int subSteps)
{
    if (subSteps < 1)
    {
        fail(function, "subSteps must be >= 1");
    }
}

void validateTaskSystem(const char* function, const TaskSystem& tasks)
{
    if (tasks.workerCount < 1 || tasks.workerCount > kMaxWorkers)
    {
        fail(function, "tasks.workerCount must be 1 to " + std::to_string(kMaxWorkers));
    }
    if ((tasks.enqueue == nullptr) != (tasks.finish == nullptr))
    {
        fail(function, "tasks.enqueue and tasks.finish must be set together");
    }
    if (tasks.workerCount > 1 && tasks.enqueue == nullptr)
    {
        fail(function, "tasks.workerCount > 1 needs tasks.enqueue and tasks.finish");
    }
}

void validateContactTuning(const char* function, float hertz, float dampingRatio, float pushMaxSpeed)
{
    if (!std::isfinite(hertz) || !(hertz > 0.0f))
    {
        fail(function, "contactHertz must be finite and > 0");
    }
    if (!std::isfinite(dampingRatio) || dampingRatio < 0.0f)
    {
        fail(function, "contactDampingRatio must be finite and >= 0");
    }
    if (!std::isfinite(pushMaxSpeed) || !(pushMaxSpeed > 0.0f))
    {
        fail(function, "contactPushMaxSpeed must be finite and > 0");
    }
}

void WorldState::checkNotInCallback(const char* what) const
{
    if (inPreSolve)
    {
        fail(what, "cannot be called from the pre-solve callback: the world is in the middle of a step");
    }
}

} // namespace oblique::detail
