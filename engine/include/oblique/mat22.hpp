#pragma once
/// A 2x2 matrix of floats stored by columns; used for covariances, inertia-like quantities and
/// small linear solves.

#include "oblique/vec2.hpp"

namespace oblique
{

struct Mat22
{
    Vec2 cx{1.0f, 0.0f}; ///< first column
    Vec2 cy{0.0f, 1.0f}; ///< second column
};

constexpr Vec2 mul(const Mat22& m, Vec2 v)
{
    return {m.cx.x * v.x + m.cy.x * v.y, m.cx.y * v.x + m.cy.y * v.y};
}
constexpr Mat22 transpose(const Mat22& m)
{
    return {{m.cx.x, m.cy.x}, {m.cx.y, m.cy.y}};
}
constexpr float determinant(const Mat22& m)
{
    return m.cx.x * m.cy.y - m.cy.x * m.cx.y;
}

/// Solves m * x = b; returns the zero vector when m is singular.
constexpr Vec2 solve(const Mat22& m, Vec2 b)
{
    float det = determinant(m);
    if (det != 0.0f)
    {
        det = 1.0f / det;
    }
    return {det * (m.cy.y * b.x - m.cy.x * b.y), det * (m.cx.x * b.y - m.cx.y * b.x)};
}

} // namespace oblique
