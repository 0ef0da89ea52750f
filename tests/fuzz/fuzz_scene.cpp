// Fuzz target for the scene reader (formats 1 and 2, joints included): any bytes go to parseScene.
//
// - Bad input may only ever be reported as SceneError; any other exception is a bug.
// - A scene that loads must save (toSceneJson) and load back to the same scene, every field equal
//   bit for bit, and saving that again must give the same text.

#include "fuzz_input.hpp"
#include "oblique/scene.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>

namespace
{

using namespace oblique;
using oblique::fuzz::fail;

constexpr std::string_view kSourceName = "fuzz.json";

// Floats are compared by their bits: a round trip must not even turn -0.0 into 0.0.
void expectSame(float original, float reloaded, const std::string& field)
{
    if (std::bit_cast<std::uint32_t>(original) != std::bit_cast<std::uint32_t>(reloaded))
    {
        fail("round trip changed ", field, ": ", original, " became ", reloaded);
    }
}

void expectSame(Vec2 original, Vec2 reloaded, const std::string& field)
{
    expectSame(original.x, reloaded.x, field + "[0]");
    expectSame(original.y, reloaded.y, field + "[1]");
}

template <typename T>
void expectEqual(const T& original, const T& reloaded, const std::string& field)
{
    if (!(original == reloaded))
    {
        fail("round trip changed ", field);
    }
}

void expectSameShape(const ShapeDef& x, const ShapeDef& y, const std::string& at)
{
    expectEqual(x.kind, y.kind, at + "kind");
    expectSame(x.halfExtents, y.halfExtents, at + "halfExtents");
    expectSame(x.radius, y.radius, at + "radius");
    expectSame(x.offset, y.offset, at + "offset");
    expectSame(x.angle, y.angle, at + "angle");
    expectSame(x.density, y.density, at + "density");
    expectSame(x.friction, y.friction, at + "friction");
    expectSame(x.restitution, y.restitution, at + "restitution");
    expectEqual(x.isSensor, y.isSensor, at + "sensor");
    expectEqual(x.filter.categoryBits, y.filter.categoryBits, at + "filter.category");
    expectEqual(x.filter.maskBits, y.filter.maskBits, at + "filter.mask");
    expectEqual(x.filter.groupIndex, y.filter.groupIndex, at + "filter.group");
    expectSame(x.surfaceSpeed, y.surfaceSpeed, at + "surfaceSpeed");
    expectSame(x.oneWay, y.oneWay, at + "oneWay");
}

void expectSame(const std::optional<float>& original, const std::optional<float>& reloaded,
                const std::string& field)
{
    expectEqual(original.has_value(), reloaded.has_value(), field + " (given or not)");
    if (original)
    {
        expectSame(*original, *reloaded, field);
    }
}

void expectSame(const std::optional<Vec2>& original, const std::optional<Vec2>& reloaded,
                const std::string& field)
{
    expectEqual(original.has_value(), reloaded.has_value(), field + " (given or not)");
    if (original)
    {
        expectSame(*original, *reloaded, field);
    }
}

void expectSameParams(const RevoluteJointDef& x, const RevoluteJointDef& y, const std::string& at)
{
    expectSame(x.anchor, y.anchor, at + "anchor");
    expectEqual(x.enableLimit, y.enableLimit, at + "enableLimit");
    expectSame(x.lowerAngle, y.lowerAngle, at + "lowerAngle");
    expectSame(x.upperAngle, y.upperAngle, at + "upperAngle");
    expectEqual(x.enableMotor, y.enableMotor, at + "enableMotor");
    expectSame(x.motorSpeed, y.motorSpeed, at + "motorSpeed");
    expectSame(x.maxMotorTorque, y.maxMotorTorque, at + "maxMotorTorque");
}

void expectSameParams(const PrismaticJointDef& x, const PrismaticJointDef& y, const std::string& at)
{
    expectSame(x.anchor, y.anchor, at + "anchor");
    expectSame(x.axis, y.axis, at + "axis");
    expectEqual(x.enableLimit, y.enableLimit, at + "enableLimit");
    expectSame(x.lower, y.lower, at + "lower");
    expectSame(x.upper, y.upper, at + "upper");
    expectEqual(x.enableMotor, y.enableMotor, at + "enableMotor");
    expectSame(x.motorSpeed, y.motorSpeed, at + "motorSpeed");
    expectSame(x.maxMotorForce, y.maxMotorForce, at + "maxMotorForce");
}

void expectSameParams(const DistanceJointDef& x, const DistanceJointDef& y, const std::string& at)
{
    expectSame(x.anchorA, y.anchorA, at + "anchorA");
    expectSame(x.anchorB, y.anchorB, at + "anchorB");
    expectSame(x.length, y.length, at + "length");
    expectSame(x.hertz, y.hertz, at + "hertz");
    expectSame(x.dampingRatio, y.dampingRatio, at + "dampingRatio");
    expectSame(x.minLength, y.minLength, at + "minLength");
    expectSame(x.maxLength, y.maxLength, at + "maxLength");
}

void expectSameParams(const WeldJointDef& x, const WeldJointDef& y, const std::string& at)
{
    expectSame(x.anchor, y.anchor, at + "anchor");
    expectSame(x.hertz, y.hertz, at + "hertz");
    expectSame(x.dampingRatio, y.dampingRatio, at + "dampingRatio");
}

void expectSameParams(const WheelJointDef& x, const WheelJointDef& y, const std::string& at)
{
    expectSame(x.anchor, y.anchor, at + "anchor");
    expectSame(x.axis, y.axis, at + "axis");
    expectSame(x.hertz, y.hertz, at + "hertz");
    expectSame(x.dampingRatio, y.dampingRatio, at + "dampingRatio");
    expectEqual(x.enableMotor, y.enableMotor, at + "enableMotor");
    expectSame(x.motorSpeed, y.motorSpeed, at + "motorSpeed");
    expectSame(x.maxMotorTorque, y.maxMotorTorque, at + "maxMotorTorque");
    expectEqual(x.enableLimit, y.enableLimit, at + "enableLimit");
    expectSame(x.lower, y.lower, at + "lower");
    expectSame(x.upper, y.upper, at + "upper");
}

void expectSameParams(const MotorJointDef& x, const MotorJointDef& y, const std::string& at)
{
    expectSame(x.linearOffset, y.linearOffset, at + "linearOffset");
    expectSame(x.angularOffset, y.angularOffset, at + "angularOffset");
    expectSame(x.maxForce, y.maxForce, at + "maxForce");
    expectSame(x.maxTorque, y.maxTorque, at + "maxTorque");
    expectSame(x.correctionFactor, y.correctionFactor, at + "correctionFactor");
}

void expectSameJoint(const SceneJoint& x, const SceneJoint& y, const std::string& at)
{
    expectEqual(x.bodyA, y.bodyA, at + "bodyA");
    expectEqual(x.bodyB, y.bodyB, at + "bodyB");
    expectEqual(x.collideConnected, y.collideConnected, at + "collideConnected");
    expectEqual(x.params.index(), y.params.index(), at + "type");
    std::visit(
        [&](const auto& original)
        {
            using Def = std::decay_t<decltype(original)>;
            expectSameParams(original, std::get<Def>(y.params), at);
        },
        x.params);
}

void expectSameScene(const Scene& a, const Scene& b)
{
    expectEqual(a.name, b.name, "name");
    expectSame(a.world.gravity, b.world.gravity, "world.gravity");
    expectSame(a.world.timeStep, b.world.timeStep, "world.timeStep");
    expectEqual(a.world.velocityIterations, b.world.velocityIterations, "world.velocityIterations");
    expectEqual(a.world.positionIterations, b.world.positionIterations, "world.positionIterations");
    expectEqual(a.world.allowSleep, b.world.allowSleep, "world.allowSleep");
    expectSame(a.world.restitutionThreshold, b.world.restitutionThreshold, "world.restitutionThreshold");
    expectEqual(a.world.solver, b.world.solver, "world.solver");
    expectEqual(a.world.subSteps, b.world.subSteps, "world.subSteps");
    expectSame(a.world.contactHertz, b.world.contactHertz, "world.contactHertz");
    expectSame(a.world.contactDampingRatio, b.world.contactDampingRatio, "world.contactDampingRatio");
    expectSame(a.world.contactPushMaxSpeed, b.world.contactPushMaxSpeed, "world.contactPushMaxSpeed");
    expectEqual(a.bodies.size(), b.bodies.size(), "the number of bodies");
    for (std::size_t i = 0; i < a.bodies.size(); ++i)
    {
        const SceneBody& x = a.bodies[i];
        const SceneBody& y = b.bodies[i];
        const std::string at = "bodies[" + std::to_string(i) + "].";
        expectEqual(x.name, y.name, at + "name");
        expectEqual(x.type, y.type, at + "type");
        expectSame(x.position, y.position, at + "position");
        expectSame(x.angle, y.angle, at + "angle");
        expectEqual(x.shape, y.shape, at + "shape");
        // Only the size of the shape the body has is written; the other keeps its default.
        expectSame(x.halfExtents, y.halfExtents, at + "halfExtents");
        expectSame(x.radius, y.radius, at + "radius");
        expectSame(x.density, y.density, at + "density");
        expectSame(x.friction, y.friction, at + "friction");
        expectSame(x.restitution, y.restitution, at + "restitution");
        expectSame(x.linearVelocity, y.linearVelocity, at + "linearVelocity");
        expectSame(x.angularVelocity, y.angularVelocity, at + "angularVelocity");
        expectSame(x.linearDamping, y.linearDamping, at + "linearDamping");
        expectSame(x.angularDamping, y.angularDamping, at + "angularDamping");
        expectSame(x.gravityScale, y.gravityScale, at + "gravityScale");
        expectEqual(x.fixedRotation, y.fixedRotation, at + "fixedRotation");
        expectEqual(x.sensor, y.sensor, at + "sensor");
        expectEqual(x.filter.categoryBits, y.filter.categoryBits, at + "filter.category");
        expectEqual(x.filter.maskBits, y.filter.maskBits, at + "filter.mask");
        expectEqual(x.filter.groupIndex, y.filter.groupIndex, at + "filter.group");
        expectSame(x.surfaceSpeed, y.surfaceSpeed, at + "surfaceSpeed");
        expectSame(x.oneWay, y.oneWay, at + "oneWay");
        expectEqual(x.shapes.size(), y.shapes.size(), at + "the number of shapes");
        for (std::size_t k = 0; k < x.shapes.size(); ++k)
        {
            expectSameShape(x.shapes[k], y.shapes[k], at + "shapes[" + std::to_string(k) + "].");
        }
    }
    expectEqual(a.joints.size(), b.joints.size(), "the number of joints");
    for (std::size_t i = 0; i < a.joints.size(); ++i)
    {
        expectSameJoint(a.joints[i], b.joints[i], "joints[" + std::to_string(i) + "].");
    }
}

void checkRoundTrip(const Scene& scene)
{
    std::string saved;
    try
    {
        saved = toSceneJson(scene);
    }
    catch (const std::exception& e)
    {
        fail("a scene that loaded cannot be saved: ", e.what());
    }
    Scene reloaded;
    try
    {
        reloaded = parseScene(saved, kSourceName);
    }
    catch (const std::exception& e)
    {
        fail("a saved scene does not load: ", e.what(), "\n--- saved text ---\n", saved);
    }
    expectSameScene(scene, reloaded);
    if (toSceneJson(reloaded) != saved)
    {
        fail("saving the reloaded scene gives different text");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    Scene scene;
    try
    {
        scene = parseScene(text, kSourceName);
    }
    catch (const SceneError&)
    {
        return 0;
    }
    catch (const std::exception& e)
    {
        fail("parseScene threw something other than SceneError: ", e.what());
    }
    catch (...)
    {
        fail("parseScene threw something that is not even a std::exception");
    }
    checkRoundTrip(scene);
    return 0;
}
