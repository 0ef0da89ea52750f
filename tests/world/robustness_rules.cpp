#include "robustness_rules.hpp"

#include "oblique/scene_world.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <gtest/gtest.h>
#include <limits>
#include <map>
#include <stdexcept>
#include <type_traits>
#include <utility>

namespace oblique::test
{

namespace
{

constexpr float kStep = 1.0f / 60.0f;

// --- what a player accepts ----------------------------------------------------------------------

// A body may outrun free fall from where it started: the top of a toppling column moves up to
// sqrt(1.5) times faster than a dropped one. More than a quarter over that is energy from nowhere.
constexpr float kSpeedFactor = 1.25f;
constexpr float kSpeedSlack = 0.5f; // m/s, so bodies that start at rest may still shuffle
// The speed contactPushMaxSpeed allows overlap to be pushed apart at (the WorldDef default), which
// scenes created overlapping may add once.
constexpr float kPushSpeed = 3.0f;
// A hard landing may dip a body into the ground for a frame; deeper than this the ground looks
// soft, and a body whose centre goes below it has gone through.
constexpr float kFloorDip = 0.05f;
// Settled: moving slower than a player can see (asleep bodies do not move at all).
constexpr float kRestSpeed = 0.05f; // m/s
constexpr float kRestSpin = 0.1f;   // rad/s
// A standing structure: its top body drifts sideways by at most a tenth of its width, and the
// structure sinks into itself by at most 1 % of its height.
constexpr float kDriftFraction = 0.1f;
constexpr float kSinkFraction = 0.01f;
// A heavy body resting on light ones may sink into them this far and no further.
constexpr float kHeavySink = 0.03f;
// Bodies created overlapping count as recovered once no pair overlaps by more than this.
constexpr float kRecoveredOverlap = 0.01f;
// At rest nothing may be embedded in anything deeper than this.
constexpr float kRestingOverlap = 0.01f;

// printf's variadic arguments take floats as doubles; saying so keeps the conversion visible.
template <typename T>
auto printable(T value)
{
    if constexpr (std::is_same_v<T, float>)
    {
        return static_cast<double>(value);
    }
    else
    {
        return value;
    }
}

std::string format(const char* pattern, auto... values)
{
    char buffer[320];
    std::snprintf(buffer, sizeof buffer, pattern, printable(values)...);
    return buffer;
}

float widthOf(const SceneBody& b)
{
    return b.shape == ShapeKind::Circle ? 2.0f * b.radius : 2.0f * b.halfExtents.x;
}

float heightOf(const SceneBody& b)
{
    return b.shape == ShapeKind::Circle ? 2.0f * b.radius : 2.0f * b.halfExtents.y;
}

// One scene run in one solver: steps it and keeps what every rule needs, then collects checks.
class Judge
{
public:
    Judge(const scenes::RobustnessScene& entry, Solver solver)
        : m_entry(entry), m_scene(entry.build()), m_instance(instantiate(m_scene))
    {
        m_verdict.scene = std::string(entry.id);
        m_verdict.solver = solver;
        World& w = m_instance.world;
        w.setSolver(solver);
        w.setSubSteps(4);
        w.setIterations(8, 3);
        const std::size_t n = m_scene.bodies.size();
        m_maxSpeed.assign(n, 0.0f);
        m_lowest.assign(n, std::numeric_limits<float>::max());
        m_lastMoving.assign(n, 0.0f);
        m_centreRange.resize(n);
        m_lastCentre.resize(n);
        m_lastAngle.resize(n);
        for (std::size_t i = 0; i < n; ++i)
        {
            m_centreRange[i] = {m_scene.bodies[i].position, m_scene.bodies[i].position};
            m_lastCentre[i] = w.worldCenter(body(i));
            m_lastAngle[i] = w.angle(body(i));
        }
    }

    const Scene& scene() const { return m_scene; }
    World& world() { return m_instance.world; }
    BodyId body(std::size_t i) const { return m_instance.bodies[i]; }
    bool isDynamic(std::size_t i) const { return m_scene.bodies[i].type == BodyType::Dynamic; }
    std::vector<std::size_t> dynamicBodies() const
    {
        std::vector<std::size_t> out;
        for (std::size_t i = 0; i < m_scene.bodies.size(); ++i)
        {
            if (isDynamic(i))
            {
                out.push_back(i);
            }
        }
        return out;
    }

    // Steps the scene for its time, calling watch(t) after every step.
    void run(const std::function<void(float)>& watch = {})
    {
        const int steps = static_cast<int>(std::lround(m_entry.seconds / kStep));
        World& w = world();
        for (int s = 1; s <= steps; ++s)
        {
            w.step(kStep);
            const float t = static_cast<float>(s) * kStep;
            for (std::size_t i = 0; i < m_scene.bodies.size(); ++i)
            {
                if (!isDynamic(i))
                {
                    continue;
                }
                const BodyId b = body(i);
                // What a player sees is how far a body moved in a frame, which ngs's position
                // correction changes without any velocity to show for it.
                const Vec2 centre = w.worldCenter(b);
                const float angle = w.angle(b);
                const float speed =
                    std::max(length(w.linearVelocity(b)), length(centre - m_lastCentre[i]) / kStep);
                const float spin =
                    std::max(std::fabs(w.angularVelocity(b)), std::fabs(angle - m_lastAngle[i]) / kStep);
                m_lastCentre[i] = centre;
                m_lastAngle[i] = angle;
                m_maxSpeed[i] = std::max(m_maxSpeed[i], speed);
                m_lowest[i] = std::min(m_lowest[i], w.aabb(b).lower.y);
                const Vec2 p = w.position(b);
                m_centreRange[i] = {min(m_centreRange[i].lower, p), max(m_centreRange[i].upper, p)};
                if (speed > kRestSpeed || spin > kRestSpin)
                {
                    m_lastMoving[i] = t;
                }
            }
            if (watch)
            {
                watch(t);
            }
        }
    }

    void check(std::string rule, bool passed, std::string detail)
    {
        m_verdict.checks.push_back({std::move(rule), passed, std::move(detail)});
    }

    // --- rules every scene has ---------------------------------------------------------------

    // No body faster than free fall from its start (with its own gravity scale) after its launch
    // speed, plus the push-out speed once in scenes created overlapping.
    void checkSpeed(float floorY, bool createdOverlapping)
    {
        const float g = length(m_scene.world.gravity);
        float worstRatio = -1.0f;
        std::size_t worst = 0;
        float worstAllowed = 0.0f;
        for (const std::size_t i : dynamicBodies())
        {
            const SceneBody& b = m_scene.bodies[i];
            const float drop = std::max(0.0f, b.position.y - floorY);
            const float fall = std::sqrt(lengthSquared(b.linearVelocity) + 2.0f * g * b.gravityScale * drop);
            const float allowed =
                kSpeedFactor * fall + kSpeedSlack + (createdOverlapping ? kPushSpeed : 0.0f);
            if (m_maxSpeed[i] / allowed > worstRatio)
            {
                worstRatio = m_maxSpeed[i] / allowed;
                worst = i;
                worstAllowed = allowed;
            }
        }
        check("speed", worstRatio <= 1.0f,
              format("fastest body for its start: body %zu at %.2f m/s (allowed %.2f m/s)", worst,
                     m_maxSpeed[worst], worstAllowed));
    }

    // Nothing dips more than kFloorDip into the floor, ever.
    void checkFloor(float floorY)
    {
        float deepest = 0.0f;
        std::size_t worst = 0;
        for (const std::size_t i : dynamicBodies())
        {
            if (floorY - m_lowest[i] > deepest)
            {
                deepest = floorY - m_lowest[i];
                worst = i;
            }
        }
        check("floor", deepest <= kFloorDip,
              format("deepest into the floor: %.3f m, body %zu (at most %.3f m)", deepest, worst, kFloorDip));
    }

    // Every body asleep or still from settleBy to the end, except those allowed to keep going.
    void checkSettled(float settleBy, const std::vector<std::size_t>& mayKeepMoving = {})
    {
        float last = 0.0f;
        std::size_t worst = 0;
        for (const std::size_t i : dynamicBodies())
        {
            if (std::find(mayKeepMoving.begin(), mayKeepMoving.end(), i) != mayKeepMoving.end())
            {
                continue;
            }
            if (m_lastMoving[i] > last)
            {
                last = m_lastMoving[i];
                worst = i;
            }
        }
        check("settled", last < settleBy,
              format("last visible motion at %.2f s, body %zu (at rest by %.2f s)", last, worst, settleBy));
    }

    // The balls that end rolling along the floor (body 0), touching nothing else, without
    // slipping: nothing in a scene without rolling resistance slows such a ball, so it may roll on.
    std::vector<std::size_t> ballsRollingOnTheFloor()
    {
        constexpr float kSlip = 0.01f; // m/s at the contact point
        std::vector<std::size_t> rolling;
        for (const std::size_t i : dynamicBodies())
        {
            const SceneBody& b = scene().bodies[i];
            if (b.shape != ShapeKind::Circle || !b.shapes.empty())
            {
                continue;
            }
            const std::vector<ContactInfo> touching = world().contacts(body(i));
            const bool onFloorOnly =
                !touching.empty() &&
                std::all_of(touching.begin(), touching.end(),
                            [&](const ContactInfo& c) { return indexOf(c.a == body(i) ? c.b : c.a) == 0; });
            const float slip =
                world().linearVelocity(body(i)).x + world().angularVelocity(body(i)) * b.radius;
            if (onFloorOnly && std::fabs(slip) < kSlip)
            {
                rolling.push_back(i);
            }
        }
        return rolling;
    }

    // --- measurements the scene rules share ---------------------------------------------------

    // The deepest overlap (m, >= 0) of body i with any body accepted by `with`, now.
    float overlapOf(std::size_t i, const std::function<bool(std::size_t)>& with)
    {
        float deepest = 0.0f;
        const BodyId b = body(i);
        for (const ContactInfo& c : world().contacts())
        {
            if (!(c.a == b || c.b == b))
            {
                continue;
            }
            const std::size_t other = indexOf(c.a == b ? c.b : c.a);
            if (!with(other))
            {
                continue;
            }
            for (int k = 0; k < c.manifold.pointCount; ++k)
            {
                deepest = std::max(deepest, -c.manifold.points[static_cast<std::size_t>(k)].separation);
            }
        }
        return deepest;
    }

    // The deepest overlap between any two bodies, now.
    float deepestOverlap()
    {
        float deepest = 0.0f;
        for (const ContactInfo& c : world().contacts())
        {
            for (int k = 0; k < c.manifold.pointCount; ++k)
            {
                deepest = std::max(deepest, -c.manifold.points[static_cast<std::size_t>(k)].separation);
            }
        }
        return deepest;
    }

    std::size_t indexOf(BodyId id) const
    {
        for (std::size_t i = 0; i < m_instance.bodies.size(); ++i)
        {
            if (m_instance.bodies[i] == id)
            {
                return i;
            }
        }
        throw std::logic_error("a contact names a body the scene does not have");
    }

    // The bodies at the top of a structure: no dynamic body starts above them less than a width
    // to the side.
    std::vector<std::size_t> tops() const
    {
        std::vector<std::size_t> out;
        for (const std::size_t i : dynamicBodies())
        {
            const SceneBody& b = m_scene.bodies[i];
            bool covered = false;
            for (const std::size_t j : dynamicBodies())
            {
                const SceneBody& c = m_scene.bodies[j];
                covered = covered || (c.position.y > b.position.y &&
                                      std::fabs(c.position.x - b.position.x) < widthOf(b));
            }
            if (!covered)
            {
                out.push_back(i);
            }
        }
        return out;
    }

    // A structure stands: each of its top bodies drifts sideways by at most a tenth of its width
    // and sinks by at most 1 % of the structure's height (its top's start height over floorY).
    void checkStands(const std::vector<std::size_t>& topBodies, float floorY)
    {
        float worstDrift = 0.0f;
        float driftLimit = 0.0f;
        float worstSink = 0.0f;
        float sinkLimit = 0.0f;
        float driftShare = -1.0f; // of its limit
        float sinkShare = -1.0f;
        for (const std::size_t i : topBodies)
        {
            const SceneBody& b = m_scene.bodies[i];
            const Vec2 p = world().position(body(i));
            const float drift = std::fabs(p.x - b.position.x);
            const float sink = b.position.y - p.y;
            const float allowedDrift = kDriftFraction * widthOf(b);
            const float allowedSink = kSinkFraction * (b.position.y + 0.5f * heightOf(b) - floorY);
            if (drift / allowedDrift > driftShare)
            {
                driftShare = drift / allowedDrift;
                worstDrift = drift;
                driftLimit = allowedDrift;
            }
            if (sink / allowedSink > sinkShare)
            {
                sinkShare = sink / allowedSink;
                worstSink = sink;
                sinkLimit = allowedSink;
            }
        }
        const bool passed = driftShare <= 1.0f && sinkShare <= 1.0f;
        check("stands", passed,
              format("top drifted %.4f m (at most %.4f), sank %.4f m (at most %.4f)", worstDrift, driftLimit,
                     worstSink, sinkLimit));
    }

    // The box the body's origin stayed inside over the run.
    const Aabb& centreRange(std::size_t i) const { return m_centreRange[i]; }
    RobustnessVerdict verdict() && { return std::move(m_verdict); }

private:
    const scenes::RobustnessScene& m_entry;
    Scene m_scene;
    SceneInstance m_instance;
    RobustnessVerdict m_verdict;
    std::vector<float> m_maxSpeed;
    std::vector<float> m_lowest;     // lowest point of the body's bounding box seen
    std::vector<float> m_lastMoving; // the last time it visibly moved
    std::vector<Aabb> m_centreRange;
    std::vector<Vec2> m_lastCentre; // the centre of mass and angle after the last step
    std::vector<float> m_lastAngle;
};

// --- the scenes' rules -----------------------------------------------------------------------------

using SceneRules = std::function<void(Judge&)>;

// Stacks and pyramids built at rest on the ground: they stand, and stand still by settleBy.
SceneRules standing(float settleBy)
{
    return [settleBy](Judge& j)
    {
        j.run();
        j.checkSpeed(0.0f, false);
        j.checkFloor(0.0f);
        j.checkSettled(settleBy);
        j.checkStands(j.tops(), 0.0f);
    };
}

void cardHouseRules(Judge& j)
{
    j.run();
    j.checkSpeed(0.0f, false);
    j.checkFloor(0.0f);
    j.checkSettled(2.0f);
    // Cards start a few millimetres apart and settle onto each other; a card that moved a quarter
    // of its length has slid out or fallen, and the house with it.
    const float limit = 0.25f * 0.4f;
    float worst = 0.0f;
    std::size_t worstCard = 0;
    for (const std::size_t i : j.dynamicBodies())
    {
        const float moved = length(j.world().position(j.body(i)) - j.scene().bodies[i].position);
        if (moved > worst)
        {
            worst = moved;
            worstCard = i;
        }
    }
    j.check("stands", worst <= limit,
            format("card %zu moved %.3f m (at most %.3f m, a quarter of a card)", worstCard, worst, limit));
}

void doubleDominoRules(Judge& j)
{
    j.run();
    j.checkSpeed(0.0f, false);
    j.checkFloor(0.0f);
    j.checkSettled(11.0f);
    // Every domino toppled (lying on the next or on the ground), and none passed through another:
    // they end in the order they stood.
    const std::vector<std::size_t> dominoes = j.dynamicBodies();
    float leastTipped = 10.0f;
    bool inOrder = true;
    for (std::size_t k = 0; k < dominoes.size(); ++k)
    {
        leastTipped = std::min(leastTipped, std::fabs(j.world().angle(j.body(dominoes[k]))));
        if (k > 0)
        {
            inOrder = inOrder && j.world().position(j.body(dominoes[k - 1])).x <
                                     j.world().position(j.body(dominoes[k])).x;
        }
    }
    const float tipped = 1.2f; // radians: leaning on the next domino is about 1.32
    j.check("toppled", leastTipped >= tipped && inOrder,
            format("least tipped domino at %.3f rad (at least %.2f); in order: %s", leastTipped, tipped,
                   inOrder ? "yes" : "no"));
}

void confinedRules(Judge& j)
{
    // The walls' inner faces: a circle whose centre crosses one is more than half in the wall.
    constexpr float kInner = 10.0f;
    constexpr float kFloor = 0.5f;
    constexpr float kCeiling = 20.0f;
    j.run();
    float worstOut = 0.0f;
    for (const std::size_t i : j.dynamicBodies())
    {
        const Aabb& range = j.centreRange(i);
        worstOut = std::max({worstOut, -kInner - range.lower.x, range.upper.x - kInner,
                             kFloor - range.lower.y, range.upper.y - kCeiling});
    }
    j.checkSpeed(kFloor, true);
    j.checkSettled(3.0f);
    j.check("contained", worstOut <= 0.0f,
            format("farthest any centre got past a wall's inner face: %.3f m (none may)",
                   std::max(0.0f, worstOut)));
}

// A heavy body dropped onto light supports: the supports carry it, it sinks into them by at most a
// few centimetres, and the supports stay where they were.
void heavyOnLight(Judge& j, const std::vector<std::size_t>& heavy, const std::vector<std::size_t>& light,
                  float structureHeight, float settleBy, float sinkFrom)
{
    const auto isLight = [&](std::size_t k)
    { return std::find(light.begin(), light.end(), k) != light.end(); };
    float sink = 0.0f;
    j.run(
        [&](float t)
        {
            if (t < sinkFrom)
            {
                return;
            }
            for (const std::size_t h : heavy)
            {
                sink = std::max(sink, j.overlapOf(h, isLight));
            }
        });
    j.checkSpeed(0.0f, false);
    j.checkFloor(0.0f);
    j.checkSettled(settleBy);
    j.check("sink", sink <= kHeavySink,
            format("deepest a heavy body sank into a light one after %.1f s: %.3f m (at most %.3f m)",
                   sinkFrom, sink, kHeavySink));
    // The supports hold: none slid out from under, tipped, or was pressed down into the rest.
    float drift = 0.0f;
    float driftLimit = 0.0f;
    float tilt = 0.0f;
    float pressed = 0.0f;
    for (const std::size_t i : light)
    {
        const SceneBody& b = j.scene().bodies[i];
        const Vec2 p = j.world().position(j.body(i));
        if (std::fabs(p.x - b.position.x) >= drift)
        {
            drift = std::fabs(p.x - b.position.x);
            driftLimit = kDriftFraction * widthOf(b);
        }
        tilt = std::max(tilt, std::fabs(j.world().angle(j.body(i)) - b.angle));
        pressed = std::max(pressed, b.position.y - p.y);
    }
    const float pressedLimit = kSinkFraction * structureHeight;
    const float tiltLimit = 0.1f;
    j.check(
        "carried", drift <= driftLimit && tilt <= tiltLimit && pressed <= pressedLimit,
        format("supports moved sideways %.3f m (at most %.3f), turned %.3f rad (at most %.2f), were pressed "
               "down %.3f m (at most %.3f)",
               drift, driftLimit, tilt, tiltLimit, pressed, pressedLimit));
}

void highMassRatio1Rules(Judge& j)
{
    std::vector<std::size_t> heavy;
    std::vector<std::size_t> light;
    for (const std::size_t i : j.dynamicBodies())
    {
        (j.scene().bodies[i].density > 1.0f ? heavy : light).push_back(i);
    }
    // Ten rows of 2 m boxes; the heavy boxes land about 0.6 s in.
    heavyOnLight(j, heavy, light, 20.0f, 4.0f, 1.0f);
}

void heavyOnTwoRules(Judge& j)
{
    const std::vector<std::size_t> bodies = j.dynamicBodies();
    const std::vector<std::size_t> light{bodies[0], bodies[1]};
    // The big box lands at 1.7 s (High Mass Ratio 2) or 0.7 s (3); its sink is judged once it has
    // had a second to come to rest.
    heavyOnLight(j, {bodies[2]}, light, 1.0f, 4.0f, 3.0f);
}

void overlapRecoveryRules(Judge& j)
{
    constexpr float kBy = 3.0f;
    float overlapAtBy = 0.0f;
    bool asleepAtBy = false;
    j.run(
        [&](float t)
        {
            if (std::fabs(t - kBy) < 0.5f * kStep)
            {
                overlapAtBy = j.deepestOverlap();
                asleepAtBy = true;
                for (const std::size_t i : j.dynamicBodies())
                {
                    asleepAtBy = asleepAtBy && !j.world().isAwake(j.body(i));
                }
            }
        });
    j.checkSpeed(0.0f, true);
    j.checkFloor(0.0f);
    j.checkSettled(kBy);
    j.check("recovered", overlapAtBy <= kRecoveredOverlap && asleepAtBy,
            format("at %.0f s: deepest overlap %.4f m (at most %.3f), all asleep: %s", kBy, overlapAtBy,
                   kRecoveredOverlap, asleepAtBy ? "yes" : "no"));
}

void frictionRampRules(Judge& j)
{
    j.run();
    const std::vector<std::size_t> boxes = j.dynamicBodies(); // frictions 0.75, 0.5, 0.35, 0.1, 0
    j.checkSpeed(0.0f, false);
    j.checkFloor(0.0f);
    // The third box's friction (0.265 mixed) beats the slope (0.255) by 4 %: whether it stops on the
    // top ramp or slides on slowly depends on how much friction acts while it lands, so neither is
    // a fault and it is judged by the speed and floor rules alone.
    j.checkSettled(18.0f, {boxes[2]});
    // The top ramp's surface is above y = 18 everywhere; the ground's is y = 0.
    const float holdAbove = 18.0f;
    const float slideBelow = 1.0f;
    const float y0 = j.world().position(j.body(boxes[0])).y;
    const float y1 = j.world().position(j.body(boxes[1])).y;
    const float y3 = j.world().position(j.body(boxes[3])).y;
    const float y4 = j.world().position(j.body(boxes[4])).y;
    j.check(
        "friction", std::min(y0, y1) > holdAbove && std::max(y3, y4) < slideBelow,
        format("sticky boxes end at y = %.2f and %.2f (above %.0f, on the top ramp); slippery ones at %.2f "
               "and %.2f (below %.0f, on the ground)",
               y0, y1, holdAbove, y3, y4, slideBelow));
}

void skinnyBoxRules(Judge& j)
{
    j.run();
    j.checkSpeed(0.0f, false);
    j.checkFloor(0.0f);
    j.checkSettled(4.0f);
    // A box that went through a post or into the ground is left embedded in it.
    const float embedded = j.deepestOverlap();
    j.check("no tunnelling", embedded <= kRestingOverlap,
            format("deepest overlap at the end: %.4f m (at most %.3f)", embedded, kRestingOverlap));
}

void sliverRules(Judge& j)
{
    constexpr float kPlateTop = 4.01f;
    constexpr float kPlateHalfWidth = 3.0f;
    j.run();
    // A body that went through the plate ends under it; one that skids off its end after landing
    // (a spinning plank can) ends beside it, and has not tunnelled.
    float lowestCentre = kPlateTop + 100.0f;
    for (const std::size_t i : j.dynamicBodies())
    {
        if (std::fabs(j.world().position(j.body(i)).x) <= kPlateHalfWidth)
        {
            lowestCentre = std::min(lowestCentre, j.centreRange(i).lower.y);
        }
    }
    j.checkSpeed(0.0f, false);
    // The plank meets the plate end first, tilted about 0.3 rad, at 100 m/s. A rigid plank pivots
    // about that end: keeping its angular momentum about it, with the end slipping at friction 0.6,
    // it leaves that impact at 18 to 21 m/s sideways (for 0.25 to 0.35 rad); an instant later its
    // other end slaps down at over 100 m/s, and that impact's friction can take the sideways speed
    // back. So it may stay on the 3 m plate or leave it, throw off what it strikes on the way (the
    // small spinning block), fall the 4 m to the ground (0.9 s), land and slide to rest there at
    // 0.6 g. Measured in soft step: it stays, all at rest by 0.4 s; while friction's lever ran from
    // the midpoint of a point found ahead of the plank, it was thrown at 12 m/s and the last body
    // came to rest at 2.8 s. 3.5 s leaves room for either. What stays on the plate stops at once.
    j.checkSettled(3.5f);
    j.check(
        "no tunnelling", lowestCentre > kPlateTop,
        format("lowest centre of a fired body that ends under the plate: y = %.4f (the plate's top is %.2f)",
               lowestCentre, kPlateTop));
}

void bulletsRules(Judge& j)
{
    constexpr float kWallFar = 10.05f;
    j.run();
    float farthest = -kWallFar;
    for (const std::size_t i : j.dynamicBodies())
    {
        farthest = std::max(farthest, j.centreRange(i).upper.x);
    }
    j.checkSpeed(0.0f, false);
    j.checkFloor(0.0f);
    // The bullets pile up at the wall and throw one another about: the 50 m/s ball, last to
    // arrive, is thrown 4 m up by the pile and lands at 2.9 s, and what it strikes on the floor
    // rolls on until 4 s (in soft step since a small body may turn an eighth of a turn a substep).
    // A ball knocked into rolling along the floor keeps rolling: nothing in the scene slows it.
    j.checkSettled(5.0f, j.ballsRollingOnTheFloor());
    j.check("no tunnelling", farthest < kWallFar,
            format("farthest bullet centre: x = %.3f (the wall's far face is %.2f)", farthest, kWallFar));
}

void restitutionThresholdRules(Judge& j)
{
    j.run();
    const std::vector<std::size_t> balls = j.dynamicBodies();
    j.checkSpeed(0.0f, false);
    j.checkFloor(0.0f);
    // The faster two leave at their own speed and never come back (there is no gravity).
    j.checkSettled(1.5f, {balls[2], balls[3]});
    // Below the threshold: at rest on the floor. Above it: back up at the approach speed.
    bool passed = true;
    std::string detail;
    for (const std::size_t i : balls)
    {
        const SceneBody& b = j.scene().bodies[i];
        const float approach = -b.linearVelocity.y;
        const float up = j.world().linearVelocity(j.body(i)).y;
        const bool bounces = approach > j.scene().world.restitutionThreshold;
        const bool ok = bounces ? std::fabs(up - approach) <= 0.05f * approach : std::fabs(up) <= 0.01f;
        passed = passed && ok;
        detail += format("%s%.1f m/s in, %.3f m/s out (%s)", detail.empty() ? "" : "; ", approach, up,
                         bounces ? "should bounce" : "should stop");
    }
    j.check("bounce", passed, detail);
}

const std::map<std::string_view, SceneRules>& rulesById()
{
    static const std::map<std::string_view, SceneRules> kRules{
        {"stack_of_boxes", standing(2.0f)},
        {"stack_of_circles", standing(2.0f)},
        {"tilted_stack", standing(2.0f)},
        {"card_house", cardHouseRules},
        {"double_domino", doubleDominoRules},
        {"confined", confinedRules},
        {"high_mass_ratio_1", highMassRatio1Rules},
        {"high_mass_ratio_2", heavyOnTwoRules},
        {"high_mass_ratio_3", heavyOnTwoRules},
        {"overlap_recovery", overlapRecoveryRules},
        {"tiny_pyramid", standing(3.0f)},
        {"friction_ramp", frictionRampRules},
        {"large_pyramid", standing(3.0f)},
        {"skinny_box", skinnyBoxRules},
        {"sliver", sliverRules},
        {"bullets", bulletsRules},
        {"restitution_threshold", restitutionThresholdRules},
    };
    return kRules;
}

} // namespace

std::vector<std::string> RobustnessVerdict::failedRules() const
{
    std::vector<std::string> out;
    for (const RuleCheck& c : checks)
    {
        if (!c.passed)
        {
            out.push_back(c.rule);
        }
    }
    return out;
}

std::string RobustnessVerdict::report() const
{
    std::string text;
    for (const RuleCheck& c : checks)
    {
        text += (c.passed ? "PASS " : "FAIL ") + c.rule + ": " + c.detail + "\n";
    }
    return text;
}

std::string_view solverName(Solver solver)
{
    return solver == Solver::Ngs ? "ngs" : "soft step";
}

RobustnessVerdict judgeRobustnessScene(const scenes::RobustnessScene& entry, Solver solver)
{
    const auto rules = rulesById().find(entry.id);
    if (rules == rulesById().end())
    {
        throw std::invalid_argument("no robustness rules for " + std::string(entry.id));
    }
    Judge judge(entry, solver);
    rules->second(judge);
    return std::move(judge).verdict();
}

std::vector<std::string> robustnessSceneIds()
{
    std::vector<std::string> ids;
    for (const scenes::RobustnessScene& e : scenes::robustnessScenes())
    {
        ids.emplace_back(e.id);
    }
    return ids;
}

const scenes::RobustnessScene& robustnessScene(std::string_view id)
{
    for (const scenes::RobustnessScene& e : scenes::robustnessScenes())
    {
        if (e.id == id)
        {
            return e;
        }
    }
    throw std::invalid_argument("no robustness scene " + std::string(id));
}

bool tooSlowUnoptimised(std::string_view sceneId)
{
#ifdef NDEBUG
    static_cast<void>(sceneId);
    return false;
#else
    return sceneId == "large_pyramid";
#endif
}

bool hasRobustnessRules(std::string_view sceneId)
{
    return rulesById().contains(sceneId);
}

const std::vector<KnownFailure>& knownNgsFailures()
{
    // Measured at 60 Hz with 8 velocity and 3 position iterations. ngs solves each contact against
    // its neighbours' last impulses and corrects overlap by moving bodies, so a heavy body on light
    // ones, tall structures and deep overlaps are where it gives way.
    static const std::vector<KnownFailure> kFailures{
        // The leaning columns rock on their edges and do not come to rest.
        {"tilted_stack", {"settled", "stands"}},
        // The top pair of cards slides apart and the house falls. It stands at 16 velocity
        // iterations and falls at 4, 8, 10, 12 and 30: where it stood at 8 before the manifold
        // held corner-to-corner contacts between cards, it stood by luck.
        {"card_house", {"settled", "stands"}},
        // Position correction shoves the packed circles apart at 7 m/s a frame and never stops
        // shuffling them.
        {"confined", {"speed", "settled"}},
        // The 1,200 kg box crushes its pyramid and light boxes are shot out through the ground.
        {"high_mass_ratio_1", {"speed", "floor", "settled", "sink", "carried"}},
        // The big box drives the small ones into the ground and all three are thrown back up.
        {"high_mass_ratio_2", {"speed", "floor", "settled", "sink", "carried"}},
        {"high_mass_ratio_3", {"speed", "floor", "settled", "sink", "carried"}},
        // Position correction pushes the bottom row 15 cm into the ground and leaves 1.4 cm overlap.
        {"overlap_recovery", {"floor", "recovered"}},
        // Each 5 cm box settles a linear slop (5 mm) into the one below: the pyramid shrinks 7 cm.
        {"tiny_pyramid", {"stands"}},
        // The 100 rows sag 1.3 m, sway 0.5 m and are still bouncing at the end.
        {"large_pyramid", {"settled", "stands"}},
    };
    return kFailures;
}

const std::vector<KnownFailure>& knownSoftStepFailures()
{
    // Measured at 60 Hz, 4 substeps, contact hertz 30, damping ratio 10, push 3 m/s. Box2D v3 at
    // the same settings sags 6.7 cm on the tiny pyramid (its soft contacts are springs, pressed in
    // by their load over their effective mass), and sinks 7 to 9 cm in High Mass Ratio 1 to 3,
    // which soft step passes with its stack support.
    static const std::vector<KnownFailure> kFailures{
        // The leaning columns lean further under their soft contacts (0.3 m at the top) and are
        // still moving at 3 s; Box2D v3's as far with its contact recycling off.
        {"tilted_stack", {"settled", "stands"}},
        // Circles created half into their neighbours are pushed apart by several contacts at once,
        // faster than the push limit of one.
        {"confined", {"speed"}},
        // 30 rows of 5 cm boxes sag 6.8 cm at the top.
        {"tiny_pyramid", {"stands"}},
        // Boxes on the flanks (rows near 40, 30 m out) still move at 0.11 m/s at 4 s, as Box2D
        // v3's do (0.10 m/s); the top stays within 2 cm.
        {"large_pyramid", {"settled"}},
    };
    return kFailures;
}

const KnownFailure* knownFailureOf(const std::vector<KnownFailure>& table, std::string_view id)
{
    for (const KnownFailure& f : table)
    {
        if (f.scene == id)
        {
            return &f;
        }
    }
    return nullptr;
}

std::vector<std::string> sceneIdsListed(const std::vector<KnownFailure>& table, bool listed)
{
    std::vector<std::string> ids;
    for (const scenes::RobustnessScene& e : scenes::robustnessScenes())
    {
        if ((knownFailureOf(table, e.id) != nullptr) == listed)
        {
            ids.emplace_back(e.id);
        }
    }
    return ids;
}

void expectExactlyTheKnownFailures(const RobustnessVerdict& verdict, const KnownFailure& known,
                                   std::string_view table)
{
    const std::vector<std::string> failed = verdict.failedRules();
    for (const std::string_view rule : known.rules)
    {
        EXPECT_TRUE(std::find(failed.begin(), failed.end(), rule) != failed.end())
            << known.scene << " now passes rule '" << rule << "': take it out of " << table << "\n"
            << verdict.report();
    }
    for (const std::string& rule : failed)
    {
        EXPECT_TRUE(std::find(known.rules.begin(), known.rules.end(), rule) != known.rules.end())
            << known.scene << " fails rule '" << rule << "', which " << table << " does not list\n"
            << verdict.report();
    }
}

} // namespace oblique::test
