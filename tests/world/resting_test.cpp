// Resting contact: a dropped box settles on the ground, and stacks and pyramids stand, in both
// engines with the same settings.

#include "oblique/robustness_scenes.hpp"
#include "oblique/scene_builders.hpp"
#include "world_scenes.hpp"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>

namespace oblique::test
{
namespace
{

constexpr int kStepsPerSecond = 60;

// How deep a resting box may sit in the ground. Box2D's position correction removes penetration
// beyond the slop only, so its boxes end up sunk by about one slop (5 mm); oblique's speculative
// contacts stop a falling box at the surface, so it rests at about zero. Allow anything from a
// hair's gap (0.1 mm, far below a visible float) to two slops: deeper would mean the correction
// is not working.
constexpr float kMaxRestPenetration = 2.0f * kSlop;
constexpr float kMaxRestGap = 1e-4f;

// A stack or pyramid "stands" when no box wanders further than this from where it settled:
// 2 cm is 2% of a box's size, far below what a toppling or creeping box would show.
constexpr float kMaxStandingDrift = 0.02f;

Scene droppedBox(bool allowSleep)
{
    // The box starts 1.5 m above the ground, so it lands at about 5.5 m/s.
    Scene scene =
        makeScene("dropped box", {ground(), sceneBox(BodyType::Dynamic, {0.0f, 2.0f}, {0.5f, 0.5f})});
    scene.world.allowSleep = allowSleep;
    return scene;
}

TEST(WorldResting, DroppedBoxComesToRestAndSleeps)
{
    TwinWorlds twins(droppedBox(true));
    int obliqueSleepStep = -1;
    int box2dSleepStep = -1;
    for (int step = 1; step <= 2 * kStepsPerSecond; ++step)
    {
        twins.step();
        if (obliqueSleepStep < 0 && !twins.obliqueAwake(1))
        {
            obliqueSleepStep = step;
        }
        if (box2dSleepStep < 0 && !twins.box2dAwake(1))
        {
            box2dSleepStep = step;
        }
    }

    const float obliquePenetration = 0.5f - twins.obliquePosition(1).y;
    const float box2dPenetration = 0.5f - twins.box2dPosition(1).y;
    reportMeasure("dropped box: rest penetration (m)", obliquePenetration, box2dPenetration);
    reportMeasure("dropped box: falls asleep after (s)",
                  static_cast<double>(obliqueSleepStep) / kStepsPerSecond,
                  static_cast<double>(box2dSleepStep) / kStepsPerSecond);

    EXPECT_GE(obliquePenetration, -kMaxRestGap);
    EXPECT_LE(obliquePenetration, kMaxRestPenetration);
    EXPECT_GE(box2dPenetration, -kMaxRestGap);
    EXPECT_LE(box2dPenetration, kMaxRestPenetration);
    // Flat on its face: a box that rocked onto a corner would have turned.
    EXPECT_NEAR(twins.world().angle(twins.id(1)), 0.0f, 1e-3f);
    // It fell straight down: nothing pushed it sideways.
    EXPECT_NEAR(twins.obliquePosition(1).x, 0.0f, 1e-4f);

    // Both are asleep within the 2 s (0.5 s of stillness after landing at ~0.55 s).
    EXPECT_GT(obliqueSleepStep, 0);
    EXPECT_GT(box2dSleepStep, 0);
    ASSERT_FALSE(twins.obliqueAwake(1));

    // Asleep means still: another 2 s change nothing, not even by a bit.
    const Vec2 settled = twins.obliquePosition(1);
    const float settledAngle = twins.world().angle(twins.id(1));
    twins.steps(2 * kStepsPerSecond);
    EXPECT_EQ(twins.obliquePosition(1), settled);
    EXPECT_EQ(twins.world().angle(twins.id(1)), settledAngle);
    EXPECT_FALSE(twins.obliqueAwake(1));
    EXPECT_FALSE(twins.box2dAwake(1));

    // The contact the box rests on: one manifold of two touching points, neither sunk deep.
    const std::vector<ContactInfo> contacts = twins.world().contacts();
    ASSERT_EQ(contacts.size(), 1u);
    ASSERT_EQ(contacts[0].manifold.pointCount, 2);
    for (int i = 0; i < 2; ++i)
    {
        EXPECT_LE(contacts[0].manifold.points[i].separation, 0.0f);
        EXPECT_GE(contacts[0].manifold.points[i].separation, -kMaxRestPenetration);
    }
}

TEST(WorldResting, RestingBoxDoesNotDriftWhileAwake)
{
    // With sleeping off the solver has to hold the box still by itself, step after step.
    TwinWorlds twins(droppedBox(false));
    // It lands at ~0.55 s (in Box2D sunk a few centimetres, which position correction then removes
    // a fifth at a time), so by 2 s whatever settling is left is far below a micrometre.
    twins.steps(2 * kStepsPerSecond);
    const Vec2 obliqueSettled = twins.obliquePosition(1);
    const Vec2 box2dSettled = twins.box2dPosition(1);
    float obliqueDrift = 0.0f;
    float box2dDrift = 0.0f;
    for (int step = 0; step < 2 * kStepsPerSecond; ++step)
    {
        twins.step();
        obliqueDrift = std::max(obliqueDrift, distance(twins.obliquePosition(1), obliqueSettled));
        box2dDrift = std::max(box2dDrift, distance(twins.box2dPosition(1), box2dSettled));
    }
    reportMeasure("awake resting box: max drift over 2 s (m)", obliqueDrift, box2dDrift);
    reportMeasure("awake resting box: penetration (m)", 0.5f - twins.obliquePosition(1).y,
                  0.5f - twins.box2dPosition(1).y);

    // 10 micrometres in 2 s: a creeping box (gravity leaking through the solver at g * dt^2 =
    // 2.8 mm per step) would move that much within a single step.
    EXPECT_LE(obliqueDrift, 1e-5f);
    EXPECT_LE(box2dDrift, 1e-5f);
    EXPECT_TRUE(twins.obliqueAwake(1));
    const float penetration = 0.5f - twins.obliquePosition(1).y;
    EXPECT_GE(penetration, -kMaxRestGap);
    EXPECT_LE(penetration, kMaxRestPenetration);
}

struct StandingResult
{
    float maxDrift = 0.0f; ///< the furthest any box got from where it was at the end of settling
    int sleepStep = -1;    ///< the first step after which every box was asleep, or -1
};

// Runs one engine's side of a standing test for 10 s: settles for 1 s, then tracks every box.
template <typename PositionOf, typename AwakeOf, typename Step>
StandingResult runStanding(int bodyCount, PositionOf positionOf, AwakeOf awakeOf, Step step)
{
    StandingResult result;
    std::vector<Vec2> settled;
    for (int s = 1; s <= 10 * kStepsPerSecond; ++s)
    {
        step();
        if (s == kStepsPerSecond)
        {
            for (int i = 1; i < bodyCount; ++i)
            {
                settled.push_back(positionOf(i));
            }
        }
        bool allAsleep = true;
        for (int i = 1; i < bodyCount; ++i)
        {
            if (s > kStepsPerSecond)
            {
                result.maxDrift = std::max(result.maxDrift,
                                           distance(positionOf(i), settled[static_cast<std::size_t>(i - 1)]));
            }
            allAsleep = allAsleep && !awakeOf(i);
        }
        if (allAsleep && result.sleepStep < 0)
        {
            result.sleepStep = s;
        }
    }
    return result;
}

void checkStanding(const std::string& name, Scene scene, bool allowSleep)
{
    scene.world.allowSleep = allowSleep;
    const int bodyCount = static_cast<int>(scene.bodies.size());
    SceneInstance instance = instantiate(scene);
    int steps = 0;
    int lateEvents = 0; // contact begin and end events after the first second
    const StandingResult o = runStanding(
        bodyCount,
        [&](int i) { return instance.world.position(instance.bodies[static_cast<std::size_t>(i)]); },
        [&](int i) { return instance.world.isAwake(instance.bodies[static_cast<std::size_t>(i)]); },
        [&]
        {
            instance.world.step(scene.world.timeStep);
            if (++steps > kStepsPerSecond)
            {
                lateEvents += static_cast<int>(instance.world.contactBeginEvents().size() +
                                               instance.world.contactEndEvents().size());
            }
        });
    compare::Box2dWorld box2d(scene);
    const StandingResult b = runStanding(
        bodyCount, [&](int i) { return box2d.bodyState(i).position; },
        [&](int i) { return box2d.bodyState(i).awake; }, [&] { box2d.step(); });

    const std::string mode = allowSleep ? " (sleep on)" : " (sleep off)";
    reportMeasure(name + mode + ": max drift 1-10 s (m)", o.maxDrift, b.maxDrift);
    EXPECT_LE(o.maxDrift, kMaxStandingDrift) << name << mode << ": oblique";
    EXPECT_LE(b.maxDrift, kMaxStandingDrift) << name << mode << ": Box2D";
    // A pile that stands keeps its contacts: none may flicker off and on again once it settled.
    EXPECT_EQ(lateEvents, 0) << name << mode << ": oblique";
    if (allowSleep)
    {
        reportMeasure(name + ": all asleep after (s)", static_cast<double>(o.sleepStep) / kStepsPerSecond,
                      static_cast<double>(b.sleepStep) / kStepsPerSecond);
        EXPECT_GT(o.sleepStep, 0) << name << ": oblique never put the whole pile to sleep";
        EXPECT_GT(b.sleepStep, 0) << name << ": Box2D never put the whole pile to sleep";
    }
    else
    {
        EXPECT_LT(o.sleepStep, 0);
    }
}

TEST(WorldResting, VerticalStackOfTenStands)
{
    checkStanding("stack of 10", verticalStack(10), false);
    checkStanding("stack of 10", verticalStack(10), true);
}

TEST(WorldResting, PyramidOfTwentyRowsStands)
{
    const Scene scene = pyramid(20);
    ASSERT_EQ(scene.bodies.size(), 211u); // ground + 210 boxes
    checkStanding("pyramid of 20 rows", scene, false);
    checkStanding("pyramid of 20 rows", scene, true);
}

// Pyramids side by side in rows on shelves: one static body of several boxes holds them all, each
// row's boxes touch side by side, and every pyramid stands as the lone one does.
TEST(WorldResting, RowsOfPyramidsOnShelvesStand)
{
    const Scene scene = scenes::manyPyramids(3, 4, 6);
    ASSERT_EQ(scene.bodies.size(), 1u + 3u * 4u * 21u); // the shelves + 12 pyramids of 21 boxes
    ASSERT_EQ(scene.bodies.front().shapes.size(), 3u);
    // Built resting exactly on their shelves and on one another: after a second no box has moved
    // further than its soft contacts press in (a few tenths of a millimetre at six rows).
    SceneInstance instance = instantiate(scene);
    for (int i = 0; i < kStepsPerSecond; ++i)
    {
        instance.world.step(scene.world.timeStep);
    }
    float moved = 0.0f;
    for (std::size_t i = 1; i < scene.bodies.size(); ++i)
    {
        moved =
            std::max(moved, length(instance.world.position(instance.bodies[i]) - scene.bodies[i].position));
    }
    EXPECT_LT(moved, 0.005f);
    checkStanding("3 x 4 pyramids on shelves", scene, false);
    checkStanding("3 x 4 pyramids on shelves", scene, true);
}

// A symmetric pyramid has no side to lean to. Soft step solves colour after colour once a pass,
// and when the colours sorted a pyramid's contacts by side (each box's right-hand support in the
// first colours), every pass ended on the left-hand supports: 30 rows of 1 m boxes leaned 10 mm
// and 30 rows of 5 cm boxes 15 mm to the left at 4 s. With mixed colours both stay within 1 mm.
float topDriftAfter(Scene scene, int steps)
{
    scene.world.allowSleep = false;
    scene.world.solver = Solver::SoftStep;
    SceneInstance instance = instantiate(scene);
    for (int i = 0; i < steps; ++i)
    {
        instance.world.step(scene.world.timeStep);
    }
    const std::size_t top = scene.bodies.size() - 1;
    return instance.world.position(instance.bodies[top]).x - scene.bodies[top].position.x;
}

TEST(WorldResting, SymmetricPyramidsDoNotLeanInSoftStep)
{
    constexpr float kMaxLean = 0.002f;
    EXPECT_LT(std::fabs(topDriftAfter(pyramid(30), 4 * kStepsPerSecond)), kMaxLean);
    EXPECT_LT(std::fabs(topDriftAfter(scenes::tinyPyramid(), 4 * kStepsPerSecond)), kMaxLean);
}

// A ball rolling along the ground sits on it as a resting ball does, both solvers. Soft step
// follows a contact's separation from a circle's centre: followed from the contact point, which
// turns with the ball, a 0.4 m ball rolling at 7.5 rad/s sat 1.8 mm into the ground and reported a
// vertical speed of -g dt / 2 at a constant height.
TEST(WorldResting, ARollingBallSitsOnTheGroundAsARestingOneDoes)
{
    for (const Solver solver : {Solver::SoftStep, Solver::Ngs})
    {
        float depth[2] = {};
        float fallSpeed[2] = {};
        for (const float spin : {0.0f, -7.5f})
        {
            WorldDef def;
            def.solver = solver;
            World world(def);
            world.createBody(bodyAt(BodyType::Static, {0.0f, -1.0f}), boxShape({100.0f, 1.0f}));
            BodyDef ballDef = bodyAt(BodyType::Dynamic, {0.0f, 0.4f});
            ballDef.linearVelocity = {-0.4f * spin, 0.0f};
            ballDef.angularVelocity = spin;
            ballDef.allowSleep = false;
            const BodyId ball = world.createBody(ballDef, circleShape(0.4f));
            for (int i = 0; i < 2 * kStepsPerSecond; ++i)
            {
                world.step(1.0f / kStepsPerSecond);
            }
            const int k = spin == 0.0f ? 0 : 1;
            depth[k] = 0.4f - world.position(ball).y;
            fallSpeed[k] = -world.linearVelocity(ball).y;
            EXPECT_NEAR(world.linearVelocity(ball).x, -0.4f * spin, 1.0e-3f)
                << (solver == Solver::Ngs ? "ngs" : "soft step");
        }
        EXPECT_NEAR(depth[1], depth[0], 1.0e-4f) << (solver == Solver::Ngs ? "ngs" : "soft step");
        EXPECT_NEAR(fallSpeed[1], fallSpeed[0], 1.0e-3f) << (solver == Solver::Ngs ? "ngs" : "soft step");
        EXPECT_LT(depth[1], 0.5e-3f) << (solver == Solver::Ngs ? "ngs" : "soft step");
    }
}

} // namespace
} // namespace oblique::test
