#pragma once
/// The physics world: owns every body and shape, steps them in time, and answers queries about
/// them.
///
/// Conventions: metres, kilograms, seconds, radians; y up; angles counter-clockwise. Bodies are
/// addressed by BodyId handles and shapes by ShapeId handles. A body turns about its centre of
/// mass; its position and angle are those of its origin, the frame its shapes are placed in. Calls with bad
/// arguments (non-finite numbers, non-positive sizes, stale handles, dt <= 0) leave the world exactly as it
/// was and throw std::invalid_argument, after the API error handler has seen them (debug builds abort there
/// by default; see api_error.hpp). step() is deterministic: the same calls on the same binary give
/// bit-identical results.

#include "oblique/aabb.hpp"
#include "oblique/body.hpp"
#include "oblique/circle.hpp"
#include "oblique/contact_events.hpp"
#include "oblique/debug_draw.hpp"
#include "oblique/joint.hpp"
#include "oblique/manifold.hpp"
#include "oblique/obb.hpp"
#include "oblique/pre_solve.hpp"
#include "oblique/profile.hpp"
#include "oblique/query.hpp"
#include "oblique/shape.hpp"
#include "oblique/transform.hpp"
#include "oblique/world_def.hpp"
#include "oblique/world_stats.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace oblique
{

namespace detail
{
struct WorldState;
struct WorldInternals;
} // namespace detail

/// One touching contact as World::contacts() reports it: shapeA of body a against shapeB of body
/// b; the normal points from a to b.
struct ContactInfo
{
    BodyId a;
    BodyId b;
    ShapeId shapeA;
    ShapeId shapeB;
    Manifold manifold;
    /// What the solver applied at each of the manifold's points in the last step (N*s): along the
    /// normal, and along the tangent (the normal turned a quarter clockwise). Zero for a contact
    /// the last step did not solve (new, or between bodies asleep since). Soft step's stack
    /// support (a body resting on one ten times lighter) is not counted here; impulse events
    /// count it.
    float normalImpulses[2] = {0.0f, 0.0f};
    float tangentImpulses[2] = {0.0f, 0.0f};
};

/// Which layers World::draw shows.
struct DrawOptions
{
    bool shapes = true;
    bool aabbs = false; ///< the fattened boxes the broadphase keeps
    bool contactPoints = false;
    bool contactNormals = false;
    bool contactImpulses = false;  ///< normal impulses as segments along the normal
    bool frictionImpulses = false; ///< tangent (friction) impulses as segments along the tangent
    bool graphColors = false;      ///< each touching contact's point in its constraint graph colour
    bool broadphase = false;       ///< every node of the broadphase tree
    bool centers = false;          ///< each body's centre of mass, with the body's axes
    bool joints = true;            ///< anchors, axes, limits and springs of every joint
};

/// Where the character mover left the shape and what pushed it on the way.
struct CharacterMoveResult
{
    Vec2 position;
    std::vector<CharacterHit> hits;
};

class World
{
public:
    explicit World(const WorldDef& def = {});
    ~World();
    World(World&&) noexcept;
    World& operator=(World&&) noexcept;
    World(const World&) = delete;
    World& operator=(const World&) = delete;

    // --- bodies ---------------------------------------------------------------------------

    /// Adds a body with no shapes yet (createShape gives it some). A dynamic body without mass
    /// moves as 1 kg that cannot turn. Throws std::invalid_argument on bad input.
    BodyId createBody(const BodyDef& body);
    /// Adds a body with one shape.
    BodyId createBody(const BodyDef& body, const ShapeDef& shape);
    /// Removes a body, its joints and its shapes, ending their contacts (end events are reported) and waking
    /// what they touched.
    void destroyBody(BodyId id);
    /// True while the handle names a living body.
    bool isValid(BodyId id) const;
    int bodyCount() const;
    /// Every living body, in creation-slot order.
    std::vector<BodyId> bodies() const;

    BodyType bodyType(BodyId id) const;
    Vec2 position(BodyId id) const;
    /// Not wrapped: a body that spun three times reports about 6*pi.
    float angle(BodyId id) const;
    Transform transform(BodyId id) const;
    /// The centre of mass in the world, and in the body's own frame.
    Vec2 worldCenter(BodyId id) const;
    Vec2 localCenter(BodyId id) const;
    /// The velocity of the centre of mass.
    Vec2 linearVelocity(BodyId id) const;
    float angularVelocity(BodyId id) const;
    float mass(BodyId id) const;
    /// Rotational inertia about the centre of mass, kg*m^2.
    float inertia(BodyId id) const;
    bool isAwake(BodyId id) const;
    void* userData(BodyId id) const;
    /// The bounding box of all the body's shapes (it must have one).
    Aabb aabb(BodyId id) const;

    // --- shapes ---------------------------------------------------------------------------

    /// Adds a shape to a body; its mass, centre of mass and inertia follow (sensors add no mass).
    /// Shapes of one body never collide with each other. Wakes the body.
    ShapeId createShape(BodyId body, const ShapeDef& shape);
    /// Removes a shape, ending its contacts; the body's mass follows. Wakes the body.
    void destroyShape(ShapeId id);
    bool isValid(ShapeId id) const;
    /// The body's shapes, in the order they were made.
    std::vector<ShapeId> shapes(BodyId body) const;
    BodyId body(ShapeId shape) const;
    /// The shape's definition (offset and angle in the body's frame; oneWay normalised).
    const ShapeDef& shape(ShapeId id) const;
    /// The shape's box in the world (it must be a box).
    Obb obb(ShapeId id) const;
    /// The shape's circle in the world (it must be a circle).
    Circle circle(ShapeId id) const;
    Aabb aabb(ShapeId id) const;
    /// Replaces the shape (size, placement, material, filter); the body's mass follows. Its
    /// contacts end and are found anew on the next step. Wakes the body and what it touched.
    void setShape(ShapeId id, const ShapeDef& shape);

    /// For a body of exactly one shape: that shape's definition, box, circle, replacement.
    const ShapeDef& shape(BodyId id) const;
    Obb obb(BodyId id) const;
    Circle circle(BodyId id) const;
    void setShape(BodyId id, const ShapeDef& shape);

    // --- joints ---------------------------------------------------------------------------

    /// Joins two bodies (different, at least one dynamic) as the definition says; anchors are
    /// world points now, kept in each body's frame. Unless collideConnected, the two bodies stop
    /// colliding (their contacts end, with events). Wakes both bodies.
    JointId createJoint(const JointDef& joint);
    /// Removes a joint and wakes its bodies; they may collide again from the next step.
    /// destroyBody removes the body's joints too.
    void destroyJoint(JointId id);
    bool isValid(JointId id) const;
    int jointCount() const;
    /// The body's joints, in creation-slot order.
    std::vector<JointId> joints(BodyId body) const;
    JointType jointType(JointId id) const;
    BodyId jointBodyA(JointId id) const;
    BodyId jointBodyB(JointId id) const;
    /// The force (N) and torque (N*m) the joint applied to body B over the last step; A got their
    /// opposites (the torque about the anchor, from the motor and limits).
    Vec2 reactionForce(JointId id) const;
    float reactionTorque(JointId id) const;
    /// Revolute joints: B's angle relative to A less what it was when the joint was made
    /// (radians, not wrapped), and B's angular velocity less A's.
    float jointAngle(JointId id) const;
    float jointSpeed(JointId id) const;
    /// Distance joints: the distance between the anchors now.
    float currentLength(JointId id) const;
    /// Prismatic and wheel joints: B's anchor's displacement along the axis since the joint was
    /// made (m), and its speed along it (m/s).
    float jointTranslation(JointId id) const;
    float jointTranslationSpeed(JointId id) const;
    /// Where the joint's anchors are in the world now (a mouse joint's A anchor: its target).
    Vec2 jointAnchorA(JointId id) const;
    Vec2 jointAnchorB(JointId id) const;
    /// The joint as a definition: its settings with every change since it was made, its lengths
    /// and offsets filled in, its anchors and axes where they are now, and its limits moved by the
    /// angle or travel so far. A joint made from it at this moment acts as this one does, except
    /// that a wheel's suspension and a soft weld rest where they are now.
    JointDef jointDef(JointId id) const;

    /// Tuning a joint while it runs; each wakes its bodies and refuses a joint of another type
    /// or a value its definition would refuse. Motors: revolute, prismatic and wheel joints.
    void setMotorEnabled(JointId id, bool enabled);
    void setMotorSpeed(JointId id, float speed);
    /// Revolute and wheel joints' maxMotorTorque; prismatic joints' maxMotorForce.
    void setMaxMotorEffort(JointId id, float effort);
    /// Limits: revolute (radians), prismatic and wheel (metres) joints.
    void setLimitEnabled(JointId id, bool enabled);
    void setLimits(JointId id, float lower, float upper);
    /// Springs: distance, weld, wheel and mouse joints (hertz 0 is refused for a mouse joint).
    void setSpring(JointId id, float hertz, float dampingRatio);
    /// Mouse joints: where B's anchor is pulled to.
    void setMouseTarget(JointId id, Vec2 target);
    /// Motor joints: B's wanted origin in A's frame and angle relative to A.
    void setMotorOffsets(JointId id, Vec2 linearOffset, float angularOffset);
    /// Motor and mouse joints: the most force (N) and, for motor joints, torque (N*m) they apply.
    void setMaxForce(JointId id, float force);
    void setMaxTorque(JointId id, float torque);
    /// The force and torque past which the joint breaks (infinity: never).
    void setBreakThresholds(JointId id, float force, float torque);

    // --- moving bodies --------------------------------------------------------------------

    /// Makes the body static, kinematic or dynamic; its mass follows from its shapes (a body made
    /// static stops). Its contacts end and are found anew on the next step; wakes it.
    void setBodyType(BodyId id, BodyType type);
    /// Teleports the body (its origin); its contacts are found anew on the next step. Wakes it.
    void setTransform(BodyId id, Vec2 position, float angle);
    void setLinearVelocity(BodyId id, Vec2 v);
    void setAngularVelocity(BodyId id, float w);
    /// Does nothing to a static or disabled body.
    void setAwake(BodyId id, bool awake);
    /// A disabled body keeps its state but is out of contacts (they end, with events), queries,
    /// solver and sleep; enabled again, it goes on from where it was, awake, with its velocity.
    void setEnabled(BodyId id, bool enabled);
    bool isEnabled(BodyId id) const;
    void setUserData(BodyId id, void* data);
    /// A force (N) at a world point, applied during the next step; wakes the body. Forces and
    /// impulses on a static, kinematic or disabled body are ignored.
    void applyForce(BodyId id, Vec2 force, Vec2 worldPoint);
    void applyForceToCenter(BodyId id, Vec2 force);
    void applyTorque(BodyId id, float torque);
    /// An instant change of momentum (N*s) at a world point; wakes the body.
    void applyLinearImpulse(BodyId id, Vec2 impulse, Vec2 worldPoint);
    void applyAngularImpulse(BodyId id, float impulse);

    // --- stepping -------------------------------------------------------------------------

    /// Advances time by dt seconds (> 0) with the world's solver and its settings.
    void step(float dt);
    /// As step(dt), with these iteration counts for the `ngs` solver (soft step ignores them: its
    /// work is set by subSteps).
    void step(float dt, int velocityIterations, int positionIterations);
    /// Finds pairs and computes manifolds at the current positions without moving anything.
    void updateContacts();

    const WorldDef& settings() const;
    void setGravity(Vec2 gravity);
    void setSolver(Solver solver);
    /// Soft step: substeps per step (>= 1).
    void setSubSteps(int subSteps);
    /// Soft step: contact stiffness (hertz > 0), damping ratio (>= 0) and the fastest speed at
    /// which overlap is pushed apart (m/s, > 0).
    void setContactTuning(float hertz, float dampingRatio, float pushMaxSpeed);
    /// Soft step: how far (metres, >= 0) a touching pair may move before its manifold is found
    /// again (WorldDef::contactRecycleDistance); 0 finds every manifold every step.
    void setContactRecycleDistance(float metres);
    /// Ngs: velocity iterations (>= 1) and position iterations (>= 0) per step.
    void setIterations(int velocityIterations, int positionIterations);
    void setAllowSleep(bool allow);
    void setWarmStarting(bool enabled);
    /// Continuous collision on or off (see WorldDef::continuous).
    void setContinuous(bool enabled);
    void setRestitutionThreshold(float metresPerSecond);
    void setImpulseEvents(bool enabled);
    /// The threads later steps may use (WorldDef::tasks); a default TaskSystem runs them on the
    /// calling thread. Refused while a step's callback runs.
    void setTaskSystem(const TaskSystem& tasks);
    /// Looks at every solid contact before the solver each step (see pre_solve.hpp); an empty
    /// callback removes it.
    void setPreSolve(PreSolveCallback callback);

    // --- contacts and events --------------------------------------------------------------

    /// Every touching pair of shapes, ordered by (a, b, shapeA, shapeB) slot index. Touching means some point
    /// lies within the linear slop (5 mm): bodies the solver brought together rest at the surface give or
    /// take rounding, so their separations may be a hair above zero.
    std::vector<ContactInfo> contacts() const;
    /// The touching contacts the body is part of (as a or b), in the same order.
    std::vector<ContactInfo> contacts(BodyId body) const;
    std::span<const ContactBeginEvent> contactBeginEvents() const;
    std::span<const ContactEndEvent> contactEndEvents() const;
    std::span<const ContactImpulseEvent> contactImpulseEvents() const;
    std::span<const SensorEvent> sensorBeginEvents() const;
    std::span<const SensorEvent> sensorEndEvents() const;
    /// Joints that broke in the last step, in joint slot order.
    std::span<const JointBreakEvent> jointBreakEvents() const;
    /// Bodies the last step stopped because their motion would have left float range (or gone
    /// beyond 1e18 m): each keeps its last finite pose with zero velocity. Empty in any sane scene.
    std::span<const BodyId> outOfRangeBodies() const;

    // --- queries (answered from the broadphase tree) --------------------------------------

    /// Shapes whose bounding box overlaps aabb, ordered by (body, shape) slot index.
    std::vector<ShapeRef> queryAabb(const Aabb& aabb, const QueryFilter& filter = {}) const;
    /// Shapes that overlap the box (touching counts), ordered as queryAabb's.
    std::vector<ShapeRef> overlapObb(const Obb& box, const QueryFilter& filter = {}) const;
    std::vector<ShapeRef> overlapCircle(const Circle& circle, const QueryFilter& filter = {}) const;
    std::vector<ShapeRef> overlapPoint(Vec2 point, const QueryFilter& filter = {}) const;
    /// The first shape along origin + t * translation, t in [0, 1].
    std::optional<WorldRayHit> rayCastClosest(Vec2 origin, Vec2 translation,
                                              const QueryFilter& filter = {}) const;
    /// Every shape the ray enters, nearest first.
    std::vector<WorldRayHit> rayCastAll(Vec2 origin, Vec2 translation, const QueryFilter& filter = {}) const;

    /// Moves a box or circle by displacement through the world's static and kinematic shapes
    /// (or whatever filter selects), pushing it out along minimum translation vectors so it
    /// slides along walls instead of passing through them. The shape is not a body; the world is
    /// not changed.
    CharacterMoveResult moveCharacter(const Obb& box, Vec2 displacement,
                                      const QueryFilter& filter = solidsOnly()) const;
    CharacterMoveResult moveCharacter(const Circle& circle, Vec2 displacement,
                                      const QueryFilter& filter = solidsOnly()) const;
    /// The filter the character mover uses by default: static and kinematic bodies, no sensors.
    static QueryFilter solidsOnly();

    // --- inspection -----------------------------------------------------------------------

    void draw(DebugDraw& drawer, const DrawOptions& options = {}) const;
    const Profile& profile() const;
    /// Islands and the broadphase tree's shape (see world_stats.hpp); computed when asked.
    WorldStats stats() const;
    /// A hash of every body's state bits and every joint's impulses: equal hashes mean
    /// bit-identical worlds.
    std::uint64_t stateHash() const;

    /// Saves everything that decides how the world steps on into out (replacing its contents;
    /// out's capacity is reused, so a warm buffer allocates nothing): bodies, shapes, contacts
    /// with their warm-start impulses, joints, the broadphase tree, the constraint graph, sleep
    /// timers and the settings. Not saved: the pre-solve callback, the last step's events and
    /// profile. docs/determinism.md gives the format's rules.
    void snapshot(std::vector<std::byte>& out) const;
    std::vector<std::byte> snapshot() const;
    /// Puts the world back as it was when the snapshot was taken, in place: handles valid then
    /// are valid again (and handles made since are stale), and stepping on gives the very bits
    /// stepping on from the snapshot's moment gave. The events are cleared; the pre-solve
    /// callback stays. A buffer from another format version or build, truncated or corrupted is
    /// refused (an API error naming why) and the world is left as it was.
    void restore(std::span<const std::byte> snapshot);
    /// Why restore would refuse the buffer, or an empty string when it would take it: lets a game
    /// check bytes from a file or the network without an API error.
    static std::string checkSnapshot(std::span<const std::byte> snapshot);

private:
    friend struct detail::WorldInternals; // the engine's own helpers built beside World
    std::unique_ptr<detail::WorldState> m_impl;
};

} // namespace oblique
