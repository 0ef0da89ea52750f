#include "scene_catalog.hpp"

#include "sandbox_math.hpp"

#include <algorithm>
#include <numeric>
#include <system_error>
#include <tuple>

namespace oblique::sandbox
{

std::vector<int> sortedBuiltinScenes()
{
    const std::vector<SceneEntry>& entries = builtinScenes();
    std::vector<int> order(entries.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b)
                     {
                         const SceneEntry& ea = entries[static_cast<std::size_t>(a)];
                         const SceneEntry& eb = entries[static_cast<std::size_t>(b)];
                         return std::tie(ea.category, ea.name) < std::tie(eb.category, eb.name);
                     });
    return order;
}

int findBuiltinScene(std::string_view name)
{
    const std::string wanted = normalizeName(name);
    if (wanted.empty())
    {
        return -1;
    }
    const std::vector<SceneEntry>& entries = builtinScenes();
    for (std::size_t i = 0; i < entries.size(); ++i)
    {
        if (normalizeName(entries[i].name) == wanted)
        {
            return static_cast<int>(i);
        }
    }
    return -1;
}

std::vector<std::filesystem::path> listSceneFiles(const std::filesystem::path& dir)
{
    std::vector<std::filesystem::path> files;
    std::error_code error;
    if (dir.empty() || !std::filesystem::is_directory(dir, error))
    {
        return files;
    }
    for (std::filesystem::directory_iterator it(dir, error), end; !error && it != end; it.increment(error))
    {
        if (it->path().extension() == ".json" && it->is_regular_file(error))
        {
            files.push_back(it->path());
        }
    }
    std::sort(files.begin(), files.end(),
              [](const std::filesystem::path& a, const std::filesystem::path& b)
              { return a.filename() < b.filename(); });
    return files;
}

std::optional<SceneChoice> resolveScene(std::string_view nameOrFile, const std::filesystem::path& scenesDir)
{
    if (const int builtin = findBuiltinScene(nameOrFile); builtin >= 0)
    {
        return SceneChoice{builtin, {}};
    }
    std::error_code error;
    const std::filesystem::path given{std::string(nameOrFile)};
    if (std::filesystem::is_regular_file(given, error))
    {
        return SceneChoice{-1, given};
    }
    if (!scenesDir.empty() && given.is_relative())
    {
        std::filesystem::path inDir = scenesDir / given;
        if (std::filesystem::is_regular_file(inDir, error))
        {
            return SceneChoice{-1, inDir};
        }
        inDir += ".json";
        if (std::filesystem::is_regular_file(inDir, error))
        {
            return SceneChoice{-1, inDir};
        }
    }
    return std::nullopt;
}

} // namespace oblique::sandbox
