// AABB tutorial: the first collision test anyone writes. One box moves with the arrow keys and
// stays on screen, the other stands still, and both turn red while the four edge comparisons all
// hold. The edge values are written next to each box so the comparisons can be checked by eye.

#include "demo_logic.hpp"
#include "demo_ui.hpp"
#include "sandbox_scene.hpp"

#include <algorithm>
#include <cstdio>
#include <imgui.h>
#include <string>

namespace oblique::sandbox
{

namespace
{

constexpr Color kMovingColor{0.35f, 0.65f, 1.0f, 1.0f};
constexpr Color kFixedColor{0.95f, 0.75f, 0.3f, 1.0f};
constexpr Color kHitColor{1.0f, 0.25f, 0.25f, 1.0f};
constexpr Color kTextColor{0.9f, 0.9f, 0.9f, 1.0f};
constexpr Color kGuideColor{0.6f, 0.6f, 0.6f, 0.35f};

std::string format(const char* pattern, float a, float b)
{
    char text[96];
    std::snprintf(text, sizeof text, pattern, static_cast<double>(a), static_cast<double>(b));
    return text;
}

class AabbTutorialScene final : public SandboxScene
{
public:
    void load(SceneContext& context) override
    {
        m_moving = makeAabb({-6.0f, -1.0f}, m_movingHalf);
        m_fixed = makeAabb({3.0f, 0.5f}, {2.0f, 2.5f});
        if (context.camera != nullptr)
        {
            context.camera->setCenter({0.0f, 0.0f});
            context.camera->setZoom(zoomToFit(context.camera->viewportSize(), {26.0f, 16.0f}));
        }
    }

    void update(SceneContext& context, const GameTime& time) override
    {
        if (context.input == nullptr || context.camera == nullptr)
        {
            return;
        }
        const Input& input = *context.input;
        const Vec2 direction = keyboardOnUi()
                                   ? Vec2{}
                                   : arrowDirection(input.isKeyDown(Key::Left), input.isKeyDown(Key::Right),
                                                    input.isKeyDown(Key::Down), input.isKeyDown(Key::Up));
        // Speed in metres per second times the update's duration: the same pace at any frame rate.
        const float dt = handStep(time);
        const Vec2 step = (m_speed * dt) * direction;
        Aabb moved = makeAabb(center(m_moving) + step, m_movingHalf);
        // Clamped every update, not only when moving, so zooming in pushes the box back on screen.
        m_moving = clampInside(moved, freeView(*context.camera));
    }

    void draw(SceneContext& context, DebugDraw& drawer) override
    {
        if (context.camera == nullptr)
        {
            return;
        }
        const bool hit = overlaps(m_moving, m_fixed);
        const float line = context.camera->screenToWorldLength(17.0f);
        ++m_panelAge;
        const Aabb view = context.camera->visibleBounds();
        const Aabb free = freeView(*context.camera);

        // The moving box's edges extended across the view: the comparisons happen along these lines.
        drawer.drawSegment({left(m_moving), bottom(view)}, {left(m_moving), top(view)}, kGuideColor);
        drawer.drawSegment({right(m_moving), bottom(view)}, {right(m_moving), top(view)}, kGuideColor);
        drawer.drawSegment({left(view), bottom(m_moving)}, {right(view), bottom(m_moving)}, kGuideColor);
        drawer.drawSegment({left(view), top(m_moving)}, {right(view), top(m_moving)}, kGuideColor);

        drawBox(drawer, m_fixed, hit ? kHitColor : kFixedColor, "B (fixed)", line, view);
        drawBox(drawer, m_moving, hit ? kHitColor : kMovingColor, "A (arrow keys)", line, view);

        const std::string verdict =
            hit ? "OVERLAP: all four comparisons hold" : "apart: some comparison fails";
        drawer.drawString({left(free) + line, top(free) - 0.5f * line}, verdict,
                          hit ? kHitColor : kTextColor);
    }

    void drawPanel(SceneContext& context) override
    {
        (void)context;
        // drawPanel runs inside the app's panel window: its right edge is where the free part of
        // the screen begins.
        m_panelLeftPx = ImGui::GetWindowPos().x;
        m_panelRightPx = m_panelLeftPx + ImGui::GetWindowWidth();
        m_panelAge = 0;
        ImGui::SliderFloat("speed (m/s)", &m_speed, 0.5f, 40.0f, "%.1f", ImGuiSliderFlags_AlwaysClamp);
        if (ImGui::SliderFloat2("A half size (m)", &m_movingHalf.x, 0.1f, 6.0f, "%.2f",
                                ImGuiSliderFlags_AlwaysClamp))
        {
            m_movingHalf = max(m_movingHalf, {0.1f, 0.1f});
            m_moving = makeAabb(center(m_moving), m_movingHalf);
        }
        const bool hit = overlaps(m_moving, m_fixed);
        ImGui::Separator();
        ImGui::Text("overlaps(A, B) = %s", hit ? "true" : "false");
        comparison("A.left   <= B.right ", left(m_moving), right(m_fixed));
        comparison("B.left   <= A.right ", left(m_fixed), right(m_moving));
        comparison("A.bottom <= B.top   ", bottom(m_moving), top(m_fixed));
        comparison("B.bottom <= A.top   ", bottom(m_fixed), top(m_moving));
    }

    bool stepsWorld() const override { return false; }

    std::string help() const override
    {
        return "Arrow keys: move box A (kept on screen). Both boxes turn red when their AABBs overlap.";
    }

private:
    // The visible world minus the panel, when the panel is shown along the left edge (it was drawn
    // in the last frame or two), so the box is never hidden under it.
    Aabb freeView(const Camera2D& camera) const
    {
        Aabb view = camera.visibleBounds();
        const bool panelShown =
            m_panelAge <= 2 && m_panelLeftPx < 40.0f && m_panelRightPx < 0.6f * camera.viewportSize().x;
        if (panelShown)
        {
            view.lower.x = std::max(view.lower.x, camera.screenToWorld({m_panelRightPx, 0.0f}).x);
        }
        return view;
    }

    static void comparison(const char* label, float lhs, float rhs)
    {
        const bool holds = lhs <= rhs;
        const ImVec4 colour = holds ? ImVec4(1.0f, 0.4f, 0.4f, 1.0f) : ImVec4(0.5f, 0.9f, 0.5f, 1.0f);
        ImGui::TextColored(colour, "%s %7.2f <= %7.2f  %s", label, static_cast<double>(lhs),
                           static_cast<double>(rhs), holds ? "yes" : "no");
    }

    static void drawBox(DebugDraw& drawer, const Aabb& box, Color color, const char* name, float line,
                        const Aabb& view)
    {
        drawAabb(drawer, box, color, true);
        // Text hangs down from its anchor, so the three lines start three line heights above the top;
        // below the box instead when that would leave the screen.
        Vec2 anchor{left(box), top(box) + 3.2f * line};
        if (anchor.y > top(view))
        {
            anchor.y = bottom(box) - 0.2f * line;
        }
        drawer.drawString(anchor, name, color);
        drawer.drawString(anchor - Vec2{0.0f, line}, format("left %.2f   right %.2f", left(box), right(box)),
                          kTextColor);
        drawer.drawString(anchor - Vec2{0.0f, 2.0f * line},
                          format("bottom %.2f   top %.2f", bottom(box), top(box)), kTextColor);
    }

    Vec2 m_movingHalf{1.5f, 1.0f};
    Aabb m_moving = makeAabb({-6.0f, -1.0f}, {1.5f, 1.0f});
    Aabb m_fixed = makeAabb({3.0f, 0.5f}, {2.0f, 2.5f});
    float m_speed = 8.0f;
    float m_panelLeftPx = 0.0f;
    float m_panelRightPx = 0.0f;
    int m_panelAge = 1000; // frames drawn since drawPanel last ran
};

const SandboxSceneRegistrar<AabbTutorialScene> registrar{"Collision", "AABB tutorial"};

} // namespace

} // namespace oblique::sandbox
