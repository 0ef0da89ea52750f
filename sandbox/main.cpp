// oblique-sandbox: build, watch and compare scenes. See docs/sandbox.md.
//
//   oblique-sandbox [SCENE_FILE] [--scene NAME_OR_FILE] [--box2d] [--scenes-dir DIR] [--select BODY]
//                   [--twin SOLVER[:N]]
//   oblique-sandbox --scene NAME_OR_FILE --frames N [--screenshot out.png] [--size WxH] [--no-ui]
//   oblique-sandbox [--record FILE | --replay FILE] ...
//   oblique-sandbox --list
//
// Errors are one line on stderr: exit 2 for a bad command line, 1 for a scene that cannot be found
// or loaded or a screenshot that cannot be written.

#include "oblique/api_error.hpp"
#include "sandbox_app.hpp"
#include "scene_catalog.hpp"

#include <SFML/System/Err.hpp>
#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#ifndef OBLIQUE_SANDBOX_SCENES_DIR
#define OBLIQUE_SANDBOX_SCENES_DIR ""
#endif

namespace
{

using oblique::sandbox::SandboxOptions;

constexpr int kUsageError = 2;
constexpr int kRunError = 1;

const char* const kUsage =
    R"(usage: oblique-sandbox [SCENE_FILE] [options]

Opens the sandbox on a scene: a built-in one by name, or a scene file.

options:
  --scene NAME_OR_FILE  the scene to open (default: Pyramid)
  --list                print the built-in scene names and exit
  --box2d               start with Box2D running side by side
  --scenes-dir DIR      where the scene browser finds *.json files
                        (default: the scenes/ directory of the source tree)
  --frames N            render N frames off-screen and exit (headless; needs an X display,
                        e.g. from xvfb-run)
  --screenshot FILE     with --frames: save the last frame as a PNG
  --size WxH            window or image size in pixels (default 1280x720)
  --window              with --frames: run in a real window instead of off-screen
  --no-ui               draw the world alone: no panel, no overlays
  --open SECTIONS       start with these panel sections open and the others closed:
                        scenes, world, readouts (comma-separated)
  --draw LAYERS         start with these draw layers on and the others off: shapes, aabbs,
                        points, normals, impulses, friction, graph, tree, centers, joints
  --record FILE         record the session from the first step (every step and what is
                        done by hand), saved to FILE on exit
  --replay FILE         play a recording back (the panel's timeline scrubs it); with
                        --frames, exit 1 if a step's hash differs from the recording
  --select BODY         open the body inspector on this body: its name in the scene, or
                        'body N' for the scene's N-th body (counted from 0)
  --twin SOLVER[:N]     run a twin world in lockstep on another solver, drawn as outlines:
                        'ngs' or 'soft', N its velocity iterations or substeps (1 to 100)
  -h, --help            show this help
)";

struct Parsed
{
    SandboxOptions options;
    bool list = false;
    bool help = false;
};

int fail(int code, const std::string& message)
{
    std::cerr << "oblique-sandbox: " << message << '\n';
    return code;
}

template <typename T>
bool parseNumber(std::string_view text, T& value)
{
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc{} && end == text.data() + text.size();
}

// Fills `parsed`, or returns the one-line reason the command line is wrong.
std::optional<std::string> parseArguments(int argc, char** argv, Parsed& parsed)
{
    SandboxOptions& o = parsed.options;
    o.scenesDir = OBLIQUE_SANDBOX_SCENES_DIR;
    bool sceneGiven = false;
    bool window = false;
    std::vector<std::string_view> args(argv + 1, argv + argc);
    for (std::size_t i = 0; i < args.size(); ++i)
    {
        const std::string_view arg = args[i];
        const auto value = [&]() -> std::optional<std::string_view>
        {
            if (i + 1 >= args.size())
            {
                return std::nullopt;
            }
            return args[++i];
        };
        if (arg == "-h" || arg == "--help")
        {
            parsed.help = true;
        }
        else if (arg == "--list")
        {
            parsed.list = true;
        }
        else if (arg == "--box2d")
        {
            o.box2d = true;
        }
        else if (arg == "--no-ui")
        {
            o.showUi = false;
        }
        else if (arg == "--window")
        {
            window = true;
        }
        else if (arg == "--open")
        {
            const std::optional<std::string_view> v = value();
            if (!v)
            {
                return "--open needs a value";
            }
            std::string error;
            std::optional<std::vector<std::string>> sections = oblique::sandbox::parseOpenSections(*v, error);
            if (!sections)
            {
                return error;
            }
            o.openSections = std::move(*sections);
        }
        else if (arg == "--draw")
        {
            const std::optional<std::string_view> v = value();
            oblique::DrawOptions layers;
            std::string error;
            if (!v)
            {
                return "--draw needs a value";
            }
            if (!oblique::sandbox::parseDrawLayers(*v, layers, error))
            {
                return error;
            }
            o.draw = layers;
        }
        else if (arg == "--scene" || arg == "--scenes-dir" || arg == "--frames" || arg == "--screenshot" ||
                 arg == "--size" || arg == "--record" || arg == "--replay" || arg == "--select" ||
                 arg == "--twin")
        {
            const std::optional<std::string_view> v = value();
            if (!v)
            {
                return std::string(arg) + " needs a value";
            }
            if (arg == "--scene")
            {
                o.scene = std::string(*v);
                sceneGiven = true;
            }
            else if (arg == "--scenes-dir")
            {
                o.scenesDir = std::string(*v);
            }
            else if (arg == "--frames")
            {
                if (!parseNumber(*v, o.frames) || o.frames <= 0)
                {
                    return "--frames needs a positive whole number, not '" + std::string(*v) + "'";
                }
                o.headless = true;
            }
            else if (arg == "--screenshot")
            {
                o.screenshot = std::string(*v);
            }
            else if (arg == "--record")
            {
                o.record = std::string(*v);
            }
            else if (arg == "--replay")
            {
                o.replay = std::string(*v);
            }
            else if (arg == "--select")
            {
                o.select = std::string(*v);
            }
            else if (arg == "--twin")
            {
                std::string error;
                if (!oblique::sandbox::parseTwinSpec(*v, oblique::WorldDef{}, error))
                {
                    return error;
                }
                o.twin = std::string(*v);
            }
            else
            {
                const std::size_t x = v->find('x');
                if (x == std::string_view::npos || !parseNumber(v->substr(0, x), o.width) ||
                    !parseNumber(v->substr(x + 1), o.height) || o.width < 64 || o.height < 64 ||
                    o.width > 8192 || o.height > 8192)
                {
                    return "--size needs WIDTHxHEIGHT between 64 and 8192 pixels, not '" + std::string(*v) +
                           "'";
                }
            }
        }
        else if (!arg.empty() && arg.front() == '-')
        {
            return "unknown option '" + std::string(arg) + "' (--help lists them)";
        }
        else if (sceneGiven)
        {
            return "one scene at a time: '" + o.scene + "' and '" + std::string(arg) + "'";
        }
        else
        {
            o.scene = std::string(arg);
            sceneGiven = true;
        }
    }
    if (!o.record.empty() && !o.replay.empty())
    {
        return "--record and --replay: one at a time";
    }
    if (!o.screenshot.empty() && o.frames == 0)
    {
        return "--screenshot needs --frames";
    }
    if (window)
    {
        if (o.frames == 0)
        {
            return "--window needs --frames";
        }
        o.headless = false;
    }
    return std::nullopt;
}

// A screenshot path whose directory does not exist fails before anything is rendered.
std::optional<std::string> checkScreenshotPath(const std::string& path)
{
    if (path.empty())
    {
        return std::nullopt;
    }
    const std::filesystem::path file{path};
    const std::filesystem::path dir =
        file.has_parent_path() ? file.parent_path() : std::filesystem::path(".");
    std::error_code error;
    if (!std::filesystem::is_directory(dir, error))
    {
        return "cannot write the screenshot to '" + path + "': no directory '" + dir.string() + "'";
    }
    if (std::filesystem::is_directory(file, error))
    {
        return "cannot write the screenshot to '" + path + "': it is a directory";
    }
    return std::nullopt;
}

} // namespace

int main(int argc, char** argv)
{
    Parsed parsed;
    if (const std::optional<std::string> error = parseArguments(argc, argv, parsed))
    {
        return fail(kUsageError, *error);
    }
    if (parsed.help)
    {
        std::cout << kUsage;
        return EXIT_SUCCESS;
    }
    if (parsed.list)
    {
        for (const int index : oblique::sandbox::sortedBuiltinScenes())
        {
            std::cout << oblique::sandbox::builtinScenes()[static_cast<std::size_t>(index)].name << '\n';
        }
        return EXIT_SUCCESS;
    }
    if (const std::optional<std::string> error = checkScreenshotPath(parsed.options.screenshot))
    {
        return fail(kRunError, *error);
    }

    // A rejected engine call is reported where it happens and then shown in the sandbox, instead of
    // ending the session as debug builds do by default.
    oblique::setApiErrorHandler([](const char* message)
                                { std::cerr << "oblique-sandbox: " << message << '\n'; });

    // Headless runs promise one line on failure, so SFML's own messages (it explains a failed save
    // on a line of its own) are held back and only passed on when the run succeeds.
    std::ostringstream sfmlMessages;
    std::streambuf* const sfmlErr = parsed.options.headless ? sf::err().rdbuf(sfmlMessages.rdbuf()) : nullptr;
    const auto restoreSfmlErr = [&]
    {
        if (sfmlErr != nullptr)
        {
            sf::err().rdbuf(sfmlErr);
        }
    };
    try
    {
        oblique::sandbox::SandboxApp app(parsed.options);
        if (!app.openInitialScene())
        {
            restoreSfmlErr();
            return fail(kRunError, app.error());
        }
        app.run();
        std::string message;
        if (!app.finishSession(message))
        {
            restoreSfmlErr();
            return fail(kRunError, message);
        }
        if (!message.empty())
        {
            std::cout << message << '\n';
        }
    }
    catch (const std::exception& e)
    {
        restoreSfmlErr();
        return fail(kRunError, e.what());
    }
    restoreSfmlErr();
    std::cerr << sfmlMessages.str();
    return EXIT_SUCCESS;
}
