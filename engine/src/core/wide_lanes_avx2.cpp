// The wide passes eight lanes at a time: the one file built with -mavx2. Everything it uses from
// headers is always inlined, so it defines only its entry points, each named ...EightLanes (a test
// lists its symbols); nothing built for AVX2 can be chosen by the linker for code that runs
// without it.

#include "wide_hinge_lanes.hpp"
#include "wide_ngs_lanes.hpp"
#include "wide_soft_lanes.hpp"
#include "wide_soft_prepare.hpp"

namespace oblique::detail
{

void warmStartEightLanes(SolverVelocity* bodies, const WideSoftConstraint8* groups, int begin, int end)
{
    warmStartGroups<8>(bodies, groups, begin, end);
}

void solveEightLanes(SolverVelocity* bodies, const SolverDelta* deltas, WideSoftConstraint8* groups,
                     int begin, int end, float invH, float pushMaxSpeed, bool useBias, bool prefetch)
{
    solveGroups<8>(bodies, deltas, groups, begin, end, invH, pushMaxSpeed, useBias, prefetch);
}

unsigned preparePlainEightLanes(WideSoftConstraint8& w, const PlainLaneInputs& in, float warmStartScale)
{
    return preparePlainGroup<8>(w, in, warmStartScale);
}

void solveNgsEightLanes(SolverVelocity* bodies, WideConstraint8* groups, int begin, int end)
{
    solveNgsGroups<8>(bodies, groups, begin, end);
}

void warmStartHingeEightLanes(HingeBodies bodies, const WideHinge8* groups, int begin, int end)
{
    warmStartHingeGroups<8>(bodies, groups, begin, end);
}

bool solveHingeEightLanes(HingeBodies bodies, WideHinge8* groups, int begin, int end, const HingePass& pass)
{
    return solveHingeGroups<8>(bodies, groups, begin, end, pass);
}

} // namespace oblique::detail
