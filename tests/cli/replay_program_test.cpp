// `oblique replay`: a recording plays back and verifies; one whose hashes are not this world's
// fails verification with exit 1 naming the step; a damaged or missing file is exit 2.

#include "oblique/recording.hpp"
#include "oblique/scene_builders.hpp"
#include "oblique/scene_world.hpp"
#include "oblique/world.hpp"
#include "run_program.hpp"

#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace oblique::test
{
namespace
{

constexpr float kDt = 1.0f / 60.0f;

std::filesystem::path writeBytes(const TempDir& dir, const std::string& name,
                                 const std::vector<std::byte>& bytes)
{
    const std::filesystem::path path = dir.path() / name;
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    return path;
}

// A pyramid with a ball thrown into it by hand at step 30. hashesFrom, when given, is stepped
// alongside and gives the recorded hashes instead: a recording of some other world's outcome.
std::vector<std::byte> recordPyramid(World* hashesFrom = nullptr)
{
    SceneInstance s = instantiate(scenes::pyramid(6));
    Recording recording(s.world, "pyramid and ball");
    for (int step = 0; step < 90; ++step)
    {
        if (step == 30)
        {
            BodyDef ball;
            ball.position = {-6.0f, 3.0f};
            ball.linearVelocity = {12.0f, 0.0f};
            s.world.createBody(ball, circleShape(0.3f));
        }
        recording.beforeStep(s.world, step == 30 ? "bomb" : "");
        s.world.step(kDt);
        if (hashesFrom != nullptr)
        {
            hashesFrom->step(kDt);
        }
        recording.afterStep(hashesFrom != nullptr ? *hashesFrom : s.world, kDt);
    }
    return recording.save();
}

TEST(CliReplay, RecordingVerifiesStepByStep)
{
    const TempDir dir;
    const auto file = writeBytes(dir, "session.oblrec", recordPyramid());
    const ProgramResult r = runProgram(OBLIQUE_CLI_PATH, {"replay", file.string(), "--verify"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("90 steps, 1 changes by hand"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("every step's hash verified"), std::string::npos) << r.out;
}

TEST(CliReplay, HashesOfAnotherWorldFailVerificationAtTheFirstStep)
{
    const TempDir dir;
    SceneInstance other = instantiate(scenes::pyramid(7));
    const auto file = writeBytes(dir, "other.oblrec", recordPyramid(&other.world));
    const ProgramResult r = runProgram(OBLIQUE_CLI_PATH, {"replay", file.string(), "--verify"});
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    EXPECT_NE(r.out.find("step 1 of 90 differs"), std::string::npos) << r.out;
    // Without --verify it plays to the end and counts the steps that differ.
    const ProgramResult played = runProgram(OBLIQUE_CLI_PATH, {"replay", file.string()});
    EXPECT_EQ(played.exitCode, 0) << played.err;
    EXPECT_NE(played.out.find("90 steps differ from the recording"), std::string::npos) << played.out;
}

TEST(CliReplay, DamagedOrMissingFileIsExitTwoWithTheReason)
{
    const TempDir dir;
    std::vector<std::byte> bytes = recordPyramid();
    bytes[bytes.size() / 2] ^= std::byte{1};
    const auto file = writeBytes(dir, "damaged.oblrec", bytes);
    const ProgramResult damaged = runProgram(OBLIQUE_CLI_PATH, {"replay", file.string(), "--verify"});
    EXPECT_EQ(damaged.exitCode, 2);
    EXPECT_NE(damaged.err.find("corrupted"), std::string::npos) << damaged.err;
    EXPECT_TRUE(damaged.out.empty());

    const ProgramResult missing =
        runProgram(OBLIQUE_CLI_PATH, {"replay", (dir.path() / "none.oblrec").string()});
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_NE(missing.err.find("cannot read the recording"), std::string::npos) << missing.err;
}

} // namespace
} // namespace oblique::test
