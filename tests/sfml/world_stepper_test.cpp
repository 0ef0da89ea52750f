// WorldStepper: fixed physics steps from update time, and poses interpolated so that what is drawn
// trails the drawn moment by exactly one step, at any display rate. Driven by the game loop on a
// manual clock, in both of its modes, and by hand.

#include "oblique/sfml/game.hpp"
#include "oblique/sfml/game_loop.hpp"
#include "oblique/sfml/world_stepper.hpp"
#include "oblique/world.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <numbers>
#include <stdexcept>
#include <vector>

namespace
{

using oblique::BodyId;
using oblique::GameDuration;
using oblique::GameLoop;
using oblique::GameTime;
using oblique::ManualClock;
using oblique::Vec2;
using oblique::World;
using oblique::WorldStepper;

constexpr double kSpeed = 3.0; // m/s along x
constexpr double kSpin = 2.0;  // rad/s

World weightlessWorld()
{
    oblique::WorldDef def;
    def.gravity = {0.0f, 0.0f};
    def.allowSleep = false;
    return World(def);
}

// A box gliding at kSpeed and turning at kSpin, nothing to touch.
BodyId glidingBox(World& world)
{
    oblique::BodyDef def;
    def.position = {0.0f, 0.0f};
    def.linearVelocity = {static_cast<float>(kSpeed), 0.0f};
    def.angularVelocity = static_cast<float>(kSpin);
    def.linearDamping = 0.0f;
    def.angularDamping = 0.0f;
    return world.createBody(def, oblique::boxShape({0.5f, 0.5f}));
}

double seconds(GameDuration d)
{
    return static_cast<double>(d.count()) * 1e-9;
}

// The stepper under a GameLoop on a manual clock; each frame lets `frame` of real time pass, ticks,
// and at the draw checks that the body is drawn where it was one physics step before the moment the
// frame stands for (the clock's time).
void expectDrawnOneStepBehind(bool fixedTimeStep, GameDuration frame, int frames)
{
    oblique::Game game;
    World world = weightlessWorld();
    const BodyId box = glidingBox(world);
    WorldStepper stepper(game, world);
    ManualClock clock;
    GameLoop loop(clock);
    loop.setFixedTimeStep(fixedTimeStep);
    loop.reset();
    const double step = seconds(stepper.step());
    int checked = 0;
    for (int i = 0; i < frames; ++i)
    {
        clock.advance(frame);
        loop.tick([&](const GameTime& t) { stepper.update(t); },
                  [&](const GameTime&)
                  {
                      if (stepper.stepCount() == 0)
                      {
                          return;
                      }
                      const oblique::Transform xf = stepper.pose(box, stepper.alpha(loop.accumulatedTime()));
                      const double drawnAt = seconds(clock.now()) - step;
                      EXPECT_NEAR(static_cast<double>(xf.p.x), kSpeed * drawnAt, 2e-4) << "frame " << i;
                      EXPECT_NEAR(std::remainder(static_cast<double>(oblique::angle(xf.q)) - kSpin * drawnAt,
                                                 2.0 * std::numbers::pi),
                                  0.0, 2e-4)
                          << "frame " << i;
                      ++checked;
                  });
    }
    EXPECT_GT(checked, frames / 2);
}

TEST(WorldStepper, FixedStepLoopAtFortyHertzDrawsOneStepBehind)
{
    // 25 ms frames against 16.7 ms steps: one or two updates a frame, remainders of every size.
    expectDrawnOneStepBehind(true, std::chrono::milliseconds(25), 120);
}

TEST(WorldStepper, VariableStepLoopAt144HertzDrawsOneStepBehind)
{
    // Updates of 6.9 ms: the world steps on every second or third, the drawn pose moves every frame.
    expectDrawnOneStepBehind(false, oblique::durationFromSeconds(1.0 / 144.0), 300);
}

TEST(WorldStepper, DrawnMotionIsEvenWhereTheLatestStateJumps)
{
    oblique::Game game;
    World world = weightlessWorld();
    const BodyId box = glidingBox(world);
    WorldStepper stepper(game, world);
    const GameDuration frame = oblique::durationFromSeconds(1.0 / 144.0);
    float previousSmooth = 0.0f;
    float previousLatest = 0.0f;
    float smallestLatestMove = 1e9f;
    float largestLatestMove = 0.0f;
    for (int i = 0; i < 200; ++i)
    {
        stepper.update(GameTime{frame * (i + 1), frame, false});
        const float smooth = stepper.pose(box).p.x;
        const float latest = world.position(box).x;
        if (i > 10)
        {
            EXPECT_NEAR(smooth - previousSmooth, kSpeed * seconds(frame), 1e-4) << "frame " << i;
            smallestLatestMove = std::min(smallestLatestMove, latest - previousLatest);
            largestLatestMove = std::max(largestLatestMove, latest - previousLatest);
        }
        previousSmooth = smooth;
        previousLatest = latest;
    }
    // Without interpolation the body stands still on some frames and jumps a whole step on others.
    EXPECT_EQ(smallestLatestMove, 0.0f);
    EXPECT_NEAR(largestLatestMove, kSpeed / 60.0, 1e-4);
}

TEST(WorldStepper, StepsOnlyWholeStepsAndCapsCatchUp)
{
    oblique::Game game;
    World world = weightlessWorld();
    glidingBox(world);
    WorldStepper stepper(game, world, std::chrono::milliseconds(10));
    stepper.update(GameTime{std::chrono::milliseconds(25), std::chrono::milliseconds(25), false});
    EXPECT_EQ(stepper.stepCount(), 2);
    EXPECT_EQ(stepper.pending(), std::chrono::milliseconds(5));
    EXPECT_FLOAT_EQ(stepper.alpha(), 0.5f);

    stepper.setMaxStepsPerUpdate(3);
    stepper.update(GameTime{std::chrono::seconds(1), std::chrono::seconds(1), false});
    EXPECT_EQ(stepper.stepCount(), 5);
    EXPECT_LT(stepper.pending(), stepper.step());
    EXPECT_LE(stepper.alpha(), 1.0f);
}

TEST(WorldStepper, NewAndSnappedBodiesAreDrawnWhereTheyAre)
{
    oblique::Game game;
    World world = weightlessWorld();
    const BodyId gliding = glidingBox(world);
    WorldStepper stepper(game, world, std::chrono::milliseconds(10));
    stepper.update(GameTime{std::chrono::milliseconds(15), std::chrono::milliseconds(15), false});

    oblique::BodyDef def;
    def.position = {5.0f, 5.0f};
    const BodyId added = world.createBody(def, oblique::circleShape(0.5f));
    EXPECT_EQ(stepper.pose(added).p, (Vec2{5.0f, 5.0f}));

    world.setTransform(gliding, {-4.0f, 1.0f}, 0.0f);
    EXPECT_NE(stepper.pose(gliding).p, (Vec2{-4.0f, 1.0f})); // blends from where it was
    stepper.snap(gliding);
    EXPECT_EQ(stepper.pose(gliding).p, (Vec2{-4.0f, 1.0f}));

    // A body made in the slot of one destroyed since the latest step is not blended from it.
    world.destroyBody(gliding);
    const BodyId reused = world.createBody(def, oblique::circleShape(0.5f));
    EXPECT_EQ(stepper.pose(reused).p, (Vec2{5.0f, 5.0f}));
}

TEST(WorldStepper, CallsBackAfterEveryStepAndForgetsOnReset)
{
    oblique::Game game;
    World world = weightlessWorld();
    const BodyId box = glidingBox(world);
    WorldStepper stepper(game, world, std::chrono::milliseconds(10));
    std::vector<float> seen;
    stepper.setStepCallback([&](World& w) { seen.push_back(w.position(box).x); });
    stepper.update(GameTime{std::chrono::milliseconds(35), std::chrono::milliseconds(35), false});
    ASSERT_EQ(seen.size(), 3u); // one call per step, each seeing that step's result
    EXPECT_LT(seen[0], seen[1]);
    EXPECT_LT(seen[1], seen[2]);
    EXPECT_NE(stepper.pose(box).p, world.position(box));

    stepper.reset();
    EXPECT_EQ(stepper.pending(), GameDuration::zero());
    EXPECT_EQ(stepper.pose(box).p, world.position(box));
}

TEST(WorldStepper, RefusesBadSettings)
{
    oblique::Game game;
    World world = weightlessWorld();
    EXPECT_THROW(WorldStepper(game, world, GameDuration::zero()), std::invalid_argument);
    EXPECT_THROW(WorldStepper(game, world, std::chrono::seconds(2)), std::invalid_argument);
    WorldStepper stepper(game, world);
    EXPECT_THROW(stepper.setMaxStepsPerUpdate(0), std::invalid_argument);
    EXPECT_EQ(stepper.maxStepsPerUpdate(), WorldStepper::kDefaultMaxStepsPerUpdate);
}

} // namespace
