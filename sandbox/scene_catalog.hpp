#pragma once
// Finding scenes: the built-in ones in display order, the scene files in a directory, and the
// scene a command-line argument names.

#include "sandbox_scene.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace oblique::sandbox
{

// The built-in scenes sorted by category, then name (indices into builtinScenes()).
std::vector<int> sortedBuiltinScenes();

// The index in builtinScenes() of the scene with this name, compared with normalizeName (so
// "vertical-stack" finds "Vertical stack"), or -1.
int findBuiltinScene(std::string_view name);

// Every *.json file directly in dir, sorted by file name; empty when dir does not exist.
std::vector<std::filesystem::path> listSceneFiles(const std::filesystem::path& dir);

// What a command line's NAME_OR_FILE names: a built-in scene, or a scene file.
struct SceneChoice
{
    int builtin = -1;           // index into builtinScenes(), or -1
    std::filesystem::path file; // the scene file when builtin is -1
};

// Resolves NAME_OR_FILE: a built-in scene name first, then an existing file, then a file of that
// name (with or without .json) in scenesDir. Nothing when none of these exists.
std::optional<SceneChoice> resolveScene(std::string_view nameOrFile, const std::filesystem::path& scenesDir);

} // namespace oblique::sandbox
