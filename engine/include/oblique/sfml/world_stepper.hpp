#pragma once
/// WorldStepper: a game component that steps a World at its own fixed rate, whatever rate the game
/// updates and draws at, and gives each body's pose interpolated between the last two physics
/// states, so bodies move smoothly on any display.

#include "oblique/body.hpp"
#include "oblique/sfml/game_component.hpp"
#include "oblique/sfml/game_time.hpp"
#include "oblique/transform.hpp"

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace oblique
{

class World;

/// Steps a world in whole fixed steps from the time the game's updates report, and remembers each
/// body's pose before the latest step.
///
/// Drawing at the latest physics state shows motion in jumps whenever the display rate is not the
/// physics rate (a 60 Hz step on a 144 Hz screen draws the same state two or three times, then
/// jumps). Physics time runs behind the time the frame is drawn at by the time not yet stepped,
/// which is this component's remainder plus the game loop's (Game::accumulatedElapsedTime); alpha()
/// is that as a fraction of a step, and pose() blends the state before the latest step with the
/// latest by it. What is drawn is thus at most one step late, and moves at an even pace.
///
/// \code
/// auto& stepper = game.addComponent<oblique::WorldStepper>(world); // 60 Hz
/// // in draw: const oblique::Transform xf = stepper.pose(body);
/// \endcode
///
/// Bodies made since the latest step are drawn where they are; a body teleported with
/// World::setTransform between steps blends from where it was, so call snap() to draw it at its new
/// place at once.
class WorldStepper : public GameComponent
{
public:
    /// The most steps one update may run (default 8): time beyond them is dropped, as the game loop
    /// drops time beyond its maximum, so a slow machine falls behind instead of spiralling.
    static constexpr int kDefaultMaxStepsPerUpdate = 8;

    /// Steps `world` (which must outlive the component) every `step` of game time (default 1/60 s;
    /// throws std::invalid_argument unless positive and at most one second).
    WorldStepper(Game& game, World& world, GameDuration step = durationFromSeconds(1.0 / 60.0));

    /// Adds time.elapsed to what is waiting and runs as many whole steps as fit (at most
    /// maxStepsPerUpdate).
    void update(const GameTime& time) override;

    /// The fraction of a step, in [0, 1], between the latest physics state and the moment being
    /// drawn.
    float alpha() const;
    /// The same for a loop other than the game's, whose not-yet-updated time is `loopPending`.
    float alpha(GameDuration loopPending) const;
    /// The body's pose at alpha() between its pose before the latest step and its pose now.
    Transform pose(BodyId body) const;
    /// The body's pose a given fraction of the way from before the latest step to now.
    Transform pose(BodyId body, float fraction) const;
    /// Forgets the body's previous pose, so it is drawn where it is now until the next step.
    void snap(BodyId body);
    /// Forgets every previous pose and the time waiting, for a world rebuilt or restored from a
    /// snapshot (whose handles may name other bodies than before).
    void reset();

    /// Called after each step with the world, while that step's events are there to read (an
    /// update may run several steps, and each step replaces the previous one's events).
    void setStepCallback(std::function<void(World&)> callback) { m_stepCallback = std::move(callback); }

    /// The world being stepped.
    World& world() const { return *m_world; }
    /// The fixed step.
    GameDuration step() const { return m_step; }
    /// Game time waiting for the next step.
    GameDuration pending() const { return m_pending; }
    /// How many steps have run since the component was made.
    std::int64_t stepCount() const { return m_stepCount; }
    /// Sets the most steps one update may run (>= 1; throws std::invalid_argument otherwise).
    void setMaxStepsPerUpdate(int steps);
    /// The most steps one update may run.
    int maxStepsPerUpdate() const { return m_maxStepsPerUpdate; }

private:
    /// A body's pose before the latest step, kept by body slot; the generation tells a body made in
    /// a reused slot from the one that was there.
    struct PreviousPose
    {
        std::uint32_t generation = 0;
        bool known = false;
        Transform pose;
    };

    void rememberPoses();

    World* m_world;
    GameDuration m_step;
    GameDuration m_pending{0};
    int m_maxStepsPerUpdate = kDefaultMaxStepsPerUpdate;
    std::int64_t m_stepCount = 0;
    std::vector<PreviousPose> m_previous;
    std::function<void(World&)> m_stepCallback;
};

} // namespace oblique
