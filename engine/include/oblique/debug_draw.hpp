#pragma once
/// The drawing interface the engine draws itself through. Renderers implement it (SFML in the
/// framework, a recorder in tests); the core never knows what is on the other side.

#include "oblique/transform.hpp"
#include "oblique/vec2.hpp"

#include <span>
#include <string_view>

namespace oblique
{

/// A colour with components in [0, 1].
struct Color
{
    float r = 1.0f;
    float g = 1.0f;
    float b = 1.0f;
    float a = 1.0f;
};

class DebugDraw
{
public:
    virtual ~DebugDraw() = default;

    /// A closed polygon outline; vertices counter-clockwise in world units.
    virtual void drawPolygon(std::span<const Vec2> vertices, Color color) = 0;
    /// A filled polygon with its outline.
    virtual void drawSolidPolygon(std::span<const Vec2> vertices, Color color) = 0;
    virtual void drawCircle(Vec2 center, float radius, Color color) = 0;
    /// A filled circle with a radius line along axis, so its rotation shows.
    virtual void drawSolidCircle(Vec2 center, float radius, Vec2 axis, Color color) = 0;
    virtual void drawSegment(Vec2 p1, Vec2 p2, Color color) = 0;
    /// A dot whose size is in pixels, so it stays visible at any zoom.
    virtual void drawPoint(Vec2 p, float sizePixels, Color color) = 0;
    /// The axes of a frame: x red, y green.
    virtual void drawTransform(const Transform& xf) = 0;
    /// Text anchored at a world position.
    virtual void drawString(Vec2 p, std::string_view text, Color color) = 0;
};

} // namespace oblique
