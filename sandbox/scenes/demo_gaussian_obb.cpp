// Gaussian to OBB: the oriented box that bounds a 2D normal distribution's k-sigma ellipse. The
// covariance comes from sliders (two standard deviations and a correlation); the 1, 2 and 3 sigma
// ellipses are drawn from its eigen decomposition, with the box obbFromGaussian fits around each,
// and seeded samples show how much of the distribution each contour holds.

#include "demo_logic.hpp"
#include "demo_ui.hpp"
#include "oblique/gaussian.hpp"
#include "sandbox_scene.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <imgui.h>
#include <numbers>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace oblique::sandbox
{

namespace
{

constexpr std::array<Color, 3> kSigmaColors{Color{0.35f, 0.9f, 1.0f, 1.0f}, Color{0.55f, 0.6f, 1.0f, 1.0f},
                                            Color{0.9f, 0.45f, 1.0f, 1.0f}};
constexpr Color kSampleColor{0.85f, 0.85f, 0.85f, 0.75f};
constexpr Color kAxisColor{0.7f, 0.7f, 0.7f, 0.6f};
constexpr Color kMeanColor{1.0f, 0.85f, 0.25f, 1.0f};
constexpr Color kTextColor{0.9f, 0.9f, 0.9f, 1.0f};

constexpr float kMinSigma = 0.05f;
constexpr float kMaxSigma = 6.0f;
constexpr float kMaxCorrelation = 0.99f;

class GaussianObbScene final : public SandboxScene
{
public:
    void load(SceneContext& context) override
    {
        m_dragging = false;
        if (context.camera != nullptr)
        {
            context.camera->setCenter({0.0f, 0.0f});
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
        const Vec2 mouse = input.mouseWorld(*context.camera);
        if (!isFinite(mouse))
        {
            return;
        }
        // Left drag anywhere carries the mean along, keeping the offset from where it was grabbed.
        if (input.wasButtonPressed(MouseButton::Left) && !mouseOnUi())
        {
            m_dragging = true;
            m_grabOffset = m_mean - mouse;
        }
        if (!input.isButtonDown(MouseButton::Left))
        {
            m_dragging = false;
        }
        if (m_dragging)
        {
            const Vec2 mean = mouse + m_grabOffset;
            m_mean = {std::clamp(mean.x, -100.0f, 100.0f), std::clamp(mean.y, -100.0f, 100.0f)};
        }
    }

    void draw(SceneContext& context, DebugDraw& drawer) override
    {
        if (context.camera == nullptr)
        {
            return;
        }
        const float px = context.camera->screenToWorldLength(1.0f);
        const Mat22 covariance = currentCovariance();
        refreshSamples(covariance);

        if (m_showSamples)
        {
            for (const Vec2 p : m_samples)
            {
                drawer.drawPoint(p, 3.0f, kSampleColor);
            }
        }

        const SymmetricEigen eigen = eigenSymmetric(covariance);
        if (m_showAxes)
        {
            // The eigenvectors out to 3 sigma: the ellipses' and the boxes' common axes.
            const Vec2 u{std::cos(eigen.angle), std::sin(eigen.angle)};
            const Vec2 major = (3.0f * std::sqrt(std::max(eigen.lambda1, 0.0f))) * u;
            const Vec2 minor = (3.0f * std::sqrt(std::max(eigen.lambda2, 0.0f))) * perp(u);
            drawer.drawSegment(m_mean - major, m_mean + major, kAxisColor);
            drawer.drawSegment(m_mean - minor, m_mean + minor, kAxisColor);
        }

        for (int k = 1; k <= 3; ++k)
        {
            const Color color = kSigmaColors[static_cast<std::size_t>(k - 1)];
            const float kf = static_cast<float>(k);
            const std::vector<Vec2> ellipse = sigmaEllipse(m_mean, covariance, kf, 128);
            drawer.drawPolygon(ellipse, color);
            if (m_boxK != 0 && m_boxK != k)
            {
                continue;
            }
            if (const std::optional<Obb> box = fitBox(covariance, kf))
            {
                const auto c = corners(*box);
                drawer.drawPolygon(c, color);
                char label[32];
                std::snprintf(label, sizeof label, "%d sigma", k);
                drawer.drawString(c[2] + Vec2{3.0f * px, 3.0f * px}, label, color);
            }
        }
        drawer.drawPoint(m_mean, 7.0f, kMeanColor);
        drawer.drawString(m_mean + Vec2{5.0f * px, -5.0f * px}, "mean", kTextColor);
    }

    void drawPanel(SceneContext& context) override
    {
        (void)context;
        ImGui::SliderFloat("sigma x (m)", &m_sigmaX, kMinSigma, kMaxSigma, "%.2f",
                           ImGuiSliderFlags_AlwaysClamp);
        ImGui::SliderFloat("sigma y (m)", &m_sigmaY, kMinSigma, kMaxSigma, "%.2f",
                           ImGuiSliderFlags_AlwaysClamp);
        ImGui::SliderFloat("correlation rho", &m_rho, -kMaxCorrelation, kMaxCorrelation, "%.2f",
                           ImGuiSliderFlags_AlwaysClamp);
        ImGui::DragFloat2("mean (m)", &m_mean.x, 0.05f, -100.0f, 100.0f, "%.2f",
                          ImGuiSliderFlags_AlwaysClamp);
        ImGui::TextUnformatted("OBB for k =");
        ImGui::SameLine();
        ImGui::RadioButton("1", &m_boxK, 1);
        ImGui::SameLine();
        ImGui::RadioButton("2", &m_boxK, 2);
        ImGui::SameLine();
        ImGui::RadioButton("3", &m_boxK, 3);
        ImGui::SameLine();
        ImGui::RadioButton("all", &m_boxK, 0);
        ImGui::Checkbox("eigen axes", &m_showAxes);
        ImGui::Checkbox("samples", &m_showSamples);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(120.0f);
        ImGui::SliderInt("##count", &m_sampleCount, 10, 5000, "%d", ImGuiSliderFlags_AlwaysClamp);
        int seed = static_cast<int>(m_seed);
        if (ImGui::InputInt("seed", &seed))
        {
            m_seed = static_cast<std::uint32_t>(std::max(seed, 0));
        }

        const Mat22 covariance = currentCovariance();
        refreshSamples(covariance);
        const SymmetricEigen eigen = eigenSymmetric(covariance);
        ImGui::Separator();
        ImGui::Text("covariance [%.3f %.3f; %.3f %.3f]", static_cast<double>(covariance.cx.x),
                    static_cast<double>(covariance.cy.x), static_cast<double>(covariance.cx.y),
                    static_cast<double>(covariance.cy.y));
        ImGui::Text("eigenvalues %.3f, %.3f", static_cast<double>(eigen.lambda1),
                    static_cast<double>(eigen.lambda2));
        ImGui::Text("major axis at %.1f deg",
                    static_cast<double>(eigen.angle * (180.0f / std::numbers::pi_v<float>)));
        if (ImGui::BeginTable("sigma", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit))
        {
            ImGui::TableSetupColumn("k");
            ImGui::TableSetupColumn("OBB half size");
            ImGui::TableSetupColumn("in ellipse (expected)");
            ImGui::TableSetupColumn("in box");
            ImGui::TableHeadersRow();
            for (int k = 1; k <= 3; ++k)
            {
                const auto kf = static_cast<float>(k);
                const std::optional<Obb> box = fitBox(covariance, kf);
                const float inEllipse =
                    shareInside([&](Vec2 p) { return mahalanobisSquared(p, m_mean, covariance) <= kf * kf; });
                const float inBox = box ? shareInside([&](Vec2 p) { return contains(*box, p); }) : 0.0f;
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::Text("%d", k);
                ImGui::TableNextColumn();
                if (box)
                {
                    ImGui::Text("%.2f x %.2f", static_cast<double>(box->halfExtents.x),
                                static_cast<double>(box->halfExtents.y));
                }
                ImGui::TableNextColumn();
                ImGui::Text("%5.1f%% (%5.1f%%)", static_cast<double>(100.0f * inEllipse),
                            static_cast<double>(100.0f * massInsideSigma(kf)));
                ImGui::TableNextColumn();
                ImGui::Text("%5.1f%%", static_cast<double>(100.0f * inBox));
            }
            ImGui::EndTable();
        }
    }

    bool stepsWorld() const override { return false; }

    std::string help() const override
    {
        return "Sliders: covariance and mean; left drag: move the mean. Each box bounds its k-sigma "
               "ellipse exactly.";
    }

private:
    Mat22 currentCovariance() const
    {
        return covarianceFrom(m_sigmaX, m_sigmaY, m_rho, kMinSigma, kMaxCorrelation);
    }

    std::optional<Obb> fitBox(const Mat22& covariance, float k) const
    {
        // The sliders keep the covariance valid, but a box that cannot be fitted is better left
        // undrawn than allowed to end the app.
        try
        {
            return obbFromGaussian(m_mean, covariance, k);
        }
        catch (const std::invalid_argument&)
        {
            return std::nullopt;
        }
    }

    void refreshSamples(const Mat22& covariance)
    {
        const bool same = m_samplesMean == m_mean && m_samplesCovariance.cx == covariance.cx &&
                          m_samplesCovariance.cy == covariance.cy && m_samplesCount == m_sampleCount &&
                          m_samplesSeed == m_seed && !m_samples.empty();
        if (same)
        {
            return;
        }
        m_samples = gaussianSamples(m_mean, covariance, m_sampleCount, m_seed);
        m_samplesMean = m_mean;
        m_samplesCovariance = covariance;
        m_samplesCount = m_sampleCount;
        m_samplesSeed = m_seed;
    }

    template <typename Predicate>
    float shareInside(Predicate inside) const
    {
        if (m_samples.empty())
        {
            return 0.0f;
        }
        const auto n = std::count_if(m_samples.begin(), m_samples.end(), inside);
        return static_cast<float>(n) / static_cast<float>(m_samples.size());
    }

    Vec2 m_mean{0.0f, 0.0f};
    float m_sigmaX = 2.0f;
    float m_sigmaY = 1.0f;
    float m_rho = 0.6f;
    int m_boxK = 0; // 1, 2 or 3; 0 draws all three boxes
    bool m_showSamples = true;
    bool m_showAxes = true;
    int m_sampleCount = 500;
    std::uint32_t m_seed = 7;
    bool m_dragging = false;
    Vec2 m_grabOffset;

    std::vector<Vec2> m_samples;
    Vec2 m_samplesMean;
    Mat22 m_samplesCovariance;
    int m_samplesCount = 0;
    std::uint32_t m_samplesSeed = 0;
};

const SandboxSceneRegistrar<GaussianObbScene> registrar{"Collision", "Gaussian to OBB"};

} // namespace

} // namespace oblique::sandbox
