// Bridge: 30 planks hinged end to end and hung between two pillars 27 m apart, so the deck hangs
// in a curve (a catenary) rather than being pulled straight: a straight deck only sags by
// stretching its hinges, and the tension that takes grows without bound as it straightens. A crate
// five times a plank's weight is set down on its middle, a few lighter things beside it. The hinges
// are soft (60 Hz) in soft step, so each gives a few millimetres under the deck's own tension.

#include "joint_scene.hpp"

#include <cmath>
#include <string>
#include <vector>

namespace oblique::sandbox
{

namespace
{

constexpr int kPlanks = 30;
constexpr float kPlankLength = 1.0f;
constexpr float kPlankHalfThickness = 0.125f;
constexpr float kPlankDensity = 8.0f; // kg/m^2: two kilograms a plank
constexpr float kGap = 27.0f;         // between the pillars; the deck is 30 m long
constexpr float kPillarTop = 7.0f;
constexpr Vec2 kLoadHalf{1.0f, 0.625f};
constexpr float kLoadDensity = 4.0f; // kg/m^2: 10 kg, five planks

const char* const kHelp = "Bridge: 30 planks on hinges hung between two pillars, a 10 kg crate (five planks' "
                          "weight) set down on its middle. Drag the crate, or bomb the bridge (X).";
constexpr Aabb kFrame{{-0.5f * kGap - 3.0f, -0.5f}, {0.5f * kGap + 3.0f, 10.0f}};

// The hinges of a chain of `links` links, each `link` long, hung between two points `gap` apart at
// height 0: points on a catenary y = a cosh(x / a), lowered to pass through both, a found by halving the
// range of a until its length between them is the chain's.
std::vector<Vec2> catenaryHinges(int links, float link, float gap)
{
    const float total = link * static_cast<float>(links);
    const float half = 0.5f * gap;
    // The length 2 a sinh(half / a) falls from infinity towards `gap` as a grows.
    float low = 0.05f * gap;
    float high = 1000.0f * gap;
    for (int i = 0; i < 100; ++i)
    {
        const float a = 0.5f * (low + high);
        (2.0f * a * std::sinh(half / a) > total ? low : high) = a;
    }
    const float a = 0.5f * (low + high);
    const float ends = a * std::cosh(half / a);
    std::vector<Vec2> hinges;
    for (int i = 0; i <= links; ++i)
    {
        // A point s along the curve from its lowest point is at x = a asinh(s / a).
        const float s = link * static_cast<float>(i) - 0.5f * total;
        const float x = a * std::asinh(s / a);
        hinges.push_back({x, a * std::cosh(x / a) - ends});
    }
    // The end hinges are put exactly on the pillars; the rounding this corrects is far below a
    // millimetre.
    hinges.front() = {-half, 0.0f};
    hinges.back() = {half, 0.0f};
    return hinges;
}

class BridgeScene final : public JointScene
{
public:
    BridgeScene() : JointScene(kHelp, kFrame) {}

private:
    void build(World& world) override
    {
        // For the ngs solver (soft step ignores these): Box2D 2.4's 8 and 3 leave a 31-hinge chain
        // under load stretched by nearly 2 cm; 20 and 10 bring it within half a centimetre.
        world.setIterations(20, 10);
        addBody(bodyAt(BodyType::Static, {0.0f, -0.5f}), boxShape({0.5f * kGap + 6.0f, 0.5f}), "ground");
        const Vec2 pillarHalf{1.0f, 0.5f * kPillarTop};
        const BodyId left = addBody(bodyAt(BodyType::Static, {-0.5f * kGap - pillarHalf.x, pillarHalf.y}),
                                    boxShape(pillarHalf), "left pillar");
        const BodyId right = addBody(bodyAt(BodyType::Static, {0.5f * kGap + pillarHalf.x, pillarHalf.y}),
                                     boxShape(pillarHalf), "right pillar");

        const std::vector<Vec2> hinges = catenaryHinges(kPlanks, kPlankLength, kGap);
        const Vec2 raise{0.0f, kPillarTop};
        BodyId previous = left;
        for (int i = 0; i < kPlanks; ++i)
        {
            const Vec2 from = hinges[static_cast<std::size_t>(i)] + raise;
            const Vec2 to = hinges[static_cast<std::size_t>(i) + 1] + raise;
            const Vec2 along = to - from;
            const Vec2 up = normalize(Vec2{-along.y, along.x});
            // The deck's top face runs through the hinges, so what lies on it rests on the curve.
            const BodyId plank =
                addBody(bodyAt(BodyType::Dynamic, 0.5f * (from + to) - kPlankHalfThickness * up,
                               std::atan2(along.y, along.x)),
                        withMaterial(boxShape({0.5f * length(along), kPlankHalfThickness}), kPlankDensity),
                        "plank " + std::to_string(i));
            addJoint(jointDef(previous, plank, hingeAt(from)), "hinge " + std::to_string(i));
            previous = plank;
        }
        addJoint(jointDef(previous, right, hingeAt(hinges.back() + raise)),
                 "hinge " + std::to_string(kPlanks));

        const float deckMiddle = hinges[static_cast<std::size_t>(kPlanks / 2)].y + kPillarTop;
        addBody(bodyAt(BodyType::Dynamic, {0.0f, deckMiddle + kLoadHalf.y + 0.3f}),
                withMaterial(boxShape(kLoadHalf), kLoadDensity), "load");
        // Lighter things over some of the hinges: three boxes and a ball.
        for (const int i : {5, 8, 22, 25})
        {
            const Vec2 at = hinges[static_cast<std::size_t>(i)] + raise + Vec2{0.0f, 0.6f};
            addBody(bodyAt(BodyType::Dynamic, at), i == 25 ? circleShape(0.4f) : boxShape({0.4f, 0.4f}));
        }
    }
};

const SandboxSceneRegistrar<BridgeScene> registrar{"Joints", "Bridge"};

} // namespace

} // namespace oblique::sandbox
