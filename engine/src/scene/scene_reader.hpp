#pragma once
/// The scene reader behind loadScene and parseScene, with its limits as parameters so that tests can
/// exercise them without building gigabyte inputs.

#include "oblique/scene.hpp"

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace oblique::scene_detail
{

/// Bounds that keep broken or hostile input from exhausting memory or time. The defaults are the
/// documented limits of the format.
struct ReadLimits
{
    std::size_t maxBytes = std::size_t{1} << 30; ///< larger scene text is refused (1 GiB)
    std::size_t maxDepth = 64;                   ///< objects and arrays nested deeper are refused
    std::size_t maxBodies = 1'000'000;           ///< scenes with more bodies are refused
    std::size_t maxShapes = 1'000'000;           ///< scenes with more shapes in `shapes` arrays are refused
    std::size_t maxJoints = 1'000'000;           ///< scenes with more joints are refused
};

/// Validates scene text. `file` names the source in errors; `defaultName` becomes the scene's name
/// when the text gives none. Throws SceneError for the first problem found.
Scene readScene(std::string_view text, const std::string& file, std::string_view defaultName,
                const ReadLimits& limits = {});

/// The bytes of a scene file; throws SceneError, naming the file as `shownName`, when it cannot be
/// read or holds more than `maxBytes`.
std::string readSceneFile(const std::filesystem::path& file, const std::string& shownName,
                          std::size_t maxBytes);

} // namespace oblique::scene_detail
