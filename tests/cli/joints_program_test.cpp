// Jointed scenes through the built `oblique` program: both engines run them, agree where the same
// method should give the same motion, and broken joints are exit code 2 with their path.

#include "oblique/vec2.hpp"
#include "run_program.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

namespace oblique::test
{
namespace
{

using Json = nlohmann::ordered_json;

ProgramResult oblique(const std::vector<std::string>& args)
{
    return runProgram(OBLIQUE_CLI_PATH, args);
}

/// What `oblique run SCENE --steps N --json --engine ENGINE` reports of body `index`.
struct FinalState
{
    Vec2 position;
    float angle = 0.0f;
    Vec2 linearVelocity;
    float angularVelocity = 0.0f;
};

FinalState runAndRead(const std::filesystem::path& scene, int steps, const std::string& engine, int index)
{
    const ProgramResult r =
        oblique({"run", scene.string(), "--steps", std::to_string(steps), "--json", "--engine", engine});
    EXPECT_EQ(r.exitCode, 0) << engine << ": " << r.err;
    EXPECT_EQ(r.err, "") << engine;
    if (r.exitCode != 0)
    {
        return {};
    }
    const Json body = Json::parse(r.out).at("bodies").at(static_cast<std::size_t>(index));
    const auto vec = [](const Json& j) { return Vec2{j.at(0).get<float>(), j.at(1).get<float>()}; };
    return {vec(body.at("position")), body.at("angle").get<float>(), vec(body.at("linearVelocity")),
            body.at("angularVelocity").get<float>()};
}

/// A bob of 0.25 m radius on a hinge 2 m from a static pivot, let go level with it.
std::string pendulum(const std::string& solver)
{
    return R"({"format": "oblique-scene/2", "world": {"solver": ")" + solver + R"("},
        "bodies": [{"name": "pivot", "type": "static", "position": [0, 5], "radius": 0.1},
                   {"name": "bob", "position": [2, 5], "radius": 0.25}],
        "joints": [{"type": "revolute", "bodyA": "pivot", "bodyB": "bob", "anchor": [0, 5]}]})";
}

// Ngs is Box2D 2.4's own method, so a pendulum swings the same in both: after a second the bob,
// past the bottom of its arc and moving at 5.7 m/s, is within a millimetre of Box2D's.
TEST(CliJointsProgram, PendulumAgreesWithBox2dUnderNgs)
{
    const TempDir dir;
    const auto scene = dir.write("pendulum.json", pendulum("ngs"));
    const FinalState ours = runAndRead(scene, 60, "oblique", 1);
    const FinalState theirs = runAndRead(scene, 60, "box2d", 1);
    EXPECT_LT(distance(ours.position, theirs.position), 1.0e-3f)
        << "oblique (" << ours.position.x << ", " << ours.position.y << "), box2d (" << theirs.position.x
        << ", " << theirs.position.y << ")";
    EXPECT_LT(distance(ours.linearVelocity, theirs.linearVelocity), 1.0e-2f);
    // Both held the bob on its 2 m arc, and it swung through the bottom to the other side.
    EXPECT_NEAR(distance(ours.position, Vec2{0.0f, 5.0f}), 2.0f, 1.0e-3f);
    EXPECT_NEAR(distance(theirs.position, Vec2{0.0f, 5.0f}), 2.0f, 1.0e-3f);
    EXPECT_LT(ours.position.x, 0.0f);
    EXPECT_LT(theirs.position.x, 0.0f);
}

// Soft step integrates differently (substeps, a soft hinge), but a pendulum is no place for it to
// part from Box2D: within the comparison's 5 cm after a second.
TEST(CliJointsProgram, PendulumStaysCloseToBox2dUnderSoftStep)
{
    const TempDir dir;
    const auto scene = dir.write("pendulum.json", pendulum("soft-step"));
    const FinalState ours = runAndRead(scene, 60, "oblique", 1);
    const FinalState theirs = runAndRead(scene, 60, "box2d", 1);
    EXPECT_LT(distance(ours.position, theirs.position), 0.05f);
    EXPECT_LT(ours.position.x, 0.0f);
}

// A ball on a slack rope falls freely until the rope is taut, then swings on it.
TEST(CliJointsProgram, RopeAgreesWithBox2dUnderNgs)
{
    const TempDir dir;
    const auto scene = dir.write("rope.json", R"({"format": "oblique-scene/2", "world": {"solver": "ngs"},
        "bodies": [{"name": "hook", "type": "static", "position": [0, 6], "radius": 0.1},
                   {"name": "ball", "position": [2, 6], "radius": 0.3}],
        "joints": [{"type": "distance", "bodyA": "hook", "bodyB": "ball", "anchorA": [0, 6], "anchorB": [2, 6],
                    "minLength": 0, "maxLength": 3}]})");
    for (const int steps : {20, 60})
    {
        SCOPED_TRACE(steps);
        const FinalState ours = runAndRead(scene, steps, "oblique", 1);
        const FinalState theirs = runAndRead(scene, steps, "box2d", 1);
        EXPECT_LT(distance(ours.position, theirs.position), 1.0e-3f);
        // Never past the rope's length.
        EXPECT_LE(distance(ours.position, Vec2{0.0f, 6.0f}), 3.0f + 1.0e-3f);
    }
    // After a third of a second it is still falling freely, straight down: 0.56 m below its start.
    const FinalState falling = runAndRead(scene, 20, "oblique", 1);
    EXPECT_NEAR(falling.position.x, 2.0f, 1.0e-5f);
    EXPECT_NEAR(falling.position.y, 6.0f - 0.5833f, 0.01f);
}

/// One joint type in a scene whose outcome after a second is known, and that outcome.
struct TypeCase
{
    const char* name;
    const char* scene; ///< body 1 is the one that moves
    Vec2 position;     ///< where body 1 ends up
    float angle;       ///< and its angle
};

void PrintTo(const TypeCase& c, std::ostream* out)
{
    *out << c.name;
}

class CliJointTypes : public testing::TestWithParam<TypeCase>
{
};

// Each type in a scene that ends in a known state: both engines must reach it under ngs.
// Needs the engine's prismatic, weld, wheel and motor joints: the oblique side fails until they
// are built.
TEST_P(CliJointTypes, BothEnginesReachTheStateTheJointLeadsTo)
{
    const TypeCase& c = GetParam();
    const TempDir dir;
    const std::string text =
        R"({"format": "oblique-scene/2", "world": {"solver": "ngs"},
            "bodies": [{"name": "ground", "type": "static", "position": [0, 0], "halfExtents": [0.2, 0.2]}, )" +
        std::string(c.scene) + "}";
    const auto scene = dir.write(std::string(c.name) + ".json", text);
    for (const char* engine : {"box2d", "oblique"})
    {
        SCOPED_TRACE(engine);
        const FinalState s = runAndRead(scene, 60, engine, 1);
        EXPECT_NEAR(s.position.x, c.position.x, 0.01f);
        EXPECT_NEAR(s.position.y, c.position.y, 0.01f);
        EXPECT_NEAR(s.angle, c.angle, 0.05f);
    }
}

const TypeCase kTypeCases[] = {
    // A block slides down a 45-degree track until its limit, 1 m along it.
    {"prismatic",
     R"({"name": "block", "position": [0, 2], "halfExtents": [0.25, 0.25]}],
        "joints": [{"type": "prismatic", "bodyA": "ground", "bodyB": "block", "anchor": [0, 2], "axis": [1, -1],
                    "enableLimit": true, "lower": 0, "upper": 1}])",
     {0.70710677f, 1.2928932f},
     0.0f},
    // A beam welded to a static post does not fall.
    {"weld",
     R"({"name": "beam", "position": [1, 2], "halfExtents": [1, 0.1]}],
        "joints": [{"type": "weld", "bodyA": "ground", "bodyB": "beam", "anchor": [0, 2]}])",
     {1.0f, 2.0f},
     0.0f},
    // A wheel sags on its 4 Hz suspension by g / (2 pi 4)^2 = 1.6 cm while its motor spins it at 3 rad/s.
    {"wheel",
     R"({"name": "wheel", "position": [0, 2], "radius": 0.4}],
        "joints": [{"type": "wheel", "bodyA": "ground", "bodyB": "wheel", "anchor": [0, 2], "axis": [0, 1],
                    "hertz": 4, "dampingRatio": 0.7, "enableMotor": true, "motorSpeed": 3, "maxMotorTorque": 10}])",
     {0.0f, 1.9842f},
     3.0f},
    // A weightless puck driven to (1, 2.5) and half a radian in the ground's frame.
    {"motor",
     R"({"name": "puck", "position": [0, 2], "halfExtents": [0.3, 0.3], "gravityScale": 0}],
        "joints": [{"type": "motor", "bodyA": "ground", "bodyB": "puck", "linearOffset": [1, 2.5],
                    "angularOffset": 0.5, "maxForce": 20, "maxTorque": 5}])",
     {1.0f, 2.5f},
     0.5f},
};

INSTANTIATE_TEST_SUITE_P(Types, CliJointTypes, testing::ValuesIn(kTypeCases),
                         [](const testing::TestParamInfo<TypeCase>& param)
                         { return std::string(param.param.name); });

TEST(CliJointsProgram, BrokenJointsAreExitTwoWithTheirPath)
{
    const std::string bodies =
        R"("bodies": [{"name": "pivot", "type": "static", "position": [0, 5], "radius": 0.1},
                                            {"name": "bob", "position": [2, 5], "radius": 0.25}])";
    struct Case
    {
        std::string joint;
        const char* path;
        const char* message;
    };
    const Case cases[] = {
        {R"({"type": "revolute", "bodyA": "pivot", "bodyB": "wheel", "anchor": [0, 5]})", "joints[0].bodyB",
         R"(no body named "wheel")"},
        {R"({"type": "revolute", "bodyA": 0, "bodyB": 2, "anchor": [0, 5]})", "joints[0].bodyB", "no body 2"},
        {R"({"type": "hinge", "bodyA": 0, "bodyB": 1})", "joints[0].type",
         R"(must be "revolute", "prismatic", "distance", "weld", "wheel" or "motor", not "hinge")"},
        {R"({"type": "prismatic", "bodyA": 0, "bodyB": 1, "anchor": [0, 5], "axis": [0, 0]})",
         "joints[0].axis", "must not be [0, 0]"},
        {R"({"type": "motor", "bodyA": 0, "bodyB": 1, "correctionFactor": 2})", "joints[0].correctionFactor",
         "must be in [0, 1]"},
    };
    const TempDir dir;
    for (const Case& c : cases)
    {
        SCOPED_TRACE(c.path);
        const auto scene = dir.write("broken.json", R"({"format": "oblique-scene/2", )" + bodies +
                                                        R"(, "joints": [)" + c.joint + "]}");
        for (const char* command : {"run", "contacts", "compare"})
        {
            const ProgramResult r = oblique({command, scene.string()});
            EXPECT_EQ(r.exitCode, 2) << command;
            EXPECT_EQ(r.out, "") << command;
            EXPECT_NE(r.err.find(std::string("broken.json: ") + c.path + ": " + c.message), std::string::npos)
                << r.err;
            EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
        }
    }
    // Joints in a format-1 file.
    const auto formatOne =
        dir.write("one.json", R"({"format": "oblique-scene/1", )" + bodies + R"(, "joints": []})");
    const ProgramResult r = oblique({"run", formatOne.string()});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find(R"(one.json: joints: needs format "oblique-scene/2")"), std::string::npos) << r.err;
}

} // namespace
} // namespace oblique::test
