#pragma once
// Internal: 3-vectors and 3x3 matrices for the joint trees, whose blocks are a body's three
// velocities (x, y, turn) and up to three rows of a joint. In double: a light body on a long lever
// makes a tree's blocks ill-conditioned (a 180 g box welded to an anchor 14 m away: 3.5e6),
// past what float's 24 bits invert, and the error comes back as an impulse that grows each substep.

#include <type_traits>

// The templates are always inlined: instantiated for lanes in a file built for AVX2
// (joint_tree_lanes_avx2.cpp), they must leave no copy there that other code could bind to.
#define OBLIQUE_MAT33_INLINE [[gnu::always_inline]] inline

namespace oblique::detail
{

// Real is double, or a lane vector of doubles (joint_tree_lanes.hpp) that holds several trees'
// values side by side: every operation below rounds each lane as it rounds the double.
template <class Real>
struct Vec3Of
{
    Real x{};
    Real y{};
    Real z{};
};
using Vec3 = Vec3Of<double>;

// Rows m[0], m[1], m[2]; zero by default.
struct Mat33
{
    Vec3 r[3];
};

template <class Real>
OBLIQUE_MAT33_INLINE Vec3Of<Real> operator+(Vec3Of<Real> a, Vec3Of<Real> b)
{
    return {a.x + b.x, a.y + b.y, a.z + b.z};
}
template <class Real>
OBLIQUE_MAT33_INLINE Vec3Of<Real> operator-(Vec3Of<Real> a, Vec3Of<Real> b)
{
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}
template <class Real>
OBLIQUE_MAT33_INLINE Real dot(Vec3Of<Real> a, Vec3Of<Real> b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

inline Vec3 mul(const Mat33& m, Vec3 v)
{
    return {dot(m.r[0], v), dot(m.r[1], v), dot(m.r[2], v)};
}

inline Mat33 operator-(const Mat33& a, const Mat33& b)
{
    return {{a.r[0] - b.r[0], a.r[1] - b.r[1], a.r[2] - b.r[2]}};
}

// diag(d) * m: each row of m scaled by d's entry.
inline Mat33 scaleRows(Vec3 d, const Mat33& m)
{
    const auto scaled = [](double k, Vec3 row) { return Vec3{k * row.x, k * row.y, k * row.z}; };
    return {{scaled(d.x, m.r[0]), scaled(d.y, m.r[1]), scaled(d.z, m.r[2])}};
}

inline Mat33 diagonal(double a, double b, double c)
{
    return {{{a, 0.0, 0.0}, {0.0, b, 0.0}, {0.0, 0.0, c}}};
}

// The inverse by cofactors; the zero matrix when m is singular.
inline Mat33 inverse(const Mat33& m)
{
    const Vec3 a = m.r[0];
    const Vec3 b = m.r[1];
    const Vec3 c = m.r[2];
    const Vec3 c0{b.y * c.z - b.z * c.y, b.z * c.x - b.x * c.z, b.x * c.y - b.y * c.x};
    double det = dot(a, c0);
    if (det == 0.0)
    {
        return {};
    }
    det = 1.0 / det;
    const Vec3 c1{c.y * a.z - c.z * a.y, c.z * a.x - c.x * a.z, c.x * a.y - c.y * a.x};
    const Vec3 c2{a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
    // The cofactor vectors are the inverse's columns (times the determinant).
    return {{{det * c0.x, det * c1.x, det * c2.x},
             {det * c0.y, det * c1.y, det * c2.y},
             {det * c0.z, det * c1.z, det * c2.z}}};
}

// A symmetric 3x3 matrix by its upper triangle: the joint trees' blocks and their inverses.
template <class Real>
struct Sym33Of
{
    Real xx{};
    Real xy{};
    Real xz{};
    Real yy{};
    Real yz{};
    Real zz{};
};
using Sym33 = Sym33Of<double>;

template <class Real>
OBLIQUE_MAT33_INLINE Vec3Of<Real> mul(const Sym33Of<Real>& m, Vec3Of<Real> v)
{
    return {m.xx * v.x + m.xy * v.y + m.xz * v.z, m.xy * v.x + m.yy * v.y + m.yz * v.z,
            m.xz * v.x + m.yz * v.y + m.zz * v.z};
}

template <class Real>
OBLIQUE_MAT33_INLINE Sym33Of<Real> operator+(const Sym33Of<Real>& a, const Sym33Of<Real>& b)
{
    return {a.xx + b.xx, a.xy + b.xy, a.xz + b.xz, a.yy + b.yy, a.yz + b.yz, a.zz + b.zz};
}

// v where keep holds, else +0 (lane by lane for lanes, whose comparisons give all-ones masks).
inline double keepWhere(bool keep, double v)
{
    return keep ? v : 0.0;
}
template <class Lanes, class Mask>
OBLIQUE_MAT33_INLINE Lanes keepWhere(Mask keep, Lanes v)
{
    return reinterpret_cast<Lanes>(reinterpret_cast<Mask>(v) & keep);
}

// The inverse by cofactors (symmetric as m is); the zero matrix when m is singular.
template <class Real>
OBLIQUE_MAT33_INLINE Sym33Of<Real> inverse(const Sym33Of<Real>& m)
{
    const Real cxx = m.yy * m.zz - m.yz * m.yz;
    const Real cxy = m.xz * m.yz - m.xy * m.zz;
    const Real cxz = m.xy * m.yz - m.xz * m.yy;
    Real det = m.xx * cxx + m.xy * cxy + m.xz * cxz;
    const auto regular = det != 0.0;
    if constexpr (std::is_same_v<Real, double>)
    {
        if (!regular)
        {
            return {};
        }
    }
    det = 1.0 / det;
    const Real cyy = m.xx * m.zz - m.xz * m.xz;
    const Real cyz = m.xz * m.xy - m.xx * m.yz;
    const Real czz = m.xx * m.yy - m.xy * m.xy;
    // Lanes divide regardless; the singular ones' products are then put back to the zero matrix.
    return {keepWhere(regular, det * cxx), keepWhere(regular, det * cxy), keepWhere(regular, det * cxz),
            keepWhere(regular, det * cyy), keepWhere(regular, det * cyz), keepWhere(regular, det * czz)};
}

} // namespace oblique::detail
