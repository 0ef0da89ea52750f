#include "oblique/sfml/run_from_command_line.hpp"

#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>

namespace oblique
{

int runFromCommandLine(Game& game, std::string_view name, int argc, char** argv)
{
    long frames = 0;
    std::string screenshot;
    bool understood = true;
    for (int i = 1; i < argc && understood; ++i)
    {
        const std::string_view arg = argv[i];
        const bool hasValue = i + 1 < argc;
        if (arg == "--frames" && hasValue)
        {
            frames = std::strtol(argv[++i], nullptr, 10);
            understood = frames > 0;
        }
        else if (arg == "--screenshot" && hasValue)
        {
            screenshot = argv[++i];
        }
        else
        {
            understood = false;
        }
    }
    // A screenshot is taken at the frame limit, so it needs one.
    if (!understood || (!screenshot.empty() && frames == 0))
    {
        std::cerr << "usage: " << name << " [--frames N [--screenshot out.png]]\n";
        return 2;
    }
    if (frames > 0)
    {
        game.setHeadless(true);
        game.setFrameLimit(frames);
        game.setScreenshotPath(screenshot);
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
