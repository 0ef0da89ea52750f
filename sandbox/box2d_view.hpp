#pragma once
// Box2D side by side: the current scene run in Box2D 2.4 in lockstep with the sandbox's world,
// drawn as ghost outlines over it, with the largest position difference measured every step.
// Only this view links Box2D; the sandbox's own physics never does.

#include "oblique/debug_draw.hpp"
#include "oblique/scene.hpp"
#include "oblique/world.hpp"

#include <memory>
#include <string>
#include <vector>

namespace oblique::sandbox
{

class Box2dView
{
public:
    Box2dView();
    ~Box2dView();
    Box2dView(const Box2dView&) = delete;
    Box2dView& operator=(const Box2dView&) = delete;

    // Whether the sandbox was built with Box2D.
    static bool isAvailable();

    // Builds Box2D's world from the scene, with the settings the sandbox's world runs with (the
    // panel may have changed them). The world must be the scene's instance, fresh.
    void start(const Scene& scene, const WorldDef& settings);
    // Drops Box2D's world.
    void stop();
    bool isRunning() const;

    // Before each of the sandbox's steps: kinematic bodies are driven by their scene (the tumbler
    // turns its walls), so Box2D's copies take the same pose and velocity.
    void syncKinematic(const World& world, const std::vector<BodyId>& bodies);
    // After each of the sandbox's steps: one Box2D step of the same length, then the divergence.
    void step(const World& world, const std::vector<BodyId>& bodies);
    // Follows a settings change made in the panel; iteration counts cannot change in a running
    // Box2D world here, and Box2D 2.4 has no other solver to switch to, so changes of iterations,
    // of the engine's solver or of the soft step settings it runs with mark the run as diverged.
    void applySettings(const WorldDef& settings);

    // The sandbox's world was changed by hand (a body spawned, dragged, edited): the two runs no
    // longer start from the same place. A restart re-syncs them.
    void markDiverged(const std::string& reason);
    bool isDiverged() const { return m_diverged; }
    const std::string& divergedReason() const { return m_divergedReason; }

    // The largest distance between a body's position here and in Box2D after the last step, and
    // the scene index of that body (-1 before the first step).
    float maxDivergence() const { return m_maxDivergence; }
    int maxDivergenceBody() const { return m_maxDivergenceBody; }
    int stepCount() const { return m_stepCount; }

    // Box2D's bodies as thin outlines.
    void draw(DebugDraw& drawer) const;
    // One of Box2D's bodies, by scene index, in a colour of its own (nothing for an index it lacks).
    void drawBody(DebugDraw& drawer, int index, Color color) const;

    // Why start() failed, or empty.
    const std::string& error() const { return m_error; }

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
    WorldDef m_settings;
    bool m_diverged = false;
    std::string m_divergedReason;
    float m_maxDivergence = 0.0f;
    int m_maxDivergenceBody = -1;
    int m_stepCount = 0;
    std::string m_error;
};

// The colour Box2D's ghosts are drawn in.
inline constexpr Color kGhostColor{0.3f, 0.85f, 1.0f, 0.9f};

} // namespace oblique::sandbox
