#pragma once
// Internal: the frame that snapshots and recordings share. A 32-byte header names the kind of
// buffer (its magic), its format version and a fingerprint of what its layout depends on, then
// the payload's size and a checksum of it, so a buffer of another kind, version or build,
// truncated or corrupted is refused before a byte of it is read. The checksum finds corruption,
// not deliberate forgery.

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace oblique::detail
{

struct SealedFormat
{
    std::array<char, 8> magic;
    std::uint32_t version = 0;
    std::uint32_t fingerprint = 0; // changes when the payload's binary layout does
    const char* noun = "";         // for messages: "world snapshot", "recording"
};

inline constexpr std::size_t kSealedHeaderBytes = 8 + 4 + 4 + 8 + 8;

// Writes the header over out's first kSealedHeaderBytes, for the payload after them.
void seal(std::vector<std::byte>& out, const SealedFormat& format);
// Rewrites only the payload's size and checksum: for a buffer whose payload was patched (a
// snapshot changed by a recording, recording.cpp), which its reader then checks as usual.
void reseal(std::vector<std::byte>& out);
// Why bytes are not a whole, uncorrupted buffer of this format, or an empty string.
std::string sealProblem(std::span<const std::byte> bytes, const SealedFormat& format);

} // namespace oblique::detail
