#pragma once
// Internal: soft step's stack support (shock propagation), for a body resting on one much lighter.
// After each substep's soft solve, the contacts under such a body, and those under its supports
// down to the ground, are solved once more from the ground up, each holding the body nearer the
// ground still: what the heavy body weighs then reaches the ground in one pass, where the soft
// contacts alone let it sink into the light ones (a spring under a load over a light body's mass).

#include "oblique/vec2.hpp"
#include "two_point_mass.hpp"

#include <cstdint>
#include <vector>

namespace oblique::detail
{

struct StepContext;
struct SoftContactConstraint;

// A body this many times heavier than one it rests on is carried by the stack support.
inline constexpr float kStackSupportMassRatio = 10.0f;

struct SupportPoint
{
    Vec2 rA; // as SoftPoint: where the separation is followed from, from each centre of mass
    Vec2 rB;
    float baseSeparation = 0.0f;
    float rnA = 0.0f;
    float rnB = 0.0f;
    float normalMass = 0.0f;         // with the lower body held
    float normalImpulse = 0.0f;      // this substep's
    float totalNormalImpulse = 0.0f; // over the step, for impulse events
    float bounceSpeed = 0.0f;
    bool bounces = false;
};

// A contact as the support pass solves it: only along its normal, only pushing, the body nearer
// the ground held (moves 0). Friction stays with the soft solve.
struct SupportConstraint
{
    std::int32_t indexA = 0;
    std::int32_t indexB = 0;
    Vec2 normal;
    float movesA = 1.0f;
    float movesB = 1.0f;
    // The weight it carries at rest, as an impulse a substep along its normal: the upper body's
    // and all it carries, shared among the upper body's supported contacts. The soft contact's
    // friction grips with at least this (SoftPoint::gripFloor): the pass stops bodies without
    // handing the weight down, so the soft contacts under a heavy body would otherwise grip with
    // their own small share of it, and a heavy box on a light one slide off it on a gentle slope.
    float load = 0.0f;
    // Where the soft solve keeps the contact's constraint: an index into ContactSolver::soft, or
    // -1 minus its place among the lanes (group times width plus lane).
    std::int32_t home = 0;
    std::int32_t pointCount = 0;
    SupportPoint points[2];
    TwoPointMass mass; // with the lower body held
};

// A contact of the constraint graph as the levels see it.
struct StackPair
{
    std::int32_t contact = 0;
    std::int32_t slotA = 0;
    std::int32_t slotB = 0;
    bool touching = false;
};

// Reused from step to step, so that the support allocates nothing once warm.
struct StackSupport
{
    // Set while preparing when a contact joins bodies whose masses differ by
    // kStackSupportMassRatio or more; without one, nothing else here is built.
    bool heavyOnLight = false;
    std::vector<SupportConstraint> constraints; // ground up
    // Working space: the graph's contacts; per solver slot, its level (touching contacts from the
    // ground) and whether it carries a supported body; the touching contacts as an adjacency list;
    // the search queue; the pairs ordered by level; the contacts supported, ground up.
    std::vector<StackPair> pairs;
    std::vector<std::int32_t> levels;
    std::vector<std::uint8_t> loaded;
    std::vector<std::int32_t> homeOf;     // per contact: SupportConstraint::home
    std::vector<float> carried;           // per slot: its mass and what rests on it
    std::vector<std::int32_t> supportsOf; // per slot: supported contacts it rests on
    std::vector<std::int32_t> edgeStart;
    std::vector<std::int32_t> edges;
    std::vector<std::int32_t> queue;
    std::vector<std::int32_t> bucketStart;
    std::vector<std::int32_t> byLevel;
    std::vector<std::int32_t> supported;
};

// Whether a contact's two bodies (their inverse masses) differ enough for the support.
inline bool heavyOnLight(float invMassA, float invMassB)
{
    return (invMassA > 0.0f && invMassB >= kStackSupportMassRatio * invMassA) ||
           (invMassB > 0.0f && invMassA >= kStackSupportMassRatio * invMassB);
}

// After the soft constraints are prepared: the contacts the support solves, ground up, when any
// heavy body rests on a light one.
void prepareStackSupport(StepContext& ctx);
// One pass over them, after a substep's soft solve and before the bodies move.
void solveStackSupport(StepContext& ctx);
// Impulse events report what a contact pushed in all: the support's pushes are added to the step's
// totals of the soft constraints they belong to (after the bounces, which read those totals).
void addStackSupportTotals(StepContext& ctx);

} // namespace oblique::detail
