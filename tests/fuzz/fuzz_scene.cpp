// Fuzz target for the scene reader (formats 1 and 2): any bytes go to parseScene.
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
#include <string>
#include <string_view>

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
