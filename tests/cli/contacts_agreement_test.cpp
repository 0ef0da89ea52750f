// Both engines, in process, on every scene shipped in scenes/: the same touching pairs, normals,
// points and separations. Plus what each hand-written scene was written to show.

#include "contact_matching.hpp"
#include "oblique/compare/box2d_world.hpp"
#include "oblique/scene.hpp"

#include <algorithm>
#include <gtest/gtest.h>
#include <string>

namespace oblique::test
{
namespace
{

using compare::Box2dWorld;
using compare::PairContact;

std::filesystem::path sceneFile(const std::string& name)
{
    return std::filesystem::path(OBLIQUE_SCENES_DIR) / name;
}

class CliSceneAgreement : public testing::TestWithParam<std::filesystem::path>
{
};

TEST_P(CliSceneAgreement, BothEnginesFindTheSameContacts)
{
    const Scene scene = loadScene(GetParam());
    const std::vector<PairContact> ours = obliqueContacts(scene);
    Box2dWorld box2d(scene);
    const std::vector<PairContact> theirs = box2d.collide();

    const compare::ContactComparison comparison = strictComparison(theirs, ours);
    EXPECT_TRUE(comparison.agrees()) << problemsOf(comparison);
    EXPECT_EQ(comparison.matchedPairs, static_cast<int>(ours.size()));
    RecordProperty("pairs", static_cast<int>(ours.size()));
    RecordProperty("maxNormalDifference", std::to_string(comparison.normal));
    RecordProperty("maxPositionDifference", std::to_string(comparison.position));
    RecordProperty("maxSeparationDifference", std::to_string(comparison.separation));
}

TEST_P(CliSceneAgreement, ContactPassLeavesBox2dBodiesWhereTheSceneHasThem)
{
    const Scene scene = loadScene(GetParam());
    Box2dWorld box2d(scene);
    box2d.collide();
    ASSERT_EQ(box2d.bodyCount(), static_cast<int>(scene.bodies.size()));
    for (int i = 0; i < box2d.bodyCount(); ++i)
    {
        const compare::BodyState s = box2d.bodyState(i);
        const SceneBody& b = scene.bodies[static_cast<std::size_t>(i)];
        EXPECT_EQ(s.position, b.position) << "body " << i;
        EXPECT_EQ(s.angle, b.angle) << "body " << i;
        // Box2D recomputes each body's centre from its polygon and adds w x (that rounding, about
        // 1e-7 m) to the velocity, so a spinning body's velocity moves by a few 1e-7 m/s.
        EXPECT_NEAR(s.linearVelocity.x, b.linearVelocity.x, 1e-6f) << "body " << i;
        EXPECT_NEAR(s.linearVelocity.y, b.linearVelocity.y, 1e-6f) << "body " << i;
    }
}

INSTANTIATE_TEST_SUITE_P(Shipped, CliSceneAgreement, testing::ValuesIn(shippedScenes()),
                         [](const testing::TestParamInfo<std::filesystem::path>& param)
                         { return testNameOf(param.param); });

TEST(CliShippedScenes, TheDocumentedScenesAreThere)
{
    for (const char* name : {"box_on_ground.json", "rotated_boxes.json", "circle_on_rotated_box.json",
                             "cluster8.json", "pyramid20.json", "vertical_stack10.json"})
    {
        EXPECT_TRUE(std::filesystem::is_regular_file(sceneFile(name))) << name;
    }
}

TEST(CliShippedScenes, BoxOnGroundRestsSlightlyOverlapping)
{
    const auto contacts = obliqueContacts(loadScene(sceneFile("box_on_ground.json")));
    ASSERT_EQ(contacts.size(), 1u);
    EXPECT_EQ(contacts[0].a, 0);
    EXPECT_EQ(contacts[0].b, 1);
    EXPECT_NEAR(contacts[0].normal.y, 1.0f, 1e-6f);
    ASSERT_EQ(contacts[0].points.size(), 2u);
    for (const auto& p : contacts[0].points)
    {
        EXPECT_LT(p.separation, 0.0f);
        EXPECT_GT(p.separation, -0.05f);
    }
}

TEST(CliShippedScenes, RotatedBoxesAllTouchSomething)
{
    const Scene scene = loadScene(sceneFile("rotated_boxes.json"));
    const auto contacts = obliqueContacts(scene);
    for (int i = 0; i < static_cast<int>(scene.bodies.size()); ++i)
    {
        const bool touches = std::any_of(contacts.begin(), contacts.end(),
                                         [i](const PairContact& c) { return c.a == i || c.b == i; });
        EXPECT_TRUE(touches) << "body " << i;
        if (i > 0)
        {
            EXPECT_NE(scene.bodies[static_cast<std::size_t>(i)].angle, 0.0f) << "body " << i;
        }
    }
}

TEST(CliShippedScenes, CircleOnRotatedBoxTouchesFaceCornerAndCircle)
{
    const Scene scene = loadScene(sceneFile("circle_on_rotated_box.json"));
    ASSERT_EQ(scene.bodies[0].shape, ShapeKind::Box);
    EXPECT_NE(scene.bodies[0].angle, 0.0f);
    const auto contacts = obliqueContacts(scene);
    ASSERT_EQ(contacts.size(), 3u);
    for (const auto& c : contacts)
    {
        EXPECT_EQ(c.points.size(), 1u);
        EXPECT_LT(c.points[0].separation, 0.0f);
    }
}

TEST(CliShippedScenes, ClusterOfEightHasSeveralContacts)
{
    const Scene scene = loadScene(sceneFile("cluster8.json"));
    EXPECT_EQ(scene.bodies.size(), 8u);
    EXPECT_GE(obliqueContacts(scene).size(), 6u);
}

TEST(CliShippedScenes, PyramidHasTwentyRowsJustTouching)
{
    const Scene scene = loadScene(sceneFile("pyramid20.json"));
    ASSERT_EQ(scene.bodies.size(), 211u); // the ground and 20 + 19 + ... + 1 boxes
    EXPECT_EQ(scene.bodies[0].type, BodyType::Static);
    for (std::size_t i = 1; i < scene.bodies.size(); ++i)
    {
        EXPECT_EQ(scene.bodies[i].halfExtents, (Vec2{0.5f, 0.5f}));
    }
    const auto contacts = obliqueContacts(scene);
    // Each bottom box on the ground, each higher box on the two below it; row neighbours are apart.
    EXPECT_EQ(contacts.size(), 20u + 2u * 190u);
    for (const auto& c : contacts)
    {
        for (const auto& p : c.points)
        {
            EXPECT_LE(p.separation, 0.0f);
            EXPECT_GT(p.separation, -1e-3f);
        }
    }
}

TEST(CliShippedScenes, VerticalStackOfTen)
{
    const Scene scene = loadScene(sceneFile("vertical_stack10.json"));
    ASSERT_EQ(scene.bodies.size(), 11u);
    const auto contacts = obliqueContacts(scene);
    ASSERT_EQ(contacts.size(), 10u);
    for (int i = 0; i < 10; ++i)
    {
        EXPECT_EQ(contacts[static_cast<std::size_t>(i)].a, i);
        EXPECT_EQ(contacts[static_cast<std::size_t>(i)].b, i + 1);
    }
}

} // namespace
} // namespace oblique::test
