#pragma once
/// A scene: the world settings, bodies and joints a scene file describes (formats
/// `oblique-scene/1` and `oblique-scene/2`).
/// Plain data, loaded and saved by the oblique-scene library; units are metres, kilograms,
/// seconds and radians, y up.

#include "oblique/body_type.hpp"
#include "oblique/circle.hpp"
#include "oblique/joint.hpp"
#include "oblique/obb.hpp"
#include "oblique/shape.hpp"
#include "oblique/vec2.hpp"
#include "oblique/world_def.hpp"

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace oblique
{

/// The scene file's `world` block; defaults are the format's defaults.
struct SceneWorld
{
    Vec2 gravity{0.0f, -10.0f};    ///< m/s^2
    float timeStep = 1.0f / 60.0f; ///< seconds per step, > 0
    int velocityIterations = 8;    ///< >= 1
    int positionIterations = 3;    ///< >= 0
    bool allowSleep = true;
    float restitutionThreshold = 1.0f; ///< m/s; slower normal approach does not bounce
    // Format 2. A format-1 file leaves them at these defaults, the engine's own (WorldDef's), so it
    // is stepped with the engine's default solver.
    Solver solver = Solver::SoftStep;
    int subSteps = 4;                  ///< soft step: substeps per step, >= 1
    float contactHertz = 30.0f;        ///< soft step: contact stiffness, > 0
    float contactDampingRatio = 10.0f; ///< soft step: contact damping, >= 0
    float contactPushMaxSpeed = 3.0f;  ///< soft step: m/s, > 0; overlap is pushed apart no faster
};

/// One entry of the scene file's `bodies` array; defaults are the format's defaults. A body is
/// either the one-shape shorthand (the shape fields below, centred on the body's origin) or,
/// when `shapes` is not empty, made of those shapes (the shorthand fields are then unused).
struct SceneBody
{
    std::string name; ///< empty when the file gives none
    BodyType type = BodyType::Dynamic;
    Vec2 position;      ///< metres
    float angle = 0.0f; ///< radians, not wrapped
    ShapeKind shape = ShapeKind::Box;
    Vec2 halfExtents{0.5f, 0.5f}; ///< used when shape is Box; > 0
    float radius = 0.5f;          ///< used when shape is Circle; > 0
    float density = 1.0f;         ///< kg/m^2, >= 0; > 0 for dynamic bodies
    float friction = 0.6f;        ///< >= 0
    float restitution = 0.0f;     ///< in [0, 1]
    bool sensor = false;          ///< format 2 shorthand keys: as ShapeDef's
    Filter filter;
    float surfaceSpeed = 0.0f;
    Vec2 oneWay; ///< zero: not one-way; otherwise normalised
    /// Format 2: the body's shapes, offsets and angles in the body's frame. Empty: the shorthand.
    std::vector<ShapeDef> shapes;
    Vec2 linearVelocity;          ///< m/s
    float angularVelocity = 0.0f; ///< rad/s
    float linearDamping = 0.0f;   ///< 1/s, >= 0
    float angularDamping = 0.0f;  ///< 1/s, >= 0
    float gravityScale = 1.0f;
    bool fixedRotation = false;
};

/// A joint's reference to one of the scene's bodies: its index in `bodies`, or the name that
/// exactly one body has. The file's choice is kept, so a saved scene says it the same way.
using SceneBodyRef = std::variant<int, std::string>;

/// The parameters of each joint type a scene file can hold, in the order the format lists them.
/// (Mouse joints follow a hand, so files have none.) Anchors and axes are world coordinates at the
/// scene's initial pose, as World::createJoint takes them.
using SceneJointParams = std::variant<RevoluteJointDef, PrismaticJointDef, DistanceJointDef, WeldJointDef,
                                      WheelJointDef, MotorJointDef>;

/// One entry of a format-2 file's `joints` array. Its defaults are the format's, which are those of
/// the engine's joint definitions.
struct SceneJoint
{
    SceneBodyRef bodyA;
    SceneBodyRef bodyB;
    bool collideConnected = false;
    SceneJointParams params; ///< its alternative is the joint's type
};

/// The joint's type, as its parameters say.
JointType jointTypeOf(const SceneJoint& joint);

struct Scene
{
    std::string name;
    SceneWorld world;
    std::vector<SceneBody> bodies;
    /// Format 2: made after the bodies, in this order.
    std::vector<SceneJoint> joints;
};

/// The body's box in world space (meaningful when its shape is Box).
inline Obb obbOf(const SceneBody& b)
{
    return makeObb(b.position, b.halfExtents, b.angle);
}
/// The body's circle in world space (meaningful when its shape is Circle).
inline Circle circleOf(const SceneBody& b)
{
    return {b.position, b.radius};
}

/// A scene file that breaks the format. what() is the one line users see:
/// `FILE: JSON.PATH: message`, e.g. `scene.json: bodies[3].halfExtents[1]: must be > 0`.
class SceneError : public std::runtime_error
{
public:
    SceneError(std::string file, std::string jsonPath, std::string message);

    const std::string& file() const { return m_file; }
    /// Where in the document: `bodies[3].halfExtents[1]`, or empty for the file as a whole.
    const std::string& jsonPath() const { return m_jsonPath; }
    const std::string& message() const { return m_message; }

private:
    std::string m_file;
    std::string m_jsonPath;
    std::string m_message;
};

/// Reads and validates a scene file; throws SceneError naming the file and JSON path of the first
/// problem. Nothing is half-loaded: either the whole scene comes back or an error does.
Scene loadScene(const std::filesystem::path& file);

/// Validates scene text; sourceName stands for the file in error messages and is the default name.
Scene parseScene(std::string_view text, std::string_view sourceName);

/// The scene as the text of a scene file. Every field is written, so loading it gives back the
/// same scene exactly (floats are written with enough digits to round-trip).
std::string toSceneJson(const Scene& scene);

/// Writes toSceneJson(scene) to file; throws std::runtime_error when the file cannot be written.
void saveScene(const Scene& scene, const std::filesystem::path& file);

} // namespace oblique
