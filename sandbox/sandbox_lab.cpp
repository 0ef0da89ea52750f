// The sandbox as a physics lab: the body inspector's and the solver twin's parts of the app, their
// panel sections, the --select and --twin start-up options, and their drawing over the world.

#include "sandbox_app.hpp"
#include "world_settings.hpp"

#include <imgui.h>

namespace oblique::sandbox
{

namespace
{

const ImVec4 kInspectedColour(kInspectedColor.r, kInspectedColor.g, kInspectedColor.b, 1.0f);
const ImVec4 kTwinColour(kTwinColor.r, kTwinColor.g, kTwinColor.b, 1.0f);
const ImVec4 kLabWarnColour(1.0f, 0.8f, 0.35f, 1.0f);
constexpr double kDegreesPerRadian = 57.29578;

} // namespace

BodyNames SandboxApp::bodyNames() const
{
    return BodyNames(m_scene ? m_scene->sceneDescription() : nullptr, m_bodies);
}

// The options apply to the scene just opened; a failure leaves the reason in m_error.
bool SandboxApp::applyStartupLabOptions()
{
    if (!m_options.twin.empty())
    {
        std::string error;
        const std::optional<TwinSettings> twin = parseTwinSpec(m_options.twin, m_world.settings(), error);
        if (!twin)
        {
            m_error = error;
            return false;
        }
        if (!m_scene->stepsWorld())
        {
            m_error = "--twin: '" + m_sceneName + "' is not a physics scene";
            return false;
        }
        m_twinSettings = *twin;
        m_twinEnabled = true;
        m_twin.start(m_world, m_twinSettings);
    }
    if (!m_options.select.empty())
    {
        const BodyId id = bodyNames().find(m_options.select);
        if (isNull(id))
        {
            m_error = "--select: '" + m_sceneName + "' has no body called '" + m_options.select +
                      "' (bodies are called by their scene name, else 'body N', N their place in the scene)";
            return false;
        }
        m_inspector.select(id);
    }
    return true;
}

void SandboxApp::setTwinEnabled(bool enabled)
{
    m_twinEnabled = enabled;
    // Turning it on restarts, so both worlds begin from the scene's first frame.
    if (enabled)
    {
        restart();
    }
    else
    {
        m_twin.stop();
    }
}

void SandboxApp::bodyLink(BodyId id)
{
    const std::string label = bodyNames().name(id) + "##link" + std::to_string(id.index);
    if (ImGui::SmallButton(label.c_str()))
    {
        m_inspector.select(id);
    }
    if (ImGui::IsItemHovered())
    {
        ImGui::SetTooltip("Inspect this body");
    }
}

void SandboxApp::drawInspectorSection()
{
    const BodyId id = m_inspector.selected(m_world);
    if (!ImGui::CollapsingHeader("Body inspector", ImGuiTreeNodeFlags_DefaultOpen))
    {
        return;
    }
    if (isNull(id))
    {
        ImGui::TextDisabled("Click a body to inspect it.");
        return;
    }
    const std::vector<std::string> lines = describeBody(m_world, id, bodyNames());
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kInspectedColour, "%s", lines.front().c_str());
    for (std::size_t i = 1; i < lines.size(); ++i)
    {
        ImGui::TextUnformatted(lines[i].c_str());
    }
    if (m_twin.isRunning() && m_twin.world().isValid(id))
    {
        const Vec2 p = m_twin.world().position(id);
        ImGui::TextColored(kTwinColour, "twin: position (%.3f, %.3f) m, %.4f m apart",
                           static_cast<double>(p.x), static_cast<double>(p.y),
                           static_cast<double>(distance(p, m_world.position(id))));
    }
    ImGui::PopTextWrapPos();
    if (ImGui::Button("Deselect##inspector"))
    {
        m_inspector.clear();
    }
}

void SandboxApp::drawTwinSection()
{
    if (!ImGui::CollapsingHeader("Solver side by side", m_twinEnabled ? ImGuiTreeNodeFlags_DefaultOpen : 0))
    {
        return;
    }
    bool enabled = m_twinEnabled;
    if (ImGui::Checkbox("Run a twin world in lockstep", &enabled))
    {
        m_deferred = [this, enabled] { setTwinEnabled(enabled); };
    }
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("The same scene on other solver settings, drawn as outlines. Mouse tools act on the "
                        "main world only; changing these restarts the scene.");
    ImGui::PopTextWrapPos();

    TwinSettings edited = m_twinSettings;
    int solver = edited.solver == Solver::Ngs ? 1 : 0;
    bool changed = ImGui::RadioButton("soft step##twin", &solver, 0);
    ImGui::SameLine();
    changed |= ImGui::RadioButton("ngs##twin", &solver, 1);
    edited.solver = solver == 1 ? Solver::Ngs : Solver::SoftStep;
    const ImGuiSliderFlags clamp = ImGuiSliderFlags_AlwaysClamp;
    ImGui::PushItemWidth(-120.0f);
    if (edited.solver == Solver::SoftStep)
    {
        changed |= ImGui::SliderInt("substeps##twin", &edited.subSteps, 1, 16, "%d", clamp);
    }
    else
    {
        changed |= ImGui::SliderInt("velocity iter.##twin", &edited.velocityIterations, 1, 50, "%d", clamp);
        changed |= ImGui::SliderInt("position iter.##twin", &edited.positionIterations, 0, 50, "%d", clamp);
    }
    ImGui::PopItemWidth();
    if (ImGui::Button("Same as main"))
    {
        edited = otherSolver(m_world.settings());
        edited.solver = m_world.settings().solver;
        changed = true;
    }
    ImGui::SameLine();
    if (ImGui::Button("Other solver"))
    {
        edited = otherSolver(m_world.settings());
        changed = true;
    }
    if (changed)
    {
        m_twinSettings = edited;
        if (m_twinEnabled)
        {
            m_deferred = [this] { restart(); };
        }
    }

    if (!m_twin.isRunning())
    {
        return;
    }
    ImGui::TextUnformatted(("main: " + solverSummary(m_world.settings())).c_str());
    ImGui::TextColored(kTwinColour, "twin: %s", twinLabel(m_twin.settings()).c_str());
    if (isNull(m_twin.maxDifferenceBody()))
    {
        ImGui::TextUnformatted("largest difference: no step yet");
    }
    else
    {
        ImGui::Text("largest difference %.4f m:", static_cast<double>(m_twin.maxDifference()));
        ImGui::SameLine();
        bodyLink(m_twin.maxDifferenceBody());
        ImGui::Text("largest turn apart %.2f deg",
                    static_cast<double>(m_twin.maxAngleDifference()) * kDegreesPerRadian);
    }
    ImGui::Text("steps in lockstep: %d", m_twin.stepCount());
    if (m_twin.isDiverged())
    {
        ImGui::TextColored(kLabWarnColour, "%s", m_twin.divergedReason().c_str());
        if (ImGui::Button("Re-sync from the main world"))
        {
            m_twin.start(m_world, m_twinSettings);
        }
    }
}

void SandboxApp::drawTwinOverlay() const
{
    if (!m_twin.isRunning() || isNull(m_twin.maxDifferenceBody()))
    {
        return;
    }
    ImGui::TextColored(kTwinColour, "twin (%s): max difference %.4f m (%s)",
                       twinLabel(m_twin.settings()).c_str(), static_cast<double>(m_twin.maxDifference()),
                       bodyNames().name(m_twin.maxDifferenceBody()).c_str());
}

// Over the world: the twin's outlines, then the inspected body outlined in each world it is in.
void SandboxApp::drawLab(DebugDraw& drawer) const
{
    m_twin.draw(drawer);
    const BodyId id = m_inspector.selected();
    if (isNull(id) || !m_world.isValid(id))
    {
        return;
    }
    outlineBody(m_world, id, drawer, kInspectedColor);
    drawer.drawPoint(m_world.position(id), 6.0f, kInspectedColor);
    if (m_box2d.isRunning())
    {
        m_box2d.drawBody(drawer, bodyNames().sceneIndex(id), kInspectedColor);
    }
    if (m_twin.isRunning() && m_twin.world().isValid(id))
    {
        outlineBody(m_twin.world(), id, drawer, kInspectedColor);
    }
}

} // namespace oblique::sandbox
