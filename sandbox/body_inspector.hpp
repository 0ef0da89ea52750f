#pragma once
// The body inspector: one body the user picked, called by the name its scene gives it and
// described in full for the panel (shapes, mass, motion, sleep, contacts with their impulses,
// joints), and outlined in the view.

#include "oblique/debug_draw.hpp"
#include "oblique/scene.hpp"
#include "oblique/world.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace oblique::sandbox
{

// How the sandbox calls bodies: by the name the scene gives them, else by their place in the
// scene's list ("body 12", the index Box2D's divergence readout uses too), else, for a body the
// scene never listed, by its slot in the world ("world body 3").
class BodyNames
{
public:
    // scene may be null (a scene built in code); bodies are the scene's, in its order.
    BodyNames(const Scene* scene, const std::vector<BodyId>& bodies) : m_scene(scene), m_bodies(bodies) {}

    // The body's index in the scene's list, or -1 when it is not there.
    int sceneIndex(BodyId id) const;
    std::string name(BodyId id) const;
    // The listed body that name() calls `name`, or a null handle.
    BodyId find(std::string_view name) const;

private:
    const Scene* m_scene;
    const std::vector<BodyId>& m_bodies;
};

// The body under a world point, as a click picks it: a dynamic body before a kinematic one before
// a static one (what can be dragged comes first), and of those the one drawn on top (the highest
// slot). A null handle when the point is in no body.
BodyId bodyAt(const World& world, Vec2 point);

// The inspector's text: a line for each fact, shapes, contacts and joints one a line under a
// heading line of their own (indented by two spaces).
std::vector<std::string> describeBody(const World& world, BodyId id, const BodyNames& names);

// Outlines every shape of the body.
void outlineBody(const World& world, BodyId id, DebugDraw& drawer, Color color);

// The inspected body. The selection is a handle, and a handle from the world a scene switch
// replaced may name a body of the new world: the app clears it whenever it installs a world.
class BodyInspector
{
public:
    void select(BodyId id) { m_selected = id; }
    void clear() { m_selected = {}; }
    // The selection, cleared first when its body has been destroyed.
    BodyId selected(const World& world);
    BodyId selected() const { return m_selected; }

private:
    BodyId m_selected;
};

// The colour the inspected body (and its Box2D twin) is outlined in.
inline constexpr Color kInspectedColor{1.0f, 0.25f, 0.85f, 1.0f};

} // namespace oblique::sandbox
