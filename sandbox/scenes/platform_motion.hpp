#pragma once
// How the Game surfaces scenes move their kinematic platforms: a lift's cycle of rests and eased
// travel, and the velocities that bring a kinematic body to a pose in one step.

#include "oblique/body.hpp"
#include "oblique/vec2.hpp"
#include "oblique/world.hpp"

namespace oblique::sandbox
{

// Sets the kinematic body's velocities so that a step of dt lands it exactly on the pose. Holding
// a steady velocity instead would let it drift off its path; teleporting it (setTransform) would
// throw away its contacts every step.
void steerKinematic(World& world, BodyId body, Vec2 position, float angle, float dt);

// A lift's cycle, in seconds: it rests at the bottom, rises, rests at the top and comes down.
struct LiftCycle
{
    float restLow = 1.5f;
    float travel = 2.0f;
    float restHigh = 1.5f;

    float period() const { return restLow + travel + restHigh + travel; }
};

// Where a lift is at a time in its cycle.
struct LiftPhase
{
    float height = 0.0f; // 0 at the bottom, 1 at the top
    bool restingLow = false;
    bool rising = false;
    bool restingHigh = false;
};

// The phase at `time` seconds since the cycle began at the start of a low rest. Travel is eased
// (half a cosine), so the lift starts and stops without a jolt to what stands on it.
LiftPhase liftPhaseAt(const LiftCycle& cycle, float time);

} // namespace oblique::sandbox
