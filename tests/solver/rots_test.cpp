// The rotations of many angles at once (makeRots, which the step uses to turn its bodies' angles
// into rotations) against makeRot one angle at a time: the same bits for every angle, ordinary or
// not, at every position in the batch.

#include "oblique/rot.hpp"
#include "rots.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <limits>
#include <numbers>
#include <random>
#include <vector>

namespace oblique::detail
{
namespace
{

bool sameBits(Rot a, Rot b)
{
    return std::bit_cast<std::uint32_t>(a.c) == std::bit_cast<std::uint32_t>(b.c) &&
           std::bit_cast<std::uint32_t>(a.s) == std::bit_cast<std::uint32_t>(b.s);
}

// Angles that probe each step of makeRot: zeros of both signs, the quadrants' edges (odd
// multiples of pi/4, where the nearest multiple of pi/2 changes) and a float step either side,
// the whole turns, the largest angle reduced without whole turns taken off first and the next
// float past it, huge, tiny and non-finite values.
std::vector<float> edgeAngles()
{
    constexpr float kQuarterPi = std::numbers::pi_v<float> / 4.0f;
    std::vector<float> angles{0.0f,
                              -0.0f,
                              std::numeric_limits<float>::denorm_min(),
                              -std::numeric_limits<float>::min(),
                              1e5f,
                              -1e5f,
                              std::nextafter(1e5f, 2e5f),
                              -std::nextafter(1e5f, 2e5f),
                              1e30f,
                              -3.0e38f,
                              std::numeric_limits<float>::infinity(),
                              -std::numeric_limits<float>::infinity(),
                              std::numeric_limits<float>::quiet_NaN()};
    for (int odd = -41; odd <= 41; odd += 2)
    {
        const float edge = static_cast<float>(odd) * kQuarterPi;
        angles.insert(angles.end(), {edge, std::nextafter(edge, 1e9f), std::nextafter(edge, -1e9f)});
        angles.push_back(static_cast<float>(odd + 1) * kQuarterPi);
    }
    return angles;
}

TEST(MakeRots, HoldTheBitsOfMakeRot)
{
    std::vector<float> angles = edgeAngles();
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> turn(-7.0f, 7.0f);
    std::uniform_real_distribution<float> wide(-2e5f, 2e5f);
    std::uniform_real_distribution<float> small(-1e-3f, 1e-3f);
    for (int i = 0; i < 20000; ++i)
    {
        angles.push_back(i % 3 == 0 ? turn(rng) : i % 3 == 1 ? wide(rng) : small(rng));
    }
    // Each angle at each of the four places of a group and in the tail: offsets 0 to 4.
    for (std::size_t offset = 0; offset < 5; ++offset)
    {
        const std::vector<float> in(angles.begin() + static_cast<std::ptrdiff_t>(offset), angles.end());
        std::vector<Rot> out(in.size());
        makeRots(in.data(), out.data(), in.size());
        int different = 0;
        for (std::size_t i = 0; i < in.size(); ++i)
        {
            const Rot one = makeRot(in[i]);
            if (std::isnan(in[i]))
            {
                EXPECT_TRUE(std::isnan(out[i].c) && std::isnan(out[i].s)) << "angle " << in[i];
                continue;
            }
            if (!sameBits(out[i], one) && ++different <= 5)
            {
                ADD_FAILURE() << "angle " << in[i] << " (offset " << offset << ", index " << i << "): ("
                              << out[i].c << ", " << out[i].s << ") against (" << one.c << ", " << one.s
                              << ")";
            }
        }
        EXPECT_EQ(different, 0) << "offset " << offset;
    }
}

} // namespace
} // namespace oblique::detail
