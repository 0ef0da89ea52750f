// The standard physics scenes, built with the same builders the tests and benchmarks use, so "the
// 20-row pyramid" here is the one they measure. Each is a Scene, so it can be saved and run in
// Box2D side by side.

#include "described_scene.hpp"
#include "oblique/scene_builders.hpp"

namespace oblique::sandbox
{

namespace
{

class PyramidScene final : public DescribedScene
{
public:
    PyramidScene()
        : DescribedScene(scenes::pyramid(20), "210 unit boxes in 20 rows: a test of stacking stability and "
                                              "sleeping. Drag a box out of the base.")
    {
    }
};

class VerticalStackScene final : public DescribedScene
{
public:
    VerticalStackScene()
        : DescribedScene(scenes::verticalStack(10), "10 unit boxes stacked exactly: a good stack stands "
                                                    "still and falls asleep.")
    {
    }
};

class DominoesScene final : public DescribedScene
{
public:
    DominoesScene()
        : DescribedScene(scenes::dominoes(24), "24 thin dominoes; the first is tipped and topples the rest.")
    {
    }
};

class RampsScene final : public DescribedScene
{
public:
    RampsScene()
        : DescribedScene(scenes::ramps(), "Three 30-degree ramps, box frictions 0.42, 0.5 and 1.0: the first "
                                          "two slide slowly, the third sticks.")
    {
    }
};

class RestitutionScene final : public DescribedScene
{
public:
    RestitutionScene()
        : DescribedScene(scenes::restitutionRow(),
                         "Balls with restitution 0, 0.25, 0.5, 0.75 and 1 dropped from 4 m.")
    {
    }
};

class RainScene final : public DescribedScene
{
public:
    RainScene()
        : DescribedScene(scenes::rain(2000), "2,000 boxes and circles of mixed sizes rain into a container.")
    {
    }
};

class CompoundBodiesScene final : public DescribedScene
{
public:
    CompoundBodiesScene()
        : DescribedScene(
              scenes::compoundBodies(),
              "Bodies of several shapes: a table with crates, an L and a T dropped turning, a hammer "
              "thrown end over end, a cart on round feet rolling down a ramp.")
    {
    }
};

class ShelvesOfPyramidsScene final : public DescribedScene
{
public:
    ShelvesOfPyramidsScene()
        : DescribedScene(scenes::manyPyramids(6, 8, 10),
                         "48 ten-row pyramids on 6 shelves of one static body: Box2D v3's many-pyramids "
                         "benchmark at an eighth of its size.")
    {
    }
};

class TumblerDrumScene final : public DescribedScene
{
public:
    TumblerDrumScene()
        : DescribedScene(scenes::tumblerDrum(),
                         "A drum of eight walls that is one kinematic body, turning with 120 boxes and balls "
                         "inside.")
    {
    }
};

const SandboxSceneRegistrar<PyramidScene> pyramidRegistrar{"Physics", "Pyramid"};
const SandboxSceneRegistrar<VerticalStackScene> stackRegistrar{"Physics", "Vertical stack"};
const SandboxSceneRegistrar<DominoesScene> dominoesRegistrar{"Physics", "Dominoes"};
const SandboxSceneRegistrar<RampsScene> rampsRegistrar{"Physics", "Ramps"};
const SandboxSceneRegistrar<RestitutionScene> restitutionRegistrar{"Physics", "Restitution row"};
const SandboxSceneRegistrar<RainScene> rainRegistrar{"Physics", "Rain"};
const SandboxSceneRegistrar<CompoundBodiesScene> compoundRegistrar{"Physics", "Compound bodies"};
const SandboxSceneRegistrar<TumblerDrumScene> drumRegistrar{"Physics", "Tumbler drum"};
const SandboxSceneRegistrar<ShelvesOfPyramidsScene> shelvesRegistrar{"Physics", "Shelves of pyramids"};

} // namespace

} // namespace oblique::sandbox
