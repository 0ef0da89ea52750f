#pragma once
// A sandbox scene that is a Scene: the world is built from the description, so the scene can be
// saved, reloaded and run in Box2D side by side. Scene files and most physics scenes are these.

#include "sandbox_scene.hpp"

#include <string>
#include <utility>

namespace oblique::sandbox
{

class DescribedScene : public SandboxScene
{
public:
    explicit DescribedScene(Scene scene, std::string help = {})
        : m_scene(std::move(scene)), m_help(std::move(help))
    {
    }

    // Instantiates the description into the context's world and frames what moves.
    void load(SceneContext& context) override;

    std::string help() const override { return m_help; }
    const Scene* sceneDescription() const override { return &m_scene; }

protected:
    Scene m_scene;
    std::string m_help;
};

} // namespace oblique::sandbox
