#pragma once
// The Rollback scene: rollback netcode on World::snapshot and restore. Two players push a ball
// about an arena; the second plays on another machine and its inputs arrive some frames late.
// Until they do, this machine guesses them (the last input it had); when one arrives that differs,
// it restores the snapshot from before that frame and simulates up to now again with the right
// inputs. A second world that had every input on time runs beside it, drawn as outlines, and
// every confirmed frame's state hash is compared with it.

#include "sandbox_scene.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace oblique::sandbox
{

class RollbackScene final : public SandboxScene
{
public:
    static constexpr int kMaxDelay = 15;

    void load(SceneContext& context) override;
    void update(SceneContext& context, const GameTime& time) override;
    void draw(SceneContext& context, DebugDraw& drawer) override;
    void drawPanel(SceneContext& context) override;
    bool claimsKey(Key key) const override;
    std::string help() const override;

    // How many frames late the remote player's inputs arrive (0 to kMaxDelay).
    void setDelay(int frames);
    int delay() const { return m_delay; }
    // Frames whose inputs are all known and whose hash was compared with the on-time world's.
    long confirmedFrames() const { return m_confirmed; }
    // Confirmed frames whose hash differed from the on-time world's (never, when rollback works).
    long mismatches() const { return m_mismatches; }
    long rollbacks() const { return m_rollbacks; }
    long resimulatedFrames() const { return m_resimulated; }

private:
    // A player's input: bit 0 left, bit 1 right, bit 2 jump.
    using Buttons = std::uint8_t;
    static constexpr std::size_t kRing = 32; // frames kept: more than kMaxDelay + 1

    struct Players
    {
        BodyId local;
        BodyId remote;
    };
    static Players build(World& world);
    static void press(World& world, BodyId player, Buttons buttons);
    Buttons localInput(const SceneContext& context, long frame) const;
    static Buttons remoteInput(long frame);
    // Re-simulates the main world from frame `from` up to (not including) m_frame.
    void rollBack(World& world, long from);
    void simulate(World& world, long frame, Buttons remote);
    // The remote input a frame is simulated with: the real one once known, else the last known.
    Buttons assumedRemote(long frame) const;

    static std::size_t slot(long frame) { return static_cast<std::size_t>(frame) % kRing; }

    std::unique_ptr<World> m_onTime; // every input on time
    Players m_players;
    Players m_onTimePlayers;
    int m_delay = 6;
    float m_dt = 1.0f / 60.0f;
    long m_frame = 0;     // the frame the app steps next
    long m_confirmed = 0; // remote inputs known up to, not including, this frame
    long m_mismatches = 0;
    long m_rollbacks = 0;
    long m_resimulated = 0;
    std::array<Buttons, kRing> m_local{};      // what the local player pressed
    std::array<Buttons, kRing> m_usedRemote{}; // what the main world assumed the remote pressed
    std::array<std::uint64_t, kRing> m_onTimeHash{};
    std::array<std::uint64_t, kRing> m_hash{};          // the main world after the frame, last simulated
    std::array<std::vector<std::byte>, kRing> m_before; // the main world before the frame
};

} // namespace oblique::sandbox
