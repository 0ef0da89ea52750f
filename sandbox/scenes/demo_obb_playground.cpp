// OBB playground: the separating-axis test shown at work. Two boxes can be dragged, turned by a
// round handle and resized by a corner handle. Each of the four face axes is drawn as a line
// beside the boxes with both boxes' shadows on it: a gap (green) on any axis separates them, and
// when every axis overlaps (red) the minimum translation vector pushes B out.

#include "demo_logic.hpp"
#include "demo_ui.hpp"
#include "oblique/mtv.hpp"
#include "oblique/overlap.hpp"
#include "sandbox_scene.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <imgui.h>
#include <numbers>
#include <string>

namespace oblique::sandbox
{

namespace
{

constexpr std::array<Color, 2> kBoxColors{Color{0.35f, 0.65f, 1.0f, 1.0f}, Color{1.0f, 0.65f, 0.25f, 1.0f}};
constexpr Color kOverlapColor{1.0f, 0.25f, 0.25f, 1.0f};
constexpr Color kGapColor{0.3f, 0.95f, 0.4f, 1.0f};
constexpr Color kAxisColor{0.75f, 0.75f, 0.75f, 0.45f};
constexpr Color kShadowColor{0.75f, 0.75f, 0.75f, 0.13f};
constexpr Color kMtvColor{1.0f, 0.9f, 0.2f, 1.0f};
constexpr Color kHandleColor{0.95f, 0.95f, 0.95f, 1.0f};
constexpr Color kTextColor{0.9f, 0.9f, 0.9f, 1.0f};
constexpr std::array<const char*, 4> kAxisNames{"A.x", "A.y", "B.x", "B.y"};

// Handle sizes and distances in pixels, so the handles stay usable at any zoom.
constexpr float kHandleRadiusPx = 7.0f;
constexpr float kHandleGapPx = 28.0f;
constexpr float kPickRadiusPx = 11.0f;
// Limits on box size in metres: small enough to play with, never zero or absurd.
constexpr float kMinHalfExtent = 0.1f;
constexpr float kMaxHalfExtent = 20.0f;
constexpr float kMaxCoordinate = 1000.0f;

enum class Grab
{
    None,
    Move,
    Rotate,
    Scale,
};

ImU32 imColor(Color c, float alpha = 1.0f)
{
    return ImGui::GetColorU32(ImVec4(c.r, c.g, c.b, c.a * alpha));
}

class ObbPlaygroundScene final : public SandboxScene
{
public:
    void load(SceneContext& context) override
    {
        m_boxes = initialBoxes();
        m_grab = Grab::None;
        if (context.camera != nullptr)
        {
            // A little below the boxes: the axis lines beneath them need the room.
            context.camera->setCenter({0.5f, -1.0f});
            context.camera->setZoom(zoomToFit(context.camera->viewportSize(), {17.0f, 11.0f}));
        }
    }

    void update(SceneContext& context, const GameTime& time) override
    {
        (void)time;
        if (context.input == nullptr || context.camera == nullptr)
        {
            return;
        }
        const Input& input = *context.input;
        const Camera2D& camera = *context.camera;
        const Vec2 mouse = input.mouseWorld(camera);
        if (!isFinite(mouse))
        {
            return;
        }
        if (input.wasButtonPressed(MouseButton::Left) && !mouseOnUi())
        {
            pick(mouse, camera.screenToWorldLength(kPickRadiusPx), camera.screenToWorldLength(kHandleGapPx));
        }
        if (!input.isButtonDown(MouseButton::Left))
        {
            m_grab = Grab::None;
            return;
        }
        Obb& box = m_boxes[m_grabbed];
        switch (m_grab)
        {
        case Grab::None:
            break;
        case Grab::Move:
        {
            // Kept within reach: a box dragged a kilometre away is as good as lost.
            const Vec2 c = mouse + m_grabOffset;
            box.center = {std::clamp(c.x, -kMaxCoordinate, kMaxCoordinate),
                          std::clamp(c.y, -kMaxCoordinate, kMaxCoordinate)};
            break;
        }
        case Grab::Rotate:
        {
            // The pointer's angle about the centre plus the offset taken at the grab, so the box
            // does not jump to the cursor; a cursor on the centre keeps the last angle.
            m_pointerAngle = angleTowards(box.center, mouse, m_pointerAngle);
            setAngle(box, wrapAngle(m_pointerAngle + m_grabAngleOffset));
            break;
        }
        case Grab::Scale:
            box.halfExtents = halfExtentsFromCorner(box, mouse, kMinHalfExtent, kMaxHalfExtent);
            break;
        }
    }

    void draw(SceneContext& context, DebugDraw& drawer) override
    {
        if (context.camera == nullptr)
        {
            return;
        }
        const Camera2D& camera = *context.camera;
        const float px = camera.screenToWorldLength(1.0f);
        const auto projections = projectOnFaceAxes(m_boxes[0], m_boxes[1]);
        const std::size_t deciding = decidingAxis(projections);
        for (std::size_t i = 0; i < projections.size(); ++i)
        {
            drawAxis(drawer, camera, projections[i], i, i == deciding);
        }

        for (std::size_t i = 0; i < m_boxes.size(); ++i)
        {
            const auto v = corners(m_boxes[i]);
            drawer.drawSolidPolygon(v, kBoxColors[i]);
            drawer.drawString(m_boxes[i].center, i == 0 ? "A" : "B", kTextColor);
            drawHandles(drawer, m_boxes[i], px);
        }

        const Mtv mtv = findMtv(m_boxes[0], m_boxes[1]);
        if (mtv.overlapping)
        {
            const Obb& b = m_boxes[1];
            // Where B would be after the push, so the arrow's meaning is visible.
            Obb resolved = b;
            resolved.center = b.center + mtv.translation;
            const auto ghost = corners(resolved);
            drawer.drawPolygon(ghost, Color{kMtvColor.r, kMtvColor.g, kMtvColor.b, 0.5f});
            // Drawn from B's centre: the shaft thick enough to see over the box, the head a fixed
            // size on screen.
            const Vec2 tip = b.center + mtv.translation;
            const float head = 14.0f * px;
            const Vec2 u = normalize(mtv.translation);
            if (mtv.depth > head)
            {
                drawThickSegment(drawer, b.center, tip - (0.8f * head) * u, 3.0f * px, kMtvColor);
            }
            drawArrow(drawer, b.center, tip, head, kMtvColor);
            char text[64];
            std::snprintf(text, sizeof text, "MTV %.2f m", static_cast<double>(mtv.depth));
            drawer.drawString(tip + (10.0f * px) * u + Vec2{4.0f * px, 8.0f * px}, text, kMtvColor);
        }
    }

    void drawPanel(SceneContext& context) override
    {
        (void)context;
        const auto projections = projectOnFaceAxes(m_boxes[0], m_boxes[1]);
        const bool sat = allAxesOverlap(projections);
        const Mtv mtv = findMtv(m_boxes[0], m_boxes[1]);
        const bool exact = testOverlap(m_boxes[0], m_boxes[1]);

        const std::size_t deciding = decidingAxis(projections);
        if (sat)
        {
            ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "SAT: overlapping, no axis separates");
            ImGui::Text("least overlap on %s: %.3f m", kAxisNames[deciding],
                        static_cast<double>(projections[deciding].relation.amount));
        }
        else
        {
            ImGui::TextColored(ImVec4(0.4f, 0.95f, 0.5f, 1.0f), "SAT: separated, widest gap on %s: %.3f m",
                               kAxisNames[deciding],
                               static_cast<double>(-projections[deciding].relation.amount));
        }
        ImGui::Text("testOverlap: %s", exact ? "true" : "false");
        if (mtv.overlapping)
        {
            ImGui::Text("MTV depth %.3f m, normal (%.2f, %.2f)", static_cast<double>(mtv.depth),
                        static_cast<double>(mtv.normal.x), static_cast<double>(mtv.normal.y));
            ImGui::Text("move B by (%.2f, %.2f) to separate", static_cast<double>(mtv.translation.x),
                        static_cast<double>(mtv.translation.y));
        }
        else
        {
            ImGui::Text("MTV: none (shapes apart)");
        }
        ImGui::Checkbox("projection lines from the corners", &m_showShadows);
        ImGui::Separator();
        drawIntervalChart(projections);
        ImGui::Separator();
        for (std::size_t i = 0; i < m_boxes.size(); ++i)
        {
            editBox(i);
        }
    }

    bool stepsWorld() const override { return false; }

    std::string help() const override
    {
        return "Left drag: move a box; round handle: rotate; square corner handle: resize. "
               "Gap on any axis (green) = separated.";
    }

private:
    // Overlapping a little at the start, so the red intervals and the MTV show at once.
    static std::array<Obb, 2> initialBoxes()
    {
        return {makeObb({-1.8f, 0.4f}, {2.5f, 1.2f}, 0.35f), makeObb({1.7f, -0.5f}, {1.5f, 1.0f}, -0.6f)};
    }

    // The axis that decides the verdict: the widest gap when the boxes are apart, the least overlap
    // (the MTV's axis) when they are not. Both are the smallest overlap amount, a gap being negative.
    static std::size_t decidingAxis(const std::array<AxisProjection, 4>& projections)
    {
        std::size_t best = 0;
        for (std::size_t i = 1; i < projections.size(); ++i)
        {
            if (projections[i].relation.amount < projections[best].relation.amount)
            {
                best = i;
            }
        }
        return best;
    }

    static Vec2 rotateHandle(const Obb& box, float gap)
    {
        return box.center + (box.halfExtents.x + gap) * axisX(box);
    }
    static Vec2 scaleHandle(const Obb& box) { return corners(box)[2]; }

    void pick(Vec2 mouse, float pickRadius, float handleGap)
    {
        m_grab = Grab::None;
        // B is drawn over A, so it is picked first; handles before bodies because they sit on edges.
        for (std::size_t i = m_boxes.size(); i-- > 0;)
        {
            const Obb& box = m_boxes[i];
            if (distance(mouse, rotateHandle(box, handleGap)) <= pickRadius)
            {
                m_grab = Grab::Rotate;
                m_grabbed = i;
                m_pointerAngle = angleTowards(box.center, mouse, box.angle);
                m_grabAngleOffset = box.angle - m_pointerAngle;
                return;
            }
            if (distance(mouse, scaleHandle(box)) <= pickRadius)
            {
                m_grab = Grab::Scale;
                m_grabbed = i;
                return;
            }
        }
        for (std::size_t i = m_boxes.size(); i-- > 0;)
        {
            if (contains(m_boxes[i], mouse))
            {
                m_grab = Grab::Move;
                m_grabbed = i;
                m_grabOffset = m_boxes[i].center - mouse;
                return;
            }
        }
    }

    static void drawHandles(DebugDraw& drawer, const Obb& box, float px)
    {
        const Vec2 handle = rotateHandle(box, kHandleGapPx * px);
        drawer.drawSegment(box.center + box.halfExtents.x * axisX(box), handle, kHandleColor);
        drawer.drawSolidCircle(handle, kHandleRadiusPx * px, axisX(box), kHandleColor);
        Obb corner = makeObb(scaleHandle(box), {kHandleRadiusPx * px * 0.8f, kHandleRadiusPx * px * 0.8f});
        corner.rot = box.rot;
        corner.angle = box.angle;
        drawer.drawSolidPolygon(corners(corner), kHandleColor);
    }

    // One face axis as a line beside both boxes, with each box's shadow (its projection interval)
    // along it and the part where the shadows overlap (red) or the gap between them (green).
    void drawAxis(DebugDraw& drawer, const Camera2D& camera, const AxisProjection& p, std::size_t index,
                  bool deciding) const
    {
        const float px = camera.screenToWorldLength(1.0f);
        const Vec2 u = p.axis;
        const Vec2 n = perp(u);
        // The line runs on the far side of both boxes from n, spaced per axis so that nearly
        // parallel axes of the two boxes do not draw on top of each other.
        const Interval a = project(m_boxes[0], n);
        const Interval b = project(m_boxes[1], n);
        const float offset = std::min(a.min, b.min) - (56.0f + 34.0f * static_cast<float>(index)) * px;
        const auto onLine = [&](float t, float lane) { return t * u + (offset + lane * px) * n; };

        const Aabb view = camera.visibleBounds();
        const float reach = length(view.upper - view.lower);
        const float middle = dot(center(view), u);
        const Color relation = p.relation.overlapping ? kOverlapColor : kGapColor;
        const Color lineColor = deciding ? Color{relation.r, relation.g, relation.b, 0.6f} : kAxisColor;
        drawer.drawSegment(onLine(middle - reach, 0.0f), onLine(middle + reach, 0.0f), lineColor);

        // Faint shadow lines from each box's extreme corners down to the axis.
        for (std::size_t i = 0; i < m_boxes.size() && m_showShadows; ++i)
        {
            for (const Vec2 corner : corners(m_boxes[i]))
            {
                const float t = dot(corner, u);
                const Interval range = i == 0 ? p.a : p.b;
                if (t <= range.min + 1e-4f || t >= range.max - 1e-4f)
                {
                    drawer.drawSegment(corner, onLine(t, 0.0f), kShadowColor);
                }
            }
        }

        const float lane = 6.0f;
        drawThickSegment(drawer, onLine(p.a.min, lane), onLine(p.a.max, lane), 4.0f * px, kBoxColors[0]);
        drawThickSegment(drawer, onLine(p.b.min, -lane), onLine(p.b.max, -lane), 4.0f * px, kBoxColors[1]);
        drawThickSegment(drawer, onLine(p.relation.low, 0.0f), onLine(p.relation.high, 0.0f), 5.0f * px,
                         relation);

        char text[64];
        std::snprintf(text, sizeof text, "%s  %s %.2f", kAxisNames[index],
                      p.relation.overlapping ? "overlap" : "gap",
                      static_cast<double>(std::fabs(p.relation.amount)));
        const float labelAt = std::max(p.a.max, p.b.max) + 12.0f * px;
        drawer.drawString(onLine(labelAt, -lane), text, relation);
    }

    // The four axes as rows of a small chart: A's interval above, B's below, the overlap or gap
    // shaded behind them, each row scaled to its own intervals.
    static void drawIntervalChart(const std::array<AxisProjection, 4>& projections)
    {
        constexpr float kRowHeight = 24.0f;
        constexpr float kLabelWidth = 34.0f;
        const float width = std::max(ImGui::GetContentRegionAvail().x, 120.0f);
        const ImVec2 origin = ImGui::GetCursorScreenPos();
        ImDrawList* list = ImGui::GetWindowDrawList();
        const float barWidth = width - kLabelWidth - 4.0f;
        for (std::size_t i = 0; i < projections.size(); ++i)
        {
            const AxisProjection& p = projections[i];
            const float top = origin.y + kRowHeight * static_cast<float>(i);
            const float lo = std::min(p.a.min, p.b.min);
            const float hi = std::max(p.a.max, p.b.max);
            const float pad = 0.08f * std::max(hi - lo, 1e-3f);
            const float span = (hi - lo) + 2.0f * pad;
            const float x0 = origin.x + kLabelWidth;
            const auto toX = [&](float t) { return x0 + (t - (lo - pad)) / span * barWidth; };

            const Color relation = p.relation.overlapping ? kOverlapColor : kGapColor;
            list->AddRectFilled(
                ImVec2(toX(p.relation.low), top + 1.0f),
                ImVec2(std::max(toX(p.relation.high), toX(p.relation.low) + 1.0f), top + kRowHeight - 3.0f),
                imColor(relation, 0.45f));
            list->AddRectFilled(ImVec2(toX(p.a.min), top + 4.0f), ImVec2(toX(p.a.max), top + 10.0f),
                                imColor(kBoxColors[0]));
            list->AddRectFilled(ImVec2(toX(p.b.min), top + 12.0f), ImVec2(toX(p.b.max), top + 18.0f),
                                imColor(kBoxColors[1]));
            list->AddText(ImVec2(origin.x, top + 3.0f), imColor(relation), kAxisNames[i]);
        }
        ImGui::Dummy(ImVec2(width, kRowHeight * static_cast<float>(projections.size())));
        if (ImGui::BeginTable("intervals", 4, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg))
        {
            ImGui::TableSetupColumn("axis");
            ImGui::TableSetupColumn("A");
            ImGui::TableSetupColumn("B");
            ImGui::TableSetupColumn("result");
            ImGui::TableHeadersRow();
            for (std::size_t i = 0; i < projections.size(); ++i)
            {
                const AxisProjection& p = projections[i];
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(kAxisNames[i]);
                ImGui::TableNextColumn();
                ImGui::Text("%.2f..%.2f", static_cast<double>(p.a.min), static_cast<double>(p.a.max));
                ImGui::TableNextColumn();
                ImGui::Text("%.2f..%.2f", static_cast<double>(p.b.min), static_cast<double>(p.b.max));
                ImGui::TableNextColumn();
                ImGui::Text("%s %.2f", p.relation.overlapping ? "overlap" : "gap",
                            static_cast<double>(std::fabs(p.relation.amount)));
            }
            ImGui::EndTable();
        }
    }

    void editBox(std::size_t index)
    {
        Obb& box = m_boxes[index];
        ImGui::PushID(static_cast<int>(index));
        ImGui::TextUnformatted(index == 0 ? "Box A" : "Box B");
        ImGui::DragFloat2("centre", &box.center.x, 0.05f, -kMaxCoordinate, kMaxCoordinate, "%.2f",
                          ImGuiSliderFlags_AlwaysClamp);
        if (ImGui::DragFloat2("half size", &box.halfExtents.x, 0.02f, kMinHalfExtent, kMaxHalfExtent, "%.2f",
                              ImGuiSliderFlags_AlwaysClamp))
        {
            box.halfExtents = max(box.halfExtents, {kMinHalfExtent, kMinHalfExtent});
        }
        float degrees = wrapAngle(box.angle) * (180.0f / std::numbers::pi_v<float>);
        if (ImGui::SliderFloat("angle (deg)", &degrees, -180.0f, 180.0f, "%.1f",
                               ImGuiSliderFlags_AlwaysClamp))
        {
            setAngle(box, degrees * (std::numbers::pi_v<float> / 180.0f));
        }
        ImGui::PopID();
    }

    std::array<Obb, 2> m_boxes = initialBoxes();
    bool m_showShadows = true;
    Grab m_grab = Grab::None;
    std::size_t m_grabbed = 0;
    Vec2 m_grabOffset;
    float m_grabAngleOffset = 0.0f;
    float m_pointerAngle = 0.0f;
};

const SandboxSceneRegistrar<ObbPlaygroundScene> registrar{"Collision", "OBB playground"};

} // namespace

} // namespace oblique::sandbox
