// `oblique compare`: the same scene in both engines, side by side, judged against tolerances.

#include "command.hpp"
#include "oblique/compare/box2d_world.hpp"
#include "oblique/compare/divergence.hpp"
#include "oblique/compare/oblique_world.hpp"
#include "oblique/scene.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace oblique::cli
{

namespace
{

struct CompareOptions
{
    std::string scenePath;
    int steps = 600;
};

int compareScene(const CompareOptions& options)
{
    const Scene scene = loadScene(options.scenePath);
    compare::ObliqueWorld ours(scene);
    compare::Box2dWorld box2d(scene);
    const compare::ContactTolerances contactTolerances;
    const compare::StateTolerances stateTolerances;
    std::ostream& out = std::cout;
    out << "scene " << scene.name << " (" << scene.bodies.size() << " bodies), " << options.steps
        << " steps of " << scene.world.timeStep << " s\n\n";

    // Contacts of the scene as loaded: pure geometry, so they must agree closely.
    const compare::ContactComparison contacts = compare::compareContacts(box2d.collide(), ours.collide());
    out << "contacts as loaded: " << contacts.matchedPairs << " pairs matched; largest differences: normal "
        << contacts.normal << ", point " << contacts.position << " m, separation " << contacts.separation
        << " m (tolerances " << contactTolerances.normal << ", " << contactTolerances.position << " m, "
        << contactTolerances.separation << " m)\n";
    for (const std::string& problem : contacts.problems)
    {
        out << "  DIVERGES " << problem << '\n';
    }

    std::vector<compare::BodyState> start;
    start.reserve(static_cast<std::size_t>(box2d.bodyCount()));
    for (int i = 0; i < box2d.bodyCount(); ++i)
    {
        start.push_back(box2d.bodyState(i));
    }
    const auto travel = [&](int i)
    {
        const compare::BodyState& from = start[static_cast<std::size_t>(i)];
        const compare::BodyState to = box2d.bodyState(i);
        return compare::Travel{distance(from.position, to.position), std::fabs(to.angle - from.angle)};
    };

    // Motion: the largest pose differences along the way (reported), then the outcome (judged).
    compare::StateDifference largest;
    int worstBody = -1;
    int worstStep = 0;
    for (int k = 1; k <= options.steps; ++k)
    {
        ours.step();
        box2d.step();
        for (int i = 0; i < ours.bodyCount(); ++i)
        {
            const compare::StateDifference d = compare::difference(ours.bodyState(i), box2d.bodyState(i));
            if (d.position > largest.position || worstBody < 0)
            {
                worstBody = i;
                worstStep = k;
            }
            largest.position = std::max(largest.position, d.position);
            largest.angle = std::max(largest.angle, d.angle);
        }
    }
    bool finalWithin = true;
    for (int i = 0; i < ours.bodyCount(); ++i)
    {
        const compare::StateDifference d = compare::difference(ours.bodyState(i), box2d.bodyState(i));
        largest.linearVelocity = std::max(largest.linearVelocity, d.linearVelocity);
        largest.angularVelocity = std::max(largest.angularVelocity, d.angularVelocity);
        finalWithin = finalWithin && compare::within(d, stateTolerances, travel(i));
    }

    out << "\nfinal states              oblique                               box2d                        "
           "difference\n";
    out << "body  name          x         y     angle        x         y     angle    position    angle\n";
    out << std::fixed;
    for (int i = 0; i < ours.bodyCount(); ++i)
    {
        const compare::BodyState a = ours.bodyState(i);
        const compare::BodyState b = box2d.bodyState(i);
        const compare::StateDifference d = compare::difference(a, b);
        const std::string& name = scene.bodies[static_cast<std::size_t>(i)].name;
        out << std::setw(4) << i << "  " << std::left << std::setw(10)
            << (name.empty() ? "-" : name.substr(0, 10)) << std::right << std::setprecision(4)
            << std::setw(10) << a.position.x << std::setw(10) << a.position.y << std::setw(10) << a.angle
            << "  " << std::setw(10) << b.position.x << std::setw(10) << b.position.y << std::setw(10)
            << b.angle << "  " << std::setw(10) << d.position << std::setw(9) << d.angle
            << (compare::within(d, stateTolerances, travel(i)) ? "" : "  DIVERGES") << '\n';
    }
    out << std::setprecision(4) << "\nlargest differences along the way (reported, not judged): position "
        << largest.position << " m (body " << worstBody << ", step " << worstStep << "), angle "
        << largest.angle << " rad\n"
        << "final states are judged: position within " << stateTolerances.position << " m or "
        << stateTolerances.relativePosition * 100.0f << "% of the distance moved, angle within "
        << stateTolerances.angle << " rad or " << stateTolerances.relativeAngle * 100.0f
        << "% of the angle turned, velocity within " << stateTolerances.linearVelocity << " m/s, spin within "
        << stateTolerances.angularVelocity << " rad/s; largest final velocity differences "
        << largest.linearVelocity << " m/s, " << largest.angularVelocity << " rad/s\n";

    const bool agree = contacts.agrees() && finalWithin;
    if (agree)
    {
        out << "verdict: the engines agree within the tolerances\n";
        return kExitSuccess;
    }
    out << "verdict: the engines diverge";
    if (!contacts.agrees())
    {
        out << " (contacts as loaded differ)";
    }
    if (!finalWithin)
    {
        out << " (final states differ)";
    }
    out << '\n';
    return kExitComparisonFailed;
}

} // namespace

Command addCompareCommand(CLI::App& program)
{
    auto options = std::make_shared<CompareOptions>();
    CLI::App* sub = program.add_subcommand(
        "compare",
        "Run a scene in oblique and Box2D side by side; exit 1 when they diverge past the tolerances");
    addSceneOption(sub, options->scenePath);
    addStepsOption(sub, options->steps);
    return {sub, [options] { return compareScene(*options); }};
}

} // namespace oblique::cli
