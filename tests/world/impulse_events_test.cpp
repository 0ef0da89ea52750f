// Contact impulse events (WorldDef::impulseEvents): after each step, every contact the solver
// worked on reports the impulses it applied over the step. A pile at rest on the ground is held up
// by the ground's contacts alone, so their events add up to the pile's weight times the step, in
// both solvers, whether a contact was solved in lanes (a pyramid) or one at a time (bouncy boxes);
// and the events are the same whatever the lane width.

#include "../support/keep_lane_width.hpp"
#include "oblique/lane_width.hpp"
#include "oblique/world.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <vector>

namespace oblique
{
namespace
{

constexpr float kDt = 1.0f / 60.0f;
constexpr float kGravity = 10.0f;

struct Pile
{
    World world;
    BodyId ground;
    float mass = 0.0f; // of every dynamic body
};

// A pyramid of 6 rows of 1 kg boxes and, apart from it, a stack of 3 bouncy boxes (restitution
// keeps their contacts out of the lanes), settled for two seconds with sleep off.
Pile buildPile(Solver solver)
{
    WorldDef def;
    def.solver = solver;
    def.allowSleep = false;
    def.gravity = {0.0f, -kGravity};
    Pile p{World(def), {}, 0.0f};
    BodyDef ground;
    ground.type = BodyType::Static;
    ground.position = {0.0f, -1.0f};
    p.ground = p.world.createBody(ground, boxShape({40.0f, 1.0f}));
    const int rows = 6;
    for (int row = 0; row < rows; ++row)
    {
        for (int i = 0; i < rows - row; ++i)
        {
            BodyDef box;
            box.position = {-0.55f * static_cast<float>(rows - row - 1) + 1.1f * static_cast<float>(i),
                            0.5f + static_cast<float>(row)};
            const BodyId id = p.world.createBody(box, boxShape({0.5f, 0.5f}));
            p.mass += p.world.mass(id);
        }
    }
    for (int level = 0; level < 3; ++level)
    {
        BodyDef box;
        box.position = {12.0f, 0.5f + static_cast<float>(level)};
        ShapeDef shape = boxShape({0.5f, 0.5f});
        shape.restitution = 0.4f;
        const BodyId id = p.world.createBody(box, shape);
        p.mass += p.world.mass(id);
    }
    for (int i = 0; i < 120; ++i)
    {
        p.world.step(kDt);
    }
    return p;
}

// The upward impulse the ground's contacts gave over the last step.
float groundSupport(const World& world, BodyId ground)
{
    float up = 0.0f;
    for (const ContactImpulseEvent& e : world.contactImpulseEvents())
    {
        if (!(e.a == ground) && !(e.b == ground))
        {
            continue;
        }
        float normal = 0.0f;
        for (int j = 0; j < e.pointCount; ++j)
        {
            normal += e.normalImpulses[j];
        }
        up += normal * std::fabs(e.normal.y);
    }
    return up;
}

class ImpulseEvents : public ::testing::TestWithParam<Solver>
{
};

TEST_P(ImpulseEvents, TheGroundsContactsCarryThePilesWeight)
{
    Pile p = buildPile(GetParam());
    p.world.setImpulseEvents(true);
    p.world.step(kDt);
    const auto events = p.world.contactImpulseEvents();
    // Every box touches something: the pyramid's 21 boxes share 35 contacts at least, and the
    // stack has 3.
    ASSERT_GE(events.size(), 38u);
    for (const ContactImpulseEvent& e : events)
    {
        ASSERT_GE(e.pointCount, 1);
        ASSERT_LE(e.pointCount, 2);
        for (int j = 0; j < e.pointCount; ++j)
        {
            EXPECT_TRUE(std::isfinite(e.normalImpulses[j]));
            EXPECT_GE(e.normalImpulses[j], 0.0f);
        }
    }
    const float weight = p.mass * kGravity * kDt;
    EXPECT_NEAR(groundSupport(p.world, p.ground), weight, 0.02f * weight);
}

TEST_P(ImpulseEvents, AreTheSameAtEveryLaneWidth)
{
    const test::KeepLaneWidth keep;
    const std::vector<int> widths = test::availableLaneWidths();
    if (widths.size() < 2)
    {
        GTEST_SKIP() << "this CPU has four lanes only";
    }
    std::vector<std::vector<ContactImpulseEvent>> seen;
    for (const int width : widths)
    {
        setLaneWidth(width);
        Pile p = buildPile(GetParam());
        p.world.setImpulseEvents(true);
        p.world.step(kDt);
        const auto events = p.world.contactImpulseEvents();
        seen.emplace_back(events.begin(), events.end());
    }
    for (std::size_t k = 1; k < seen.size(); ++k)
    {
        SCOPED_TRACE(testing::Message() << widths[k] << " lanes against " << widths[0]);
        ASSERT_EQ(seen[0].size(), seen[k].size());
        for (std::size_t i = 0; i < seen[0].size(); ++i)
        {
            const ContactImpulseEvent& x = seen[0][i];
            const ContactImpulseEvent& y = seen[k][i];
            EXPECT_TRUE(x.a == y.a && x.b == y.b && x.shapeA == y.shapeA && x.shapeB == y.shapeB) << i;
            ASSERT_EQ(x.pointCount, y.pointCount) << i;
            for (int j = 0; j < x.pointCount; ++j)
            {
                EXPECT_EQ(x.normalImpulses[j], y.normalImpulses[j]) << i;
                EXPECT_EQ(x.tangentImpulses[j], y.tangentImpulses[j]) << i;
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(BothSolvers, ImpulseEvents, ::testing::Values(Solver::SoftStep, Solver::Ngs));

} // namespace
} // namespace oblique
