// Conservation laws: free collisions keep total linear and angular momentum, and with restitution
// zero no scenario ever gains energy from one step to the next. Checked in both engines.

#include "world_scenes.hpp"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <string>

namespace oblique::test
{
namespace
{

// What one body contributes, in either engine.
struct Motion
{
    float mass;
    float inertia;
    Vec2 position;
    Vec2 velocity;
    float angularVelocity;
};

Motion obliqueMotion(const TwinWorlds& twins, int i)
{
    const World& w = twins.world();
    const BodyId id = twins.id(i);
    return {w.mass(id), w.inertia(id), w.position(id), w.linearVelocity(id), w.angularVelocity(id)};
}

Motion box2dMotion(const TwinWorlds& twins, int i)
{
    const b2Body& b = twins.box2d().body(i);
    // Each body's origin is its centre of mass, so GetInertia() is the inertia about the centre.
    return {b.GetMass(),
            b.GetInertia(),
            {b.GetPosition().x, b.GetPosition().y},
            {b.GetLinearVelocity().x, b.GetLinearVelocity().y},
            b.GetAngularVelocity()};
}

struct Totals
{
    Vec2 linear;    ///< total linear momentum, kg m/s
    double angular; ///< total angular momentum about the origin, kg m^2/s
    double energy;  ///< kinetic plus gravitational potential energy, J
};

template <typename MotionOf>
Totals totals(const TwinWorlds& twins, MotionOf motionOf)
{
    Totals t{{}, 0.0, 0.0};
    const Vec2 gravity = twins.scene().world.gravity;
    for (int i = 0; i < twins.bodyCount(); ++i)
    {
        if (twins.scene().bodies[static_cast<std::size_t>(i)].type != BodyType::Dynamic)
        {
            continue;
        }
        const Motion m = motionOf(twins, i);
        // Summed in double so the totals' own rounding stays far below what is being measured.
        const double mass = m.mass;
        const double inertia = m.inertia;
        const double w = m.angularVelocity;
        t.linear += m.mass * m.velocity;
        t.angular += mass * static_cast<double>(cross(m.position, m.velocity)) + inertia * w;
        t.energy += 0.5 * mass * static_cast<double>(lengthSquared(m.velocity)) + 0.5 * inertia * w * w -
                    mass * static_cast<double>(dot(gravity, m.position));
    }
    return t;
}

Scene freeScene(std::string name, std::vector<SceneBody> bodies)
{
    Scene scene = makeScene(std::move(name), std::move(bodies));
    scene.world.gravity = {0.0f, 0.0f};
    return scene;
}

SceneBody moving(SceneBody b, Vec2 velocity, float angularVelocity = 0.0f)
{
    b.linearVelocity = velocity;
    b.angularVelocity = angularVelocity;
    return b;
}

// Free collisions: no gravity, no static bodies, every pair of different masses and sizes.
std::vector<Scene> freeCollisions()
{
    std::vector<Scene> scenes;
    {
        // Two boxes meeting off-centre, so the impact also sets them spinning.
        SceneBody a = moving(sceneBox(BodyType::Dynamic, {-2.0f, 0.0f}, {0.5f, 0.5f}), {4.0f, 0.0f});
        SceneBody b =
            moving(sceneBox(BodyType::Dynamic, {1.0f, 0.4f}, {0.4f, 0.6f}, 0.3f), {-1.0f, 0.5f}, 1.0f);
        b.density = 2.0f;
        b.restitution = 0.3f;
        scenes.push_back(freeScene("two boxes off-centre", {a, b}));
    }
    {
        // A ball glancing off a spinning box, with friction dragging on the contact.
        SceneBody a = moving(sceneBall(BodyType::Dynamic, {-2.0f, 0.6f}, 0.4f), {5.0f, 0.0f}, -3.0f);
        a.density = 3.0f;
        SceneBody b =
            moving(sceneBox(BodyType::Dynamic, {1.0f, 0.0f}, {0.7f, 0.3f}, -0.2f), {0.0f, 0.0f}, 2.0f);
        b.friction = 1.0f;
        scenes.push_back(freeScene("ball glancing off a box", {a, b}));
    }
    {
        // Eight bodies thrown at one another from a ring, with a net drift to the right.
        std::vector<SceneBody> bodies;
        for (int i = 0; i < 8; ++i)
        {
            const float phi = 2.0f * kPi * static_cast<float>(i) / 8.0f;
            const Vec2 at{3.0f * std::cos(phi), 3.0f * std::sin(phi)};
            SceneBody b = i % 2 == 0 ? sceneBox(BodyType::Dynamic, at,
                                                {0.3f + 0.05f * static_cast<float>(i), 0.4f}, phi)
                                     : sceneBall(BodyType::Dynamic, at, 0.3f + 0.03f * static_cast<float>(i));
            b.density = 1.0f + 0.25f * static_cast<float>(i);
            bodies.push_back(moving(b, -1.5f * at + Vec2{1.0f, 0.0f}, 0.5f * static_cast<float>(i - 4)));
        }
        scenes.push_back(freeScene("ring of eight", std::move(bodies)));
    }
    return scenes;
}

struct MomentumErrors
{
    float linear = 0.0f;  ///< worst |P - P0| / |P0| over the run
    double angular = 0.0; ///< worst |L - L0| / |L0| over the run
    bool collided = false;
};

template <typename MotionOf>
MomentumErrors momentumErrors(const Scene& scene, MotionOf motionOf)
{
    TwinWorlds twins(scene);
    const Totals start = totals(twins, motionOf);
    MomentumErrors e;
    for (int step = 0; step < 120; ++step)
    {
        twins.step();
        const Totals now = totals(twins, motionOf);
        e.linear = std::max(e.linear, length(now.linear - start.linear) / length(start.linear));
        e.angular = std::max(e.angular, std::fabs(now.angular - start.angular) / std::fabs(start.angular));
        // Something hit something: a body's velocity changed.
        for (int i = 0; i < twins.bodyCount(); ++i)
        {
            e.collided =
                e.collided || distance(motionOf(twins, i).velocity,
                                       scene.bodies[static_cast<std::size_t>(i)].linearVelocity) > 0.1f;
        }
    }
    return e;
}

Scene solvedBy(Scene scene, Solver solver)
{
    scene.world.solver = solver;
    return scene;
}

TEST(WorldConservation, FreeCollisionsKeepMomentum)
{
    for (const Scene& freeScene : freeCollisions())
    {
        const Scene scene = solvedBy(freeScene, Solver::Ngs);
        const MomentumErrors o = momentumErrors(scene, obliqueMotion);
        const MomentumErrors b = momentumErrors(scene, box2dMotion);
        const MomentumErrors soft = momentumErrors(solvedBy(freeScene, Solver::SoftStep), obliqueMotion);
        reportMeasure(scene.name + ": rel. linear momentum error", o.linear, b.linear);
        reportMeasure(scene.name + ": rel. angular momentum error", o.angular, b.angular);
        reportMeasure(scene.name + ": soft step, rel. linear momentum error", soft.linear);
        reportMeasure(scene.name + ": soft step, rel. angular momentum error", soft.angular);
        EXPECT_TRUE(o.collided && b.collided && soft.collided)
            << scene.name << ": the bodies never met, the scenario proves nothing";
        // Contact impulses act in equal and opposite pairs, so only float rounding is left.
        EXPECT_LE(o.linear, 1e-4f) << scene.name << ": oblique";
        EXPECT_LE(b.linear, 1e-4f) << scene.name << ": Box2D";
        EXPECT_LE(soft.linear, 1e-4f) << scene.name << ": oblique, soft step";
        // Position correction moves the two bodies of an overlapping pair apart without touching
        // their velocities, which shifts sum(m r x v) by the correction times the pair's sliding
        // speed: Box2D loses up to 1.4% that way here. Soft step applies each impulse at anchors
        // fixed at the start of the step while the bodies move through its substeps, so the two
        // bodies' lever arms differ by their relative motion within the step (up to 1.1% here).
        // Bounded at 2%, a wrong lever arm or a one-sided impulse would show as tens of percent.
        EXPECT_LE(o.angular, 0.02) << scene.name << ": oblique";
        EXPECT_LE(b.angular, 0.02) << scene.name << ": Box2D";
        EXPECT_LE(soft.angular, 0.02) << scene.name << ": oblique, soft step";

        // The velocity solver alone applies each impulse at one point to both bodies, so it keeps
        // angular momentum as exactly as linear momentum.
        Scene velocityOnly = scene;
        velocityOnly.world.positionIterations = 0;
        const MomentumErrors ov = momentumErrors(velocityOnly, obliqueMotion);
        const MomentumErrors bv = momentumErrors(velocityOnly, box2dMotion);
        reportMeasure(scene.name + ": same, no position correction", ov.angular, bv.angular);
        EXPECT_LE(ov.angular, 1e-4) << scene.name << ": oblique";
        EXPECT_LE(bv.angular, 1e-4) << scene.name << ": Box2D";
        EXPECT_LE(ov.linear, 1e-4f) << scene.name << ": oblique";
    }
}

// Scenarios with restitution zero everywhere (the default material). In the first kind each body
// meets one thing at a time, so the velocity solver's answer is exact; the piles need many
// iterations to converge.
struct InelasticScene
{
    Scene scene;
    bool pile;
};

std::vector<InelasticScene> inelasticScenes()
{
    std::vector<InelasticScene> scenes;
    scenes.push_back(
        {makeScene("dropped box", {ground(), sceneBox(BodyType::Dynamic, {0.0f, 2.0f}, {0.5f, 0.5f})}),
         false});
    scenes.push_back({makeScene("tilted box tumbling",
                                {ground(), sceneBox(BodyType::Dynamic, {0.0f, 2.0f}, {0.8f, 0.3f}, 0.5f)}),
                      false});
    scenes.push_back(
        {makeScene("box sliding to a stop",
                   {ground(), moving(sceneBox(BodyType::Dynamic, {0.0f, 0.5f}, {0.5f, 0.5f}), {6.0f, 0.0f})}),
         false});
    {
        constexpr float kAngle = kPi / 6.0f;
        const Vec2 normal{-std::sin(kAngle), std::cos(kAngle)};
        const Vec2 upSlope{std::cos(kAngle), std::sin(kAngle)};
        SceneBody ramp = sceneBox(BodyType::Static, {0.0f, 0.0f}, {6.0f, 0.25f}, kAngle);
        SceneBody box = sceneBox(BodyType::Dynamic, 3.0f * upSlope + 0.5f * normal, {0.25f, 0.25f}, kAngle);
        box.friction = 0.3f;
        ramp.friction = 0.3f;
        scenes.push_back({makeScene("box sliding down a ramp", {ramp, box}), false});
        scenes.push_back(
            {makeScene("ball rolling down a ramp",
                       {ramp, sceneBall(BodyType::Dynamic, 3.0f * upSlope + 0.5f * normal, 0.25f)}),
             false});
    }
    scenes.push_back({freeScene("inelastic ring of eight", freeCollisions()[2].bodies), false});
    scenes.push_back({verticalStack(10), true});
    {
        Scene pile = makeScene("pile of mixed bodies", {ground()});
        for (int i = 0; i < 12; ++i)
        {
            const Vec2 at{0.3f * static_cast<float>(i % 3) - 0.3f, 1.0f + 1.1f * static_cast<float>(i)};
            pile.bodies.push_back(
                i % 2 == 0 ? sceneBox(BodyType::Dynamic, at, {0.4f, 0.3f}, 0.2f * static_cast<float>(i))
                           : sceneBall(BodyType::Dynamic, at, 0.35f));
        }
        scenes.push_back({pile, true});
    }
    return scenes;
}

struct EnergyRecord
{
    double worstGain = 0.0;         ///< the largest step-to-step rise of kinetic + potential energy
    double worstDynamicsGain = 0.0; ///< the same, less the work position correction did that step
    double worstAboveStart = 0.0;   ///< the furthest the energy ever got above where it started
    double scale = 0.0;             ///< the largest energy magnitude seen, for relative tolerances
};

// Steps one engine's side of a scene for 3 s and tracks its energy. Position correction moves
// bodies without changing their velocities, so each body's step displacement minus dt times its
// new velocity is the correction's share; the potential energy that share added is the work
// position correction did against gravity.
template <typename MotionOf>
EnergyRecord recordEnergy(const Scene& scene, MotionOf motionOf)
{
    TwinWorlds twins(scene);
    const Vec2 gravity = scene.world.gravity;
    const float dt = scene.world.timeStep;
    Totals before = totals(twins, motionOf);
    const double start = before.energy;
    std::vector<Vec2> positions;
    for (int i = 0; i < twins.bodyCount(); ++i)
    {
        positions.push_back(motionOf(twins, i).position);
    }
    EnergyRecord r;
    for (int step = 0; step < 180; ++step)
    {
        twins.step();
        const Totals now = totals(twins, motionOf);
        double correctionWork = 0.0;
        for (int i = 0; i < twins.bodyCount(); ++i)
        {
            const Motion m = motionOf(twins, i);
            Vec2& p = positions[static_cast<std::size_t>(i)];
            if (scene.bodies[static_cast<std::size_t>(i)].type == BodyType::Dynamic)
            {
                const Vec2 correction = m.position - p - dt * m.velocity;
                correctionWork -= static_cast<double>(m.mass) * static_cast<double>(dot(gravity, correction));
            }
            p = m.position;
        }
        const double gain = now.energy - before.energy;
        r.worstGain = std::max(r.worstGain, gain);
        r.worstDynamicsGain = std::max(r.worstDynamicsGain, gain - std::max(correctionWork, 0.0));
        r.worstAboveStart = std::max(r.worstAboveStart, now.energy - start);
        r.scale = std::max(r.scale, std::fabs(now.energy));
        before = now;
    }
    return r;
}

// Rounding of the energy sums themselves: float positions of ~10 m carry ~1e-6 relative error.
double energyTolerance(const EnergyRecord& r)
{
    return 1e-6 * r.scale + 1e-5;
}

// The literal check "kinetic + potential energy never rises from one step to the next" holds in
// oblique's ngs solver for every scenario but the piles. Box2D breaks it wherever a body lands
// hard: position correction lifts a body that sank into the ground without taking speed from it,
// so the step after the landing gains potential energy (0.13 J for the dropped 1 kg box); oblique's
// speculative contacts stop the body at the surface instead. Both break it on piles: with 8
// velocity iterations a tall stack is not solved exactly, sags a little in its first steps and
// springs back once warm starting has built up the impulses (0.19 J for the stack of 10).
// Soft step's contacts are stiff springs: what they hold in compression comes back as kinetic and
// potential energy when the load moves (a box sliding to a stop pitches forward and back), a few
// 1e-6 of the scene's energy; on piles, with 4 substeps, bodies that land push apart a little too
// far before the springs settle (up to 2.6 J of 363 J for the pile), and with 16 substeps much
// less but not nothing: over sixteen starts of the pile, its i-th body moved sideways by i times
// 0.1 to 5 mm either way, the worst step gains up to 0.11 J (3e-4 of the scene's energy),
// and none at some starts, the one below among them until the manifold held corner-to-corner
// contacts. So: the total never exceeds the start anywhere; no step gains energy (Box2D: once its
// position correction's work is set aside; soft step: beyond 1e-5 of the scene's energy); piles
// gain nothing in any step once ngs is given the iterations to converge, and under 5e-4 of their
// energy once soft step is given the substeps.
TEST(WorldConservation, NoEnergyGainedWithoutRestitution)
{
    for (const auto& [inelastic, pile] : inelasticScenes())
    {
        for (const SceneBody& b : inelastic.bodies)
        {
            ASSERT_EQ(b.restitution, 0.0f);
        }
        const Scene scene = solvedBy(inelastic, Solver::Ngs);
        const Scene softScene = solvedBy(inelastic, Solver::SoftStep);
        const EnergyRecord o = recordEnergy(scene, obliqueMotion);
        const EnergyRecord b = recordEnergy(scene, box2dMotion);
        const EnergyRecord soft = recordEnergy(softScene, obliqueMotion);
        reportMeasure(scene.name + ": worst step energy gain (J)", o.worstGain, b.worstGain);
        reportMeasure(scene.name + ": same, less position correction (J)", o.worstDynamicsGain,
                      b.worstDynamicsGain);
        reportMeasure(scene.name + ": soft step, worst step energy gain (J)", soft.worstGain);
        reportMeasure(scene.name + ": energy scale (J)", o.scale, b.scale);

        // Nothing ever ends up with more energy than it started with.
        EXPECT_LE(o.worstAboveStart, energyTolerance(o)) << scene.name << ": oblique";
        EXPECT_LE(b.worstAboveStart, energyTolerance(b)) << scene.name << ": Box2D";
        EXPECT_LE(soft.worstAboveStart, energyTolerance(soft)) << scene.name << ": oblique, soft step";
        if (!pile)
        {
            EXPECT_LE(o.worstGain, energyTolerance(o)) << scene.name << ": oblique";
            EXPECT_LE(b.worstDynamicsGain, energyTolerance(b)) << scene.name << ": Box2D";
            EXPECT_LE(soft.worstGain, 1e-5 * soft.scale + energyTolerance(soft))
                << scene.name << ": oblique, soft step";
        }
        else
        {
            // Converged velocity solver, no position correction: no step may gain energy.
            Scene converged = scene;
            converged.world.velocityIterations = 300; // a 10-box chain needs a few hundred
            converged.world.positionIterations = 0;
            const EnergyRecord oc = recordEnergy(converged, obliqueMotion);
            const EnergyRecord bc = recordEnergy(converged, box2dMotion);
            Scene fine = softScene;
            fine.world.subSteps = 16;
            const EnergyRecord sc = recordEnergy(fine, obliqueMotion);
            reportMeasure(scene.name + ": converged solver, worst step gain (J)", oc.worstGain, bc.worstGain);
            reportMeasure(scene.name + ": soft step at 16 substeps, worst step gain (J)", sc.worstGain);
            EXPECT_LE(oc.worstGain, energyTolerance(oc)) << scene.name << ": oblique";
            EXPECT_LE(bc.worstGain, energyTolerance(bc)) << scene.name << ": Box2D";
            EXPECT_LE(sc.worstGain, 5e-4 * sc.scale + energyTolerance(sc))
                << scene.name << ": oblique, soft step";
        }
    }
}

} // namespace
} // namespace oblique::test
