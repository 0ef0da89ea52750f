// The oblique side of `contacts` (which pairs, which way the normal points, in what order) and the
// JSON both engines are printed with.

#include "../support/scene_bodies.hpp"
#include "contact_matching.hpp"
#include "oblique/compare/divergence.hpp"
#include "oblique/compare/json_report.hpp"
#include "oblique/compare/scene_comparison.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>

namespace oblique::test
{
namespace
{

TEST(CompareTolerances, GrowWithHowFarTheBodyWentAndTurned)
{
    const compare::StateTolerances t;
    EXPECT_FLOAT_EQ(compare::positionTolerance(t, 0.0f), 0.05f);
    EXPECT_FLOAT_EQ(compare::positionTolerance(t, 10.0f), 0.5f);
    EXPECT_FLOAT_EQ(compare::angleTolerance(t, 0.0f), 0.05f);
    EXPECT_FLOAT_EQ(compare::angleTolerance(t, 3.0f), 0.15f);

    // 0.1 rad apart: too much for a body that barely turned, within 5% of three radians.
    compare::StateDifference d;
    d.angle = 0.1f;
    EXPECT_FALSE(compare::within(d, t, {0.0f, 0.2f}));
    EXPECT_TRUE(compare::within(d, t, {0.0f, 3.0f}));
    // Velocities are held absolutely, however far the body went.
    d.linearVelocity = 0.2f;
    EXPECT_FALSE(compare::within(d, t, {100.0f, 3.0f}));
}

compare::BodyComparison bodyWith(compare::StateDifference d, compare::Travel travel = {})
{
    compare::BodyComparison body;
    body.difference = d;
    body.travel = travel;
    return body;
}

TEST(CompareWorstDivergence, IsTheLargestShareOfItsTolerance)
{
    const compare::StateTolerances t;
    // Body 0 is 0.04 m apart of 0.05 m (80%); body 1 is 0.3 m apart but moved 10 m, so it is
    // allowed 0.5 m (60%); body 2's spin is 0.09 of 0.1 rad/s (90%): the worst.
    const std::vector<compare::BodyComparison> bodies{
        bodyWith({.position = 0.04f}),
        bodyWith({.position = 0.3f}, {.distance = 10.0f}),
        bodyWith({.position = 0.01f, .angularVelocity = 0.09f}),
    };
    const compare::WorstDivergence worst = compare::worstDivergence(bodies, t);
    EXPECT_EQ(worst.body, 2);
    EXPECT_EQ(worst.quantity, "angularVelocity");
    EXPECT_EQ(worst.unit, "rad/s");
    EXPECT_FLOAT_EQ(worst.difference, 0.09f);
    EXPECT_FLOAT_EQ(worst.tolerance, 0.1f);
    EXPECT_NEAR(worst.share(), 0.9f, 1e-6f);

    // The relative tolerance is the one a body is held to.
    const compare::WorstDivergence far =
        compare::worstDivergence({bodyWith({.position = 0.3f}, {.distance = 10.0f})}, t);
    EXPECT_FLOAT_EQ(far.tolerance, 0.5f);
}

TEST(CompareWorstDivergence, TiesGoToTheFirstBodyAndQuantityAndNoBodiesToNone)
{
    const compare::StateTolerances t;
    // Each is exactly half its tolerance (a float halved is the half of its decimal, rounded).
    const std::vector<compare::BodyComparison> bodies{bodyWith({.angle = 0.025f, .linearVelocity = 0.05f}),
                                                      bodyWith({.angle = 0.025f})};
    ASSERT_EQ(0.025f / t.angle, 0.05f / t.linearVelocity);
    const compare::WorstDivergence worst = compare::worstDivergence(bodies, t);
    EXPECT_EQ(worst.body, 0);
    EXPECT_EQ(worst.quantity, "angle");
    EXPECT_EQ(compare::worstDivergence({}, t).body, -1);
}

TEST(CompareContacts, ALonePairIsForgivenOnlyWhenJustTouching)
{
    compare::PairContact touching;
    touching.a = 0;
    touching.b = 1;
    touching.normal = {0.0f, 1.0f};
    touching.points.push_back({{0.0f, 0.0f}, -0.5e-4f});
    compare::PairContact deep = touching;
    deep.points[0].separation = -0.01f;

    // The command forgives a pair only one engine reports when it is within 1e-4 m of touching...
    EXPECT_TRUE(compare::compareContacts({touching}, {}).agrees());
    EXPECT_FALSE(compare::compareContacts({deep}, {}).agrees());
    EXPECT_FALSE(compare::compareContacts({}, {deep}).agrees());
    // ...and the tests' strict comparison forgives none.
    EXPECT_FALSE(strictComparison({touching}, {}).agrees());
    EXPECT_TRUE(strictComparison({touching}, {touching}).agrees());
}

TEST(CliObliqueContacts, OnlyPairsWithADynamicBodyCollide)
{
    const BodyType s = BodyType::Static;
    const BodyType k = BodyType::Kinematic;
    const BodyType d = BodyType::Dynamic;
    // Five overlapping boxes: static-static, static-kinematic and kinematic-kinematic pairs never
    // touch; only the pairs with the dynamic one (index 3) do, with statics and kinematics alike.
    Scene scene;
    scene.bodies = {sceneBox(s, {0, 0}, {1, 1}), sceneBox(k, {0, 0.5f}, {1, 1}),
                    sceneBox(s, {0.5f, 0}, {1, 1}), sceneBox(d, {0.2f, 0.1f}, {1, 1}),
                    sceneBox(k, {0, 0.4f}, {1, 1})};
    const auto contacts = obliqueContacts(scene);
    const int expected[4][2] = {{0, 3}, {1, 3}, {2, 3}, {3, 4}};
    ASSERT_EQ(contacts.size(), 4u);
    for (std::size_t i = 0; i < 4; ++i)
    {
        EXPECT_EQ(contacts[i].a, expected[i][0]);
        EXPECT_EQ(contacts[i].b, expected[i][1]);
    }
}

TEST(CliObliqueContacts, NormalPointsFromTheLowerIndexWhateverTheShapes)
{
    const BodyType d = BodyType::Dynamic;
    // A circle sitting on a box, listed circle first, then box first.
    Scene circleFirst;
    circleFirst.bodies = {sceneBall(d, {0, 1.4f}, 0.5f), sceneBox(d, {0, 0}, {2, 1})};
    Scene boxFirst;
    boxFirst.bodies = {sceneBox(d, {0, 0}, {2, 1}), sceneBall(d, {0, 1.4f}, 0.5f)};

    const auto c1 = obliqueContacts(circleFirst);
    ASSERT_EQ(c1.size(), 1u);
    EXPECT_NEAR(c1[0].normal.x, 0.0f, 1e-6f);
    EXPECT_NEAR(c1[0].normal.y, -1.0f, 1e-6f);
    const auto c2 = obliqueContacts(boxFirst);
    ASSERT_EQ(c2.size(), 1u);
    EXPECT_NEAR(c2[0].normal.y, 1.0f, 1e-6f);

    for (const auto* c : {&c1, &c2})
    {
        ASSERT_EQ((*c)[0].points.size(), 1u);
        EXPECT_NEAR((*c)[0].points[0].separation, -0.1f, 1e-5f);
        EXPECT_NEAR((*c)[0].points[0].position.y, 0.95f, 1e-5f); // midway between y = 1 and y = 0.9
    }
}

TEST(CliObliqueContacts, CirclesAndBoxesTogetherInPairOrder)
{
    const BodyType d = BodyType::Dynamic;
    Scene scene;
    scene.bodies = {sceneBall(d, {0, 0}, 1), sceneBall(d, {1.5f, 0}, 1),
                    sceneBox(BodyType::Static, {0, -1.5f}, {5, 0.6f}), sceneBox(d, {3, 0}, {0.6f, 0.6f})};
    const auto contacts = obliqueContacts(scene);
    ASSERT_EQ(contacts.size(), 4u);
    const int expected[4][2] = {{0, 1}, {0, 2}, {1, 2}, {1, 3}};
    for (std::size_t i = 0; i < 4; ++i)
    {
        EXPECT_EQ(contacts[i].a, expected[i][0]);
        EXPECT_EQ(contacts[i].b, expected[i][1]);
        EXPECT_NEAR(std::hypot(contacts[i].normal.x, contacts[i].normal.y), 1.0f, 1e-6f);
    }
    EXPECT_NEAR(contacts[0].normal.x, 1.0f, 1e-6f);  // ball 0 towards ball 1
    EXPECT_NEAR(contacts[1].normal.y, -1.0f, 1e-6f); // ball 0 down to the ground
    EXPECT_NEAR(contacts[3].normal.x, 1.0f, 1e-6f);  // ball 1 towards box 3
}

TEST(CliObliqueContacts, ApartShapesAndEmptyScenesGiveNothing)
{
    Scene scene;
    EXPECT_TRUE(obliqueContacts(scene).empty());
    scene.bodies = {sceneBox(BodyType::Dynamic, {0, 0}, {0.5f, 0.5f}),
                    sceneBox(BodyType::Dynamic, {1.01f, 0}, {0.5f, 0.5f}),
                    sceneBall(BodyType::Dynamic, {0, 2}, 0.5f)};
    EXPECT_TRUE(obliqueContacts(scene).empty());
}

TEST(CliReport, SortByPairOrdersByAThenB)
{
    std::vector<compare::PairContact> contacts = {
        {2, 3, {}, {}}, {0, 5, {}, {}}, {0, 1, {}, {}}, {1, 2, {}, {}}};
    compare::sortByPair(contacts);
    const int expected[4][2] = {{0, 1}, {0, 5}, {1, 2}, {2, 3}};
    for (std::size_t i = 0; i < 4; ++i)
    {
        EXPECT_EQ(contacts[i].a, expected[i][0]);
        EXPECT_EQ(contacts[i].b, expected[i][1]);
    }
}

TEST(CliReport, EngineNamesRoundTrip)
{
    EXPECT_EQ(compare::engineName(compare::Engine::Oblique), "oblique");
    EXPECT_EQ(compare::engineName(compare::Engine::Box2d), "box2d");
    EXPECT_EQ(compare::parseEngine("oblique"), compare::Engine::Oblique);
    EXPECT_EQ(compare::parseEngine("box2d"), compare::Engine::Box2d);
    EXPECT_FALSE(compare::parseEngine("Box2D").has_value());
    EXPECT_FALSE(compare::parseEngine("").has_value());
}

TEST(CliReport, FloatsPrintInTheirShortestForm)
{
    EXPECT_EQ(compare::jsonNumber(0.1f).dump(), "0.1");
    EXPECT_EQ(compare::jsonNumber(-0.005f).dump(), "-0.005");
    EXPECT_EQ(compare::jsonNumber(1.0f / 3.0f).dump(), "0.33333334");
    // Whatever the text, it reads back as the same float.
    for (const float v : {0.016666668f, 1e-20f, 123456.79f, -7.5f})
    {
        EXPECT_EQ(static_cast<float>(compare::jsonNumber(v).get<double>()), v);
    }
    EXPECT_TRUE(compare::jsonNumber(std::numeric_limits<float>::quiet_NaN()).is_null());
    EXPECT_TRUE(compare::jsonNumber(std::numeric_limits<float>::infinity()).is_null());
}

TEST(CliReport, ContactsReportHasTheDocumentedShape)
{
    const std::vector<compare::PairContact> contacts = {
        {0, 2, {0, 1}, {{{-0.5f, -0.025f}, -0.05f}, {{0.5f, -0.025f}, -0.05f}}}};
    EXPECT_EQ(
        compare::contactsReport(compare::Engine::Box2d, contacts).dump(),
        R"({"engine":"box2d","contacts":[{"a":0,"b":2,"normal":[0.0,1.0],"points":[)"
        R"({"position":[-0.5,-0.025],"separation":-0.05},{"position":[0.5,-0.025],"separation":-0.05}]}]})");
    EXPECT_EQ(compare::contactsReport(compare::Engine::Oblique, {}).dump(),
              R"({"engine":"oblique","contacts":[]})");
}

TEST(CliReport, BodyStateHasTheDocumentedShape)
{
    const compare::BodyState state{{1, -2}, 0.25f, {0.5f, 0}, -3, true};
    EXPECT_EQ(
        compare::toJson(state).dump(),
        R"({"position":[1.0,-2.0],"angle":0.25,"linearVelocity":[0.5,0.0],"angularVelocity":-3.0,"awake":true})");
}

} // namespace
} // namespace oblique::test
