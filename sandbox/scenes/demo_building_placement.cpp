// Building placement: the question a city builder asks every frame, "may this footprint go here?",
// answered by the world's overlap query over hundreds of placed buildings. The footprint follows
// the mouse, turns with Q/E (or Ctrl + wheel), shows red where it would overlap and green where it
// is free; a click places it, a right click demolishes the building under the cursor.

#include "demo_logic.hpp"
#include "demo_ui.hpp"
#include "sandbox_scene.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <imgui.h>
#include <numbers>
#include <optional>
#include <string>
#include <vector>

namespace oblique::sandbox
{

namespace
{

constexpr Color kFreeColor{0.3f, 0.95f, 0.4f, 1.0f};
constexpr Color kBlockedColor{1.0f, 0.25f, 0.25f, 1.0f};
constexpr Color kQueryBoxColor{0.8f, 0.8f, 0.8f, 0.35f};
constexpr Color kTextColor{0.9f, 0.9f, 0.9f, 1.0f};

constexpr float kDegrees = std::numbers::pi_v<float> / 180.0f;
constexpr float kWheelStep = 15.0f * kDegrees;
constexpr float kSnapStep = 15.0f * kDegrees;
constexpr float kMinHalfSize = 0.2f;
constexpr float kMaxHalfSize = 15.0f;
constexpr float kClickSlopPx = 4.0f;

class BuildingPlacementScene final : public SandboxScene
{
public:
    void load(SceneContext& context) override
    {
        m_overlapping.clear();
        m_placed = 0;
        m_demolished = 0;
        m_averageMicros = -1.0f;
        m_haveView = false;
        m_mouseSeen = false;
        m_rightPress.reset();
        if (context.world != nullptr)
        {
            buildTown(*context.world);
        }
        if (context.camera != nullptr)
        {
            const Aabb& region = m_layout.region;
            context.camera->setCenter(center(region));
            // The middle 60% of the town: buildings large enough to aim between, with hundreds of
            // them in view; the wheel zooms out to the rest.
            context.camera->setZoom(
                zoomToFit(context.camera->viewportSize(), 0.6f * (region.upper - region.lower), 1.0f));
        }
        // Shown at the centre until the first update moves it under the cursor.
        m_footprint = makeObb(center(m_layout.region), m_half, m_angle);
        m_hasFootprint = context.world != nullptr;
        if (m_hasFootprint)
        {
            m_overlapping = bodiesOf(context.world->overlapObb(m_footprint));
            m_candidates = context.world->queryAabb(aabbOf(m_footprint)).size();
        }
    }

    void update(SceneContext& context, const GameTime& time) override
    {
        if (context.input == nullptr || context.camera == nullptr || context.world == nullptr)
        {
            return;
        }
        const Input& input = *context.input;
        Camera2D& camera = *context.camera;
        World& world = *context.world;
        const Vec2 mouse = input.mouseWorld(camera);
        if (!isFinite(mouse))
        {
            return;
        }
        const bool control = input.isKeyDown(Key::LControl) || input.isKeyDown(Key::RControl);
        const bool keys = !keyboardOnUi();

        // The app zooms on the wheel before this update runs; with Ctrl held the wheel turns the
        // footprint instead, so the view is put back where the previous update left it.
        if (control && input.wheelDelta() != 0.0f && m_haveView)
        {
            camera.setCenter(m_viewCenter);
            camera.setZoom(m_viewZoom);
        }
        m_viewCenter = camera.center();
        m_viewZoom = camera.zoom();
        m_haveView = true;

        const float dt = handStep(time);
        if (keys)
        {
            const float turn =
                (input.isKeyDown(Key::Q) ? 1.0f : 0.0f) - (input.isKeyDown(Key::E) ? 1.0f : 0.0f);
            m_angle = wrapAngle(m_angle + turn * m_turnRate * kDegrees * dt);
        }
        if (control)
        {
            m_angle = wrapAngle(m_angle + input.wheelDelta() * kWheelStep);
        }
        const float angle = m_snap ? std::round(m_angle / kSnapStep) * kSnapStep : m_angle;
        // Over the panel the footprint waits where it was rather than hiding under the panel; and it
        // stays in the middle until the mouse first moves (a cursor parked at the window's corner,
        // as in headless runs, would otherwise pull it there).
        const bool onUi = mouseOnUi();
        m_mouseSeen = m_mouseSeen || lengthSquared(input.mouseDelta()) > 0.0f;
        m_footprint = makeObb(onUi || !m_mouseSeen ? m_footprint.center : mouse, m_half, angle);

        if (!onUi && input.wasButtonPressed(MouseButton::Left) && world.overlapObb(m_footprint).empty())
        {
            BodyDef def;
            def.type = BodyType::Static;
            def.position = m_footprint.center;
            def.angle = m_footprint.angle;
            world.createBody(def, boxShape(m_footprint.halfExtents));
            ++m_placed;
        }
        // The right button also pans the view (dragging), so a building goes only on a right click
        // that ends where it began.
        if (input.wasButtonPressed(MouseButton::Right))
        {
            m_rightPress = onUi ? std::nullopt : std::optional<Vec2>(input.mousePosition());
        }
        const bool rightClick = input.wasButtonReleased(MouseButton::Right) && m_rightPress &&
                                distance(*m_rightPress, input.mousePosition()) <= kClickSlopPx;
        const bool demolishKey = keys && (input.wasKeyPressed(Key::X) || input.wasKeyPressed(Key::Delete));
        if ((rightClick || demolishKey) && !onUi)
        {
            const std::vector<BodyId> under = bodiesOf(world.overlapPoint(mouse));
            if (!under.empty())
            {
                world.destroyBody(under.front());
                ++m_demolished;
            }
        }

        // The query the footprint's colour comes from, timed on its own; the broadphase candidates
        // (bodies whose bounding boxes meet the footprint's) show how much the tree pruned.
        const auto start = std::chrono::steady_clock::now();
        m_overlapping = bodiesOf(world.overlapObb(m_footprint));
        const auto stop = std::chrono::steady_clock::now();
        m_candidates = world.queryAabb(aabbOf(m_footprint)).size();
        m_lastMicros = std::chrono::duration<float, std::micro>(stop - start).count();
        // A running average, since a single timing of a microsecond-long call jitters a lot.
        m_averageMicros =
            m_averageMicros < 0.0f ? m_lastMicros : 0.95f * m_averageMicros + 0.05f * m_lastMicros;
        m_hasFootprint = true;
    }

    void draw(SceneContext& context, DebugDraw& drawer) override
    {
        if (context.camera == nullptr || context.world == nullptr || !m_hasFootprint)
        {
            return;
        }
        const World& world = *context.world;
        const float px = context.camera->screenToWorldLength(1.0f);
        for (const BodyId id : m_overlapping)
        {
            if (world.isValid(id) && world.shape(id).kind == ShapeKind::Box)
            {
                drawer.drawPolygon(corners(world.obb(id)), kBlockedColor);
            }
        }
        drawAabb(drawer, aabbOf(m_footprint), kQueryBoxColor, false);
        const bool blocked = !m_overlapping.empty();
        drawer.drawSolidPolygon(corners(m_footprint), blocked ? kBlockedColor : kFreeColor);

        char text[96];
        if (blocked)
        {
            std::snprintf(text, sizeof text, "blocked by %zu", m_overlapping.size());
        }
        else
        {
            std::snprintf(text, sizeof text, "free: click to place");
        }
        const Aabb bounds = aabbOf(m_footprint);
        const Vec2 anchor{bounds.upper.x + 8.0f * px, bounds.upper.y};
        drawer.drawString(anchor, text, blocked ? kBlockedColor : kFreeColor);
        std::snprintf(text, sizeof text, "query %.2f µs, %zu candidates",
                      static_cast<double>(m_averageMicros), m_candidates);
        drawer.drawString(anchor - Vec2{0.0f, 17.0f * px}, text, kTextColor);
    }

    void drawPanel(SceneContext& context) override
    {
        ImGui::SliderFloat2("footprint half size (m)", &m_half.x, kMinHalfSize, kMaxHalfSize, "%.2f",
                            ImGuiSliderFlags_AlwaysClamp);
        m_half = {std::clamp(m_half.x, kMinHalfSize, kMaxHalfSize),
                  std::clamp(m_half.y, kMinHalfSize, kMaxHalfSize)};
        float degrees = m_angle / kDegrees;
        if (ImGui::SliderFloat("angle (deg)", &degrees, -180.0f, 180.0f, "%.1f",
                               ImGuiSliderFlags_AlwaysClamp))
        {
            m_angle = degrees * kDegrees;
        }
        ImGui::SliderFloat("Q/E turn rate (deg/s)", &m_turnRate, 10.0f, 360.0f, "%.0f",
                           ImGuiSliderFlags_AlwaysClamp);
        ImGui::Checkbox("snap angle to 15 deg", &m_snap);
        ImGui::Separator();
        ImGui::Text("overlapObb: %.2f µs (last %.2f µs)",
                    static_cast<double>(std::max(m_averageMicros, 0.0f)), static_cast<double>(m_lastMicros));
        ImGui::Text("broadphase candidates: %zu, overlapping: %zu", m_candidates, m_overlapping.size());
        if (context.world != nullptr)
        {
            ImGui::Text("buildings: %d (placed %d, demolished %d)", context.world->bodyCount(), m_placed,
                        m_demolished);
        }
        ImGui::Separator();
        ImGui::SliderInt("town size", &m_layout.count, 50, 1500, "%d", ImGuiSliderFlags_AlwaysClamp);
        int seed = static_cast<int>(m_layout.seed);
        if (ImGui::InputInt("seed", &seed))
        {
            m_layout.seed = static_cast<std::uint32_t>(std::max(seed, 0));
        }
        if (ImGui::Button("rebuild town") && context.world != nullptr)
        {
            for (const BodyId id : context.world->bodies())
            {
                context.world->destroyBody(id);
            }
            m_overlapping.clear();
            m_placed = 0;
            m_demolished = 0;
            buildTown(*context.world);
        }
    }

    bool stepsWorld() const override { return false; }

    std::string help() const override
    {
        return "Mouse: move the footprint; Q/E or Ctrl+wheel: turn; left click: place (when green); "
               "right click or X: demolish.";
    }

private:
    void buildTown(World& world)
    {
        m_layout.count = std::clamp(m_layout.count, 0, 5000);
        for (const Obb& building : generateTown(m_layout))
        {
            BodyDef def;
            def.type = BodyType::Static;
            def.position = building.center;
            def.angle = building.angle;
            world.createBody(def, boxShape(building.halfExtents));
        }
    }

    TownLayout m_layout;
    Vec2 m_half{2.5f, 1.6f};
    float m_angle = 0.0f;
    float m_turnRate = 90.0f;
    bool m_snap = false;
    Obb m_footprint;
    bool m_hasFootprint = false;
    std::vector<BodyId> m_overlapping;
    std::size_t m_candidates = 0;
    float m_lastMicros = 0.0f;
    float m_averageMicros = -1.0f;
    int m_placed = 0;
    int m_demolished = 0;
    // The view as the previous update left it, to undo the app's zoom on Ctrl + wheel.
    Vec2 m_viewCenter;
    float m_viewZoom = 1.0f;
    bool m_haveView = false;
    bool m_mouseSeen = false;
    std::optional<Vec2> m_rightPress; // where the right button went down, in pixels
};

const SandboxSceneRegistrar<BuildingPlacementScene> registrar{"Collision", "Building placement"};

} // namespace

} // namespace oblique::sandbox
