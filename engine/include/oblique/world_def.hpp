#pragma once
/// Settings a world is created with; every field can also be changed later through World.

#include "oblique/task_system.hpp"
#include "oblique/vec2.hpp"

#include <cstdint>

namespace oblique
{

/// How a world solves its contacts.
enum class Solver : std::uint8_t
{
    /// Substeps with soft contacts (Box2D v3's method): holds tall stacks, heavy bodies on light
    /// ones and deep overlaps. The default.
    SoftStep,
    /// One impulse solve per step, then position correction (Box2D 2.4's method): for
    /// like-for-like comparisons with Box2D 2.4.
    Ngs,
};

struct WorldDef
{
    Vec2 gravity{0.0f, -10.0f};       ///< m/s^2
    Solver solver = Solver::SoftStep; ///< how contacts are solved
    int subSteps = 4;                 ///< soft step: substeps per step, >= 1
    float contactHertz =
        30.0f; ///< soft step: contact stiffness, > 0 (capped at a quarter of the substep rate)
    float contactDampingRatio = 10.0f; ///< soft step: contact damping, >= 0
    float contactPushMaxSpeed = 3.0f;  ///< soft step: m/s, > 0; overlap is pushed apart no faster
    /// Soft step: metres, >= 0. A touching pair of boxes keeps the manifold it was found with, its
    /// separations following the bodies' motion, until the two have moved this far relative to
    /// each other (or turned about 11 degrees); pairs apart or on one point look again within
    /// 2 cm, pairs closing fast on each other every step. 0 finds every manifold every step.
    float contactRecycleDistance = 0.01f;
    int velocityIterations = 8; ///< ngs: impulse passes per step, >= 1 (8 is typical)
    int positionIterations = 3; ///< ngs: position-correction passes per step, >= 0 (3 is typical)
    bool allowSleep = true;     ///< bodies at rest fall asleep and cost nothing
    bool warmStarting = true;   ///< start each step from the last step's impulses
    /// Continuous collision: a contact looks ahead as far as its two bodies can move in the step
    /// (speculative points out to that distance), so fast bodies stop at thin walls instead of
    /// passing through. Off, it looks only a fixed 2 cm ahead, as a discrete engine would.
    bool continuous = true;
    float restitutionThreshold = 1.0f; ///< m/s, >= 0: slower normal approach does not bounce
    bool impulseEvents = false;        ///< report each touching contact's impulses after every step
    /// Threads the step may use (soft step's solver and the narrow phase); unset: the calling
    /// thread only. Not part of a snapshot: a restored world keeps its own.
    TaskSystem tasks{};
};

} // namespace oblique
