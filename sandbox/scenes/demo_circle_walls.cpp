// Circle among rotated walls: a top-down player that slides along slanted walls instead of sticking
// to them. The player is not a body; each update asks the world's character mover where a circle
// moved by the arrow keys ends up, and the pushes it received (normals and minimum translation
// vectors) are drawn where they happened.

#include "demo_logic.hpp"
#include "demo_ui.hpp"
#include "sandbox_scene.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <imgui.h>
#include <numbers>
#include <string>
#include <vector>

namespace oblique::sandbox
{

namespace
{

constexpr Color kPlayerColor{0.3f, 0.85f, 1.0f, 1.0f};
constexpr Color kNormalColor{0.3f, 1.0f, 0.4f, 1.0f};
constexpr Color kMtvColor{1.0f, 0.85f, 0.2f, 1.0f};
constexpr Color kPointColor{1.0f, 0.3f, 0.3f, 1.0f};
constexpr Color kTextColor{0.9f, 0.9f, 0.9f, 1.0f};

constexpr float kMinRadius = 0.05f;
constexpr float kMaxRadius = 3.0f;
constexpr Vec2 kStart{-3.0f, 3.0f};

struct Wall
{
    Vec2 center;
    Vec2 halfExtents;
    float degrees;
};

// An arena with walls at many angles: shallow and steep slopes, a V to get wedged in, a narrow
// slanted corridor and a pillar turned 45 degrees whose corner the player slides around.
constexpr Wall kWalls[] = {
    {{0.0f, -11.0f}, {17.5f, 0.5f}, 0.0f}, // outer walls
    {{0.0f, 11.0f}, {17.5f, 0.5f}, 0.0f},
    {{-17.0f, 0.0f}, {0.5f, 10.5f}, 0.0f},
    {{17.0f, 0.0f}, {0.5f, 10.5f}, 0.0f},
    {{-10.0f, 4.0f}, {4.0f, 0.3f}, 25.0f},
    {{-9.0f, -5.0f}, {3.5f, 0.3f}, -35.0f},
    {{0.0f, 0.0f}, {1.5f, 1.5f}, 45.0f},
    {{5.4f, 3.0f}, {3.0f, 0.3f}, -30.0f}, // V opening upwards, apex near (8, 1.5)
    {{10.6f, 3.0f}, {3.0f, 0.3f}, 30.0f},
    {{8.0f, -6.5f}, {5.0f, 0.25f}, 15.0f}, // slanted corridor, 2 m apart
    {{7.48f, -4.57f}, {5.0f, 0.25f}, 15.0f},
    {{-2.0f, -6.0f}, {2.5f, 0.25f}, 60.0f},
    {{2.5f, 6.5f}, {2.2f, 0.25f}, 80.0f},
    {{-6.0f, 8.0f}, {2.0f, 0.25f}, -10.0f},
};

std::size_t distinctBodies(const std::vector<CharacterHit>& hits)
{
    std::vector<std::uint32_t> seen;
    for (const CharacterHit& hit : hits)
    {
        if (std::find(seen.begin(), seen.end(), hit.body.index) == seen.end())
        {
            seen.push_back(hit.body.index);
        }
    }
    return seen.size();
}

class CircleWallsScene final : public SandboxScene
{
public:
    void load(SceneContext& context) override
    {
        m_position = kStart;
        m_hits.clear();
        if (context.world != nullptr)
        {
            for (const Wall& wall : kWalls)
            {
                BodyDef def;
                def.type = BodyType::Static;
                def.position = wall.center;
                def.angle = wall.degrees * (std::numbers::pi_v<float> / 180.0f);
                context.world->createBody(def, boxShape(wall.halfExtents));
            }
        }
        if (context.camera != nullptr)
        {
            context.camera->setCenter({0.0f, 0.0f});
            context.camera->setZoom(zoomToFit(context.camera->viewportSize(), {36.0f, 23.0f}, 0.95f));
        }
    }

    void update(SceneContext& context, const GameTime& time) override
    {
        if (context.input == nullptr || context.world == nullptr)
        {
            return;
        }
        const Input& input = *context.input;
        const Vec2 direction = keyboardOnUi()
                                   ? Vec2{}
                                   : arrowDirection(input.isKeyDown(Key::Left), input.isKeyDown(Key::Right),
                                                    input.isKeyDown(Key::Down), input.isKeyDown(Key::Up));
        const float dt = handStep(time);
        const Vec2 displacement = (m_speed * dt) * direction;
        const bool moving = lengthSquared(displacement) > 0.0f;
        if (moving)
        {
            m_heading = direction;
        }
        // Run even when standing still: after the radius slider grows the circle into a wall, the
        // mover pushes it back out.
        CharacterMoveResult result = context.world->moveCharacter(Circle{m_position, m_radius}, displacement);
        if (isFinite(result.position))
        {
            m_position = result.position;
        }
        // While moving the pushes of this update are shown (none in the open); standing still keeps
        // the last ones on screen to study them.
        if (moving || !result.hits.empty())
        {
            m_hits = std::move(result.hits);
        }
    }

    void draw(SceneContext& context, DebugDraw& drawer) override
    {
        if (context.camera == nullptr)
        {
            return;
        }
        const float px = context.camera->screenToWorldLength(1.0f);
        drawer.drawSolidCircle(m_position, m_radius, m_heading, kPlayerColor);
        for (const CharacterHit& hit : m_hits)
        {
            drawer.drawPoint(hit.point, 6.0f, kPointColor);
            const Vec2 tip = hit.point + m_normalLength * hit.normal;
            drawThickSegment(drawer, hit.point, tip, 2.5f * px, kNormalColor);
            drawArrow(drawer, hit.point, tip, 10.0f * px, kNormalColor);
            // A push is usually millimetres per update, so it is drawn magnified from the centre.
            drawArrow(drawer, m_position, m_position + m_mtvScale * hit.translation, 8.0f * px, kMtvColor);
        }
        if (!m_hits.empty())
        {
            char text[64];
            // The mover pushes in several passes, so one wall can push more than once per update.
            const std::size_t walls = distinctBodies(m_hits);
            std::snprintf(text, sizeof text, "%zu push%s from %zu wall%s", m_hits.size(),
                          m_hits.size() == 1 ? "" : "es", walls, walls == 1 ? "" : "s");
            drawer.drawString(m_position + Vec2{m_radius + 4.0f * px, m_radius + 4.0f * px}, text,
                              kTextColor);
        }
    }

    void drawPanel(SceneContext& context) override
    {
        (void)context;
        ImGui::SliderFloat("speed (m/s)", &m_speed, 0.5f, 30.0f, "%.1f", ImGuiSliderFlags_AlwaysClamp);
        ImGui::SliderFloat("radius (m)", &m_radius, kMinRadius, kMaxRadius, "%.2f",
                           ImGuiSliderFlags_AlwaysClamp);
        m_radius = std::clamp(m_radius, kMinRadius, kMaxRadius);
        ImGui::SliderFloat("normal length (m)", &m_normalLength, 0.2f, 4.0f, "%.1f",
                           ImGuiSliderFlags_AlwaysClamp);
        ImGui::SliderFloat("MTV magnification", &m_mtvScale, 1.0f, 200.0f, "x%.0f",
                           ImGuiSliderFlags_AlwaysClamp);
        if (ImGui::Button("back to start"))
        {
            m_position = kStart;
            m_hits.clear();
        }
        ImGui::Separator();
        ImGui::Text("position (%.2f, %.2f)", static_cast<double>(m_position.x),
                    static_cast<double>(m_position.y));
        ImGui::Text("last pushes: %zu from %zu walls", m_hits.size(), distinctBodies(m_hits));
        for (const CharacterHit& hit : m_hits)
        {
            ImGui::BulletText("body %u: normal (%.2f, %.2f), MTV %.1f mm", hit.body.index,
                              static_cast<double>(hit.normal.x), static_cast<double>(hit.normal.y),
                              static_cast<double>(1000.0f * length(hit.translation)));
        }
    }

    bool stepsWorld() const override { return false; }

    std::string help() const override
    {
        return "Arrow keys: move the circle; it slides along walls (green: hit normals, yellow: "
               "magnified MTVs).";
    }

private:
    Vec2 m_position = kStart;
    Vec2 m_heading{1.0f, 0.0f};
    float m_radius = 0.5f;
    float m_speed = 6.0f;
    float m_normalLength = 2.0f;
    float m_mtvScale = 10.0f;
    std::vector<CharacterHit> m_hits;
};

const SandboxSceneRegistrar<CircleWallsScene> registrar{"Collision", "Circle among rotated walls"};

} // namespace

} // namespace oblique::sandbox
