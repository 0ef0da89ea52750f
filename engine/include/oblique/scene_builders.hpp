#pragma once
/// Scenes built in code: the standard test and benchmark setups, shared by the sandbox, the tests
/// and the benchmarks so all three mean the same thing by "the 20-row pyramid".

#include "oblique/scene.hpp"

namespace oblique::scenes
{

/// A static ground box whose top face is y = 0.
SceneBody ground(float halfWidth = 40.0f);

/// A pyramid of unit boxes (half extents 0.5) on the ground, rows*(rows+1)/2 of them. Rows rest
/// exactly on one another; `spacing` is the gap between neighbours within a row.
Scene pyramid(int rows, float spacing = 0.05f);

/// rows x columns pyramids of unit boxes, `base` boxes at the bottom, each row of pyramids on its
/// own static shelf (one static body with a shape per shelf); boxes in a layer touch side by side.
/// Box2D v3's "many pyramids" benchmark at 20 x 20 x 10 (22,000 boxes), its ground segments as thin
/// boxes whose tops are where the segments lie.
Scene manyPyramids(int rows = 20, int columns = 20, int base = 10);

/// count unit boxes stacked exactly touching on the ground.
Scene verticalStack(int count);

/// count bodies, alternating boxes and circles of mixed sizes, dropped in a grid above a static
/// container (floor and two walls) wide enough to hold them.
Scene rain(int count);

/// Three long ramps at 30 degrees, each with a box on it: the two whose mixed friction is below
/// tan(30 deg) slide slowly, the third sticks.
Scene ramps();

/// A row of balls with restitution 0, 0.25, 0.5, 0.75 and 1 dropped from 4 m onto the ground.
Scene restitutionRow();

/// count thin dominoes in a row with the first one tipped, spaced to topple one another.
Scene dominoes(int count);

/// Bodies of several shapes (format 2): a table with crates on it, an L and a T dropped turning
/// onto the ground, a hammer thrown end over end, a cart on round feet rolling down a ramp.
Scene compoundBodies();

/// A drum of eight wall boxes that is one kinematic body, turning about its centre with 120
/// boxes and balls tumbling inside.
Scene tumblerDrum();

/// A size x size net of balls 1 m apart, hung by its top row (static), each ball hinged to the
/// one above it and the one to its left: about 2 size^2 revolute joints (format 2).
Scene jointGrid(int size);

/// count ragdolls (ten bodies on nine limited hinges each) dropped in rows of five into a box
/// 20 m wide, where they pile up (format 2).
Scene ragdollPile(int count);

} // namespace oblique::scenes
