#pragma once
// A sandbox scene that is a Scene: the world is built from the description, so the scene can be
// saved, reloaded and run in Box2D side by side. Scene files and most physics scenes are these.

#include "sandbox_scene.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace oblique::sandbox
{

class DescribedScene : public SandboxScene
{
public:
    // frame: the region the camera shows on load; without one, what moves (sceneFrameBounds).
    explicit DescribedScene(Scene scene, std::string help = {}, std::optional<Aabb> frame = std::nullopt)
        : m_scene(std::move(scene)), m_help(std::move(help)), m_frame(frame)
    {
    }

    // Instantiates the description into the context's world and frames the camera.
    void load(SceneContext& context) override;

    std::string help() const override { return m_help; }
    const Scene* sceneDescription() const override { return &m_scene; }

protected:
    Scene m_scene;
    std::string m_help;
    std::optional<Aabb> m_frame;
};

// The body the scene names `name`, in a world instantiated from it (bodies in scene order); a
// null handle when no body has that name.
BodyId findBody(const Scene& scene, const std::vector<BodyId>& bodies, std::string_view name);

} // namespace oblique::sandbox
