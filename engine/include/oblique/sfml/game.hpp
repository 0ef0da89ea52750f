#pragma once
/// Game: the base class a small game derives from, with MonoGame's lifecycle (initialize,
/// loadContent, update, draw, unloadContent) around an SFML window and a fixed-step GameLoop.

#include "oblique/debug_draw.hpp"
#include "oblique/sfml/camera_2d.hpp"
#include "oblique/sfml/content_manager.hpp"
#include "oblique/sfml/game_component.hpp"
#include "oblique/sfml/game_loop.hpp"
#include "oblique/sfml/game_time.hpp"
#include "oblique/sfml/graphics_device.hpp"
#include "oblique/sfml/input.hpp"
#include "oblique/sfml/input_collector.hpp"
#include "oblique/sfml/loop_clock.hpp"
#include "oblique/sfml/sfml_debug_draw.hpp"

#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Graphics/RenderTexture.hpp>
#include <SFML/Graphics/RenderWindow.hpp>
#include <SFML/Window/Event.hpp>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace oblique
{

/// The base class of a game.
///
/// run() goes through the lifecycle:
///  1. opens the window (hidden for now), or an off-screen texture in headless mode;
///  2. initialize(): the base initializes the components, then calls loadContent();
///  3. beginRun();
///  4. one update() with a zero GameTime, before the window shows (World::step rejects dt = 0, so
///     step the world only when time.elapsed > 0; variable step can also produce a zero elapsed);
///  5. shows the window and loops: pump window events into the input, then one GameLoop tick
///     (update() as often as the fixed step asks, then draw());
///  6. once exit() was called (or the window closed, or the frame limit was reached):
///     onExiting() (which may cancel an exit), unloadContent(), endRun(), and the window closes.
///
/// Each update first advances input(): the snapshots the event pump filled become current, the
/// former current ones previous. Each draw clears the target with the clear colour, calls draw(),
/// flushes whatever is still batched in debugDraw(), and presents.
///
/// Headless mode renders into an sf::RenderTexture instead of a window and runs on a ManualClock,
/// so each tick is exactly one update and one draw, whatever the machine's speed: `setFrameLimit(n)`
/// ends the run after n draws and `setScreenshotPath` saves the last one as a PNG. It still needs an
/// X display for the OpenGL context (xvfb-run provides one on servers).
///
/// \code
/// class Demo : public oblique::Game
/// {
/// protected:
///     void loadContent() override { m_world.createBody(...); }
///     void update(const oblique::GameTime& t) override
///     {
///         if (input().wasKeyPressed(oblique::Key::Escape)) { exit(); }
///         if (t.elapsed > oblique::GameDuration::zero()) { m_world.step(t.elapsedSeconds()); }
///         Game::update(t);
///     }
///     void draw(const oblique::GameTime& t) override { m_world.draw(debugDraw()); Game::draw(t); }
///     oblique::World m_world;
/// };
/// int main() { Demo demo; demo.setTitle("Demo"); demo.run(); }
/// \endcode
class Game
{
public:
    /// A game with the default settings; nothing opens until run().
    Game();
    /// Destroys the components and closes anything still open.
    virtual ~Game();
    /// Not copyable: components and the window refer to this object.
    Game(const Game&) = delete;
    /// Not copyable.
    Game& operator=(const Game&) = delete;

    /// Runs the game until it exits (see the class comment). Throws std::runtime_error when the
    /// window or off-screen texture cannot be created or the screenshot cannot be written (the
    /// game has shut down cleanly by then), std::logic_error when already running or when headless
    /// without a frame limit. Exceptions from the game's own code propagate.
    void run();
    /// Asks the game to stop at the end of the current tick; that tick draws nothing more.
    void exit();
    /// Skips the draw of the current tick.
    void suppressDraw();
    /// Forgets the real time accumulated so far, so a long load is not caught up with a burst of
    /// updates.
    void resetElapsedTime();

    /// Whether run() is in progress.
    bool isRunning() const { return m_running; }
    /// Whether the window has the input focus (always true headless).
    bool isActive() const { return m_active; }
    /// How many frames have been drawn since run() began.
    long frameCount() const { return m_frameCount; }

    /// Fixed step (default) or variable step; see GameLoop.
    void setFixedTimeStep(bool fixed) { m_loop.setFixedTimeStep(fixed); }
    /// Whether the fixed step is on.
    bool isFixedTimeStep() const { return m_loop.isFixedTimeStep(); }
    /// The fixed step (default 1/60 s).
    void setTargetElapsedTime(GameDuration target) { m_loop.setTargetElapsedTime(target); }
    /// The fixed step.
    GameDuration targetElapsedTime() const { return m_loop.targetElapsedTime(); }
    /// The most real time one tick accounts for (default 500 ms).
    void setMaxElapsedTime(GameDuration maxElapsed) { m_loop.setMaxElapsedTime(maxElapsed); }
    /// The cap on the real time one tick accounts for.
    GameDuration maxElapsedTime() const { return m_loop.maxElapsedTime(); }
    /// Real time the loop has not yet turned into updates (under one fixed step after a tick): how
    /// far the moment being drawn is ahead of game time, for interpolating (see WorldStepper).
    GameDuration accumulatedElapsedTime() const { return m_loop.accumulatedTime(); }

    /// The window (or off-screen texture) size in pixels; default 1280 x 720. Resizes an open window.
    void setWindowSize(unsigned width, unsigned height);
    /// The current window (or texture) size, or the size run() will use.
    sf::Vector2u windowSize() const;
    /// The window title; default "Oblique".
    void setTitle(const std::string& title);
    /// The window title.
    const std::string& title() const { return m_title; }
    /// The colour each frame starts from; default a dark blue-grey.
    void setClearColor(Color color) { m_clearColor = color; }
    /// The colour each frame starts from.
    Color clearColor() const { return m_clearColor; }
    /// Wait for the monitor's refresh when presenting (default on). Set before run().
    void setVerticalSync(bool enabled) { m_verticalSync = enabled; }

    /// Render off-screen on a ManualClock instead of opening a window. Set before run().
    void setHeadless(bool headless) { m_headless = headless; }
    /// Whether run() renders off-screen.
    bool isHeadless() const { return m_headless; }
    /// End the run after this many draws; 0 (default) means no limit. Required headless.
    void setFrameLimit(long frames) { m_frameLimit = frames; }
    /// Save the last frame drawn before the frame limit to this PNG file; empty (default) = none.
    void setScreenshotPath(const std::string& path) { m_screenshotPath = path; }

    /// The keyboard and mouse snapshots of the current update.
    const Input& input() const { return m_input; }
    /// The camera the debug drawer and Input::mouseWorld use; its viewport follows the window size.
    Camera2D& camera() { return m_camera; }
    /// The camera, read-only.
    const Camera2D& camera() const { return m_camera; }
    /// The debug drawer, already pointed at camera() at the start of each draw; flushed at its end.
    SfmlDebugDraw& debugDraw() { return m_debugDraw; }
    /// What draw() renders into: the window, or the off-screen texture headless. Only valid during
    /// run().
    sf::RenderTarget& renderTarget();
    /// The window, or null when headless or not running.
    sf::RenderWindow* window() { return m_window.get(); }
    /// The device over renderTarget(), for SpriteBatch and the viewport. Only valid during run()
    /// (from initialize() on); throws std::logic_error otherwise.
    GraphicsDevice& graphicsDevice();
    /// The game's content, rooted at "Content" beside the executable (then in the current
    /// directory) until told otherwise; Game::unloadContent() unloads it.
    ContentManager& content() { return m_content; }
    /// The time values of the latest update or draw.
    const GameTime& gameTime() const { return m_loop.gameTime(); }

    /// Adds a component the game owns, updated (and drawn, if drawable) in order from the next walk
    /// on. Components added after initialize() are initialized right away.
    GameComponent& addComponent(std::unique_ptr<GameComponent> component);
    /// Builds a component of type T with (*this, args...) and adds it.
    template <class T, class... Args>
    T& addComponent(Args&&... args)
    {
        auto component = std::make_unique<T>(*this, std::forward<Args>(args)...);
        T& ref = *component;
        addComponent(std::move(component));
        return ref;
    }
    /// Removes and destroys a component; during a walk, the destruction waits until the walk ends
    /// and the removed component is skipped. Returns false when it is not one of this game's.
    bool removeComponent(GameComponent& component);
    /// How many components the game holds.
    std::size_t componentCount() const { return m_components.size(); }

protected:
    /// Sets up what does not need content. The base initializes the components, then calls
    /// loadContent(); an override should call it.
    virtual void initialize();
    /// Loads textures, fonts, worlds. Called from Game::initialize.
    virtual void loadContent() {}
    /// Releases what loadContent loaded; the base unloads drawable components' content, then
    /// content(). Called when the run ends.
    virtual void unloadContent();
    /// Advances the game by time.elapsed. The base updates the enabled components in updateOrder.
    virtual void update(const GameTime& time);
    /// Draws a frame into renderTarget(). The base draws the visible components in drawOrder.
    virtual void draw(const GameTime& time);
    /// Called after initialize(), before the first update.
    virtual void beginRun() {}
    /// Called last, after unloadContent().
    virtual void endRun() {}
    /// Called when the run is about to end; return false to cancel an exit requested with exit() or
    /// by closing the window (a frame limit cannot be cancelled).
    virtual bool onExiting() { return true; }
    /// Sees every window event after the input snapshots took it in, for text entry, UI panels and
    /// the like. The base closes the game on sf::Event::Closed; an override should call it.
    virtual void handleEvent(const sf::Event& event);

private:
    void openTarget();
    void closeTarget();
    void pumpEvents();
    void doUpdate(const GameTime& time);
    void doDraw(const GameTime& time);
    bool captureScreenshot();
    void initializeComponent(GameComponent& component);
    void collectRemoved();
    bool isRemoved(const GameComponent* component) const;

    SteadyClock m_steadyClock;
    ManualClock m_manualClock;
    GameLoop m_loop{m_steadyClock};
    InputCollector m_collector;
    Input m_input;
    Camera2D m_camera;
    SfmlDebugDraw m_debugDraw;
    std::unique_ptr<sf::RenderWindow> m_window;
    std::unique_ptr<sf::RenderTexture> m_texture;
    std::unique_ptr<GraphicsDevice> m_graphicsDevice;
    ContentManager m_content;

    std::vector<std::unique_ptr<GameComponent>> m_components;
    std::vector<std::unique_ptr<GameComponent>> m_removed;
    int m_walkDepth = 0;

    std::string m_title = "Oblique";
    unsigned m_width = 1280;
    unsigned m_height = 720;
    Color m_clearColor{0.10f, 0.11f, 0.14f, 1.0f};
    bool m_verticalSync = true;
    bool m_headless = false;
    long m_frameLimit = 0;
    std::string m_screenshotPath;
    std::string m_screenshotError;

    bool m_running = false;
    bool m_initialized = false;
    bool m_active = true;
    bool m_frameLimitReached = false;
    long m_frameCount = 0;
};

} // namespace oblique
