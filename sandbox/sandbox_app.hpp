#pragma once
// The sandbox application: a Game that opens scenes (built-in or files), steps and draws their
// world, and offers the controls, tools, settings panel and Box2D side-by-side view around them.

#include "body_inspector.hpp"
#include "box2d_view.hpp"
#include "imgui_layer.hpp"
#include "lab_panel.hpp"
#include "mouse_tools.hpp"
#include "oblique/sfml/game.hpp"
#include "sandbox_scene.hpp"
#include "scene_framing.hpp"
#include "session_tape.hpp"
#include "solver_twin.hpp"
#include "world_settings.hpp"

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace oblique::sandbox
{

// How the sandbox was started (see main.cpp for the command line).
struct SandboxOptions
{
    std::string scene = "Pyramid";         // a built-in scene name or a scene file
    std::filesystem::path scenesDir;       // where the scene browser looks for *.json
    bool headless = false;                 // render off-screen for `frames` frames, then exit
    long frames = 0;                       // frame limit (headless)
    std::string screenshot;                // PNG written after the last frame (headless)
    bool box2d = false;                    // start with the Box2D side-by-side view on
    bool showUi = true;                    // the settings panel and overlays (off: the world alone)
    std::string record;                    // record the session from the first step, saved here on exit
    std::string replay;                    // play this recording back instead of the scene
    std::vector<std::string> openSections; // panel sections shown open at the start (--open)
    std::optional<DrawOptions> draw;       // the draw layers to start with (--draw)
    std::string select;                    // inspect the body of this name (a BodyNames name) on opening
    std::string twin;                      // start with a twin world on these solver settings (--twin)
    unsigned width = 1280;
    unsigned height = 720;
};

class SandboxApp final : public Game
{
public:
    explicit SandboxApp(SandboxOptions options);
    ~SandboxApp() override;

    // Opens the scene the options name; false (with error()) when it cannot be found or loaded.
    // Call before run() to fail early with a clear message.
    bool openInitialScene();
    const std::string& error() const { return m_error; }
    // After run(): saves the recording --record asked for, or reports how --replay went. Returns
    // false (with the reason in message) when the file cannot be written or a step's hash
    // differed from the recording's; message otherwise says what was recorded or verified.
    bool finishSession(std::string& message) const;

    // The width of the settings panel in pixels, including its margin.
    static constexpr float kPanelWidth = 340.0f;
    // The height kept clear for the help line at the bottom when a scene frames itself.
    static constexpr float kHelpHeight = 70.0f;

protected:
    void loadContent() override;
    void unloadContent() override;
    void update(const GameTime& time) override;
    void draw(const GameTime& time) override;
    void handleEvent(const sf::Event& event) override;

private:
    // Where the current scene came from, so it can be restarted and reloaded.
    struct Source
    {
        int builtin = -1;           // index into builtinScenes(), or -1 for a file
        std::filesystem::path file; // the scene file when builtin is -1
        Scene fileScene;            // the file's contents as last read successfully
        std::filesystem::file_time_type fileTime{};
    };

    SceneContext context();
    std::unique_ptr<SandboxScene> makeScene() const;
    // keepView: restart and reload leave the camera where the user put it.
    void install(std::unique_ptr<SandboxScene> scene, bool keepView);
    bool openBuiltin(int index);
    bool openFile(const std::filesystem::path& file);
    void restart();
    void reload();
    void pollFile();
    void saveCurrent();
    void frameScene();
    // Frames every body of the world (a replay's, whose scene did not frame it).
    void frameWorld();
    // The panel's and help line's insets now, and the view kept on what it showed when the window
    // or the help line changes size.
    FrameInsets frameInsets() const;
    void refitView();
    void setBox2dEnabled(bool enabled);
    void settingsChanged();
    void markEdited();

    void handleShortcuts(const GameTime& time);
    void handleCamera(bool wheelUsed);
    void stepWorld();
    float stepLength() const;

    void drawPanel();
    void drawScenesSection();
    void drawWorldSection();
    void drawToolsSection();
    void drawBox2dSection();
    // The body inspector and the second solver's side by side (sandbox_lab.cpp).
    void drawInspectorSection();
    void drawTwinSection();
    // A clickable body name: clicking it selects the body for the inspector.
    void bodyLink(BodyId id);
    BodyNames bodyNames() const;
    void setTwinEnabled(bool enabled);
    bool applyStartupLabOptions();
    void drawLab(DebugDraw& drawer) const;
    void drawTwinOverlay() const;
    void drawSaveSection();
    void drawRecordSection();
    // Shows text in the status line for a while.
    void setStatus(std::string text);
    bool replaying() const { return m_tape.mode() == SessionTape::Mode::Replaying; }
    void startReplay(const std::filesystem::path& file);
    void stopReplay();
    void drawOverlays();
    std::vector<std::string> statsLines() const;

    SandboxOptions m_options;
    ImGuiLayer m_imgui;
    World m_world;
    std::vector<BodyId> m_bodies;
    std::unique_ptr<SandboxScene> m_scene;
    Source m_source;
    std::string m_sceneName;
    std::string m_error;  // the latest load or reload failure, shown until the next success
    std::string m_status; // the latest message (saved, reloaded), shown for a while
    int m_statusUpdates = 0;

    bool m_paused = false;
    bool m_stepOnce = false;
    int m_speedIndex = 0;
    int m_slowSpeedIndex = 2;
    double m_stepDebt = 0.0; // steps owed to the fixed update, in units of one world step
    double m_simTime = 0.0;
    long m_stepCount = 0;
    int m_pollCountdown = 0;
    int m_rescanCountdown = 0;

    PanelSettings m_settings;
    DrawOptions m_drawOptions;

    MouseTools m_tools;
    bool m_panning = false;
    bool m_leftPressEvent = false; // a left press arrived since the last update (taps can be missed)
    Vec2 m_homeCenter;             // the view the scene framed when opened (F goes back to it)
    float m_homeZoom = 50.0f;
    float m_helpPixels = kHelpHeight; // measured once the help line has been drawn
    Vec2 m_viewedSize;                // the viewport and insets the view was last fitted to
    FrameInsets m_viewedInsets;
    LabPanel m_lab;
    Box2dView m_box2d;
    bool m_box2dEnabled = false;
    BodyInspector m_inspector;
    SolverTwin m_twin;
    bool m_twinEnabled = false;
    TwinSettings m_twinSettings;

    bool m_panelVisible = true;
    std::vector<std::filesystem::path> m_sceneFiles;
    std::string m_openPath;
    std::string m_saveName;
    std::function<void()> m_deferred; // a panel action that replaces the scene, run by the next update
    SessionTape m_tape;
    std::string m_pendingAction; // what the tools did since the last step, for the recording
    std::string m_recordName = "session.oblrec";
    std::string m_replayName = "session.oblrec";

    std::chrono::steady_clock::time_point m_lastDraw{};
    float m_frameMs = 0.0f;
};

} // namespace oblique::sandbox
