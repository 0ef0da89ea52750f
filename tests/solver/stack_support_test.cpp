// Soft step's stack support (stack_support.hpp): a body resting on one much lighter is carried to
// the ground instead of sinking into it, and stacks of like masses are left to the soft solve.

#include "oblique/contact_events.hpp"
#include "oblique/world.hpp"
#include "world_internals.hpp"
#include "world_state.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <vector>

namespace oblique::detail
{
namespace
{

constexpr float kStep = 1.0f / 60.0f;
constexpr float kHalf = 0.5f;

struct Column
{
    World world;
    std::vector<BodyId> boxes; // bottom first
};

// Unit boxes stacked on the ground, resting just touching, of the given densities bottom first.
Column column(const std::vector<float>& densities)
{
    WorldDef def;
    def.allowSleep = false;
    Column c{World(def), {}};
    BodyDef ground;
    ground.type = BodyType::Static;
    ground.position = {0.0f, -1.0f};
    c.world.createBody(ground, boxShape({20.0f, 1.0f}));
    for (std::size_t i = 0; i < densities.size(); ++i)
    {
        BodyDef b;
        b.position = {0.0f, kHalf + 2.0f * kHalf * static_cast<float>(i)};
        ShapeDef shape = boxShape({kHalf, kHalf});
        shape.density = densities[i];
        c.boxes.push_back(c.world.createBody(b, shape));
    }
    return c;
}

// How far box i has sunk below where it rests rigidly: into the ground and the boxes under it.
float sunk(const Column& c, std::size_t i)
{
    const float rest = kHalf + 2.0f * kHalf * static_cast<float>(i);
    return rest - c.world.position(c.boxes[i]).y;
}

void run(Column& c, float seconds)
{
    for (int s = 0; s < static_cast<int>(seconds / kStep); ++s)
    {
        c.world.step(kStep);
    }
}

TEST(StackSupport, AHeavyBoxOnALightOneSinksByLessThanASlop)
{
    // 1,000 times heavier: the soft contact under it alone, a spring of the light box's effective
    // mass, would hold it about 28 cm down (its weight over that mass, times 1/(2 pi 30 Hz)^2).
    Column c = column({1.0f, 1000.0f});
    run(c, 3.0f);
    EXPECT_LT(sunk(c, 0), 0.01f);
    EXPECT_LT(sunk(c, 1), 0.02f);
    EXPECT_LT(std::fabs(c.world.position(c.boxes[1]).x), 0.01f);
    for (const BodyId b : c.boxes)
    {
        EXPECT_LT(length(c.world.linearVelocity(b)), 0.05f);
    }
}

TEST(StackSupport, ItsWeightReachesTheGroundThroughEveryLightBoxUnderIt)
{
    Column c = column({1.0f, 1.0f, 1.0f, 500.0f});
    run(c, 3.0f);
    for (std::size_t i = 0; i < c.boxes.size(); ++i)
    {
        EXPECT_LT(sunk(c, i), 0.01f * static_cast<float>(i + 1)) << "box " << i;
    }
    // Every contact from the heavy box down is in the pass.
    EXPECT_EQ(WorldInternals::of(c.world).contactSolver.support.constraints.size(), 4u);
}

TEST(StackSupport, LikeMassesAreLeftToTheSoftSolve)
{
    // A column of like boxes, and a heavy box under a light one: nothing is heavy on light, so
    // the support is not even built.
    Column c = column({1.0f, 2.0f, 1.0f, 5.0f, 1.0f});
    Column under = column({1000.0f, 1.0f});
    run(c, 0.5f);
    run(under, 0.5f);
    EXPECT_FALSE(WorldInternals::of(c.world).contactSolver.support.heavyOnLight);
    EXPECT_TRUE(WorldInternals::of(c.world).contactSolver.support.constraints.empty());
    EXPECT_TRUE(WorldInternals::of(under.world).contactSolver.support.heavyOnLight);
    EXPECT_TRUE(WorldInternals::of(under.world).contactSolver.support.constraints.empty());
}

TEST(StackSupport, AHeavyBoxDroppedOnALightOneStopsOnItWithoutBouncingOff)
{
    // Dropped 2 m: it lands at 6.3 m/s. Held by the support it stops on the light box as on the
    // ground; nothing leaves faster than it arrived, and the light box is not driven into the
    // ground.
    Column c = column({1.0f, 300.0f});
    c.world.setTransform(c.boxes[1], {0.0f, 3.5f}, 0.0f);
    float fastest = 0.0f;
    float deepest = 0.0f;
    for (int s = 0; s < 180; ++s)
    {
        c.world.step(kStep);
        fastest = std::max(fastest, length(c.world.linearVelocity(c.boxes[0])));
        deepest = std::max(deepest, sunk(c, 0));
    }
    EXPECT_LT(fastest, 6.5f);
    EXPECT_LT(deepest, 0.05f);
    EXPECT_LT(sunk(c, 1), 0.02f);
    EXPECT_LT(length(c.world.linearVelocity(c.boxes[1])), 0.05f);
}

TEST(StackSupport, AHeavyBoxOnALightOneStaysPutOnAGentleSlope)
{
    // 10 degrees, friction 0.6 (tan 10 degrees = 0.18): a rigid pair stays put. The support stops
    // the heavy box without handing its weight down, so the soft contacts' friction grips with the
    // weight the support carries; with their own share alone (4 % of it) the pair slid off the
    // slope, the heavy box 2.9 m.
    WorldDef def;
    def.allowSleep = false;
    World world(def);
    const float slope = 10.0f * 3.14159265f / 180.0f;
    BodyDef ground;
    ground.type = BodyType::Static;
    ground.angle = slope;
    world.createBody(ground, boxShape({20.0f, 1.0f}));
    const Vec2 up{-std::sin(slope), std::cos(slope)};
    BodyDef box;
    box.angle = slope;
    box.position = 1.5f * up;
    const BodyId light = world.createBody(box, boxShape({kHalf, kHalf}));
    box.position = 2.5f * up;
    ShapeDef heavyShape = boxShape({kHalf, kHalf});
    heavyShape.density = 200.0f;
    const BodyId heavy = world.createBody(box, heavyShape);
    for (int s = 0; s < 180; ++s)
    {
        world.step(kStep);
    }
    EXPECT_FALSE(WorldInternals::of(world).contactSolver.support.constraints.empty());
    EXPECT_LT(length(world.position(light) - 1.5f * up), 0.03f);
    EXPECT_LT(length(world.position(heavy) - 2.5f * up), 0.05f);
}

TEST(StackSupport, ImpulseEventsCountWhatTheSupportPushes)
{
    // At rest the heavy box's contact carries its weight, most of it through the support pass.
    Column c = column({1.0f, 200.0f});
    c.world.setImpulseEvents(true);
    run(c, 2.0f);
    const float weightImpulse = c.world.mass(c.boxes[1]) * length(WorldDef{}.gravity) * kStep;
    float underHeavy = 0.0f;
    for (const ContactImpulseEvent& e : c.world.contactImpulseEvents())
    {
        if (e.a == c.boxes[1] || e.b == c.boxes[1])
        {
            underHeavy += e.normalImpulses[0] + e.normalImpulses[1];
        }
    }
    EXPECT_NEAR(underHeavy, weightImpulse, 0.02f * weightImpulse);
}

} // namespace
} // namespace oblique::detail
