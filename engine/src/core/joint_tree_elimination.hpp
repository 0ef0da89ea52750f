#pragma once
// Internal: the joint trees' elimination and substitution over one tree's nodes, written once for
// Real = double (a tree alone) and for lanes of doubles (trees of one shape side by side,
// joint_tree_lanes.hpp). Every lane takes the double's operations in the double's order, so a tree
// solved in a lane gets the bits it gets alone. Always inlined, as mat33.hpp's templates are.

#include "joint_tree.hpp"
#include "mat33.hpp"

#include <cstdint>
#include <type_traits>

namespace oblique::detail
{

template <class Real>
inline constexpr bool kOneTree = std::is_same_v<Real, double>;

// v in every lane.
template <class Real>
OBLIQUE_MAT33_INLINE Real splat(double v)
{
    if constexpr (kOneTree<Real>)
    {
        return v;
    }
    else
    {
        return Real{} + v;
    }
}

// x where take holds, else y (lane by lane).
template <class Real, class Mask>
OBLIQUE_MAT33_INLINE Real pick(Mask take, Real x, Real y)
{
    return reinterpret_cast<Real>((reinterpret_cast<Mask>(x) & take) | (reinterpret_cast<Mask>(y) & ~take));
}
template <class Real, class Mask>
OBLIQUE_MAT33_INLINE Sym33Of<Real> pick(Mask take, const Sym33Of<Real>& a, const Sym33Of<Real>& b)
{
    return {pick(take, a.xx, b.xx), pick(take, a.xy, b.xy), pick(take, a.xz, b.xz),
            pick(take, a.yy, b.yy), pick(take, a.yz, b.yz), pick(take, a.zz, b.zz)};
}

// J v and transpose(J) v for a joint's rows J.
template <class Real>
OBLIQUE_MAT33_INLINE Vec3Of<Real> apply(const TreeRowsOf<Real>& j, Vec3Of<Real> v)
{
    return {j.s * v.x + j.a * v.z, j.s * v.y + j.b * v.z, j.c * v.z};
}
template <class Real>
OBLIQUE_MAT33_INLINE Vec3Of<Real> applyTransposed(const TreeRowsOf<Real>& j, Vec3Of<Real> v)
{
    return {j.s * v.x, j.s * v.y, j.a * v.x + j.b * v.y + j.c * v.z};
}

// J X transpose(J), what a body passes up to its joint. With J = s J', J' = [1 0 a; 0 1 b; 0 0 t],
// the sign cancels.
template <class Real>
OBLIQUE_MAT33_INLINE Sym33Of<Real> throughRows(const TreeRowsOf<Real>& j, const Sym33Of<Real>& x)
{
    const Real a = j.s * j.a;
    const Real b = j.s * j.b;
    const Real t = j.s * j.c;
    // The third entries of X times J's first and second rows.
    const Real u = x.xz + a * x.zz;
    const Real v = x.yz + b * x.zz;
    return {x.xx + a * x.xz + a * u,
            x.xy + b * x.xz + a * v,
            t * u,
            x.yy + b * x.yz + b * v,
            t * v,
            t * t * x.zz};
}

// transpose(J) X J, what a joint passes up to its body.
template <class Real>
OBLIQUE_MAT33_INLINE Sym33Of<Real> throughRowsTransposed(const TreeRowsOf<Real>& j, const Sym33Of<Real>& x)
{
    const Real a = j.s * j.a;
    const Real b = j.s * j.b;
    const Real t = j.s * j.c;
    // X times J's third column.
    const Vec3Of<Real> p{a * x.xx + b * x.xy + t * x.xz, a * x.xy + b * x.yy + t * x.yz,
                         a * x.xz + b * x.yz + t * x.zz};
    return {x.xx, x.xy, p.x, x.yy, p.y, a * p.x + b * p.y + t * p.z};
}

// The inverse of -S for a joint with its turn row; without it, of [-S2 0; 0 1] (S2 the point's
// 2x2), the third row kept as an identity, solved to zero. Lanes work out both and pick.
template <class Real, class Turn>
OBLIQUE_MAT33_INLINE Sym33Of<Real> jointInverse(const Sym33Of<Real>& s, Turn turn)
{
    if constexpr (kOneTree<Real>)
    {
        if (turn)
        {
            return inverse(Sym33Of<Real>{-s.xx, -s.xy, -s.xz, -s.yy, -s.yz, -s.zz});
        }
    }
    const Real a = -s.xx;
    const Real b = -s.xy;
    const Real d = -s.yy;
    Real det = a * d - b * b;
    det = keepWhere(det != 0.0, 1.0 / det);
    const Sym33Of<Real> point{det * d, -det * b, Real{}, det * a, Real{}, splat<Real>(1.0)};
    if constexpr (kOneTree<Real>)
    {
        return point;
    }
    else
    {
        return pick(turn, inverse(Sym33Of<Real>{-s.xx, -s.xy, -s.xz, -s.yy, -s.yz, -s.zz}), point);
    }
}

// The inverse of a body's block once its children are eliminated, (M - S)^-1, for W = M^-1. Lanes
// hold only bodies with mass and inertia (joint_tree_lanes_avx2.cpp checks).
template <class Real>
OBLIQUE_MAT33_INLINE Sym33Of<Real> bodyInverse(const Sym33Of<Real>& s, Real wMass, Real wTurn)
{
    if constexpr (kOneTree<Real>)
    {
        if (!(wMass > 0.0 && wTurn > 0.0))
        {
            // (M - S)^-1 = (I - W S)^-1 W: finite where M is not (a body that cannot turn).
            const Vec3 w3{wMass, wMass, wTurn};
            const Mat33 full{{{s.xx, s.xy, s.xz}, {s.xy, s.yy, s.yz}, {s.xz, s.yz, s.zz}}};
            const Mat33 inv = inverse(diagonal(1.0, 1.0, 1.0) - scaleRows(w3, full));
            return {inv.r[0].x * w3.x, inv.r[0].y * w3.y, inv.r[0].z * w3.z,
                    inv.r[1].y * w3.y, inv.r[1].z * w3.z, inv.r[2].z * w3.z};
        }
    }
    const Real m = 1.0 / wMass;
    const Real i = 1.0 / wTurn;
    return inverse(Sym33Of<Real>{m - s.xx, -s.xy, -s.xz, m - s.yy, -s.yz, i - s.zz});
}

// Eliminates a tree's nodes from the leaves up: each node's block less what its children pass up.
// shape: the tree's nodes (its first at index begin of JointTrees::nodes), which give the order,
// the parents and the kinds; factors: one per node. source.mass(k) gives body node k's inverse mass
// and inertia, source.rows(k) node k's link (a body's rows of its parent joint, a joint's rows for
// its parent body), source.turn(k) whether joint node k's turn row holds.
template <class Real, class Source>
OBLIQUE_MAT33_INLINE void eliminate(const JointTreeNode* shape, std::int32_t begin, std::int32_t size,
                                    TreeFactorOf<Real>* factors, const Source& source)
{
    // Entry by entry: as one aggregate, GCC clears lanes' blocks with a string store, which costs
    // more to start than these few stores do.
    const Real zero{};
    for (std::int32_t k = 0; k < size; ++k)
    {
        Sym33Of<Real>& m = factors[k].inverse;
        m.xx = zero;
        m.xy = zero;
        m.xz = zero;
        m.yy = zero;
        m.yz = zero;
        m.zz = zero;
    }
    for (std::int32_t k = 0; k < size; ++k)
    {
        const JointTreeNode& node = shape[k];
        TreeFactorOf<Real>& f = factors[k];
        // f.inverse holds, until now, the sum its children passed up.
        const Sym33Of<Real> fromChildren = f.inverse;
        TreeFactorOf<Real>* parent = node.parent >= 0 ? &factors[node.parent - begin] : nullptr;
        if (node.joint < 0)
        {
            const auto [wMass, wTurn] = source.mass(k);
            f.inverse = node.children == 0 ? Sym33Of<Real>{wMass, Real{}, Real{}, wMass, Real{}, wTurn}
                                           : bodyInverse(fromChildren, wMass, wTurn);
            if (parent != nullptr)
            {
                f.link = source.rows(k);
                parent->inverse = parent->inverse + throughRows(f.link, f.inverse);
            }
        }
        else
        {
            f.inverse = jointInverse(fromChildren, source.turn(k));
            if (parent != nullptr)
            {
                f.link = source.rows(k);
                parent->inverse = parent->inverse + throughRowsTransposed(f.link, f.inverse);
            }
        }
    }
}

// Solves a factored tree for the right-hand sides in values (one per node): afterwards a body
// node's value is its change (of velocity, or of place), a joint node's its impulse, negated.
template <class Real>
OBLIQUE_MAT33_INLINE void substituteNodes(const JointTreeNode* shape, std::int32_t begin, std::int32_t size,
                                          const TreeFactorOf<Real>* factors, Vec3Of<Real>* values)
{
    // Forward: each node's value, less what its children's pass up (a body's through its joint's
    // rows, a joint's through the transpose).
    for (std::int32_t k = 0; k < size; ++k)
    {
        const JointTreeNode& node = shape[k];
        if (node.parent >= 0)
        {
            const TreeFactorOf<Real>& f = factors[k];
            const Vec3Of<Real> up = mul(f.inverse, values[k]);
            Vec3Of<Real>& parent = values[node.parent - begin];
            parent = parent - (node.joint < 0 ? apply(f.link, up) : applyTransposed(f.link, up));
        }
    }
    // Back: the roots' values, then each node's from its parent's.
    for (std::int32_t k = size; k-- != 0;)
    {
        const JointTreeNode& node = shape[k];
        const TreeFactorOf<Real>& f = factors[k];
        Vec3Of<Real> rest = values[k];
        if (node.parent >= 0)
        {
            const Vec3Of<Real>& z = values[node.parent - begin];
            rest = rest - (node.joint < 0 ? applyTransposed(f.link, z) : apply(f.link, z));
        }
        values[k] = mul(f.inverse, rest);
    }
}

} // namespace oblique::detail
