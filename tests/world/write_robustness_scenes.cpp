// Writes every scene of the robustness suite as a scene file, DIR/<id>.json (DIR defaults to the
// repository's scenes/robustness), so the files can be opened in the sandbox and the CLI.
// usage: oblique-write-robustness-scenes [DIR]

#include "oblique/robustness_scenes.hpp"
#include "oblique/scene.hpp"

#include <cstdio>
#include <exception>
#include <filesystem>
#include <string>

int main(int argc, char** argv)
{
    const std::filesystem::path dir =
        argc > 1 ? std::filesystem::path(argv[1]) : std::filesystem::path(OBLIQUE_SCENES_DIR) / "robustness";
    try
    {
        std::filesystem::create_directories(dir);
        for (const oblique::scenes::RobustnessScene& e : oblique::scenes::robustnessScenes())
        {
            const std::filesystem::path file = dir / (std::string(e.id) + ".json");
            oblique::saveScene(e.build(), file);
            std::printf("%s\n", file.string().c_str());
        }
    }
    catch (const std::exception& error)
    {
        std::fprintf(stderr, "oblique-write-robustness-scenes: %s\n", error.what());
        return 1;
    }
    return 0;
}
