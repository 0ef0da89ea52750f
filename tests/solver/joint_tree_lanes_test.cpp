// Joint trees in lanes (joint_tree_lanes.hpp): trees of one shape share a batch, trees of others do
// not, and a tree solved in a lane gets the bits it gets alone (four lanes), through limits that
// let go and bodies that cannot turn.

#include "../support/keep_lane_width.hpp"
#include "oblique/scene_builders.hpp"
#include "oblique/scene_world.hpp"
#include "world_internals.hpp"
#include "world_state.hpp"

#include <cstddef>
#include <gtest/gtest.h>
#include <vector>

namespace oblique::test
{
namespace
{

const detail::JointTrees& treesOf(const World& world)
{
    return detail::WorldInternals::of(world).jointTrees;
}

Scene awakeRagdolls(int count)
{
    Scene scene = scenes::ragdollPile(count);
    scene.world.allowSleep = false;
    return scene;
}

// Sets every dynamic body turning and flying, so that the limits catch and let go.
void fling(SceneInstance& in, const Scene& scene)
{
    for (std::size_t i = 0; i < scene.bodies.size(); ++i)
    {
        if (scene.bodies[i].type == BodyType::Dynamic)
        {
            const float sign = (i % 2 == 0) ? 1.0f : -1.0f;
            in.world.setAngularVelocity(in.bodies[i], sign * (6.0f + static_cast<float>(i % 7)));
            in.world.setLinearVelocity(in.bodies[i], {sign * 3.0f, 4.0f});
        }
    }
}

// Steps the scene at four lanes and at eight, flung after the first step, and expects the same
// state after every step; returns whether every batch of the eight-lane world was factored in
// lanes at every step.
bool expectSameBitsAsAlone(const Scene& scene, int steps)
{
    KeepLaneWidth keep;
    SceneInstance alone = instantiate(scene);
    SceneInstance inLanes = instantiate(scene);
    bool everyBatchInLanes = true;
    for (int i = 0; i < steps; ++i)
    {
        if (i == 1)
        {
            fling(alone, scene);
            fling(inLanes, scene);
        }
        setLaneWidth(4);
        alone.world.step(scene.world.timeStep);
        setLaneWidth(8);
        inLanes.world.step(scene.world.timeStep);
        for (const detail::TreeBatch& batch : treesOf(inLanes.world).lanes.batches)
        {
            everyBatchInLanes = everyBatchInLanes && batch.factoredInLanes;
        }
        EXPECT_EQ(alone.world.stateHash(), inLanes.world.stateHash()) << "after step " << i;
        if (alone.world.stateHash() != inLanes.world.stateHash())
        {
            return everyBatchInLanes;
        }
    }
    return everyBatchInLanes;
}

TEST(JointTreeLanes, RagdollsBuiltAlikeShareBatchesOfFour)
{
    SceneInstance in = instantiate(awakeRagdolls(10));
    in.world.step(1.0f / 60.0f);
    const detail::JointTrees& t = treesOf(in.world);
    ASSERT_EQ(t.trees.size(), 10u);
    ASSERT_EQ(t.lanes.batches.size(), 3u); // 4 + 4 + 2
    int lanes = 0;
    for (std::size_t b = 0; b < t.lanes.batches.size(); ++b)
    {
        const detail::TreeBatch& batch = t.lanes.batches[b];
        lanes += batch.lanes;
        for (int lane = 0; lane < batch.lanes; ++lane)
        {
            EXPECT_EQ(t.trees[static_cast<std::size_t>(batch.trees[static_cast<std::size_t>(lane)])].batch,
                      static_cast<std::int32_t>(b));
        }
    }
    EXPECT_EQ(lanes, 10);
}

TEST(JointTreeLanes, OnlyTreesOfOneShapeShareABatch)
{
    // Two free chains of three links and one of four, falling: the two of three share a batch, the
    // one of four is alone.
    World world;
    float x = 0.0f;
    for (const int links : {3, 4, 3})
    {
        BodyId previous{};
        for (int i = 0; i < links; ++i)
        {
            const Vec2 top{x, -static_cast<float>(i)};
            BodyDef def;
            def.type = BodyType::Dynamic;
            def.position = top - Vec2{0.0f, 0.5f};
            const BodyId link = world.createBody(def, boxShape({0.1f, 0.5f}));
            if (i > 0)
            {
                world.createJoint(
                    {.bodyA = previous, .bodyB = link, .params = RevoluteJointDef{.anchor = top}});
            }
            previous = link;
        }
        x += 3.0f;
    }
    world.step(1.0f / 60.0f);
    const detail::JointTrees& t = treesOf(world);
    ASSERT_EQ(t.trees.size(), 3u);
    ASSERT_EQ(t.lanes.batches.size(), 1u);
    const detail::TreeBatch& batch = t.lanes.batches[0];
    ASSERT_EQ(batch.lanes, 2);
    for (int lane = 0; lane < 2; ++lane)
    {
        const detail::TreeRange& tree =
            t.trees[static_cast<std::size_t>(batch.trees[static_cast<std::size_t>(lane)])];
        EXPECT_EQ(tree.end - tree.begin, 5); // three links and the two joints between them
    }
}

TEST(JointTreeLanes, FlungRagdollsGetTheBitsTheyGetAlone)
{
    if (!eightLanesAvailable())
    {
        GTEST_SKIP() << "this CPU or build has no AVX2: trees are solved alone";
    }
    EXPECT_TRUE(expectSameBitsAsAlone(awakeRagdolls(10), 240));
}

TEST(JointTreeLanes, ABatchWithABodyThatCannotTurnIsSolvedAloneWithTheSameBits)
{
    if (!eightLanesAvailable())
    {
        GTEST_SKIP() << "this CPU or build has no AVX2: trees are solved alone";
    }
    Scene scene = awakeRagdolls(4);
    for (SceneBody& body : scene.bodies)
    {
        if (body.type == BodyType::Dynamic)
        {
            body.fixedRotation = true;
            break;
        }
    }
    EXPECT_FALSE(expectSameBitsAsAlone(scene, 120)); // the batch was not factored in lanes...
    SceneInstance in = instantiate(scene);
    in.world.step(scene.world.timeStep);
    EXPECT_EQ(treesOf(in.world).lanes.batches.size(), 1u); // ... though its trees share one
}

} // namespace
} // namespace oblique::test
