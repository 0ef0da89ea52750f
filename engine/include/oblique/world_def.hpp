#pragma once
/// Settings a world is created with; every field can also be changed later through World.

#include "oblique/vec2.hpp"

namespace oblique
{

struct WorldDef
{
    Vec2 gravity{0.0f, -10.0f};        ///< m/s^2
    int velocityIterations = 8;        ///< impulse passes per step, >= 1 (8 is typical)
    int positionIterations = 3;        ///< position-correction passes per step, >= 0 (3 is typical)
    bool allowSleep = true;            ///< bodies at rest fall asleep and cost nothing
    bool warmStarting = true;          ///< start each step from the last step's impulses
    float restitutionThreshold = 1.0f; ///< m/s, >= 0: slower normal approach does not bounce
    bool impulseEvents = false;        ///< report each touching contact's impulses after every step
};

} // namespace oblique
