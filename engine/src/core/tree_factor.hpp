#pragma once
// Internal: what the joint trees' elimination keeps of a node (joint_tree.hpp), for one tree
// (Real = double) or for trees side by side in lanes (joint_tree_lanes.hpp).

#include "mat33.hpp"

namespace oblique::detail
{

// A joint's rows for one of its bodies: [s 0 a; 0 s b; 0 0 c], with s = 1 for B and -1 for A, (a, b)
// the anchor's lever, and c the turn row's entry (0 when the joint has none this pass). Real as in
// mat33.hpp.
template <class Real>
struct TreeRowsOf
{
    Real s{};
    Real a{};
    Real b{};
    Real c{};
};
using TreeRows = TreeRowsOf<double>;

// What the elimination keeps of a node: the rows of the joint (this node's, or its parent's) for
// the body (this node's, or its parent's), i.e. the block of the tree's matrix between this node
// and its parent or its transpose; and the inverse of this node's block once its children are
// eliminated.
template <class Real>
struct TreeFactorOf
{
    TreeRowsOf<Real> link;
    Sym33Of<Real> inverse;
};
using TreeFactor = TreeFactorOf<double>;

} // namespace oblique::detail
