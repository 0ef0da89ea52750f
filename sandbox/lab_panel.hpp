#pragma once
// The sandbox panel's lab parts: the step rate and continuous collision among the world settings,
// the draw layers with a colour legend each, and the Readouts section (the step profile over the
// last steps, the world's counts, stability signals and the broadphase tree's shape).

#include "lab_readouts.hpp"
#include "oblique/world.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace oblique::sandbox
{

// The panel sections --open can name.
inline constexpr std::string_view kOpenableSections[] = {"scenes", "world", "readouts"};

// Reads --open's comma-separated section names; nothing (with the reason in error) when one is
// not a section --open knows.
std::optional<std::vector<std::string>> parseOpenSections(std::string_view list, std::string& error);

// Reads --draw's comma-separated layer names into options: the named layers on, every other off.
// False (with the reason in error, options unchanged) when a name is not a layer.
bool parseDrawLayers(std::string_view list, DrawOptions& options, std::string& error);

// The step rates the panel offers, in Hz; 0 stands for the scene's own.
inline constexpr int kStepRates[] = {0, 30, 60, 120, 240};

class LabPanel
{
public:
    // Sections to show open on the first frame; when there are any, the others start closed.
    void setOpenSections(std::vector<std::string> sections) { m_openSections = std::move(sections); }
    // Called just before a section's header: after --open, opens it once if named, else closes it.
    void openIfAsked(std::string_view section) const;

    // The world settings' additions: the step rate and continuous collision. True when settings
    // changed (they then go to the world as the panel's other settings do).
    bool drawSettings(WorldDef& settings, float sceneStep);
    // The step length the world runs: the panel's rate, or the scene's own step.
    float stepLength(float sceneStep) const;
    bool overridesStepRate() const { return m_stepHz != 0; }
    // True once after the panel changed the step rate.
    bool takeStepRateChange();
    void forgetStepRate() { m_stepHz = 0; }

    // The draw layers' checkboxes, each with its legend while it is on.
    void drawLayers(DrawOptions& options) const;

    // Feeds the profile window; call after every world step.
    void recordStep(const World& world) { m_profile.add(world.profile()); }
    void resetReadouts() { m_profile.reset(); }
    // The Readouts section. hiddenBodies: bodies the sandbox's tools own (a drag anchor), left out
    // of the body count.
    void drawReadouts(const World& world, int hiddenBodies);

private:
    ProfileWindow m_profile;
    int m_stepHz = 0;
    bool m_stepRateChanged = false;
    std::vector<std::string> m_openSections;
};

} // namespace oblique::sandbox
