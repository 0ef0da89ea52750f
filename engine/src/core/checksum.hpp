#pragma once
// Internal: a fast 64-bit checksum of a byte buffer, for snapshots and recordings. It finds
// corruption (a flipped bit, a truncation, bytes changed by a fault), not deliberate forgery.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace oblique::detail
{

// Four words at a time in four independent lanes (the byte-by-byte FNV of stateHash is too slow for
// a buffer saved every frame), then the lanes folded together: finds corruption, not forgery.
inline std::uint64_t checksumOf(const std::byte* data, std::size_t size)
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

} // namespace oblique::detail
