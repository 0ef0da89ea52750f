#include "oblique/compare/divergence.hpp"

#include "oblique/rot.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace oblique::compare
{

namespace
{

float componentDistance(Vec2 a, Vec2 b)
{
    return std::max(std::fabs(a.x - b.x), std::fabs(a.y - b.y));
}

float deepest(const PairContact& c)
{
    float s = 0.0f;
    for (const ContactPoint& p : c.points)
    {
        s = std::min(s, p.separation);
    }
    return s;
}

std::string pairName(const PairContact& c)
{
    std::string name = "pair (" + std::to_string(c.a) + ", " + std::to_string(c.b) + ")";
    if (c.showShapes)
    {
        name += " shapes (" + std::to_string(c.shapeA) + ", " + std::to_string(c.shapeB) + ")";
    }
    return name;
}

// The larger point difference when matching reference points to other points in a given order.
struct PointMatch
{
    float position;
    float separation;
};

PointMatch matchPoints(const PairContact& ref, const PairContact& other, bool swapped)
{
    PointMatch m{0.0f, 0.0f};
    for (std::size_t i = 0; i < ref.points.size(); ++i)
    {
        const std::size_t j = swapped ? ref.points.size() - 1 - i : i;
        m.position =
            std::max(m.position, componentDistance(ref.points[i].position, other.points[j].position));
        m.separation =
            std::max(m.separation, std::fabs(ref.points[i].separation - other.points[j].separation));
    }
    return m;
}

} // namespace

ContactComparison compareContacts(const std::vector<PairContact>& reference,
                                  const std::vector<PairContact>& other, const ContactTolerances& tol)
{
    ContactComparison result;
    std::size_t i = 0;
    std::size_t j = 0;
    const auto lonePair = [&](const PairContact& c, const char* who)
    {
        if (deepest(c) < -tol.touching)
        {
            std::ostringstream s;
            s << pairName(c) << ": only " << who << " reports it (deepest separation " << deepest(c) << ")";
            result.problems.push_back(s.str());
        }
    };
    while (i < reference.size() || j < other.size())
    {
        if (j == other.size() || (i < reference.size() && comesBefore(reference[i], other[j])))
        {
            lonePair(reference[i++], "the reference engine");
            continue;
        }
        if (i == reference.size() || comesBefore(other[j], reference[i]))
        {
            lonePair(other[j++], "the compared engine");
            continue;
        }
        const PairContact& r = reference[i++];
        const PairContact& o = other[j++];
        ++result.matchedPairs;
        const float dn = componentDistance(r.normal, o.normal);
        result.normal = std::max(result.normal, dn);
        if (dn > tol.normal)
        {
            std::ostringstream s;
            s << pairName(r) << ": normals differ by " << dn;
            result.problems.push_back(s.str());
        }
        if (r.points.size() != o.points.size())
        {
            std::ostringstream s;
            s << pairName(r) << ": " << r.points.size() << " points against " << o.points.size();
            result.problems.push_back(s.str());
            continue;
        }
        PointMatch m = matchPoints(r, o, false);
        if (r.points.size() == 2)
        {
            const PointMatch swapped = matchPoints(r, o, true);
            if (swapped.position < m.position)
            {
                m = swapped;
            }
        }
        result.position = std::max(result.position, m.position);
        result.separation = std::max(result.separation, m.separation);
        if (m.position > tol.position || m.separation > tol.separation)
        {
            std::ostringstream s;
            s << pairName(r) << ": points differ by " << m.position << " m, separations by " << m.separation
              << " m";
            result.problems.push_back(s.str());
        }
    }
    return result;
}

StateDifference difference(const BodyState& a, const BodyState& b)
{
    return {distance(a.position, b.position), std::fabs(wrapAngle(a.angle - b.angle)),
            distance(a.linearVelocity, b.linearVelocity), std::fabs(a.angularVelocity - b.angularVelocity)};
}

float positionTolerance(const StateTolerances& t, float distance)
{
    return std::max(t.position, t.relativePosition * distance);
}

float angleTolerance(const StateTolerances& t, float turn)
{
    return std::max(t.angle, t.relativeAngle * turn);
}

bool poseWithin(const StateDifference& d, const StateTolerances& t, Travel travel)
{
    return d.position <= positionTolerance(t, travel.distance) && d.angle <= angleTolerance(t, travel.turn);
}

bool within(const StateDifference& d, const StateTolerances& t, Travel travel)
{
    return poseWithin(d, t, travel) && d.linearVelocity <= t.linearVelocity &&
           d.angularVelocity <= t.angularVelocity;
}

} // namespace oblique::compare
