#pragma once
// The arithmetic behind the collision teaching scenes, kept apart from input and drawing so it can
// be tested on its own: clamping a box to the screen, relating two projection intervals, editing a
// box through its handles, the k-sigma contour of a Gaussian and a seeded town of buildings.

#include "oblique/aabb.hpp"
#include "oblique/debug_draw.hpp"
#include "oblique/interval.hpp"
#include "oblique/mat22.hpp"
#include "oblique/obb.hpp"
#include "oblique/vec2.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace oblique::sandbox
{

// --- movement -------------------------------------------------------------------------------

// The unit direction the held arrow keys point to (y up), or zero when none are held or opposite
// keys cancel. Diagonals are normalised so moving diagonally is not faster.
Vec2 arrowDirection(bool left, bool right, bool down, bool up);

// The box moved by the least amount that puts it inside bounds. A box wider or taller than bounds
// is centred on that axis instead, so the result never depends on which edge wins.
Aabb clampInside(const Aabb& box, const Aabb& bounds);

// --- separating axes ------------------------------------------------------------------------

// How two intervals on one axis relate: either they overlap on [low, high] or a gap spans it.
struct IntervalRelation
{
    bool overlapping = false;
    float low = 0.0f;    // start of the overlap (or of the gap)
    float high = 0.0f;   // end of the overlap (or of the gap); never below low
    float amount = 0.0f; // overlap length when overlapping, minus the gap otherwise
};

IntervalRelation relate(Interval a, Interval b);

// Both boxes projected on one of the four face axes.
struct AxisProjection
{
    Vec2 axis; // unit
    Interval a;
    Interval b;
    IntervalRelation relation;
};

// Projections on A's x and y axes, then B's x and y axes: the four axes the separating-axis test
// between two boxes needs.
std::array<AxisProjection, 4> projectOnFaceAxes(const Obb& a, const Obb& b);

// True when no axis shows a gap: the separating-axis verdict for two boxes.
bool allAxesOverlap(const std::array<AxisProjection, 4>& projections);

// --- editing a box with handles -------------------------------------------------------------

// The angle of the direction from center to point, or fallback when point is too close to center
// to define one (so a drag through the centre never spins the box at random or divides by zero).
float angleTowards(Vec2 center, Vec2 point, float fallback, float minDistance = 1e-4f);

// The half extents that put a corner of the box (kept centred) at point, each at least
// minHalfExtent and at most maxHalfExtent.
Vec2 halfExtentsFromCorner(const Obb& box, Vec2 point, float minHalfExtent, float maxHalfExtent);

// --- Gaussians ------------------------------------------------------------------------------

// The covariance of a 2D Gaussian with standard deviations sigmaX, sigmaY and correlation rho.
// Sigmas are raised to minSigma and rho kept within +-maxCorrelation so the matrix stays positive
// definite and its ellipse has two finite, non-zero axes.
Mat22 covarianceFrom(float sigmaX, float sigmaY, float rho, float minSigma = 1e-3f,
                     float maxCorrelation = 0.999f);

// segments points, counter-clockwise, on the k-sigma contour of the Gaussian (the points whose
// Mahalanobis distance from the mean is k), from the covariance's eigen decomposition.
std::vector<Vec2> sigmaEllipse(Vec2 mean, const Mat22& covariance, float k, int segments = 96);

// The squared Mahalanobis distance of p from the mean; infinity for a singular covariance.
float mahalanobisSquared(Vec2 p, Vec2 mean, const Mat22& covariance);

// The share of a 2D Gaussian's mass inside its k-sigma ellipse: 1 - exp(-k^2 / 2).
float massInsideSigma(float k);

// count samples of the Gaussian, the same for the same seed on every platform (the standard
// library's normal distribution is not specified bit for bit, so the transform is done here).
std::vector<Vec2> gaussianSamples(Vec2 mean, const Mat22& covariance, int count, std::uint32_t seed);

// --- building placement ---------------------------------------------------------------------

struct TownLayout
{
    Aabb region{{-100.0f, -60.0f}, {100.0f, 60.0f}}; // every building lies inside
    int count = 500;                                 // buildings wanted
    float minHalfSize = 0.8f;                        // half extents drawn uniformly from this range
    float maxHalfSize = 3.0f;
    float rotatedShare = 0.35f; // the share of buildings turned to a random angle
    float spacing = 0.6f;       // the least street width between two buildings
    std::uint32_t seed = 1;
    int maxAttempts = 40000; // gives up after this many random tries (crowded regions)
};

// Non-overlapping buildings scattered over the region, the same for the same layout everywhere.
// Fewer than count come back when the attempts run out.
std::vector<Obb> generateTown(const TownLayout& layout);

// --- camera framing -------------------------------------------------------------------------

// The zoom (pixels per metre) that shows worldSize within fill (0..1] of the viewport; a safe
// default for empty sizes or viewports.
float zoomToFit(Vec2 viewportPixels, Vec2 worldSize, float fill = 0.9f);

// --- drawing --------------------------------------------------------------------------------

// A segment with a two-stroke head at `to`; just the segment when it is shorter than the head.
void drawArrow(DebugDraw& drawer, Vec2 from, Vec2 to, float headLength, Color color);

// A segment drawn width metres wide, as a filled quad, for lines that must stand out.
void drawThickSegment(DebugDraw& drawer, Vec2 from, Vec2 to, float width, Color color);

// The box's outline, or its fill and outline when solid.
void drawAabb(DebugDraw& drawer, const Aabb& box, Color color, bool solid);

} // namespace oblique::sandbox
