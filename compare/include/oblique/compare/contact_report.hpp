#pragma once
/// What both engines report, in one shape: the contacts of a scene and the motion state of its
/// bodies. One writer prints either engine's report, and tests compare them field by field.

#include "oblique/vec2.hpp"

#include <optional>
#include <string_view>
#include <vector>

namespace oblique::compare
{

/// The engine behind a report.
enum class Engine
{
    Oblique,
    Box2d,
};

/// The engine's name as the command line spells it: `oblique` or `box2d`.
std::string_view engineName(Engine engine);

/// The engine a command-line name stands for, or nothing for an unknown name.
std::optional<Engine> parseEngine(std::string_view name);

/// One point of a contact manifold.
struct ContactPoint
{
    Vec2 position;           ///< world position, midway between the two surfaces
    float separation = 0.0f; ///< along the normal; negative when the shapes overlap
};

/// The manifold of one touching pair of shapes of two scene bodies.
struct PairContact
{
    int a = 0;                        ///< index into the scene's bodies; a < b
    int b = 0;                        ///< index into the scene's bodies
    Vec2 normal;                      ///< unit, pointing from body a to body b
    std::vector<ContactPoint> points; ///< one or two
    int shapeA = 0;                   ///< index into body a's shapes (0 for the one-shape shorthand)
    int shapeB = 0;                   ///< index into body b's shapes
    bool showShapes = false;          ///< either body has several shapes: reports name the shapes
};

/// True when l comes before r in the order `contacts` prints them: by (a, b, shapeA, shapeB).
bool comesBefore(const PairContact& l, const PairContact& r);

/// Puts contacts in the order `contacts` prints them.
void sortByPair(std::vector<PairContact>& contacts);

/// A body's motion state, as `run` reports it.
struct BodyState
{
    Vec2 position;                ///< metres
    float angle = 0.0f;           ///< radians, not wrapped
    Vec2 linearVelocity;          ///< m/s
    float angularVelocity = 0.0f; ///< rad/s
    bool awake = false;           ///< always false for static bodies
};

} // namespace oblique::compare
