#pragma once
// Internal: soft step's plain hinges four at a time, colour by colour. A revolute joint that no
// joint tree solves and that has no motor or limit on (the hinges of a net, a cloth, a loop the
// trees leave) is only its shared point. Such joints are coloured each step so that no colour
// holds two on one body that impulses move, and each colour is solved in groups of four, a joint
// per lane, operation for operation as solveSharedPoint solves one. The joints that fit no colour,
// and every other joint, stay with the one-at-a-time passes.

#include "float4.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace oblique::detail
{

struct StepContext;

inline constexpr int kJointColors = 12;

// Four hinges of one colour. A padding lane is all zeros on the immovable slot 0: it pushes nothing.
struct WideHinge
{
    std::int32_t indexA[4] = {0, 0, 0, 0};
    std::int32_t indexB[4] = {0, 0, 0, 0};
    std::int32_t source[4] = {-1, -1, -1, -1}; // index in Joints::solved; -1 for padding
    Float4 invMassA;
    Float4 invInertiaA;
    Float4 invMassB;
    Float4 invInertiaB;
    Float4 rAx; // the anchors from the centres of mass at the start of the step
    Float4 rAy;
    Float4 rBx;
    Float4 rBy;
    Float4 deltaCenterX; // cB - cA at the start of the step
    Float4 deltaCenterY;
    Float4 impulseX; // accumulated over the substep
    Float4 impulseY;
};

// Reused from step to step, so that scheduling allocates nothing once warm.
struct WideJointSolver
{
    std::vector<std::uint32_t> colorsOfSlot; // per solver slot: a bit per colour it is in
    std::vector<std::int32_t> colorOf;       // per solved joint: its colour, or -1
    std::vector<std::int32_t> byColor;       // solved joints, colour after colour
    std::vector<WideHinge> hinges;           // colour after colour, each colour's last group padded
    std::array<std::int32_t, kJointColors + 1>
        colorGroups{}; // colour c's hinges: [colorGroups[c], colorGroups[c + 1])
};

// Takes the plain hinges out of the one-at-a-time passes and packs them, after the joints are
// prepared and the trees built.
void buildWideJoints(StepContext& ctx);
void warmStartWideJoints(StepContext& ctx);
// One pass, with the push (ctx.useBias) or without it, projecting drifted points (ctx.projectJoints).
void solveWideJoints(StepContext& ctx);
// Copies the lanes' impulses back into their joints, before the impulses are stored.
void finishWideJoints(StepContext& ctx);

} // namespace oblique::detail
