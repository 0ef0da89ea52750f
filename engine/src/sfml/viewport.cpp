// Viewport's derived values.

#include "oblique/sfml/viewport.hpp"

namespace oblique
{

float Viewport::aspectRatio() const
{
    if (width <= 0 || height <= 0)
    {
        return 0.0f;
    }
    return static_cast<float>(width) / static_cast<float>(height);
}

} // namespace oblique
