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

// Rigid when hertz is 0.
inline Softness makeSoftness(float hertz, float dampingRatio, float h)
{
    if (hertz == 0.0f)
    {
        return {};
    }
    const float omega = 2.0f * std::numbers::pi_v<float> * hertz;
    const float a1 = 2.0f * dampingRatio + h * omega;
    const float a2 = h * omega * a1;
    const float a3 = 1.0f / (1.0f + a2);
    return {omega / a1, a2 * a3, a3};
}

} // namespace oblique::detail
