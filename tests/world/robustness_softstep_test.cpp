// The robustness suite in the soft step (the default solver, 4 substeps): every rule of every
// scene must hold. Nothing here is marked as expected to fail.

#include "robustness_rules.hpp"

#include <gtest/gtest.h>
#include <iostream>
#include <string>

namespace oblique::test
{
namespace
{

class RobustnessSoftStep : public testing::TestWithParam<std::string>
{
};

TEST_P(RobustnessSoftStep, Holds)
{
    if (tooSlowUnoptimised(GetParam()))
    {
        GTEST_SKIP() << GetParam() << " runs in optimised builds only";
    }
    const RobustnessVerdict v = judgeRobustnessScene(robustnessScene(GetParam()), Solver::SoftStep);
    std::cout << "[soft step] " << GetParam() << "\n" << v.report();
    EXPECT_TRUE(v.failedRules().empty()) << v.report();
}

std::string nameOf(const testing::TestParamInfo<std::string>& param)
{
    return param.param;
}

INSTANTIATE_TEST_SUITE_P(, RobustnessSoftStep, testing::ValuesIn(robustnessSceneIds()), nameOf);

} // namespace
} // namespace oblique::test
