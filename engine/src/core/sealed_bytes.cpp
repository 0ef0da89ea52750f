// The frame snapshots and recordings share (sealed_bytes.hpp).

#include "sealed_bytes.hpp"

#include <algorithm>
#include <cstring>

namespace oblique::detail
{
namespace
{

constexpr std::size_t kVersionAt = 8;
constexpr std::size_t kFingerprintAt = 12;
constexpr std::size_t kPayloadAt = 16;
constexpr std::size_t kChecksumAt = 24;

// Four words at a time in four independent lanes (a byte-by-byte hash is too slow for a buffer
// saved every frame), then the lanes folded together.
std::uint64_t checksumOf(const std::byte* data, std::size_t size)
{
    constexpr std::uint64_t kMultiplier = 0x9e3779b97f4a7c15ull;
    const auto mixWord = [](std::uint64_t h, std::uint64_t word)
    {
        const std::uint64_t x = h ^ word;
        return (x << 29u | x >> 35u) * kMultiplier;
    };
    std::uint64_t lanes[4] = {0x6a09e667f3bcc908ull ^ size, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull,
                              0xa54ff53a5f1d36f1ull};
    std::size_t at = 0;
    for (; at + 32 <= size; at += 32)
    {
        for (std::size_t k = 0; k < 4; ++k)
        {
            std::uint64_t word = 0;
            std::memcpy(&word, data + at + 8 * k, 8);
            lanes[k] = mixWord(lanes[k], word);
        }
    }
    std::uint64_t h = lanes[0];
    for (std::size_t k = 1; k < 4; ++k)
    {
        h = mixWord(h, lanes[k]);
    }
    for (; at < size; at += 8)
    {
        std::uint64_t word = 0;
        std::memcpy(&word, data + at, std::min<std::size_t>(8, size - at));
        h = mixWord(h, word);
    }
    return h ^ (h >> 32u);
}

std::uint64_t payloadChecksum(std::span<const std::byte> bytes)
{
    return checksumOf(bytes.data() + kSealedHeaderBytes, bytes.size() - kSealedHeaderBytes);
}

template <class T>
T readAt(std::span<const std::byte> bytes, std::size_t at)
{
    T v{};
    std::memcpy(&v, bytes.data() + at, sizeof v);
    return v;
}

template <class T>
void writeAt(std::vector<std::byte>& bytes, std::size_t at, T v)
{
    std::memcpy(bytes.data() + at, &v, sizeof v);
}

} // namespace

void seal(std::vector<std::byte>& out, const SealedFormat& format)
{
    std::memcpy(out.data(), format.magic.data(), format.magic.size());
    writeAt(out, kVersionAt, format.version);
    writeAt(out, kFingerprintAt, format.fingerprint);
    reseal(out);
}

void reseal(std::vector<std::byte>& out)
{
    if (out.size() < kSealedHeaderBytes)
    {
        return;
    }
    writeAt(out, kPayloadAt, static_cast<std::uint64_t>(out.size() - kSealedHeaderBytes));
    writeAt(out, kChecksumAt, payloadChecksum(out));
}

std::string sealProblem(std::span<const std::byte> bytes, const SealedFormat& format)
{
    const std::string noun = format.noun;
    if (bytes.size() < kSealedHeaderBytes ||
        std::memcmp(bytes.data(), format.magic.data(), format.magic.size()) != 0)
    {
        return "not a " + noun + " (too short, or no " + noun + " header)";
    }
    const auto version = readAt<std::uint32_t>(bytes, kVersionAt);
    if (version != format.version)
    {
        return "the " + noun + " is of format version " + std::to_string(version) +
               "; this build reads version " + std::to_string(format.version);
    }
    if (readAt<std::uint32_t>(bytes, kFingerprintAt) != format.fingerprint)
    {
        return "the " + noun +
               " was written by a build whose records are laid out differently (another engine build or "
               "platform)";
    }
    const auto payload = readAt<std::uint64_t>(bytes, kPayloadAt);
    if (payload != bytes.size() - kSealedHeaderBytes)
    {
        return "the " + noun + " is truncated or has bytes after its end (" + std::to_string(bytes.size()) +
               " bytes, its header says " + std::to_string(payload + kSealedHeaderBytes) + ")";
    }
    if (readAt<std::uint64_t>(bytes, kChecksumAt) != payloadChecksum(bytes))
    {
        return "the " + noun + " is corrupted (its checksum does not match its bytes)";
    }
    return {};
}

} // namespace oblique::detail
