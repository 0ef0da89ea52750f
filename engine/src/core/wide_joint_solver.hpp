#pragma once
// Internal: soft step's plain hinges four or eight at a time, colour by colour. A revolute joint that no
// joint tree solves and that has no motor or limit on (the hinges of a net, a cloth, a loop the
// trees leave) is only its shared point. Such joints are coloured each step so that no colour
// holds two on one body that impulses move, and each colour is solved in groups of four (or eight
// with AVX2), a joint per lane, operation for operation as solveSharedPoint solves one. The joints that fit
// no colour, and every other joint, stay with the one-at-a-time passes.

#include "float4.hpp"
#include "oblique/vec2.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace oblique::detail
{

struct StepContext;

inline constexpr int kJointColors = 12;

// N hinges of one colour. A padding lane is all zeros on the immovable slot 0: it pushes nothing.
template <int N>
struct WideHingeN
{
    static constexpr std::size_t kLanes = N;
    std::int32_t indexA[kLanes] = {};
    std::int32_t indexB[kLanes] = {};
    std::int32_t source[kLanes] = {}; // the joint's record slot; -1 for padding (set by the packing)
    LaneFloat<N> invMassA;
    LaneFloat<N> invInertiaA;
    LaneFloat<N> invMassB;
    LaneFloat<N> invInertiaB;
    LaneFloat<N> rAx; // the anchors from the centres of mass at the start of the step
    LaneFloat<N> rAy;
    LaneFloat<N> rBx;
    LaneFloat<N> rBy;
    LaneFloat<N> deltaCenterX; // cB - cA at the start of the step
    LaneFloat<N> deltaCenterY;
    LaneFloat<N> impulseX; // accumulated over the substep
    LaneFloat<N> impulseY;
};

using WideHinge = WideHingeN<4>;
using WideHinge8 = WideHingeN<8>;

// Reused from step to step, so that scheduling allocates nothing once warm.
struct WideJointSolver
{
    std::vector<std::uint32_t> colorsOfSlot; // per solver slot: a bit per colour it is in
    std::vector<std::int32_t> colorOf;       // per solved joint: its colour, or -1
    std::vector<std::int32_t> laneOf;        // per solved joint: group * width + lane, or -1
    int width = 4;                           // lanes a group: 4 or 8, chosen when packed
    std::vector<WideHinge> hinges;   // four lanes wide: colour after colour, each colour's last group padded
    std::vector<WideHinge8> hinges8; // the same, eight lanes wide
    std::array<std::int32_t, kJointColors + 1>
        colorGroups{}; // colour c's groups: [colorGroups[c], colorGroups[c + 1])
};

// Empties the schedule, so that the wide passes do nothing until buildWideJoints fills it again:
// ngs, which never builds it, must not solve the lanes a soft step left (its passes share
// warmStartJoints and solveJoints).
void clearWideJoints(WideJointSolver& s);
// Takes the plain hinges out of the one-at-a-time passes and packs them, after the joints are
// prepared and the trees built.
void buildWideJoints(StepContext& ctx);
void warmStartWideJoints(StepContext& ctx);
// One pass, with the push (ctx.useBias) or without it, projecting drifted points (ctx.projectJoints).
void solveWideJoints(StepContext& ctx);
// The impulse a solved joint (its index in Joints::solved) accumulated in its lane, when the
// lanes solved it this step: read back before the impulses are stored.
bool laneImpulse(const WideJointSolver& s, std::size_t solvedIndex, Vec2& impulse);

} // namespace oblique::detail
