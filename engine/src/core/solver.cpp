// The step: World::step runs these stages in order, each a function over the step context.
//   find pairs      broad phase: contacts for the proxies that moved       (broad_phase.cpp)
//   collide         manifolds, touch events, sensor events                 (contact.cpp)
//   islands         union-find over active contacts and joints; waking     (island.cpp)
//   gather bodies   the awake bodies into the solver's arrays, and their contacts (here)
//   solve           the world's solver, one of:
//     ngs           integrate velocities, prepare, warm start, solve velocities, integrate
//                   positions, solve positions, restore bounces, store and report impulses
//                                                                          (contact_solver.cpp)
//     soft step     colour (constraint_graph.cpp), prepare; per substep: integrate velocities,
//                   warm start, solve, support heavy bodies on light ones (stack_support.cpp),
//                   integrate positions, relax; then restore bounces, store and report impulses
//                                                                          (soft_contact_solver.cpp)
//   finish bodies   poses and velocities back into the world               (here)
//   break joints    those past their break force or torque                 (joint.cpp)
//   sleep                                                                  (island.cpp)
//   refit proxies   broad phase                                            (broad_phase.cpp)
// Contacts are one kind of constraint, joints another (joint.cpp, one file per type): joints
// are prepared, warm started and solved before the contacts in every stage, one at a time in
// index order (soft step's plain hinges then four at a time: wide_joint_solver.cpp); ngs corrects
// their positions after the contacts'.

#include "oblique/world.hpp"
#include "parallel_for.hpp"
#include "rots.hpp"
#include "step_context.hpp"
#include "team.hpp"
#include "validation.hpp"
#include "world_state.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>

namespace oblique
{

using namespace detail;

namespace
{

using Clock = std::chrono::steady_clock;

float millisecondsSince(Clock::time_point start)
{
    return std::chrono::duration<float, std::milli>(Clock::now() - start).count();
}

// The solver's slot for one awake body: its velocity, pose and forces.
void gatherBody(WorldState& w, std::uint32_t body, std::size_t slot, float integrations)
{
    SolverBodies& bodies = w.solverBodies;
    const BodyRecord& r = w.records[body];
    const BodyState& s = w.states[body];
    const Vec2 gravity = w.def.gravity;
    SolverVelocity sv{s.v, s.w, 0.0f, 0.0f};
    SolverForces forces;
    if (r.type == BodyType::Dynamic)
    {
        sv.invMass = r.invMass;
        sv.invInertia = r.invInertia;
        forces = {r.gravityScale * gravity + r.invMass * r.force,
                  r.invInertia,
                  r.torque,
                  r.linearDamping,
                  r.angularDamping,
                  true};
    }
    forces.turnCap = stepTurnCap(w.def.solver, w.def.subSteps, r) / integrations;
    bodies.slotOf[body] = static_cast<std::int32_t>(slot);
    bodies.velocities[slot] = sv;
    bodies.poses[slot] = {s.center, s.angle, s.q};
    bodies.deltas[slot] = {};
    bodies.forces[slot] = forces;
    bodies.gravities[slot] = r.type == BodyType::Dynamic && r.awake ? r.gravityScale * gravity : Vec2{};
}

// Each array one slot per awake body and slot 0. Sized only when the count changes, so that a
// step with the same bodies writes each slot once.
void sizeSlots(SolverBodies& bodies, std::size_t count)
{
    bodies.velocities.resize(count);
    bodies.poses.resize(count);
    bodies.deltas.resize(count);
    bodies.forces.resize(count);
    bodies.gravities.resize(count);
}

// Gathers the awake bodies into the solver's arrays, in slot order, over the workers (each slot
// and each body's slotOf entry written by one).
void gatherBodies(StepContext& ctx)
{
    WorldState& w = ctx.world;
    SolverBodies& bodies = w.solverBodies;
    // Slot 0 stands for every body the solver does not move. It is set afresh each step: a step
    // that blew up (an impulse of infinity times its zero inverse mass) must not leave a NaN in it
    // for every later step, nor may a restored snapshot step differently from the world it came from.
    sizeSlots(bodies, w.awakeBodies.size() + 1);
    bodies.velocities[0] = {};
    bodies.poses[0] = {};
    bodies.deltas[0] = {};
    bodies.forces[0] = {};
    bodies.gravities[0] = {};
    // The bodies gathered last step go back to slot 0 (the awake ones are given theirs again);
    // when bodies were added, every body does.
    if (bodies.slotOf.size() != w.records.size())
    {
        bodies.slotOf.reserve(w.records.capacity());
        bodies.slotOf.assign(w.records.size(), 0);
    }
    else
    {
        for (const std::uint32_t i : bodies.toBody)
        {
            bodies.slotOf[i] = 0;
        }
    }
    // In slot order: the solver's order. Only a step that woke bodies leaves the list unsorted.
    if (!std::is_sorted(w.awakeBodies.begin(), w.awakeBodies.end()))
    {
        std::sort(w.awakeBodies.begin(), w.awakeBodies.end());
    }
    std::swap(bodies.toBody, bodies.lastToBody);
    bodies.toBody.assign(w.awakeBodies.begin(), w.awakeBodies.end());
    const float integrations = w.def.solver == Solver::Ngs ? 1.0f : static_cast<float>(w.def.subSteps);
    parallelFor(w.def.tasks, static_cast<int>(w.awakeBodies.size()), kBodiesPerTask,
                [&w, integrations](int begin, int end)
                {
                    for (int k = begin; k < end; ++k)
                    {
                        const auto slot = static_cast<std::size_t>(k);
                        gatherBody(w, w.awakeBodies[slot], slot + 1, integrations);
                    }
                });
    bodies.sameBodies = bodies.toBody == bodies.lastToBody;
}

// The contacts the solver may work on: those of the gathered bodies, and those still in the
// constraint graph (to be taken out when their bodies fell asleep). Every contact while no body
// sleeps.
void gatherSolverContacts(StepContext& ctx)
{
    WorldState& w = ctx.world;
    ContactSet& set = w.solverContacts;
    if (!w.islands.anyAsleep)
    {
        set.fill(w.contacts.size());
        return;
    }
    set.clear(w.contacts.size());
    for (const std::uint32_t body : w.solverBodies.toBody)
    {
        insertContactsOf(w, set, body);
    }
    for (const GraphColor& color : w.graph.colors)
    {
        for (const std::int32_t c : color.contacts)
        {
            set.insert(c);
        }
    }
    for (const std::int32_t c : w.graph.overflow)
    {
        set.insert(c);
    }
}

// Gravity, forces and damping over dt (a step, or a substep of soft step).
void integrateVelocity(SolverBodies& bodies, std::size_t i, float dt)
{
    const SolverForces& f = bodies.forces[i];
    if (!f.dynamic)
    {
        return;
    }
    SolverVelocity& sv = bodies.velocities[i];
    sv.v += dt * f.acceleration;
    sv.w += dt * f.invInertia * f.torque;
    // Implicit damping: stable for any damping and step.
    sv.v *= 1.0f / (1.0f + dt * f.linearDamping);
    sv.w *= 1.0f / (1.0f + dt * f.angularDamping);
}

void integrateVelocities(StepContext& ctx, float dt)
{
    SolverBodies& bodies = ctx.world.solverBodies;
    // Slot 0 is the immovable body: the items are slots 1 to the end.
    const int bodyCount = static_cast<int>(bodies.velocities.size()) - 1;
    parallelFor(ctx.world.def.tasks, bodyCount, kBodiesPerTask,
                [&bodies, dt](int begin, int end)
                {
                    for (int i = begin + 1; i <= end; ++i)
                    {
                        integrateVelocity(bodies, static_cast<std::size_t>(i), dt);
                    }
                });
}

// Constraint stages: every kind of constraint, in turn (joints before contacts).
void prepareConstraints(StepContext& ctx)
{
    prepareJoints(ctx);
    prepareContacts(ctx);
}

void warmStart(StepContext& ctx)
{
    warmStartJoints(ctx);
    warmStartContacts(ctx);
}

void solveVelocities(StepContext& ctx)
{
    for (int it = 0; it < ctx.velocityIterations; ++it)
    {
        solveJoints(ctx);
        solveContactVelocities(ctx);
    }
    finishContactVelocities(ctx);
}

// The most a body may move over one integration (a step or a substep): the translation, and the
// turn no body is held below (each body's own cap is SolverForces::turnCap).
struct MotionCaps
{
    float translation = 0.0f;
    float rotation = 0.0f;
};

// The solver's caps of a step split over subSteps.
MotionCaps motionCaps(Solver solver, int subSteps)
{
    const float n = static_cast<float>(subSteps);
    return {kMaxTranslation / n, leastStepTurnCap(solver) / n};
}

// One body's move over dt (below); its pose's rotation is turned only where turnPose asks.
template <bool kKeepDeltas>
void integratePosition(SolverBodies& bodies, std::size_t i, float dt, const MotionCaps& caps, bool turnPose)
{
    SolverVelocity& v = bodies.velocities[i];
    SolverPose& p = bodies.poses[i];
    const Vec2 translation = dt * v.v;
    if (lengthSquared(translation) > caps.translation * caps.translation)
    {
        v.v *= caps.translation / length(translation);
    }
    const float rotation = dt * v.w;
    if (rotation * rotation > caps.rotation * caps.rotation)
    {
        // Read only past the common cap: the forces are not otherwise streamed here.
        const float cap = bodies.forces[i].turnCap;
        if (rotation * rotation > cap * cap)
        {
            v.w *= cap / std::fabs(rotation);
        }
    }
    p.c += dt * v.v;
    p.a += dt * v.w;
    if (turnPose)
    {
        p.q = advance(p.q, dt * v.w);
    }
    if constexpr (kKeepDeltas)
    {
        SolverDelta& d = bodies.deltas[i];
        d.dp += dt * v.v;
        d.dq = advance(d.dq, dt * v.w);
    }
}

// Debug builds make the poses' rotations not a number where the moves will not turn them, so
// that a reader the step does not expect fails loudly instead of reading the step's first ones.
void poisonUnturnedRotations([[maybe_unused]] StepContext& ctx)
{
#ifndef NDEBUG
    if (ctx.posesTurn)
    {
        return;
    }
    std::vector<SolverPose>& poses = ctx.world.solverBodies.poses;
    for (std::size_t i = 1; i < poses.size(); ++i)
    {
        poses[i].q = {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::quiet_NaN()};
    }
#endif
}

// Moves the bodies by their velocities over dt, capping the motion so nothing tunnels wildly on a
// bad frame (the caps are per whole step, shared among its substeps). Soft step also keeps each
// body's motion since the step began.
template <bool kKeepDeltas>
void integratePositions(StepContext& ctx, float dt, const MotionCaps& caps)
{
    SolverBodies& bodies = ctx.world.solverBodies;
    ++bodies.poseVersion;
    const int bodyCount = static_cast<int>(bodies.velocities.size()) - 1;
    const bool turnPoses = ctx.posesTurn;
    parallelFor(ctx.world.def.tasks, bodyCount, kBodiesPerTask,
                [&](int begin, int end)
                {
                    for (int i = begin + 1; i <= end; ++i)
                    {
                        integratePosition<kKeepDeltas>(bodies, static_cast<std::size_t>(i), dt, caps,
                                                       turnPoses);
                    }
                });
}

void solvePositions(StepContext& ctx)
{
    ctx.positionSolved = ctx.positionIterations == 0 && ctx.world.contactSolver.constraints.empty() &&
                         ctx.world.joints.solved.empty();
    for (int it = 0; it < ctx.positionIterations; ++it)
    {
        // Stop early once every contact is within a few slops and every joint within its slops:
        // further passes would only jitter.
        const bool contactsSolved = solveContactPositions(ctx) >= -3.0f * kLinearSlop;
        const bool jointsSolved = solveJointPositions(ctx);
        if (contactsSolved && jointsSolved)
        {
            ctx.positionSolved = true;
            break;
        }
    }
}

void storeImpulses(StepContext& ctx)
{
    storeJointImpulses(ctx);
    storeContactImpulses(ctx);
    if (ctx.world.def.impulseEvents)
    {
        reportContactImpulses(ctx);
    }
}

// Whether a dynamic body ends the step at another velocity than its forces alone give it, by more
// than the sleep tolerance along a line or at its farthest point in a turn (constraints, damping
// or a speed cap moved it).
bool wasSteered(const SolverForces& f, const BodyState& start, const SolverVelocity& end, float extent,
                float dt)
{
    if (!f.dynamic)
    {
        return false;
    }
    const Vec2 dv = end.v - (start.v + dt * f.acceleration);
    const float dw = end.w - (start.w + dt * f.invInertia * f.torque);
    return lengthSquared(dv) > kLinearSleepTolerance * kLinearSleepTolerance ||
           std::fabs(dw) * extent > kLinearSleepTolerance;
}

// Whether a solver slot's pose and velocity may enter the world: finite and inside its limit.
bool inRange(const SolverPose& p, const SolverVelocity& v)
{
    return isFinite(p.c) && std::isfinite(p.a) && isFinite(v.v) && std::isfinite(v.w) &&
           std::fabs(p.c.x) <= kWorldLimit && std::fabs(p.c.y) <= kWorldLimit;
}

// Writes solver slot i's pose (its rotation q worked out already) and velocity back to its body.
// False, and the body stopped where it was, when the slot left range.
bool finishSlot(StepContext& ctx, std::size_t i, Rot q)
{
    WorldState& w = ctx.world;
    const SolverBodies& bodies = w.solverBodies;
    const SolverVelocity& v = bodies.velocities[i];
    const SolverPose& p = bodies.poses[i];
    const std::uint32_t index = bodies.toBody[i - 1];
    BodyState& s = w.states[index];
    BodyRecord& r = w.records[index];
    r.force = {};
    r.torque = 0.0f;
    if (!inRange(p, v))
    {
        s.v = {};
        s.w = 0.0f;
        return false;
    }
    r.steered = wasSteered(bodies.forces[i], s, v, r.maxExtent, ctx.dt);
    s.center = p.c;
    s.angle = p.a;
    s.q = q;
    s.position = originOf(p.c, s.q, r.localCenter);
    s.v = v.v;
    s.w = v.w;
    return true;
}

// finishBodies for the solver slots [begin, end): each writes only its own body. True when one of
// them was out of range. The rotations a block of slots at a time: makeRots works several at once,
// with the bits makeRot would give each.
bool finishSlots(StepContext& ctx, int begin, int end)
{
    const std::vector<SolverPose>& poses = ctx.world.solverBodies.poses;
    constexpr std::size_t kBlock = 64;
    std::array<float, kBlock> angles{};
    std::array<Rot, kBlock> rotations{};
    bool anyOutOfRange = false;
    for (auto first = static_cast<std::size_t>(begin); first < static_cast<std::size_t>(end); first += kBlock)
    {
        const std::size_t count = std::min(kBlock, static_cast<std::size_t>(end) - first);
        for (std::size_t j = 0; j < count; ++j)
        {
            angles[j] = poses[first + j].a;
        }
        makeRots(angles.data(), rotations.data(), count);
        for (std::size_t j = 0; j < count; ++j)
        {
            anyOutOfRange = !finishSlot(ctx, first + j, rotations[j]) || anyOutOfRange;
        }
    }
    return anyOutOfRange;
}

// Writes the solver's poses and velocities back to the bodies, spread over the task system's
// workers. Nothing non-finite ever enters the world: a body whose step would leave float range
// (absurd forces, gravity, or a partner that did) keeps its last pose, stops, and is reported
// (in slot order, on the calling thread) instead of being lost silently.
void finishBodies(StepContext& ctx)
{
    WorldState& w = ctx.world;
    const SolverBodies& bodies = w.solverBodies;
    const int bodyCount = static_cast<int>(bodies.velocities.size()) - 1;
    std::atomic<bool> anyOutOfRange{false};
    parallelFor(w.def.tasks, bodyCount, kBodiesPerTask,
                [&](int begin, int end)
                {
                    if (finishSlots(ctx, begin + 1, end + 1))
                    {
                        anyOutOfRange.store(true, std::memory_order_relaxed);
                    }
                });
    for (std::size_t i = 1;
         anyOutOfRange.load(std::memory_order_relaxed) && i <= static_cast<std::size_t>(bodyCount); ++i)
    {
        if (!inRange(bodies.poses[i], bodies.velocities[i]))
        {
            w.outOfRange.push_back(w.idOf(bodies.toBody[i - 1]));
        }
    }
}

// Box2D 2.4's method: one velocity solve of the whole step, then position correction.
void solveNgs(StepContext& ctx)
{
    // Joints read these: ngs is one substep whose velocity passes never push.
    ctx.h = ctx.dt;
    ctx.invH = ctx.invDt;
    ctx.useBias = false;
    // The graph is not kept in this solver: a later soft step looks at every contact.
    ctx.world.graph.sweepNeeded = true;
    integrateVelocities(ctx, ctx.dt);
    prepareConstraints(ctx);
    warmStart(ctx);
    solveVelocities(ctx);
    integratePositions<false>(ctx, ctx.dt, motionCaps(Solver::Ngs, 1));
    solvePositions(ctx);
    restoreContactBounces(ctx);
    storeImpulses(ctx);
}

// Soft step (Box2D v3's method): constraints prepared once, then each substep integrates
// velocities, warm starts, solves with a soft push toward the current separations, moves the
// bodies and solves again without the push (relax), so the push adds no energy. The relax pass
// also brings joints' shared points that came apart past a slop back to it. Where a body rests on
// one much lighter, the stack support stops it on its supports before the bodies move.
void solveSoftStep(StepContext& ctx)
{
    const WorldDef& def = ctx.world.def;
    ctx.subSteps = def.subSteps;
    ctx.posesMoveBetweenPasses = true;
    ctx.h = ctx.dt / static_cast<float>(def.subSteps);
    ctx.invH = 1.0f / ctx.h;
    // Stiffer than a quarter of the substep rate, a soft contact would only ring.
    const float hertz = std::min(def.contactHertz, 0.25f * ctx.invH);
    ctx.contactSoftness = makeSoftness(hertz, def.contactDampingRatio, ctx.h);
    ctx.staticSoftness = makeSoftness(2.0f * hertz, def.contactDampingRatio, ctx.h);
    ctx.jointSoftness = makeSoftness(std::min(kJointHertz, 0.25f * ctx.invH), kJointDampingRatio, ctx.h);
    ctx.pushMaxSpeed = def.contactPushMaxSpeed;
    const MotionCaps caps = motionCaps(Solver::SoftStep, def.subSteps);

    updateConstraintGraph(ctx.world);
    prepareJoints(ctx);
    buildJointTrees(ctx);
    buildWideJoints(ctx);
    prepareSoftContacts(ctx);
    prepareStackSupport(ctx);
    ctx.posesTurn = !ctx.world.joints.solved.empty() || ctx.world.contactSolver.hasBounces;
    poisonUnturnedRotations(ctx);
    for (int i = 0; i < ctx.subSteps; ++i)
    {
        integrateVelocities(ctx, ctx.h);
        warmStartJoints(ctx);
        warmStartSoftContacts(ctx);
        ctx.useBias = true;
        solveJoints(ctx);
        solveSoftContacts(ctx);
        solveJointTrees(ctx);
        solveStackSupport(ctx);
        integratePositions<true>(ctx, ctx.h, caps);
        ctx.useBias = false;
        ctx.projectJoints = true;
        projectJointTrees(ctx);
        solveJoints(ctx);
        solveSoftContacts(ctx);
        solveJointTrees(ctx);
        ctx.projectJoints = false;
    }
    restoreSoftBounces(ctx);
    storeJointImpulses(ctx);
    storeSoftImpulses(ctx);
    if (ctx.world.def.impulseEvents)
    {
        reportSoftImpulses(ctx);
    }
}

void solve(StepContext& ctx)
{
    buildIslands(ctx);
    gatherBodies(ctx);
    gatherSolverContacts(ctx);
    if (ctx.world.def.solver == Solver::Ngs)
    {
        solveNgs(ctx);
    }
    else
    {
        solveSoftStep(ctx);
    }
    finishBodies(ctx);
    breakJoints(ctx);
    updateSleep(ctx);
}

void countWork(WorldState& w)
{
    w.profile.bodyCount = w.bodyCount;
    w.profile.awakeBodyCount = static_cast<int>(w.solverBodies.toBody.size());
    w.profile.contactCount = w.contactCount;
    w.profile.touchingCount = w.touchingContacts;
    w.profile.solvedCount = w.def.solver == Solver::Ngs ? static_cast<int>(w.contactSolver.constraints.size())
                                                        : w.contactSolver.softCount;
    w.profile.recycledCount = w.recycledContacts;
    w.profile.apartCount = w.apartContacts;
}

} // namespace

void World::step(float dt)
{
    step(dt, m_impl->def.velocityIterations, m_impl->def.positionIterations);
}

void World::step(float dt, int velocityIterations, int positionIterations)
{
    m_impl->checkNotInCallback("step");
    if (!std::isfinite(dt) || !(dt > 0.0f))
    {
        fail("step", "dt must be finite and > 0");
    }
    validateIterations("step", velocityIterations, positionIterations);
    WorldState& w = *m_impl;
    const Clock::time_point start = Clock::now();
    w.clearEvents();

    float broadphase = 0.0f;
    auto findAndCollide = [&]
    {
        Clock::time_point t = Clock::now();
        w.updatePairs();
        broadphase = millisecondsSince(t);

        t = Clock::now();
        w.collide(dt);
        w.profile.narrowphase = millisecondsSince(t);
    };
    auto solveAndRefit = [&]
    {
        Clock::time_point t = Clock::now();
        StepContext ctx{.world = w};
        ctx.dt = dt;
        ctx.invDt = 1.0f / dt;
        const float dtRatio = w.previousDt > 0.0f ? dt / w.previousDt : 0.0f;
        ctx.warmStartScale = w.def.warmStarting ? dtRatio : 0.0f;
        ctx.velocityIterations = velocityIterations;
        ctx.positionIterations = positionIterations;
        solve(ctx);
        w.profile.solver = millisecondsSince(t);

        t = Clock::now();
        w.synchronize(dt);
        broadphase += millisecondsSince(t);
    };
    // Past the pre-solve callback (the narrow phase's) no user code runs, so the rest of the step
    // runs as one team (team.hpp): some sixty loops a step, each a few microseconds of work,
    // without a task system call or a worker woken for each. Without the callback the whole step
    // does: the workers are woken once a step, not once for the narrow phase and again for the
    // solver.
    if (w.preSolve)
    {
        findAndCollide();
        runAsTeam(w.def.tasks, solveAndRefit);
    }
    else
    {
        runAsTeam(w.def.tasks,
                  [&]
                  {
                      findAndCollide();
                      solveAndRefit();
                  });
    }
    w.profile.broadphase = broadphase;
    w.previousDt = dt;
    w.profile.step = millisecondsSince(start);
    countWork(w);
}

void World::updateContacts()
{
    WorldState& w = *m_impl;
    w.checkNotInCallback("updateContacts");
    w.beginEvents.clear();
    w.endEvents.clear();
    w.sensorBeginEvents.clear();
    w.sensorEndEvents.clear();
    w.updatePairs();
    w.collide(0.0f);
}

} // namespace oblique
