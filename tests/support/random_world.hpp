#pragma once
// Random worlds for the determinism checks: bodies of one to three boxes and circles, and joints
// of five types between them, from a generator that gives the same numbers on every compiler and
// standard library (the standard distributions do not promise that).

#include "oblique/joint.hpp"
#include "oblique/shape.hpp"
#include "oblique/world.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace oblique::test
{

// splitmix64.
struct Random
{
    std::uint64_t state;

    std::uint64_t next()
    {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30u)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27u)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31u);
    }
    // In [lo, hi), from 24 random bits: exact in float, the same everywhere.
    float uniform(float lo, float hi)
    {
        const auto bits = static_cast<float>(next() >> 40u);
        return lo + (hi - lo) * (bits * 0x1.0p-24f);
    }
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
};

inline ShapeDef randomShape(Random& random)
{
    ShapeDef shape = random.below(2) == 0 ? boxShape({random.uniform(0.1f, 0.8f), random.uniform(0.1f, 0.8f)})
                                          : circleShape(random.uniform(0.1f, 0.6f));
    shape.friction = random.uniform(0.0f, 1.0f);
    shape.restitution = random.below(4) == 0 ? random.uniform(0.0f, 0.9f) : 0.0f;
    shape.density = random.uniform(0.5f, 5.0f);
    return shape;
}

inline BodyId randomBody(World& world, Random& random)
{
    BodyDef def;
    def.type = random.below(12) == 0 ? BodyType::Kinematic : BodyType::Dynamic;
    def.position = {random.uniform(-12.0f, 12.0f), random.uniform(1.0f, 20.0f)};
    def.angle = random.uniform(-3.0f, 3.0f);
    def.linearVelocity = {random.uniform(-4.0f, 4.0f), random.uniform(-4.0f, 4.0f)};
    def.angularVelocity = random.uniform(-3.0f, 3.0f);
    const BodyId body = world.createBody(def);
    const int shapes = 1 + (random.below(3) == 0 ? random.below(3) : 0);
    for (int k = 0; k < shapes; ++k)
    {
        ShapeDef shape = randomShape(random);
        if (k > 0)
        {
            shape.offset = {random.uniform(-0.8f, 0.8f), random.uniform(-0.8f, 0.8f)};
            shape.angle = shape.kind == ShapeKind::Box ? random.uniform(-1.5f, 1.5f) : 0.0f;
        }
        world.createShape(body, shape);
    }
    return body;
}

// Joins a and b by a joint of a random type when both are dynamic. (A kinematic body moves on
// forever and would drag what it is joined to into the walls, a constraint no solver can meet.)
inline void randomJoint(World& world, Random& random, BodyId a, BodyId b)
{
    if (world.bodyType(a) != BodyType::Dynamic || world.bodyType(b) != BodyType::Dynamic)
    {
        return;
    }
    const Vec2 pa = world.position(a);
    const Vec2 pb = world.position(b);
    const Vec2 mid = 0.5f * (pa + pb);
    JointDef def;
    def.bodyA = a;
    def.bodyB = b;
    switch (random.below(5))
    {
    case 0:
    {
        RevoluteJointDef revolute;
        revolute.anchor = mid;
        revolute.enableLimit = random.below(2) == 0;
        revolute.lowerAngle = -0.5f;
        revolute.upperAngle = 0.7f;
        def.params = revolute;
        break;
    }
    case 1:
    {
        DistanceJointDef distance;
        distance.anchorA = pa;
        distance.anchorB = pb;
        distance.hertz = random.below(2) == 0 ? 0.0f : 3.0f;
        distance.dampingRatio = 0.5f;
        def.params = distance;
        break;
    }
    case 2:
    {
        WeldJointDef weld;
        weld.anchor = mid;
        weld.hertz = random.below(2) == 0 ? 0.0f : 8.0f;
        def.params = weld;
        break;
    }
    case 3:
    {
        PrismaticJointDef prismatic;
        prismatic.anchor = mid;
        prismatic.axis = {random.uniform(-1.0f, 1.0f), 1.0f};
        prismatic.enableLimit = true;
        prismatic.lower = -1.0f;
        prismatic.upper = 1.0f;
        def.params = prismatic;
        break;
    }
    default:
    {
        WheelJointDef wheel;
        wheel.anchor = pb;
        wheel.hertz = 4.0f;
        wheel.dampingRatio = 0.7f;
        wheel.enableMotor = true;
        wheel.motorSpeed = 2.0f;
        wheel.maxMotorTorque = 20.0f;
        def.params = wheel;
        break;
    }
    }
    world.createJoint(def);
}

// A box of walls with random bodies and joints dropped in. Every 40 steps a few bodies are
// destroyed (their joints with them) and new ones created, a shape is taken off one body and one
// added to another, so slots, proxies and contacts are freed and reused.
struct RandomWorld
{
    Random random;
    World world;
    std::vector<BodyId> bodies;

    RandomWorld(std::uint64_t seed, Solver solver) : random{seed}, world(worldDef(solver))
    {
        for (const Vec2 wall : {Vec2{0.0f, -0.5f}, Vec2{-15.0f, 10.0f}, Vec2{15.0f, 10.0f}})
        {
            BodyDef ground;
            ground.type = BodyType::Static;
            ground.position = wall;
            const Vec2 half = wall.y < 0.0f ? Vec2{16.0f, 0.5f} : Vec2{0.5f, 11.0f};
            world.createBody(ground, boxShape(half));
        }
        addBodies(60);
    }

    static WorldDef worldDef(Solver solver)
    {
        WorldDef def;
        def.solver = solver;
        return def;
    }

    void addBodies(int count)
    {
        for (int k = 0; k < count; ++k)
        {
            bodies.push_back(randomBody(world, random));
            if (bodies.size() > 1 && random.below(3) == 0)
            {
                randomJoint(world, random, bodies[bodies.size() - 2], bodies.back());
            }
        }
    }

    // The changes made before the step numbered step (from 1).
    void churn(int step)
    {
        if (step % 40 != 0)
        {
            return;
        }
        for (int k = 0; k < 5 && !bodies.empty(); ++k)
        {
            const auto victim = static_cast<std::size_t>(random.below(static_cast<int>(bodies.size())));
            world.destroyBody(bodies[victim]);
            bodies.erase(bodies.begin() + static_cast<std::ptrdiff_t>(victim));
        }
        addBodies(5);
        // A shape taken off one body and another added to one.
        for (int k = 0; k < 2 && !bodies.empty(); ++k)
        {
            const BodyId body =
                bodies[static_cast<std::size_t>(random.below(static_cast<int>(bodies.size())))];
            const std::vector<ShapeId> shapes = world.shapes(body);
            if (k == 0 && shapes.size() > 1)
            {
                world.destroyShape(shapes.back());
            }
            else if (k == 1)
            {
                ShapeDef extra = circleShape(random.uniform(0.1f, 0.3f));
                extra.offset = {random.uniform(-0.5f, 0.5f), random.uniform(-0.5f, 0.5f)};
                world.createShape(body, extra);
            }
        }
    }

    void step(int step)
    {
        churn(step);
        world.step(1.0f / 60.0f);
    }
};

// The fastest any body of the seed's world went over its first `steps` steps; infinity once one
// left float range.
inline float topSpeed(std::uint64_t seed, Solver solver, int steps)
{
    RandomWorld random(seed, solver);
    float top = 0.0f;
    for (int step = 1; step <= steps; ++step)
    {
        random.step(step);
        for (const BodyId body : random.bodies)
        {
            const float speed = length(random.world.linearVelocity(body));
            top = std::isfinite(speed) ? std::max(top, speed) : INFINITY;
        }
    }
    return top;
}

} // namespace oblique::test
