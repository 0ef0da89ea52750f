// Rectangle's free functions.

#include "oblique/sfml/rectangle.hpp"

namespace oblique
{

int right(const Rectangle& r)
{
    return r.x + r.width;
}

int bottom(const Rectangle& r)
{
    return r.y + r.height;
}

bool isEmpty(const Rectangle& r)
{
    return r.width <= 0 || r.height <= 0;
}

bool contains(const Rectangle& r, int px, int py)
{
    return px >= r.x && px < right(r) && py >= r.y && py < bottom(r);
}

bool contains(const Rectangle& outer, const Rectangle& inner)
{
    return !isEmpty(inner) && inner.x >= outer.x && inner.y >= outer.y && right(inner) <= right(outer) &&
           bottom(inner) <= bottom(outer);
}

bool intersects(const Rectangle& a, const Rectangle& b)
{
    return !isEmpty(a) && !isEmpty(b) && a.x < right(b) && b.x < right(a) && a.y < bottom(b) &&
           b.y < bottom(a);
}

} // namespace oblique
