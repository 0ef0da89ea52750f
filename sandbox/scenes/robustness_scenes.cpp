// The robustness suite's scenes under "Robustness", built by the same builders the suite's tests
// judge, so what is watched here is what is measured there.

#include "oblique/robustness_scenes.hpp"

#include "described_scene.hpp"

#include <memory>
#include <string>

namespace oblique::sandbox
{

namespace
{

// Registers the whole table at once: its entries are data, not one class each.
const bool registered = []
{
    for (const scenes::RobustnessScene& entry : scenes::robustnessScenes())
    {
        builtinScenes().push_back({"Robustness", std::string(entry.name), [&entry] {
                                       return std::make_unique<DescribedScene>(entry.build(),
                                                                               std::string(entry.expect));
                                   }});
    }
    return true;
}();

} // namespace

} // namespace oblique::sandbox
