#pragma once
// Internal: what other parts of the engine need to know of the snapshot format (snapshot.cpp).

#include <cstddef>
#include <vector>

namespace oblique::detail
{

// magic, format version, layout fingerprint, payload bytes, checksum.
inline constexpr std::size_t kSnapshotHeaderBytes = 8 + 4 + 4 + 8 + 8;

// Writes the header's payload size and checksum for the bytes as they are now: for a snapshot
// whose bytes were patched from a recording (recording.cpp), which restore then checks as usual.
void sealSnapshot(std::vector<std::byte>& snapshot);

} // namespace oblique::detail
