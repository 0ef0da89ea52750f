#pragma once
/// Scenes turned into worlds and worlds captured back into scenes, so a scene file can be run,
/// and a running world saved as a scene file.

#include "oblique/aabb.hpp"
#include "oblique/scene.hpp"
#include "oblique/world.hpp"

#include <cstddef>
#include <utility>
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

/// Each joint's two bodies as indices into scene.bodies, in the order of scene.joints. Throws
/// std::invalid_argument, naming the joint's key, for a reference no scene file can make: to a
/// body that is not there, by a name no body or several bodies have, to the same body twice, or to
/// two bodies of which neither is dynamic.
std::vector<std::pair<std::size_t, std::size_t>> jointBodiesOf(const Scene& scene);

/// The engine's definition of a scene joint between two bodies of a world (the scene's parameters
/// as they are: anchors and axes in world coordinates, unbreakable).
JointDef jointDefOf(const SceneJoint& joint, BodyId bodyA, BodyId bodyB);

/// The length a distance joint holds and the range it holds it in, the definition's defaults filled
/// in as World::createJoint fills them: the length is the anchors' distance unless given; the range
/// is the length alone for a rod (hertz 0), and 0 to unlimited (infinity here) for a spring.
struct DistanceRange
{
    float length = 0.0f;
    float minLength = 0.0f;
    float maxLength = 0.0f;
};
DistanceRange distanceRangeOf(const DistanceJointDef& def);

/// A world holding the scene's bodies and joints, and their handles in the scene's order.
struct SceneInstance
{
    World world;
    std::vector<BodyId> bodies;
    std::vector<JointId> joints;
};

/// Builds the scene's world: its bodies, then its joints. Throws std::invalid_argument for a scene
/// that would not load from a file either, and for one the engine refuses (World::createBody and
/// World::createJoint say why).
SceneInstance instantiate(const Scene& scene);

/// The world's current state as a scene: settings from the scene it came from (time step and
/// name included), each body's current pose and velocities, in the order of `bodies`. Scene files
/// have no key for a disabled body: it is captured as it is stored, as an enabled one. Joints
/// between captured bodies are captured as World::jointDef gives them (anchors where they are now,
/// limits moved by the angle or travel so far), by body index; mouse joints and break thresholds,
/// which files cannot hold, are left out.
Scene captureScene(const World& world, const std::vector<BodyId>& bodies, const Scene& origin);

} // namespace oblique
