// `oblique replay`: plays a recorded session back headless and, with --verify, checks the state
// hash the recording holds for every step.

#include "command.hpp"
#include "oblique/recording_file.hpp"
#include "oblique/world.hpp"

#include <cinttypes>
#include <cstdio>
#include <memory>
#include <string>

namespace oblique::cli
{

namespace
{

struct ReplayOptions
{
    std::string file;
    bool verify = false;
};

int runReplay(const ReplayOptions& options)
{
    const Recording recording = [&]
    {
        try
        {
            return loadRecordingFile(options.file);
        }
        catch (const std::invalid_argument& e)
        {
            throw BadInput(e.what());
        }
    }();
    World world;
    recording.rewind(world);
    int differing = 0;
    for (int step = 0; step < recording.stepCount(); ++step)
    {
        if (recording.playStep(world, step))
        {
            continue;
        }
        if (options.verify)
        {
            std::printf("%s: step %d of %d differs from the recording: hash %016" PRIx64
                        ", recorded %016" PRIx64 "\n",
                        options.file.c_str(), step + 1, recording.stepCount(), world.stateHash(),
                        recording.hashAfter(step));
            return kExitComparisonFailed;
        }
        ++differing;
    }
    const std::string outcome = options.verify ? ", every step's hash verified"
                                : differing > 0
                                    ? ", " + std::to_string(differing) + " steps differ from the recording"
                                    : "";
    std::printf("%s: \"%s\", %d steps, %zu changes by hand, final hash %016" PRIx64 "%s\n",
                options.file.c_str(), recording.title().c_str(), recording.stepCount(),
                recording.changes().size(), world.stateHash(), outcome.c_str());
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
