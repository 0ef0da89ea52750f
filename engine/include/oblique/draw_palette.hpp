#pragma once
/// The colours World::draw gives each layer, in one table: the drawing reads them from here, and so
/// can a legend, which then shows the very colours on the screen.

#include "oblique/debug_draw.hpp"

#include <array>

namespace oblique::palette
{

// Bodies, by what they are doing. A disabled body is dimmed whatever its type; a sensor shape
// keeps its own colour.
inline constexpr Color staticBody{0.5f, 0.9f, 0.5f, 1.0f};
inline constexpr Color kinematicBody{0.5f, 0.5f, 0.9f, 1.0f};
inline constexpr Color awakeBody{0.9f, 0.7f, 0.7f, 1.0f};
inline constexpr Color sleepingBody{0.6f, 0.6f, 0.6f, 1.0f};
inline constexpr Color disabledBody{0.4f, 0.45f, 0.5f, 0.6f};
inline constexpr Color sensorShape{0.9f, 0.9f, 0.3f, 1.0f};

// Broadphase: each shape's fattened box, and the tree's inner nodes.
inline constexpr Color fatAabb{0.9f, 0.3f, 0.9f, 1.0f};
inline constexpr Color treeNode{0.4f, 0.4f, 0.9f, 0.5f};

// Contacts: points, normals, and the last step's impulses along the normal and the tangent.
inline constexpr Color contactPoint{0.9f, 0.2f, 0.2f, 1.0f};
inline constexpr Color contactNormal{0.3f, 0.9f, 0.3f, 1.0f};
inline constexpr Color normalImpulse{0.9f, 0.9f, 0.2f, 1.0f};
inline constexpr Color frictionImpulse{1.0f, 0.55f, 0.1f, 1.0f};

// The constraint graph: soft step solves the contacts of one colour together, so neighbouring
// contacts of a pile differ in colour. Contacts that fit no colour go to the overflow, solved one
// at a time; contacts the graph does not hold (every contact under ngs, and sleeping ones) are
// drawn as not coloured.
inline constexpr std::array<Color, 24> graphColors{{
    {0.95f, 0.29f, 0.29f, 1.0f}, {0.36f, 0.75f, 0.23f, 1.0f}, {0.29f, 0.62f, 0.95f, 1.0f},
    {0.75f, 0.23f, 0.62f, 1.0f}, {0.95f, 0.95f, 0.29f, 1.0f}, {0.23f, 0.75f, 0.62f, 1.0f},
    {0.62f, 0.29f, 0.95f, 1.0f}, {0.75f, 0.36f, 0.23f, 1.0f}, {0.29f, 0.95f, 0.29f, 1.0f},
    {0.23f, 0.36f, 0.75f, 1.0f}, {0.95f, 0.29f, 0.62f, 1.0f}, {0.62f, 0.75f, 0.23f, 1.0f},
    {0.29f, 0.95f, 0.95f, 1.0f}, {0.62f, 0.23f, 0.75f, 1.0f}, {0.95f, 0.62f, 0.29f, 1.0f},
    {0.23f, 0.75f, 0.36f, 1.0f}, {0.29f, 0.29f, 0.95f, 1.0f}, {0.75f, 0.23f, 0.36f, 1.0f},
    {0.62f, 0.95f, 0.29f, 1.0f}, {0.23f, 0.62f, 0.75f, 1.0f}, {0.95f, 0.29f, 0.95f, 1.0f},
    {0.75f, 0.62f, 0.23f, 1.0f}, {0.29f, 0.95f, 0.62f, 1.0f}, {0.36f, 0.23f, 0.75f, 1.0f},
}};
inline constexpr Color graphOverflow{1.0f, 1.0f, 1.0f, 1.0f};
inline constexpr Color graphUncoloured{0.45f, 0.45f, 0.45f, 1.0f};

// Joints: the links from each body's centre to its anchor, slider axes, limits, springs (and
// soft welds), and motor and mouse targets.
inline constexpr Color jointLink{0.5f, 0.8f, 0.8f, 1.0f};
inline constexpr Color jointAxis{0.8f, 0.8f, 0.4f, 1.0f};
inline constexpr Color jointLimit{0.9f, 0.5f, 0.3f, 1.0f};
inline constexpr Color jointSpring{0.4f, 0.9f, 0.4f, 1.0f};
inline constexpr Color jointTarget{0.3f, 0.6f, 1.0f, 1.0f};

// Centres of mass: World::draw hands each body's frame to DebugDraw::drawTransform, and the
// framework's renderer draws its axes in these.
inline constexpr Color frameXAxis{1.0f, 0.0f, 0.0f, 1.0f};
inline constexpr Color frameYAxis{0.0f, 1.0f, 0.0f, 1.0f};

} // namespace oblique::palette
