#pragma once
// Internal: what a group of N contacts holds in either solver's wide passes, a lane each: the two
// bodies' solver slots, the constraint each lane came from, the normal, friction and the bodies'
// inverse masses, and each point's lever arms, masses and impulses; how a lane of it is packed,
// and how the lanes' impulses go back to their constraints.

#include "float4.hpp"
#include "solver_body.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

namespace oblique::detail
{

// One point of N contacts: what both solvers' points hold alike.
template <int N>
struct WidePointLanes
{
    LaneFloat<N> rnA;
    LaneFloat<N> rnB;
    LaneFloat<N> rtA;
    LaneFloat<N> rtB;
    LaneFloat<N> normalMass;
    LaneFloat<N> tangentMass;
    LaneFloat<N> normalImpulse;
    LaneFloat<N> tangentImpulse;
};

template <int N>
struct WideContactLanes
{
    static constexpr std::size_t kLanes = N;
    std::int32_t indexA[kLanes] = {};
    std::int32_t indexB[kLanes] = {};
    std::int32_t source[kLanes] = {}; // constraint index of each lane; -1 for padding
    LaneFloat<N> normalX;
    LaneFloat<N> normalY;
    LaneFloat<N> friction;
    LaneFloat<N> tangentSpeed;
    LaneFloat<N> invMassA;
    LaneFloat<N> invInertiaA;
    LaneFloat<N> invMassB;
    LaneFloat<N> invInertiaB;
};

// Makes every lane of a group padding: all zeros on the immovable slot 0, which pushes nothing.
// In place, so that a group in a large array is not built elsewhere and copied in.
template <class Group>
void clearToPadding(Group& group)
{
    static_assert(std::is_trivially_copyable_v<Group>, "a group is cleared byte by byte");
    std::memset(static_cast<void*>(&group), 0, sizeof group);
    for (std::int32_t& source : group.source)
    {
        source = -1;
    }
}

// A group with every lane padding.
template <class Group>
Group blankGroup()
{
    Group w;
    clearToPadding(w);
    return w;
}

// The lane's share of what both solvers' contact constraints name alike.
template <int N, class Constraint>
void packContactLane(WideContactLanes<N>& w, int lane, std::int32_t source, const Constraint& cc,
                     const std::vector<SolverVelocity>& bodies)
{
    const SolverVelocity& a = bodies[static_cast<std::size_t>(cc.indexA)];
    const SolverVelocity& b = bodies[static_cast<std::size_t>(cc.indexB)];
    w.indexA[lane] = cc.indexA;
    w.indexB[lane] = cc.indexB;
    w.source[lane] = source;
    w.normalX[lane] = cc.normal.x;
    w.normalY[lane] = cc.normal.y;
    w.friction[lane] = cc.friction;
    w.tangentSpeed[lane] = cc.tangentSpeed;
    w.invMassA[lane] = a.invMass;
    w.invInertiaA[lane] = a.invInertia;
    w.invMassB[lane] = b.invMass;
    w.invInertiaB[lane] = b.invInertia;
}

// The lane's share of a point that both solvers' points name alike.
template <int N, class Point>
void packPointLane(WidePointLanes<N>& wp, int lane, const Point& p)
{
    wp.rnA[lane] = p.rnA;
    wp.rnB[lane] = p.rnB;
    wp.rtA[lane] = p.rtA;
    wp.rtB[lane] = p.rtB;
    wp.normalMass[lane] = p.normalMass;
    wp.tangentMass[lane] = p.tangentMass;
    wp.normalImpulse[lane] = p.normalImpulse;
    wp.tangentImpulse[lane] = p.tangentImpulse;
}

// visit(group, lane) for every filled lane of the groups [begin, end) (padding lanes, source -1,
// left out).
template <class Groups, class Visit>
void forEachFilledLane(const Groups& groups, std::size_t begin, std::size_t end, Visit visit)
{
    for (std::size_t g = begin; g < end; ++g)
    {
        const auto& w = groups[g];
        for (int lane = 0; lane < static_cast<int>(w.kLanes); ++lane)
        {
            if (w.source[lane] >= 0)
            {
                visit(w, lane);
            }
        }
    }
}

// ... of all the groups.
template <class Groups, class Visit>
void forEachFilledLane(const Groups& groups, Visit visit)
{
    forEachFilledLane(groups, 0, groups.size(), visit);
}

// Every filled lane's points back into the constraint its source indexes: copy(point, wide point,
// lane).
template <class Groups, class Constraint, class Copy>
void unpackLanes(const Groups& groups, std::vector<Constraint>& constraints, Copy copy)
{
    forEachFilledLane(groups,
                      [&](const auto& w, int lane)
                      {
                          Constraint& cc = constraints[static_cast<std::size_t>(w.source[lane])];
                          for (int j = 0; j < cc.velocityPoints; ++j)
                          {
                              copy(cc.points[j], w.points[j], lane);
                          }
                      });
}

} // namespace oblique::detail
