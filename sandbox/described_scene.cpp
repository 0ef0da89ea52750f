#include "described_scene.hpp"

#include "oblique/scene_world.hpp"
#include "sandbox_math.hpp"

#include <algorithm>

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
        frameBounds(*context.camera, m_frame ? *m_frame : sceneFrameBounds(m_scene));
    }
}

BodyId findBody(const Scene& scene, const std::vector<BodyId>& bodies, std::string_view name)
{
    const std::size_t count = std::min(scene.bodies.size(), bodies.size());
    for (std::size_t i = 0; i < count; ++i)
    {
        if (scene.bodies[i].name == name)
        {
            return bodies[i];
        }
    }
    return {};
}

} // namespace oblique::sandbox
