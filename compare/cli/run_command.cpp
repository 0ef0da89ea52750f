// `oblique run`: step a scene in either engine and report the bodies' final states.

#include "command.hpp"
#include "oblique/compare/box2d_world.hpp"
#include "oblique/compare/json_report.hpp"
#include "oblique/compare/oblique_world.hpp"
#include "oblique/scene.hpp"

#include <chrono>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

namespace oblique::cli
{

namespace
{

struct RunOptions
{
    std::string scenePath;
    std::string engine = "oblique";
    int steps = 600;
    std::string tracePath;
    bool json = false;
};

compare::Json bodiesJson(const auto& world)
{
    compare::Json bodies = compare::Json::array();
    for (int i = 0; i < world.bodyCount(); ++i)
    {
        bodies.push_back(compare::toJson(world.bodyState(i)));
    }
    return bodies;
}

void printTable(std::ostream& out, const Scene& scene, const auto& world)
{
    out << std::fixed << std::setprecision(4);
    for (int i = 0; i < world.bodyCount(); ++i)
    {
        const compare::BodyState s = world.bodyState(i);
        const std::string& name = scene.bodies[static_cast<std::size_t>(i)].name;
        out << std::setw(4) << i << ' ' << std::left << std::setw(12) << (name.empty() ? "-" : name)
            << std::right << "  position (" << std::setw(9) << s.position.x << ", " << std::setw(9)
            << s.position.y << ")"
            << "  angle " << std::setw(8) << s.angle << "  velocity (" << std::setw(8) << s.linearVelocity.x
            << ", " << std::setw(8) << s.linearVelocity.y << ")  spin " << std::setw(8) << s.angularVelocity
            << (s.awake ? "  awake" : "  asleep") << '\n';
    }
}

int runWith(auto& world, const Scene& scene, const RunOptions& options, compare::Engine engine)
{
    std::optional<std::ofstream> trace;
    if (!options.tracePath.empty())
    {
        trace.emplace(options.tracePath);
        if (!*trace)
        {
            throw BadInput(options.tracePath + ": cannot open the trace file for writing");
        }
    }
    using Clock = std::chrono::steady_clock;
    Clock::duration stepping{};
    for (int k = 1; k <= options.steps; ++k)
    {
        const Clock::time_point start = Clock::now();
        world.step();
        stepping += Clock::now() - start;
        if (trace)
        {
            compare::Json line = compare::Json::object();
            line["step"] = k;
            line["bodies"] = bodiesJson(world);
            *trace << line.dump() << '\n';
        }
    }
    if (trace)
    {
        trace->flush();
        if (!*trace)
        {
            throw BadInput(options.tracePath + ": writing the trace failed");
        }
    }
    const double seconds = std::chrono::duration<double>(stepping).count();
    if (options.json)
    {
        compare::Json report = compare::Json::object();
        report["engine"] = std::string(compare::engineName(engine));
        report["steps"] = options.steps;
        report["bodies"] = bodiesJson(world);
        report["wallSeconds"] = seconds;
        std::cout << report.dump() << '\n';
    }
    else
    {
        std::cout << scene.name << ": " << options.steps << " steps of " << scene.world.timeStep << " s with "
                  << compare::engineName(engine) << " in " << seconds * 1000.0 << " ms\n";
        printTable(std::cout, scene, world);
    }
    return kExitSuccess;
}

int runScene(const RunOptions& options)
{
    const Scene scene = loadScene(options.scenePath);
    const compare::Engine engine = compare::parseEngine(options.engine).value_or(compare::Engine::Oblique);
    if (engine == compare::Engine::Box2d)
    {
        compare::Box2dWorld world(scene);
        return runWith(world, scene, options, engine);
    }
    compare::ObliqueWorld world(scene);
    return runWith(world, scene, options, engine);
}

} // namespace

Command addRunCommand(CLI::App& program)
{
    auto options = std::make_shared<RunOptions>();
    CLI::App* sub = program.add_subcommand("run", "Step a scene and print the bodies' final states");
    addSceneOption(sub, options->scenePath);
    addStepsOption(sub, options->steps);
    addEngineOption(sub, options->engine, "Engine that steps the scene");
    sub->add_option("--trace", options->tracePath, "Write one JSON line of body states per step to FILE")
        ->type_name("FILE");
    sub->add_flag("--json", options->json, "Print one JSON object instead of a table");
    return {sub, [options] { return runScene(*options); }};
}

} // namespace oblique::cli
