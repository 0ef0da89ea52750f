#include "described_scene.hpp"

#include "oblique/scene_world.hpp"
#include "sandbox_math.hpp"

namespace oblique::sandbox
{

void DescribedScene::load(SceneContext& context)
{
    SceneInstance instance = instantiate(m_scene);
    *context.world = std::move(instance.world);
    if (context.bodies != nullptr)
    {
        *context.bodies = std::move(instance.bodies);
    }
    if (context.camera != nullptr)
    {
        frameBounds(*context.camera, sceneFrameBounds(m_scene));
    }
}

} // namespace oblique::sandbox
