#pragma once
/// A scene run in both engines and judged against the tolerances: what `oblique compare` reports,
/// as plain data, with its verdict, its worst divergence and the JSON the command prints.

#include "oblique/compare/contact_report.hpp"
#include "oblique/compare/divergence.hpp"
#include "oblique/compare/json_report.hpp"
#include "oblique/scene.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace oblique::compare
{

/// One body's final states in both engines and how they compare.
struct BodyComparison
{
    std::string name;           ///< as the scene names it; empty when it does not
    BodyState oblique;          ///< after the last step
    BodyState box2d;            ///< after the last step
    StateDifference difference; ///< between the two
    Travel travel;              ///< in Box2D, what the relative tolerances scale
    bool within = true;         ///< every difference within its tolerance
};

/// The one difference of one body that lies nearest to its tolerance, or furthest past it.
struct WorstDivergence
{
    int body = -1;             ///< index into the scene's bodies; -1 when there are none
    std::string_view quantity; ///< "position", "angle", "linearVelocity" or "angularVelocity"
    std::string_view unit;     ///< "m", "rad", "m/s" or "rad/s"
    float difference = 0.0f;   ///< between the engines' final states
    float tolerance = 0.0f;    ///< what this body is allowed for that quantity

    /// difference / tolerance: above 1 past the tolerance.
    float share() const { return tolerance > 0.0f ? difference / tolerance : 0.0f; }
};

/// Everything `oblique compare` finds.
struct SceneComparison
{
    std::string sceneName;
    int steps = 0;
    float timeStep = 0.0f;
    ContactTolerances contactTolerances;
    StateTolerances stateTolerances;
    ContactComparison contacts;         ///< of the scene as loaded
    std::vector<BodyComparison> bodies; ///< in the scene's order
    /// The largest position difference over every step and body (reported, not judged), with the
    /// body and step it was seen at (-1 and 0 when nothing was stepped), and the largest angle.
    StateDifference largestAlongTheWay;
    int largestAlongTheWayBody = -1;
    int largestAlongTheWayStep = 0;
    StateDifference largestFinal; ///< each quantity's largest final difference over the bodies
    WorstDivergence worst;        ///< of the final states

    /// How many bodies end past their tolerances.
    int divergingBodies() const;
    bool finalStatesAgree() const { return divergingBodies() == 0; }
    bool agrees() const { return contacts.agrees() && finalStatesAgree(); }
};

/// Runs the scene `steps` steps in both engines and judges it. Throws what building the worlds
/// throws for a scene the engines refuse.
SceneComparison compareScene(const Scene& scene, int steps);

/// The body difference with the largest share of its tolerance (ties: the lower body index, then
/// position, angle, linear velocity, angular velocity).
WorstDivergence worstDivergence(const std::vector<BodyComparison>& bodies, const StateTolerances& tolerances);

/// The verdict in two lines, each ending in a newline: whether the engines agree and why not, then
/// the worst divergence (body, step, difference, tolerance) and the largest seen along the way.
std::string verdictLines(const SceneComparison& comparison);

/// The JSON object `oblique compare --json` prints (documented in docs/cli.md).
Json comparisonReport(const SceneComparison& comparison);

} // namespace oblique::compare
