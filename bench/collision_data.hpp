#pragma once
// The seeded random pairs every collision benchmark runs on, in both engines' representations.
// Built once, before any timing, so each side only pays for its own collision routine.

#include <box2d/b2_circle_shape.h>
#include <box2d/b2_math.h>
#include <box2d/b2_polygon_shape.h>
#include <cstddef>
#include <cstdint>
#include <oblique/circle.hpp>
#include <oblique/obb.hpp>
#include <vector>

namespace oblique::bench
{

inline constexpr std::size_t kPairCount = 1'000'000;

struct BoxPair
{
    Obb a;
    Obb b;
};

struct BoxCirclePair
{
    Obb box;
    Circle circle;
};

// Box2D keeps a polygon's size in its shape (160 bytes for a box) and the pose in a transform.
// Sizes come from a small pool shared by both engines, so Box2D's pairs hold pool indices plus
// transforms: 40 bytes a pair against Oblique's 56, which keeps memory traffic from favouring
// Oblique and leaves the routines themselves as the difference.
struct B2BoxPair
{
    b2Transform xfA;
    b2Transform xfB;
    std::uint32_t shapeA = 0;
    std::uint32_t shapeB = 0;
};

struct B2BoxCirclePair
{
    b2Transform xfBox;
    b2Transform xfCircle;
    std::uint32_t box = 0;
    std::uint32_t circle = 0;
};

struct CollisionData
{
    std::vector<BoxPair> boxPairs;
    std::vector<BoxCirclePair> circlePairs;
    std::vector<b2PolygonShape> b2Boxes;        // pool indexed by size, m_radius = 0
    std::vector<b2CircleShape> b2Circles;       // pool indexed by radius
    std::vector<B2BoxPair> b2BoxPairs;          // entry i is boxPairs[i]
    std::vector<B2BoxCirclePair> b2CirclePairs; // entry i is circlePairs[i]
};

/// The same pairs for a given count on every run and every machine (own generator, fixed seed).
CollisionData makeCollisionData(std::size_t pairCount);

/// How the pairs are spread, and how often the two engines disagree on them.
struct DataSummary
{
    std::size_t boxOverlaps = 0;           // by Oblique's testOverlap
    std::size_t overlapDisagreements = 0;  // testOverlap vs b2TestOverlap
    std::size_t manifoldDisagreements = 0; // point counts, collideBoxes vs b2CollidePolygons
    std::size_t circleTouches = 0;         // by Oblique's collideBoxCircle
    std::size_t circleDisagreements = 0;   // point counts, collideBoxCircle vs b2CollidePolygonAndCircle
};

DataSummary summarize(const CollisionData& data);

} // namespace oblique::bench
