#pragma once
// Compares two engines' contact lists: same pairs, normals, and points matched regardless of order.

#include "oblique/compare/contact_report.hpp"
#include "oblique/compare/oblique_world.hpp"
#include "oblique/scene.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace oblique::test
{

/// The oblique side of `contacts` exactly as the command runs it: the scene's World, one
/// collision pass, touching pairs in scene indices.
inline std::vector<compare::PairContact> obliqueContacts(const Scene& scene)
{
    compare::ObliqueWorld world(scene);
    return world.collide();
}

struct Tolerances
{
    float normal = 1e-4f;     ///< per component
    float position = 1e-3f;   ///< per component, metres
    float separation = 1e-4f; ///< metres
};

/// The largest differences seen while comparing.
struct Differences
{
    float normal = 0.0f;
    float position = 0.0f;
    float separation = 0.0f;
};

inline float maxComponentDifference(Vec2 a, Vec2 b)
{
    return std::max(std::fabs(a.x - b.x), std::fabs(a.y - b.y));
}

/// Empty when the lists agree within the tolerances, else a description of the first disagreement.
/// Two-point manifolds are matched in whichever order fits better: the engines need not list the
/// points of a pair in the same order.
inline std::string compareContacts(const std::vector<compare::PairContact>& expected,
                                   const std::vector<compare::PairContact>& actual, const Tolerances& tol,
                                   Differences* largest = nullptr)
{
    std::ostringstream why;
    if (expected.size() != actual.size())
    {
        why << "expected " << expected.size() << " touching pairs, got " << actual.size() << ":";
        for (const auto& c : expected)
        {
            why << " (" << c.a << "," << c.b << ")";
        }
        why << " vs";
        for (const auto& c : actual)
        {
            why << " (" << c.a << "," << c.b << ")";
        }
        return why.str();
    }
    Differences seen;
    for (std::size_t i = 0; i < expected.size(); ++i)
    {
        const compare::PairContact& e = expected[i];
        const compare::PairContact& a = actual[i];
        why << "pair (" << e.a << "," << e.b << "): ";
        if (e.a != a.a || e.b != a.b)
        {
            why << "got pair (" << a.a << "," << a.b << ") in its place";
            return why.str();
        }
        const float dn = maxComponentDifference(e.normal, a.normal);
        seen.normal = std::max(seen.normal, dn);
        if (dn > tol.normal)
        {
            why << "normal (" << e.normal.x << "," << e.normal.y << ") vs (" << a.normal.x << ","
                << a.normal.y << ")";
            return why.str();
        }
        if (e.points.size() != a.points.size())
        {
            why << e.points.size() << " points vs " << a.points.size();
            return why.str();
        }
        std::vector<std::size_t> order(a.points.size());
        for (std::size_t k = 0; k < order.size(); ++k)
        {
            order[k] = k;
        }
        float bestCost = INFINITY;
        std::vector<std::size_t> bestOrder = order;
        do
        {
            float cost = 0.0f;
            for (std::size_t k = 0; k < order.size(); ++k)
            {
                cost =
                    std::max(cost, maxComponentDifference(e.points[k].position, a.points[order[k]].position));
            }
            if (cost < bestCost)
            {
                bestCost = cost;
                bestOrder = order;
            }
        } while (std::next_permutation(order.begin(), order.end()));

        for (std::size_t k = 0; k < bestOrder.size(); ++k)
        {
            const compare::ContactPoint& ep = e.points[k];
            const compare::ContactPoint& ap = a.points[bestOrder[k]];
            const float dp = maxComponentDifference(ep.position, ap.position);
            const float ds = std::fabs(ep.separation - ap.separation);
            seen.position = std::max(seen.position, dp);
            seen.separation = std::max(seen.separation, ds);
            if (dp > tol.position || ds > tol.separation)
            {
                why << "point (" << ep.position.x << "," << ep.position.y << ") sep " << ep.separation
                    << " vs (" << ap.position.x << "," << ap.position.y << ") sep " << ap.separation;
                return why.str();
            }
        }
        why.str("");
    }
    if (largest != nullptr)
    {
        *largest = seen;
    }
    return {};
}

/// The scene files shipped in scenes/, sorted by name.
inline std::vector<std::filesystem::path> shippedScenes()
{
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(OBLIQUE_SCENES_DIR))
    {
        if (entry.is_regular_file() && entry.path().extension() == ".json")
        {
            files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

/// A scene file's name as a test name: letters, digits and underscores only.
inline std::string testNameOf(const std::filesystem::path& scene)
{
    std::string name = scene.stem().string();
    for (char& c : name)
    {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        c = ok ? c : '_';
    }
    return name;
}

} // namespace oblique::test
