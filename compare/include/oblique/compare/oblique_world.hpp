#pragma once
/// The oblique side of every comparison: the engine's own World built from a scene, with the same
/// interface as Box2dWorld so commands and tests drive both engines alike.

#include "oblique/compare/contact_report.hpp"
#include "oblique/scene.hpp"
#include "oblique/scene_world.hpp"

#include <vector>

namespace oblique::compare
{

class ObliqueWorld
{
public:
    /// Builds the world from a valid scene (as loadScene returns it).
    explicit ObliqueWorld(const Scene& scene);

    /// Advances one step of the scene's time step with its iteration counts.
    void step();

    /// Finds pairs and manifolds where the bodies are now, without moving anything, and returns
    /// the touching contacts as contacts() does.
    std::vector<PairContact> collide();

    /// The touching contacts from the last collision pass, as scene index pairs a < b with the
    /// normal from a to b, sorted by (a, b, shapeA, shapeB). Only points with separation <= 0 count, the same
    /// geometric rule as Box2D's, so the two engines' reports compare like for like.
    std::vector<PairContact> contacts() const;

    int bodyCount() const { return static_cast<int>(m_instance.bodies.size()); }
    BodyState bodyState(int index) const;
    int stepCount() const { return m_stepCount; }

    World& world() { return m_instance.world; }
    const World& world() const { return m_instance.world; }
    BodyId body(int index) const { return m_instance.bodies.at(static_cast<std::size_t>(index)); }

private:
    SceneInstance m_instance;
    std::vector<int> m_sceneIndexOfSlot;
    std::vector<int> m_shapeIndexOfSlot; // a shape slot's place in its body's shapes
    float m_timeStep;
    int m_stepCount = 0;
};

} // namespace oblique::compare
