#pragma once
// Alternative box-box overlap tests, kept in the benchmarks only to be measured against the
// production testOverlap. They live in their own translation unit so that, like testOverlap,
// they are called rather than inlined into the timing loops.

#include "collision_data.hpp"

#include <oblique/obb.hpp>
#include <vector>

namespace oblique::bench
{

/// The "scaled axes" form. Each box stores its corners and its two edge axes divided by the edge
/// length squared, so the box's own shadow on either axis is exactly [origin, origin + 1]: no
/// square root and no half-extent sums, just sixteen dot products against the other box's corners.
struct ScaledBox
{
    Vec2 corners[4];
    Vec2 axisU;           // (corner 1 - corner 0) / |corner 1 - corner 0|^2
    Vec2 axisV;           // (corner 3 - corner 0) / |corner 3 - corner 0|^2
    float originU = 0.0f; // dot(corner 0, axisU)
    float originV = 0.0f; // dot(corner 0, axisV)
};

struct ScaledPair
{
    ScaledBox a;
    ScaledBox b;
};

/// Both boxes of every pair, precomputed: what an engine would refresh once per box per step.
void buildScaledPairs(const std::vector<BoxPair>& pairs, std::vector<ScaledPair>& out);

/// The scaled-axes test on precomputed boxes.
bool testOverlapScaled(const ScaledBox& a, const ScaledBox& b);

/// Precomputes both boxes, then runs the scaled-axes test: the cost when no box is shared.
bool testOverlapScaledFromObbs(const Obb& a, const Obb& b);

/// The same closed form as testOverlap, with the same epsilon, comparisons and branch-free
/// absolute values (so the same answers), but returning as soon as one axis separates, the way
/// testOverlap used to. Kept to measure what the early out costs on unpredictable pairs.
bool testOverlapEarlyOut(const Obb& a, const Obb& b);

} // namespace oblique::bench
