#pragma once
/// The robustness suite: scenes that stress the solver (tall and thin stacks, heavy bodies on light
/// ones, deep overlaps, tiny boxes, fast bodies against thin walls), each modelled on the Box2D v3
/// sample its comment names. Boxes and circles only; where a sample has another shape, its builder
/// says what stands in for it.

#include "oblique/scene.hpp"

#include <span>
#include <string_view>

namespace oblique::scenes
{

/// 12 unit boxes stacked touching, alternately 1 cm left and right of the column (v3 "Vertical
/// Stack", boxes). Should stand still and fall asleep.
Scene stackOfBoxes();

/// 12 unit circles stacked exactly in a column (v3 "Vertical Stack", circles). Nothing pushes them
/// sideways, so the column should stand and fall asleep.
Scene stackOfCircles();

/// Ten 10-box columns, each leaning a little more than the one before, up to 5.4 cm a row (the
/// layout of v3 "Tilted Stack"). Every column's weight stays well over its base, so each stands.
Scene tiltedStack();

/// A five-storey house of 40 cm cards 2 mm thick, pairs leaning at 25 degrees with flat cards
/// across them (v3 "Card House"). Friction 0.7 holds it up.
Scene cardHouse();

/// 15 dominoes 1 m tall and 1 m apart; the first is pushed and topples the rest (v3 "Double
/// Domino").
Scene doubleDomino();

/// 625 unit circles without gravity packed overlapping into a closed 20 m box that cannot hold
/// them all without overlap (v3 "Confined"). They push apart but none may leave the box.
Scene confinedCircles();

/// Three 10-row pyramids of 2 m, 4 kg boxes, each with a 400, 800 or 1,200 kg box dropped 2 m onto
/// its top (v3 "HighMassRatio1"). The pyramids should carry them.
Scene highMassRatio1();

/// A 20 m, 400 kg box dropped 15 m onto two 1 m, 1 kg boxes 18 m apart (v3 "HighMassRatio2"). The
/// small boxes should carry it.
Scene highMassRatio2();

/// A 20 m, 400 kg box dropped 2.5 m onto the points of two small pointed blocks, 1 m tall (v3
/// "HighMassRatio3", whose blocks are triangles). The points should carry it.
Scene highMassRatio3();

/// Ten unit boxes created a quarter of their size into one another in a four-row pyramid (v3
/// "Overlap Recovery"). They should push apart gently and come to rest touching.
Scene overlapRecovery();

/// A 30-row pyramid of 5 cm boxes (half extents 2.5 cm, v3 "Tiny Pyramid"). Should stand and fall
/// asleep.
Scene tinyPyramid();

/// Five heavy boxes of friction 0.75, 0.5, 0.35, 0.1 and 0 dropped onto a zigzag of three ramps
/// (v3 "Friction"). The first two stick to the top ramp and the last two slide down; the third is
/// on the edge of sliding.
Scene frictionRamp();

/// A 100-row pyramid of unit boxes (5,050 of them) with sleeping off (v3 "Large Pyramid"). Should
/// stand without swaying or sagging.
Scene largePyramid();

/// Thin 4 m x 10 cm boxes, each spinning differently, fired down at 100 m/s at the ground beside a
/// thin post (v3 "Skinny Box"). None may pass through the ground or the post.
Scene skinnyBox();

/// Boxes, a ball and a thin plank fired down at 100 m/s onto a static plate 2 cm thick (after v3
/// "Speculative Sliver"). None may pass through the plate.
Scene sliver();

/// Balls and boxes fired at 50 to 200 m/s at a static wall 10 cm thick (the bullets of v3
/// "Vertical Stack"). None may pass through it.
Scene bullets();

/// Bouncy balls, floating without gravity, sent at the floor from 0.5 m up at 0.5, 0.9, 1.1 and 2 m/s against
/// the 1 m/s restitution threshold (after v3 "Restitution Threshold"). The slower two stop on the
/// floor, the faster two bounce back at their own speed.
Scene restitutionThreshold();

/// One entry of the suite.
struct RobustnessScene
{
    std::string_view name; ///< as people see it, e.g. "High Mass Ratio 1" (the scene's name too)
    std::string_view id;   ///< for file and test names: lower case letters, digits, underscores
    Scene (*build)();
    float seconds;           ///< how long the suite simulates it: long enough for it to be settled
    std::string_view expect; ///< one line: what a player should see happen
};

/// The whole suite, in a fixed order, for the sandbox, the tests and the scene files alike.
std::span<const RobustnessScene> robustnessScenes();

} // namespace oblique::scenes
