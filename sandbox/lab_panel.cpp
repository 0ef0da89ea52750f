#include "lab_panel.hpp"

#include "draw_legend.hpp"

#include <algorithm>
#include <cstdio>
#include <imgui.h>
#include <utility>

namespace oblique::sandbox
{

namespace
{

// Where a legend's second column starts: past the longest label of the first ("normal impulse").
constexpr float kLegendColumn = 170.0f;

ImVec4 toImGui(Color c)
{
    return {c.r, c.g, c.b, c.a};
}

// A small square of the colour, no picker or tooltip of its own.
void swatch(Color color, const char* id)
{
    const float side = ImGui::GetTextLineHeight();
    ImGui::ColorButton(id, toImGui(color),
                       ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoPicker |
                           ImGuiColorEditFlags_NoDragDrop,
                       ImVec2(side, side));
}

// A legend as rows of swatch and label, two to a row, indented under its checkbox.
void drawLegend(LegendLayer layer)
{
    const std::vector<LegendEntry> entries = legendFor(layer);
    ImGui::Indent();
    ImGui::PushID(static_cast<int>(layer));
    for (std::size_t i = 0; i < entries.size(); ++i)
    {
        if (i % 2 == 1)
        {
            ImGui::SameLine(kLegendColumn);
        }
        ImGui::PushID(static_cast<int>(i));
        swatch(entries[i].color, "##swatch");
        ImGui::PopID();
        ImGui::SameLine();
        ImGui::TextDisabled("%s", entries[i].label.c_str());
    }
    ImGui::PopID();
    ImGui::Unindent();
}

// The graph's colours as one strip of numbered swatches (a tooltip names each), then the two
// colours that are not a graph colour with their labels.
void drawGraphLegend()
{
    const std::vector<LegendEntry> entries = legendFor(LegendLayer::GraphColors);
    const std::size_t special = 2; // overflow and not coloured, last in the table
    ImGui::Indent();
    ImGui::PushID("graph");
    ImGui::TextDisabled("colours 0 to %zu:", entries.size() - special - 1);
    const float side = ImGui::GetTextLineHeight();
    for (std::size_t i = 0; i + special < entries.size(); ++i)
    {
        if (i % 12 != 0)
        {
            ImGui::SameLine(0.0f, 2.0f);
        }
        ImGui::PushID(static_cast<int>(i));
        ImGui::ColorButton("##graph", toImGui(entries[i].color),
                           ImGuiColorEditFlags_NoPicker | ImGuiColorEditFlags_NoDragDrop, ImVec2(side, side));
        if (ImGui::IsItemHovered())
        {
            ImGui::SetTooltip("%s", entries[i].label.c_str());
        }
        ImGui::PopID();
    }
    for (std::size_t i = entries.size() - special; i < entries.size(); ++i)
    {
        ImGui::PushID(static_cast<int>(i));
        swatch(entries[i].color, "##special");
        ImGui::PopID();
        ImGui::SameLine();
        ImGui::TextDisabled("%s", entries[i].label.c_str());
    }
    ImGui::PopID();
    ImGui::Unindent();
}

// A layer's checkbox, and its legend below it while the layer is on.
void layer(const char* label, bool& on, LegendLayer legend)
{
    ImGui::Checkbox(label, &on);
    if (on)
    {
        drawLegend(legend);
    }
}

void windowRow(const char* label, const WindowStats& stats)
{
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(label);
    for (const float value : {stats.current(), stats.average(), stats.max()})
    {
        ImGui::TableNextColumn();
        ImGui::Text("%.3f", static_cast<double>(value));
    }
}

} // namespace

namespace
{

std::vector<std::string_view> splitList(std::string_view list)
{
    std::vector<std::string_view> names;
    std::size_t start = 0;
    while (start <= list.size())
    {
        const std::size_t comma = std::min(list.find(',', start), list.size());
        names.push_back(list.substr(start, comma - start));
        start = comma + 1;
    }
    return names;
}

} // namespace

std::optional<std::vector<std::string>> parseOpenSections(std::string_view list, std::string& error)
{
    std::vector<std::string> sections;
    for (const std::string_view name : splitList(list))
    {
        if (std::find(std::begin(kOpenableSections), std::end(kOpenableSections), name) ==
            std::end(kOpenableSections))
        {
            error = "--open: no panel section called '" + std::string(name) +
                    "' (sections: scenes, world, readouts)";
            return std::nullopt;
        }
        sections.emplace_back(name);
    }
    return sections;
}

bool parseDrawLayers(std::string_view list, DrawOptions& options, std::string& error)
{
    DrawOptions parsed{};
    parsed.shapes = false;
    parsed.joints = false;
    const std::pair<std::string_view, bool DrawOptions::*> layers[] = {
        {"shapes", &DrawOptions::shapes},
        {"aabbs", &DrawOptions::aabbs},
        {"points", &DrawOptions::contactPoints},
        {"normals", &DrawOptions::contactNormals},
        {"impulses", &DrawOptions::contactImpulses},
        {"friction", &DrawOptions::frictionImpulses},
        {"graph", &DrawOptions::graphColors},
        {"tree", &DrawOptions::broadphase},
        {"centers", &DrawOptions::centers},
        {"joints", &DrawOptions::joints},
    };
    for (const std::string_view name : splitList(list))
    {
        const auto* layer = std::find_if(std::begin(layers), std::end(layers),
                                         [&](const auto& entry) { return entry.first == name; });
        if (layer == std::end(layers))
        {
            error = "--draw: no layer called '" + std::string(name) +
                    "' (layers: shapes, aabbs, points, normals, impulses, friction, graph, tree, centers, "
                    "joints)";
            return false;
        }
        parsed.*(layer->second) = true;
    }
    options = parsed;
    return true;
}

void LabPanel::openIfAsked(std::string_view section) const
{
    if (!m_openSections.empty())
    {
        const bool named =
            std::find(m_openSections.begin(), m_openSections.end(), section) != m_openSections.end();
        ImGui::SetNextItemOpen(named, ImGuiCond_Once);
    }
}

bool LabPanel::drawSettings(WorldDef& settings, float sceneStep)
{
    char sceneLabel[48];
    std::snprintf(sceneLabel, sizeof sceneLabel, "scene's (%.0f Hz)", 1.0 / static_cast<double>(sceneStep));
    const auto label = [&](int hz) { return hz == 0 ? std::string(sceneLabel) : std::to_string(hz) + " Hz"; };
    if (ImGui::BeginCombo("step rate", label(m_stepHz).c_str()))
    {
        for (const int hz : kStepRates)
        {
            if (ImGui::Selectable(label(hz).c_str(), hz == m_stepHz) && hz != m_stepHz)
            {
                m_stepHz = hz;
                m_stepRateChanged = true;
            }
        }
        ImGui::EndCombo();
    }
    const bool changed = ImGui::Checkbox("continuous collision", &settings.continuous);
    if (ImGui::IsItemHovered())
    {
        ImGui::SetTooltip("Contacts look ahead as far as their bodies can move in a step, so fast bodies\n"
                          "stop at thin walls. Off: a fixed 2 cm, and bullets pass through.");
    }
    return changed;
}

float LabPanel::stepLength(float sceneStep) const
{
    return m_stepHz == 0 ? sceneStep : 1.0f / static_cast<float>(m_stepHz);
}

bool LabPanel::takeStepRateChange()
{
    const bool changed = m_stepRateChanged;
    m_stepRateChanged = false;
    return changed;
}

void LabPanel::drawLayers(DrawOptions& options) const
{
    ImGui::TextUnformatted("Draw");
    layer("shapes", options.shapes, LegendLayer::Bodies);
    ImGui::Checkbox("AABBs", &options.aabbs);
    ImGui::SameLine(150.0f);
    ImGui::Checkbox("broadphase tree", &options.broadphase);
    if (options.aabbs || options.broadphase)
    {
        drawLegend(LegendLayer::Broadphase);
    }
    ImGui::Checkbox("contact points", &options.contactPoints);
    ImGui::SameLine(150.0f);
    ImGui::Checkbox("normals", &options.contactNormals);
    ImGui::Checkbox("normal impulses", &options.contactImpulses);
    ImGui::SameLine(150.0f);
    ImGui::Checkbox("friction impulses", &options.frictionImpulses);
    if (options.contactPoints || options.contactNormals || options.contactImpulses ||
        options.frictionImpulses)
    {
        drawLegend(LegendLayer::Contacts);
    }
    ImGui::Checkbox("constraint graph colours", &options.graphColors);
    if (options.graphColors)
    {
        drawGraphLegend();
    }
    layer("centres of mass", options.centers, LegendLayer::Centers);
    layer("joints", options.joints, LegendLayer::Joints);
}

void LabPanel::drawReadouts(const World& world, int hiddenBodies)
{
    ImGui::Text("Step profile, ms, over the last %d steps", m_profile.stage(ProfileStage::Step).count());
    ImGui::SameLine();
    if (ImGui::SmallButton("Reset"))
    {
        m_profile.reset();
    }
    const ImGuiTableFlags flags = ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg;
    if (ImGui::BeginTable("profile", 4, flags))
    {
        for (const char* heading : {"stage", "current", "average", "max"})
        {
            ImGui::TableSetupColumn(heading);
        }
        ImGui::TableHeadersRow();
        for (const ProfileStage stage : kProfileStages)
        {
            windowRow(stageLabel(stage), m_profile.stage(stage));
        }
        ImGui::EndTable();
    }

    const Profile& p = world.profile();
    const WorldStats stats = world.stats();
    ImGui::Separator();
    ImGui::Text("bodies %d   awake %d   joints %d", world.bodyCount() - hiddenBodies, p.awakeBodyCount,
                world.jointCount());
    ImGui::Text("contacts %d   touching %d   solved %d", p.contactCount, p.touchingCount, p.solvedCount);
    ImGui::Text("islands %d   awake %d", stats.islandCount, stats.awakeIslandCount);
    ImGui::Separator();
    ImGui::Text("kinetic energy %.3f J", static_cast<double>(kineticEnergy(world)));
    ImGui::Text("deepest penetration %.2f mm", 1000.0 * static_cast<double>(deepestPenetration(world)));
    ImGui::Separator();
    ImGui::Text("broadphase: %d proxies, tree height %d", stats.proxyCount, stats.treeHeight);
    ImGui::Text("tree area ratio %.2f", static_cast<double>(stats.treeAreaRatio));
    if (ImGui::IsItemHovered())
    {
        ImGui::SetTooltip("The inner nodes' perimeters over the root's (Box2D's measure): lower is a\n"
                          "tighter tree, cheaper to query.");
    }
}

} // namespace oblique::sandbox
