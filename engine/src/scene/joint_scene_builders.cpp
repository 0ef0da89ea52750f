// The jointed standard scenes: a net of hinged balls and a pile of ragdolls, the joint benchmarks'
// scenes (as in Box2D v3's joint grid and ragdoll samples, built our own way).

#include "oblique/scene_builders.hpp"
#include "scene_body_makers.hpp"

#include <string>
#include <vector>

namespace oblique::scenes
{

namespace
{

using detail::ball;
using detail::box;
using detail::staticBox;

SceneJoint hinge(int a, int b, Vec2 anchor, float lower = 0.0f, float upper = 0.0f)
{
    SceneJoint j;
    j.bodyA = a;
    j.bodyB = b;
    j.params = RevoluteJointDef{
        .anchor = anchor, .enableLimit = lower < upper, .lowerAngle = lower, .upperAngle = upper};
    return j;
}

// Adds a body and returns its index.
int add(Scene& s, SceneBody body)
{
    s.bodies.push_back(std::move(body));
    return static_cast<int>(s.bodies.size()) - 1;
}

// One ragdoll standing with its feet at `feet`: head, torso, two-part arms and legs, on hinges
// limited as a body bends.
void addRagdoll(Scene& s, Vec2 feet)
{
    const float y = feet.y;
    const int torso = add(s, box({feet.x, y + 1.6f}, {0.2f, 0.4f}));
    const int head = add(s, ball({feet.x, y + 2.2f}, 0.2f));
    s.joints.push_back(hinge(torso, head, {feet.x, y + 2.0f}, -0.5f, 0.5f));
    for (const float side : {-1.0f, 1.0f})
    {
        const float armX = feet.x + 0.28f * side;
        const int upperArm = add(s, box({armX, y + 1.65f}, {0.07f, 0.25f}));
        s.joints.push_back(hinge(torso, upperArm, {armX, y + 1.9f}, -2.5f, 2.5f));
        const int forearm = add(s, box({armX, y + 1.18f}, {0.06f, 0.22f}));
        s.joints.push_back(hinge(upperArm, forearm, {armX, y + 1.4f}, 0.0f, 2.0f));
        const float legX = feet.x + 0.1f * side;
        const int thigh = add(s, box({legX, y + 0.9f}, {0.09f, 0.3f}));
        s.joints.push_back(hinge(torso, thigh, {legX, y + 1.2f}, -1.5f, 0.5f));
        const int shin = add(s, box({legX, y + 0.3f}, {0.08f, 0.3f}));
        s.joints.push_back(hinge(thigh, shin, {legX, y + 0.6f}, -2.0f, 0.0f));
    }
}

} // namespace

Scene jointGrid(int size)
{
    Scene s;
    s.name = "joint grid " + std::to_string(size);
    // Hung by its top row; each ball hinged to the one above it and the one to its left.
    for (int row = 0; row < size; ++row)
    {
        for (int column = 0; column < size; ++column)
        {
            const Vec2 at{static_cast<float>(column), -static_cast<float>(row)};
            SceneBody body = ball(at, 0.4f);
            body.type = row == 0 ? BodyType::Static : BodyType::Dynamic;
            const int index = add(s, body);
            if (row > 0)
            {
                s.joints.push_back(hinge(index - size, index, at + Vec2{0.0f, 0.5f}));
            }
            if (column > 0 && row > 0)
            {
                s.joints.push_back(hinge(index - 1, index, at - Vec2{0.5f, 0.0f}));
            }
        }
    }
    return s;
}

Scene ragdollPile(int count)
{
    Scene s;
    s.name = "ragdoll pile " + std::to_string(count);
    s.bodies.push_back(ground(20.0f));
    s.bodies.push_back(staticBox({-10.0f, 10.0f}, {0.5f, 10.0f}));
    s.bodies.push_back(staticBox({10.0f, 10.0f}, {0.5f, 10.0f}));
    // Five abreast, each row 2.5 m above the last, so they fall onto one another.
    for (int i = 0; i < count; ++i)
    {
        const float x = -6.0f + 3.0f * static_cast<float>(i % 5);
        const float y = 1.0f + 2.5f * static_cast<float>(i / 5);
        addRagdoll(s, {x + 0.3f * static_cast<float>((i / 5) % 2), y});
    }
    return s;
}

} // namespace oblique::scenes
