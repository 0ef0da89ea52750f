// `oblique replay`: plays a recorded session back headless and, with --verify, checks the state
// hash the recording holds for every step.

#include "command.hpp"
#include "oblique/recording.hpp"
#include "oblique/world.hpp"

#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

namespace oblique::cli
{

namespace
{

struct ReplayOptions
{
    std::string file;
    bool verify = false;
};

std::vector<std::byte> readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
    {
        throw BadInput(path + ": cannot read the recording");
    }
    const std::vector<char> chars((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<std::byte> bytes(chars.size());
    for (std::size_t i = 0; i < chars.size(); ++i)
    {
        bytes[i] = static_cast<std::byte>(chars[i]);
    }
    return bytes;
}

int runReplay(const ReplayOptions& options)
{
    const std::vector<std::byte> bytes = readFile(options.file);
    Recording recording = [&]
    {
        try
        {
            return Recording::load(bytes);
        }
        catch (const std::invalid_argument& e)
        {
            throw BadInput(options.file + ": " + e.what());
        }
    }();
    World world;
    recording.rewind(world);
    for (int step = 0; step < recording.stepCount(); ++step)
    {
        if (!recording.playStep(world, step) && options.verify)
        {
            std::printf("%s: step %d of %d differs from the recording: hash %016" PRIx64
                        ", recorded %016" PRIx64 "\n",
                        options.file.c_str(), step + 1, recording.stepCount(), world.stateHash(),
                        recording.hashAfter(step));
            return kExitComparisonFailed;
        }
    }
    std::printf("%s: \"%s\", %d steps, %zu changes by hand, final hash %016" PRIx64 "%s\n",
                options.file.c_str(), recording.title().c_str(), recording.stepCount(),
                recording.changes().size(), world.stateHash(),
                options.verify ? ", every step's hash verified" : "");
    return kExitSuccess;
}

} // namespace

Command addReplayCommand(CLI::App& program)
{
    auto options = std::make_shared<ReplayOptions>();
    CLI::App* sub =
        program.add_subcommand("replay", "Play a recorded session back headless (the sandbox records them)");
    sub->add_option("FILE", options->file, "Recording (.oblrec)")->required()->type_name("FILE");
    sub->add_flag(
        "--verify", options->verify,
        "Check the state hash after every step against the recording; exit 1 at the first that differs");
    return {sub, [options] { return runReplay(*options); }};
}

} // namespace oblique::cli
