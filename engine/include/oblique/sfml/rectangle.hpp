#pragma once
/// Rectangle: an axis-aligned rectangle of whole pixels (MonoGame's Rectangle), for texture bounds,
/// source rectangles in a sprite sheet and destination rectangles on screen.

namespace oblique
{

/// A rectangle with its top-left corner at (x, y), `width` pixels wide and `height` tall, in a
/// y-down pixel space (a texture's or the screen's).
struct Rectangle
{
    int x = 0;
    int y = 0;
    int width = 0;
    int height = 0;

    /// Two rectangles are equal when every field is.
    bool operator==(const Rectangle&) const = default;
};

/// The x just past the right edge (x + width).
int right(const Rectangle& r);
/// The y just past the bottom edge (y + height).
int bottom(const Rectangle& r);
/// Whether the rectangle covers no pixel (width or height not positive).
bool isEmpty(const Rectangle& r);
/// Whether the pixel (px, py) lies inside: x <= px < right, y <= py < bottom.
bool contains(const Rectangle& r, int px, int py);
/// Whether `inner` lies wholly inside `outer` (an empty inner rectangle never does).
bool contains(const Rectangle& outer, const Rectangle& inner);
/// Whether the two share at least one pixel.
bool intersects(const Rectangle& a, const Rectangle& b);

} // namespace oblique
