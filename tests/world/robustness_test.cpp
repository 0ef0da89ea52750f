// The robustness suite in the ngs solver (8 velocity and 3 position iterations), with the cases it
// is known to fail checked to still fail, and the suite's table and scene files checked against
// the builders. The soft step's runs are in robustness_softstep_test.cpp.

#include "oblique/robustness_scenes.hpp"
#include "oblique/scene.hpp"
#include "robustness_rules.hpp"

#include <algorithm>
#include <filesystem>
#include <gtest/gtest.h>
#include <iostream>
#include <set>
#include <string>
#include <vector>

namespace oblique::test
{
namespace
{

std::vector<std::string> sceneIds(bool knownToFailInNgs)
{
    return sceneIdsListed(knownNgsFailures(), knownToFailInNgs);
}

std::string nameOf(const testing::TestParamInfo<std::string>& info)
{
    return info.param;
}

TEST(RobustnessSuite, EverySceneHasRulesAUniqueIdAndItsOwnName)
{
    std::set<std::string_view> ids;
    for (const scenes::RobustnessScene& e : scenes::robustnessScenes())
    {
        EXPECT_TRUE(hasRobustnessRules(e.id)) << e.id;
        EXPECT_TRUE(ids.insert(e.id).second) << "two scenes are " << e.id;
        EXPECT_TRUE(std::all_of(e.id.begin(), e.id.end(),
                                [](char c)
                                { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; }))
            << e.id;
        EXPECT_EQ(e.build().name, e.name);
        EXPECT_GT(e.seconds, 0.0f) << e.id;
    }
    EXPECT_EQ(ids.size(), 17u);
}

TEST(RobustnessSuite, KnownFailuresNameSuiteScenes)
{
    for (const KnownFailure& f : knownNgsFailures())
    {
        EXPECT_NO_THROW(robustnessScene(f.scene)) << f.scene;
        EXPECT_FALSE(f.rules.empty()) << f.scene;
    }
}

class RobustnessNgs : public testing::TestWithParam<std::string>
{
};

// Every scene ngs is not known to fail: every rule holds.
TEST_P(RobustnessNgs, Holds)
{
    if (tooSlowUnoptimised(GetParam()))
    {
        GTEST_SKIP() << GetParam() << " runs in optimised builds only";
    }
    const RobustnessVerdict v = judgeRobustnessScene(robustnessScene(GetParam()), Solver::Ngs);
    std::cout << "[ngs] " << GetParam() << "\n" << v.report();
    EXPECT_TRUE(v.failedRules().empty()) << v.report();
}

INSTANTIATE_TEST_SUITE_P(, RobustnessNgs, testing::ValuesIn(sceneIds(false)), nameOf);

class RobustnessNgsKnownFailures : public testing::TestWithParam<std::string>
{
};

// The cases in knownNgsFailures(): exactly the rules listed fail, so the table cannot go stale
// either way (a case that starts passing, or fails another rule, is reported).
TEST_P(RobustnessNgsKnownFailures, StillFail)
{
    if (tooSlowUnoptimised(GetParam()))
    {
        GTEST_SKIP() << GetParam() << " runs in optimised builds only";
    }
    const RobustnessVerdict v = judgeRobustnessScene(robustnessScene(GetParam()), Solver::Ngs);
    std::cout << "[ngs, known to fail] " << GetParam() << "\n" << v.report();
    expectExactlyTheKnownFailures(v, *knownFailureOf(knownNgsFailures(), GetParam()), "knownNgsFailures");
}

INSTANTIATE_TEST_SUITE_P(, RobustnessNgsKnownFailures, testing::ValuesIn(sceneIds(true)), nameOf);

class RobustnessSceneFiles : public testing::TestWithParam<std::string>
{
};

// scenes/robustness/ holds each scene as its builder makes it (oblique-write-robustness-scenes
// writes them again after a builder changes).
TEST_P(RobustnessSceneFiles, MatchTheBuilders)
{
    const std::filesystem::path file =
        std::filesystem::path(OBLIQUE_SCENES_DIR) / "robustness" / (GetParam() + ".json");
    const Scene loaded = loadScene(file);
    const Scene built = robustnessScene(GetParam()).build();
    EXPECT_EQ(toSceneJson(loaded), toSceneJson(built)) << file;
    EXPECT_EQ(loaded.bodies.size(), built.bodies.size());
}

INSTANTIATE_TEST_SUITE_P(, RobustnessSceneFiles, testing::ValuesIn(robustnessSceneIds()), nameOf);

} // namespace
} // namespace oblique::test
