// Joint trees (soft step): the cases their exact solve must get right besides the loads the joint
// tests measure. A tree hung from a moving kinematic body, bodies that cannot turn, a limit that
// must let go, a mesh left to the one-at-a-time passes, loops over one tree and loops between two.

#include "joint_support.hpp"
#include "oblique/world.hpp"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <vector>

namespace oblique::test
{
namespace
{

constexpr float kDt = 1.0f / 60.0f;

float widestGap(const World& world, const std::vector<JointId>& joints)
{
    float widest = 0.0f;
    for (const JointId j : joints)
    {
        widest = std::max(widest, distance(world.jointAnchorA(j), world.jointAnchorB(j)));
    }
    return widest;
}

bool allFinite(const World& world, const std::vector<BodyId>& bodies)
{
    return std::all_of(bodies.begin(), bodies.end(),
                       [&](BodyId b)
                       { return isFinite(world.position(b)) && std::isfinite(world.angle(b)); });
}

// Steps the world, checking that every body stays finite; returns the widest gap any joint opened.
float widestGapOver(World& world, const std::vector<BodyId>& bodies, const std::vector<JointId>& joints,
                    int steps)
{
    float widest = 0.0f;
    for (int i = 0; i < steps; ++i)
    {
        world.step(kDt);
        if (!allFinite(world, bodies))
        {
            ADD_FAILURE() << "a body went non-finite at step " << i;
            return std::numeric_limits<float>::infinity();
        }
        widest = std::max(widest, widestGap(world, joints));
    }
    return widest;
}

struct Chain
{
    std::vector<BodyId> links;
    std::vector<JointId> hinges;
};

// Links of 0.5 m along +x from `anchor`'s pivot, each hinged to the one before.
Chain chainFrom(World& world, BodyId anchor, Vec2 pivot, int count, bool fixedRotation = false)
{
    Chain chain;
    BodyId previous = anchor;
    for (int i = 0; i < count; ++i)
    {
        const Vec2 joint = pivot + Vec2{0.5f * static_cast<float>(i), 0.0f};
        BodyDef def = bodyAt(BodyType::Dynamic, joint + Vec2{0.25f, 0.0f});
        def.fixedRotation = fixedRotation && i % 2 == 1;
        const BodyId link = world.createBody(def, boxShape({0.25f, 0.05f}));
        chain.hinges.push_back(world.createJoint(
            {.bodyA = previous, .bodyB = link, .params = RevoluteJointDef{.anchor = joint}}));
        chain.links.push_back(link);
        previous = link;
    }
    return chain;
}

// A chain hung from a kinematic body moving sideways and turning: the kinematic body is the tree's
// ground, its motion fed through the joint's speed. The chain follows it, together.
TEST(JointTrees, AChainFollowsTheKinematicBodyItHangsFrom)
{
    World world = worldFor(Solver::SoftStep);
    const BodyId carrier =
        world.createBody(bodyAt(BodyType::Kinematic, {0.0f, 10.0f}), boxShape({0.2f, 0.2f}));
    world.setLinearVelocity(carrier, {2.0f, 0.0f});
    world.setAngularVelocity(carrier, 0.5f);
    const Chain chain = chainFrom(world, carrier, {0.0f, 10.0f}, 10);
    const float widest = widestGapOver(world, chain.links, chain.hinges, 180);
    report("chain on a kinematic body: widest gap, m", Solver::SoftStep, widest);
    EXPECT_LT(widest, 0.01f);
    // The first hinge is on the carrier, which has moved 6 m.
    EXPECT_NEAR(world.jointAnchorB(chain.hinges.front()).x, world.position(carrier).x, 0.01f);
}

// Every other link cannot turn (an infinite rotational inertia, a zero inverse): the tree's blocks
// for those bodies have no inverse mass to turn with, and must still solve.
TEST(JointTrees, BodiesThatCannotTurnHoldInATree)
{
    World world = worldFor(Solver::SoftStep);
    const BodyId pivot = world.createBody(bodyAt(BodyType::Static, {0.0f, 10.0f}), boxShape({0.05f, 0.05f}));
    const Chain chain = chainFrom(world, pivot, {0.0f, 10.0f}, 8, true);
    const float widest = widestGapOver(world, chain.links, chain.hinges, 300);
    report("chain with links that cannot turn: widest gap, m", Solver::SoftStep, widest);
    EXPECT_LT(widest, 0.01f);
    EXPECT_FLOAT_EQ(world.angle(chain.links[1]), 0.0f);
}

// An arm resting on its hinge's lower limit, then thrown upward: the limit, held in the tree while
// the arm rests on it, lets go at once instead of pulling it back.
TEST(JointTrees, ALimitInATreeLetsGo)
{
    World world = worldFor(Solver::SoftStep);
    const BodyId pivot = world.createBody(bodyAt(BodyType::Static, {0.0f, 5.0f}), boxShape({0.05f, 0.05f}));
    const BodyId arm = world.createBody(bodyAt(BodyType::Dynamic, {0.5f, 5.0f}), boxShape({0.5f, 0.05f}));
    const JointId hinge = world.createJoint(
        {.bodyA = pivot,
         .bodyB = arm,
         .params = RevoluteJointDef{
             .anchor = {0.0f, 5.0f}, .enableLimit = true, .lowerAngle = -0.3f, .upperAngle = 1.5f}});
    for (int i = 0; i < 120; ++i)
    {
        world.step(kDt);
    }
    EXPECT_NEAR(world.jointAngle(hinge), -0.3f, 0.005f);
    // Thrown up at 6 rad/s about the pivot, the arm must swing up as a free pendulum would: its
    // centre rising by (1/2) I w^2 / (m g), I about the pivot.
    const float w = 6.0f;
    world.setAngularVelocity(arm, w);
    world.setLinearVelocity(arm, cross(w, world.worldCenter(arm) - Vec2{0.0f, 5.0f}));
    const float m = world.mass(arm);
    const float pivotInertia = world.inertia(arm) + m * 0.25f;
    const float rise = 0.5f * pivotInertia * w * w / (m * kGravity);
    const float startHeight = world.worldCenter(arm).y;
    float highest = startHeight;
    for (int i = 0; i < 60; ++i)
    {
        world.step(kDt);
        highest = std::max(highest, world.worldCenter(arm).y);
    }
    report("limit let go: rise / a free pendulum's", Solver::SoftStep, (highest - startHeight) / rise);
    EXPECT_GT(highest - startHeight, 0.9f * rise);
    EXPECT_LT(highest - startHeight, 1.0f * rise);
}

// A 12 x 12 grid of bodies hinged to their neighbours: a mesh, its loops as many as its tree
// joints, left to the one-at-a-time passes. It hangs from its top row and keeps together.
TEST(JointTrees, AMeshHangsTogether)
{
    World world = worldFor(Solver::SoftStep);
    const int n = 12;
    std::vector<BodyId> bodies;
    std::vector<JointId> joints;
    for (int row = 0; row < n; ++row)
    {
        for (int column = 0; column < n; ++column)
        {
            const Vec2 at{static_cast<float>(column), 20.0f - static_cast<float>(row)};
            const BodyType type = row == 0 ? BodyType::Static : BodyType::Dynamic;
            ShapeDef circle = circleShape(0.4f);
            const BodyId body = world.createBody(bodyAt(type, at), circle);
            if (row > 0)
            {
                joints.push_back(
                    world.createJoint({.bodyA = bodies[static_cast<std::size_t>((row - 1) * n + column)],
                                       .bodyB = body,
                                       .params = RevoluteJointDef{.anchor = at + Vec2{0.0f, 0.5f}}}));
            }
            if (column > 0 && row > 0)
            {
                joints.push_back(
                    world.createJoint({.bodyA = bodies.back(),
                                       .bodyB = body,
                                       .params = RevoluteJointDef{.anchor = at - Vec2{0.5f, 0.0f}}}));
            }
            bodies.push_back(body);
        }
    }
    const float widest = widestGapOver(world, bodies, joints, 240);
    report("12 x 12 mesh: widest gap, m", Solver::SoftStep, widest);
    EXPECT_LT(widest, 0.01f); // 2.0 mm measured
}

// Two chains from two pivots whose ends are hinged together: the joining hinge closes a loop through
// the ground between two trees, so it is solved one at a time; the rope of both still holds.
TEST(JointTrees, ALoopBetweenTwoTreesHolds)
{
    World world = worldFor(Solver::SoftStep);
    const BodyId left = world.createBody(bodyAt(BodyType::Static, {0.0f, 10.0f}), boxShape({0.05f, 0.05f}));
    const BodyId right = world.createBody(bodyAt(BodyType::Static, {6.0f, 10.0f}), boxShape({0.05f, 0.05f}));
    const Chain a = chainFrom(world, left, {0.0f, 10.0f}, 6);
    Chain b;
    BodyId previous = right;
    for (int i = 0; i < 6; ++i)
    {
        const Vec2 joint{6.0f - 0.5f * static_cast<float>(i), 10.0f};
        const BodyId link =
            world.createBody(bodyAt(BodyType::Dynamic, joint - Vec2{0.25f, 0.0f}), boxShape({0.25f, 0.05f}));
        b.hinges.push_back(world.createJoint(
            {.bodyA = previous, .bodyB = link, .params = RevoluteJointDef{.anchor = joint}}));
        b.links.push_back(link);
        previous = link;
    }
    // The two chains meet at x = 3: a rope of 12 links, 6 m long, between posts 6 m apart, taut.
    std::vector<JointId> all = a.hinges;
    all.insert(all.end(), b.hinges.begin(), b.hinges.end());
    all.push_back(world.createJoint({.bodyA = a.links.back(),
                                     .bodyB = b.links.back(),
                                     .params = RevoluteJointDef{.anchor = {3.0f, 10.0f}}}));
    std::vector<BodyId> links = a.links;
    links.insert(links.end(), b.links.begin(), b.links.end());
    const float widest = widestGapOver(world, links, all, 240);
    report("two chains joined: widest gap, m", Solver::SoftStep, widest);
    // A taut rope under its own weight whose middle hinge is a 60 Hz spring: 1.2 cm measured.
    EXPECT_LT(widest, 0.03f);
}

} // namespace
} // namespace oblique::test
