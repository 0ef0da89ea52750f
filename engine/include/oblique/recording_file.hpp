#pragma once
/// Recordings (oblique/recording.hpp) read from and written to files, for tools that keep them
/// (the sandbox, `oblique replay`). Part of oblique-scene, the library that does the files.

#include "oblique/recording.hpp"

#include <filesystem>

namespace oblique
{

/// Reads a recording file. Throws std::invalid_argument naming the file and what is wrong: it
/// cannot be read, or Recording::load's reason.
Recording loadRecordingFile(const std::filesystem::path& file);

/// Writes a recording to a file, replacing it. Throws std::runtime_error naming the file when it
/// cannot be written.
void saveRecordingFile(const Recording& recording, const std::filesystem::path& file);

} // namespace oblique
