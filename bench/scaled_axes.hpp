#pragma once
// The "scaled axes" box-box overlap test, kept here only to be measured against the closed form
// in testOverlap. Each box stores its corners and its two edge axes divided by the edge length
// squared, so the box's own shadow on either axis is exactly [origin, origin + 1]: no square
// root, no half-extent sums, just sixteen dot products against the other box's corners.

#include "collision_data.hpp"

#include <oblique/obb.hpp>
#include <vector>

namespace oblique::bench
{

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

/// The test on precomputed boxes.
bool testOverlapScaled(const ScaledBox& a, const ScaledBox& b);

/// Precomputes both boxes, then tests: the cost when nothing is shared between tests.
bool testOverlapScaledFromObbs(const Obb& a, const Obb& b);

} // namespace oblique::bench
