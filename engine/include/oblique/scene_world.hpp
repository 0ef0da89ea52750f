#pragma once
/// Scenes turned into worlds and worlds captured back into scenes, so a scene file can be run,
/// and a running world saved as a scene file.

#include "oblique/aabb.hpp"
#include "oblique/scene.hpp"
#include "oblique/world.hpp"

#include <vector>

namespace oblique
{

/// The world settings a scene asks for.
WorldDef worldDefOf(const SceneWorld& settings);

/// The body and shape definitions for one scene body.
BodyDef bodyDefOf(const SceneBody& body);
/// The shorthand's one shape (the body's origin-centred box or circle and its material).
ShapeDef shapeDefOf(const SceneBody& body);
/// Puts shape into the body's shorthand fields: the inverse of shapeDefOf (a placement is not part
/// of the shorthand).
void setShorthandShape(SceneBody& body, const ShapeDef& shape);
/// Every shape of the body: `shapes` when it has them, else the shorthand's one.
std::vector<ShapeDef> shapeDefsOf(const SceneBody& body);
/// The bounding box of all the body's shapes where the scene places them.
Aabb boundsOf(const SceneBody& body);

/// True when the scene uses anything only format 2 has (so it is written as `oblique-scene/2`).
bool usesFormat2(const Scene& scene);

/// A world holding the scene's bodies, and their handles in the scene's body order.
struct SceneInstance
{
    World world;
    std::vector<BodyId> bodies;
};

/// Builds the scene's world. Throws std::invalid_argument for a scene that would not load from a
/// file either (a scene from loadScene never throws here).
SceneInstance instantiate(const Scene& scene);

/// The world's current state as a scene: settings from the scene it came from (time step and
/// name included), each body's current pose and velocities, in the order of `bodies`. Scene files
/// have no key for a disabled body: it is captured as it is stored, as an enabled one.
Scene captureScene(const World& world, const std::vector<BodyId>& bodies, const Scene& origin);

} // namespace oblique
