#pragma once
/// Figures about a world's structure that Profile does not carry: its islands and the shape of
/// its broadphase tree. World::stats() computes them when asked, so they cost nothing otherwise.

namespace oblique
{

struct WorldStats
{
    /// Groups of bodies joined by the contacts the solver works on, as the last step left them,
    /// and by joints (static bodies join none), counted over the dynamic bodies that are enabled:
    /// a lone dynamic body is an island of its own, as is a body made since the last step until
    /// a joint or the next step joins it.
    int islandCount = 0;
    /// Of those, the islands with an awake body.
    int awakeIslandCount = 0;
    /// Shapes in the broadphase tree (a disabled body's shapes are not).
    int proxyCount = 0;
    /// The tree's height: 0 for an empty tree or a single leaf. A balanced tree of n leaves is
    /// about log2(n) high.
    int treeHeight = 0;
    /// The tree's quality as Box2D's dynamic tree measures it: the perimeters of its inner nodes
    /// (the root and leaves left out) added up, over the root's perimeter. Lower is better: boxes
    /// that hug their children. 0 for a tree without inner nodes below the root.
    float treeAreaRatio = 0.0f;
};

} // namespace oblique
