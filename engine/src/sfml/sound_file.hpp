#pragma once
// Opening sound files for SoundEffect and Song: the extensions both read, and opening a file with
// sf::InputSoundFile so that a missing, unreadable or empty file throws ContentLoadError naming it.

#include <SFML/Audio/InputSoundFile.hpp>
#include <array>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace oblique::detail
{

inline constexpr std::array<std::string_view, 3> kSoundFileExtensions{".wav", ".ogg", ".flac"};

// Opens `path` in `file`, or throws ContentLoadError saying why: no such file, not a sound file
// SFML can decode (with SFML's reason), or no samples.
void openSoundFile(sf::InputSoundFile& file, const std::filesystem::path& path);

// The ContentLoadError message for `path`: content "<path>": <reason>.
std::string contentErrorMessage(const std::filesystem::path& path, std::string_view reason);

// Whole frames (samples per channel) in `samples` samples of `channels` channels at `rate`, as a
// duration rounded down to the nanosecond.
std::chrono::nanoseconds soundDuration(std::uint64_t samples, unsigned channels, unsigned rate);

} // namespace oblique::detail
