#pragma once
// Marks for surfaces the world draws as plain boxes (which way a belt runs and how fast, which way
// a one-way platform lets bodies through) and the captions the Game surfaces scenes explain
// themselves with.

#include "oblique/debug_draw.hpp"
#include "oblique/obb.hpp"
#include "oblique/sfml/camera_2d.hpp"
#include "oblique/vec2.hpp"

#include <span>
#include <string>

namespace oblique::sandbox
{

// Chevrons inside a belt along its top face, pointing the way that face runs and moving with it
// (`seconds` is the scene's time): a belt of surface speed s (counter-clockwise positive) carries
// what lies on its top face at -s along its x axis.
void drawBeltChevrons(DebugDraw& drawer, const Obb& belt, float surfaceSpeed, float seconds, Color color);

// Arrows across a one-way platform, pointing the way bodies pass through it: from the open side
// to the side it holds them on (`oneWay`, unit, in the world's frame).
void drawOneWayArrows(DebugDraw& drawer, const Obb& platform, Vec2 oneWay, Color color);

inline constexpr Color kCaptionColor{0.95f, 0.95f, 0.95f, 1.0f};
inline constexpr Color kNoteColor{0.75f, 0.8f, 0.95f, 1.0f};

// One line of a caption; an empty one leaves a gap.
struct CaptionLine
{
    std::string text;
    Color color = kCaptionColor;
};

// Lines of text, the first with its top-left corner at `topLeft`, the next ones below it a line's
// height apart as the camera shows them (so they neither overlap nor drift apart when zoomed).
void drawCaption(DebugDraw& drawer, const Camera2D& camera, Vec2 topLeft, std::span<const CaptionLine> lines);

} // namespace oblique::sandbox
