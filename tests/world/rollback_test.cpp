// Rollback netcode on snapshots: two players push crates around a hinged gate; the second
// player's inputs reach the simulating machine frames late. Until they arrive it predicts them
// (the last input it had), and when one arrives that differs from the prediction it restores the
// snapshot from before that frame and simulates forward again with the right inputs. Every frame
// must end with the bits of a session that had every input on time.

#include "oblique/world.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <gtest/gtest.h>
#include <vector>

namespace oblique::test
{
namespace
{

constexpr float kDt = 1.0f / 60.0f;
constexpr int kFrames = 600;

enum InputBits : std::uint8_t
{
    kLeft = 1,
    kRight = 2,
    kJump = 4,
};

// Each player's input at a frame: held for a while, then changed, as a player's would be.
std::uint8_t inputOf(int player, int frame)
{
    const auto phase = static_cast<std::uint32_t>(frame / (17 + 6 * player));
    const std::uint32_t mixed = (phase * 2654435761u) ^ static_cast<std::uint32_t>(player * 40503);
    return static_cast<std::uint8_t>((mixed >> 7u) % 7u);
}

struct Session
{
    World world;
    std::array<BodyId, 2> players{};

    Session()
    {
        BodyDef groundDef;
        groundDef.type = BodyType::Static;
        const BodyId ground = world.createBody(groundDef, boxShape({20.0f, 0.5f}));
        for (int p = 0; p < 2; ++p)
        {
            BodyDef playerDef;
            playerDef.position = {p == 0 ? -6.0f : 6.0f, 1.0f};
            playerDef.fixedRotation = true;
            players[static_cast<std::size_t>(p)] = world.createBody(playerDef, boxShape({0.4f, 0.5f}));
        }
        for (int row = 0; row < 4; ++row)
        {
            for (int k = 0; k <= row; ++k)
            {
                BodyDef crateDef;
                crateDef.position = {-1.6f + 0.8f * static_cast<float>(k) +
                                         0.4f * static_cast<float>(3 - row),
                                     4.0f - 0.8f * static_cast<float>(row)};
                world.createBody(crateDef, boxShape({0.38f, 0.38f}));
            }
        }
        BodyDef gateDef;
        gateDef.position = {3.0f, 2.5f};
        const BodyId gate = world.createBody(gateDef, boxShape({0.1f, 1.0f}));
        world.createJoint(
            {.bodyA = ground,
             .bodyB = gate,
             .params = RevoluteJointDef{
                 .anchor = {3.0f, 3.5f}, .enableLimit = true, .lowerAngle = -1.2f, .upperAngle = 1.2f}});
    }

    void frame(std::uint8_t input0, std::uint8_t input1)
    {
        for (int p = 0; p < 2; ++p)
        {
            const std::uint8_t input = p == 0 ? input0 : input1;
            const BodyId body = players[static_cast<std::size_t>(p)];
            const float push = ((input & kRight) != 0 ? 1.0f : 0.0f) - ((input & kLeft) != 0 ? 1.0f : 0.0f);
            world.applyForceToCenter(body, {60.0f * push, 0.0f});
            if ((input & kJump) != 0 && world.linearVelocity(body).y <= 0.0f)
            {
                world.applyLinearImpulse(body, {0.0f, 1.5f}, world.position(body));
            }
        }
        world.step(kDt);
    }
};

void runWithLateInputs(int delay)
{
    Session onTime;
    std::vector<std::uint64_t> expected;
    for (int f = 0; f < kFrames; ++f)
    {
        onTime.frame(inputOf(0, f), inputOf(1, f));
        expected.push_back(onTime.world.stateHash());
    }

    Session late;
    std::vector<std::uint8_t> used(kFrames, 0); // player 1's input each frame was simulated with
    std::vector<std::vector<std::byte>> before(static_cast<std::size_t>(delay) +
                                               1);  // a ring: the state before frame f
    std::vector<std::uint64_t> reached(kFrames, 0); // the hash after frame f, last simulated
    int confirmed = -1;                             // player 1's inputs known up to here
    int rollbacks = 0;
    const auto simulate = [&](int f)
    {
        late.world.snapshot(before[static_cast<std::size_t>(f % (delay + 1))]);
        used[static_cast<std::size_t>(f)] =
            f <= confirmed ? inputOf(1, f) : inputOf(1, confirmed < 0 ? 0 : confirmed);
        late.frame(inputOf(0, f), used[static_cast<std::size_t>(f)]);
        reached[static_cast<std::size_t>(f)] = late.world.stateHash();
    };
    // Frame f's input from player 1 arrives while frame f + delay is about to be simulated.
    const auto receive = [&](int f, int now)
    {
        confirmed = f;
        if (used[static_cast<std::size_t>(f)] == inputOf(1, f))
        {
            return;
        }
        ++rollbacks;
        late.world.restore(before[static_cast<std::size_t>(f % (delay + 1))]);
        for (int g = f; g < now; ++g)
        {
            simulate(g);
        }
    };
    for (int f = 0; f < kFrames; ++f)
    {
        if (f >= delay)
        {
            receive(f - delay, f);
        }
        simulate(f);
    }
    for (int f = kFrames - delay; f < kFrames; ++f)
    {
        receive(f, kFrames);
    }

    EXPECT_GT(rollbacks, 10) << "the predictions were never wrong: nothing was rolled back";
    for (int f = 0; f < kFrames; ++f)
    {
        ASSERT_EQ(reached[static_cast<std::size_t>(f)], expected[static_cast<std::size_t>(f)])
            << "frame " << f << " with inputs " << delay << " frames late";
    }
    // The players did move each other's world: the session is not trivially the same.
    EXPECT_NE(expected[100], expected[kFrames - 1]);
}

TEST(Rollback, LateInputsRolledBackGiveTheOnTimeSessionsBits)
{
    for (const int delay : {1, 4, 9})
    {
        runWithLateInputs(delay);
    }
}

} // namespace
} // namespace oblique::test
