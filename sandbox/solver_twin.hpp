#pragma once
// Two solvers side by side: a twin of the sandbox's world, copied from it by snapshot, that steps
// in lockstep with other solver settings (the other solver, or other substeps or iterations), is
// drawn as outlines over it, and measures after every step how far each body has gone apart.

#include "oblique/debug_draw.hpp"
#include "oblique/world.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace oblique::sandbox
{

// What the twin solves with; every other setting is the main world's.
struct TwinSettings
{
    Solver solver = Solver::Ngs;
    int subSteps = 4;           // soft step
    int velocityIterations = 8; // ngs
    int positionIterations = 3; // ngs
};

// The twin a world is compared with by default: its settings with the other solver.
TwinSettings otherSolver(const WorldDef& main);
// The main world's settings with the twin's solver settings in place of its own.
WorldDef twinWorldDef(const WorldDef& main, const TwinSettings& twin);
// "ngs, 8 velocity / 3 position iter." or "soft step, 4 substeps".
std::string twinLabel(const TwinSettings& twin);

// Reads --twin's value: "ngs" or "soft", optionally followed by ":N", ngs's velocity iterations
// or soft step's substeps (1 to 100), the other numbers taken from main. Returns nothing, with
// the reason in error, for anything else.
std::optional<TwinSettings> parseTwinSpec(std::string_view spec, const WorldDef& main, std::string& error);

class SolverTwin
{
public:
    // Copies the main world as it is now (bodies, joints, contacts and their warm starts) and
    // gives the copy the twin's solver settings. A pre-solve callback is code and is not copied.
    void start(const World& main, const TwinSettings& settings);
    void stop();
    bool isRunning() const { return m_running; }
    const TwinSettings& settings() const { return m_settings; }
    const World& world() const { return m_world; }

    // Before each of the main world's steps: kinematic bodies are driven by their scene, so their
    // copies take the same pose and velocity.
    void syncKinematic(const World& main);
    // After each of the main world's steps: one step of the same length, then the differences.
    void step(const World& main, float dt);
    // The panel changed the main world's settings: the twin follows those that are not its own
    // (gravity, sleeping, warm starting, soft contact tuning).
    void followMainSettings(const WorldDef& main);

    // The main world was changed by hand: the twin no longer started from the same place (start
    // again from the main world to re-sync).
    void markDiverged(const std::string& reason);
    bool isDiverged() const { return m_diverged; }
    const std::string& divergedReason() const { return m_divergedReason; }

    // After the last step: the largest distance between a body's position in the two worlds and
    // that body (a null handle before the first step), the largest angle difference (radians),
    // and the steps taken since start().
    float maxDifference() const { return m_maxDifference; }
    BodyId maxDifferenceBody() const { return m_maxDifferenceBody; }
    float maxAngleDifference() const { return m_maxAngleDifference; }
    int stepCount() const { return m_stepCount; }

    // The twin's bodies as outlines.
    void draw(DebugDraw& drawer) const;

private:
    void measure(const World& main);

    World m_world;
    TwinSettings m_settings;
    bool m_running = false;
    bool m_diverged = false;
    std::string m_divergedReason;
    float m_maxDifference = 0.0f;
    BodyId m_maxDifferenceBody;
    float m_maxAngleDifference = 0.0f;
    int m_stepCount = 0;
};

// The colour the twin's outlines are drawn in (lime: apart from Box2D's cyan and the tools' orange).
inline constexpr Color kTwinColor{0.6f, 1.0f, 0.3f, 0.9f};

} // namespace oblique::sandbox
