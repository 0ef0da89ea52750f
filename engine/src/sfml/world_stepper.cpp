// Fixed physics steps from the game's update time, and the poses before the latest step kept for
// drawing in between.

#include "oblique/sfml/world_stepper.hpp"

#include "oblique/sfml/game.hpp"
#include "oblique/world.hpp"

#include <algorithm>
#include <stdexcept>

namespace oblique
{

WorldStepper::WorldStepper(Game& game, World& world, GameDuration step)
    : GameComponent(game), m_world(&world), m_step(step)
{
    if (step <= GameDuration::zero() || step > std::chrono::seconds(1))
    {
        throw std::invalid_argument("WorldStepper: step must be positive and at most 1 s");
    }
}

void WorldStepper::setMaxStepsPerUpdate(int steps)
{
    if (steps < 1)
    {
        throw std::invalid_argument("WorldStepper: maxStepsPerUpdate must be at least 1");
    }
    m_maxStepsPerUpdate = steps;
}

void WorldStepper::update(const GameTime& time)
{
    m_pending += std::max(time.elapsed, GameDuration::zero());
    int steps = 0;
    while (m_pending >= m_step && steps < m_maxStepsPerUpdate)
    {
        rememberPoses();
        m_world->step(toSeconds(m_step));
        m_pending -= m_step;
        ++m_stepCount;
        ++steps;
        if (m_stepCallback)
        {
            m_stepCallback(*m_world);
        }
    }
    // What the cap left over is dropped but for the part of a step, so alpha stays below 1.
    if (m_pending >= m_step)
    {
        m_pending = m_pending % m_step;
    }
}

void WorldStepper::rememberPoses()
{
    for (const BodyId body : m_world->bodies())
    {
        if (body.index >= m_previous.size())
        {
            m_previous.resize(body.index + 1);
        }
        m_previous[body.index] = {body.generation, true, m_world->transform(body)};
    }
}

float WorldStepper::alpha() const
{
    return alpha(game().accumulatedElapsedTime());
}

float WorldStepper::alpha(GameDuration loopPending) const
{
    const GameDuration behind = m_pending + std::max(loopPending, GameDuration::zero());
    const double fraction = static_cast<double>(behind.count()) / static_cast<double>(m_step.count());
    return static_cast<float>(std::clamp(fraction, 0.0, 1.0));
}

Transform WorldStepper::pose(BodyId body) const
{
    return pose(body, alpha());
}

Transform WorldStepper::pose(BodyId body, float fraction) const
{
    const Transform now = m_world->transform(body);
    if (body.index >= m_previous.size())
    {
        return now;
    }
    const PreviousPose& before = m_previous[body.index];
    if (!before.known || before.generation != body.generation)
    {
        return now;
    }
    return interpolate(before.pose, now, std::clamp(fraction, 0.0f, 1.0f));
}

void WorldStepper::reset()
{
    m_previous.clear();
    m_pending = GameDuration::zero();
}

void WorldStepper::snap(BodyId body)
{
    if (body.index < m_previous.size())
    {
        m_previous[body.index].known = false;
    }
}

} // namespace oblique
