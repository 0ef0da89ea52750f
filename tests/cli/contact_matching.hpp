#pragma once
// Both engines' contact lists held to the same pairs, normals and points, and the shipped scenes.

#include "oblique/compare/contact_report.hpp"
#include "oblique/compare/divergence.hpp"
#include "oblique/compare/oblique_world.hpp"
#include "oblique/scene.hpp"

#include <algorithm>
#include <filesystem>
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

/// The product's contact comparison (compare/divergence.hpp), with no lone pair forgiven: the
/// tests hold both engines to exactly the same touching pairs.
inline compare::ContactComparison strictComparison(const std::vector<compare::PairContact>& expected,
                                                   const std::vector<compare::PairContact>& actual)
{
    compare::ContactTolerances strict;
    strict.touching = -1.0f;
    return compare::compareContacts(expected, actual, strict);
}

/// What a comparison found wrong, one problem per line, for a test's failure message.
inline std::string problemsOf(const compare::ContactComparison& comparison)
{
    std::string text;
    for (const std::string& problem : comparison.problems)
    {
        text += problem + "\n";
    }
    return text;
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
