#pragma once
/// How far two engines' reports of the same scene lie apart, and whether that is within the
/// tolerances the comparison promises (documented in docs/cli.md).

#include "oblique/compare/contact_report.hpp"

#include <string>
#include <vector>

namespace oblique::compare
{

/// Contacts are geometry, so they must agree closely.
struct ContactTolerances
{
    float normal = 1.0e-4f;     ///< per component
    float position = 1.0e-3f;   ///< per component, metres
    float separation = 1.0e-4f; ///< metres
    /// A pair that only one engine reports is forgiven when its deepest point is this close to
    /// touching: whether exactly touching counts is a matter of float rounding. Negative: no lone
    /// pair is forgiven.
    float touching = 1.0e-4f;
};

/// Two different solvers agree on outcomes, not on every intermediate step: while a pile settles
/// or a chain of dominoes falls, each solver spreads impulses through it in its own order and the
/// timing drifts. So the final states are held to these; differences along the way are reported.
struct StateTolerances
{
    float position = 0.05f; ///< metres (or relativePosition of the distance moved, if larger)
    /// Fraction of the body's displacement from its starting point (in the reference engine) that
    /// two integrators may drift apart over a long slide or fall.
    float relativePosition = 0.05f;
    float angle = 0.05f; ///< radians, after wrapping the difference to [-pi, pi] (or relativeAngle)
    /// Fraction of the angle the body turned through (in the reference engine): a small difference
    /// in spin grows into an angle in proportion to how long the body keeps turning.
    float relativeAngle = 0.05f;
    float linearVelocity = 0.1f;  ///< m/s
    float angularVelocity = 0.1f; ///< rad/s
};

/// The largest differences over all matched contact pairs, and what broke the tolerances.
struct ContactComparison
{
    int matchedPairs = 0;
    float normal = 0.0f;
    float position = 0.0f;
    float separation = 0.0f;
    std::vector<std::string> problems; ///< empty when the two agree

    bool agrees() const { return problems.empty(); }
};

/// Matches pairs by (a, b) and points in whichever order fits better.
ContactComparison compareContacts(const std::vector<PairContact>& reference,
                                  const std::vector<PairContact>& other,
                                  const ContactTolerances& tolerances = {});

struct StateDifference
{
    float position = 0.0f;
    float angle = 0.0f;
    float linearVelocity = 0.0f;
    float angularVelocity = 0.0f;
};

/// Distances between two states of one body (angle difference wrapped to [-pi, pi]).
StateDifference difference(const BodyState& a, const BodyState& b);

/// How far a body went from its start in the reference engine: what the relative tolerances scale.
struct Travel
{
    float distance = 0.0f; ///< metres between its start and end positions
    float turn = 0.0f;     ///< radians between its start and end angles (not wrapped)
};

/// The position tolerance for a body that has moved `distance` metres from its start.
float positionTolerance(const StateTolerances& tolerances, float distance);

/// The angle tolerance for a body that has turned `turn` radians from its start.
float angleTolerance(const StateTolerances& tolerances, float turn);

/// True when position and angle are within their tolerances.
bool poseWithin(const StateDifference& d, const StateTolerances& tolerances, Travel travel);

/// True when every component is within its tolerance.
bool within(const StateDifference& d, const StateTolerances& tolerances, Travel travel);

} // namespace oblique::compare
