#pragma once
// Helpers shared by the scene tests: error expectations, bit-exact scene comparison, test data.

#include "oblique/scene.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <gtest/gtest.h>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>

namespace oblique::test
{

/// The file name the error tests pass to parseScene.
inline constexpr std::string_view errorFile = "scene.json";

inline std::filesystem::path dataPath(std::string_view name)
{
    return std::filesystem::path(OBLIQUE_SCENE_TEST_DATA) / name;
}

/// Whether `check` throws a SceneError for `file` at exactly `path` whose message contains
/// `messagePart`, and whose what() is the one line `FILE: PATH: MESSAGE` (or `FILE: MESSAGE`).
template <typename Check>
testing::AssertionResult throwsSceneError(Check&& check, std::string_view file, std::string_view path,
                                          std::string_view messagePart)
{
    try
    {
        check();
    }
    catch (const SceneError& e)
    {
        const std::string what = e.what();
        std::string expected = std::string(file) + ": ";
        if (!path.empty())
        {
            expected += std::string(path) + ": ";
        }
        expected += e.message();
        if (e.file() != file || e.jsonPath() != path || what != expected ||
            e.message().find(messagePart) == std::string::npos || what.find('\n') != std::string::npos)
        {
            return testing::AssertionFailure() << "wrong error: " << what << " (path " << e.jsonPath() << ")";
        }
        return testing::AssertionSuccess() << what;
    }
    catch (const std::exception& e)
    {
        return testing::AssertionFailure() << "not a SceneError: " << e.what();
    }
    return testing::AssertionFailure() << "accepted";
}

/// Whether parsing `text` as errorFile fails at `path` with a message containing `messagePart`.
inline testing::AssertionResult failsAt(std::string_view text, std::string_view path,
                                        std::string_view messagePart = {})
{
    return throwsSceneError([&] { (void)parseScene(text, errorFile); }, errorFile, path, messagePart);
}

/// A scene text with `world` as its world block and no bodies.
inline std::string sceneWithWorld(std::string_view world)
{
    return R"({"format": "oblique-scene/1", "world": {)" + std::string(world) + R"(}, "bodies": []})";
}

/// A format-2 scene text with `world` as its world block and no bodies.
inline std::string scene2WithWorld(std::string_view world)
{
    return R"({"format": "oblique-scene/2", "world": {)" + std::string(world) + R"(}, "bodies": []})";
}

/// A scene text whose bodies[1] has `members`; bodies[0] is a valid circle.
inline std::string sceneWithBody(std::string_view members)
{
    return R"({"format": "oblique-scene/1", "bodies": [{"position": [0, 0], "radius": 1}, {)" +
           std::string(members) + "}]}";
}

/// A format-2 scene text whose bodies[1] has `members`; bodies[0] is a valid circle.
inline std::string scene2WithBody(std::string_view members)
{
    return R"({"format": "oblique-scene/2", "bodies": [{"position": [0, 0], "radius": 1}, {)" +
           std::string(members) + "}]}";
}

/// A format-2 scene text whose bodies[1] is a dynamic body of two shapes: a valid box, and
/// bodies[1].shapes[1] with `members`.
inline std::string scene2WithShape(std::string_view members)
{
    return scene2WithBody(R"("position": [0, 0], "shapes": [{"halfExtents": [1, 1]}, {)" +
                          std::string(members) + "}]");
}

inline std::uint32_t bitsOf(float value)
{
    return std::bit_cast<std::uint32_t>(value);
}

/// Floats compared bit for bit; both empty or both holding the same bits.
inline bool sameBits(const std::optional<float>& x, const std::optional<float>& y)
{
    return x.has_value() == y.has_value() && (!x || bitsOf(*x) == bitsOf(*y));
}
inline bool sameBits(Vec2 x, Vec2 y)
{
    return bitsOf(x.x) == bitsOf(y.x) && bitsOf(x.y) == bitsOf(y.y);
}
inline bool sameBits(const std::optional<Vec2>& x, const std::optional<Vec2>& y)
{
    return x.has_value() == y.has_value() && (!x || sameBits(*x, *y));
}
inline bool sameBits(float x, float y)
{
    return bitsOf(x) == bitsOf(y);
}

/// Every field of each joint type's definition, floats bit for bit.
inline bool sameParams(const RevoluteJointDef& x, const RevoluteJointDef& y)
{
    return sameBits(x.anchor, y.anchor) && x.enableLimit == y.enableLimit &&
           sameBits(x.lowerAngle, y.lowerAngle) && sameBits(x.upperAngle, y.upperAngle) &&
           x.enableMotor == y.enableMotor && sameBits(x.motorSpeed, y.motorSpeed) &&
           sameBits(x.maxMotorTorque, y.maxMotorTorque);
}
inline bool sameParams(const PrismaticJointDef& x, const PrismaticJointDef& y)
{
    return sameBits(x.anchor, y.anchor) && sameBits(x.axis, y.axis) && x.enableLimit == y.enableLimit &&
           sameBits(x.lower, y.lower) && sameBits(x.upper, y.upper) && x.enableMotor == y.enableMotor &&
           sameBits(x.motorSpeed, y.motorSpeed) && sameBits(x.maxMotorForce, y.maxMotorForce);
}
inline bool sameParams(const DistanceJointDef& x, const DistanceJointDef& y)
{
    return sameBits(x.anchorA, y.anchorA) && sameBits(x.anchorB, y.anchorB) && sameBits(x.length, y.length) &&
           sameBits(x.hertz, y.hertz) && sameBits(x.dampingRatio, y.dampingRatio) &&
           sameBits(x.minLength, y.minLength) && sameBits(x.maxLength, y.maxLength);
}
inline bool sameParams(const WeldJointDef& x, const WeldJointDef& y)
{
    return sameBits(x.anchor, y.anchor) && sameBits(x.hertz, y.hertz) &&
           sameBits(x.dampingRatio, y.dampingRatio);
}
inline bool sameParams(const WheelJointDef& x, const WheelJointDef& y)
{
    return sameBits(x.anchor, y.anchor) && sameBits(x.axis, y.axis) && sameBits(x.hertz, y.hertz) &&
           sameBits(x.dampingRatio, y.dampingRatio) && x.enableMotor == y.enableMotor &&
           sameBits(x.motorSpeed, y.motorSpeed) && sameBits(x.maxMotorTorque, y.maxMotorTorque) &&
           x.enableLimit == y.enableLimit && sameBits(x.lower, y.lower) && sameBits(x.upper, y.upper);
}
inline bool sameParams(const MotorJointDef& x, const MotorJointDef& y)
{
    return sameBits(x.linearOffset, y.linearOffset) && sameBits(x.angularOffset, y.angularOffset) &&
           sameBits(x.maxForce, y.maxForce) && sameBits(x.maxTorque, y.maxTorque) &&
           sameBits(x.correctionFactor, y.correctionFactor);
}

/// Two scene joints alike in every field: the same bodies said the same way, the same type.
inline bool sameJoint(const SceneJoint& x, const SceneJoint& y)
{
    return x.bodyA == y.bodyA && x.bodyB == y.bodyB && x.collideConnected == y.collideConnected &&
           x.params.index() == y.params.index() &&
           std::visit(
               [&](const auto& px)
               {
                   using Def = std::decay_t<decltype(px)>;
                   return sameParams(px, std::get<Def>(y.params));
               },
               x.params);
}

/// Every field of two scenes, floats compared bit for bit (so -0 differs from 0).
inline testing::AssertionResult sameScene(const Scene& a, const Scene& b)
{
    testing::AssertionResult result = testing::AssertionSuccess();
    bool same = true;
    const auto field = [&](bool equal, std::string_view what)
    {
        if (!equal)
        {
            if (same)
            {
                result = testing::AssertionFailure();
            }
            same = false;
            result << what << " differs; ";
        }
    };
    const auto sameFloat = [&](float x, float y, std::string_view what)
    { field(bitsOf(x) == bitsOf(y), what); };
    const auto sameVec = [&](Vec2 x, Vec2 y, std::string_view what)
    {
        sameFloat(x.x, y.x, what);
        sameFloat(x.y, y.y, what);
    };
    const auto sameFilter = [&](const Filter& x, const Filter& y, const std::string& at)
    {
        field(x.categoryBits == y.categoryBits, at + "filter.categoryBits");
        field(x.maskBits == y.maskBits, at + "filter.maskBits");
        field(x.groupIndex == y.groupIndex, at + "filter.groupIndex");
    };
    const auto sameShape = [&](const ShapeDef& x, const ShapeDef& y, const std::string& at)
    {
        field(x.kind == y.kind, at + "kind");
        sameVec(x.halfExtents, y.halfExtents, at + "halfExtents");
        sameFloat(x.radius, y.radius, at + "radius");
        sameVec(x.offset, y.offset, at + "offset");
        sameFloat(x.angle, y.angle, at + "angle");
        sameFloat(x.density, y.density, at + "density");
        sameFloat(x.friction, y.friction, at + "friction");
        sameFloat(x.restitution, y.restitution, at + "restitution");
        field(x.isSensor == y.isSensor, at + "isSensor");
        sameFilter(x.filter, y.filter, at);
        sameFloat(x.surfaceSpeed, y.surfaceSpeed, at + "surfaceSpeed");
        sameVec(x.oneWay, y.oneWay, at + "oneWay");
    };

    field(a.name == b.name, "name");
    sameVec(a.world.gravity, b.world.gravity, "world.gravity");
    sameFloat(a.world.timeStep, b.world.timeStep, "world.timeStep");
    field(a.world.velocityIterations == b.world.velocityIterations, "world.velocityIterations");
    field(a.world.positionIterations == b.world.positionIterations, "world.positionIterations");
    field(a.world.allowSleep == b.world.allowSleep, "world.allowSleep");
    sameFloat(a.world.restitutionThreshold, b.world.restitutionThreshold, "world.restitutionThreshold");
    field(a.world.solver == b.world.solver, "world.solver");
    field(a.world.subSteps == b.world.subSteps, "world.subSteps");
    sameFloat(a.world.contactHertz, b.world.contactHertz, "world.contactHertz");
    sameFloat(a.world.contactDampingRatio, b.world.contactDampingRatio, "world.contactDampingRatio");
    sameFloat(a.world.contactPushMaxSpeed, b.world.contactPushMaxSpeed, "world.contactPushMaxSpeed");
    field(a.bodies.size() == b.bodies.size(), "bodies.size");
    for (std::size_t i = 0; i < a.bodies.size() && i < b.bodies.size(); ++i)
    {
        const SceneBody& x = a.bodies[i];
        const SceneBody& y = b.bodies[i];
        const std::string at = "bodies[" + std::to_string(i) + "].";
        field(x.name == y.name, at + "name");
        field(x.type == y.type, at + "type");
        sameVec(x.position, y.position, at + "position");
        sameFloat(x.angle, y.angle, at + "angle");
        field(x.shape == y.shape, at + "shape");
        sameVec(x.halfExtents, y.halfExtents, at + "halfExtents");
        sameFloat(x.radius, y.radius, at + "radius");
        sameFloat(x.density, y.density, at + "density");
        sameFloat(x.friction, y.friction, at + "friction");
        sameFloat(x.restitution, y.restitution, at + "restitution");
        field(x.sensor == y.sensor, at + "sensor");
        sameFilter(x.filter, y.filter, at);
        sameFloat(x.surfaceSpeed, y.surfaceSpeed, at + "surfaceSpeed");
        sameVec(x.oneWay, y.oneWay, at + "oneWay");
        field(x.shapes.size() == y.shapes.size(), at + "shapes.size");
        for (std::size_t k = 0; k < x.shapes.size() && k < y.shapes.size(); ++k)
        {
            sameShape(x.shapes[k], y.shapes[k], at + "shapes[" + std::to_string(k) + "].");
        }
        sameVec(x.linearVelocity, y.linearVelocity, at + "linearVelocity");
        sameFloat(x.angularVelocity, y.angularVelocity, at + "angularVelocity");
        sameFloat(x.linearDamping, y.linearDamping, at + "linearDamping");
        sameFloat(x.angularDamping, y.angularDamping, at + "angularDamping");
        sameFloat(x.gravityScale, y.gravityScale, at + "gravityScale");
        field(x.fixedRotation == y.fixedRotation, at + "fixedRotation");
    }
    field(a.joints.size() == b.joints.size(), "joints.size");
    for (std::size_t i = 0; i < a.joints.size() && i < b.joints.size(); ++i)
    {
        const std::string at = "joints[" + std::to_string(i) + "].";
        field(sameJoint(a.joints[i], b.joints[i]), at + "(some field)");
    }
    return result;
}

/// A random finite float with a random exponent, so every magnitude gets exercised.
inline float randomFloat(std::mt19937& random, bool positive)
{
    for (;;)
    {
        auto bits = static_cast<std::uint32_t>(random());
        if (positive)
        {
            bits &= 0x7FFFFFFFu;
        }
        const float value = std::bit_cast<float>(bits);
        if (std::isfinite(value) && (!positive || value > 0.0f))
        {
            return value;
        }
    }
}

/// A random one-shape body (format 1's keys): every field at a random legal value.
inline SceneBody randomBody(std::mt19937& random, int index)
{
    SceneBody body;
    body.name = "b" + std::to_string(index);
    body.type = static_cast<BodyType>(random() % 3u);
    body.position = {randomFloat(random, false), randomFloat(random, false)};
    body.angle = randomFloat(random, false);
    body.shape = (random() & 1u) != 0 ? ShapeKind::Box : ShapeKind::Circle;
    if (body.shape == ShapeKind::Box)
    {
        body.halfExtents = {randomFloat(random, true), randomFloat(random, true)};
    }
    else
    {
        body.radius = randomFloat(random, true);
    }
    body.density = randomFloat(random, true);
    body.friction = std::fabs(randomFloat(random, false));
    body.restitution = std::uniform_real_distribution<float>(0.0f, 1.0f)(random);
    if (body.type != BodyType::Static)
    {
        body.linearVelocity = {randomFloat(random, false), randomFloat(random, false)};
        body.angularVelocity = randomFloat(random, false);
    }
    body.linearDamping = std::fabs(randomFloat(random, false));
    body.angularDamping = std::fabs(randomFloat(random, false));
    body.gravityScale = randomFloat(random, false);
    body.fixedRotation = (random() & 1u) != 0;
    return body;
}

} // namespace oblique::test
