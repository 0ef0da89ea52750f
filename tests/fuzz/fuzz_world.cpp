// Fuzz target for World: the input is a world definition followed by a sequence of operations
// (create and destroy bodies, step, impulses and forces, teleports, shape changes, velocities,
// disabling and enabling bodies, settings, every query, the character mover, joints of every type
// made, tuned, broken and destroyed), with arguments that
// are mostly reasonable and sometimes extreme or invalid.
//
// Every call is sorted by its arguments, before it is made, into one of three kinds:
// - invalid (NaN or infinite numbers, sizes <= 0, stale handles, dt <= 0, a moving static body,
//   ...): it must throw std::invalid_argument and leave the world exactly as it was;
// - legal (every number within the legal range below): it must succeed;
// - extreme (finite but outside the legal range): it may be refused, as for invalid calls, or
//   accepted; once the world has accepted one, finiteness is no longer checked for that input.
// While every accepted call has been legal, after every step every body's position, angle and
// velocities must be finite and no body may be out of range; contacts and the character mover
// must give finite answers, and queries must agree with a brute-force pass over all enabled bodies.
// Whatever the inputs, queries must leave the world unchanged, a disabled body must hold still
// through a step and appear in no event, contact or query, and nothing may crash.
//
// The legal range (docs/fuzzing.md): positions within 1e6 m of the origin on each axis, speeds up
// to 1e4 m/s, angular speeds up to 1e3 rad/s, half extents and radii 1e-3 .. 1e3 m, densities
// 0 .. 1e3 kg/m^2, friction and damping up to 1e3, gravity up to 1e3 m/s^2 on each axis, gravity
// scales up to 1e3 in size, dt from 1e-6 to 1 s, and impulses and forces that change a body's
// speed by at most 1e4 m/s and its angular speed by at most 1e3 rad/s (per second for forces).
// Angles may be any finite number, as the engine promises.

#include "fuzz_input.hpp"
#include "fuzz_joint_input.hpp"
#include "oblique/api_error.hpp"
#include "oblique/overlap.hpp"
#include "oblique/ray_cast.hpp"
#include "oblique/world.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <initializer_list>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

namespace
{

using namespace oblique;
using oblique::fuzz::ByteReader;
using oblique::fuzz::fail;

// --- the legal range ---------------------------------------------------------------------------
constexpr float kLegalPosition = 1.0e6f;
constexpr double kLegalSpeed = 1.0e4;
constexpr double kLegalAngularSpeed = 1.0e3;
constexpr float kLegalMinSize = 1.0e-3f;
constexpr float kLegalMaxSize = 1.0e3f;
constexpr float kLegalDensity = 1.0e3f;
// A positive density below this can make a legal-sized body's mass or inertia smaller than the
// 1e-30 the engine accepts (their inverses would leave float range); 0 is always legal.
constexpr float kSmallestLegalDensity = 1.0e-6f;
constexpr float kLegalMaterial = 1.0e3f; // friction, damping, gravity scale
constexpr float kLegalGravity = 1.0e3f;
constexpr float kLegalMinDt = 1.0e-6f;
constexpr float kLegalMaxDt = 1.0f;

// --- work per input: bounded so each input runs in milliseconds --------------------------------
constexpr int kMaxBodies = 64;
constexpr int kMaxOperations = 192;
constexpr int kMaxSteps = 48;
constexpr int kMaxMoves = 4;
constexpr std::size_t kMaxJoints = 64;

constexpr float kUnitTolerance = 1.0e-4f;

enum class Expect
{
    Legal,   ///< must succeed
    Extreme, ///< finite but outside the legal range: may be refused
    Invalid, ///< must be refused
};

std::ostream& operator<<(std::ostream& out, Expect e)
{
    return out << (e == Expect::Legal ? "legal" : (e == Expect::Extreme ? "extreme" : "invalid"));
}

// OBLIQUE_FUZZ_TRACE=1 prints every call with its arguments and outcome: the way to read what a
// saved reproducer does.
const bool kTrace = std::getenv("OBLIQUE_FUZZ_TRACE") != nullptr;

template <typename... Parts>
void trace(const Parts&... parts)
{
    if (kTrace)
    {
        std::fprintf(stderr, "%s\n", fuzz::describe(parts...).c_str());
    }
}

Expect classify(bool invalid, bool extreme)
{
    return invalid ? Expect::Invalid : (extreme ? Expect::Extreme : Expect::Legal);
}

bool within(float value, float limit)
{
    return std::fabs(value) <= limit; // false for NaN
}
bool within(Vec2 v, float limit)
{
    return within(v.x, limit) && within(v.y, limit);
}
bool finite(Vec2 v)
{
    return std::isfinite(v.x) && std::isfinite(v.y);
}
bool positive(float value)
{
    return std::isfinite(value) && value > 0.0f;
}

bool nonNegative(float value)
{
    return std::isfinite(value) && value >= 0.0f;
}
bool legalSize(float value)
{
    return value >= kLegalMinSize && value <= kLegalMaxSize;
}
double lengthOf(Vec2 v)
{
    return std::hypot(static_cast<double>(v.x), static_cast<double>(v.y));
}
bool isUnit(Vec2 v)
{
    return std::fabs(lengthOf(v) - 1.0) <= static_cast<double>(kUnitTolerance);
}

// What the fuzzer remembers about every body it created, dead or alive.
struct Tracked
{
    BodyId id;
    bool alive = true;
    BodyType type = BodyType::Dynamic;
    ShapeDef shape;
    bool fixedRotation = false;
    bool enabled = true;
};

// The parts of the world an invalid call must not touch.
struct Snapshot
{
    std::uint64_t hash;
    int bodyCount;
    int jointCount;
    Vec2 gravity;
    int velocityIterations;
    int positionIterations;
    float restitutionThreshold;

    bool operator==(const Snapshot&) const = default;
};

// Mirrors QueryFilter's documented rule, for the brute-force answers.
bool passes(const QueryFilter& f, const Tracked& t)
{
    if (t.shape.isSensor && !f.sensors)
    {
        return false;
    }
    if ((t.type == BodyType::Static && !f.staticBodies) ||
        (t.type == BodyType::Kinematic && !f.kinematicBodies) ||
        (t.type == BodyType::Dynamic && !f.dynamicBodies))
    {
        return false;
    }
    return (f.categoryBits & t.shape.filter.maskBits) != 0 && (t.shape.filter.categoryBits & f.maskBits) != 0;
}

bool sameIds(std::vector<BodyId> a, std::vector<BodyId> b)
{
    const auto byIndex = [](BodyId x, BodyId y) { return x.index < y.index; };
    std::sort(a.begin(), a.end(), byIndex);
    std::sort(b.begin(), b.end(), byIndex);
    return a == b;
}

class WorldFuzzer
{
public:
    WorldFuzzer(ByteReader& in, World& world, bool legal) : m_in(in), m_world(world), m_legal(legal) {}

    void run()
    {
        for (int op = 0; op < kMaxOperations && !m_in.empty(); ++op)
        {
            switch (m_in.u8() % 22)
            {
            case 0:
            case 1:
            case 2:
                createBody();
                break;
            case 3:
                destroyBody();
                break;
            case 4:
            case 5:
            case 6:
                step();
                break;
            case 7:
                push();
                break;
            case 8:
                setTransform();
                break;
            case 9:
                setVelocity();
                break;
            case 10:
                setAwake();
                break;
            case 11:
                changeSettings();
                break;
            case 12:
                queryRegion();
                break;
            case 13:
                castRay();
                break;
            case 14:
                moveCharacter();
                break;
            case 16:
                setShape();
                break;
            case 17:
                setEnabled();
                break;
            case 18:
                setBodyType();
                break;
            case 19:
                createJoint();
                break;
            case 20:
                destroyJoint();
                break;
            case 21:
                tuneJoint();
                break;
            default: // 15
                updateContacts();
                break;
            }
        }
    }

private:
    // --- calling the world ---------------------------------------------------------------------

    Snapshot snapshot() const
    {
        const WorldDef& d = m_world.settings();
        return {m_world.stateHash(),  m_world.bodyCount(),  m_world.jointCount(),  d.gravity,
                d.velocityIterations, d.positionIterations, d.restitutionThreshold};
    }

    // Makes a call that may change the world. Returns whether the world accepted it.
    template <typename Call>
    bool mutate(Expect expect, const char* what, Call&& call)
    {
        const bool accepted = attempt(expect, what, call);
        if (accepted && expect == Expect::Extreme)
        {
            m_legal = false;
        }
        return accepted;
    }

    // Makes a call and checks the outcome against what the arguments deserve.
    template <typename Call>
    bool attempt(Expect expect, const char* what, Call&& call)
    {
        const Snapshot before = snapshot();
        trace(what, " (", expect, ")");
        try
        {
            call();
        }
        catch (const std::invalid_argument& e)
        {
            trace("  refused: ", e.what());
            if (expect == Expect::Legal)
            {
                fail(what, " refused legal arguments: ", e.what());
            }
            if (!(snapshot() == before))
            {
                fail(what, " threw std::invalid_argument (", e.what(), ") but changed the world");
            }
            return false;
        }
        if (expect == Expect::Invalid)
        {
            fail(what, " accepted invalid arguments");
        }
        return true;
    }

    // Makes a query, which must never change the world.
    template <typename Call>
    bool query(Expect expect, const char* what, Call&& call)
    {
        const Snapshot before = snapshot();
        const bool accepted = attempt(expect, what, call);
        if (!(snapshot() == before))
        {
            fail(what, " is a query but changed the world");
        }
        return accepted;
    }

    // --- bodies --------------------------------------------------------------------------------

    // A body handle: usually one the world gave out (alive or destroyed), sometimes made up.
    BodyId pickBody()
    {
        const std::uint8_t mode = m_in.u8();
        if (m_tracked.empty() || mode >= 240)
        {
            switch (mode % 3)
            {
            case 0:
                return BodyId{};
            case 1:
                return BodyId{m_in.u8(), m_in.u8()};
            default:
                return BodyId{m_in.u8(), 0xFFFFFFFFu};
            }
        }
        return m_tracked[m_in.u8() % m_tracked.size()].id;
    }

    Tracked* living(BodyId id)
    {
        for (Tracked& t : m_tracked)
        {
            if (t.alive && t.id == id)
            {
                return &t;
            }
        }
        return nullptr;
    }
    const Tracked* living(BodyId id) const { return const_cast<WorldFuzzer*>(this)->living(id); }

    int livingCount() const
    {
        return static_cast<int>(
            std::count_if(m_tracked.begin(), m_tracked.end(), [](const Tracked& t) { return t.alive; }));
    }

    void createBody()
    {
        BodyDef def;
        const std::uint8_t typeByte = m_in.u8();
        // A few values beyond the enumerators: the world must refuse them.
        def.type = static_cast<BodyType>(typeByte < 250 ? typeByte % 3 : typeByte);
        def.position = {fuzz::number(m_in, 30.0f), fuzz::number(m_in, 30.0f)};
        def.angle = fuzz::angle(m_in);
        const std::uint8_t options = m_in.u8();
        if ((options & 1U) != 0)
        {
            def.linearVelocity = {fuzz::number(m_in, 50.0f), fuzz::number(m_in, 50.0f)};
            def.angularVelocity = fuzz::number(m_in, 10.0f);
        }
        if ((options & 2U) != 0)
        {
            def.linearDamping = fuzz::number(m_in, 5.0f);
            def.angularDamping = fuzz::number(m_in, 5.0f);
        }
        if ((options & 4U) != 0)
        {
            def.gravityScale = fuzz::number(m_in, 4.0f);
        }
        def.fixedRotation = (options & 8U) != 0;
        def.allowSleep = (options & 16U) == 0;
        def.awake = (options & 32U) == 0;

        const ShapeDef shape = decodeShape((options & 64U) != 0, (options & 128U) != 0);

        const bool isStatic = def.type == BodyType::Static;
        const bool invalid = static_cast<unsigned>(def.type) > 2 || !finite(def.position) ||
                             !std::isfinite(def.angle) || !finite(def.linearVelocity) ||
                             !std::isfinite(def.angularVelocity) || !std::isfinite(def.gravityScale) ||
                             !nonNegative(def.linearDamping) || !nonNegative(def.angularDamping) ||
                             (isStatic && (def.linearVelocity != Vec2{} || def.angularVelocity != 0.0f)) ||
                             shapeInvalid(shape);
        const bool extreme = !within(def.position, kLegalPosition) ||
                             lengthOf(def.linearVelocity) > kLegalSpeed ||
                             std::fabs(static_cast<double>(def.angularVelocity)) > kLegalAngularSpeed ||
                             shapeExtreme(shape) || def.linearDamping > kLegalMaterial ||
                             def.angularDamping > kLegalMaterial || !within(def.gravityScale, kLegalMaterial);

        if (livingCount() >= kMaxBodies)
        {
            return;
        }
        trace("createBody type ", static_cast<int>(def.type), " position ", def.position, " angle ",
              def.angle, " velocity ", def.linearVelocity, " angular ", def.angularVelocity, " damping ",
              def.linearDamping, '/', def.angularDamping, " gravityScale ", def.gravityScale,
              " fixedRotation ", def.fixedRotation, " awake ", def.awake, " shape ",
              static_cast<int>(shape.kind), " halfExtents ", shape.halfExtents, " radius ", shape.radius,
              " density ", shape.density, " friction ", shape.friction, " restitution ", shape.restitution,
              " sensor ", shape.isSensor);
        BodyId id;
        if (!mutate(classify(invalid, extreme), "createBody", [&] { id = m_world.createBody(def, shape); }))
        {
            return;
        }
        trace("  created ", id);
        if (!m_world.isValid(id) || living(id) != nullptr)
        {
            fail("createBody returned a handle that is not valid or names a living body");
        }
        if (m_world.bodyType(id) != def.type || !(m_world.position(id) == def.position))
        {
            fail("createBody: the new body does not have the type and position it was given");
        }
        m_tracked.push_back({id, true, def.type, shape, def.fixedRotation});
        checkBodyList();
    }

    // A shape: kind and size, then material and filter when asked for (defaults otherwise).
    ShapeDef decodeShape(bool withMaterial, bool withFilter)
    {
        ShapeDef shape;
        const std::uint8_t kindByte = m_in.u8();
        // A few values beyond the enumerators: the world must refuse them.
        shape.kind = static_cast<ShapeKind>(kindByte < 252 ? kindByte % 2 : kindByte);
        if (shape.kind == ShapeKind::Circle)
        {
            shape.radius = fuzz::size(m_in, kLegalMinSize, kLegalMaxSize);
        }
        else
        {
            shape.halfExtents = {fuzz::size(m_in, kLegalMinSize, kLegalMaxSize),
                                 fuzz::size(m_in, kLegalMinSize, kLegalMaxSize)};
        }
        if (withMaterial)
        {
            shape.density = material(25.0f, 10.0f);
            shape.friction = material(100.0f, 2.0f);
            shape.restitution = material(249.0f, 1.0f);
        }
        if (withFilter)
        {
            const std::uint8_t filterByte = m_in.u8();
            shape.isSensor = (filterByte & 3U) == 0;
            shape.filter.categoryBits = 1U << (m_in.u8() % 32);
            shape.filter.maskBits = (filterByte & 4U) != 0 ? m_in.u32() : 0xFFFFFFFFu;
            shape.filter.groupIndex = static_cast<std::int8_t>(m_in.u8()) / 32;
        }
        return shape;
    }

    static bool shapeInvalid(const ShapeDef& shape)
    {
        const bool isBox = shape.kind == ShapeKind::Box;
        return static_cast<unsigned>(shape.kind) > 1 ||
               (isBox && !(std::isfinite(shape.halfExtents.x) && std::isfinite(shape.halfExtents.y) &&
                           shape.halfExtents.x > 0.0f && shape.halfExtents.y > 0.0f)) ||
               (!isBox && !(std::isfinite(shape.radius) && shape.radius > 0.0f)) ||
               !nonNegative(shape.density) || !nonNegative(shape.friction) ||
               !(shape.restitution >= 0.0f && shape.restitution <= 1.0f);
    }

    static bool shapeExtreme(const ShapeDef& shape)
    {
        const bool legalExtent = shape.kind == ShapeKind::Box
                                     ? legalSize(shape.halfExtents.x) && legalSize(shape.halfExtents.y)
                                     : legalSize(shape.radius);
        return !legalExtent || shape.density > kLegalDensity ||
               (shape.density > 0.0f && shape.density < kSmallestLegalDensity) ||
               shape.friction > kLegalMaterial;
    }

    void setShape()
    {
        const std::uint8_t options = m_in.u8();
        const BodyId id = pickBody();
        const ShapeDef shape = decodeShape((options & 1U) != 0, (options & 2U) != 0);
        Tracked* body = living(id);
        trace("setShape ", id, " shape ", static_cast<int>(shape.kind), " halfExtents ", shape.halfExtents,
              " radius ", shape.radius, " density ", shape.density, " friction ", shape.friction,
              " restitution ", shape.restitution, " sensor ", shape.isSensor);
        if (mutate(classify(body == nullptr || shapeInvalid(shape), shapeExtreme(shape)), "setShape",
                   [&] { m_world.setShape(id, shape); }))
        {
            body->shape = shape;
        }
    }

    // Material values: mostly byte / scale (so usually valid), sometimes any number.
    float material(float scale, float spread)
    {
        const std::uint8_t b = m_in.u8();
        return b < 250 ? static_cast<float>(b) / scale : fuzz::number(m_in, spread);
    }

    void destroyBody()
    {
        const BodyId id = pickBody();
        const bool valid = living(id) != nullptr;
        trace("destroyBody ", id);
        if (mutate(classify(!valid, false), "destroyBody", [&] { m_world.destroyBody(id); }))
        {
            for (Tracked& t : m_tracked)
            {
                if (t.id == id)
                {
                    t.alive = false;
                }
            }
            for (TrackedJoint& j : m_joints)
            {
                j.alive = j.alive && !(j.a == id) && !(j.b == id);
            }
            if (m_world.isValid(id))
            {
                fail("destroyBody: the handle is still valid afterwards");
            }
        }
        checkBodyList();
        checkJointList();
    }

    void checkBodyList()
    {
        std::vector<BodyId> expected;
        for (const Tracked& t : m_tracked)
        {
            if (t.alive)
            {
                expected.push_back(t.id);
                if (!m_world.isValid(t.id))
                {
                    fail("a living body's handle is not valid");
                }
            }
            else if (m_world.isValid(t.id))
            {
                fail("a destroyed body's handle is still valid");
            }
        }
        if (m_world.bodyCount() != static_cast<int>(expected.size()) || !sameIds(m_world.bodies(), expected))
        {
            fail("the world's bodies are not the ones created and not destroyed");
        }
    }

    // --- stepping ------------------------------------------------------------------------------

    float timeStep()
    {
        constexpr float common[4] = {1.0f / 60.0f, 1.0f / 30.0f, 1.0f / 120.0f, 1.0f / 240.0f};
        switch (m_in.u8() % 8)
        {
        case 0:
        case 1:
        case 2:
        case 3:
            return common[m_in.u8() % 4];
        case 4:
        case 5:
            return static_cast<float>(m_in.u8() + 1) / 1024.0f;
        case 6:
            return fuzz::edgeValue(m_in);
        default:
            return m_in.rawFloat();
        }
    }

    // Iteration counts around the valid minimums (1 and 0), small enough to keep steps cheap.
    int iterations() { return static_cast<int>(m_in.u8() % 24) - 3; }

    void step()
    {
        const float dt = timeStep();
        const bool custom = m_in.flag();
        const int velocityIterations = custom ? iterations() : 0;
        const int positionIterations = custom ? iterations() : 0;
        if (m_steps >= kMaxSteps)
        {
            return;
        }
        const bool invalid = !(std::isfinite(dt) && dt > 0.0f) ||
                             (custom && (velocityIterations < 1 || positionIterations < 0));
        const bool extreme = dt < kLegalMinDt || dt > kLegalMaxDt;
        trace("step dt ", dt, custom ? " iterations " : "", custom ? velocityIterations : 0, '/',
              custom ? positionIterations : 0);
        const std::vector<Held> held = disabledBodies();
        const bool accepted = mutate(classify(invalid, extreme), "step",
                                     [&]
                                     {
                                         if (custom)
                                         {
                                             m_world.step(dt, velocityIterations, positionIterations);
                                         }
                                         else
                                         {
                                             m_world.step(dt);
                                         }
                                     });
        if (!accepted)
        {
            return;
        }
        ++m_steps;
        checkJointBreaks();
        checkEvents();
        checkOutOfRange();
        checkHeld(held);
        if (m_legal)
        {
            checkFinite("step");
        }
    }

    // A disabled body's pose and velocities, bit for bit.
    struct Held
    {
        BodyId id;
        float bits[6];
    };

    std::vector<Held> disabledBodies() const
    {
        std::vector<Held> out;
        for (const Tracked& t : m_tracked)
        {
            if (t.alive && !t.enabled)
            {
                const Vec2 p = m_world.position(t.id);
                const Vec2 v = m_world.linearVelocity(t.id);
                out.push_back(
                    {t.id, {p.x, p.y, m_world.angle(t.id), v.x, v.y, m_world.angularVelocity(t.id)}});
            }
        }
        return out;
    }

    void checkHeld(const std::vector<Held>& held) const
    {
        for (const Held& h : held)
        {
            const Vec2 p = m_world.position(h.id);
            const Vec2 v = m_world.linearVelocity(h.id);
            const float now[6] = {p.x, p.y, m_world.angle(h.id), v.x, v.y, m_world.angularVelocity(h.id)};
            if (std::memcmp(now, h.bits, sizeof now) != 0)
            {
                fail("step moved disabled body ", h.id, " (position ", p, ", velocity ", v, ")");
            }
        }
    }

    void checkFinite(const char* after)
    {
        for (const Tracked& t : m_tracked)
        {
            if (!t.alive)
            {
                continue;
            }
            const Vec2 p = m_world.position(t.id);
            const float a = m_world.angle(t.id);
            const Vec2 v = m_world.linearVelocity(t.id);
            const float w = m_world.angularVelocity(t.id);
            const Transform x = m_world.transform(t.id);
            if (!finite(p) || !std::isfinite(a) || !finite(v) || !std::isfinite(w) || !finite(x.p) ||
                !std::isfinite(x.q.c) || !std::isfinite(x.q.s))
            {
                fail("after ", after, " with legal inputs, body ", t.id.index, " is not finite: position ", p,
                     " angle ", a, " velocity ", v, " angular velocity ", w);
            }
        }
    }

    // Bodies the step stopped for leaving float range: living, at a finite pose, at rest. With
    // legal inputs there must be none.
    void checkOutOfRange()
    {
        for (const BodyId id : m_world.outOfRangeBodies())
        {
            if (living(id) == nullptr)
            {
                fail("outOfRangeBodies names ", id, ", which is not a living body");
            }
            if (m_legal)
            {
                fail("with legal inputs, step stopped ", id, " as out of range");
            }
            if (!finite(m_world.position(id)) || !std::isfinite(m_world.angle(id)) ||
                !(m_world.linearVelocity(id) == Vec2{}) || m_world.angularVelocity(id) != 0.0f)
            {
                fail("outOfRangeBodies: ", id, " is not at a finite pose at rest");
            }
        }
    }

    void checkEvents()
    {
        for (const ContactBeginEvent& e : m_world.contactBeginEvents())
        {
            checkPairIds(e.a, e.b, "a contact begin event");
            if (m_legal)
            {
                checkManifold(e.manifold, "a contact begin event");
            }
        }
        for (const ContactEndEvent& e : m_world.contactEndEvents())
        {
            checkPairIds(e.a, e.b, "a contact end event");
        }
        for (const SensorEvent& e : m_world.sensorBeginEvents())
        {
            checkPairIds(e.sensor, e.visitor, "a sensor begin event");
        }
        for (const SensorEvent& e : m_world.sensorEndEvents())
        {
            checkPairIds(e.sensor, e.visitor, "a sensor end event");
        }
        for (const ContactImpulseEvent& e : m_world.contactImpulseEvents())
        {
            checkPairIds(e.a, e.b, "a contact impulse event");
            if (m_legal)
            {
                for (int i = 0; i < e.pointCount; ++i)
                {
                    if (!finite(e.points[i]) || !std::isfinite(e.normalImpulses[i]) ||
                        !std::isfinite(e.tangentImpulses[i]))
                    {
                        fail("a contact impulse event with legal inputs is not finite");
                    }
                }
            }
        }
    }

    void checkPairIds(BodyId a, BodyId b, const char* what, BodyId disabling = {})
    {
        const Tracked* ta = living(a);
        const Tracked* tb = living(b);
        if (ta == nullptr || tb == nullptr || a == b)
        {
            fail(what, " names bodies ", a.index, " and ", b.index, ", which are not two living bodies");
        }
        if ((!ta->enabled && a != disabling) || (!tb->enabled && b != disabling))
        {
            fail(what, " names bodies ", a.index, " and ", b.index, ", one of which is disabled");
        }
    }

    void checkManifold(const Manifold& m, const char* what)
    {
        if (m.pointCount < 0 || m.pointCount > 2)
        {
            fail(what, " has a manifold of ", m.pointCount, " points");
        }
        if (m.pointCount == 0)
        {
            return;
        }
        if (!finite(m.normal) || !isUnit(m.normal))
        {
            fail(what, " has a manifold normal ", m.normal, " that is not a unit vector");
        }
        for (int i = 0; i < m.pointCount; ++i)
        {
            if (!finite(m.points[i].point) || !std::isfinite(m.points[i].separation))
            {
                fail(what, " has a manifold point that is not finite: ", m.points[i].point);
            }
        }
    }

    void updateContacts()
    {
        m_world.updateContacts();
        std::optional<std::pair<std::uint32_t, std::uint32_t>> previous;
        for (const ContactInfo& c : m_world.contacts())
        {
            checkPairIds(c.a, c.b, "contacts()");
            const std::pair<std::uint32_t, std::uint32_t> order{c.a.index, c.b.index};
            if (previous && !(*previous < order))
            {
                fail("contacts() is not ordered by slot index");
            }
            previous = order;
            if (c.manifold.pointCount == 0)
            {
                fail("contacts() reports a touching pair with no manifold point");
            }
            if (m_legal)
            {
                checkManifold(c.manifold, "contacts()");
            }
        }
    }

    // --- pushing bodies ------------------------------------------------------------------------

    // The speed changes a push gives a body, for sorting pushes into legal and extreme.
    struct Reaction
    {
        double linear = 0.0;
        double angular = 0.0;
    };

    Reaction reaction(const Tracked& t, Vec2 linear, double angular) const
    {
        if (t.type != BodyType::Dynamic || !t.enabled)
        {
            return {}; // pushes on static, kinematic and disabled bodies are ignored
        }
        const double mass = static_cast<double>(m_world.mass(t.id));
        const double inertia = static_cast<double>(m_world.inertia(t.id));
        const double invInertia = t.fixedRotation || !(inertia > 0.0) ? 0.0 : 1.0 / inertia;
        return {mass > 0.0 ? lengthOf(linear) / mass : HUGE_VAL, std::fabs(angular) * invInertia};
    }

    static double crossOf(Vec2 r, Vec2 f)
    {
        return static_cast<double>(r.x) * static_cast<double>(f.y) -
               static_cast<double>(r.y) * static_cast<double>(f.x);
    }

    void push()
    {
        const std::uint8_t kind = m_in.u8() % 5;
        const BodyId id = pickBody();
        const Tracked* body = living(id);
        const Vec2 amount{fuzz::number(m_in, 100.0f), fuzz::number(m_in, 100.0f)};
        const float turn = fuzz::number(m_in, 100.0f);
        // Usually near the body, so the push also turns it a reasonable amount.
        const Vec2 base = body != nullptr && m_in.flag() ? m_world.position(id) : Vec2{};
        const Vec2 point = base + Vec2{fuzz::number(m_in, 2.0f), fuzz::number(m_in, 2.0f)};

        Reaction r;
        bool invalid = body == nullptr;
        if (body != nullptr)
        {
            const Vec2 arm = point - m_world.position(id);
            switch (kind)
            {
            case 0:
            case 1:
                invalid = !finite(amount) || !finite(point);
                r = reaction(*body, amount, crossOf(arm, amount));
                break;
            case 2:
                invalid = !finite(amount);
                r = reaction(*body, amount, 0.0);
                break;
            default:
                invalid = !std::isfinite(turn);
                r = reaction(*body, Vec2{}, static_cast<double>(turn));
                break;
            }
        }
        // The point matters for the two calls that take one: far away, the lever arm overflows.
        const bool farPoint = (kind == 0 || kind == 1) && !within(point, kLegalPosition);
        const bool extreme = r.linear > kLegalSpeed || r.angular > kLegalAngularSpeed || farPoint;
        const Expect expect = classify(invalid, extreme);
        trace("push kind ", static_cast<int>(kind), ' ', id, " amount ", amount, " turn ", turn, " point ",
              point, " speed change ", r.linear, " angular speed change ", r.angular);
        switch (kind)
        {
        case 0:
            mutate(expect, "applyLinearImpulse", [&] { m_world.applyLinearImpulse(id, amount, point); });
            break;
        case 1:
            mutate(expect, "applyForce", [&] { m_world.applyForce(id, amount, point); });
            break;
        case 2:
            mutate(expect, "applyForceToCenter", [&] { m_world.applyForceToCenter(id, amount); });
            break;
        case 3:
            mutate(expect, "applyAngularImpulse", [&] { m_world.applyAngularImpulse(id, turn); });
            break;
        default:
            mutate(expect, "applyTorque", [&] { m_world.applyTorque(id, turn); });
            break;
        }
    }

    void setTransform()
    {
        const BodyId id = pickBody();
        const Vec2 position{fuzz::number(m_in, 30.0f), fuzz::number(m_in, 30.0f)};
        const float angle = fuzz::angle(m_in);
        const bool invalid = living(id) == nullptr || !finite(position) || !std::isfinite(angle);
        trace("setTransform ", id, " position ", position, " angle ", angle);
        if (mutate(classify(invalid, !within(position, kLegalPosition)), "setTransform",
                   [&] { m_world.setTransform(id, position, angle); }))
        {
            if (!(m_world.position(id) == position))
            {
                fail("setTransform: the body is not where it was put");
            }
        }
    }

    void setVelocity()
    {
        const bool angular = m_in.flag();
        const BodyId id = pickBody();
        const Tracked* body = living(id);
        const bool isStatic = body != nullptr && body->type == BodyType::Static;
        if (angular)
        {
            const float w = fuzz::number(m_in, 10.0f);
            const bool invalid = body == nullptr || !std::isfinite(w) || (isStatic && w != 0.0f);
            trace("setAngularVelocity ", id, ' ', w);
            mutate(classify(invalid, std::fabs(static_cast<double>(w)) > kLegalAngularSpeed),
                   "setAngularVelocity", [&] { m_world.setAngularVelocity(id, w); });
        }
        else
        {
            const Vec2 v{fuzz::number(m_in, 50.0f), fuzz::number(m_in, 50.0f)};
            const bool invalid = body == nullptr || !finite(v) || (isStatic && v != Vec2{});
            trace("setLinearVelocity ", id, ' ', v);
            mutate(classify(invalid, lengthOf(v) > kLegalSpeed), "setLinearVelocity",
                   [&] { m_world.setLinearVelocity(id, v); });
        }
    }

    void setAwake()
    {
        const bool awake = m_in.flag();
        const BodyId id = pickBody();
        mutate(classify(living(id) == nullptr, false), "setAwake", [&] { m_world.setAwake(id, awake); });
    }

    void setBodyType()
    {
        const std::uint8_t pick = m_in.u8();
        // One pick in four is not a body type at all.
        const bool badType = pick % 4 == 3;
        const auto type = static_cast<BodyType>(badType ? 7 : pick % 3);
        const BodyId id = pickBody();
        Tracked* body = living(id);
        trace("setBodyType ", id, ' ', static_cast<int>(type));
        const Snapshot before = snapshot();
        const bool extreme = body != nullptr && type == BodyType::Dynamic && shapeExtreme(body->shape);
        if (!mutate(classify(body == nullptr || badType, extreme), "setBodyType",
                    [&] { m_world.setBodyType(id, type); }))
        {
            return;
        }
        if (body->type == type && !(snapshot() == before))
        {
            fail("setBodyType to the type it had changed the world");
        }
        body->type = type;
        if (m_world.bodyType(id) != type)
        {
            fail("setBodyType: bodyType disagrees afterwards");
        }
        if (type == BodyType::Static &&
            (m_world.linearVelocity(id) != Vec2{} || m_world.angularVelocity(id) != 0.0f))
        {
            fail("setBodyType(static) left the body moving");
        }
    }

    void setEnabled()
    {
        const bool enabled = m_in.flag();
        const BodyId id = pickBody();
        Tracked* body = living(id);
        trace("setEnabled ", id, ' ', enabled);
        const Snapshot before = snapshot();
        // The lists still hold the last step's events; the call may add end events after them.
        const std::size_t ends = m_world.contactEndEvents().size();
        const std::size_t sensorEnds = m_world.sensorEndEvents().size();
        if (!mutate(classify(body == nullptr, false), "setEnabled", [&] { m_world.setEnabled(id, enabled); }))
        {
            return;
        }
        if (body->enabled == enabled && !(snapshot() == before))
        {
            fail("setEnabled(", enabled, ") on a body that already was changed the world");
        }
        body->enabled = enabled;
        if (m_world.isEnabled(id) != enabled || (!enabled && m_world.isAwake(id)))
        {
            fail("setEnabled(", enabled, "): isEnabled or isAwake disagrees afterwards");
        }
        // Disabling ends the body's contacts, and only those; enabling ends nothing.
        for (std::size_t i = ends; i < m_world.contactEndEvents().size(); ++i)
        {
            const ContactEndEvent& e = m_world.contactEndEvents()[i];
            checkPairIds(e.a, e.b, "a contact end event of setEnabled", id);
            if (enabled || (e.a != id && e.b != id))
            {
                fail("setEnabled(", enabled, ") on ", id, " ended a contact of ", e.a, " and ", e.b);
            }
        }
        for (std::size_t i = sensorEnds; i < m_world.sensorEndEvents().size(); ++i)
        {
            const SensorEvent& e = m_world.sensorEndEvents()[i];
            checkPairIds(e.sensor, e.visitor, "a sensor end event of setEnabled", id);
            if (enabled || (e.sensor != id && e.visitor != id))
            {
                fail("setEnabled(", enabled, ") on ", id, " ended an overlap of ", e.sensor, " and ",
                     e.visitor);
            }
        }
    }

    void changeSettings()
    {
        switch (m_in.u8() % 10)
        {
        case 0:
        {
            const Vec2 g{fuzz::number(m_in, 20.0f), fuzz::number(m_in, 20.0f)};
            mutate(classify(!finite(g), !within(g, kLegalGravity)), "setGravity",
                   [&] { m_world.setGravity(g); });
            break;
        }
        case 1:
        {
            const int velocityIterations = iterations();
            const int positionIterations = iterations();
            mutate(classify(velocityIterations < 1 || positionIterations < 0, false), "setIterations",
                   [&] { m_world.setIterations(velocityIterations, positionIterations); });
            break;
        }
        case 2:
            m_world.setAllowSleep(m_in.flag());
            break;
        case 3:
            m_world.setWarmStarting(m_in.flag());
            break;
        case 4:
        {
            const float threshold = fuzz::number(m_in, 5.0f);
            mutate(classify(!nonNegative(threshold), false), "setRestitutionThreshold",
                   [&] { m_world.setRestitutionThreshold(threshold); });
            break;
        }
        case 5:
            m_world.setSolver(m_in.flag() ? Solver::SoftStep : Solver::Ngs);
            break;
        case 6:
        {
            // Around the valid minimum (1), small enough to keep steps cheap.
            const int subSteps = static_cast<int>(m_in.u8() % 12) - 2;
            mutate(classify(subSteps < 1, false), "setSubSteps", [&] { m_world.setSubSteps(subSteps); });
            break;
        }
        case 7:
        {
            const float hertz = fuzz::number(m_in, 240.0f);
            const float dampingRatio = fuzz::number(m_in, 20.0f);
            const float pushMaxSpeed = fuzz::number(m_in, 10.0f);
            const bool bad = !(positive(hertz) && nonNegative(dampingRatio) && positive(pushMaxSpeed));
            mutate(classify(bad, false), "setContactTuning",
                   [&] { m_world.setContactTuning(hertz, dampingRatio, pushMaxSpeed); });
            break;
        }
        case 8:
        {
            const float distance = fuzz::number(m_in, 0.2f);
            mutate(classify(!nonNegative(distance), false), "setContactRecycleDistance",
                   [&] { m_world.setContactRecycleDistance(distance); });
            break;
        }
        default:
            m_world.setImpulseEvents(m_in.flag());
            break;
        }
    }

    // --- queries -------------------------------------------------------------------------------

    QueryFilter queryFilter()
    {
        QueryFilter f;
        const std::uint8_t options = m_in.u8();
        if ((options & 1U) == 0)
        {
            return f;
        }
        f.staticBodies = (options & 2U) != 0;
        f.kinematicBodies = (options & 4U) != 0;
        f.dynamicBodies = (options & 8U) != 0;
        f.sensors = (options & 16U) != 0;
        if ((options & 32U) != 0)
        {
            f.categoryBits = m_in.u32();
            f.maskBits = m_in.u32();
        }
        return f;
    }

    template <typename Exact>
    std::vector<BodyId> bruteForce(const QueryFilter& filter, const Aabb& region, Exact&& exact) const
    {
        std::vector<BodyId> out;
        for (const Tracked& t : m_tracked)
        {
            if (t.alive && t.enabled && passes(filter, t) && overlaps(m_world.aabb(t.id), region) && exact(t))
            {
                out.push_back(t.id);
            }
        }
        return out;
    }

    bool isBox(const Tracked& t) const { return t.shape.kind == ShapeKind::Box; }

    std::string describeBody(BodyId id) const
    {
        const Tracked* t = living(id);
        if (t == nullptr)
        {
            return fuzz::describe(id, " (not living)");
        }
        return isBox(*t) ? fuzz::describe(id, ' ', m_world.obb(id))
                         : fuzz::describe(id, ' ', m_world.circle(id));
    }

    // The first body one answer has and the other does not, for failure messages.
    std::string difference(const std::vector<BodyId>& found, const std::vector<BodyId>& expected) const
    {
        for (const BodyId id : expected)
        {
            if (std::find(found.begin(), found.end(), id) == found.end())
            {
                return "missing " + describeBody(id);
            }
        }
        for (const BodyId id : found)
        {
            if (std::find(expected.begin(), expected.end(), id) == expected.end())
            {
                return "unexpected " + describeBody(id);
            }
        }
        return "the same bodies, listed twice";
    }

    void compareQuery(const char* what, const std::vector<BodyId>& found, const std::vector<BodyId>& expected)
    {
        // With non-finite bodies in the world (possible only after extreme inputs) the tree and a
        // brute-force pass may well disagree; only a crash would matter then.
        if (m_legal && !sameIds(found, expected))
        {
            fail(what, " found ", found.size(), " bodies where a brute-force pass finds ", expected.size(),
                 "; ", difference(found, expected));
        }
        if (!std::is_sorted(found.begin(), found.end(), [](BodyId x, BodyId y) { return x.index < y.index; }))
        {
            fail(what, " results are not in slot order");
        }
    }

    void queryRegion()
    {
        const std::uint8_t kind = m_in.u8() % 4;
        const QueryFilter filter = queryFilter();
        const Vec2 center{fuzz::number(m_in, 30.0f), fuzz::number(m_in, 30.0f)};
        const Vec2 half{fuzz::number(m_in, 10.0f), fuzz::number(m_in, 10.0f)};
        const float angle = fuzz::angle(m_in);
        std::vector<BodyId> found;
        trace("query kind ", static_cast<int>(kind), " centre ", center, " size ", half, " angle ", angle);
        switch (kind)
        {
        case 0:
        {
            // Corners in any order: an inverted box is a valid query that finds nothing.
            const Aabb region{center, center + half};
            if (query(classify(!finite(region.lower) || !finite(region.upper), false), "queryAabb",
                      [&] { found = bodiesOf(m_world.queryAabb(region, filter)); }))
            {
                compareQuery("queryAabb", found,
                             bruteForce(filter, region, [](const Tracked&) { return true; }));
            }
            break;
        }
        case 1:
        {
            const Obb box = makeObb(center, half, angle);
            const bool invalid =
                !finite(center) || !finite(half) || !std::isfinite(angle) || half.x < 0.0f || half.y < 0.0f;
            if (query(classify(invalid, false), "overlapObb",
                      [&] { found = bodiesOf(m_world.overlapObb(box, filter)); }))
            {
                compareQuery("overlapObb", found,
                             bruteForce(filter, aabbOf(box),
                                        [&](const Tracked& t) {
                                            return isBox(t) ? testOverlap(m_world.obb(t.id), box)
                                                            : testOverlap(box, m_world.circle(t.id));
                                        }));
            }
            break;
        }
        case 2:
        {
            const Circle circle{center, half.x};
            const bool invalid = !finite(center) || !std::isfinite(half.x) || half.x < 0.0f;
            if (query(classify(invalid, false), "overlapCircle",
                      [&] { found = bodiesOf(m_world.overlapCircle(circle, filter)); }))
            {
                compareQuery("overlapCircle", found,
                             bruteForce(filter, aabbOf(circle),
                                        [&](const Tracked& t) {
                                            return isBox(t) ? testOverlap(m_world.obb(t.id), circle)
                                                            : testOverlap(m_world.circle(t.id), circle);
                                        }));
            }
            break;
        }
        default:
        {
            if (query(classify(!finite(center), false), "overlapPoint",
                      [&] { found = bodiesOf(m_world.overlapPoint(center, filter)); }))
            {
                compareQuery("overlapPoint", found,
                             bruteForce(filter, Aabb{center, center},
                                        [&](const Tracked& t) {
                                            return isBox(t) ? contains(m_world.obb(t.id), center)
                                                            : contains(m_world.circle(t.id), center);
                                        }));
            }
            break;
        }
        }
    }

    void castRay()
    {
        const QueryFilter filter = queryFilter();
        const Vec2 origin{fuzz::number(m_in, 30.0f), fuzz::number(m_in, 30.0f)};
        const Vec2 translation{fuzz::number(m_in, 60.0f), fuzz::number(m_in, 60.0f)};
        const Expect expect =
            classify(!finite(origin) || !finite(translation),
                     !within(origin, kLegalPosition) || !within(translation, kLegalPosition));
        trace("ray from ", origin, " along ", translation);
        std::vector<WorldRayHit> all;
        std::optional<WorldRayHit> closest;
        if (!query(expect, "rayCastAll", [&] { all = m_world.rayCastAll(origin, translation, filter); }) ||
            !query(expect, "rayCastClosest",
                   [&] { closest = m_world.rayCastClosest(origin, translation, filter); }))
        {
            return;
        }
        if (!m_legal || expect != Expect::Legal)
        {
            return;
        }
        // Brute force: every body the ray enters, by the single-shape ray cast.
        std::vector<BodyId> expected;
        std::optional<WorldRayHit> nearest;
        for (const Tracked& t : m_tracked)
        {
            if (!t.alive || !t.enabled || !passes(filter, t))
            {
                continue;
            }
            const RayCastInput ray{origin, translation, 1.0f};
            const std::optional<RayHit> hit =
                isBox(t) ? rayCast(m_world.obb(t.id), ray) : rayCast(m_world.circle(t.id), ray);
            if (hit)
            {
                expected.push_back(t.id);
                if (!nearest || hit->fraction < nearest->fraction ||
                    (hit->fraction == nearest->fraction && t.id.index < nearest->body.index))
                {
                    nearest = WorldRayHit{t.id, m_world.shapes(t.id).front(), hit->point, hit->normal,
                                          hit->fraction};
                }
            }
        }
        std::vector<BodyId> hitIds;
        for (const WorldRayHit& h : all)
        {
            hitIds.push_back(h.body);
            if (!finite(h.point) || !isUnit(h.normal) || !(h.fraction >= 0.0f && h.fraction <= 1.0f))
            {
                fail("rayCastAll: a hit is not finite, has no unit normal or is off the ray: point ", h.point,
                     " normal ", h.normal, " fraction ", h.fraction);
            }
        }
        if (!sameIds(hitIds, expected))
        {
            fail("rayCastAll hit ", hitIds.size(), " bodies where a brute-force pass hits ", expected.size(),
                 "; ", difference(hitIds, expected));
        }
        if (!std::is_sorted(all.begin(), all.end(),
                            [](const WorldRayHit& x, const WorldRayHit& y)
                            { return x.fraction < y.fraction; }))
        {
            fail("rayCastAll: hits are not nearest first");
        }
        if (closest.has_value() != nearest.has_value() ||
            (closest && (closest->body != nearest->body || closest->fraction != nearest->fraction)))
        {
            fail("rayCastClosest reports ",
                 closest ? fuzz::describe(closest->body, " at ", closest->fraction) : "no hit",
                 " where a brute-force pass finds ",
                 nearest ? fuzz::describe(nearest->body, " at ", nearest->fraction) : "no hit");
        }
    }

    void moveCharacter()
    {
        const bool circle = m_in.flag();
        const bool ownFilter = m_in.flag();
        const QueryFilter filter = ownFilter ? queryFilter() : World::solidsOnly();
        const Vec2 center{fuzz::number(m_in, 30.0f), fuzz::number(m_in, 30.0f)};
        const Vec2 half{fuzz::size(m_in, kLegalMinSize, kLegalMaxSize),
                        fuzz::size(m_in, kLegalMinSize, kLegalMaxSize)};
        const float angle = fuzz::angle(m_in);
        const Vec2 displacement{fuzz::number(m_in, 30.0f), fuzz::number(m_in, 30.0f)};
        if (m_moves >= kMaxMoves)
        {
            return;
        }
        ++m_moves;
        const bool sizeValid = circle
                                   ? std::isfinite(half.x) && half.x > 0.0f
                                   : finite(half) && half.x > 0.0f && half.y > 0.0f && std::isfinite(angle);
        const bool invalid = !finite(center) || !finite(displacement) || !sizeValid;
        const bool extreme = !within(center, kLegalPosition) || !within(displacement, kLegalPosition) ||
                             !legalSize(half.x) || (!circle && !legalSize(half.y));
        const Expect expect = classify(invalid, extreme);
        trace(circle ? "moveCharacter circle centre " : "moveCharacter box centre ", center, " size ", half,
              " angle ", angle, " displacement ", displacement);
        CharacterMoveResult result;
        const bool accepted =
            circle ? query(expect, "moveCharacter(circle)",
                           [&] {
                               result = m_world.moveCharacter(Circle{center, half.x}, displacement, filter);
                           })
                   : query(expect, "moveCharacter(box)",
                           [&] {
                               result =
                                   m_world.moveCharacter(makeObb(center, half, angle), displacement, filter);
                           });
        if (!accepted || !m_legal || expect != Expect::Legal)
        {
            return;
        }
        if (!finite(result.position))
        {
            fail("moveCharacter with legal inputs ends at ", result.position);
        }
        for (const CharacterHit& h : result.hits)
        {
            const Tracked* hit = living(h.body);
            if (hit == nullptr || !hit->enabled || !isUnit(h.normal) || !finite(h.translation) ||
                !finite(h.point))
            {
                fail(
                    "moveCharacter reports a hit that names no living enabled body or is not finite: normal ",
                    h.normal, " translation ", h.translation, " point ", h.point);
            }
        }
    }

    // --- joints --------------------------------------------------------------------------------

    struct TrackedJoint
    {
        JointId id;
        BodyId a;
        BodyId b;
        bool alive = true;
    };

    JointId pickJoint()
    {
        const std::uint8_t mode = m_in.u8();
        if (m_joints.empty() || mode >= 240)
        {
            return mode % 2 == 0 ? JointId{} : JointId{m_in.u8(), m_in.u8()};
        }
        return m_joints[m_in.u8() % m_joints.size()].id;
    }

    TrackedJoint* livingJoint(JointId id)
    {
        for (TrackedJoint& j : m_joints)
        {
            if (j.alive && j.id == id)
            {
                return &j;
            }
        }
        return nullptr;
    }

    void createJoint()
    {
        const BodyId a = pickBody();
        const BodyId b = pickBody();
        fuzz::DecodedJoint joint = fuzz::decodeJoint(m_in, a, b);
        const Tracked* ta = living(a);
        const Tracked* tb = living(b);
        const bool badBodies =
            ta == nullptr || tb == nullptr || a == b ||
            (ta->type != BodyType::Dynamic && tb->type != BodyType::Dynamic) ||
            (std::holds_alternative<MouseJointDef>(joint.def.params) && tb->type != BodyType::Dynamic);
        trace("createJoint type ", joint.def.params.index(), " bodies ", a, ' ', b);
        JointId id;
        if (m_joints.size() >= kMaxJoints ||
            !mutate(classify(badBodies || joint.verdict.invalid, joint.verdict.extreme), "createJoint",
                    [&] { id = m_world.createJoint(joint.def); }))
        {
            return;
        }
        if (!m_world.isValid(id) ||
            m_world.jointType(id) != static_cast<JointType>(joint.def.params.index()) ||
            !(m_world.jointBodyA(id) == a) || !(m_world.jointBodyB(id) == b))
        {
            fail("createJoint returned a handle that does not name the joint asked for");
        }
        trace("  created joint ", id.index, '/', id.generation, " anchors ", m_world.jointAnchorA(id), ' ',
              m_world.jointAnchorB(id));
        m_joints.push_back({id, a, b, true});
        checkJointList();
    }

    void destroyJoint()
    {
        const JointId id = pickJoint();
        TrackedJoint* joint = livingJoint(id);
        trace("destroyJoint ", id.index, '/', id.generation);
        if (mutate(classify(joint == nullptr, false), "destroyJoint", [&] { m_world.destroyJoint(id); }))
        {
            joint->alive = false;
        }
        checkJointList();
    }

    // One of the setters, with a value that is usually fit and sometimes not; a setter on a joint
    // of another type must be refused.
    void tuneJoint()
    {
        const std::uint8_t which = m_in.u8();
        const JointId id = pickJoint();
        const float x = fuzz::number(m_in, 10.0f);
        const float y = fuzz::number(m_in, 10.0f);
        const TrackedJoint* joint = livingJoint(id);
        const int type = joint == nullptr ? -1 : static_cast<int>(m_world.jointType(id));
        const auto is = [type](std::initializer_list<JointType> types)
        {
            return std::any_of(types.begin(), types.end(),
                               [type](JointType t) { return static_cast<int>(t) == type; });
        };
        fuzz::JointVerdict v;
        trace("tuneJoint ", static_cast<int>(which % 5), ' ', id.index, " values ", x, ' ', y);
        switch (which % 5)
        {
        case 0:
            v.speed(x);
            mutate(classify(!is({JointType::Revolute, JointType::Prismatic, JointType::Wheel}) || v.invalid,
                            v.extreme),
                   "setMotorSpeed", [&] { m_world.setMotorSpeed(id, x); });
            break;
        case 1:
            v.ordered(x, y);
            mutate(classify(!is({JointType::Revolute, JointType::Prismatic, JointType::Wheel}) || v.invalid,
                            v.extreme),
                   "setLimits", [&] { m_world.setLimits(id, x, y); });
            break;
        case 2:
            v.nonNegative(x, fuzz::kLegalJointRate);
            v.nonNegative(y, fuzz::kLegalJointRate);
            v.invalid |= is({JointType::Mouse}) && !(x > 0.0f);
            mutate(classify(!is({JointType::Distance, JointType::Weld, JointType::Wheel, JointType::Mouse}) ||
                                v.invalid,
                            v.extreme),
                   "setSpring", [&] { m_world.setSpring(id, x, y); });
            break;
        case 3:
            v.reach({x, y});
            mutate(classify(!is({JointType::Mouse}) || v.invalid, v.extreme), "setMouseTarget",
                   [&] {
                       m_world.setMouseTarget(id, {x, y});
                   });
            break;
        default:
            v.invalid |= std::isnan(x) || x < 0.0f || std::isnan(y) || y < 0.0f;
            mutate(classify(joint == nullptr || v.invalid, false), "setBreakThresholds",
                   [&] { m_world.setBreakThresholds(id, x, y); });
            break;
        }
    }

    // Joints that broke in the step: each was living, names its bodies, is gone now and passed
    // its threshold; they are living no more.
    void checkJointBreaks()
    {
        for (const JointBreakEvent& e : m_world.jointBreakEvents())
        {
            TrackedJoint* joint = livingJoint(e.joint);
            if (joint == nullptr || !(joint->a == e.bodyA) || !(joint->b == e.bodyB) ||
                m_world.isValid(e.joint))
            {
                fail("a joint break event names no living joint of those bodies, or one still valid");
            }
            joint->alive = false;
        }
        checkJointList();
    }

    void checkJointList()
    {
        int alive = 0;
        for (const TrackedJoint& j : m_joints)
        {
            if (m_world.isValid(j.id) != j.alive)
            {
                fail("joint ", j.id.index, " is ", j.alive ? "living" : "gone",
                     " but isValid says otherwise");
            }
            alive += j.alive ? 1 : 0;
        }
        if (m_world.jointCount() != alive)
        {
            fail("jointCount is ", m_world.jointCount(), ", ", alive, " joints are living");
        }
    }

    ByteReader& m_in;
    World& m_world;
    std::vector<Tracked> m_tracked;
    std::vector<TrackedJoint> m_joints;
    bool m_legal;
    int m_steps = 0;
    int m_moves = 0;
};

} // namespace

// Invalid calls are half of what this target makes, and each must throw. The default API error
// handler aborts in builds with assertions on; a quiet one lets every build throw.
extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    setApiErrorHandler([](const char*) {});
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    ByteReader in(data, size);
    WorldDef def;
    const std::uint8_t options = in.u8();
    if ((options & 1U) != 0)
    {
        def.gravity = {fuzz::number(in, 20.0f), fuzz::number(in, 20.0f)};
    }
    if ((options & 2U) != 0)
    {
        def.velocityIterations = static_cast<int>(in.u8() % 24) - 3;
        def.positionIterations = static_cast<int>(in.u8() % 24) - 3;
    }
    if ((options & 4U) != 0)
    {
        def.restitutionThreshold = fuzz::number(in, 5.0f);
    }
    def.allowSleep = (options & 8U) == 0;
    def.warmStarting = (options & 16U) == 0;
    def.impulseEvents = (options & 32U) != 0;
    const bool invalid = !finite(def.gravity) || def.velocityIterations < 1 || def.positionIterations < 0 ||
                         !nonNegative(def.restitutionThreshold);
    std::optional<World> world;
    try
    {
        world.emplace(def);
    }
    catch (const std::invalid_argument& e)
    {
        if (!invalid)
        {
            fail("World refused a valid definition: ", e.what());
        }
        return 0;
    }
    if (invalid)
    {
        fail("World accepted an invalid definition");
    }
    try
    {
        WorldFuzzer(in, *world, within(def.gravity, kLegalGravity)).run();
    }
    catch (const std::exception& e)
    {
        fail("unexpected exception: ", e.what());
    }
    return 0;
}
