#pragma once
// What the wide-against-scalar solver tests draw their bodies from.

#include "solver_body.hpp"

#include <cmath>
#include <random>

namespace oblique::detail
{

// Slot `slot`'s random velocity and masses: slots up to `kinematic` move but impulses do not move
// them; the rest are dynamic, some with fixed rotation.
inline SolverVelocity randomVelocity(std::mt19937& rng, int slot, int kinematic)
{
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
    std::uniform_real_distribution<float> positive(0.1f, 2.0f);
    SolverVelocity b;
    b.v = {3.0f * unit(rng), 3.0f * unit(rng)};
    b.w = 2.0f * unit(rng);
    if (slot > kinematic)
    {
        b.invMass = positive(rng);
        b.invInertia = unit(rng) > 0.8f ? 0.0f : positive(rng);
    }
    return b;
}

// A random motion since the step began: up to 2 cm each way, turned up to 0.05 rad.
inline SolverDelta randomDelta(std::mt19937& rng)
{
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
    const float turn = 0.05f * unit(rng);
    return {{0.02f * unit(rng), 0.02f * unit(rng)}, {std::cos(turn), std::sin(turn)}};
}

} // namespace oblique::detail
