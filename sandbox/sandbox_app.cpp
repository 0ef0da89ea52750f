#include "sandbox_app.hpp"

#include "described_scene.hpp"
#include "oblique/scene_world.hpp"
#include "sandbox_math.hpp"
#include "scene_catalog.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <imgui.h>
#include <imgui_stdlib.h>
#include <initializer_list>
#include <map>
#include <system_error>

namespace oblique::sandbox
{

namespace
{

struct Speed
{
    const char* label;
    double factor;
};

constexpr std::array<Speed, 4> kSpeeds{{{"1x", 1.0}, {"1/2x", 0.5}, {"1/4x", 0.25}, {"1/10x", 0.1}}};

// Updates between two looks at the open scene file's time stamp (about twice a second at 60 Hz),
// and between two listings of the scenes directory.
constexpr int kPollUpdates = 30;
constexpr int kRescanUpdates = 120;
// How long a status message stays, in updates.
constexpr int kStatusUpdates = 300;
// The most world steps one update may take when a scene's step is shorter than the update.
constexpr int kMaxStepsPerUpdate = 8;
constexpr float kZoomPerNotch = 1.15f;

const ImVec4 kErrorColour(1.0f, 0.45f, 0.4f, 1.0f);
const ImVec4 kWarnColour(1.0f, 0.8f, 0.35f, 1.0f);
const ImVec4 kGhostColour(kGhostColor.r, kGhostColor.g, kGhostColor.b, 1.0f);

std::string format(const char* pattern, auto... args)
{
    char text[256];
    std::snprintf(text, sizeof text, pattern, args...);
    return text;
}

// A file-name-friendly form of a scene name: "Vertical stack" -> "vertical_stack".
std::string slug(const std::string& name)
{
    std::string out;
    for (const char c : name)
    {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) != 0)
        {
            out.push_back(static_cast<char>(std::tolower(u)));
        }
        else if (!out.empty() && out.back() != '_')
        {
            out.push_back('_');
        }
    }
    while (!out.empty() && out.back() == '_')
    {
        out.pop_back();
    }
    return out.empty() ? "scene" : out;
}

// The step the scene asks for (a scene file's timeStep), 1/60 s otherwise.
float sceneStepOf(const SandboxScene* scene)
{
    const Scene* description = scene != nullptr ? scene->sceneDescription() : nullptr;
    return description != nullptr && description->world.timeStep > 0.0f ? description->world.timeStep
                                                                        : 1.0f / 60.0f;
}

std::filesystem::file_time_type fileTime(const std::filesystem::path& file)
{
    std::error_code error;
    const auto time = std::filesystem::last_write_time(file, error);
    return error ? std::filesystem::file_time_type{} : time;
}

} // namespace

SandboxApp::SandboxApp(SandboxOptions options) : m_options(std::move(options))
{
    setTitle("Oblique sandbox");
    setWindowSize(m_options.width, m_options.height);
    setClearColor({0.10f, 0.11f, 0.14f, 1.0f});
    setHeadless(m_options.headless);
    setFrameLimit(m_options.frames);
    setScreenshotPath(m_options.screenshot);
    m_box2dEnabled = m_options.box2d;
    m_sceneFiles = listSceneFiles(m_options.scenesDir);
}

SandboxApp::~SandboxApp() = default;

SceneContext SandboxApp::context()
{
    SceneContext c;
    c.world = &m_world;
    c.bodies = &m_bodies;
    c.input = &input();
    c.camera = &camera();
    c.paused = m_paused;
    return c;
}

bool SandboxApp::openInitialScene()
{
    camera().setViewportSize({static_cast<float>(m_options.width), static_cast<float>(m_options.height)});
    const std::optional<SceneChoice> choice = resolveScene(m_options.scene, m_options.scenesDir);
    if (!choice)
    {
        m_error = "no built-in scene or scene file named '" + m_options.scene +
                  "' (--list shows the built-in ones)";
        return false;
    }
    const bool opened = choice->builtin >= 0 ? openBuiltin(choice->builtin) : openFile(choice->file);
    if (!opened || !applyStartupLabOptions())
    {
        return false;
    }
    m_lab.setOpenSections(m_options.openSections);
    if (m_options.draw)
    {
        m_drawOptions = *m_options.draw;
    }
    if (!m_options.replay.empty())
    {
        startReplay(m_options.replay);
        return replaying();
    }
    if (!m_options.record.empty())
    {
        m_tape.startRecording(m_world, m_sceneName);
    }
    return true;
}

bool SandboxApp::finishSession(std::string& message) const
{
    if (!m_options.record.empty())
    {
        if (!m_tape.save(m_options.record, message))
        {
            return false;
        }
        const Recording* recording = m_tape.recording();
        message = "recorded " + std::to_string(recording->stepCount()) + " steps and " +
                  std::to_string(recording->changes().size()) + " changes by hand to " + m_options.record;
        return true;
    }
    if (!m_options.replay.empty())
    {
        if (m_tape.firstMismatch() >= 0)
        {
            message = m_options.replay + ": step " + std::to_string(m_tape.firstMismatch() + 1) +
                      " differs from the recording";
            return false;
        }
        message = m_options.replay + ": played " + std::to_string(m_tape.position()) + " of " +
                  std::to_string(m_tape.length()) + " steps, every hash as recorded";
        return true;
    }
    return true;
}

void SandboxApp::setStatus(std::string text)
{
    m_status = std::move(text);
    m_statusUpdates = kStatusUpdates;
}

void SandboxApp::startReplay(const std::filesystem::path& file)
{
    m_tape.stopRecording();
    m_tools.reset();
    m_box2d.stop();
    m_box2dEnabled = false;
    m_twin.stop();
    m_twinEnabled = false;
    m_inspector.clear();
    // The bodies are the recording's now; the scene's own script, drawing and callbacks are left
    // out (a pre-solve callback is code, not state: recordings that need one differ, and say so).
    m_world.setPreSolve({});
    m_bodies.clear();
    std::string error;
    if (!m_tape.openReplay(file, m_world, error))
    {
        m_error = error;
        return;
    }
    m_error.clear();
    m_stepDebt = 0.0;
    m_stepCount = 0;
    m_simTime = 0.0;
    m_paused = false;
    m_sceneName = "Replay: " + m_tape.recording()->title();
    frameWorld();
    setStatus("replaying " + file.filename().string());
}

void SandboxApp::stopReplay()
{
    if (replaying())
    {
        m_tape.stopReplay();
        m_deferred = [this] { restart(); };
    }
}

std::unique_ptr<SandboxScene> SandboxApp::makeScene() const
{
    if (m_source.builtin >= 0)
    {
        return builtinScenes()[static_cast<std::size_t>(m_source.builtin)].make();
    }
    return std::make_unique<DescribedScene>(m_source.fileScene,
                                            "Scene file " + m_source.file.string() +
                                                ": edit and save it, and the sandbox reloads it.");
}

// Replaces the running scene: a fresh world with default settings, the scene's load(), then the
// settings the panel overrode, the view, and Box2D's twin.
void SandboxApp::install(std::unique_ptr<SandboxScene> scene, bool keepView)
{
    const Camera2D view = camera();
    m_tape.stopReplay();
    m_world = World{};
    m_bodies.clear();
    m_tools.reset();
    m_box2d.stop();
    m_twin.stop();
    m_inspector.clear();
    m_panning = false;
    // The scene frames itself for the part of the window the panel leaves free; the view is then
    // moved over so that part shows it.
    const Vec2 fullViewport = camera().viewportSize();
    const bool besidePanel = !keepView && m_options.showUi && kPanelWidth < 0.8f * fullViewport.x &&
                             kHelpHeight < 0.5f * fullViewport.y;
    const float left = besidePanel && m_panelVisible ? kPanelWidth : 0.0f;
    const float bottom = besidePanel ? m_helpPixels : 0.0f;
    camera().setViewportSize({fullViewport.x - left, fullViewport.y - bottom});
    SceneContext c = context();
    try
    {
        scene->load(c);
    }
    catch (...)
    {
        camera().setViewportSize(fullViewport);
        throw;
    }
    camera().setViewportSize(fullViewport);
    shiftBesidePanels(camera(), left, bottom);
    m_scene = std::move(scene);
    if (!keepView)
    {
        m_viewedSize = fullViewport;
        m_viewedInsets = {left, bottom};
    }

    m_settings.adopt(m_world);
    if (keepView)
    {
        camera() = view;
    }
    else
    {
        m_homeCenter = camera().center();
        m_homeZoom = camera().zoom();
    }
    m_stepDebt = 0.0;
    m_simTime = 0.0;
    m_stepCount = 0;
    m_stepOnce = false;
    m_lab.resetReadouts();
    if (m_box2dEnabled && m_scene->sceneDescription() != nullptr && m_scene->stepsWorld())
    {
        Scene twin = *m_scene->sceneDescription();
        twin.world.timeStep = stepLength(); // the panel's step rate, when it sets one
        m_box2d.start(twin, m_world.settings());
    }
    if (m_twinEnabled && m_scene->stepsWorld())
    {
        m_twin.start(m_world, m_twinSettings);
    }
    setTitle("Oblique sandbox - " + m_sceneName);
}

bool SandboxApp::openBuiltin(int index)
{
    const std::vector<SceneEntry>& entries = builtinScenes();
    if (index < 0 || static_cast<std::size_t>(index) >= entries.size())
    {
        return false;
    }
    const bool sameScene = m_source.builtin == index;
    m_source = Source{};
    m_source.builtin = index;
    m_sceneName = entries[static_cast<std::size_t>(index)].name;
    if (!sameScene)
    {
        m_settings.forget();
    }
    try
    {
        install(makeScene(), false);
    }
    catch (const std::exception& e)
    {
        m_error = m_sceneName + ": " + e.what();
        return false;
    }
    m_error.clear();
    m_saveName = slug(m_sceneName) + "_saved.json";
    return true;
}

bool SandboxApp::openFile(const std::filesystem::path& file)
{
    Scene scene;
    try
    {
        scene = loadScene(file);
    }
    catch (const std::exception& e)
    {
        m_error = e.what();
        return false;
    }
    const bool sameFile = m_source.builtin < 0 && m_source.file == file;
    m_source = Source{};
    m_source.file = file;
    m_source.fileScene = std::move(scene);
    m_source.fileTime = fileTime(file);
    m_sceneName = file.filename().string();
    if (!sameFile)
    {
        m_settings.forget();
    }
    try
    {
        install(makeScene(), false);
    }
    catch (const std::exception& e)
    {
        m_error = file.string() + ": " + e.what();
        return false;
    }
    m_error.clear();
    m_saveName = file.stem().string() + "_saved.json";
    return true;
}

void SandboxApp::restart()
{
    try
    {
        install(makeScene(), true);
    }
    catch (const std::exception& e)
    {
        m_error = m_sceneName + ": " + e.what();
    }
}

// Built-in scenes have nothing to re-read: reloading one restarts it. A scene file is read again;
// when it no longer loads, the running world stays and the error shows until the file is fixed.
void SandboxApp::reload()
{
    if (m_source.builtin >= 0)
    {
        restart();
        return;
    }
    const std::filesystem::path file = m_source.file;
    m_source.fileTime = fileTime(file);
    Scene scene;
    try
    {
        scene = loadScene(file);
    }
    catch (const std::exception& e)
    {
        m_error = e.what();
        return;
    }
    m_source.fileScene = std::move(scene);
    m_error.clear();
    restart();
    setStatus("reloaded " + file.filename().string());
}

void SandboxApp::pollFile()
{
    if (m_source.builtin >= 0 || m_source.file.empty())
    {
        return;
    }
    if (--m_pollCountdown > 0)
    {
        return;
    }
    m_pollCountdown = kPollUpdates;
    const auto time = fileTime(m_source.file);
    if (time != std::filesystem::file_time_type{} && time != m_source.fileTime)
    {
        reload();
    }
}

void SandboxApp::saveCurrent()
{
    if (m_saveName.empty())
    {
        setStatus("type a file name to save to");
        return;
    }
    std::filesystem::path target{m_saveName};
    if (target.extension().empty())
    {
        target += ".json";
    }
    std::error_code error;
    if (target.is_relative() && !m_options.scenesDir.empty() &&
        std::filesystem::is_directory(m_options.scenesDir, error))
    {
        target = m_options.scenesDir / target;
    }
    const Scene* description = m_scene ? m_scene->sceneDescription() : nullptr;
    Scene origin;
    origin.name = m_sceneName;
    if (description != nullptr)
    {
        origin = *description;
    }
    origin.world.timeStep = stepLength(); // the panel's step rate, when it sets one
    // Scenes not made from a description save every body the world holds, but the tools' own
    // drag anchor.
    std::vector<BodyId> bodies = description != nullptr ? m_bodies : m_world.bodies();
    std::erase(bodies, m_tools.dragAnchor());
    try
    {
        const Scene captured = captureScene(m_world, bodies, origin);
        saveScene(captured, target);
        setStatus(format("saved %zu bodies to %s", captured.bodies.size(), target.string().c_str()));
        m_sceneFiles = listSceneFiles(m_options.scenesDir);
    }
    catch (const std::exception& e)
    {
        setStatus(std::string("save failed: ") + e.what());
    }
}

// Back to the view the scene framed for itself when it was opened.
void SandboxApp::frameWorld()
{
    const std::optional<Aabb> bounds = worldFrameBounds(m_world);
    if (!bounds)
    {
        return;
    }
    // As install() frames a scene: in the part of the window the panel and the help line leave.
    frameInFreeArea(camera(), *bounds, frameInsets());
    m_viewedSize = camera().viewportSize();
    m_viewedInsets = frameInsets();
    m_homeCenter = camera().center();
    m_homeZoom = camera().zoom();
}

FrameInsets SandboxApp::frameInsets() const
{
    if (!m_options.showUi)
    {
        return {};
    }
    return {m_panelVisible ? kPanelWidth : 0.0f, m_helpPixels};
}

// Showing or hiding the panel leaves the view alone (the user asked for more room, not another
// view); a new window size or a help line of another height refits what was shown, and the home
// view F returns to with it.
void SandboxApp::refitView()
{
    const Vec2 viewport = camera().viewportSize();
    const FrameInsets insets = frameInsets();
    const bool helpChanged = std::fabs(insets.bottom - m_viewedInsets.bottom) > 0.5f;
    if ((viewport == m_viewedSize && !helpChanged) || m_viewedSize == Vec2{})
    {
        return;
    }
    keepFraming(camera(), m_viewedSize, m_viewedInsets, insets);
    Camera2D home(m_homeCenter, m_homeZoom, viewport);
    keepFraming(home, m_viewedSize, m_viewedInsets, insets);
    m_homeCenter = home.center();
    m_homeZoom = home.zoom();
    m_viewedSize = viewport;
    m_viewedInsets = insets;
}

void SandboxApp::frameScene()
{
    camera().setCenter(m_homeCenter);
    camera().setZoom(m_homeZoom);
}

void SandboxApp::setBox2dEnabled(bool enabled)
{
    m_box2dEnabled = enabled;
    // Turning it on restarts, so both engines begin from the scene's first frame.
    if (enabled)
    {
        restart();
    }
    else
    {
        m_box2d.stop();
    }
}

void SandboxApp::settingsChanged()
{
    m_settings.apply(m_world);
    m_box2d.applySettings(m_world.settings());
    m_twin.followMainSettings(m_world.settings());
}

void SandboxApp::markEdited()
{
    m_box2d.markDiverged("diverged by user input");
    m_twin.markDiverged("the main world was changed by hand");
}

// --- lifecycle -------------------------------------------------------------------------------

void SandboxApp::loadContent()
{
    Game::loadContent();
    if (m_options.showUi)
    {
        m_imgui.initialize(renderTarget(), std::string(kDefaultFontPath));
    }
    if (!m_scene)
    {
        // run() without openInitialScene(): open the default now, whatever it takes.
        if (!openInitialScene() && !openBuiltin(findBuiltinScene("Pyramid")))
        {
            throw std::runtime_error(m_error);
        }
    }
}

void SandboxApp::unloadContent()
{
    if (m_imgui.isInitialized())
    {
        m_imgui.shutdown(renderTarget());
    }
    Game::unloadContent();
}

void SandboxApp::handleEvent(const sf::Event& event)
{
    m_imgui.handleEvent(event);
    if (event.type == sf::Event::MouseButtonPressed && event.mouseButton.button == sf::Mouse::Left)
    {
        m_leftPressEvent = true;
    }
    Game::handleEvent(event);
}

// --- update ----------------------------------------------------------------------------------

void SandboxApp::update(const GameTime& time)
{
    Game::update(time);
    refitView();
    if (m_deferred)
    {
        const std::function<void()> action = std::move(m_deferred);
        m_deferred = nullptr;
        action();
    }
    if (!m_scene)
    {
        return;
    }
    pollFile();
    if (--m_rescanCountdown <= 0)
    {
        m_rescanCountdown = kRescanUpdates;
        m_sceneFiles = listSceneFiles(m_options.scenesDir);
    }
    if (m_statusUpdates > 0 && --m_statusUpdates == 0)
    {
        m_status.clear();
    }

    handleShortcuts(time);
    if (!m_scene)
    {
        return;
    }

    bool wheelUsed = false;
    const bool physics = m_scene->stepsWorld();
    if (physics && !replaying())
    {
        // A press the snapshots show neither down nor released was a tap between two updates.
        const bool missedLeftPress = m_leftPressEvent && !input().isButtonDown(MouseButton::Left) &&
                                     !input().wasButtonReleased(MouseButton::Left);
        const ToolResult tools =
            m_tools.handleInput(m_world, m_bodies, input(), camera(), time.elapsedSeconds(),
                                !m_imgui.wantsMouse(), !m_imgui.wantsKeyboard(), missedLeftPress);
        wheelUsed = tools.usedWheel;
        if (tools.clicked)
        {
            m_inspector.select(tools.clickedBody);
        }
        if (tools.edited)
        {
            markEdited();
            m_pendingAction = tools.action;
        }
    }
    m_leftPressEvent = false;
    handleCamera(wheelUsed);

    SceneContext c = context();
    if ((!physics || (m_paused && m_scene->reactsWhilePaused())) && !replaying())
    {
        m_scene->update(c, time);
    }
    if (!physics || !(time.elapsed > GameDuration::zero()))
    {
        return;
    }

    if (!m_paused)
    {
        // Slow motion keeps the step length and steps less often, so the run stays the same run
        // (and stays in lockstep with Box2D) at any speed.
        m_stepDebt += kSpeeds[static_cast<std::size_t>(m_speedIndex)].factor *
                      static_cast<double>(time.elapsedSeconds()) / static_cast<double>(stepLength());
        int steps = 0;
        // 0.999: a 1/60 s update and a 1/60 s float step differ in the last bits; without slack a
        // step would be skipped now and then.
        while (m_stepDebt >= 0.999 && steps < kMaxStepsPerUpdate)
        {
            stepWorld();
            m_stepDebt -= 1.0;
            ++steps;
        }
        if (steps == kMaxStepsPerUpdate)
        {
            m_stepDebt = 0.0;
        }
    }
    else if (m_stepOnce)
    {
        stepWorld();
    }
    m_stepOnce = false;
}

float SandboxApp::stepLength() const
{
    return m_lab.stepLength(sceneStepOf(m_scene.get()));
}

void SandboxApp::stepWorld()
{
    const float dt = stepLength();
    if (replaying())
    {
        if (!m_tape.playNext(m_world))
        {
            m_paused = true; // the end of the recording
            return;
        }
        m_simTime += static_cast<double>(dt);
        ++m_stepCount;
        return;
    }
    GameTime stepTime;
    stepTime.elapsed = durationFromSeconds(static_cast<double>(dt));
    stepTime.total = durationFromSeconds(m_simTime + static_cast<double>(dt));
    SceneContext c = context();
    c.paused = false;
    m_scene->update(c, stepTime);
    m_box2d.syncKinematic(m_world, m_bodies);
    m_twin.syncKinematic(m_world);
    m_tape.beforeStep(m_world, m_pendingAction.empty() ? "scene" : m_pendingAction);
    m_pendingAction.clear();
    m_world.step(dt);
    m_lab.recordStep(m_world);
    m_tape.afterStep(m_world, dt);
    m_box2d.step(m_world, m_bodies);
    m_twin.step(m_world, dt);
    m_simTime += static_cast<double>(dt);
    ++m_stepCount;
}

void SandboxApp::handleShortcuts(const GameTime& /*time*/)
{
    if (m_imgui.wantsKeyboard())
    {
        return;
    }
    const Input& in = input();
    const bool physics = m_scene->stepsWorld();
    if (in.wasKeyPressed(Key::Tab))
    {
        m_panelVisible = !m_panelVisible;
    }
    if (in.wasKeyPressed(Key::Escape))
    {
        if (!isNull(m_tools.selected()) || !isNull(m_inspector.selected()))
        {
            m_tools.clearSelection();
            m_inspector.clear();
        }
        else
        {
            exit();
        }
    }
    if (in.wasKeyPressed(Key::R))
    {
        reload();
        return;
    }
    if (!physics)
    {
        return;
    }
    if (in.wasKeyPressed(Key::Space) && !m_scene->claimsKey(Key::Space))
    {
        m_paused = !m_paused;
    }
    if (in.wasKeyPressed(Key::S))
    {
        m_paused = true;
        m_stepOnce = true;
    }
    if (in.wasKeyPressed(Key::M))
    {
        m_speedIndex = m_speedIndex == 0 ? m_slowSpeedIndex : 0;
    }
    if (in.wasKeyPressed(Key::F))
    {
        frameScene();
    }
    if (in.wasKeyPressed(Key::G) && Box2dView::isAvailable() && m_scene->sceneDescription() != nullptr)
    {
        setBox2dEnabled(!m_box2dEnabled);
    }
}

void SandboxApp::handleCamera(bool wheelUsed)
{
    const Input& in = input();
    const bool mouseFree = !m_imgui.wantsMouse();
    if (in.wasButtonPressed(MouseButton::Right) && mouseFree)
    {
        m_panning = true;
    }
    if (!in.isButtonDown(MouseButton::Right))
    {
        m_panning = false;
    }
    if (m_panning)
    {
        camera().pan(in.mouseDelta());
    }
    if (mouseFree && !wheelUsed && in.wheelDelta() != 0.0f)
    {
        camera().zoomAt(in.mousePosition(), std::pow(kZoomPerNotch, in.wheelDelta()));
    }
}

// --- draw ------------------------------------------------------------------------------------

void SandboxApp::draw(const GameTime& time)
{
    Game::draw(time);
    const auto now = std::chrono::steady_clock::now();
    if (m_lastDraw != std::chrono::steady_clock::time_point{})
    {
        const float ms = std::chrono::duration<float, std::milli>(now - m_lastDraw).count();
        m_frameMs = m_frameMs == 0.0f ? ms : 0.9f * m_frameMs + 0.1f * ms;
    }
    m_lastDraw = now;

    SfmlDebugDraw& drawer = debugDraw();
    m_world.draw(drawer, m_drawOptions);
    if (m_box2d.isRunning())
    {
        m_box2d.draw(drawer);
    }
    drawLab(drawer);
    if (m_scene && !replaying())
    {
        SceneContext c = context();
        m_scene->draw(c, drawer);
    }
    m_tools.draw(m_world, drawer, !m_drawOptions.joints);
    // The world goes to the target first, so the panel is drawn over it rather than under.
    drawer.flush(renderTarget());

    if (m_imgui.isInitialized())
    {
        m_imgui.newFrame(renderTarget(), time.elapsedSeconds());
        drawOverlays();
        if (m_panelVisible)
        {
            drawPanel();
        }
        m_imgui.render(renderTarget());
    }
}

std::vector<std::string> SandboxApp::statsLines() const
{
    std::vector<std::string> lines;
    const Profile& p = m_world.profile();
    // The static body a drag may hang from in a scene without one is the tools', not the scene's.
    const int bodies = m_world.bodyCount() - (m_world.isValid(m_tools.dragAnchor()) ? 1 : 0);
    lines.push_back(
        format("bodies %d   awake %d   joints %d", bodies, p.awakeBodyCount, m_world.jointCount()));
    lines.push_back(
        format("contacts %d   touching %d   solved %d", p.contactCount, p.touchingCount, p.solvedCount));
    lines.push_back(format("step %.2f ms", static_cast<double>(p.step)));
    lines.push_back(format("  broadphase %.2f  narrow %.2f  solver %.2f", static_cast<double>(p.broadphase),
                           static_cast<double>(p.narrowphase), static_cast<double>(p.solver)));
    lines.push_back(solverSummary(m_world.settings()));
    lines.push_back(format("t %.2f s   step %ld   %.0f fps", m_simTime, m_stepCount,
                           m_frameMs > 0.0f ? 1000.0 / static_cast<double>(m_frameMs) : 0.0));
    return lines;
}

void SandboxApp::drawOverlays()
{
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const ImGuiWindowFlags overlay = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                     ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoInputs;
    const bool physics = m_scene && m_scene->stepsWorld();

    ImGui::SetNextWindowPos(ImVec2(display.x - 10.0f, 10.0f), ImGuiCond_Always, ImVec2(1.0f, 0.0f));
    ImGui::SetNextWindowBgAlpha(0.55f);
    if (ImGui::Begin("##stats", nullptr, overlay))
    {
        ImGui::TextUnformatted(m_sceneName.c_str());
        if (physics)
        {
            for (const std::string& line : statsLines())
            {
                ImGui::TextUnformatted(line.c_str());
            }
            if (m_paused)
            {
                ImGui::TextColored(kWarnColour, "PAUSED  (Space: play, S: step)");
            }
            if (m_tape.mode() == SessionTape::Mode::Recording)
            {
                ImGui::TextColored(kErrorColour, "RECORDING  step %d", m_tape.position());
            }
            if (replaying())
            {
                ImGui::TextColored(m_tape.firstMismatch() >= 0 ? kErrorColour : kWarnColour,
                                   "REPLAY  step %d of %d%s", m_tape.position(), m_tape.length(),
                                   m_tape.firstMismatch() >= 0 ? "  (differs from the recording)"
                                                               : "  (as recorded)");
            }
            if (m_speedIndex != 0)
            {
                ImGui::TextColored(kWarnColour, "slow motion %s",
                                   kSpeeds[static_cast<std::size_t>(m_speedIndex)].label);
            }
            if (m_box2d.isRunning() && m_box2d.maxDivergenceBody() >= 0)
            {
                const BodyId worst = m_bodies[static_cast<std::size_t>(m_box2d.maxDivergenceBody())];
                ImGui::TextColored(kGhostColour, "Box2D: max divergence %.4f m (%s)",
                                   static_cast<double>(m_box2d.maxDivergence()),
                                   bodyNames().name(worst).c_str());
                if (m_box2d.isDiverged())
                {
                    ImGui::TextColored(kWarnColour, "%s: re-sync with R", m_box2d.divergedReason().c_str());
                }
            }
            drawTwinOverlay();
        }
        if (!m_error.empty())
        {
            ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
            ImGui::TextColored(kErrorColour, "%s", m_error.c_str());
            ImGui::PopTextWrapPos();
        }
        if (!m_status.empty())
        {
            ImGui::TextUnformatted(m_status.c_str());
        }
    }
    ImGui::End();

    const float left = m_panelVisible ? kPanelWidth : 10.0f;
    ImGui::SetNextWindowPos(ImVec2(left, display.y - 10.0f), ImGuiCond_Always, ImVec2(0.0f, 1.0f));
    ImGui::SetNextWindowBgAlpha(0.45f);
    float helpPixels = m_helpPixels;
    if (ImGui::Begin("##help", nullptr, overlay))
    {
        const std::string help =
            replaying() ? "A recorded session played back: the panel's timeline scrubs it, Stop replay goes "
                          "back to the scene. Steps that differ from the recording are reported."
            : m_scene   ? m_scene->help()
                        : std::string();
        ImGui::PushTextWrapPos(std::max(200.0f, display.x - left - 20.0f));
        if (!help.empty())
        {
            ImGui::TextUnformatted(help.c_str());
        }
        if (physics && !replaying())
        {
            const char* pause = m_scene->claimsKey(Key::Space) ? "" : "Space pause  ";
            ImGui::TextDisabled("%sS step  M slow  R reload  B/C spawn  X bomb  left-drag pull  "
                                "click static: select, Q/E turn, +/- size  right-drag pan  wheel zoom  "
                                "Tab panel",
                                pause);
        }
        else
        {
            ImGui::TextDisabled("R restart  right-drag pan  wheel zoom  Tab panel  Esc quit");
        }
        ImGui::PopTextWrapPos();
        // With the gap below it: what a scene framing itself must keep clear of.
        helpPixels = ImGui::GetWindowHeight() + 10.0f;
    }
    ImGui::End();
    m_helpPixels = helpPixels;
}

void SandboxApp::drawPanel()
{
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(8.0f, 8.0f), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(kPanelWidth - 16.0f, display.y - 16.0f), ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Oblique sandbox", &m_panelVisible))
    {
        ImGui::End();
        return;
    }
    ImGui::TextUnformatted(m_sceneName.c_str());
    const bool physics = m_scene && m_scene->stepsWorld();
    if (physics)
    {
        if (ImGui::Button(m_paused ? "Play" : "Pause", ImVec2(60.0f, 0.0f)))
        {
            m_paused = !m_paused;
        }
        ImGui::SameLine();
        if (ImGui::Button("Step"))
        {
            m_paused = true;
            m_stepOnce = true;
        }
        ImGui::SameLine();
    }
    if (ImGui::Button("Restart"))
    {
        m_deferred = [this] { restart(); };
    }
    if (m_source.builtin < 0)
    {
        ImGui::SameLine();
        if (ImGui::Button("Reload"))
        {
            m_deferred = [this] { reload(); };
        }
    }
    if (physics)
    {
        ImGui::SetNextItemWidth(90.0f);
        if (ImGui::BeginCombo("speed", kSpeeds[static_cast<std::size_t>(m_speedIndex)].label))
        {
            for (int i = 0; i < static_cast<int>(kSpeeds.size()); ++i)
            {
                if (ImGui::Selectable(kSpeeds[static_cast<std::size_t>(i)].label, i == m_speedIndex))
                {
                    m_speedIndex = i;
                    if (i != 0)
                    {
                        m_slowSpeedIndex = i;
                    }
                }
            }
            ImGui::EndCombo();
        }
        ImGui::SameLine();
        if (ImGui::Button("Frame"))
        {
            frameScene();
        }
    }
    if (!m_error.empty())
    {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(kErrorColour, "%s", m_error.c_str());
        ImGui::PopTextWrapPos();
    }

    if (physics)
    {
        drawRecordSection();
        drawInspectorSection();
    }
    drawScenesSection();
    if (physics && !replaying())
    {
        drawWorldSection();
        m_lab.openIfAsked("readouts");
        if (ImGui::CollapsingHeader("Readouts"))
        {
            m_lab.drawReadouts(m_world, m_world.isValid(m_tools.dragAnchor()) ? 1 : 0);
        }
        drawToolsSection();
        drawBox2dSection();
        drawTwinSection();
        drawSaveSection();
    }
    if (m_scene && ImGui::CollapsingHeader(("Scene: " + m_sceneName + "###scene").c_str(),
                                           physics ? 0 : ImGuiTreeNodeFlags_DefaultOpen))
    {
        const std::string help = m_scene->help();
        if (!help.empty())
        {
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextUnformatted(help.c_str());
            ImGui::PopTextWrapPos();
        }
        SceneContext c = context();
        m_scene->drawPanel(c);
    }
    ImGui::End();
}

void SandboxApp::drawScenesSection()
{
    m_lab.openIfAsked("scenes");
    if (!ImGui::CollapsingHeader("Scenes", ImGuiTreeNodeFlags_DefaultOpen))
    {
        return;
    }
    const std::vector<SceneEntry>& entries = builtinScenes();
    std::map<std::string, std::vector<int>> byCategory;
    for (const int index : sortedBuiltinScenes())
    {
        byCategory[entries[static_cast<std::size_t>(index)].category].push_back(index);
    }
    for (const auto& [category, indices] : byCategory)
    {
        if (!ImGui::TreeNodeEx(category.c_str(), ImGuiTreeNodeFlags_DefaultOpen))
        {
            continue;
        }
        for (const int index : indices)
        {
            const std::string& name = entries[static_cast<std::size_t>(index)].name;
            if (ImGui::Selectable((name + "##builtin").c_str(), m_source.builtin == index))
            {
                m_deferred = [this, index] { openBuiltin(index); };
            }
        }
        ImGui::TreePop();
    }
    const std::string filesLabel =
        "Files in " + (m_options.scenesDir.empty() ? std::string("(no scenes directory)")
                                                   : m_options.scenesDir.filename().string() + "/");
    if (ImGui::TreeNodeEx((filesLabel + "###files").c_str(), ImGuiTreeNodeFlags_DefaultOpen))
    {
        for (const std::filesystem::path& file : m_sceneFiles)
        {
            const bool current = m_source.builtin < 0 && m_source.file == file;
            if (ImGui::Selectable(file.filename().string().c_str(), current))
            {
                m_deferred = [this, file] { openFile(file); };
            }
        }
        if (m_sceneFiles.empty())
        {
            ImGui::TextDisabled("no .json files");
        }
        ImGui::TreePop();
    }
    ImGui::SetNextItemWidth(-60.0f);
    const bool enter = ImGui::InputTextWithHint("##open", "path/to/scene.json", &m_openPath,
                                                ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SameLine();
    if ((ImGui::Button("Open") || enter) && !m_openPath.empty())
    {
        m_deferred = [this, file = std::filesystem::path(m_openPath)] { openFile(file); };
    }
}

void SandboxApp::drawWorldSection()
{
    m_lab.openIfAsked("world");
    if (!ImGui::CollapsingHeader("World settings"))
    {
        return;
    }
    WorldDef& settings = m_settings.values();
    // Sliders leave room for the longest label, so labels stay whole when a scroll bar narrows
    // the panel.
    float labelWidth = 0.0f;
    for (const char* label : {"gravity", "substeps", "contact hertz", "damping ratio", "push speed",
                              "velocity iter.", "position iter."})
    {
        labelWidth = std::max(labelWidth, ImGui::CalcTextSize(label).x);
    }
    ImGui::PushItemWidth(-(labelWidth + ImGui::GetStyle().ItemInnerSpacing.x));
    bool changed = false;
    changed |= ImGui::SliderFloat2("gravity", &settings.gravity.x, -30.0f, 30.0f, "%.1f");
    int solver = settings.solver == Solver::Ngs ? 1 : 0;
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("solver");
    ImGui::SameLine();
    bool solverChanged = ImGui::RadioButton(solverLabel(Solver::SoftStep), &solver, 0);
    ImGui::SameLine();
    solverChanged |= ImGui::RadioButton(solverLabel(Solver::Ngs), &solver, 1);
    if (solverChanged)
    {
        settings.solver = solver == 1 ? Solver::Ngs : Solver::SoftStep;
        changed = true;
    }
    // Both solvers' controls stay in place, the idle ones greyed, so switching does not make the
    // panel jump under the cursor.
    const ImGuiSliderFlags clamp = ImGuiSliderFlags_AlwaysClamp;
    const bool softStep = settings.solver == Solver::SoftStep;
    ImGui::BeginGroup();
    ImGui::BeginDisabled(!softStep);
    changed |= ImGui::SliderInt("substeps", &settings.subSteps, 1, 16, "%d", clamp);
    changed |= ImGui::SliderFloat("contact hertz", &settings.contactHertz, 5.0f, 120.0f, "%.0f Hz", clamp);
    changed |= ImGui::SliderFloat("damping ratio", &settings.contactDampingRatio, 0.0f, 20.0f, "%.1f", clamp);
    // The panel is too narrow for "push max speed"; the tooltip says it in full.
    changed |=
        ImGui::SliderFloat("push speed", &settings.contactPushMaxSpeed, 0.1f, 10.0f, "%.1f m/s", clamp);
    if (ImGui::IsItemHovered())
    {
        ImGui::SetTooltip("Push max speed: overlap is pushed apart no faster than this.");
    }
    ImGui::EndDisabled();
    ImGui::EndGroup();
    if (!softStep && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    {
        ImGui::SetTooltip("Soft step only: ngs ignores these.");
    }
    ImGui::BeginGroup();
    ImGui::BeginDisabled(softStep);
    changed |= ImGui::SliderInt("velocity iter.", &settings.velocityIterations, 1, 50, "%d", clamp);
    changed |= ImGui::SliderInt("position iter.", &settings.positionIterations, 0, 50, "%d", clamp);
    ImGui::EndDisabled();
    ImGui::EndGroup();
    if (softStep && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    {
        ImGui::SetTooltip("Ngs only: soft step's work is set by its substeps.");
    }
    changed |= ImGui::Checkbox("sleeping", &settings.allowSleep);
    ImGui::SameLine();
    changed |= ImGui::Checkbox("warm starting", &settings.warmStarting);
    changed |= m_lab.drawSettings(settings, sceneStepOf(m_scene.get()));
    ImGui::PopItemWidth();
    if (m_lab.takeStepRateChange())
    {
        m_box2d.markDiverged("step rate changed");
    }
    if (changed)
    {
        settingsChanged();
    }
    if (ImGui::Button("Scene's own settings"))
    {
        m_settings.forget();
        m_lab.forgetStepRate();
        m_deferred = [this] { restart(); };
    }
    if (m_settings.overridden())
    {
        ImGui::SameLine();
        ImGui::TextDisabled("(changed)");
        if (ImGui::IsItemHovered())
        {
            ImGui::SetTooltip("Your settings stay when the scene restarts or reloads.");
        }
    }

    ImGui::Separator();
    m_lab.drawLayers(m_drawOptions);
}

void SandboxApp::drawToolsSection()
{
    if (!ImGui::CollapsingHeader("Tools"))
    {
        return;
    }
    const Aabb view = camera().visibleBounds();
    // Buttons have no cursor in the world: spawn above the middle of the view, aim at its centre.
    const Vec2 spawnAt{center(view).x, view.lower.y + 0.75f * (view.upper.y - view.lower.y)};
    if (ImGui::Button("Box (B)"))
    {
        m_tools.spawnBox(m_world, m_bodies, spawnAt);
        markEdited();
    }
    ImGui::SameLine();
    if (ImGui::Button("Circle (C)"))
    {
        m_tools.spawnCircle(m_world, m_bodies, spawnAt);
        markEdited();
    }
    ImGui::SameLine();
    if (ImGui::Button("Bomb (X)"))
    {
        m_tools.throwBomb(m_world, m_bodies, center(view), view);
        markEdited();
    }
    const BodyId selected = m_tools.selected();
    if (isNull(selected) || !m_world.isValid(selected))
    {
        ImGui::TextDisabled("Click a static body to select it.");
        return;
    }
    ImGui::Text("Selected static body: %s", bodyNames().name(selected).c_str());
    float degrees = m_world.angle(selected) * 57.29578f;
    if (ImGui::DragFloat("angle", &degrees, 0.5f, -3600.0f, 3600.0f, "%.1f deg"))
    {
        m_tools.rotateSelected(m_world, degrees / 57.29578f - m_world.angle(selected));
        markEdited();
    }
    if (ImGui::Button("Smaller (-)"))
    {
        m_tools.scaleSelected(m_world, 1.0f / 1.1f);
        markEdited();
    }
    ImGui::SameLine();
    if (ImGui::Button("Larger (+)"))
    {
        m_tools.scaleSelected(m_world, 1.1f);
        markEdited();
    }
    ImGui::SameLine();
    if (ImGui::Button("Deselect"))
    {
        m_tools.clearSelection();
    }
}

void SandboxApp::drawBox2dSection()
{
    if (!ImGui::CollapsingHeader("Box2D side by side", m_box2dEnabled ? ImGuiTreeNodeFlags_DefaultOpen : 0))
    {
        return;
    }
    const bool described = m_scene && m_scene->sceneDescription() != nullptr;
    if (!Box2dView::isAvailable())
    {
        ImGui::TextDisabled("built without Box2D");
        return;
    }
    ImGui::BeginDisabled(!described);
    bool enabled = m_box2dEnabled;
    if (ImGui::Checkbox("Run Box2D 2.4 in lockstep (G)", &enabled))
    {
        m_deferred = [this, enabled] { setBox2dEnabled(enabled); };
    }
    ImGui::EndDisabled();
    if (!described)
    {
        ImGui::TextDisabled("Only for scenes made from a scene description.");
        return;
    }
    if (!m_box2d.error().empty())
    {
        ImGui::TextColored(kErrorColour, "%s", m_box2d.error().c_str());
    }
    if (m_world.settings().solver != Solver::Ngs)
    {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled("Box2D 2.4 solves with ngs, the engine with %s: choose ngs under World settings "
                            "for a like-for-like run.",
                            solverLabel(m_world.settings().solver));
        ImGui::PopTextWrapPos();
    }
    if (!m_box2d.isRunning())
    {
        return;
    }
    ImGui::TextColored(kGhostColour, "Box2D's bodies: thin outlines");
    if (m_box2d.maxDivergenceBody() < 0)
    {
        ImGui::TextUnformatted("max divergence: no step yet");
    }
    else
    {
        ImGui::Text("max divergence %.4f m:", static_cast<double>(m_box2d.maxDivergence()));
        ImGui::SameLine();
        bodyLink(m_bodies[static_cast<std::size_t>(m_box2d.maxDivergenceBody())]);
    }
    ImGui::Text("steps in lockstep: %d", m_box2d.stepCount());
    if (m_box2d.isDiverged())
    {
        ImGui::TextColored(kWarnColour, "%s", m_box2d.divergedReason().c_str());
        if (ImGui::Button("Re-sync (restart)"))
        {
            m_deferred = [this] { restart(); };
        }
    }
}

void SandboxApp::drawSaveSection()
{
    if (!ImGui::CollapsingHeader("Save as a scene file"))
    {
        return;
    }
    ImGui::SetNextItemWidth(-60.0f);
    const bool enter = ImGui::InputText("##save", &m_saveName, ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SameLine();
    // Its own ID: a bare "Save" would share the section header's and never register a click.
    if (ImGui::Button("Save##file") || enter)
    {
        saveCurrent();
    }
    ImGui::TextDisabled("relative names go to %s", m_options.scenesDir.empty()
                                                       ? "the current directory"
                                                       : m_options.scenesDir.string().c_str());
}

// Record the session, or play a recording back with a timeline to scrub.
void SandboxApp::drawRecordSection()
{
    if (!ImGui::CollapsingHeader("Record and replay", m_tape.mode() == SessionTape::Mode::Idle
                                                          ? 0
                                                          : ImGuiTreeNodeFlags_DefaultOpen))
    {
        return;
    }
    const auto inScenesDir = [this](const std::string& name)
    {
        const std::filesystem::path path{name};
        return path.is_absolute() || m_options.scenesDir.empty() ? path : m_options.scenesDir / path;
    };
    switch (m_tape.mode())
    {
    case SessionTape::Mode::Idle:
        if (ImGui::Button("Record"))
        {
            m_tape.startRecording(m_world, m_sceneName);
            setStatus("recording");
        }
        ImGui::SameLine();
        ImGui::TextDisabled("from now: every step and what you do");
        break;
    case SessionTape::Mode::Recording:
        ImGui::TextColored(kErrorColour, "recording: %d steps, %zu changes by hand", m_tape.position(),
                           m_tape.recording()->changes().size());
        if (ImGui::Button("Stop"))
        {
            m_tape.stopRecording();
        }
        break;
    case SessionTape::Mode::Replaying:
    {
        int step = m_tape.position();
        ImGui::SetNextItemWidth(-1.0f);
        if (ImGui::SliderInt("##timeline", &step, 0, m_tape.length(), "step %d"))
        {
            m_tape.seek(m_world, step);
            m_paused = true;
        }
        if (m_tape.firstMismatch() >= 0)
        {
            ImGui::TextColored(kErrorColour, "step %d differs from the recording",
                               m_tape.firstMismatch() + 1);
        }
        else
        {
            ImGui::TextDisabled("every step so far as recorded");
        }
        const std::vector<RecordedChange> changes = m_tape.recording()->changes();
        ImGui::TextDisabled("%zu changes by hand", changes.size());
        for (auto it = changes.rbegin(); it != changes.rend(); ++it)
        {
            if (it->step < step)
            {
                ImGui::TextDisabled("the latest, before step %d: %s", it->step + 1, it->label.c_str());
                break;
            }
        }
        if (ImGui::Button("Stop replay"))
        {
            stopReplay();
        }
        return;
    }
    }
    if (m_tape.recording() != nullptr && m_tape.mode() == SessionTape::Mode::Idle)
    {
        ImGui::SetNextItemWidth(-60.0f);
        ImGui::InputText("##record", &m_recordName);
        ImGui::SameLine();
        if (ImGui::Button("Save##recording"))
        {
            std::string error;
            if (m_tape.save(inScenesDir(m_recordName), error))
            {
                setStatus("saved " + inScenesDir(m_recordName).string());
            }
            else
            {
                m_error = error;
            }
        }
    }
    ImGui::SetNextItemWidth(-60.0f);
    ImGui::InputText("##replay", &m_replayName);
    ImGui::SameLine();
    if (ImGui::Button("Replay"))
    {
        const std::filesystem::path file = inScenesDir(m_replayName);
        m_deferred = [this, file] { startReplay(file); };
    }
}

} // namespace oblique::sandbox
