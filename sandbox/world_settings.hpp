#pragma once
// The world settings the sandbox's panel edits, held apart from the world: a restart or reload
// builds a fresh world from the scene, and the user's choices have to outlive it, while a scene
// opened anew runs with whatever it asks for (a scene file's solver, substeps, iterations...).

#include "oblique/world.hpp"
#include "oblique/world_def.hpp"

#include <string>

namespace oblique::sandbox
{

// The solver's name as the panel and the overlay show it: "soft step" or "ngs".
const char* solverLabel(Solver solver);

// One overlay line saying how the world solves its contacts with these settings: the solver and
// the numbers that solver uses (substeps and stiffness, or iteration counts).
std::string solverSummary(const WorldDef& settings);

class PanelSettings
{
public:
    // After a scene has built a fresh world: settings the user changed replace the scene's own;
    // then the panel shows what the world runs with.
    void adopt(World& world);
    // The panel edited values(): they go to the running world at once and are kept for the next
    // adopt(). Values the world would reject (no substeps, zero stiffness) are first brought
    // within its limits, since a slider typed into can go anywhere.
    void apply(World& world);
    // From the next adopt() on, each scene runs with its own settings again.
    void forget() { m_overridden = false; }

    WorldDef& values() { return m_values; }
    const WorldDef& values() const { return m_values; }
    bool overridden() const { return m_overridden; }

private:
    void clampToLimits();

    WorldDef m_values;
    bool m_overridden = false;
};

} // namespace oblique::sandbox
