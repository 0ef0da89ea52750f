#pragma once
// A scene of the sandbox: a built-in demo or a scene file, shown in the window and stepped by the
// app. Built-in scenes register themselves (see SandboxSceneRegistrar), so adding one is adding
// one source file.

#include "oblique/debug_draw.hpp"
#include "oblique/scene.hpp"
#include "oblique/sfml/camera_2d.hpp"
#include "oblique/sfml/game_time.hpp"
#include "oblique/sfml/input.hpp"
#include "oblique/world.hpp"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace oblique::sandbox
{

// What a scene may use while it runs. The app owns all of it.
struct SceneContext
{
    World* world = nullptr;                // the physics world the app steps (fresh for every load)
    std::vector<BodyId>* bodies = nullptr; // bodies in scene order, for scenes made from a Scene
    const Input* input = nullptr;          // this update's keyboard and mouse snapshots
    Camera2D* camera = nullptr;            // world <-> screen; the scene may frame itself on load
    bool paused = false;                   // the app is paused (the scene may still react to input)
};

class SandboxScene
{
public:
    virtual ~SandboxScene() = default;

    // Builds the scene into context.world (empty and with default settings when called), and
    // frames the camera. Called on open, restart and reload.
    virtual void load(SceneContext& context) = 0;

    // Called once per fixed update before the app steps the world (not while paused unless
    // reactsWhilePaused()); read input here, move kinematic bodies, run character movers.
    virtual void update(SceneContext& context, const GameTime& time)
    {
        (void)context;
        (void)time;
    }

    // Extra world-space drawing on top of the world's debug draw (handles, arrows, overlays).
    virtual void draw(SceneContext& context, DebugDraw& drawer)
    {
        (void)context;
        (void)drawer;
    }

    // The scene's own Dear ImGui controls, drawn inside the app's settings window.
    virtual void drawPanel(SceneContext& context) { (void)context; }

    // False for scenes that are not physics (teaching demos): the app does not step the world
    // and hides the physics-only controls.
    virtual bool stepsWorld() const { return true; }

    // Whether update() is also called while the app is paused (once per app update then, with
    // context.paused set). By default only scenes that do not step the world react while paused.
    virtual bool reactsWhilePaused() const { return !stepsWorld(); }

    // Keys the scene reads itself, which the app's shortcuts then leave alone (a character that
    // jumps with Space; the panel's Pause button still pauses).
    virtual bool claimsKey(Key key) const
    {
        (void)key;
        return false;
    }

    // One or two lines of help shown in the corner (keys and mouse).
    virtual std::string help() const { return {}; }

    // The scene as a scene file could describe it, when it has one (for Box2D side by side and
    // for saving); empty when the scene builds its world some other way.
    virtual const Scene* sceneDescription() const { return nullptr; }
};

// One entry of the scene browser.
struct SceneEntry
{
    std::string category; // e.g. "Physics", "Collision"
    std::string name;
    std::function<std::unique_ptr<SandboxScene>()> make;
};

// Every built-in scene, in the order of registration (sorted by category and name for display).
std::vector<SceneEntry>& builtinScenes();

// Registers a built-in scene at static-initialisation time:
//   static SandboxSceneRegistrar<MyScene> registrar{"Physics", "Pyramid"};
template <typename SceneType>
struct SandboxSceneRegistrar
{
    SandboxSceneRegistrar(std::string category, std::string name)
    {
        builtinScenes().push_back(
            {std::move(category), std::move(name), [] { return std::make_unique<SceneType>(); }});
    }
};

} // namespace oblique::sandbox
