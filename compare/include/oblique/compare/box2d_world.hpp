#pragma once
/// The Box2D 2.4 side of every comparison: a b2World built from a scene, body for body.

#include "oblique/compare/contact_report.hpp"
#include "oblique/scene.hpp"

#include <memory>
#include <vector>

class b2World;
class b2Body;
class b2Joint;

namespace oblique::compare
{

/// Owns a b2World holding one body per scene body, in scene order, with a fixture per shape, and
/// one joint per scene joint, in scene order.
/// Boxes are polygons without Box2D's polygon skin (m_radius = 0), so both engines collide the
/// same geometry. Surface speeds and one-way platforms, which Box2D 2.4 leaves to its users, are
/// applied before each contact is solved, by the scene format's rules. Include <box2d/box2d.h> to
/// use world() and body() directly.
class Box2dWorld
{
public:
    /// Builds the world from a valid scene (as loadScene returns it).
    explicit Box2dWorld(const Scene& scene);
    ~Box2dWorld();

    Box2dWorld(const Box2dWorld&) = delete;
    Box2dWorld& operator=(const Box2dWorld&) = delete;

    /// Advances one step of the scene's time step with its iteration counts.
    void step();

    /// Runs collision detection on the bodies where they are now without moving anything (a
    /// zero-length step: Box2D finds and updates contacts but skips the solver), then returns the
    /// touching contacts as contacts() does.
    std::vector<PairContact> collide();

    /// The touching contacts Box2D holds from its last collision pass, as scene index pairs
    /// a < b with the normal from a to b, sorted by (a, b).
    std::vector<PairContact> contacts() const;

    /// The number of bodies, the same as in the scene.
    int bodyCount() const { return static_cast<int>(m_bodies.size()); }

    /// The state of body index (scene order).
    BodyState bodyState(int index) const;

    /// The number of steps taken so far.
    int stepCount() const { return m_stepCount; }

    b2World& world() { return *m_world; }
    const b2World& world() const { return *m_world; }
    b2Body& body(int index) { return *m_bodies.at(static_cast<std::size_t>(index)); }
    const b2Body& body(int index) const { return *m_bodies.at(static_cast<std::size_t>(index)); }
    int jointCount() const { return static_cast<int>(m_joints.size()); }
    /// The joint of scene index `index`.
    b2Joint& joint(int index) { return *m_joints.at(static_cast<std::size_t>(index)); }

private:
    class SurfaceRules;

    std::unique_ptr<SurfaceRules> m_rules; ///< outlives the world that calls it
    std::unique_ptr<b2World> m_world;
    std::vector<b2Body*> m_bodies;  ///< owned by m_world
    std::vector<b2Joint*> m_joints; ///< owned by m_world
    std::vector<int> m_shapeCounts; ///< per body
    float m_timeStep;
    int m_velocityIterations;
    int m_positionIterations;
    int m_stepCount = 0;
};

} // namespace oblique::compare
