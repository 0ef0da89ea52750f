#include "oblique/compare/scene_comparison.hpp"

#include "oblique/compare/box2d_world.hpp"
#include "oblique/compare/oblique_world.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>
#include <utility>

namespace oblique::compare
{

namespace
{

/// One judged quantity of a body: its name, unit, difference and tolerance.
struct Judged
{
    std::string_view quantity;
    std::string_view unit;
    float difference;
    float tolerance;
};

std::array<Judged, 4> judged(const BodyComparison& body, const StateTolerances& t)
{
    const StateDifference& d = body.difference;
    return {{
        {"position", "m", d.position, positionTolerance(t, body.travel.distance)},
        {"angle", "rad", d.angle, angleTolerance(t, body.travel.turn)},
        {"linearVelocity", "m/s", d.linearVelocity, t.linearVelocity},
        {"angularVelocity", "rad/s", d.angularVelocity, t.angularVelocity},
    }};
}

std::string shortNumber(float value)
{
    std::ostringstream out;
    out.precision(3);
    out << value;
    return out.str();
}

std::string bodyName(const SceneComparison& c, int index)
{
    std::string name = "body " + std::to_string(index);
    const std::string& given = c.bodies[static_cast<std::size_t>(index)].name;
    if (!given.empty())
    {
        name += " \"" + given + "\"";
    }
    return name;
}

std::string firstVerdictLine(const SceneComparison& c)
{
    const int bodies = static_cast<int>(c.bodies.size());
    std::string line = "verdict: ";
    if (c.agrees())
    {
        return line + "the engines agree within the tolerances (" + std::to_string(bodies) + " bodies, " +
               std::to_string(c.steps) + " steps)";
    }
    line += "the engines diverge:";
    if (!c.contacts.agrees())
    {
        const std::size_t problems = c.contacts.problems.size();
        line += " contacts as loaded differ (" + std::to_string(problems) +
                (problems == 1 ? " problem: " : " problems, the first: ") + c.contacts.problems.front() + ")";
    }
    if (!c.finalStatesAgree())
    {
        line += c.contacts.agrees() ? "" : ";";
        line += " final states differ (" + std::to_string(c.divergingBodies()) + " of " +
                std::to_string(bodies) + " bodies past the tolerances)";
    }
    return line;
}

std::string secondVerdictLine(const SceneComparison& c)
{
    if (c.worst.body < 0)
    {
        return "worst: no bodies to compare";
    }
    const WorstDivergence& w = c.worst;
    std::string line = "worst: " + bodyName(c, w.body) + " at step " + std::to_string(c.steps) +
                       " (the end), " + std::string(w.quantity) + " " + shortNumber(w.difference) + " " +
                       std::string(w.unit) + " apart where " + shortNumber(w.tolerance) + " " +
                       std::string(w.unit) + " is allowed (" +
                       (w.share() <= 1.0f ? shortNumber(100.0f * w.share()) + "% of it"
                                          : shortNumber(w.share()) + " times it") +
                       ")";
    if (c.largestAlongTheWayBody >= 0)
    {
        line += "; largest position difference along the way " + shortNumber(c.largestAlongTheWay.position) +
                " m, " + bodyName(c, c.largestAlongTheWayBody) + " at step " +
                std::to_string(c.largestAlongTheWayStep) + " (not judged)";
    }
    return line;
}

Json toJson(const StateDifference& d)
{
    Json j = Json::object();
    for (const auto& [quantity, value] :
         {std::pair{"position", d.position}, std::pair{"angle", d.angle},
          std::pair{"linearVelocity", d.linearVelocity}, std::pair{"angularVelocity", d.angularVelocity}})
    {
        j[quantity] = jsonNumber(value);
    }
    return j;
}

Json toJson(const SceneComparison& c, const BodyComparison& body, std::size_t index)
{
    Json j = Json::object();
    j["index"] = index;
    j["name"] = body.name;
    j["oblique"] = toJson(body.oblique);
    j["box2d"] = toJson(body.box2d);
    j["difference"] = toJson(body.difference);
    Json tolerance = Json::object();
    for (const Judged& q : judged(body, c.stateTolerances))
    {
        tolerance[std::string(q.quantity)] = jsonNumber(q.tolerance);
    }
    j["tolerance"] = tolerance;
    j["within"] = body.within;
    return j;
}

Json tolerancesJson(const SceneComparison& c)
{
    const ContactTolerances& ct = c.contactTolerances;
    const StateTolerances& st = c.stateTolerances;
    Json contacts = Json::object();
    contacts["normal"] = jsonNumber(ct.normal);
    contacts["position"] = jsonNumber(ct.position);
    contacts["separation"] = jsonNumber(ct.separation);
    contacts["touching"] = jsonNumber(ct.touching);
    Json states = Json::object();
    states["position"] = jsonNumber(st.position);
    states["relativePosition"] = jsonNumber(st.relativePosition);
    states["angle"] = jsonNumber(st.angle);
    states["relativeAngle"] = jsonNumber(st.relativeAngle);
    states["linearVelocity"] = jsonNumber(st.linearVelocity);
    states["angularVelocity"] = jsonNumber(st.angularVelocity);
    Json j = Json::object();
    j["contacts"] = contacts;
    j["finalStates"] = states;
    return j;
}

} // namespace

int SceneComparison::divergingBodies() const
{
    return static_cast<int>(
        std::count_if(bodies.begin(), bodies.end(), [](const BodyComparison& b) { return !b.within; }));
}

WorstDivergence worstDivergence(const std::vector<BodyComparison>& bodies, const StateTolerances& tolerances)
{
    WorstDivergence worst;
    for (std::size_t i = 0; i < bodies.size(); ++i)
    {
        for (const Judged& q : judged(bodies[i], tolerances))
        {
            const WorstDivergence candidate{static_cast<int>(i), q.quantity, q.unit, q.difference,
                                            q.tolerance};
            if (worst.body < 0 || candidate.share() > worst.share())
            {
                worst = candidate;
            }
        }
    }
    return worst;
}

SceneComparison compareScene(const Scene& scene, int steps)
{
    ObliqueWorld ours(scene);
    Box2dWorld box2d(scene);
    SceneComparison c;
    c.sceneName = scene.name;
    c.steps = steps;
    c.timeStep = scene.world.timeStep;
    // Contacts of the scene as loaded: pure geometry, so they must agree closely.
    c.contacts = compareContacts(box2d.collide(), ours.collide(), c.contactTolerances);

    std::vector<BodyState> start;
    start.reserve(static_cast<std::size_t>(box2d.bodyCount()));
    for (int i = 0; i < box2d.bodyCount(); ++i)
    {
        start.push_back(box2d.bodyState(i));
    }

    // Motion: the largest pose differences along the way (reported), then the outcome (judged).
    for (int k = 1; k <= steps; ++k)
    {
        ours.step();
        box2d.step();
        for (int i = 0; i < ours.bodyCount(); ++i)
        {
            const StateDifference d = difference(ours.bodyState(i), box2d.bodyState(i));
            if (d.position > c.largestAlongTheWay.position || c.largestAlongTheWayBody < 0)
            {
                c.largestAlongTheWayBody = i;
                c.largestAlongTheWayStep = k;
            }
            c.largestAlongTheWay.position = std::max(c.largestAlongTheWay.position, d.position);
            c.largestAlongTheWay.angle = std::max(c.largestAlongTheWay.angle, d.angle);
        }
    }

    for (int i = 0; i < ours.bodyCount(); ++i)
    {
        BodyComparison& body = c.bodies.emplace_back();
        body.name = scene.bodies[static_cast<std::size_t>(i)].name;
        body.oblique = ours.bodyState(i);
        body.box2d = box2d.bodyState(i);
        body.difference = difference(body.oblique, body.box2d);
        const BodyState& from = start[static_cast<std::size_t>(i)];
        body.travel = {distance(from.position, body.box2d.position),
                       std::fabs(body.box2d.angle - from.angle)};
        body.within = within(body.difference, c.stateTolerances, body.travel);
        c.largestFinal.position = std::max(c.largestFinal.position, body.difference.position);
        c.largestFinal.angle = std::max(c.largestFinal.angle, body.difference.angle);
        c.largestFinal.linearVelocity =
            std::max(c.largestFinal.linearVelocity, body.difference.linearVelocity);
        c.largestFinal.angularVelocity =
            std::max(c.largestFinal.angularVelocity, body.difference.angularVelocity);
    }
    c.worst = worstDivergence(c.bodies, c.stateTolerances);
    return c;
}

std::string verdictLines(const SceneComparison& comparison)
{
    return firstVerdictLine(comparison) + "\n" + secondVerdictLine(comparison) + "\n";
}

Json comparisonReport(const SceneComparison& c)
{
    Json j = Json::object();
    j["scene"] = c.sceneName;
    j["steps"] = c.steps;
    j["timeStep"] = jsonNumber(c.timeStep);
    j["verdict"] = c.agrees() ? "agree" : "diverge";
    Json reasons = Json::array();
    if (!c.contacts.agrees())
    {
        reasons.push_back("contacts");
    }
    if (!c.finalStatesAgree())
    {
        reasons.push_back("finalStates");
    }
    j["reasons"] = reasons;
    j["tolerances"] = tolerancesJson(c);

    Json worst = nullptr;
    if (c.worst.body >= 0)
    {
        worst = Json::object();
        worst["body"] = c.worst.body;
        worst["name"] = c.bodies[static_cast<std::size_t>(c.worst.body)].name;
        worst["step"] = c.steps;
        worst["quantity"] = c.worst.quantity;
        worst["difference"] = jsonNumber(c.worst.difference);
        worst["tolerance"] = jsonNumber(c.worst.tolerance);
    }
    Json alongTheWay = nullptr;
    if (c.largestAlongTheWayBody >= 0)
    {
        alongTheWay = Json::object();
        alongTheWay["position"] = jsonNumber(c.largestAlongTheWay.position);
        alongTheWay["body"] = c.largestAlongTheWayBody;
        alongTheWay["step"] = c.largestAlongTheWayStep;
        alongTheWay["angle"] = jsonNumber(c.largestAlongTheWay.angle);
    }
    Json divergences = Json::object();
    divergences["worst"] = worst;
    divergences["finalLargest"] = toJson(c.largestFinal);
    divergences["alongTheWay"] = alongTheWay;
    Json diverging = Json::array();
    for (std::size_t i = 0; i < c.bodies.size(); ++i)
    {
        if (!c.bodies[i].within)
        {
            diverging.push_back(i);
        }
    }
    divergences["divergingBodies"] = diverging;
    j["divergences"] = divergences;

    Json contacts = Json::object();
    contacts["matchedPairs"] = c.contacts.matchedPairs;
    Json largest = Json::object();
    largest["normal"] = jsonNumber(c.contacts.normal);
    largest["position"] = jsonNumber(c.contacts.position);
    largest["separation"] = jsonNumber(c.contacts.separation);
    contacts["largest"] = largest;
    contacts["problems"] = c.contacts.problems;
    j["contacts"] = contacts;

    Json bodies = Json::array();
    for (std::size_t i = 0; i < c.bodies.size(); ++i)
    {
        bodies.push_back(toJson(c, c.bodies[i], i));
    }
    j["bodies"] = bodies;
    return j;
}

} // namespace oblique::compare
