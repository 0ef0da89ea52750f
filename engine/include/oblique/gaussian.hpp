#pragma once
/// Oriented boxes fitted to 2D Gaussian distributions: the box around the k-sigma ellipse.

#include "oblique/mat22.hpp"
#include "oblique/obb.hpp"

namespace oblique
{

/// Eigenvalues (largest first) and the angle of the first eigenvector of a symmetric 2x2 matrix.
struct SymmetricEigen
{
    float lambda1 = 0.0f;
    float lambda2 = 0.0f;
    float angle = 0.0f; ///< direction of lambda1's eigenvector, radians in (-pi/2, pi/2]
};

SymmetricEigen eigenSymmetric(const Mat22& m);

/// The box centred on mean whose axes are the covariance's eigenvectors and whose half extents are
/// k * sqrt(eigenvalue): it bounds the k-sigma ellipse exactly. Throws std::invalid_argument when the
/// covariance is not finite, not symmetric or not positive semi-definite, or when k is not > 0.
Obb obbFromGaussian(Vec2 mean, const Mat22& covariance, float k);

} // namespace oblique
