// The robustness suite in soft step (the default solver, 4 substeps): every rule of every scene
// holds, except the cases knownSoftStepFailures() lists, where exactly the rules it names fail
// (so the table cannot go stale: a case that starts passing is reported, and must leave it).

#include "robustness_rules.hpp"

#include <gtest/gtest.h>
#include <iostream>
#include <string>

namespace oblique::test
{
namespace
{

std::string nameOf(const testing::TestParamInfo<std::string>& param)
{
    return param.param;
}

RobustnessVerdict judged(const std::string& id)
{
    const RobustnessVerdict v = judgeRobustnessScene(robustnessScene(id), Solver::SoftStep);
    std::cout << "[soft step] " << id << "\n" << v.report();
    return v;
}

class RobustnessSoftStep : public testing::TestWithParam<std::string>
{
};

TEST_P(RobustnessSoftStep, Holds)
{
    if (tooSlowUnoptimised(GetParam()))
    {
        GTEST_SKIP() << GetParam() << " runs in optimised builds only";
    }
    const RobustnessVerdict v = judged(GetParam());
    EXPECT_TRUE(v.failedRules().empty()) << v.report();
}

INSTANTIATE_TEST_SUITE_P(, RobustnessSoftStep,
                         testing::ValuesIn(sceneIdsListed(knownSoftStepFailures(), false)), nameOf);

class RobustnessSoftStepKnownFailures : public testing::TestWithParam<std::string>
{
};

TEST_P(RobustnessSoftStepKnownFailures, StillFail)
{
    if (tooSlowUnoptimised(GetParam()))
    {
        GTEST_SKIP() << GetParam() << " runs in optimised builds only";
    }
    expectExactlyTheKnownFailures(judged(GetParam()), *knownFailureOf(knownSoftStepFailures(), GetParam()),
                                  "knownSoftStepFailures");
}

INSTANTIATE_TEST_SUITE_P(, RobustnessSoftStepKnownFailures,
                         testing::ValuesIn(sceneIdsListed(knownSoftStepFailures(), true)), nameOf);

} // namespace
} // namespace oblique::test
