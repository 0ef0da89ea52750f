#pragma once
/// A closed interval [min, max] on a line: what a shape projects to on an axis.

namespace oblique
{

struct Interval
{
    float min = 0.0f;
    float max = 0.0f;
};

/// True when the two intervals share at least one point (touching counts).
constexpr bool overlaps(Interval a, Interval b)
{
    return a.min <= b.max && b.min <= a.max;
}

/// How far the intervals overlap: positive when they do, negative (minus the gap) when they do not.
constexpr float overlapAmount(Interval a, Interval b)
{
    const float right = a.max < b.max ? a.max : b.max;
    const float left = a.min > b.min ? a.min : b.min;
    return right - left;
}

} // namespace oblique
