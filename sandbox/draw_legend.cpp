#include "draw_legend.hpp"

#include "oblique/draw_palette.hpp"

#include <string>

namespace oblique::sandbox
{

namespace
{

// Each graph colour by its number; soft step fills the low ones with contacts between moving
// bodies and the high ones, from the top down, with contacts against the ground.
std::vector<LegendEntry> graphLegend()
{
    std::vector<LegendEntry> entries;
    for (std::size_t i = 0; i < palette::graphColors.size(); ++i)
    {
        entries.push_back({"colour " + std::to_string(i), palette::graphColors[i]});
    }
    entries.push_back({"overflow (one at a time)", palette::graphOverflow});
    entries.push_back({"not coloured (ngs, asleep)", palette::graphUncoloured});
    return entries;
}

} // namespace

std::vector<LegendEntry> legendFor(LegendLayer layer)
{
    switch (layer)
    {
    case LegendLayer::Bodies:
        return {{"static", palette::staticBody},     {"kinematic", palette::kinematicBody},
                {"awake", palette::awakeBody},       {"asleep", palette::sleepingBody},
                {"disabled", palette::disabledBody}, {"sensor", palette::sensorShape}};
    case LegendLayer::Broadphase:
        return {{"fat AABB (a shape's)", palette::fatAabb}, {"tree node", palette::treeNode}};
    case LegendLayer::Contacts:
        return {{"contact point", palette::contactPoint},
                {"normal", palette::contactNormal},
                {"normal impulse", palette::normalImpulse},
                {"friction impulse", palette::frictionImpulse}};
    case LegendLayer::GraphColors:
        return graphLegend();
    case LegendLayer::Joints:
        return {{"link, anchor", palette::jointLink},
                {"axis, angle", palette::jointAxis},
                {"limit", palette::jointLimit},
                {"spring", palette::jointSpring},
                {"motor or mouse target", palette::jointTarget}};
    case LegendLayer::Centers:
        return {{"x axis", palette::frameXAxis}, {"y axis", palette::frameYAxis}};
    }
    return {};
}

} // namespace oblique::sandbox
