#pragma once
// Internal: the checks every API call makes before it changes anything. Each failure goes
// through the API error handler (api_error.hpp) and throws std::invalid_argument.

#include "oblique/body.hpp"
#include "oblique/shape.hpp"
#include "oblique/vec2.hpp"
#include "oblique/world_def.hpp"

#include <string>

namespace oblique::detail
{

[[noreturn]] void fail(const char* function, const std::string& message);
void requireFinite(const char* function, const char* name, float value);
void requireFinite(const char* function, const char* name, Vec2 value);
// Finite and within kWorldLimit of the origin.
void requireInRange(const char* function, Vec2 position);
// As above, for a point the message names.
void requireInRange(const char* function, const char* name, Vec2 point);
void requireNonNegative(const char* function, const char* name, float value);
void validateBody(const char* function, const BodyDef& body);
void validateShape(const char* function, const ShapeDef& shape);
void validateIterations(const char* function, int velocityIterations, int positionIterations);
void validateSolver(const char* function, Solver solver);
void validateSubSteps(const char* function, int subSteps);
void validateTaskSystem(const char* function, const TaskSystem& tasks);
void validateContactTuning(const char* function, float hertz, float dampingRatio, float pushMaxSpeed);

} // namespace oblique::detail
