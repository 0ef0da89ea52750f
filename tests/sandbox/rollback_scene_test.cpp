// The Rollback scene run the way the app runs it (its update, then the app's step): at every input
// delay, inputs that arrive late are rolled back and simulated again, and every confirmed frame has
// the state hash of the world that had every input on time; the arrow keys drive the local player.

#include "oblique/sfml/camera_2d.hpp"
#include "oblique/sfml/input.hpp"
#include "rollback_scene.hpp"

#include <gtest/gtest.h>

namespace
{

using namespace oblique;
using oblique::sandbox::RollbackScene;

constexpr float kDt = 1.0f / 60.0f;

struct SceneRun
{
    World world;
    std::vector<BodyId> bodies;
    Camera2D camera;
    Input input;
    RollbackScene scene;
    sandbox::SceneContext context;

    explicit SceneRun(int delay)
    {
        context.world = &world;
        context.bodies = &bodies;
        context.input = &input;
        context.camera = &camera;
        scene.load(context);
        scene.setDelay(delay);
    }

    void frames(int count, bool holdRight = false)
    {
        for (int i = 0; i < count; ++i)
        {
            KeyboardState keys;
            keys.setKey(Key::Right, holdRight);
            input.advance(keys, MouseState{});
            GameTime time;
            time.elapsed = durationFromSeconds(static_cast<double>(kDt));
            scene.update(context, time);
            world.step(kDt);
        }
    }
};

TEST(RollbackScene, EveryConfirmedFrameHasTheOnTimeWorldsBitsAtAnyDelay)
{
    for (const int delay : {0, 3, 9, RollbackScene::kMaxDelay})
    {
        SceneRun run(delay);
        run.frames(600);
        EXPECT_EQ(run.scene.mismatches(), 0) << "delay " << delay;
        EXPECT_GE(run.scene.confirmedFrames(), 600 - delay - 1) << "delay " << delay;
        if (delay == 0)
        {
            EXPECT_EQ(run.scene.rollbacks(), 0);
        }
        else
        {
            EXPECT_GT(run.scene.rollbacks(), 10) << "delay " << delay;
            EXPECT_GE(run.scene.resimulatedFrames(), run.scene.rollbacks()) << "delay " << delay;
        }
    }
}

TEST(RollbackScene, TheDelayChangedMidRunAndKeysHeldStillMatch)
{
    SceneRun run(4);
    run.frames(200);
    run.scene.setDelay(12);
    run.frames(100, true);
    run.scene.setDelay(1);
    run.frames(200);
    EXPECT_EQ(run.scene.mismatches(), 0);
    EXPECT_GE(run.scene.confirmedFrames(), 495);
}

} // namespace
