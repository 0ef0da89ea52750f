#pragma once
// Dear ImGui inside an SFML render target: a small input bridge from sf::Event to ImGuiIO and the
// OpenGL2 backend drawing over whatever SFML drew. Works on a window and, for headless runs, on an
// off-screen render texture.

#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Window/Event.hpp>
#include <string>

namespace oblique::sandbox
{

class ImGuiLayer
{
public:
    ImGuiLayer() = default;
    ~ImGuiLayer();
    ImGuiLayer(const ImGuiLayer&) = delete;
    ImGuiLayer& operator=(const ImGuiLayer&) = delete;

    // Creates the ImGui context and the backend's GL objects in target's context. `fontPath` is a
    // TrueType font used when it can be read (ImGui's built-in font otherwise).
    void initialize(sf::RenderTarget& target, const std::string& fontPath);
    // Releases the GL objects (in target's context) and the ImGui context.
    void shutdown(sf::RenderTarget& target);
    bool isInitialized() const { return m_initialized; }

    // Feeds one window event to ImGui: mouse, wheel, keys, modifiers and text.
    void handleEvent(const sf::Event& event);

    // Starts an ImGui frame for a target of this size covering deltaSeconds.
    void newFrame(sf::RenderTarget& target, float deltaSeconds);
    // Ends the frame and draws it over target's content.
    void render(sf::RenderTarget& target);

    // Whether ImGui used the mouse or keyboard in its last frame (a window under the cursor, a
    // drag, a text field with focus): then the app's own tools leave the input alone.
    bool wantsMouse() const;
    bool wantsKeyboard() const;

private:
    bool m_initialized = false;
    bool m_inFrame = false;
    // A touchpad tap can press and release a button between two frames; ImGui 1.86 reads the
    // button's state once per frame and would never see it down. Such a release waits one frame.
    bool m_pressedThisFrame[5] = {};
    bool m_releasePending[5] = {};
    std::string m_clipboard;
};

} // namespace oblique::sandbox
