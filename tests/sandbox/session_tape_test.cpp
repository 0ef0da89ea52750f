// The sandbox's recorder: a session driven through the mouse tools the way the app drives them (a
// drag, spawned boxes and circles, a bomb, a static body moved and turned) is recorded step by
// step, saved, and played back into another world with every step's hash as recorded; the
// timeline scrubs back and forth to the same bits.

#include "mouse_tools.hpp"
#include "oblique/scene_builders.hpp"
#include "oblique/scene_world.hpp"
#include "session_tape.hpp"

#include <algorithm>
#include <filesystem>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace
{

using namespace oblique;
using oblique::sandbox::MouseTools;
using oblique::sandbox::SessionTape;

constexpr float kDt = 1.0f / 60.0f;

class SessionTapeTest : public ::testing::Test
{
protected:
    SessionTapeTest()
        : camera({0.0f, 4.0f}, 40.0f, {800.0f, 600.0f}), instance(instantiate(scenes::pyramid(5)))
    {
        BodyDef post;
        post.type = BodyType::Static;
        post.position = {6.0f, 1.0f};
        instance.bodies.push_back(instance.world.createBody(post, boxShape({0.3f, 1.0f})));
    }

    // One update of the app: input to the tools, then a step the tape records.
    void frame(Vec2 cursor, bool leftDown, std::vector<Key> keys = {})
    {
        KeyboardState keyboard;
        for (const Key k : keys)
        {
            keyboard.setKey(k, true);
        }
        MouseState mouse;
        mouse.position = camera.worldToScreen(cursor);
        mouse.setButton(MouseButton::Left, leftDown);
        input.advance(keyboard, mouse);
        const sandbox::ToolResult result =
            tools.handleInput(instance.world, instance.bodies, input, camera, kDt, true, true);
        tape.beforeStep(instance.world, result.edited ? result.action : "scene");
        instance.world.step(kDt);
        tape.afterStep(instance.world, kDt);
    }

    std::filesystem::path file() const
    {
        return std::filesystem::temp_directory_path() /
               ("oblique_session_" +
                std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + ".oblrec");
    }

    // The recording saved to a file and opened again, to play back into `played`.
    SessionTape reopened(World& played) const
    {
        std::string error;
        EXPECT_TRUE(tape.save(file(), error)) << error;
        SessionTape player;
        EXPECT_TRUE(player.openReplay(file(), played, error)) << error;
        std::filesystem::remove(file());
        return player;
    }

    Camera2D camera;
    SceneInstance instance;
    Input input;
    MouseTools tools;
    SessionTape tape;
};

TEST_F(SessionTapeTest, ARecordedSessionOfToolsPlaysBackStepForStep)
{
    tape.startRecording(instance.world, "Pyramid");
    for (int i = 0; i < 20; ++i)
    {
        frame({8.0f, 6.0f}, false);
    }
    // Drag the top box of the pyramid away and let go.
    for (int i = 0; i < 30; ++i)
    {
        frame({0.0f + 0.1f * static_cast<float>(i), 4.6f + 0.05f * static_cast<float>(i)}, true);
    }
    frame({3.0f, 6.0f}, false);
    frame({-4.0f, 8.0f}, false, {Key::B});
    frame({-4.0f, 8.0f}, false);
    frame({-3.0f, 9.0f}, false, {Key::C});
    frame({-3.0f, 9.0f}, false);
    frame({1.0f, 2.0f}, false, {Key::X});
    for (int i = 0; i < 10; ++i)
    {
        frame({6.0f, 1.0f}, i < 2); // select the post, then let go
    }
    for (int i = 0; i < 10; ++i)
    {
        frame({6.0f, 1.0f}, false, {Key::Q}); // turn it
    }
    for (int i = 0; i < 40; ++i)
    {
        frame({8.0f, 6.0f}, false);
    }
    tape.stopRecording();
    const int steps = tape.position();
    ASSERT_EQ(steps, 116);
    const std::vector<RecordedChange> changes = tape.recording()->changes();
    std::vector<std::string> labels;
    for (const RecordedChange& change : changes)
    {
        labels.push_back(change.label);
    }
    for (const char* action : {"drag", "spawn box", "spawn circle", "bomb", "turn"})
    {
        EXPECT_NE(std::find(labels.begin(), labels.end(), action), labels.end())
            << action << " was not recorded";
    }

    World played;
    SessionTape player = reopened(played);
    ASSERT_EQ(player.mode(), SessionTape::Mode::Replaying);
    EXPECT_EQ(player.length(), steps);
    while (player.playNext(played))
    {
    }
    EXPECT_EQ(player.position(), steps);
    EXPECT_EQ(player.firstMismatch(), -1);
    EXPECT_EQ(played.stateHash(), instance.world.stateHash());
    EXPECT_EQ(played.bodyCount(), instance.world.bodyCount());

    // Scrub back to before the bomb and forward again: the same bits at every stop.
    player.seek(played, 55);
    EXPECT_EQ(played.stateHash(), player.recording()->hashAfter(54));
    player.seek(played, 3);
    EXPECT_EQ(played.stateHash(), player.recording()->hashAfter(2));
    player.seek(played, steps);
    EXPECT_EQ(played.stateHash(), instance.world.stateHash());
    EXPECT_EQ(player.firstMismatch(), -1);
}

// The app restarts a scene by building it into a new World: the recording goes on through it.
TEST_F(SessionTapeTest, ARestartMidRecordingPlaysBack)
{
    tape.startRecording(instance.world, "Pyramid");
    frame({-4.0f, 8.0f}, false, {Key::B});
    for (int i = 0; i < 30; ++i)
    {
        frame({8.0f, 6.0f}, false);
    }
    instance = instantiate(scenes::pyramid(5));
    tools.reset();
    for (int i = 0; i < 30; ++i)
    {
        frame({8.0f, 6.0f}, false);
    }
    tape.stopRecording();
    const std::vector<RecordedChange> changes = tape.recording()->changes();
    ASSERT_EQ(changes.size(), 2u);
    EXPECT_EQ(changes.back().step, 31);

    World played;
    SessionTape player = reopened(played);
    ASSERT_EQ(player.mode(), SessionTape::Mode::Replaying);
    while (player.playNext(played))
    {
    }
    EXPECT_EQ(player.firstMismatch(), -1);
    EXPECT_EQ(played.stateHash(), instance.world.stateHash());
}

TEST_F(SessionTapeTest, ADamagedRecordingIsRefusedWithTheReason)
{
    tape.startRecording(instance.world, "Pyramid");
    for (int i = 0; i < 10; ++i)
    {
        frame({8.0f, 6.0f}, false);
    }
    std::string error;
    ASSERT_TRUE(tape.save(file(), error)) << error;
    std::filesystem::resize_file(file(), std::filesystem::file_size(file()) - 3);
    World played;
    SessionTape player;
    EXPECT_FALSE(player.openReplay(file(), played, error));
    std::filesystem::remove(file());
    EXPECT_NE(error.find("truncated"), std::string::npos) << error;
    EXPECT_EQ(player.mode(), SessionTape::Mode::Idle);
    EXPECT_FALSE(player.openReplay(file(), played, error));
    EXPECT_NE(error.find("cannot read"), std::string::npos) << error;
}

} // namespace
