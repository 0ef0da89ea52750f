#include "oblique/sfml/run_from_command_line.hpp"

#include <charconv>
#include <exception>
#include <iostream>
#include <optional>
#include <string>
#include <system_error>

namespace oblique
{

namespace
{

struct GameOptions
{
    long frames = 0;
    std::string screenshot;
    bool help = false;
};

void printUsage(std::ostream& out, std::string_view name)
{
    out << "usage: " << name << " [--frames N [--screenshot FILE]]\n"
        << "\n"
        << "Without options the game opens in a window.\n"
        << "\n"
        << "options:\n"
        << "  --frames N         run off-screen for N frames, one update and one draw each, then exit\n"
        << "                     (needs an X display, e.g. from xvfb-run)\n"
        << "  --screenshot FILE  with --frames: save the last frame as a PNG\n"
        << "  -h, --help         show this help and exit\n"
        << "\n"
        << "Exit codes: 0 after a normal run, 1 when the run failed, 2 for a bad command line.\n";
}

// Fills `options`, or returns the one-line reason the command line is wrong.
std::optional<std::string> parseArguments(int argc, char** argv, GameOptions& options)
{
    for (int i = 1; i < argc; ++i)
    {
        const std::string_view arg = argv[i];
        if (arg == "-h" || arg == "--help")
        {
            options.help = true;
            continue;
        }
        if (arg != "--frames" && arg != "--screenshot")
        {
            return "unknown argument '" + std::string(arg) + "'";
        }
        if (i + 1 >= argc)
        {
            return std::string(arg) + " needs a value";
        }
        const std::string_view value = argv[++i];
        if (arg == "--screenshot")
        {
            options.screenshot = value;
            continue;
        }
        const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), options.frames);
        if (error != std::errc{} || end != value.data() + value.size() || options.frames <= 0)
        {
            return "--frames needs a positive whole number, not '" + std::string(value) + "'";
        }
    }
    // A screenshot is taken at the frame limit, so it needs one.
    if (!options.screenshot.empty() && options.frames == 0)
    {
        return "--screenshot needs --frames";
    }
    return std::nullopt;
}

} // namespace

int runFromCommandLine(Game& game, std::string_view name, int argc, char** argv)
{
    GameOptions options;
    if (const std::optional<std::string> error = parseArguments(argc, argv, options))
    {
        std::cerr << name << ": " << *error << " (--help shows usage)\n";
        return 2;
    }
    if (options.help)
    {
        printUsage(std::cout, name);
        return 0;
    }
    if (options.frames > 0)
    {
        game.setHeadless(true);
        game.setFrameLimit(options.frames);
        game.setScreenshotPath(options.screenshot);
    }
    try
    {
        game.run();
    }
    catch (const std::exception& e)
    {
        // Also reached when the screenshot could not be saved, so a smoke test fails loudly.
        std::cerr << name << ": " << e.what() << '\n';
        return 1;
    }
    return 0;
}

} // namespace oblique
