#pragma once
// What the joint tests share: a world per solver, the solver's name for parameterised tests, and
// a line that records a measured figure beside the verdict.

#include "world_scenes.hpp"

#include <cstdio>
#include <gtest/gtest.h>
#include <string>

namespace oblique::test
{

inline World worldFor(Solver solver, Vec2 gravity = {0.0f, -kGravity})
{
    WorldDef def;
    def.solver = solver;
    def.gravity = gravity;
    return World(def);
}

inline std::string solverName(const ::testing::TestParamInfo<Solver>& info)
{
    return info.param == Solver::Ngs ? "Ngs" : "SoftStep";
}

inline void report(const char* what, Solver solver, float value)
{
    std::printf("[ measured ] %s (%s): %.6g\n", what, solver == Solver::Ngs ? "ngs" : "soft step",
                static_cast<double>(value));
}

} // namespace oblique::test
