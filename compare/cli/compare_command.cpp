// `oblique compare`: the same scene in both engines, side by side, judged against tolerances. The
// verdict comes first and last, the table between; --json prints the same findings as one object.

#include "command.hpp"
#include "oblique/compare/json_report.hpp"
#include "oblique/compare/scene_comparison.hpp"
#include "oblique/scene.hpp"

#include <iomanip>
#include <iostream>
#include <memory>
#include <string>

namespace oblique::cli
{

namespace
{

struct CompareOptions
{
    std::string scenePath;
    int steps = 600;
    bool json = false;
};

void printContacts(std::ostream& out, const compare::SceneComparison& c)
{
    const compare::ContactComparison& contacts = c.contacts;
    const compare::ContactTolerances& t = c.contactTolerances;
    out << "contacts as loaded: " << contacts.matchedPairs << " pairs matched; largest differences: normal "
        << contacts.normal << ", point " << contacts.position << " m, separation " << contacts.separation
        << " m (tolerances " << t.normal << ", " << t.position << " m, " << t.separation << " m)\n";
    for (const std::string& problem : contacts.problems)
    {
        out << "  DIVERGES " << problem << '\n';
    }
}

void printFinalStates(std::ostream& out, const compare::SceneComparison& c)
{
    out << "\nfinal states              oblique                               box2d                        "
           "difference\n";
    out << "body  name          x         y     angle        x         y     angle    position    angle\n";
    const std::ios::fmtflags flags = out.flags();
    out << std::fixed << std::setprecision(4);
    for (std::size_t i = 0; i < c.bodies.size(); ++i)
    {
        const compare::BodyComparison& body = c.bodies[i];
        const compare::BodyState& a = body.oblique;
        const compare::BodyState& b = body.box2d;
        out << std::setw(4) << i << "  " << std::left << std::setw(10)
            << (body.name.empty() ? "-" : body.name.substr(0, 10)) << std::right << std::setw(10)
            << a.position.x << std::setw(10) << a.position.y << std::setw(10) << a.angle << "  "
            << std::setw(10) << b.position.x << std::setw(10) << b.position.y << std::setw(10) << b.angle
            << "  " << std::setw(10) << body.difference.position << std::setw(9) << body.difference.angle
            << (body.within ? "" : "  DIVERGES") << '\n';
    }
    out.flags(flags);
}

void printSummary(std::ostream& out, const compare::SceneComparison& c)
{
    const compare::StateTolerances& t = c.stateTolerances;
    out << std::fixed << std::setprecision(4)
        << "\nlargest differences along the way (reported, not judged): position "
        << c.largestAlongTheWay.position << " m (body " << c.largestAlongTheWayBody << ", step "
        << c.largestAlongTheWayStep << "), angle " << c.largestAlongTheWay.angle << " rad\n"
        << "final states are judged: position within " << t.position << " m or "
        << t.relativePosition * 100.0f << "% of the distance moved, angle within " << t.angle << " rad or "
        << t.relativeAngle * 100.0f << "% of the angle turned, velocity within " << t.linearVelocity
        << " m/s, spin within " << t.angularVelocity << " rad/s; largest final velocity differences "
        << c.largestFinal.linearVelocity << " m/s, " << c.largestFinal.angularVelocity << " rad/s\n";
}

int compareScene(const CompareOptions& options)
{
    const Scene scene = loadScene(options.scenePath);
    const compare::SceneComparison c = compare::compareScene(scene, options.steps);
    std::ostream& out = std::cout;
    if (options.json)
    {
        compare::writeJson(out, compare::comparisonReport(c));
    }
    else
    {
        // Verdict first, for a reader of the top, and last, for a reader of the bottom.
        const std::string verdict = compare::verdictLines(c);
        out << verdict << '\n';
        out << "scene " << c.sceneName << " (" << c.bodies.size() << " bodies), " << c.steps << " steps of "
            << c.timeStep << " s\n\n";
        printContacts(out, c);
        printFinalStates(out, c);
        printSummary(out, c);
        out << '\n' << verdict;
    }
    return c.agrees() ? kExitSuccess : kExitComparisonFailed;
}

} // namespace

Command addCompareCommand(CLI::App& program)
{
    auto options = std::make_shared<CompareOptions>();
    CLI::App* sub = program.add_subcommand(
        "compare", "Run a scene in oblique and Box2D side by side and judge the final states against the "
                   "tolerances: the verdict, a table of every body, the verdict again; exit 1 when the "
                   "engines diverge past the tolerances, 0 when they agree");
    addSceneOption(sub, options->scenePath);
    addStepsOption(sub, options->steps);
    sub->add_flag("--json", options->json,
                  "Print one JSON object instead: the verdict, the tolerances, the worst divergences and "
                  "every body's final state in both engines (exit codes unchanged)");
    return {sub, [options] { return compareScene(*options); }};
}

} // namespace oblique::cli
