// The contacts' wide passes sixteen lanes at a time (the hinges keep to eight): the one file built
// with -mavx512f. As in wide_lanes_avx2.cpp, everything it uses from headers is always inlined, so
// it defines only its entry points, each named ...SixteenLanes (a test lists its symbols).

#include "wide_ngs_lanes.hpp"
#include "wide_soft_lanes.hpp"
#include "wide_soft_prepare.hpp"

namespace oblique::detail
{

void warmStartSixteenLanes(SolverVelocity* bodies, const WideSoftConstraint16* groups, int begin, int end)
{
    warmStartGroups<16>(bodies, groups, begin, end);
}

void solveSixteenLanes(SolverVelocity* bodies, const SolverDelta* deltas, WideSoftConstraint16* groups,
                       int begin, int end, float invH, float pushMaxSpeed, bool useBias, bool prefetch)
{
    solveGroups<16>(bodies, deltas, groups, begin, end, invH, pushMaxSpeed, useBias, prefetch);
}

unsigned preparePlainSixteenLanes(WideSoftConstraint16& w, const PlainLaneInputs& in, float warmStartScale)
{
    return preparePlainGroup<16>(w, in, warmStartScale);
}

void solveNgsSixteenLanes(SolverVelocity* bodies, WideConstraint16* groups, int begin, int end)
{
    solveNgsGroups<16>(bodies, groups, begin, end);
}

} // namespace oblique::detail
