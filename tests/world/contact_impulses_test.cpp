// World::contacts reports the impulses the solver applied at each touching point, and
// contacts(body) reports the touching contacts of one body: a box resting on the ground carries its
// weight in normal impulse in both solvers, a box pushed sideways carries friction, and a body with
// nothing under it has no contacts.

#include "oblique/world.hpp"

#include <gtest/gtest.h>

namespace oblique
{
namespace
{

constexpr float kDt = 1.0f / 60.0f;

struct Resting
{
    World world;
    BodyId ground;
    BodyId box;
    BodyId loose;
};

// A 1 kg box (1 m by 1 m, density 1) resting on the ground, and a box falling far away.
void build(Resting& r, Solver solver)
{
    WorldDef def;
    def.solver = solver;
    r.world = World(def);
    BodyDef ground;
    ground.type = BodyType::Static;
    ground.position = {0.0f, -1.0f};
    r.ground = r.world.createBody(ground, boxShape({20.0f, 1.0f}));
    BodyDef box;
    box.position = {0.0f, 0.5f};
    r.box = r.world.createBody(box, boxShape({0.5f, 0.5f}));
    BodyDef loose;
    loose.position = {0.0f, 100.0f};
    r.loose = r.world.createBody(loose, boxShape({0.5f, 0.5f}));
    for (int i = 0; i < 60; ++i)
    {
        r.world.step(kDt);
    }
}

float totalNormalImpulse(const ContactInfo& c)
{
    float total = 0.0f;
    for (int i = 0; i < c.manifold.pointCount; ++i)
    {
        total += c.normalImpulses[i];
    }
    return total;
}

class ContactImpulses : public ::testing::TestWithParam<Solver>
{
};

TEST_P(ContactImpulses, ARestingBoxCarriesItsWeightPerStep)
{
    Resting r;
    build(r, GetParam());
    const std::vector<ContactInfo> mine = r.world.contacts(r.box);
    ASSERT_EQ(mine.size(), 1u);
    const ContactInfo& c = mine.front();
    EXPECT_TRUE((c.a == r.ground && c.b == r.box) || (c.a == r.box && c.b == r.ground));
    ASSERT_EQ(c.manifold.pointCount, 2);
    // Weight times the step: 1 kg * 10 m/s^2 * 1/60 s, shared by the two points.
    EXPECT_NEAR(totalNormalImpulse(c), 10.0f * kDt, 0.02f * 10.0f * kDt);
    EXPECT_GT(c.normalImpulses[0], 0.0f);
    EXPECT_GT(c.normalImpulses[1], 0.0f);
    EXPECT_NEAR(c.tangentImpulses[0], 0.0f, 1e-4f);
    // The ground's contacts are the same one, and the falling box has none.
    const std::vector<ContactInfo> ground = r.world.contacts(r.ground);
    ASSERT_EQ(ground.size(), 1u);
    EXPECT_EQ(ground.front().normalImpulses[0], c.normalImpulses[0]);
    EXPECT_TRUE(r.world.contacts(r.loose).empty());
    // contacts() reports the same impulses.
    const std::vector<ContactInfo> all = r.world.contacts();
    ASSERT_EQ(all.size(), 1u);
    EXPECT_EQ(all.front().normalImpulses[1], c.normalImpulses[1]);
}

TEST_P(ContactImpulses, APushedBoxCarriesFriction)
{
    Resting r;
    build(r, GetParam());
    // A push too weak to slide it (friction 0.6 holds up to 6 N): friction holds it all.
    for (int i = 0; i < 30; ++i)
    {
        r.world.applyForceToCenter(r.box, {3.0f, 0.0f});
        r.world.step(kDt);
    }
    const std::vector<ContactInfo> mine = r.world.contacts(r.box);
    ASSERT_EQ(mine.size(), 1u);
    const ContactInfo& c = mine.front();
    const float friction = c.tangentImpulses[0] + c.tangentImpulses[1];
    EXPECT_LT(std::abs(r.world.position(r.box).x), 0.01f);
    EXPECT_NEAR(std::abs(friction), 3.0f * kDt, 0.1f * 3.0f * kDt);
}

INSTANTIATE_TEST_SUITE_P(BothSolvers, ContactImpulses, ::testing::Values(Solver::SoftStep, Solver::Ngs));

TEST(ContactImpulsesApi, AStaleBodyIsRefused)
{
    World world;
    const BodyId id = world.createBody(BodyDef{}, boxShape({0.5f, 0.5f}));
    world.destroyBody(id);
    EXPECT_THROW((void)world.contacts(id), std::invalid_argument);
}

} // namespace
} // namespace oblique
