// oblique-sandbox run as users run it: the command line, its one-line errors, scene files, and
// headless screenshots checked pixel by pixel against the camera framing the sandbox uses. Needs an
// X display (CTest runs it under xvfb-run when none is set).

#include "oblique/robustness_scenes.hpp"
#include "oblique/scene_builders.hpp"
#include "oblique/sfml/camera_2d.hpp"
#include "sandbox_math.hpp"

#include <SFML/Graphics/Image.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <vector>

namespace
{

namespace fs = std::filesystem;

struct RunResult
{
    int code = -1;
    std::string out;
    std::string err;
};

std::string quote(const std::string& arg)
{
    std::string q = "'";
    for (const char c : arg)
    {
        if (c == '\'')
        {
            q += "'\\''";
        }
        else
        {
            q += c;
        }
    }
    return q + "'";
}

std::string readFile(const fs::path& file)
{
    std::ifstream in(file);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

fs::path scratchDir()
{
    fs::path dir = fs::path(::testing::TempDir()) / "oblique_sandbox_app_tests";
    fs::create_directories(dir);
    return dir;
}

RunResult runSandbox(const std::vector<std::string>& args)
{
    const fs::path dir = scratchDir();
    const fs::path out = dir / "stdout.txt";
    const fs::path err = dir / "stderr.txt";
    std::string command = quote(OBLIQUE_SANDBOX_EXE);
    for (const std::string& a : args)
    {
        command += " " + quote(a);
    }
    command += " >" + quote(out.string()) + " 2>" + quote(err.string());
    const int status = std::system(command.c_str());
    RunResult r;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = readFile(out);
    r.err = readFile(err);
    return r;
}

int lineCount(const std::string& text)
{
    int lines = 0;
    for (const char c : text)
    {
        lines += c == '\n' ? 1 : 0;
    }
    return lines;
}

// The one-line error the sandbox promises: a single line that names the program.
::testing::AssertionResult oneLineError(const RunResult& r)
{
    if (lineCount(r.err) != 1 || r.err.rfind("oblique-sandbox: ", 0) != 0)
    {
        return ::testing::AssertionFailure() << "stderr was: [" << r.err << "]";
    }
    return ::testing::AssertionSuccess();
}

const sf::Color kBackground(26, 28, 36); // the sandbox's clear colour (0.10, 0.11, 0.14)

bool near(sf::Color a, sf::Color b, int tolerance = 3)
{
    return std::abs(int(a.r) - int(b.r)) <= tolerance && std::abs(int(a.g) - int(b.g)) <= tolerance &&
           std::abs(int(a.b) - int(b.b)) <= tolerance;
}

std::string describe(sf::Color c)
{
    return "(" + std::to_string(int(c.r)) + ", " + std::to_string(int(c.g)) + ", " +
           std::to_string(int(c.b)) + ")";
}

sf::Color pixelAt(const sf::Image& image, const oblique::Camera2D& camera, oblique::Vec2 world)
{
    const oblique::Vec2 p = camera.worldToScreen(world);
    return image.getPixel(static_cast<unsigned>(p.x), static_cast<unsigned>(p.y));
}

// How many pixels of the image are of a colour.
template <typename Predicate>
int countPixels(const sf::Image& image, Predicate isColour)
{
    int count = 0;
    const sf::Vector2u size = image.getSize();
    for (unsigned y = 0; y < size.y; ++y)
    {
        for (unsigned x = 0; x < size.x; ++x)
        {
            count += isColour(image.getPixel(x, y)) ? 1 : 0;
        }
    }
    return count;
}

// Pixels in Box2D's ghost colour (a light cyan): blue and green high, red low.
int ghostPixels(const sf::Image& image)
{
    return countPixels(image, [](sf::Color c) { return c.b > 200 && c.g > 170 && c.r < 140; });
}

// Pixels in the solver twin's lime: green high, red middling, blue low.
int twinPixels(const sf::Image& image)
{
    return countPixels(image, [](sf::Color c) { return c.g > 220 && c.r > 110 && c.r < 200 && c.b < 120; });
}

// Pixels in the inspected body's magenta: red and blue high, green low.
int inspectedPixels(const sf::Image& image)
{
    return countPixels(image, [](sf::Color c) { return c.r > 220 && c.b > 170 && c.g < 110; });
}

TEST(SandboxCommandLine, ListsEveryPhysicsScene)
{
    const RunResult r = runSandbox({"--list"});
    ASSERT_EQ(r.code, 0) << r.err;
    for (const char* name :
         {"Pyramid", "Vertical stack", "Dominoes", "Ramps", "Restitution row", "Tumbler", "Rain"})
    {
        EXPECT_NE(r.out.find(std::string(name) + "\n"), std::string::npos) << name;
    }
}

TEST(SandboxCommandLine, ListsEveryRobustnessScene)
{
    const RunResult r = runSandbox({"--list"});
    ASSERT_EQ(r.code, 0) << r.err;
    for (const oblique::scenes::RobustnessScene& scene : oblique::scenes::robustnessScenes())
    {
        EXPECT_NE(r.out.find(std::string(scene.name) + "\n"), std::string::npos) << scene.name;
    }
}

TEST(SandboxCommandLine, AnUnknownSceneIsAOneLineError)
{
    const RunResult r = runSandbox({"--scene", "no such scene", "--frames", "2"});
    EXPECT_EQ(r.code, 1);
    EXPECT_TRUE(oneLineError(r));
    EXPECT_NE(r.err.find("no such scene"), std::string::npos);
}

TEST(SandboxCommandLine, BadOptionsAreOneLineUsageErrors)
{
    for (const std::vector<std::string>& args :
         std::vector<std::vector<std::string>>{{"--frames", "0"},
                                               {"--frames", "ten"},
                                               {"--bogus"},
                                               {"--size", "12"},
                                               {"--screenshot", "x.png"}})
    {
        const RunResult r = runSandbox(args);
        EXPECT_EQ(r.code, 2) << args[0];
        EXPECT_TRUE(oneLineError(r)) << args[0];
    }
}

TEST(SandboxCommandLine, OpenAndDrawNameWhatTheyDoNotKnow)
{
    const RunResult section = runSandbox({"--open", "world,bogus", "--frames", "2"});
    EXPECT_EQ(section.code, 2);
    EXPECT_TRUE(oneLineError(section));
    EXPECT_NE(section.err.find("no panel section called 'bogus'"), std::string::npos) << section.err;
    const RunResult layer = runSandbox({"--draw", "graph,sparkles", "--frames", "2"});
    EXPECT_EQ(layer.code, 2);
    EXPECT_TRUE(oneLineError(layer));
    EXPECT_NE(layer.err.find("no layer called 'sparkles'"), std::string::npos) << layer.err;
    EXPECT_EQ(runSandbox({"--draw"}).code, 2);
    // Known names run: every section open, every layer drawn.
    const RunResult all =
        runSandbox({"--scene", "Pyramid", "--open", "scenes,world,readouts", "--draw",
                    "shapes,aabbs,points,normals,impulses,friction,graph,tree,centers,joints", "--frames",
                    "3", "--size", "640x400"});
    EXPECT_EQ(all.code, 0) << all.err;
}

TEST(SandboxCommandLine, HelpIsTheUsageOnStdoutAndExitZero)
{
    for (const char* flag : {"--help", "-h"})
    {
        const RunResult r = runSandbox({flag});
        EXPECT_EQ(r.code, 0) << flag;
        EXPECT_EQ(r.out.rfind("usage: oblique-sandbox", 0), 0u) << r.out;
        EXPECT_NE(r.out.find("--frames N"), std::string::npos) << r.out;
        EXPECT_EQ(r.err, "") << flag;
    }
    // A bad option beside it is still a usage error, with the reason.
    const RunResult bad = runSandbox({"--help", "--bogus"});
    EXPECT_EQ(bad.code, 2);
    EXPECT_TRUE(oneLineError(bad));
    EXPECT_NE(bad.err.find("unknown option '--bogus'"), std::string::npos) << bad.err;
}

TEST(SandboxCommandLine, AnUnwritableScreenshotPathIsAOneLineError)
{
    const RunResult r =
        runSandbox({"--scene", "Pyramid", "--frames", "2", "--screenshot", "/no/such/directory/shot.png"});
    EXPECT_EQ(r.code, 1);
    EXPECT_TRUE(oneLineError(r));
    // A directory that exists but cannot take the file (a name with an unknown image type here)
    // fails after rendering, still with one line.
    const RunResult late = runSandbox(
        {"--scene", "Pyramid", "--frames", "2", "--screenshot", (scratchDir() / "shot.unknown").string()});
    EXPECT_NE(late.code, 0);
    EXPECT_TRUE(oneLineError(late));
}

TEST(SandboxCommandLine, ABrokenSceneFileIsAOneLineErrorNamingTheFile)
{
    const fs::path file = scratchDir() / "broken_scene.json";
    std::ofstream(file) << "{ \"format\": \"oblique-scene/1\", \"bodies\": [ { \"position\": [0] } ] }";
    const RunResult r = runSandbox({"--scene", file.string(), "--frames", "2"});
    EXPECT_EQ(r.code, 1);
    EXPECT_TRUE(oneLineError(r));
    EXPECT_NE(r.err.find("broken_scene.json"), std::string::npos) << r.err;
}

TEST(SandboxHeadless, OpensSceneFilesByPathByNameAndAsTheFirstArgument)
{
    const fs::path shot = scratchDir() / "file_scene.png";
    const std::string file = std::string(OBLIQUE_SCENES_DIR) + "/pyramid20.json";
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {"--scene", file}, {"--scene", "pyramid20", "--scenes-dir", OBLIQUE_SCENES_DIR}, {file}})
    {
        fs::remove(shot);
        std::vector<std::string> all = args;
        all.insert(all.end(), {"--frames", "2", "--size", "320x200", "--screenshot", shot.string()});
        const RunResult r = runSandbox(all);
        EXPECT_EQ(r.code, 0) << args[0] << ": " << r.err;
        EXPECT_TRUE(fs::exists(shot)) << args[0];
    }
}

// The vertical stack, without panel or overlays, framed as the sandbox frames it: body colours
// where the ten boxes and the ground are, background beside and above them.
TEST(SandboxHeadless, TheVerticalStackIsDrawnWhereItsBodiesAre)
{
    const fs::path shot = scratchDir() / "vertical_stack.png";
    fs::remove(shot);
    const RunResult r = runSandbox({"--scene", "Vertical stack", "--frames", "3", "--no-ui", "--size",
                                    "800x600", "--screenshot", shot.string()});
    ASSERT_EQ(r.code, 0) << r.err;
    sf::Image image;
    ASSERT_TRUE(image.loadFromFile(shot.string()));
    ASSERT_EQ(image.getSize(), sf::Vector2u(800, 600));

    oblique::Camera2D camera({0.0f, 0.0f}, 50.0f, {800.0f, 600.0f});
    oblique::sandbox::frameBounds(camera,
                                  oblique::sandbox::sceneFrameBounds(oblique::scenes::verticalStack(10)));

    EXPECT_TRUE(near(image.getPixel(2, 2), kBackground)) << describe(image.getPixel(2, 2));
    for (int i = 0; i < 10; ++i)
    {
        // Awake dynamic bodies are filled with a dark shade of the world's pink.
        const sf::Color c = pixelAt(image, camera, {0.0f, 0.5f + static_cast<float>(i)});
        EXPECT_GT(int(c.r), int(kBackground.r) + 20) << "box " << i << " " << describe(c);
        EXPECT_GT(int(c.r), int(c.g) + 5) << "box " << i << " " << describe(c);
        EXPECT_GT(int(c.r), int(c.b) + 3) << "box " << i << " " << describe(c);
        // Beside the stack: background.
        for (const float x : {-2.0f, -1.0f, 1.0f, 2.0f})
        {
            const sf::Color side = pixelAt(image, camera, {x, 0.5f + static_cast<float>(i)});
            EXPECT_TRUE(near(side, kBackground)) << "x " << x << " row " << i << " " << describe(side);
        }
    }
    // The static ground: green.
    for (const float x : {-2.0f, 0.0f, 2.0f})
    {
        const sf::Color g = pixelAt(image, camera, {x, -1.0f});
        EXPECT_GT(int(g.g), int(g.r) + 10) << "ground at x " << x << " " << describe(g);
    }
    // Above the top box: background.
    const sf::Color above = pixelAt(image, camera, {0.0f, 10.6f});
    EXPECT_TRUE(near(above, kBackground)) << describe(above);
}

TEST(SandboxCommandLine, SelectAndTwinRefuseWhatTheyCannotShow)
{
    const RunResult noBody = runSandbox({"--scene", "Vertical stack", "--select", "nobody", "--frames", "2"});
    EXPECT_EQ(noBody.code, 1);
    EXPECT_TRUE(oneLineError(noBody));
    EXPECT_NE(noBody.err.find("no body called 'nobody'"), std::string::npos) << noBody.err;
    for (const char* spec : {"box2d", "ngs:0", "soft:x"})
    {
        const RunResult r = runSandbox({"--twin", spec, "--frames", "2"});
        EXPECT_EQ(r.code, 2) << spec;
        EXPECT_TRUE(oneLineError(r)) << spec;
        EXPECT_NE(r.err.find("--twin"), std::string::npos) << r.err;
    }
}

// The Vertical stack scene after three frames, the world alone at 640x480, with extra options.
sf::Image renderVerticalStack(const std::string& name, const std::vector<std::string>& extra)
{
    const fs::path shot = scratchDir() / name;
    std::vector<std::string> args{"--scene", "Vertical stack", "--frames",     "3",          "--no-ui",
                                  "--size",  "640x480",        "--screenshot", shot.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    const RunResult r = runSandbox(args);
    EXPECT_EQ(r.code, 0) << r.err;
    sf::Image image;
    EXPECT_TRUE(image.loadFromFile(shot.string()));
    return image;
}

TEST(SandboxHeadless, TheTwinAndTheInspectedBodyAreDrawnOnlyWhenAskedFor)
{
    const sf::Image plain = renderVerticalStack("lab.png", {});
    EXPECT_EQ(twinPixels(plain), 0);
    EXPECT_EQ(inspectedPixels(plain), 0);
    const sf::Image lab = renderVerticalStack("lab.png", {"--twin", "ngs", "--select", "body 3"});
    // Ten boxes and the ground outlined by the twin; one box outlined for the inspector (its
    // four sides, about 100 pixels at this zoom).
    EXPECT_GT(twinPixels(lab), 500);
    EXPECT_GT(inspectedPixels(lab), 60);
}

TEST(SandboxHeadless, Box2dGhostsAreDrawnOnlyWhenAskedFor)
{
    EXPECT_EQ(ghostPixels(renderVerticalStack("ghosts.png", {})), 0);
    // Ten box outlines and the ground's: well over a thousand pixels of outline.
    EXPECT_GT(ghostPixels(renderVerticalStack("ghosts.png", {"--box2d"})), 1000);
}

} // namespace

namespace
{

TEST(SandboxHeadless, ARecordedRunReplaysWithEveryHashAsRecorded)
{
    const fs::path file = scratchDir() / "ragdolls.oblrec";
    const RunResult recorded =
        runSandbox({"--scene", "Ragdolls", "--frames", "90", "--record", file.string()});
    ASSERT_EQ(recorded.code, 0) << recorded.err;
    EXPECT_NE(recorded.out.find("recorded 90 steps"), std::string::npos) << recorded.out;

    const RunResult replayed = runSandbox({"--replay", file.string(), "--frames", "120"});
    EXPECT_EQ(replayed.code, 0) << replayed.err;
    EXPECT_NE(replayed.out.find("played 90 of 90 steps, every hash as recorded"), std::string::npos)
        << replayed.out;

    // A damaged file is a one-line error naming it.
    fs::resize_file(file, fs::file_size(file) / 2);
    const RunResult damaged = runSandbox({"--replay", file.string(), "--frames", "2"});
    EXPECT_EQ(damaged.code, 1);
    EXPECT_TRUE(oneLineError(damaged));
    EXPECT_NE(damaged.err.find("ragdolls.oblrec"), std::string::npos) << damaged.err;

    // A scene whose callback (code, not state) is not in the recording goes its own way in the
    // replay: a one-line error naming the first step that differs.
    const fs::path conveyors = scratchDir() / "conveyors.oblrec";
    ASSERT_EQ(runSandbox({"--scene", "Conveyors", "--frames", "120", "--record", conveyors.string()}).code,
              0);
    const RunResult diverged = runSandbox({"--replay", conveyors.string(), "--frames", "130"});
    EXPECT_EQ(diverged.code, 1);
    EXPECT_TRUE(oneLineError(diverged));
    EXPECT_NE(diverged.err.find("differs from the recording"), std::string::npos) << diverged.err;

    const RunResult both = runSandbox({"--record", "a.oblrec", "--replay", "b.oblrec", "--frames", "2"});
    EXPECT_EQ(both.code, 2);
    EXPECT_TRUE(oneLineError(both));
}

} // namespace
