#pragma once
/// Viewport: the part of the render target a frame is drawn into (MonoGame's Viewport), in pixels
/// from the target's top-left corner.

#include "oblique/sfml/rectangle.hpp"

namespace oblique
{

/// A pixel rectangle of the render target plus the depth range MonoGame keeps beside it. SFML draws
/// without a depth buffer, so minDepth and maxDepth are carried along for code ported from MonoGame
/// and checked, but change nothing on screen.
struct Viewport
{
    int x = 0;
    int y = 0;
    int width = 0;
    int height = 0;
    float minDepth = 0.0f;
    float maxDepth = 1.0f;

    /// The pixel rectangle (x, y, width, height).
    Rectangle bounds() const { return {x, y, width, height}; }
    /// width / height, or 0 for an empty viewport.
    float aspectRatio() const;

    /// Two viewports are equal when every field is.
    bool operator==(const Viewport&) const = default;
};

} // namespace oblique
