#pragma once
// Shared by the fuzz targets: reading the input bytes as numbers, and failing loudly.
//
// Every read succeeds: past the end of the input the reader returns zero bytes, so any byte string
// is a meaningful input and a short one simply ends in zeros. Numbers are read in one of several
// encodings chosen by a leading byte. Most encodings give ordinary values (exact multiples of
// 1/16, values spread over a range, a logarithmic spread), so that mutations of a seed stay in
// the region where shapes touch and bodies collide; a few give edge values (signed zeros,
// subnormals, huge numbers, infinities, NaN) or raw bit patterns, so the fuzzer also reaches the
// boundaries of every validity check.

#include "oblique/body.hpp"
#include "oblique/circle.hpp"
#include "oblique/obb.hpp"
#include "oblique/vec2.hpp"

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <numbers>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

namespace oblique::fuzz
{

class ByteReader
{
public:
    ByteReader(const std::uint8_t* data, std::size_t size) : m_data(data), m_size(size) {}

    bool empty() const { return m_pos >= m_size; }

    std::uint8_t u8() { return m_pos < m_size ? m_data[m_pos++] : std::uint8_t{0}; }

    std::uint16_t u16()
    {
        const auto low = static_cast<unsigned>(u8());
        return static_cast<std::uint16_t>(low | static_cast<unsigned>(u8()) << 8);
    }

    std::uint32_t u32()
    {
        const std::uint32_t low = u16();
        return low | static_cast<std::uint32_t>(u16()) << 16;
    }

    bool flag() { return (u8() & 1U) != 0; }

    /// Any 32 bits read as a float: NaNs with payloads, subnormals and all.
    float rawFloat() { return std::bit_cast<float>(u32()); }

private:
    const std::uint8_t* m_data;
    std::size_t m_size;
    std::size_t m_pos = 0;
};

/// Numbers at the edges of every check: signed zeros, subnormals, the legal limits and just past
/// them, overflow-prone magnitudes, infinities and NaN.
inline constexpr float kEdgeValues[] = {
    0.0f,
    -0.0f,
    std::numeric_limits<float>::denorm_min(),
    -std::numeric_limits<float>::denorm_min(),
    std::numeric_limits<float>::min(),
    1.0e-7f,
    1.0e-3f,
    0.5f,
    1.0f,
    -1.0f,
    1.0e3f,
    1.0e4f,
    1.0001e4f,
    1.0e6f,
    -1.0e6f,
    1.0000001e6f,
    1.0e7f,
    16777216.0f,
    1.0e18f,
    -1.0e18f,
    1.0e19f,
    1.0e30f,
    -1.0e30f,
    std::numeric_limits<float>::max(),
    -std::numeric_limits<float>::max(),
    std::numeric_limits<float>::infinity(),
    -std::numeric_limits<float>::infinity(),
    std::numeric_limits<float>::quiet_NaN(),
    -std::numeric_limits<float>::quiet_NaN(),
};

inline float edgeValue(ByteReader& in)
{
    constexpr std::size_t count = sizeof(kEdgeValues) / sizeof(kEdgeValues[0]);
    return kEdgeValues[in.u8() % count];
}

/// 10^e for e spread evenly over [lowExponent, highExponent].
inline float logSpread(ByteReader& in, double lowExponent, double highExponent)
{
    const double t = static_cast<double>(in.u16()) / 65535.0;
    return static_cast<float>(std::pow(10.0, lowExponent + t * (highExponent - lowExponent)));
}

/// A signed number, mostly in [-spread, spread] or on the 1/16 grid; see the file comment.
inline float number(ByteReader& in, float spread)
{
    switch (in.u8() % 10)
    {
    case 0:
    case 1:
    case 2:
        // Multiples of 1/16 in [-2048, 2048): sums and differences stay exact, so shapes can
        // touch exactly and faces can line up exactly.
        return static_cast<float>(static_cast<std::int16_t>(in.u16())) / 16.0f;
    case 3:
    case 4:
        return spread * (static_cast<float>(in.u16()) / 32767.5f - 1.0f);
    case 5:
        return 0.0f;
    case 6:
    {
        const float sign = in.flag() ? -1.0f : 1.0f;
        return sign * logSpread(in, -7.0, 8.0);
    }
    case 7:
    case 8:
        return edgeValue(in);
    default:
        return in.rawFloat();
    }
}

/// A positive size, mostly in [lowest, highest]; the edge and raw encodings reach everything else.
inline float size(ByteReader& in, float lowest, float highest)
{
    switch (in.u8() % 8)
    {
    case 0:
    case 1:
    case 2:
        // 1/16 .. 16 in steps of 1/16.
        return static_cast<float>(in.u8() + 1) / 16.0f;
    case 3:
    case 4:
        return logSpread(in, std::log10(static_cast<double>(lowest)),
                         std::log10(static_cast<double>(highest)));
    case 5:
        return edgeValue(in);
    case 6:
        return std::fabs(in.rawFloat());
    default:
        return in.rawFloat();
    }
}

/// An angle in radians: multiples of pi/8 (where faces line up), anything in [-pi, pi], or any
/// float at all (the engine accepts angles of any size).
inline float angle(ByteReader& in)
{
    constexpr float eighth = std::numbers::pi_v<float> / 8.0f;
    switch (in.u8() % 6)
    {
    case 0:
    case 1:
        return static_cast<float>(static_cast<std::int8_t>(in.u8())) * eighth;
    case 2:
    case 3:
        return std::numbers::pi_v<float> * (static_cast<float>(in.u16()) / 32767.5f - 1.0f);
    case 4:
        return edgeValue(in);
    default:
        return in.rawFloat();
    }
}

inline std::ostream& operator<<(std::ostream& out, Vec2 v)
{
    return out << '(' << v.x << ", " << v.y << ')';
}

inline std::ostream& operator<<(std::ostream& out, BodyId id)
{
    return out << "body " << id.index << '/' << id.generation;
}

inline std::ostream& operator<<(std::ostream& out, const Obb& b)
{
    return out << "box{center " << b.center << ", halfExtents " << b.halfExtents << ", angle " << b.angle
               << '}';
}

inline std::ostream& operator<<(std::ostream& out, const Circle& c)
{
    return out << "circle{center " << c.center << ", radius " << c.radius << '}';
}

/// A buffer edited by the input, for targets that feed damaged files to a reader: one time in 16
/// the rest of the input as it is (a stranger buffer); otherwise up to 7 edits of original, each
/// a byte overwritten, a byte inserted, the buffer cut short or a bit flipped.
inline std::vector<std::byte> editedBytes(ByteReader& in, const std::vector<std::byte>& original)
{
    std::vector<std::byte> edited = original;
    if (in.u8() % 16 == 0)
    {
        edited.clear();
        while (!in.empty())
        {
            edited.push_back(static_cast<std::byte>(in.u8()));
        }
        return edited;
    }
    const int edits = in.u8() % 8;
    for (int e = 0; e < edits && !edited.empty(); ++e)
    {
        const std::size_t at = in.u32() % edited.size();
        switch (in.u8() % 4)
        {
        case 0:
            edited[at] = static_cast<std::byte>(in.u8());
            break;
        case 1:
            edited.insert(edited.begin() + static_cast<std::ptrdiff_t>(at), static_cast<std::byte>(in.u8()));
            break;
        case 2:
            edited.resize(at);
            break;
        default:
            edited[at] ^= static_cast<std::byte>(1u << (in.u8() % 8));
            break;
        }
    }
    return edited;
}

/// Builds a message from its parts, floats printed with enough digits to read them back.
template <typename... Parts>
std::string describe(const Parts&... parts)
{
    std::ostringstream out;
    out.precision(9);
    (out << ... << parts);
    return out.str();
}

/// Reports a broken property and aborts: libFuzzer records the abort as a crash and saves the
/// input that caused it.
template <typename... Parts>
[[noreturn]] void fail(const Parts&... parts)
{
    const std::string message = describe(parts...);
    std::fprintf(stderr, "\nFUZZ CHECK FAILED: %s\n", message.c_str());
    std::fflush(stderr);
    std::abort();
}

} // namespace oblique::fuzz
