// Joint trees: which joints they hold, their order, and their exact solve.
//
// The unknowns are each body's change of velocity du (x, y, turn) and each joint's impulse dl. With
// M a body's mass and J a joint's rows, M du = J^T dl and J du = r (the change of the joints' speeds
// that the pass wants), i.e. H z = [0; r] for z = [du; -dl] and H = [M J^T; J 0]. H's blocks form a
// tree (bodies and joints alternating), so eliminating them from the leaves to the root and
// substituting back solves it in one sweep each way, without fill. Bodies that impulses do not move
// (static, kinematic) are not nodes: a joint to one is the root of its tree, which is why a tree may
// reach the ground only once.

#include "joint_tree.hpp"

#include "island.hpp"
#include "joint.hpp"
#include "joint_tree_elimination.hpp"
#include "step_context.hpp"
#include "world_state.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <numeric>
#include <utility>

namespace oblique::detail
{

namespace
{

// The loops' system is built from float anchors and masses, so what is left of a loop row's
// compliance once the tree holds its bodies is known to about a millionth of the row's compliance
// without the tree: less than that is rounding noise, not a motion the tree lets the row make.
constexpr double kLoopNoise = 1.0e-6;

double toDouble(float x)
{
    return static_cast<double>(x);
}

Vec3 toVec3(Vec2 v, float z)
{
    return {toDouble(v.x), toDouble(v.y), toDouble(z)};
}

// A value's point part, back in the solver's floats.
Vec2 pointOf(Vec3 v)
{
    return {static_cast<float>(v.x), static_cast<float>(v.y)};
}

// A node's solver slot, or 0 (the ground) for a body impulses do not move.
std::int32_t nodeSlot(const SolverBodies& bodies, std::int32_t slot)
{
    const SolverVelocity& v = bodies.velocities[static_cast<std::size_t>(slot)];
    return movedByImpulses(v) ? slot : 0;
}

// Marks the bodies of meshes: sets of bodies joined to each other (not counting the ground) by
// more than a quarter again as many joints as a tree of them would need, such as a grid or a
// cloth. Their loops are solved one joint at a time anyway, and an exact solve of a tree through
// them would cost more than it gains.
void markMeshes(JointTrees& t, std::size_t slots)
{
    t.sets.resize(slots);
    std::iota(t.sets.begin(), t.sets.end(), 0);
    // Per set root: its bodies, then its joints, added up as sets join.
    t.counts.assign(2 * slots, 0);
    std::fill(t.counts.begin(), t.counts.begin() + static_cast<std::ptrdiff_t>(slots), 1);
    std::int32_t* bodies = t.counts.data();
    std::int32_t* joints = t.counts.data() + slots;
    for (const JointTrees::Pair& p : t.pairs)
    {
        if (p.a <= 0 || p.b <= 0)
        {
            continue;
        }
        const std::int32_t ra = findRoot(t.sets, p.a);
        const std::int32_t rb = findRoot(t.sets, p.b);
        if (ra != rb)
        {
            t.sets[static_cast<std::size_t>(ra)] = rb;
            bodies[rb] += bodies[ra];
            joints[rb] += joints[ra];
        }
        ++joints[rb];
    }
    t.meshes.assign(slots, 0);
    for (const JointTrees::Pair& p : t.pairs)
    {
        if (p.a > 0 && p.b > 0)
        {
            const std::int32_t root = findRoot(t.sets, p.a);
            const std::int32_t loops = joints[root] - (bodies[root] - 1);
            const std::uint8_t mesh = 4 * loops > joints[root] ? 1 : 0;
            t.meshes[static_cast<std::size_t>(p.a)] = mesh;
            t.meshes[static_cast<std::size_t>(p.b)] = mesh;
        }
    }
}

// The joints that join new bodies into a tree, in solve order; the others close loops. True when
// they are last step's picks, kept.
bool pickTreeJoints(WorldState& w, JointTrees& t)
{
    const SolverBodies& bodies = w.solverBodies;
    // Each solved joint's node slots (0: the ground), or -1 for a type the trees do not take.
    std::swap(t.pairs, t.previousPairs);
    t.pairs.clear();
    for (const auto& [a, b] : w.joints.treeBodies)
    {
        t.pairs.push_back(a >= 0 ? JointTrees::Pair{nodeSlot(bodies, a), nodeSlot(bodies, b)}
                                 : JointTrees::Pair{-1, -1});
    }
    // The picks are a function of the pairs alone.
    if (t.picked && t.pairs == t.previousPairs)
    {
        for (const std::int32_t k : t.treeJoints)
        {
            w.joints.frames[static_cast<std::size_t>(k)].inTree = true;
        }
        return true;
    }
    t.picked = true;
    t.treeJoints.clear();
    t.loopCandidates.clear();
    if (std::all_of(t.pairs.begin(), t.pairs.end(), [](const JointTrees::Pair& p) { return p.a < 0; }))
    {
        return false; // no joint the trees take: nothing to pick, and nothing per body to reset
    }
    markMeshes(t, bodies.velocities.size());
    std::iota(t.sets.begin(), t.sets.end(), 0);
    const auto pairCount = static_cast<std::int32_t>(t.pairs.size());
    for (std::int32_t k = 0; k < pairCount; ++k)
    {
        const JointTrees::Pair p = t.pairs[static_cast<std::size_t>(k)];
        if (p.a < 0 || t.meshes[static_cast<std::size_t>(p.a == 0 ? p.b : p.a)] != 0)
        {
            continue;
        }
        const std::int32_t a = findRoot(t.sets, p.a);
        const std::int32_t b = findRoot(t.sets, p.b);
        if (a == b)
        {
            t.loopCandidates.push_back(k);
            continue;
        }
        t.sets[static_cast<std::size_t>(a)] = b;
        w.joints.frames[static_cast<std::size_t>(k)].inTree = true;
        t.treeJoints.push_back(k);
    }
    return false;
}

// Each body's tree joints, as ranges of edges.
void linkBodies(JointTrees& t, std::size_t slots)
{
    t.firstEdge.assign(slots + 1, 0);
    for (const std::int32_t k : t.treeJoints)
    {
        const JointTrees::Pair p = t.pairs[static_cast<std::size_t>(k)];
        ++t.firstEdge[static_cast<std::size_t>(p.a)];
        ++t.firstEdge[static_cast<std::size_t>(p.b)];
    }
    std::exclusive_scan(t.firstEdge.begin(), t.firstEdge.end(), t.firstEdge.begin(), 0);
    t.edges.resize(static_cast<std::size_t>(t.firstEdge[slots]));
    // Each slot's fill position while the edges go in.
    t.cursor.assign(t.firstEdge.begin(), t.firstEdge.end() - 1);
    for (const std::int32_t k : t.treeJoints)
    {
        const JointTrees::Pair p = t.pairs[static_cast<std::size_t>(k)];
        t.edges[static_cast<std::size_t>(t.cursor[static_cast<std::size_t>(p.a)]++)] = k;
        t.edges[static_cast<std::size_t>(t.cursor[static_cast<std::size_t>(p.b)]++)] = k;
    }
}

// Appends a node; returns its index.
std::int32_t addNode(JointTrees& t, std::int32_t parent, std::int32_t body, std::int32_t joint)
{
    JointTreeNode node;
    node.parent = parent;
    node.body = body;
    node.joint = joint;
    t.nodes.push_back(node);
    return static_cast<std::int32_t>(t.nodes.size()) - 1;
}

// Adds the body at slot as a node under parent (a joint node, or -1 for a root) and, breadth first,
// everything hanging from it: every node comes after its parent.
void growTree(JointTrees& t, std::int32_t slot, std::int32_t parent)
{
    std::size_t next = t.nodes.size();
    t.visited[static_cast<std::size_t>(slot)] = 1;
    addNode(t, parent, slot, -1);
    for (; next < t.nodes.size(); ++next)
    {
        const JointTreeNode node = t.nodes[next];
        if (node.joint >= 0)
        {
            continue;
        }
        const std::int32_t from =
            node.parent >= 0 ? t.nodes[static_cast<std::size_t>(node.parent)].joint : -1;
        const auto s = static_cast<std::size_t>(node.body);
        for (std::int32_t e = t.firstEdge[s]; e < t.firstEdge[s + 1]; ++e)
        {
            const std::int32_t k = t.edges[static_cast<std::size_t>(e)];
            const JointTrees::Pair p = t.pairs[static_cast<std::size_t>(k)];
            const std::int32_t other = p.a == node.body ? p.b : p.a;
            if (k == from || other == 0 || t.visited[static_cast<std::size_t>(other)] != 0)
            {
                continue;
            }
            t.visited[static_cast<std::size_t>(other)] = 1;
            const std::int32_t jointNode = addNode(t, static_cast<std::int32_t>(next), 0, k);
            addNode(t, jointNode, other, -1);
        }
    }
}

// A joint node's rows for the body at slot.
TreeRows rowsFor(const JointTreeNode& joint, const JointFrame& f, const SolverBodies& bodies,
                 std::int32_t slot)
{
    const bool isB = nodeSlot(bodies, f.indexB) == slot;
    const Vec2 r = isB ? joint.anchorB : joint.anchorA;
    const double sign = isB ? 1.0 : -1.0;
    return {sign, -sign * toDouble(r.y), sign * toDouble(r.x), joint.turn ? sign : 0.0};
}

const JointRecord& recordOf(const WorldState& w, const JointTreeNode& node)
{
    return w.joints.records[w.joints.solved[static_cast<std::size_t>(node.joint)]];
}

// A solved joint's frame this step (joint: its index in Joints::solved).
const JointFrame& frameOf(const WorldState& w, std::int32_t joint)
{
    return w.joints.frames[static_cast<std::size_t>(joint)];
}

// A node's link rows for the anchors last found: a body node's rows of its parent joint, a joint
// node's for its parent body.
TreeRows linkRowsOf(const WorldState& w, const JointTrees& t, std::int32_t node)
{
    const JointTreeNode& n = t.nodes[static_cast<std::size_t>(node)];
    const JointTreeNode& parent = t.nodes[static_cast<std::size_t>(n.parent)];
    return n.joint < 0 ? rowsFor(parent, frameOf(w, parent.joint), w.solverBodies, n.body)
                       : rowsFor(n, frameOf(w, n.joint), w.solverBodies, parent.body);
}

// A tree's nodes and loops as elimination sees them: each node's body, rows and turn.
struct OneTree
{
    const WorldState& w;
    const JointTrees& t;
    std::int32_t begin = 0;

    std::size_t at(std::int32_t k) const
    {
        return static_cast<std::size_t>(begin) + static_cast<std::size_t>(k);
    }
    std::pair<double, double> mass(std::int32_t k) const
    {
        const SolverVelocity& v = w.solverBodies.velocities[static_cast<std::size_t>(t.nodes[at(k)].body)];
        return {toDouble(v.invMass), toDouble(v.invInertia)};
    }
    TreeRows rows(std::int32_t k) const { return t.factors[at(k)].link; }
    bool turn(std::int32_t k) const { return t.nodes[at(k)].turn; }
};

// Each joint node's and loop's anchors for the poses as they are now, and from them each node's
// link rows (TreeFactor::link), which the tree's lanes read from there too.
void refreshAnchors(const WorldState& w, JointTrees& t, const TreeRange& tree)
{
    const SolverBodies& bodies = w.solverBodies;
    for (auto it = t.nodes.begin() + tree.begin; it != t.nodes.begin() + tree.end; ++it)
    {
        if (it->joint >= 0)
        {
            const JointFrame& f = frameOf(w, it->joint);
            it->anchorA = currentAnchorA(f, bodies);
            it->anchorB = currentAnchorB(f, bodies);
        }
    }
    for (std::int32_t n = tree.begin; n < tree.end; ++n)
    {
        if (t.nodes[static_cast<std::size_t>(n)].parent >= 0)
        {
            t.factors[static_cast<std::size_t>(n)].link = linkRowsOf(w, t, n);
        }
    }
    const auto loops = t.loops.begin() + tree.firstLoop;
    for (auto loop = loops; loop != loops + tree.loops; ++loop)
    {
        const JointFrame& f = frameOf(w, loop->joint);
        loop->anchorA = currentAnchorA(f, bodies);
        loop->anchorB = currentAnchorB(f, bodies);
    }
}

// Notes the turn rows a tree's factors were found with.
void noteFactoredTurns(JointTrees& t, const TreeRange& tree)
{
    for (auto it = t.nodes.begin() + tree.begin; it != t.nodes.begin() + tree.end; ++it)
    {
        it->factoredTurn = it->turn;
    }
}

// Factors a tree alone, its anchors and link rows already found.
void eliminateAlone(const WorldState& w, JointTrees& t, const TreeRange& tree)
{
    eliminate(&t.nodes[static_cast<std::size_t>(tree.begin)], tree.begin, tree.end - tree.begin,
              &t.factors[static_cast<std::size_t>(tree.begin)], OneTree{w, t, tree.begin});
    noteFactoredTurns(t, tree);
}

// Factors a tree alone.
void factor(WorldState& w, JointTrees& t, const TreeRange& tree)
{
    refreshAnchors(w, t, tree);
    eliminateAlone(w, t, tree);
}

// Factors a batch's trees, in lanes where they can be.
void factor(WorldState& w, JointTrees& t, TreeBatch& batch)
{
    for (std::int32_t lane = 0; lane < batch.lanes; ++lane)
    {
        refreshAnchors(w, t, t.trees[static_cast<std::size_t>(batch.trees[static_cast<std::size_t>(lane)])]);
    }
    batch.factoredInLanes = treeLanesInUse() && factorInLanes(w, t, batch);
    for (std::int32_t lane = 0; lane < batch.lanes; ++lane)
    {
        const TreeRange& tree =
            t.trees[static_cast<std::size_t>(batch.trees[static_cast<std::size_t>(lane)])];
        if (batch.factoredInLanes)
        {
            noteFactoredTurns(t, tree);
        }
        else
        {
            eliminateAlone(w, t, tree);
        }
    }
}

// Factors each tree unless the poses and its rows that hold are as they were when it was last
// factored: between one substep's relax and the next substep's push nothing moves, and a limit let
// go changes its own tree's rows alone. A batch is factored whole where any of its trees must be:
// the others' factors come out as they were.
void refactor(WorldState& w, JointTrees& t)
{
    const bool posesKept = t.factoredFor.holdsFor(w.solverBodies.poseVersion);
    const auto stale = [&](const TreeRange& tree)
    {
        return !posesKept ||
               !std::all_of(t.nodes.begin() + tree.begin, t.nodes.begin() + tree.end,
                            [](const JointTreeNode& node) { return node.turn == node.factoredTurn; });
    };
    for (const TreeRange& tree : t.trees)
    {
        if (tree.batch < 0 && stale(tree))
        {
            factor(w, t, tree);
        }
    }
    for (TreeBatch& batch : t.lanes.batches)
    {
        const auto first = batch.trees.begin();
        if (std::any_of(first, first + batch.lanes,
                        [&](std::int32_t i) { return stale(t.trees[static_cast<std::size_t>(i)]); }))
        {
            factor(w, t, batch);
        }
    }
    t.factoredFor.stamp(w.solverBodies.poseVersion);
}

// Marks every tree to be solved in the pass under way.
void solveEveryTree(JointTrees& t)
{
    for (TreeRange& tree : t.trees)
    {
        tree.solve = true;
    }
}

// What the pass asks of a joint node: the change of its rows' speeds, toward zero speed, plus (with
// the push) a speed that closes the joint's error at the joints' soft rate.
Vec3 wantedChange(const WorldState& w, const JointTreeNode& node, const StepContext& ctx)
{
    const SolverBodies& bodies = w.solverBodies;
    const JointRecord& j = recordOf(w, node);
    const JointFrame& f = frameOf(w, node.joint);
    const SolverVelocity& a = bodies.velocities[static_cast<std::size_t>(f.indexA)];
    const SolverVelocity& b = bodies.velocities[static_cast<std::size_t>(f.indexB)];
    const Vec2 rA = node.anchorA;
    const Vec2 rB = node.anchorB;
    const bool turns = node.turn;
    const Vec2 speed = (b.v + cross(b.w, rB)) - (a.v + cross(a.w, rA));
    Vec2 change = -speed;
    if (ctx.useBias)
    {
        change -= ctx.jointSoftness.biasRate * currentSeparation(f, bodies, rA, rB);
    }
    return toVec3(change, turns ? a.w - b.w - treeTurnBiasOf(j, f, ctx, bodies) : 0.0f);
}

// Solves a tree factored alone for the right-hand sides in its nodes' values.
void substitute(JointTrees& t, const TreeRange& tree)
{
    const auto begin = static_cast<std::size_t>(tree.begin);
    substituteNodes(&t.nodes[begin], tree.begin, tree.end - tree.begin, &t.factors[begin], &t.values[begin]);
}

// Solves the trees marked (TreeRange::solve) for the right-hand sides in their values: afterwards
// a body node's value is its change (of velocity, or of place), a joint node's its impulse,
// negated. Loops are closed after.
void substituteMarked(const WorldState& w, JointTrees& t)
{
    for (const TreeRange& tree : t.trees)
    {
        const bool alone =
            tree.batch < 0 || !t.lanes.batches[static_cast<std::size_t>(tree.batch)].factoredInLanes;
        if (tree.solve && alone)
        {
            substitute(t, tree);
        }
    }
    for (const TreeBatch& batch : t.lanes.batches)
    {
        const auto first = batch.trees.begin();
        if (batch.factoredInLanes &&
            std::any_of(first, first + batch.lanes,
                        [&](std::int32_t i) { return t.trees[static_cast<std::size_t>(i)].solve; }))
        {
            substituteInLanes(w, t, batch);
        }
    }
}

// A loop's rows for one of its bodies, transposed: the impulse on the body of a unit impulse on
// row 0 (x) or 1 (y) of its shared point.
Vec3 loopImpulse(const TreeLoop& loop, int row, bool isB)
{
    const Vec2 r = isB ? loop.anchorB : loop.anchorA;
    const double sign = isB ? 1.0 : -1.0;
    return row == 0 ? Vec3{sign, 0.0, -sign * toDouble(r.y)} : Vec3{0.0, sign, sign * toDouble(r.x)};
}

// Row `row` of a loop times the changes in the nodes' values (bodies' changes).
double loopRowTimes(const TreeLoop& loop, int row, const Vec3* values, std::int32_t begin)
{
    double sum = 0.0;
    if (loop.nodeA >= 0)
    {
        sum += dot(loopImpulse(loop, row, false), values[loop.nodeA - begin]);
    }
    if (loop.nodeB >= 0)
    {
        sum += dot(loopImpulse(loop, row, true), values[loop.nodeB - begin]);
    }
    return sum;
}

// Solves s x = b in place (b becomes x) for the loops' n x n system, symmetric and positive
// semidefinite (the tree's compliance seen from the loop rows), by elimination taking the largest
// remaining diagonal as the pivot. Once no remaining diagonal exceeds `floor`, the unknowns left
// are 0: those rows ask for a motion the tree already holds (a loop that duplicates the tree's own
// joints, or holds a body the tree fixes), where s is rounding noise that would turn into
// impulses without bound.
void solveLoopSystem(double* s, double* b, int n, double floor)
{
    constexpr std::size_t kRows = 2 * static_cast<std::size_t>(kMaxTreeLoops);
    std::array<int, kRows> order{};
    std::array<bool, kRows> used{};
    int pivots = 0;
    for (; pivots < n; ++pivots)
    {
        int k = -1;
        for (int i = 0; i < n; ++i)
        {
            if (!used[static_cast<std::size_t>(i)] && (k < 0 || s[i * n + i] > s[k * n + k]))
            {
                k = i;
            }
        }
        if (!(s[k * n + k] > floor))
        {
            break;
        }
        used[static_cast<std::size_t>(k)] = true;
        order[static_cast<std::size_t>(pivots)] = k;
        for (int r = 0; r < n; ++r)
        {
            if (used[static_cast<std::size_t>(r)])
            {
                continue;
            }
            const double f = s[r * n + k] / s[k * n + k];
            for (int c = 0; c < n; ++c)
            {
                s[r * n + c] -= f * s[k * n + c];
            }
            b[r] -= f * b[k];
        }
    }
    for (int i = 0; i < n; ++i)
    {
        b[i] = used[static_cast<std::size_t>(i)] ? b[i] : 0.0;
    }
    for (int step = pivots - 1; step >= 0; --step)
    {
        const int k = order[static_cast<std::size_t>(step)];
        double sum = b[k];
        for (int later = step + 1; later < pivots; ++later)
        {
            const int c = order[static_cast<std::size_t>(later)];
            sum -= s[k * n + c] * b[c];
        }
        b[k] = sum / s[k * n + k];
    }
}

// How freely a loop row's two anchors move apart under a unit impulse on the row with no joint
// holding their bodies: the scale against which the tree's share of it is judged noise.
double freeCompliance(const JointTrees& t, const TreeLoop& loop, int row, const SolverBodies& bodies)
{
    double sum = 0.0;
    for (const bool isB : {false, true})
    {
        const std::int32_t node = isB ? loop.nodeB : loop.nodeA;
        if (node < 0)
        {
            continue;
        }
        const SolverVelocity& v =
            bodies.velocities[static_cast<std::size_t>(t.nodes[static_cast<std::size_t>(node)].body)];
        const Vec3 j = loopImpulse(loop, row, isB);
        sum += toDouble(v.invMass) * (j.x * j.x + j.y * j.y) + toDouble(v.invInertia) * j.z * j.z;
    }
    return sum;
}

// Closes the loops over each tree: with the nodes' values solved for the tree alone, finds the
// loops' impulses that make their rows' changes what `wanted` asks (given the tree's), through the
// tree's responses to unit impulses on those rows, and adds what they do to the nodes' values.
// `wanted(loop, row)` is the change a loop row asks for before the tree's. Returns the loops'
// impulses in loopImpulses (two per loop).
template <class Wanted>
void closeLoops(JointTrees& t, const SolverBodies& bodies, Wanted wanted, float* loopImpulses)
{
    for (TreeRange& tree : t.trees)
    {
        if (tree.loops == 0 || !tree.solve)
        {
            continue;
        }
        const std::int32_t size = tree.end - tree.begin;
        const int rows = 2 * std::min(tree.loops, kMaxTreeLoops);
        TreeLoop* loops = &t.loops[static_cast<std::size_t>(tree.firstLoop)];
        // The tree's own solution, kept while the responses are found in the values.
        Vec3* base = &t.responses[static_cast<std::size_t>(tree.firstResponse)];
        for (std::int32_t i = 0; i < size; ++i)
        {
            base[i] = t.values[static_cast<std::size_t>(tree.begin) + static_cast<std::size_t>(i)];
        }
        double s[(2 * kMaxTreeLoops) * (2 * kMaxTreeLoops)] = {};
        double r[2 * kMaxTreeLoops] = {};
        for (int e = 0; e < rows; ++e)
        {
            const TreeLoop& loop = loops[e / 2];
            for (std::int32_t i = 0; i < size; ++i)
            {
                t.values[static_cast<std::size_t>(tree.begin) + static_cast<std::size_t>(i)] = Vec3{};
            }
            if (loop.nodeA >= 0)
            {
                t.values[static_cast<std::size_t>(loop.nodeA)] = loopImpulse(loop, e % 2, false);
            }
            if (loop.nodeB >= 0)
            {
                t.values[static_cast<std::size_t>(loop.nodeB)] = loopImpulse(loop, e % 2, true);
            }
            substitute(t, tree);
            Vec3* response = base + static_cast<std::ptrdiff_t>(size) * (e + 1);
            for (std::int32_t i = 0; i < size; ++i)
            {
                response[i] = t.values[static_cast<std::size_t>(tree.begin) + static_cast<std::size_t>(i)];
            }
        }
        double freest = 0.0;
        for (int e = 0; e < rows; ++e)
        {
            const TreeLoop& loop = loops[e / 2];
            freest = std::max(freest, freeCompliance(t, loop, e % 2, bodies));
            r[e] = toDouble(wanted(loop, e % 2)) - loopRowTimes(loop, e % 2, base, tree.begin);
            for (int f = 0; f < rows; ++f)
            {
                s[e * rows + f] =
                    loopRowTimes(loop, e % 2, base + static_cast<std::ptrdiff_t>(size) * (f + 1), tree.begin);
            }
        }
        solveLoopSystem(s, r, rows, kLoopNoise * freest);
        for (std::int32_t i = 0; i < size; ++i)
        {
            Vec3 value = base[i];
            for (int f = 0; f < rows; ++f)
            {
                const Vec3 response = base[static_cast<std::ptrdiff_t>(size) * (f + 1) + i];
                value = value + Vec3{r[f] * response.x, r[f] * response.y, r[f] * response.z};
            }
            t.values[static_cast<std::size_t>(tree.begin) + static_cast<std::size_t>(i)] = value;
        }
        for (int e = 0; e < rows; ++e)
        {
            loopImpulses[2 * (loops - t.loops.data()) + e] = static_cast<float>(r[e]);
        }
    }
}

// Factors the trees as the bodies are now and solves those marked (TreeRange::solve) for the
// velocities the pass asks of them.
void solveOnce(WorldState& w, JointTrees& t, const StepContext& ctx)
{
    refactor(w, t);
    for (const TreeRange& tree : t.trees)
    {
        if (!tree.solve)
        {
            continue;
        }
        for (auto n = static_cast<std::size_t>(tree.begin); n < static_cast<std::size_t>(tree.end); ++n)
        {
            const JointTreeNode& node = t.nodes[n];
            t.values[n] = Vec3{};
            if (node.joint >= 0)
            {
                t.values[n] = wantedChange(w, node, ctx);
                keepAwakeWhileCapped(w, recordOf(w, node), ctx);
            }
        }
    }
    substituteMarked(w, t);
    if (t.loops.empty())
    {
        return;
    }
    const SolverBodies& bodies = w.solverBodies;
    const auto wanted = [&](const TreeLoop& loop, int row)
    {
        const JointFrame& f = frameOf(w, loop.joint);
        const SolverVelocity& a = bodies.velocities[static_cast<std::size_t>(f.indexA)];
        const SolverVelocity& b = bodies.velocities[static_cast<std::size_t>(f.indexB)];
        const Vec2 speed = (b.v + cross(b.w, loop.anchorB)) - (a.v + cross(a.w, loop.anchorA));
        Vec2 change = -speed;
        if (ctx.useBias)
        {
            change -= ctx.jointSoftness.biasRate * currentSeparation(f, bodies, loop.anchorA, loop.anchorB);
        }
        return row == 0 ? change.x : change.y;
    };
    closeLoops(t, w.solverBodies, wanted, t.loopImpulses.data());
}

// The relax pass's projection, solved over the whole tree at once: the bodies are moved, as
// position impulses at the joints would move them, until every shared point of the tree is
// drifted by no more than kJointProjectionSlop (to first order in the turns). Velocities are left
// alone.
void projectTrees(WorldState& w, JointTrees& t)
{
    SolverBodies& bodies = w.solverBodies;
    const auto excessOf = [&](const JointFrame& f, Vec2 rA, Vec2 rB)
    {
        const Vec2 separation = currentSeparation(f, bodies, rA, rB);
        const float gap = length(separation);
        return gap > kJointProjectionSlop ? ((gap - kJointProjectionSlop) / gap) * separation : Vec2{};
    };
    const auto drifted = [&](const JointFrame& f)
    {
        const Vec2 excess = excessOf(f, currentAnchorA(f, bodies), currentAnchorB(f, bodies));
        return excess.x != 0.0f || excess.y != 0.0f;
    };
    // Most passes find nothing drifted: then nothing is factored for the projection.
    const bool nodeDrifted = std::any_of(t.nodes.begin(), t.nodes.end(),
                                         [&](const JointTreeNode& node)
                                         { return node.joint >= 0 && drifted(frameOf(w, node.joint)); });
    const bool loopDrifted =
        std::any_of(t.loops.begin(), t.loops.end(),
                    [&](const TreeLoop& loop) { return drifted(frameOf(w, loop.joint)); });
    if (!nodeDrifted && !loopDrifted)
    {
        return;
    }
    for (JointTreeNode& node : t.nodes)
    {
        node.turn = false;
    }
    t.turnsFoundFor = {};
    solveEveryTree(t);
    refactor(w, t);
    for (std::size_t n = 0; n < t.nodes.size(); ++n)
    {
        const JointTreeNode& node = t.nodes[n];
        t.values[n] = Vec3{};
        if (node.joint >= 0)
        {
            const Vec2 excess = excessOf(frameOf(w, node.joint), node.anchorA, node.anchorB);
            t.values[n] = toVec3(-excess, 0.0f);
        }
    }
    substituteMarked(w, t);
    if (!t.loops.empty())
    {
        const auto wanted = [&](const TreeLoop& loop, int row)
        {
            const JointFrame& f = frameOf(w, loop.joint);
            const Vec2 excess = excessOf(f, loop.anchorA, loop.anchorB);
            return row == 0 ? -excess.x : -excess.y;
        };
        closeLoops(t, w.solverBodies, wanted, t.loopImpulses.data());
    }
    for (std::size_t n = 0; n < t.nodes.size(); ++n)
    {
        if (t.nodes[n].joint < 0)
        {
            moveBody(bodies, t.nodes[n].body, pointOf(t.values[n]), static_cast<float>(t.values[n].z));
        }
    }
}

// Parents came first; the elimination wants children first. Reverses the nodes (and the trees'
// ranges), and counts each node's children and notes its tree.
void orderForElimination(JointTrees& t)
{
    std::reverse(t.nodes.begin(), t.nodes.end());
    const auto count = static_cast<std::int32_t>(t.nodes.size());
    for (JointTreeNode& node : t.nodes)
    {
        node.parent = node.parent >= 0 ? count - 1 - node.parent : -1;
    }
    for (const JointTreeNode& node : t.nodes)
    {
        if (node.parent >= 0)
        {
            ++t.nodes[static_cast<std::size_t>(node.parent)].children;
        }
    }
    std::reverse(t.trees.begin(), t.trees.end());
    for (std::size_t i = 0; i < t.trees.size(); ++i)
    {
        TreeRange& range = t.trees[i];
        range = {count - range.end, count - range.begin, 0, 0};
        for (std::int32_t n = range.begin; n < range.end; ++n)
        {
            t.nodes[static_cast<std::size_t>(n)].tree = static_cast<std::int32_t>(i);
        }
    }
}

// The joints that close a loop over one tree (or from it to the ground), up to kMaxTreeLoops a
// tree, grouped by tree; the others stay with the one-at-a-time passes.
void pickLoops(WorldState& w, JointTrees& t)
{
    t.nodeOf.assign(w.solverBodies.velocities.size(), -1);
    for (std::size_t n = 0; n < t.nodes.size(); ++n)
    {
        if (t.nodes[n].joint < 0)
        {
            t.nodeOf[static_cast<std::size_t>(t.nodes[n].body)] = static_cast<std::int32_t>(n);
        }
    }
    for (const std::int32_t k : t.loopCandidates)
    {
        const JointTrees::Pair p = t.pairs[static_cast<std::size_t>(k)];
        TreeLoop loop;
        loop.joint = k;
        loop.nodeA = p.a > 0 ? t.nodeOf[static_cast<std::size_t>(p.a)] : -1;
        loop.nodeB = p.b > 0 ? t.nodeOf[static_cast<std::size_t>(p.b)] : -1;
        const std::int32_t treeA = loop.nodeA >= 0 ? t.nodes[static_cast<std::size_t>(loop.nodeA)].tree : -1;
        const std::int32_t treeB = loop.nodeB >= 0 ? t.nodes[static_cast<std::size_t>(loop.nodeB)].tree : -1;
        loop.tree = treeA >= 0 ? treeA : treeB;
        const bool oneTree = loop.tree >= 0 && (treeA < 0 || treeB < 0 || treeA == treeB);
        if (!oneTree || t.trees[static_cast<std::size_t>(loop.tree)].loops == kMaxTreeLoops)
        {
            continue;
        }
        ++t.trees[static_cast<std::size_t>(loop.tree)].loops;
        w.joints.frames[static_cast<std::size_t>(k)].treeLoop = true;
        t.loops.push_back(loop);
    }
    std::sort(t.loops.begin(), t.loops.end(),
              [](const TreeLoop& a, const TreeLoop& b)
              { return a.tree != b.tree ? a.tree < b.tree : a.joint < b.joint; });
    // Room for each looped tree's own solution and its loop rows' responses.
    std::int32_t responses = 0;
    std::int32_t loops = 0;
    for (TreeRange& range : t.trees)
    {
        range.firstLoop = loops;
        loops += range.loops;
        if (range.loops > 0)
        {
            range.firstResponse = responses;
            responses += (range.end - range.begin) * (1 + 2 * range.loops);
        }
    }
    t.responses.resize(static_cast<std::size_t>(responses));
    t.loopImpulses.assign(2 * t.loops.size(), 0.0f);
}

} // namespace

void projectJointTrees(StepContext& ctx)
{
    if (!ctx.world.jointTrees.nodes.empty())
    {
        projectTrees(ctx.world, ctx.world.jointTrees);
    }
}

// Last step's trees for the same picks: the nodes, ranges and loops are a function of the picks
// alone, so only what each step sets afresh is reset (the factors are found again in any case).
void keepTrees(WorldState& w, JointTrees& t)
{
    for (const TreeLoop& loop : t.loops)
    {
        w.joints.frames[static_cast<std::size_t>(loop.joint)].treeLoop = true;
    }
    std::fill(t.loopImpulses.begin(), t.loopImpulses.end(), 0.0f);
}

void buildJointTrees(StepContext& ctx)
{
    WorldState& w = ctx.world;
    JointTrees& t = w.jointTrees;
    t.factoredFor = {};
    t.turnsFoundFor = {};
    // Sized by the world's joints and bodies, not this step's, so that the trees growing as bodies
    // wake does not allocate once the world has been stepped.
    const std::size_t joints = w.joints.records.size();
    const std::size_t slots = w.records.size() + 1;
    t.nodes.reserve(2 * joints + 1);
    t.values.reserve(2 * joints + 1);
    t.factors.reserve(2 * joints + 1);
    t.treeJoints.reserve(joints);
    t.pairs.reserve(joints);
    t.previousPairs.reserve(joints);
    t.trees.reserve(joints);
    t.loopCandidates.reserve(joints);
    t.loops.reserve(joints);
    t.edges.reserve(2 * joints);
    t.sets.reserve(slots);
    t.firstEdge.reserve(slots + 1);
    t.cursor.reserve(slots);
    t.visited.reserve(slots);
    t.meshes.reserve(slots);
    t.counts.reserve(2 * slots);
    if (pickTreeJoints(w, t) && t.built)
    {
        keepTrees(w, t);
        return;
    }
    t.nodes.clear();
    t.trees.clear();
    t.loops.clear();
    t.lanes.batches.clear();
    t.built = true;
    if (t.treeJoints.empty())
    {
        return;
    }
    linkBodies(t, w.solverBodies.velocities.size());
    t.visited.assign(w.solverBodies.velocities.size(), 0);
    // Trees that reach the ground are rooted at the joint that does; the rest at a body.
    const auto grow = [&](std::int32_t slot, bool fromGround, std::int32_t k)
    {
        TreeRange range;
        range.begin = static_cast<std::int32_t>(t.nodes.size());
        growTree(t, slot, fromGround ? addNode(t, -1, 0, k) : -1);
        range.end = static_cast<std::int32_t>(t.nodes.size());
        t.trees.push_back(range);
    };
    for (const std::int32_t k : t.treeJoints)
    {
        const JointTrees::Pair p = t.pairs[static_cast<std::size_t>(k)];
        if (p.a == 0 || p.b == 0)
        {
            grow(p.a == 0 ? p.b : p.a, true, k);
        }
    }
    for (const std::int32_t k : t.treeJoints)
    {
        const std::int32_t a = t.pairs[static_cast<std::size_t>(k)].a;
        if (t.visited[static_cast<std::size_t>(a)] == 0)
        {
            grow(a, false, k);
        }
    }
    orderForElimination(t);
    t.values.resize(t.nodes.size());
    t.factors.resize(t.nodes.size());
    pickLoops(w, t);
    batchTrees(t);
}

void solveJointTrees(StepContext& ctx)
{
    WorldState& w = ctx.world;
    JointTrees& t = w.jointTrees;
    if (t.nodes.empty())
    {
        return;
    }
    SolverBodies& bodies = w.solverBodies;
    // The turn rows that hold follow from the poses (and the limits let go, whose rows the last
    // pass already dropped): between one substep's relax and the next substep's push they stand.
    if (!t.turnsFoundFor.holdsFor(bodies.poseVersion))
    {
        for (JointTreeNode& node : t.nodes)
        {
            node.turn = node.joint >= 0 &&
                        treeTurnRowOf(w.joints.records[w.joints.solved[static_cast<std::size_t>(node.joint)]],
                                      frameOf(w, node.joint), ctx, bodies);
        }
        t.turnsFoundFor.stamp(bodies.poseVersion);
    }
    solveEveryTree(t);
    solveOnce(w, t, ctx);
    // A turn row that is a limit may only push. Where the solve pulled on one, it is let go for the
    // rest of the step and its tree solved again without it (the limit's own one-at-a-time solve
    // still holds it if it must); the other trees' solutions stand.
    bool again = false;
    for (TreeRange& tree : t.trees)
    {
        tree.solve = false;
        for (auto n = static_cast<std::size_t>(tree.begin); n < static_cast<std::size_t>(tree.end); ++n)
        {
            JointTreeNode& node = t.nodes[n];
            if (node.joint >= 0 && node.turn &&
                !treeTurnPushesOf(recordOf(w, node), -static_cast<float>(t.values[n].z)))
            {
                releaseTreeTurnOf(w.joints.records[w.joints.solved[static_cast<std::size_t>(node.joint)]]);
                node.turn = false;
                tree.solve = true;
                again = true;
            }
        }
    }
    if (again)
    {
        solveOnce(w, t, ctx);
    }
    for (std::size_t n = 0; n < t.nodes.size(); ++n)
    {
        const JointTreeNode& node = t.nodes[n];
        const Vec3 value = t.values[n];
        if (node.joint < 0)
        {
            SolverVelocity& v = bodies.velocities[static_cast<std::size_t>(node.body)];
            v.v += pointOf(value);
            v.w += static_cast<float>(value.z);
        }
        else
        {
            addTreeImpulseOf(w.joints.records[w.joints.solved[static_cast<std::size_t>(node.joint)]],
                             -pointOf(value), node.turn ? -static_cast<float>(value.z) : 0.0f);
        }
    }
    for (std::size_t i = 0; i < t.loops.size(); ++i)
    {
        addTreeImpulseOf(w.joints.records[w.joints.solved[static_cast<std::size_t>(t.loops[i].joint)]],
                         Vec2{t.loopImpulses[2 * i], t.loopImpulses[2 * i + 1]}, 0.0f);
    }
}

} // namespace oblique::detail
