#include "surface_marks.hpp"

#include "demo_logic.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace oblique::sandbox
{

namespace
{

constexpr float kChevronSpacing = 0.6f; // metres between two chevrons along a belt
constexpr float kArrowSpacing = 1.2f;   // metres between two arrows along a platform
constexpr float kLinePixels = 18.0f;    // a caption's line height on screen

} // namespace

void drawBeltChevrons(DebugDraw& drawer, const Obb& belt, float surfaceSpeed, float seconds, Color color)
{
    const float speed = -surfaceSpeed;
    if (speed == 0.0f)
    {
        return;
    }
    const Vec2 along = axisX(belt);
    const Vec2 up = axisY(belt);
    const float direction = speed > 0.0f ? 1.0f : -1.0f;
    const float halfLength = belt.halfExtents.x;
    const float halfHeight = 0.7f * belt.halfExtents.y;
    const float depth = std::min(halfHeight, 0.5f * kChevronSpacing);
    // The pattern repeats every spacing, so only the offset within one spacing matters; fmod of a
    // large time keeps it small.
    const float shift = std::fmod(speed * seconds, kChevronSpacing);
    for (int i = 0; - halfLength + shift + static_cast<float>(i) * kChevronSpacing <= halfLength; ++i)
    {
        const float s = -halfLength + shift + static_cast<float>(i) * kChevronSpacing;
        if (s - depth < -halfLength)
        {
            continue;
        }
        const Vec2 tip = belt.center + (s * along);
        const Vec2 back = tip - (direction * depth) * along;
        drawer.drawSegment(back + halfHeight * up, tip, color);
        drawer.drawSegment(back - halfHeight * up, tip, color);
    }
}

void drawOneWayArrows(DebugDraw& drawer, const Obb& platform, Vec2 oneWay, Color color)
{
    const Vec2 along = axisX(platform);
    const float reach = platform.halfExtents.y + 0.25f;
    const int count = std::max(1, static_cast<int>(2.0f * platform.halfExtents.x / kArrowSpacing));
    for (int i = 0; i < count; ++i)
    {
        const float s = (static_cast<float>(i) + 0.5f) / static_cast<float>(count) * 2.0f - 1.0f;
        const Vec2 mid = platform.center + (s * platform.halfExtents.x) * along;
        drawArrow(drawer, mid - reach * oneWay, mid + reach * oneWay, 0.18f, color);
    }
}

void drawCaption(DebugDraw& drawer, const Camera2D& camera, Vec2 topLeft, std::span<const CaptionLine> lines)
{
    const float lineHeight = camera.screenToWorldLength(kLinePixels);
    Vec2 at = topLeft;
    for (const CaptionLine& line : lines)
    {
        if (!line.text.empty())
        {
            drawer.drawString(at, line.text, line.color);
        }
        at.y -= lineHeight;
    }
}

} // namespace oblique::sandbox
