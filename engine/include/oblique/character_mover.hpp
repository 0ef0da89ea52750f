#pragma once
/// The character mover: a box or circle the game walks through the world itself (it is not a
/// body). It slides along walls, stands on ground and knows what it stands on, steps up small
/// ledges, keeps to slopes no steeper than a limit, rides kinematic platforms, pushes dynamic
/// bodies with a set strength through the solver, jumps up through one-way platforms and lands on
/// them, and reports the sensors it overlaps.

#include "oblique/body.hpp"
#include "oblique/query.hpp"
#include "oblique/shape.hpp"
#include "oblique/transform.hpp"
#include "oblique/vec2.hpp"

#include <span>
#include <vector>

namespace oblique
{

class World;

/// How a character mover is built. Units: metres, radians, newtons; y is up.
struct CharacterMoverDef
{
    ShapeKind kind = ShapeKind::Box;
    Vec2 halfExtents{0.4f, 0.6f}; ///< the box (never turned), > 0
    float radius = 0.5f;          ///< the circle, > 0
    /// What it collides with and which sensors it reports: solid shapes of every body type by
    /// default (sensors are always looked for separately, through the same category and mask).
    QueryFilter filter;
    /// Bodies it never touches: typically the game's own body standing in for the character.
    std::vector<BodyId> ignoredBodies;
    /// Ground whose normal is within this angle of up is ground; anything steeper is a wall the
    /// character slides along but cannot climb. In (0, pi/2).
    float maxSlopeAngle = 0.8727f; // 50 degrees
    /// Ledges up to this high are stepped onto while walking, >= 0.
    float stepHeight = 0.25f;
    /// How far below its feet ground still counts as stood on, > 0.
    float groundProbe = 0.05f;
    /// The largest force (N) it pushes dynamic bodies with; 0 makes dynamic bodies block it like
    /// walls. Pushes are impulses the next step's solver carries, so a crate keeps its weight and
    /// friction and stops against a wall (and the character with it).
    float pushStrength = 0.0f;
    /// Stands on a kinematic body and is carried by it: its velocity and turning.
    bool ridePlatforms = true;
};

/// What the character stands on after a move.
struct CharacterGround
{
    bool grounded = false;
    Vec2 normal{0.0f, 1.0f}; ///< the ground's normal (up when not grounded)
    Vec2 point;              ///< where it stands
    BodyId body;             ///< what it stands on (null when not grounded)
    ShapeId shape;
};

/// One push the character gave a dynamic body during a move.
struct CharacterPush
{
    BodyId body;
    Vec2 impulse; ///< N*s, applied at point
    Vec2 point;
};

class CharacterMover
{
public:
    /// Throws std::invalid_argument (naming the bad field) when the definition or position is not
    /// usable.
    CharacterMover(const CharacterMoverDef& def, Vec2 position);

    /// One frame of movement: first carried by the kinematic platform it stands on, then moved
    /// by velocity * dt (stepping up ledges, sliding along walls and steep slopes, pushing
    /// dynamic bodies), then the ground and the sensors are looked for anew. Returns the velocity
    /// with the parts the world stopped taken out (landing ends a fall; a wall ends a run into
    /// it), so a game can keep it for the next frame. dt > 0. It may come before or after the
    /// frame's World::step: a platform carries it by as far as the platform moved since the last
    /// move.
    Vec2 move(World& world, Vec2 velocity, float dt);

    Vec2 position() const { return m_position; }
    /// Teleports the character; the ground and the sensors are found on the next move.
    void setPosition(Vec2 position);
    const CharacterMoverDef& def() const { return m_def; }

    /// What it stands on, as of the last move.
    const CharacterGround& ground() const { return m_ground; }
    /// What it touched during the last move, and the pushes it gave.
    std::span<const CharacterHit> hits() const { return m_hits; }
    std::span<const CharacterPush> pushes() const { return m_pushes; }
    /// Sensor shapes it overlaps after the last move, and those it began and stopped overlapping
    /// in it.
    std::span<const ShapeRef> sensors() const { return m_sensors; }
    std::span<const ShapeRef> sensorsEntered() const { return m_sensorsEntered; }
    std::span<const ShapeRef> sensorsLeft() const { return m_sensorsLeft; }

private:
    CharacterMoverDef m_def;
    Vec2 m_position;
    CharacterGround m_ground;
    /// Where the ground's body was when the ground was found: a platform carries the character by
    /// as much as it has moved since.
    Transform m_groundFrame;
    std::vector<CharacterHit> m_hits;
    std::vector<CharacterPush> m_pushes;
    std::vector<ShapeRef> m_sensors;
    std::vector<ShapeRef> m_sensorsEntered;
    std::vector<ShapeRef> m_sensorsLeft;
};

} // namespace oblique
