#pragma once
// Internal: what the four-lane solvers do the same way: the lanes' body velocities and motion
// since the step began gathered, velocities scattered, and a contact's normal impulses applied, one point or
// two solved together, operation for operation as the scalar solvers do it.

#include "float4.hpp"
#include "solver_body.hpp"

#include <cstdint>
#include <vector>

namespace oblique::detail
{

// Velocities of the four lanes' bodies, a component per register.
struct WideVelocity
{
    Float4 vx;
    Float4 vy;
    Float4 w;
};

inline WideVelocity gather(const std::vector<SolverVelocity>& bodies, const std::int32_t (&index)[4])
{
    const SolverVelocity& b0 = bodies[static_cast<std::size_t>(index[0])];
    const SolverVelocity& b1 = bodies[static_cast<std::size_t>(index[1])];
    const SolverVelocity& b2 = bodies[static_cast<std::size_t>(index[2])];
    const SolverVelocity& b3 = bodies[static_cast<std::size_t>(index[3])];
    return {Float4{b0.v.x, b1.v.x, b2.v.x, b3.v.x}, Float4{b0.v.y, b1.v.y, b2.v.y, b3.v.y},
            Float4{b0.w, b1.w, b2.w, b3.w}};
}

inline void scatter(std::vector<SolverVelocity>& bodies, const std::int32_t (&index)[4],
                    const WideVelocity& v)
{
    for (int lane = 0; lane < 4; ++lane)
    {
        SolverVelocity& b = bodies[static_cast<std::size_t>(index[lane])];
        b.v = {v.vx[lane], v.vy[lane]};
        b.w = v.w[lane];
    }
}

// The lanes' bodies' motion since the step began, for the separations.
struct WideDelta
{
    Float4 dpx;
    Float4 dpy;
    Float4 dqc;
    Float4 dqs;
};

inline WideDelta gather(const std::vector<SolverDelta>& deltas, const std::int32_t (&index)[4])
{
    WideDelta out;
    for (int lane = 0; lane < 4; ++lane)
    {
        const SolverDelta& d = deltas[static_cast<std::size_t>(index[lane])];
        out.dpx[lane] = d.dp.x;
        out.dpy[lane] = d.dp.y;
        out.dqc[lane] = d.dq.c;
        out.dqs[lane] = d.dq.s;
    }
    return out;
}

// A contact's new normal impulses, four lanes at once. `single` is the one-point lanes' new
// impulse; rhs1 and rhs2 are the two-point lanes' complementarity right-hand side (solveTwoPoints
// on four lanes): the active sets in the scalar order of preference (both pushing, only the first,
// only the second, neither), selected from the least preferred up so the preferred overwrite. A
// two-point lane where no set fits keeps its impulses. Wide is a wide constraint of either solver:
// both name their masses, two-point effective mass and points alike.
template <class Wide>
void applyNormalImpulses(WideVelocity& a, WideVelocity& b, Wide& c, Float4 single, Float4 rhs1, Float4 rhs2)
{
    auto& p1 = c.points[0];
    auto& p2 = c.points[1];
    const Float4 nx = c.normalX;
    const Float4 ny = c.normalY;
    const Float4 zero = splat(0.0f);
    const Mask4 two = c.twoPoints;
    const Float4 old1 = p1.normalImpulse;
    const Float4 old2 = p2.normalImpulse;
    const Float4 singleLambda = single - old1;

    Float4 x1 = old1;
    Float4 x2 = old2;
    const Mask4 neither = (rhs1 >= zero) & (rhs2 >= zero);
    x1 = neither ? zero : x1;
    x2 = neither ? zero : x2;
    const Float4 second = -p2.normalMass * rhs2;
    const Mask4 onlySecond = (second >= zero) & (c.k12 * second + rhs1 >= zero);
    x1 = onlySecond ? zero : x1;
    x2 = onlySecond ? second : x2;
    const Float4 first = -p1.normalMass * rhs1;
    const Mask4 onlyFirst = (first >= zero) & (c.k12 * first + rhs2 >= zero);
    x1 = onlyFirst ? first : x1;
    x2 = onlyFirst ? zero : x2;
    const Float4 both1 = -(c.inv11 * rhs1 + c.inv12 * rhs2);
    const Float4 both2 = -(c.inv12 * rhs1 + c.inv22 * rhs2);
    const Mask4 both = (both1 >= zero) & (both2 >= zero);
    x1 = both ? both1 : x1;
    x2 = both ? both2 : x2;
    const Mask4 found = neither | onlySecond | onlyFirst | both;
    const Float4 d1 = x1 - old1;
    const Float4 d2 = x2 - old2;
    const Float4 total = d1 + d2;

    const Mask4 pushTwo = two & found;
    a.vx = pushTwo ? a.vx - c.invMassA * total * nx : (two ? a.vx : a.vx - c.invMassA * singleLambda * nx);
    a.vy = pushTwo ? a.vy - c.invMassA * total * ny : (two ? a.vy : a.vy - c.invMassA * singleLambda * ny);
    a.w = pushTwo ? a.w - c.invInertiaA * (d1 * p1.rnA + d2 * p2.rnA)
                  : (two ? a.w : a.w - c.invInertiaA * singleLambda * p1.rnA);
    b.vx = pushTwo ? b.vx + c.invMassB * total * nx : (two ? b.vx : b.vx + c.invMassB * singleLambda * nx);
    b.vy = pushTwo ? b.vy + c.invMassB * total * ny : (two ? b.vy : b.vy + c.invMassB * singleLambda * ny);
    b.w = pushTwo ? b.w + c.invInertiaB * (d1 * p1.rnB + d2 * p2.rnB)
                  : (two ? b.w : b.w + c.invInertiaB * singleLambda * p1.rnB);
    p1.normalImpulse = pushTwo ? x1 : (two ? old1 : single);
    p2.normalImpulse = pushTwo ? x2 : old2;
}

} // namespace oblique::detail
