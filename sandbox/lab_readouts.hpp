#pragma once
// The numbers the sandbox's Readouts section shows, kept apart from the panel so tests can check
// them: statistics over a window of recent steps, the step profile kept that way, and two cheap
// signals of a world going unstable (its kinetic energy and its deepest overlap).

#include "oblique/profile.hpp"
#include "oblique/world.hpp"

#include <array>
#include <vector>

namespace oblique::sandbox
{

// The last `capacity` values added: the latest, their mean and their largest. Box2D's testbed
// keeps its step timings this way, so a spike shows as the maximum for a while and the mean stays
// steady.
class WindowStats
{
public:
    // Throws std::invalid_argument when capacity is below 1.
    explicit WindowStats(int capacity = 100);

    void add(float value);
    // Forgets every value; the capacity stays.
    void reset();

    int capacity() const { return static_cast<int>(m_values.size()); }
    // How many values the window holds now (at most capacity()).
    int count() const { return m_count; }
    // 0 while the window is empty.
    float current() const;
    float average() const;
    float max() const;

private:
    std::vector<float> m_values; // a ring: m_next is where the next value goes
    int m_next = 0;
    int m_count = 0;
};

// The stages of the step profile the readouts follow, in the order they are shown.
enum class ProfileStage
{
    Step,
    Broadphase,
    Narrowphase,
    Solver,
};
inline constexpr std::array<ProfileStage, 4> kProfileStages{ProfileStage::Step, ProfileStage::Broadphase,
                                                            ProfileStage::Narrowphase, ProfileStage::Solver};

const char* stageLabel(ProfileStage stage);
float stageMilliseconds(const Profile& profile, ProfileStage stage);

// One WindowStats per stage, fed one Profile a step.
class ProfileWindow
{
public:
    explicit ProfileWindow(int capacity = 100);

    void add(const Profile& profile);
    void reset();
    const WindowStats& stage(ProfileStage stage) const { return m_stages[static_cast<std::size_t>(stage)]; }

private:
    std::array<WindowStats, kProfileStages.size()> m_stages;
};

// Joules: 1/2 m v^2 + 1/2 I w^2 summed over the enabled dynamic bodies (v the centre of mass's
// velocity, I the inertia about it). A resting pile that gains energy is being pushed apart.
float kineticEnergy(const World& world);

// Metres: the largest overlap among the points of touching contacts (the negated most negative
// separation), 0 when nothing overlaps. A few millimetres is the solvers' slop; centimetres
// mean bodies are sinking into each other.
float deepestPenetration(const World& world);

} // namespace oblique::sandbox
