// Pendulums: a rod and bob on a hinge, a double pendulum (two hinged rods, chaotic: two runs that
// start a hair apart soon part), a ball held at a fixed distance from its peg (a massless rod), and
// a ball on a rope that starts slack, falls, and is caught when the rope goes taut.

#include "joint_scene.hpp"

#include <cmath>
#include <numbers>
#include <string>
#include <utility>

namespace oblique::sandbox
{

namespace
{

constexpr float kPegHeight = 8.2f;
constexpr Vec2 kPegHalf{0.15f, 0.15f};
constexpr float kRodHalfWidth = 0.05f;

const char* const kHelp = "Pendulums: a rod on a hinge, a double pendulum of two hinged rods, a ball held "
                          "at a fixed distance, and a ball on a slack rope that snaps taut. Drag them.";
constexpr Aabb kFrame{{-13.0f, 3.0f}, {14.0f, 9.5f}};

class PendulumsScene final : public JointScene
{
public:
    PendulumsScene() : JointScene(kHelp, kFrame) {}

private:
    BodyId peg(Vec2 pivot, std::string name)
    {
        return addBody(bodyAt(BodyType::Static, pivot + Vec2{0.0f, kPegHalf.y}), boxShape(kPegHalf),
                       std::move(name));
    }

    // A rod of `length` with a ball at its end, its origin at the pivot, turned `angle` from
    // hanging straight down.
    BodyId rodWithBob(Vec2 pivot, float length, float bobRadius, float angle, std::string name)
    {
        const BodyId rod =
            addBody(bodyAt(BodyType::Dynamic, pivot, angle),
                    boxShape({kRodHalfWidth, 0.5f * length}, {0.0f, -0.5f * length}), std::move(name));
        addShape(rod, withMaterial(circleShape(bobRadius, {0.0f, -length}), 2.0f));
        return rod;
    }

    void build(World& /*world*/) override
    {
        constexpr float pi = std::numbers::pi_v<float>;

        const Vec2 single{-9.0f, kPegHeight};
        const BodyId singlePeg = peg(single, "single peg");
        const BodyId rod = rodWithBob(single, 3.0f, 0.35f, -1.0f, "single");
        addJoint(jointDef(singlePeg, rod, hingeAt(single)), "single hinge");

        // Both rods start level, the lower one a little raised, which sends it over the top.
        const Vec2 top{-2.0f, kPegHeight};
        const BodyId topPeg = peg(top, "double peg");
        const BodyId upper = rodWithBob(top, 2.0f, 0.2f, 0.5f * pi, "upper");
        const Vec2 elbow = top + Vec2{2.0f, 0.0f};
        const BodyId lower = rodWithBob(elbow, 2.0f, 0.2f, 0.5f * pi + 0.3f, "lower");
        addJoint(jointDef(topPeg, upper, hingeAt(top)), "shoulder");
        addJoint(jointDef(upper, lower, hingeAt(elbow)), "elbow");

        const Vec2 rodPivot{5.0f, kPegHeight};
        const BodyId rodPeg = peg(rodPivot, "rod peg");
        const Vec2 ballStart = rodPivot + 3.0f * Vec2{std::sin(1.2f), -std::cos(1.2f)};
        const BodyId ball = addBody(bodyAt(BodyType::Dynamic, ballStart), circleShape(0.4f), "ball");
        DistanceJointDef rodDef;
        rodDef.anchorA = rodPivot;
        rodDef.anchorB = ballStart;
        addJoint(jointDef(rodPeg, ball, rodDef), "rod");

        // The rope is 3 m long; the ball starts 2.2 m from the peg, so it falls until it is taut.
        const Vec2 ropePivot{10.0f, kPegHeight};
        const BodyId ropePeg = peg(ropePivot, "rope peg");
        const Vec2 ropeStart = ropePivot + Vec2{2.0f, -1.0f};
        const BodyId weight =
            addBody(bodyAt(BodyType::Dynamic, ropeStart), withMaterial(circleShape(0.35f), 2.0f), "weight");
        DistanceJointDef rope;
        rope.anchorA = ropePivot;
        rope.anchorB = ropeStart;
        rope.length = 3.0f;
        rope.minLength = 0.0f;
        rope.maxLength = 3.0f;
        addJoint(jointDef(ropePeg, weight, rope), "rope");
    }
};

const SandboxSceneRegistrar<PendulumsScene> registrar{"Joints", "Pendulums"};

} // namespace

} // namespace oblique::sandbox
