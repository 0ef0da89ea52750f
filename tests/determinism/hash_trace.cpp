// oblique-hash-trace: steps a fixed set of worlds in both solvers and prints the state hash after
// every step, one line each. Two builds of the same source (GCC and Clang, any optimisation
// level) must print the same text; scripts/check-cross-compiler compares them.
//
// usage: oblique-hash-trace SCENES_DIR [STEPS]
// The worlds: every scene file in SCENES_DIR, every robustness scene, the builders' jointed and
// compound scenes, piles woken from sleep, and random worlds that create and destroy bodies and
// joints as they run.

#include "oblique/robustness_scenes.hpp"
#include "oblique/scene.hpp"
#include "oblique/scene_builders.hpp"
#include "oblique/scene_world.hpp"
#include "oblique/world.hpp"
#include "random_world.hpp"

#include <algorithm>
#include <charconv>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace
{

using namespace oblique;
using oblique::test::RandomWorld;

const char* nameOf(Solver solver)
{
    return solver == Solver::Ngs ? "ngs" : "soft-step";
}

void traceRandomWorld(std::uint64_t seed, Solver solver, int steps)
{
    RandomWorld random(seed, solver);
    for (int step = 1; step <= steps; ++step)
    {
        random.step(step);
        std::printf("random-%" PRIu64 " %s %d %016" PRIx64 "\n", seed, nameOf(solver), step,
                    random.world.stateHash());
    }
}

void traceScene(const std::string& name, const Scene& scene, Solver solver, int steps)
{
    SceneInstance instance = instantiate(scene);
    instance.world.setSolver(solver);
    for (int step = 1; step <= steps; ++step)
    {
        instance.world.step(scene.world.timeStep);
        std::printf("%s %s %d %016" PRIx64 "\n", name.c_str(), nameOf(solver), step,
                    instance.world.stateHash());
    }
}

// Three small pyramids on a ground, a hinged pair of boxes and a sensor, left to fall asleep;
// then, every 120 steps, one is woken another way: a ball dropped on it, an impulse, a body taken
// out of it, a joint made to it, a body moved by hand. Waking walks from the awake bodies into
// sleeping islands (island.cpp); these are the steps where that walk must equal a scan of every
// contact.
void traceWokenPiles(Solver solver, int steps)
{
    World world;
    world.setSolver(solver);
    BodyDef ground;
    ground.type = BodyType::Static;
    ground.position = {0.0f, -1.0f};
    world.createBody(ground, boxShape({40.0f, 1.0f}));
    ShapeDef sensor = boxShape({1.0f, 3.0f});
    sensor.isSensor = true;
    ground.position = {15.0f, 2.0f};
    world.createBody(ground, sensor);
    std::vector<BodyId> boxes;
    for (const float x : {-15.0f, 0.0f, 15.0f})
    {
        for (int row = 0; row < 6; ++row)
        {
            for (int i = 0; i < 6 - row; ++i)
            {
                BodyDef box;
                box.position = {x + (static_cast<float>(i) - 0.5f * static_cast<float>(5 - row)) * 1.05f,
                                0.5f + static_cast<float>(row)};
                boxes.push_back(world.createBody(box, boxShape({0.5f, 0.5f})));
            }
        }
    }
    BodyDef rod;
    rod.position = {-28.0f, 0.25f};
    const BodyId rodA = world.createBody(rod, boxShape({1.0f, 0.25f}));
    rod.position = {-26.0f, 0.25f};
    const BodyId rodB = world.createBody(rod, boxShape({1.0f, 0.25f}));
    JointDef hinge;
    hinge.bodyA = rodA;
    hinge.bodyB = rodB;
    hinge.params = RevoluteJointDef{.anchor = {-27.0f, 0.25f}};
    world.createJoint(hinge);
    for (int step = 1; step <= steps; ++step)
    {
        if (step % 120 == 0)
        {
            switch (step / 120 % 5)
            {
            case 1:
            {
                BodyDef ball;
                ball.position = {-15.2f, 9.0f};
                world.createBody(ball, circleShape(0.4f));
                break;
            }
            case 2:
                world.applyLinearImpulse(boxes[0], {0.0f, 2.0f}, world.position(boxes[0]));
                break;
            case 3:
                world.destroyBody(boxes[30]);
                boxes.erase(boxes.begin() + 30);
                break;
            case 4:
                hinge.bodyA = rodB;
                hinge.bodyB = boxes[boxes.size() - 1];
                hinge.params = RevoluteJointDef{.anchor = world.position(rodB)};
                world.createJoint(hinge);
                break;
            default:
                world.setTransform(boxes[boxes.size() - 2],
                                   world.position(boxes[boxes.size() - 2]) + Vec2{0.0f, 0.01f}, 0.0f);
                break;
            }
        }
        world.step(1.0f / 60.0f);
        std::printf("woken_piles %s %d %016" PRIx64 "\n", nameOf(solver), step, world.stateHash());
    }
}

int run(const std::filesystem::path& scenesDir, int steps)
{
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(scenesDir))
    {
        if (entry.path().extension() == ".json")
        {
            files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    for (const Solver solver : {Solver::SoftStep, Solver::Ngs})
    {
        for (const auto& file : files)
        {
            traceScene(file.stem().string(), loadScene(file), solver, steps);
        }
        for (const scenes::RobustnessScene& scene : scenes::robustnessScenes())
        {
            // The 100-row pyramid is the slowest by far; its first seconds are where it moves.
            traceScene(std::string(scene.id), scene.build(), solver,
                       scene.id == "large_pyramid" ? steps / 4 : steps);
        }
        traceScene("compound_bodies", scenes::compoundBodies(), solver, steps);
        traceScene("tumbler", scenes::tumblerDrum(), solver, steps / 4);
        traceScene("joint_grid", scenes::jointGrid(20), solver, steps);
        traceScene("ragdoll_pile", scenes::ragdollPile(6), solver, steps);
        traceWokenPiles(solver, steps);
        for (std::uint64_t seed = 1; seed <= 8; ++seed)
        {
            traceRandomWorld(seed, solver, steps);
        }
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2 || argc > 3)
    {
        std::fprintf(stderr, "usage: oblique-hash-trace SCENES_DIR [STEPS]\n");
        return 2;
    }
    int steps = 600;
    if (argc == 3)
    {
        const std::string_view text = argv[2];
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), steps);
        if (error != std::errc{} || end != text.data() + text.size() || steps < 4)
        {
            std::fprintf(stderr, "oblique-hash-trace: STEPS must be a whole number >= 4, not '%s'\n",
                         argv[2]);
            return 2;
        }
    }
    try
    {
        return run(argv[1], steps);
    }
    catch (const std::exception& error)
    {
        std::fprintf(stderr, "oblique-hash-trace: %s\n", error.what());
        return 2;
    }
}
