// Sleep in soft step: a body falls asleep only at rest, never while an overlap is still being
// pushed out or while it is tipping over from next to standing still.

#include "oblique/world.hpp"
#include "world_scenes.hpp"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>

namespace oblique::test
{
namespace
{

constexpr float kDt = 1.0f / 60.0f;

float deepestOverlap(const World& world)
{
    float deepest = 0.0f;
    for (const ContactInfo& c : world.contacts())
    {
        for (int i = 0; i < c.manifold.pointCount; ++i)
        {
            deepest = std::max(deepest, -c.manifold.points[i].separation);
        }
    }
    return deepest;
}

// Boxes created 4 cm into one another and into the ground, as a level editor might leave them:
// asleep only once the overlap is pushed out (to within the slop, give or take what their weight
// presses a soft contact in).
TEST(SoftStepSleep, NeverLocksInOverlap)
{
    World world;
    ASSERT_EQ(world.settings().solver, Solver::SoftStep);
    world.createBody(bodyAt(BodyType::Static, {0.0f, -1.0f}), boxShape({20.0f, 1.0f}));
    std::vector<BodyId> boxes;
    for (int row = 0; row < 4; ++row)
    {
        for (int i = 0; i < 4 - row; ++i)
        {
            BodyDef def;
            def.position = {static_cast<float>(i) * 0.96f + static_cast<float>(row) * 0.48f - 1.5f,
                            0.46f + static_cast<float>(row) * 0.96f};
            boxes.push_back(world.createBody(def, boxShape({0.5f, 0.5f})));
        }
    }
    float deepestAtStart = 0.0f;
    world.updateContacts();
    deepestAtStart = deepestOverlap(world);
    ASSERT_GT(deepestAtStart, 0.035f);
    int asleepAt = -1;
    for (int step = 0; step < 600 && asleepAt < 0; ++step)
    {
        world.step(kDt);
        const bool allAsleep =
            std::none_of(boxes.begin(), boxes.end(), [&](BodyId b) { return world.isAwake(b); });
        if (allAsleep)
        {
            asleepAt = step;
        }
    }
    ASSERT_GE(asleepAt, 0) << "the boxes never fell asleep";
    reportMeasure("overlapped boxes: asleep after (s)",
                  static_cast<double>(asleepAt + 1) * static_cast<double>(kDt));
    reportMeasure("overlapped boxes: deepest overlap when asleep (m)", deepestOverlap(world));
    EXPECT_LT(deepestOverlap(world), 0.006f);
}

// A box standing on one corner, tipped 0.02 rad past balance, let go at rest: it speeds up from
// almost nothing, too slowly at first for the speed limit of sleep, and must fall over rather than
// fall asleep tilted.
TEST(SoftStepSleep, ABoxPastItsTippingPointFallsOver)
{
    World world;
    world.createBody(bodyAt(BodyType::Static, {0.0f, -1.0f}), boxShape({20.0f, 1.0f}));
    constexpr float kTip = 0.02f;
    const float angle = kPi / 4.0f + kTip;
    // The corner at the origin; the centre half a diagonal from it, on the tipped side.
    const float halfDiagonal = std::sqrt(0.5f);
    BodyDef def;
    def.angle = angle;
    def.position = {-halfDiagonal * std::sin(kTip), halfDiagonal * std::cos(kTip)};
    const BodyId box = world.createBody(def, boxShape({0.5f, 0.5f}));
    for (int step = 0; step < 600; ++step)
    {
        world.step(kDt);
    }
    // Flat on a face: the angle a multiple of a right angle.
    const float a = world.angle(box);
    const float offFlat = std::fabs(a - std::round(a / (kPi / 2.0f)) * (kPi / 2.0f));
    reportMeasure("box past tipping: angle off flat after 10 s (rad)", offFlat);
    EXPECT_LT(offFlat, 0.01f);
    EXPECT_LT(world.position(box).y, 0.51f);
}

} // namespace
} // namespace oblique::test
