#pragma once
// The pieces the Game surfaces scenes build their levels from, as scene bodies: 1 m tiles laid in
// rows and columns (separate static boxes, the way tile maps come out of a level editor), blocks
// given by their corners, slopes given by their foot, angle and length, kinematic platforms, and
// the boxes and balls set down on them.

#include "oblique/scene.hpp"
#include "oblique/vec2.hpp"

#include <string>

namespace oblique::sandbox
{

// The side of a tile, metres.
inline constexpr float kTileSize = 1.0f;

// A static tile centred at `center`.
SceneBody tile(Vec2 center);

// `count` tiles, the first centred at `first` and each next one `step` further (a row: {1, 0}, a
// column: {0, 1}).
void addTiles(Scene& scene, Vec2 first, int count, Vec2 step);

// A static box given by its lower-left and upper-right corners.
SceneBody block(Vec2 lower, Vec2 upper);

// A static slab whose top face runs from `foot` at `angle` (radians) for `length` metres; the
// slab is `thickness` thick below that face.
SceneBody slope(Vec2 foot, float angle, float length, float thickness);

// A kinematic box (a platform the scene moves).
SceneBody kinematicBox(std::string name, Vec2 position, Vec2 halfExtents);

// A dynamic box or ball of the default material whose underside's middle rests on `bottom`.
SceneBody boxOn(std::string name, Vec2 bottom, Vec2 halfExtents);
SceneBody ballOn(std::string name, Vec2 bottom, float radius);

} // namespace oblique::sandbox
