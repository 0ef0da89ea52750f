#pragma once
// Internal: a soft constraint's coefficients for one substep, from a stiffness in hertz and a
// damping ratio (Catto, "Soft Constraints", GDC 2011). Scaling them by the constraint's effective
// mass gives a spring and damper of that frequency whatever the masses involved.

#include <numbers>

namespace oblique::detail
{

struct Softness
{
    float biasRate = 0.0f;     // 1/s: the correction speed per metre of error
    float massScale = 1.0f;    // share of the effective mass the solve uses
    float impulseScale = 0.0f; // share of the accumulated impulse taken back each solve
};

// Rigid when hertz is 0. Any finite hertz and damping ratio >= 0 give finite coefficients: at
// the float range's ends the formulas below would divide zero by zero or infinity by infinity.
inline Softness makeSoftness(float hertz, float dampingRatio, float h)
{
    if (hertz == 0.0f)
    {
        return {};
    }
    const float omega = 2.0f * std::numbers::pi_v<float> * hertz;
    const float a1 = 2.0f * dampingRatio + h * omega;
    if (a1 == 0.0f)
    {
        // Undamped and so soft that h * omega rounds to 0: a spring that pushes nothing.
        return {0.0f, 0.0f, 1.0f};
    }
    const float a2 = h * omega * a1;
    if (!(a2 <= 3.0e38f))
    {
        // So stiff that the products overflow: rigid, with the bias rate's limit, 1/h (also when
        // omega itself overflowed and omega / a1 is infinity over infinity).
        const float rate = omega / a1;
        return {rate < 1.0f / h ? rate : 1.0f / h, 1.0f, 0.0f};
    }
    const float a3 = 1.0f / (1.0f + a2);
    return {omega / a1, a2 * a3, a3};
}

} // namespace oblique::detail
