// The list built-in scenes register themselves into. A function-local static, so registrars in
// other translation units may run in any order during static initialisation.

#include "sandbox_scene.hpp"

namespace oblique::sandbox
{

std::vector<SceneEntry>& builtinScenes()
{
    static std::vector<SceneEntry> entries;
    return entries;
}

} // namespace oblique::sandbox
