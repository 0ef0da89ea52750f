#pragma once
// Internal: the world's data. Bodies live in slot arrays split by how hot they are; contacts in a
// pool with stable indices threaded onto per-body lists; solver data in flat arrays rebuilt each
// step from buffers that are reused, so a warm step allocates nothing.

#include "dynamic_tree.hpp"
#include "oblique/mat22.hpp"
#include "oblique/world.hpp"
#include "pair_map.hpp"
#include "wide_solver.hpp"

#include <cstdint>
#include <vector>

namespace oblique
{

namespace detail
{

inline constexpr std::int32_t kNullIndex = -1;

// Tuning constants; the same values as Box2D 2.4 so the two engines settle alike.
inline constexpr float kLinearSlop = 0.005f;
inline constexpr float kMaxLinearCorrection = 0.2f;
inline constexpr float kBaumgarte = 0.2f;
inline constexpr float kMaxTranslation = 2.0f;
inline constexpr float kMaxRotation = 0.5f * 3.14159265359f;
inline constexpr float kTimeToSleep = 0.5f;
inline constexpr float kLinearSleepTolerance = 0.01f;
inline constexpr float kAngularSleepTolerance = 2.0f / 180.0f * 3.14159265359f;
inline constexpr float kAabbMargin = 0.1f;
// Contacts closer than this (plus how far the pair can close in one step) join the solver as
// speculative points: they may close the gap this step but not pass through.
inline constexpr float kSpeculativeDistance = 4.0f * kLinearSlop;
// Points this close count as touching for events and contacts(): the speculative solver stops
// colliding bodies at the surface give or take float rounding, a hair on either side of zero.
inline constexpr float kTouchingDistance = kLinearSlop;
// Beyond this distance from the origin (metres) a body is out of range: far enough that no game
// goes there, near enough that its bounding box and every product the solver forms stay finite.
inline constexpr float kWorldLimit = 1.0e18f;

// Position and velocity: read and written by every phase of the step.
struct BodyState
{
    Vec2 position;
    float angle = 0.0f;
    Rot q;
    Vec2 v;
    float w = 0.0f;
};

// Everything else about a body.
struct BodyRecord
{
    std::uint32_t generation = 0;
    bool alive = false;
    bool awake = false;
    bool allowSleep = true;
    bool fixedRotation = false;
    BodyType type = BodyType::Static;
    ShapeDef shape;
    float mass = 0.0f;
    float invMass = 0.0f;
    float inertia = 0.0f;
    float invInertia = 0.0f;
    float linearDamping = 0.0f;
    float angularDamping = 0.0f;
    float gravityScale = 1.0f;
    float sleepTime = 0.0f;
    Vec2 force;
    float torque = 0.0f;
    std::int32_t proxyId = kNullNode;
    std::int32_t contactHead = kNullIndex; // contact edge key: contact index * 2 + side
    std::int32_t solverIndex = 0;          // this step's slot in the solver arrays; 0 = immovable
    void* userData = nullptr;
};

// A contact's link in one of its bodies' lists. Links are edge keys (contact * 2 + side).
struct ContactEdge
{
    std::int32_t prev = kNullIndex;
    std::int32_t next = kNullIndex;
};

enum ContactFlags : std::uint8_t
{
    kContactAlive = 1,
    kContactTouching = 2, // some point is within kTouchingDistance: what events and contacts() report
    kContactSensor = 4,
};

// A pair of bodies whose fattened boxes overlap. Body a has the lower slot index, so manifold
// normals point from the lower index to the higher one.
struct Contact
{
    std::uint32_t a = 0;
    std::uint32_t b = 0;
    ContactEdge edges[2];
    std::uint8_t flags = 0;
    float friction = 0.0f;
    float restitution = 0.0f;
    Manifold manifold;
    float normalImpulse[2] = {0.0f, 0.0f};
    float tangentImpulse[2] = {0.0f, 0.0f};
};

// The part of a manifold that touches (within kTouchingDistance), as contacts are reported.
inline Manifold touchingPart(const Manifold& m)
{
    Manifold out;
    out.normal = m.normal;
    for (int i = 0; i < m.pointCount; ++i)
    {
        if (m.points[i].separation <= kTouchingDistance)
        {
            out.points[out.pointCount++] = m.points[i];
        }
    }
    return out;
}

// The solver's bodies, split by phase so each loop streams only what it reads. Slot 0 stands for
// every static body: zero velocity, zero inverse mass, identity pose.
struct SolverVelocity
{
    Vec2 v;
    float w = 0.0f;
    float invMass = 0.0f; // read beside the velocity it scales, so constraints need not carry it
    float invInertia = 0.0f;
};

// Relative velocity of B against A at a point, along a direction d whose lever-arm scalars
// (r x d) are given: dot(vB + wB x rB - vA - wA x rA, d) = dot(vB - vA, d) + wB*rdB - wA*rdA.
inline float relativeAlong(const SolverVelocity& a, const SolverVelocity& b, Vec2 d, float rdA, float rdB)
{
    return dot(b.v - a.v, d) + b.w * rdB - a.w * rdA;
}

// Applies impulse lambda along d (lever-arm scalars rdA, rdB) to B, and its opposite to A.
inline void push(SolverVelocity& a, SolverVelocity& b, Vec2 d, float rdA, float rdB, float lambda)
{
    a.v -= (a.invMass * lambda) * d;
    a.w -= a.invInertia * lambda * rdA;
    b.v += (b.invMass * lambda) * d;
    b.w += b.invInertia * lambda * rdB;
}

struct SolverPose
{
    Vec2 c; // centre (= body origin)
    float a = 0.0f;
    Rot q;
};

// What the velocity iterations read for one point. Lever arms are kept as the scalars
// rn = r x n and rt = r x t: every use of r in the velocity solve is through them.
struct VelocityPoint
{
    float rnA = 0.0f;
    float rnB = 0.0f;
    float rtA = 0.0f;
    float rtB = 0.0f;
    float normalImpulse = 0.0f;
    float tangentImpulse = 0.0f;
    float normalMass = 0.0f;
    float tangentMass = 0.0f;
    float velocityBias = 0.0f;
};

// The effective mass of a contact's two points along its normal, K = [k11 k12; k12 k22], and its
// inverse, from the bodies' inverse masses and the points' lever-arm scalars rn = r x n.
struct TwoPointMass
{
    float k11 = 0.0f;
    float k12 = 0.0f;
    float k22 = 0.0f;
    float inv11 = 0.0f;
    float inv12 = 0.0f;
    float inv22 = 0.0f;
    // Two nearly coincident points make the inverse blow up: then they are not solved together.
    bool wellConditioned = false;
};

inline TwoPointMass twoPointMass(float mA, float iA, float mB, float iB, float rnA1, float rnB1, float rnA2,
                                 float rnB2)
{
    TwoPointMass k;
    const float mAB = mA + mB;
    k.k11 = mAB + iA * rnA1 * rnA1 + iB * rnB1 * rnB1;
    k.k22 = mAB + iA * rnA2 * rnA2 + iB * rnB2 * rnB2;
    k.k12 = mAB + iA * rnA1 * rnA2 + iB * rnB1 * rnB2;
    constexpr float kMaxConditionNumber = 1000.0f;
    const float det = k.k11 * k.k22 - k.k12 * k.k12;
    k.wellConditioned = k.k11 * k.k11 < kMaxConditionNumber * det;
    const float inv = det != 0.0f ? 1.0f / det : 0.0f;
    k.inv11 = inv * k.k22;
    k.inv12 = -inv * k.k12;
    k.inv22 = inv * k.k11;
    return k;
}

// What the velocity iterations read for one contact: solved as it is when it is alone in its
// level, packed into a lane of a WideConstraint otherwise.
struct ContactConstraint
{
    std::int32_t indexA = 0;
    std::int32_t indexB = 0;
    Vec2 normal;
    float friction = 0.0f;
    std::int32_t velocityPoints = 0; // points the velocity solver uses (1 when ill-conditioned)
    VelocityPoint points[2];
    TwoPointMass mass; // set when the two points are solved together
};

// The rest of a constraint: position correction and bookkeeping, read once or a few times a step.
struct ConstraintExtra
{
    std::int32_t contact = 0;
    std::int32_t pointCount = 0;            // points in the constraint, all used by position correction
    std::int32_t manifoldIndex[2] = {0, 1}; // which manifold point each constraint point is
    Vec2 localAnchorA[2];                   // the point on A's surface, A's frame (world frame for slot 0)
    Vec2 localAnchorB[2];
    float bounce[2] = {0.0f, 0.0f}; // normal speed to leave at, restored after integration (0: none)
};

// The 2x2 linear complementarity problem of two points solved together: x >= 0 with
// w = K x + rhs >= 0 and x_i w_i = 0, found by trying the active sets in turn (both points
// pushing, only the first, only the second, neither). m1 and m2 are 1 / k11 and 1 / k22. False,
// with x untouched, when no active set fits (degenerate numbers).
inline bool solveTwoPoints(const TwoPointMass& k, float m1, float m2, Vec2 rhs, Vec2& x)
{
    const Vec2 both{-(k.inv11 * rhs.x + k.inv12 * rhs.y), -(k.inv12 * rhs.x + k.inv22 * rhs.y)};
    if (both.x >= 0.0f && both.y >= 0.0f)
    {
        x = both;
        return true;
    }
    const float first = -m1 * rhs.x;
    if (first >= 0.0f && k.k12 * first + rhs.y >= 0.0f)
    {
        x = {first, 0.0f};
        return true;
    }
    const float second = -m2 * rhs.y;
    if (second >= 0.0f && k.k12 * second + rhs.x >= 0.0f)
    {
        x = {0.0f, second};
        return true;
    }
    if (rhs.x >= 0.0f && rhs.y >= 0.0f)
    {
        x = {0.0f, 0.0f};
        return true;
    }
    return false;
}

// One velocity iteration's pass over one contact, alone (friction, then the normal impulses).
void solveContactVelocity(std::vector<SolverVelocity>& bodies, ContactConstraint& cc);

struct WorldState
{
    WorldDef def;

    std::vector<detail::BodyState> states;
    std::vector<detail::BodyRecord> records;
    std::vector<std::uint32_t> freeBodies; // slots to reuse, most recently freed last
    int bodyCount = 0;

    detail::DynamicTree tree;
    std::vector<std::int32_t> moveBuffer; // proxies enlarged since pairs were last found
    std::vector<std::uint64_t> pairBuffer;

    std::vector<detail::Contact> contacts;
    std::vector<std::int32_t> freeContacts;
    detail::PairMap contactMap;
    int contactCount = 0;
    int touchingContacts = 0; // non-sensor contacts with kContactTouching

    // Solver scratch, rebuilt every step.
    std::vector<detail::SolverVelocity> solverVelocities;
    std::vector<detail::SolverPose> solverPoses;
    std::vector<std::uint32_t> solverToBody;
    std::vector<detail::ContactConstraint> constraints;
    std::vector<detail::ConstraintExtra> constraintExtras;
    detail::WideSolver wideSolver;
    std::vector<float> speedBounds; // per body, this step: how fast any point of its shape moves
    std::vector<std::int32_t> islandParent;
    std::vector<float> islandSleep;
    std::vector<std::uint8_t> islandAwake;

    std::vector<ContactBeginEvent> beginEvents;
    std::vector<ContactEndEvent> endEvents;
    std::vector<ContactImpulseEvent> impulseEvents;
    std::vector<SensorEvent> sensorBeginEvents;
    std::vector<SensorEvent> sensorEndEvents;
    std::vector<BodyId> outOfRange;

    Profile profile;
    float previousDt = 0.0f;

    // world.cpp
    BodyId idOf(std::uint32_t index) const { return {index, records[index].generation}; }
    std::uint32_t checkedIndex(BodyId id, const char* what) const;
    Aabb shapeAabb(std::uint32_t index) const;
    void wake(std::uint32_t index);
    void updatePairs();
    void createContact(std::uint32_t a, std::uint32_t b);
    void destroyContact(std::int32_t c, bool reportEnd);
    void dropContacts(std::uint32_t index);
    void reinsertProxy(std::uint32_t index);
    void collide(float dt);
    void synchronize(float dt);
    void countWork();

    // contact_solver.cpp
    void solve(float dt, int velocityIterations, int positionIterations);
};

} // namespace detail
} // namespace oblique
