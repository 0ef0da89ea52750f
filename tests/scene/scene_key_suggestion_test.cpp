// A misspelt key is refused with the key it most likely stands for, taken from the keys that the
// object it is in accepts; a key near none of them, or as near to two, gets no guess.

#include "oblique/scene.hpp"
#include "scene_test_support.hpp"
#include "scene_text.hpp"

#include <gtest/gtest.h>
#include <string>
#include <string_view>

namespace oblique::test
{
namespace
{

using scene_detail::editDistanceIgnoringCase;

/// The message of the error parsing `text` gives, or "accepted".
std::string errorMessage(std::string_view text)
{
    try
    {
        (void)parseScene(text, errorFile);
    }
    catch (const SceneError& e)
    {
        return e.message();
    }
    return "accepted";
}

std::string suggested(std::string_view key, std::string_view meant)
{
    return "unknown key \"" + std::string(key) + "\" (did you mean \"" + std::string(meant) + "\"?)";
}

std::string sceneWithTopLevel(std::string_view members)
{
    return R"({"format": "oblique-scene/2", )" + std::string(members) + "}";
}

/// A format-2 scene of two dynamic circles "a" and "b" and one joint with `members`.
std::string sceneWithJoint(std::string_view members)
{
    return R"({"format": "oblique-scene/2", "bodies": [
        {"name": "a", "position": [0, 2], "radius": 0.5},
        {"name": "b", "position": [2, 2], "radius": 0.5}],
        "joints": [{)" +
           std::string(members) + "}]}";
}

// --- the distance --------------------------------------------------------------------------------

TEST(EditDistance, CountsInsertionsDeletionsAndReplacements)
{
    EXPECT_EQ(editDistanceIgnoringCase("friction", "frition"), 1u);
    EXPECT_EQ(editDistanceIgnoringCase("restitution", "resitution"), 1u);
    EXPECT_EQ(editDistanceIgnoringCase("bodies", "bodys"), 2u);
    EXPECT_EQ(editDistanceIgnoringCase("kitten", "sitting"), 3u);
    EXPECT_EQ(editDistanceIgnoringCase("", "abc"), 3u);
    EXPECT_EQ(editDistanceIgnoringCase("abc", ""), 3u);
    EXPECT_EQ(editDistanceIgnoringCase("", ""), 0u);
}

TEST(EditDistance, ASwapOfNeighboursIsOneEdit)
{
    EXPECT_EQ(editDistanceIgnoringCase("type", "tpye"), 1u);
    EXPECT_EQ(editDistanceIgnoringCase("lowerAngle", "lowerAngel"), 1u);
    // Unrestricted: a swapped pair may have a character inserted between them afterwards, which
    // the restricted form (optimal string alignment) counts as 3.
    EXPECT_EQ(editDistanceIgnoringCase("ca", "abc"), 2u);
}

TEST(EditDistance, IgnoresCaseAndIsSymmetric)
{
    EXPECT_EQ(editDistanceIgnoringCase("Radius", "radius"), 0u);
    EXPECT_EQ(editDistanceIgnoringCase("HALFEXTENTS", "halfExtents"), 0u);
    for (const auto& [a, b] : {std::pair{"anchorA", "anchorC"}, std::pair{"mane", "name"},
                               std::pair{"ca", "abc"}, std::pair{"linearVelocty", "linearVelocity"}})
    {
        EXPECT_EQ(editDistanceIgnoringCase(a, b), editDistanceIgnoringCase(b, a)) << a << ", " << b;
    }
}

// --- suggestions in each object ------------------------------------------------------------------

TEST(SceneKeySuggestion, TopLevel)
{
    EXPECT_TRUE(failsAt(sceneWithTopLevel(R"("bodys": [])"), "bodys", suggested("bodys", "bodies")));
    EXPECT_TRUE(
        failsAt(sceneWithTopLevel(R"("bodies": [], "wrold": {})"), "wrold", suggested("wrold", "world")));
    EXPECT_TRUE(
        failsAt(sceneWithTopLevel(R"("bodies": [], "jionts": [])"), "jionts", suggested("jionts", "joints")));
    EXPECT_TRUE(failsAt(sceneWithTopLevel(R"("bodies": [], "nme": "x")"), "nme", suggested("nme", "name")));
}

TEST(SceneKeySuggestion, World)
{
    EXPECT_TRUE(
        failsAt(scene2WithWorld(R"("gravty": [0, -10])"), "world.gravty", suggested("gravty", "gravity")));
    EXPECT_TRUE(failsAt(scene2WithWorld(R"("velocityIteration": 8)"), "world.velocityIteration",
                        suggested("velocityIteration", "velocityIterations")));
    EXPECT_TRUE(
        failsAt(scene2WithWorld(R"("timestep": 0.01)"), "world.timestep", suggested("timestep", "timeStep")));
    EXPECT_TRUE(
        failsAt(scene2WithWorld(R"("sovler": "ngs")"), "world.sovler", suggested("sovler", "solver")));
}

TEST(SceneKeySuggestion, Bodies)
{
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "radius": 1, "frition": 0.5)"),
                        "bodies[1].frition", suggested("frition", "friction")));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "radius": 1, "resitution": 0.5)"),
                        "bodies[1].resitution", suggested("resitution", "restitution")));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0, 0], "radius": 1, "linearVelocty": [1, 0])"),
                        "bodies[1].linearVelocty", suggested("linearVelocty", "linearVelocity")));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("positon": [0, 0], "radius": 1)"), "bodies[1].positon",
                        suggested("positon", "position")));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("tpye": "static", "position": [0, 0], "radius": 1)"),
                        "bodies[1].tpye", suggested("tpye", "type")));
}

TEST(SceneKeySuggestion, Shapes)
{
    EXPECT_TRUE(
        failsAt(scene2WithShape(R"("radus": 1)"), "bodies[1].shapes[1].radus", suggested("radus", "radius")));
    EXPECT_TRUE(failsAt(scene2WithShape(R"("halfExtent": [1, 1])"), "bodies[1].shapes[1].halfExtent",
                        suggested("halfExtent", "halfExtents")));
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "ofset": [1, 0])"), "bodies[1].shapes[1].ofset",
                        suggested("ofset", "offset")));
    EXPECT_TRUE(failsAt(scene2WithShape(R"("radius": 1, "filter": {"catgory": 2})"),
                        "bodies[1].shapes[1].filter.catgory", suggested("catgory", "category")));
}

TEST(SceneKeySuggestion, Joints)
{
    EXPECT_TRUE(failsAt(sceneWithJoint(R"("type": "revolute", "bodyA": "a", "bodyB": "b", "anchr": [0, 0])"),
                        "joints[0].anchr", suggested("anchr", "anchor")));
    EXPECT_TRUE(failsAt(sceneWithJoint(R"("type": "revolute", "bodyA": "a", "bodyB": "b", "anchor": [0, 0],
                                          "lowerAngel": 0)"),
                        "joints[0].lowerAngel", suggested("lowerAngel", "lowerAngle")));
    EXPECT_TRUE(failsAt(sceneWithJoint(R"("type": "weld", "bodyA": "a", "bodyB": "b", "anchor": [0, 0],
                                          "dampingRatoi": 1)"),
                        "joints[0].dampingRatoi", suggested("dampingRatoi", "dampingRatio")));
    EXPECT_TRUE(failsAt(sceneWithJoint(R"("type": "weld", "bodyA": "a", "bodyB": "b", "anchor": [0, 0],
                                          "colideConnected": true)"),
                        "joints[0].colideConnected", suggested("colideConnected", "collideConnected")));
}

// --- no guess ------------------------------------------------------------------------------------

TEST(SceneKeySuggestion, NoGuessForAKeyFarFromEveryKey)
{
    // "mane" is two edits from "name", but that is half its letters: too far for a short key.
    EXPECT_EQ(editDistanceIgnoringCase("mane", "name"), 2u);
    for (const std::string& text :
         {sceneWithBody(R"("position": [0, 0], "radius": 1, "mass": 3)"),
          sceneWithBody(R"("mane": "crate", "position": [0, 0], "radius": 1)"),
          sceneWithWorld(R"("iterations": 4)"), sceneWithTopLevel(R"("bodies": [], "extra": 1)"),
          sceneWithTopLevel(R"("bodies": [], "x": 1)"), scene2WithShape(R"("radius": 1, "colour": "red")"),
          sceneWithJoint(R"("type": "weld", "bodyA": "a", "bodyB": "b", "anchor": [0, 0], "breakForce": 1)")})
    {
        const std::string message = errorMessage(text);
        EXPECT_EQ(message.rfind("unknown key \"", 0), 0u) << message;
        EXPECT_EQ(message.find("did you mean"), std::string::npos) << message;
    }
}

TEST(SceneKeySuggestion, NoGuessWhenTwoKeysAreEquallyNear)
{
    // bodyC is one edit from both bodyA and bodyB, anchorC from anchorA and anchorB.
    const std::string bodyC = errorMessage(sceneWithJoint(R"("type": "weld", "bodyA": "a", "bodyC": "b")"));
    EXPECT_EQ(bodyC, R"(unknown key "bodyC")");
    const std::string anchorC =
        errorMessage(sceneWithJoint(R"("type": "distance", "bodyA": "a", "bodyB": "b", "anchorC": [0, 0])"));
    EXPECT_EQ(anchorC, R"(unknown key "anchorC")");
}

TEST(SceneKeySuggestion, OnlyKeysOfTheObjectAtHandAreSuggested)
{
    // "densty" is one edit from a shape key, which a shape takes but a world does not.
    EXPECT_EQ(errorMessage(scene2WithWorld(R"("densty": 1)")), R"(unknown key "densty")");
    // A key of another joint type is named as such rather than guessed at.
    EXPECT_TRUE(failsAt(
        sceneWithJoint(R"("type": "revolute", "bodyA": "a", "bodyB": "b", "anchor": [0, 0],
                                          "lower": 0)"),
        "joints[0].lower",
        R"(unknown key "lower": a revolute joint has no lower (it is a key of "prismatic" or "wheel" joints))"));
}

TEST(SceneKeySuggestion, AVeryLongKeyIsRefusedQuoted)
{
    const std::string key(100000, 'q');
    const std::string message = errorMessage(sceneWithTopLevel("\"" + key + "\": 1, \"bodies\": []"));
    EXPECT_EQ(message.rfind("unknown key \"qqq", 0), 0u);
    EXPECT_LT(message.size(), 80u) << "the key is shortened in the message";
}

} // namespace
} // namespace oblique::test
