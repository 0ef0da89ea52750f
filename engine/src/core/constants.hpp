#pragma once
// Internal: the solver's tuning constants; the same values as Box2D 2.4 so the two engines
// settle alike.

#include "oblique/world_def.hpp"

namespace oblique::detail
{

inline constexpr float kLinearSlop = 0.005f;
inline constexpr float kMaxLinearCorrection = 0.2f;
inline constexpr float kBaumgarte = 0.2f;
inline constexpr float kMaxTranslation = 2.0f;
// The most a body turns in a step in ngs (Box2D 2.4's cap), and the least soft step lets a body
// that allows fast rotation turn.
inline constexpr float kMaxRotation = 0.5f * 3.14159265359f;
// Soft step's least cap a step, and its most a substep (Box2D v3's), for every other body
// (stepTurnCap in body.hpp). A light body on a long lever can be spun up by its joint faster each
// substep (the warm-start impulse grows with the spin); holding such a body to an eighth of a turn
// a step ended the random jointed worlds' runaways (3 of 200 seeds past 1e4 m/s -> 0).
inline constexpr float kSoftMaxRotation = 0.25f * 3.14159265359f;
inline constexpr float kAngularSlop = 2.0f / 180.0f * 3.14159265359f;
inline constexpr float kMaxAngularCorrection = 8.0f / 180.0f * 3.14159265359f;
// Soft step: the rigid parts of joints are springs this stiff and damped (Box2D v3's joint
// softness), capped like contacts at a quarter of the substep rate.
inline constexpr float kJointHertz = 60.0f;
inline constexpr float kJointDampingRatio = 2.0f;
// Soft step: the fastest a joint's push closes its error, along a line (m/s, as contacts' default
// push) and in a turn (rad/s). A joint torn far open (bodies created inside others, a slider
// jammed metres past its limit against a wall) would otherwise close at its error times the push
// rate, 68/s at 60 Hz: a 10 m error at 680 m/s, which a light body on a long lever turns into
// runaway speeds. Errors under 4.4 cm (0.044 rad) are closed as before.
inline constexpr float kJointPushMaxSpeed = 3.0f;
inline constexpr float kJointTurnPushMaxSpeed = 3.0f;
// Soft step: a joint whose anchor lies farther from a body's centre than 1,000 times the body's
// radius of gyration (this is the square) is solved one at a time, not in a joint tree (joint.cpp).
inline constexpr float kTreeLeverLimit = 1.0e6f;
// ... and so is a joint between two bodies whose masses or inertias differ by more than this factor.
inline constexpr float kTreeRatioLimit = 1.0e7f;
// A shared point whose levers' compliance (inverse inertia times lever squared, both bodies) passes
// its masses' by more than this factor is solved in double, one at a time: in float its effective
// mass loses the masses and its determinant cancels to noise (a 1 mm ball on a 10 km lever).
inline constexpr float kPointLeverLimit = 1.0e5f;
// How far soft step lets a joint's shared point drift apart before moving its bodies back (a
// projection, as PhysX does for joints): a soft joint hit hard opens faster than its push closes
// it, and a ragdoll striking a wall would otherwise come apart by decimetres for a moment.
inline constexpr float kJointProjectionSlop = 0.4f * kLinearSlop;
// A distance joint's maxLength when it has none.
inline constexpr float kUnlimitedLength = 1.0e18f;
inline constexpr float kTimeToSleep = 0.5f;
inline constexpr float kLinearSleepTolerance = 0.01f;
inline constexpr float kAngularSleepTolerance = 2.0f / 180.0f * 3.14159265359f;
// Contacts closer than this (plus how far the pair can close in one step) join the solver as
// speculative points: they may close the gap this step but not pass through.
inline constexpr float kSpeculativeDistance = 4.0f * kLinearSlop;
// A fat box reaches past its shape by the speculative distance and then a margin: for a shape
// that moves, an eighth of its reach from its centre, at most kMaxAabbMargin (Box2D v3's margins);
// for a static one, which never leaves its box, the speculative distance again.
inline constexpr float kMaxAabbMargin = 0.05f;
inline constexpr float kAabbMarginFraction = 0.125f;
// Points this close count as touching for events and contacts(): the speculative solver stops
// colliding bodies at the surface give or take float rounding, a hair on either side of zero.
inline constexpr float kTouchingDistance = kLinearSlop;
// Beyond this distance from the origin (metres) a body is out of range: far enough that no game
// goes there, near enough that its bounding box and every product the solver forms stay finite.
inline constexpr float kWorldLimit = 1.0e18f;

} // namespace oblique::detail
