#pragma once
// What the Joints scenes share. Each builds its bodies and joints straight into the world through
// the public API, and drives them (motors, timers, keys) as it runs, so none is a scene
// description: they do not run in Box2D side by side (saving one writes its bodies and joints as
// they are, without break thresholds, as a file that does). Bodies and joints may be given names,
// which the scene's controls and the tests find them by. Joints that break are marked where they
// broke for a few seconds and listed in the panel.

#include "sandbox_scene.hpp"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace oblique::sandbox
{

// A joint that broke while the scene ran.
struct JointBreak
{
    std::string name; // the joint's name, or "joint" when it had none
    Vec2 where;       // body B's centre of mass at the end of the step it broke in
    Vec2 force;       // what it had to apply, N
    float torque = 0.0f;
    float time = 0.0f; // scene time, s
};

class JointScene : public SandboxScene
{
public:
    JointScene(std::string help, Aabb frame) : m_help(std::move(help)), m_frame(frame) {}

    // Forgets the last run, builds the scene into the fresh world and frames `frame`.
    void load(SceneContext& context) final;
    // Notes the joints that broke in the last step, then lets the scene drive what it drives.
    void update(SceneContext& context, const GameTime& time) final;
    // Where joints broke lately. Scenes that draw more call this too.
    void draw(SceneContext& context, DebugDraw& drawer) override;
    // The joints that broke so far. Scenes with controls call this too.
    void drawPanel(SceneContext& context) override;
    std::string help() const override { return m_help; }

    // The body or joint built under this name, or a null handle.
    BodyId body(std::string_view name) const;
    JointId joint(std::string_view name) const;
    const std::vector<JointBreak>& breaks() const { return m_breaks; }
    // Seconds simulated since load.
    float time() const { return m_time; }

protected:
    // Makes the scene's bodies and joints with addBody, addShape and addJoint.
    virtual void build(World& world) = 0;
    // Before each step: motors, timers, keys. dt is the coming step's length.
    virtual void control(SceneContext& context, float dt)
    {
        (void)context;
        (void)dt;
    }

    // In build() or control(): a body listed in the app's scene order, a shape added to it, a joint.
    BodyId addBody(const BodyDef& def, const ShapeDef& shape, std::string name = {});
    ShapeId addShape(BodyId body, const ShapeDef& shape);
    JointId addJoint(const JointDef& def, std::string name = {});

private:
    std::string m_help;
    Aabb m_frame;
    World* m_world = nullptr;
    std::vector<BodyId>* m_bodies = nullptr;
    std::vector<std::pair<std::string, BodyId>> m_bodyNames;
    std::vector<std::pair<std::string, JointId>> m_jointNames;
    std::vector<JointBreak> m_breaks;
    float m_time = 0.0f;
};

// A joint definition from its bodies and its type's parameters.
template <class Params>
JointDef jointDef(BodyId a, BodyId b, const Params& params, bool collideConnected = false)
{
    JointDef def;
    def.bodyA = a;
    def.bodyB = b;
    def.collideConnected = collideConnected;
    def.params = params;
    return def;
}

// A hinge at a world point.
inline RevoluteJointDef hingeAt(Vec2 anchor)
{
    RevoluteJointDef hinge;
    hinge.anchor = anchor;
    return hinge;
}

// A hinge at a world point that keeps B's turn relative to A within [lower, upper] radians.
inline RevoluteJointDef limitedHingeAt(Vec2 anchor, float lower, float upper)
{
    RevoluteJointDef hinge = hingeAt(anchor);
    hinge.enableLimit = true;
    hinge.lowerAngle = lower;
    hinge.upperAngle = upper;
    return hinge;
}

// A body definition of this type at this place.
inline BodyDef bodyAt(BodyType type, Vec2 position, float angle = 0.0f)
{
    BodyDef def;
    def.type = type;
    def.position = position;
    def.angle = angle;
    return def;
}

// A shape definition with this density, friction and restitution.
inline ShapeDef withMaterial(ShapeDef shape, float density, float friction = 0.6f, float restitution = 0.0f)
{
    shape.density = density;
    shape.friction = friction;
    shape.restitution = restitution;
    return shape;
}

} // namespace oblique::sandbox
