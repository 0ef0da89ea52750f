#include "platform_motion.hpp"

#include "oblique/rot.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace oblique::sandbox
{

namespace
{

// 0 to 1 over t in [0, 1], with zero slope at both ends.
float eased(float t)
{
    return 0.5f - 0.5f * std::cos(std::numbers::pi_v<float> * std::clamp(t, 0.0f, 1.0f));
}

} // namespace

LiftPhase liftPhaseAt(const LiftCycle& cycle, float time)
{
    const float period = cycle.period();
    float t = period > 0.0f ? std::fmod(std::max(time, 0.0f), period) : 0.0f;
    LiftPhase phase;
    if (t < cycle.restLow)
    {
        phase.restingLow = true;
        return phase;
    }
    t -= cycle.restLow;
    if (t < cycle.travel)
    {
        phase.height = eased(t / cycle.travel);
        phase.rising = true;
        return phase;
    }
    t -= cycle.travel;
    if (t < cycle.restHigh)
    {
        phase.height = 1.0f;
        phase.restingHigh = true;
        return phase;
    }
    t -= cycle.restHigh;
    phase.height = 1.0f - eased(t / cycle.travel);
    return phase;
}

void steerKinematic(World& world, BodyId body, Vec2 position, float angle, float dt)
{
    if (!(dt > 0.0f) || !world.isValid(body) || world.bodyType(body) != BodyType::Kinematic)
    {
        return;
    }
    // The velocity is the centre of mass's, which turning moves around the origin.
    const Vec2 centre = position + rotate(makeRot(angle), world.localCenter(body));
    world.setLinearVelocity(body, (1.0f / dt) * (centre - world.worldCenter(body)));
    world.setAngularVelocity(body, (angle - world.angle(body)) / dt);
}

} // namespace oblique::sandbox
