#include "oblique/gaussian.hpp"

#include "oblique/api_error.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

namespace oblique
{

SymmetricEigen eigenSymmetric(const Mat22& m)
{
    // Closed form in double: the difference of the eigenvalues loses digits when they are close.
    const double a = static_cast<double>(m.cx.x);
    const double b = 0.5 * (static_cast<double>(m.cy.x) + static_cast<double>(m.cx.y));
    const double c = static_cast<double>(m.cy.y);
    const double mean = 0.5 * (a + c);
    const double radius = std::hypot(0.5 * (a - c), b);
    float angle = static_cast<float>(0.5 * std::atan2(2.0 * b, a - c));
    // With a < c and an off-diagonal term of -0 (or one so small and negative that the half angle
    // rounds to it), atan2 gives -pi and the angle lands on -pi/2, outside the documented
    // (-pi/2, pi/2]. That is the same axis as +pi/2, which is the representative to report.
    constexpr float kHalfPi = 0.5f * std::numbers::pi_v<float>;
    if (angle <= -kHalfPi)
    {
        angle += std::numbers::pi_v<float>;
    }
    return {static_cast<float>(mean + radius), static_cast<float>(mean - radius), angle};
}

Obb obbFromGaussian(Vec2 mean, const Mat22& covariance, float k)
{
    if (!isFinite(mean) || !isFinite(covariance.cx) || !isFinite(covariance.cy))
    {
        reportApiError("obbFromGaussian: mean and covariance must be finite");
    }
    if (!std::isfinite(k) || !(k > 0.0f))
    {
        reportApiError("obbFromGaussian: k must be finite and > 0");
    }
    const float scale = std::max({1.0f, std::fabs(covariance.cx.x), std::fabs(covariance.cy.y)});
    if (std::fabs(covariance.cx.y - covariance.cy.x) > 1.0e-5f * scale)
    {
        reportApiError("obbFromGaussian: covariance must be symmetric");
    }
    const SymmetricEigen e = eigenSymmetric(covariance);
    if (e.lambda2 < -1.0e-6f * scale)
    {
        reportApiError("obbFromGaussian: covariance must be positive semi-definite");
    }
    const float l2 = std::max(e.lambda2, 0.0f);
    return makeObb(mean, {k * std::sqrt(e.lambda1), k * std::sqrt(l2)}, e.angle);
}

} // namespace oblique
