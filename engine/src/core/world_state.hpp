#pragma once
// Internal: the world's data. Bodies and shapes live in slot arrays with generations; contacts
// in a pool with stable indices threaded onto per-body lists; solver data in flat arrays rebuilt
// each step from buffers that are reused, so a warm step allocates nothing.

#include "body.hpp"
#include "constraint_graph.hpp"
#include "contact.hpp"
#include "contact_set.hpp"
#include "contact_solver.hpp"
#include "dynamic_tree.hpp"
#include "island.hpp"
#include "joint.hpp"
#include "joint_tree.hpp"
#include "oblique/world.hpp"
#include "pair_map.hpp"
#include "shape.hpp"
#include "shape_geometry.hpp"
#include "solver_body.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace oblique::detail
{

struct WorldState
{
    WorldDef def;

    std::vector<BodyState> states;
    std::vector<BodyRecord> records;
    std::vector<std::uint32_t> freeBodies; // slots to reuse, most recently freed last
    int bodyCount = 0;
    // Every awake body's slot, so the step never passes over the sleeping ones: in ascending
    // order once findAwakeBodies has run, with the bodies woken since appended (and, between
    // steps, slots of bodies that have since slept, died or been disabled, dropped by the next
    // findAwakeBodies).
    std::vector<std::uint32_t> awakeBodies;
    int canSleepCount = 0; // bodies for which canSleep holds: awake ones, and sleeping ones

    std::vector<ShapeRecord> shapes;
    std::vector<ShapeGeometry> placed; // each shape where its body's pose puts it (see placeShape)
    std::vector<std::uint32_t> freeShapes;
    // The narrow phase's copies of the records' fields it reads for every contact, dense so that
    // a pass over the contacts finds them in the cache: kept by noteBody and noteShape wherever
    // those fields change (checked where they are read, in debug builds).
    std::vector<BodyBrief> bodyBriefs;
    std::vector<ShapeBrief> shapeBriefs;
    void noteBody(std::uint32_t body) { bodyBriefs[body] = briefOf(records[body]); }
    void noteShape(std::uint32_t shape) { shapeBriefs[shape] = briefOf(shapes[shape]); }

    DynamicTree tree;                     // one proxy per shape; user data is the shape slot
    std::vector<std::int32_t> moveBuffer; // proxies enlarged since pairs were last found
    std::vector<std::uint64_t> pairBuffer;

    std::vector<Contact> contacts;
    // Per contact, beside it: how its manifold was found (contact_recycling.hpp) and its place in
    // the constraint graph.
    std::vector<ManifoldCache> manifoldCaches;
    std::vector<GraphPlace> graphPlaces;
    std::vector<std::int32_t> freeContacts;
    PairMap contactMap; // shape pair -> contact
    int contactCount = 0;
    int touchingContacts = 0; // non-sensor contacts with kContactTouching
    int recycledContacts = 0; // contacts the last narrow phase kept the manifold of
    int apartContacts = 0;    // ... and skipped as still apart (staysApart)
    // Sensor contacts flagged kContactRecheck since the last narrow phase (dead or repeated
    // entries are harmless): the narrow phase looks at them whether or not a body of theirs is awake.
    std::vector<std::int32_t> recheckContacts;
    ContactSet collideContacts;   // this step's narrow phase: the contacts of awake bodies
    ContactSet unsettledContacts; // ... those the workers left to the second half
    ContactSet solverContacts;    // the contacts of the solver's bodies, and those in the graph
    // While the narrow phase finishes its contacts, a body it wakes has its contacts added here,
    // to be looked at later in the same pass.
    ContactSet* wokenContacts = nullptr;

    Joints joints;
    JointTrees jointTrees;

    ConstraintGraph graph;
    SolverBodies solverBodies;
    ContactSolver contactSolver;
    Islands islands;
    std::vector<float> speedBounds;            // per awake body, this step (NaN for the others)
    std::vector<CollideResult> collideResults; // per contact, this step's narrow phase
    std::vector<std::uint8_t> proxyMoves;      // per shape, this step's refit: its proxy left its box

    std::vector<ContactBeginEvent> beginEvents;
    std::vector<ContactEndEvent> endEvents;
    std::vector<ContactImpulseEvent> impulseEvents;
    std::vector<SensorEvent> sensorBeginEvents;
    std::vector<SensorEvent> sensorEndEvents;
    std::vector<BodyId> outOfRange;
    std::vector<JointBreakEvent> jointBreakEvents;

    Profile profile;
    float previousDt = 0.0f;
    PreSolveCallback preSolve;
    bool inPreSolve = false; // the callback is running: calls that change the world's structure are refused

    // Refuses a call that would add, remove or move bodies or shapes while the callback runs.
    void checkNotInCallback(const char* what) const;
    // Empties the last step's event lists (and its list of bodies out of range).
    void clearEvents()
    {
        beginEvents.clear();
        endEvents.clear();
        impulseEvents.clear();
        sensorBeginEvents.clear();
        sensorEndEvents.clear();
        outOfRange.clear();
        jointBreakEvents.clear();
    }

    // body.cpp
    BodyId idOf(std::uint32_t index) const { return {index, records[index].generation}; }
    std::uint32_t checkedIndex(BodyId id, const char* what) const;
    void wake(std::uint32_t index);
    // awakeBodies made exactly the awake bodies, in ascending order.
    void findAwakeBodies();
    // Whether some body that can sleep is asleep (awakeBodies holds every awake body).
    bool anyAsleep() const { return static_cast<int>(awakeBodies.size()) < canSleepCount; }
    // Counts the body's change in canSleep (its value before the change is given).
    void recountCanSleep(std::uint32_t index, bool before)
    {
        canSleepCount += (canSleep(records[index]) ? 1 : 0) - (before ? 1 : 0);
    }
    // Mass, centre of mass, inertia and reach from the body's shapes; keeps the origin in place.
    // Notes the body's brief last, so callers that also set its type or awake flag first need not.
    void updateMass(std::uint32_t index);

    // shape.cpp
    ShapeId shapeIdOf(std::uint32_t shape) const { return {shape, shapes[shape].generation}; }
    std::uint32_t checkedShape(ShapeId id, const char* what) const;
    // The body's one shape, for the calls that only make sense on a one-shape body.
    std::uint32_t onlyShape(std::uint32_t body, const char* what) const;
    // Where the shape is in the world. Kept by placeShape, which every change of a body's pose or
    // of a shape is followed by (adding a shape, setShape, setTransform, the step's refit), so
    // the narrow phase and queries read it instead of placing the shape again.
    const ShapeGeometry& geometry(std::uint32_t shape) const { return placed[shape]; }
    // The contact's circle on one side (kCircleA or kCircleB), placed, or null where that side is a
    // box.
    const Circle* circleOf(const Contact& c, std::uint8_t side) const
    {
        if ((c.circles & side) == 0)
        {
            return nullptr;
        }
        return &std::get<Circle>(geometry(side == kCircleA ? c.shapeA : c.shapeB));
    }
    // Places the shape where its body is now; returns its bounding box.
    Aabb placeShape(std::uint32_t shape)
    {
        placed[shape] = worldGeometry(shapes[shape], states[shapes[shape].body]);
        return aabbOf(placed[shape]);
    }
    Aabb shapeAabb(std::uint32_t shape) const { return aabbOf(geometry(shape)); }
    std::uint32_t addShape(std::uint32_t body, const ShapeDef& shapeDef);
    void removeShape(std::uint32_t shape);
    // Works out anew which faces are hidden for every shape of the body and, when the body is
    // static or just stopped being so, every static box in region (call it with the region that
    // changed): only static bodies hide each other's faces.
    void refreshHiddenFaces(std::uint32_t body, const Aabb& region, bool wasStatic = false);
    void updateHiddenFaces(std::uint32_t shape);

    // contact.cpp
    void createContact(std::uint32_t shapeA, std::uint32_t shapeB);
    void destroyContact(std::int32_t c, bool reportEnd);
    // Ends the contacts of a body (of one of its shapes, when shape is not kNullIndex), waking
    // what it touched.
    void dropContacts(std::uint32_t body, std::int32_t shape = kNullIndex);
    // Has the body's sensor contacts looked at on the next update even if no body of theirs is
    // awake: the body moved by hand (a static body moves no other way), or fell asleep after moving.
    void recheckSensors(std::uint32_t body);
    void collide(float dt);
    CollideResult collideContact(std::int32_t c, float dt);
    // How fast any point of the body's shapes moves: an awake body's as it was when this narrow
    // phase began; a sleeping or static body's as it is now (a sleeping body keeps its velocity
    // until a step moves it, unless a pre-solve callback sets one).
    float speedBoundOf(std::uint32_t body) const;
    void finishContact(std::int32_t c, CollideResult result);
    // Whether a solid pair's result leaves the second half nothing to do (no event, no wake, no
    // change of its place in the graph, no callback); if so, finishes the contact as the second
    // half would. Touches the contact alone, so the workers run it beside the first half.
    bool settles(std::int32_t c, CollideResult result);
    // A new manifold for the contact, its impulses carried over by feature and its cache set.
    // Speculative points out to kSpeculativeDistance + lookAhead, those beyond the first kept only
    // where the shapes can meet in the step of dt (sweep.hpp).
    void findManifold(Contact& contact, ManifoldCache& cache, const ShapeGeometry& ga,
                      const ShapeGeometry& gb, float lookAhead, float dt);
    // Lets the pre-solve callback see and change one contact for this step.
    void callPreSolve(Contact& contact);

    // joint.cpp
    JointId jointIdOf(std::uint32_t joint) const { return {joint, joints.records[joint].generation}; }
    std::uint32_t checkedJoint(JointId id, const char* what) const;
    // Unlinks the joint from its bodies and wakes them. Its bodies' pairs are found again on the next
    // update when findPairs is set and the joint kept them from colliding.
    void destroyJoint(std::uint32_t joint, bool findPairs);
    void destroyJoints(std::uint32_t body);
    // Whether a joint that does not let its bodies collide joins a and b.
    bool jointKeepsApart(std::uint32_t a, std::uint32_t b) const;

    // broad_phase.cpp
    void updatePairs();
    // How far past the shape, as last placed, its fat box reaches before any stretch.
    float fatMarginOf(std::uint32_t shape) const;
    // Places the shape and, while its body is enabled, gives it a proxy whose pairs are found on
    // the next update.
    void insertProxy(std::uint32_t shape);
    // Takes the shape's proxy out of the tree, when it has one.
    void removeProxy(std::uint32_t shape);
    void removeProxies(std::uint32_t body);
    // Puts a shape's proxy back in the tree from scratch, for a shape that jumped or changed.
    void reinsertProxy(std::uint32_t shape);
    void reinsertProxies(std::uint32_t body);
    void synchronize(float dt);
};

// Throws, changing nothing, when the body with one shape replaced (or removed, when replacement
// is null), one added, or another type would not have a valid mass.
void checkMass(const WorldState& w, const char* function, std::uint32_t body, std::int32_t replace,
               const ShapeDef* replacement, const ShapeDef* extra,
               std::optional<BodyType> type = std::nullopt);

} // namespace oblique::detail
