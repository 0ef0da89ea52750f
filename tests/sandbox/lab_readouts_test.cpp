// The Readouts section's numbers: statistics over a window of steps, the profile kept that way,
// kinetic energy and the deepest penetration; and the legends' colours being the palette's.

#include "draw_legend.hpp"
#include "lab_readouts.hpp"
#include "oblique/draw_palette.hpp"
#include "oblique/scene_builders.hpp"
#include "oblique/scene_world.hpp"

#include <algorithm>
#include <gtest/gtest.h>
#include <stdexcept>

namespace
{

using namespace oblique;
using namespace oblique::sandbox;

TEST(WindowStats, EmptyWindowReadsZero)
{
    const WindowStats stats(10);
    EXPECT_EQ(stats.count(), 0);
    EXPECT_EQ(stats.current(), 0.0f);
    EXPECT_EQ(stats.average(), 0.0f);
    EXPECT_EQ(stats.max(), 0.0f);
}

TEST(WindowStats, CurrentAverageAndMaxOfWhatItHolds)
{
    WindowStats stats(4);
    stats.add(2.0f);
    stats.add(6.0f);
    stats.add(1.0f);
    EXPECT_EQ(stats.count(), 3);
    EXPECT_EQ(stats.current(), 1.0f);
    EXPECT_FLOAT_EQ(stats.average(), 3.0f);
    EXPECT_EQ(stats.max(), 6.0f);
}

TEST(WindowStats, OldValuesLeaveTheWindow)
{
    WindowStats stats(3);
    for (const float v : {9.0f, 1.0f, 2.0f, 3.0f})
    {
        stats.add(v);
    }
    // The 9 has gone: the window holds 1, 2, 3.
    EXPECT_EQ(stats.count(), 3);
    EXPECT_EQ(stats.current(), 3.0f);
    EXPECT_FLOAT_EQ(stats.average(), 2.0f);
    EXPECT_EQ(stats.max(), 3.0f);
    // Round and round: after 100 more values only the last three count.
    for (int i = 0; i < 100; ++i)
    {
        stats.add(static_cast<float>(i));
    }
    EXPECT_EQ(stats.current(), 99.0f);
    EXPECT_FLOAT_EQ(stats.average(), 98.0f);
    EXPECT_EQ(stats.max(), 99.0f);
}

TEST(WindowStats, ResetForgetsEverything)
{
    WindowStats stats(5);
    stats.add(7.0f);
    stats.add(8.0f);
    stats.reset();
    EXPECT_EQ(stats.count(), 0);
    EXPECT_EQ(stats.max(), 0.0f);
    stats.add(1.0f);
    EXPECT_EQ(stats.count(), 1);
    EXPECT_EQ(stats.max(), 1.0f); // not the 8 from before the reset
    EXPECT_EQ(stats.capacity(), 5);
}

TEST(WindowStats, RefusesAWindowOfNothing)
{
    EXPECT_THROW(WindowStats(0), std::invalid_argument);
    EXPECT_THROW(WindowStats(-3), std::invalid_argument);
}

TEST(ProfileWindow, KeepsEachStageApart)
{
    ProfileWindow window(2);
    Profile a;
    a.step = 4.0f;
    a.broadphase = 1.0f;
    a.narrowphase = 0.5f;
    a.solver = 2.0f;
    Profile b = a;
    b.step = 6.0f;
    b.solver = 3.0f;
    window.add(a);
    window.add(b);
    EXPECT_FLOAT_EQ(window.stage(ProfileStage::Step).average(), 5.0f);
    EXPECT_EQ(window.stage(ProfileStage::Step).max(), 6.0f);
    EXPECT_EQ(window.stage(ProfileStage::Broadphase).max(), 1.0f);
    EXPECT_EQ(window.stage(ProfileStage::Narrowphase).current(), 0.5f);
    EXPECT_EQ(window.stage(ProfileStage::Solver).current(), 3.0f);
    window.reset();
    EXPECT_EQ(window.stage(ProfileStage::Solver).count(), 0);
}

BodyDef bodyAt(BodyType type, Vec2 position)
{
    BodyDef def;
    def.type = type;
    def.position = position;
    return def;
}

TEST(KineticEnergy, HalfMvSquaredPlusHalfIwSquared)
{
    World world;
    world.createBody(bodyAt(BodyType::Static, {0.0f, 0.0f}), boxShape({5.0f, 0.5f}));
    BodyDef def;
    def.position = {0.0f, 10.0f};
    def.linearVelocity = {3.0f, 4.0f};
    def.angularVelocity = 2.0f;
    const BodyId id = world.createBody(def, boxShape({0.5f, 0.5f}));
    const float expected = 0.5f * world.mass(id) * 25.0f + 0.5f * world.inertia(id) * 4.0f;
    EXPECT_NEAR(kineticEnergy(world), expected, 1e-5f * expected);
    // A disabled body carries its velocity but is out of play.
    world.setEnabled(id, false);
    EXPECT_EQ(kineticEnergy(world), 0.0f);
}

TEST(DeepestPenetration, TheLargestOverlapOfTouchingPoints)
{
    World world;
    world.createBody(bodyAt(BodyType::Static, {0.0f, -1.0f}), boxShape({10.0f, 1.0f}));
    // Boxes sunk 1 cm and 3 cm into the ground; contacts are found without stepping.
    world.createBody(bodyAt(BodyType::Dynamic, {-2.0f, 0.49f}), boxShape({0.5f, 0.5f}));
    world.createBody(bodyAt(BodyType::Dynamic, {2.0f, 0.47f}), boxShape({0.5f, 0.5f}));
    EXPECT_EQ(deepestPenetration(world), 0.0f); // no contacts yet
    world.updateContacts();
    EXPECT_NEAR(deepestPenetration(world), 0.03f, 1e-4f);
}

TEST(DrawLegend, ColoursAreThePalettesOwn)
{
    const auto has = [](const std::vector<LegendEntry>& entries, Color c)
    {
        return std::any_of(entries.begin(), entries.end(),
                           [&](const LegendEntry& e) {
                               return e.color.r == c.r && e.color.g == c.g && e.color.b == c.b &&
                                      e.color.a == c.a;
                           });
    };
    const std::vector<LegendEntry> bodies = legendFor(LegendLayer::Bodies);
    for (const Color c : {palette::staticBody, palette::kinematicBody, palette::awakeBody,
                          palette::sleepingBody, palette::disabledBody, palette::sensorShape})
    {
        EXPECT_TRUE(has(bodies, c));
    }
    const std::vector<LegendEntry> contacts = legendFor(LegendLayer::Contacts);
    EXPECT_TRUE(has(contacts, palette::normalImpulse));
    EXPECT_TRUE(has(contacts, palette::frictionImpulse));
    // Every graph colour once, then the overflow and the uncoloured.
    const std::vector<LegendEntry> graph = legendFor(LegendLayer::GraphColors);
    ASSERT_EQ(graph.size(), palette::graphColors.size() + 2);
    for (const Color c : palette::graphColors)
    {
        EXPECT_TRUE(has(graph, c));
    }
    EXPECT_TRUE(has(graph, palette::graphOverflow));
    EXPECT_TRUE(has(graph, palette::graphUncoloured));
    EXPECT_EQ(legendFor(LegendLayer::Joints).size(), 5u);
    EXPECT_TRUE(has(legendFor(LegendLayer::Centers), palette::frameXAxis));
}

} // namespace
