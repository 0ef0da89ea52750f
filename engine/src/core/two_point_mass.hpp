#pragma once
// Internal: two contact points solved together along their normal, as a 2x2 linear complementarity
// problem; what keeps a box resting (or bouncing) flat instead of rocking between its corners.

#include "oblique/vec2.hpp"

namespace oblique::detail
{

// The effective mass of a contact's two points along its normal, K = [k11 k12; k12 k22], and its
// inverse, from the bodies' inverse masses and the points' lever-arm scalars rn = r x n.
struct TwoPointMass
{
    float k11 = 0.0f;
    float k12 = 0.0f;
    float k22 = 0.0f;
    float inv11 = 0.0f;
    float inv12 = 0.0f;
    float inv22 = 0.0f;
    // Two nearly coincident points make the inverse blow up: then they are not solved together.
    bool wellConditioned = false;
};

// Past this condition number of K (about), two points are too near to be solved together.
constexpr float kMaxConditionNumber = 1000.0f;

inline TwoPointMass twoPointMass(float mA, float iA, float mB, float iB, float rnA1, float rnB1, float rnA2,
                                 float rnB2)
{
    TwoPointMass k;
    const float mAB = mA + mB;
    k.k11 = mAB + iA * rnA1 * rnA1 + iB * rnB1 * rnB1;
    k.k22 = mAB + iA * rnA2 * rnA2 + iB * rnB2 * rnB2;
    k.k12 = mAB + iA * rnA1 * rnA2 + iB * rnB1 * rnB2;
    const float det = k.k11 * k.k22 - k.k12 * k.k12;
    k.wellConditioned = k.k11 * k.k11 < kMaxConditionNumber * det;
    const float inv = det != 0.0f ? 1.0f / det : 0.0f;
    k.inv11 = inv * k.k22;
    k.inv12 = -inv * k.k12;
    k.inv22 = inv * k.k11;
    return k;
}

// The 2x2 linear complementarity problem of two points solved together: x >= 0 with
// w = K x + rhs >= 0 and x_i w_i = 0, found by trying the active sets in turn (both points
// pushing, only the first, only the second, neither). m1 and m2 are 1 / k11 and 1 / k22. False,
// with x untouched, when no active set fits (degenerate numbers).
inline bool solveTwoPoints(const TwoPointMass& k, float m1, float m2, Vec2 rhs, Vec2& x)
{
    const Vec2 both{-(k.inv11 * rhs.x + k.inv12 * rhs.y), -(k.inv12 * rhs.x + k.inv22 * rhs.y)};
    if (both.x >= 0.0f && both.y >= 0.0f)
    {
        x = both;
        return true;
    }
    const float first = -m1 * rhs.x;
    if (first >= 0.0f && k.k12 * first + rhs.y >= 0.0f)
    {
        x = {first, 0.0f};
        return true;
    }
    const float second = -m2 * rhs.y;
    if (second >= 0.0f && k.k12 * second + rhs.x >= 0.0f)
    {
        x = {0.0f, second};
        return true;
    }
    if (rhs.x >= 0.0f && rhs.y >= 0.0f)
    {
        x = {0.0f, 0.0f};
        return true;
    }
    return false;
}

// After positions are integrated, the points of one contact that bounced part way through the
// step are given their leaving speed. Impulses are only added, at the points where the surfaces
// are now and through one point for both bodies, so the pair's angular momentum is kept; the two
// points of a contact are solved together, so a box that lands flat leaves flat. A point that
// does not bounce is only kept from losing speed to the other's push.
} // namespace oblique::detail
