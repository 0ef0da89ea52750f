#include "imgui_layer.hpp"

#include <SFML/Window/Clipboard.hpp>
#include <algorithm>
#include <cfloat>
#include <filesystem>
#include <imgui.h>
#include <imgui_impl_opengl2.h>
#include <iterator>

namespace oblique::sandbox
{

namespace
{

// ImGui 1.86 reads keys through io.KeysDown[] at indices of the application's choosing: SFML's
// own key codes are used as the indices, and KeyMap says which of them ImGui's keys are.
void mapKeys(ImGuiIO& io)
{
    io.KeyMap[ImGuiKey_Tab] = sf::Keyboard::Tab;
    io.KeyMap[ImGuiKey_LeftArrow] = sf::Keyboard::Left;
    io.KeyMap[ImGuiKey_RightArrow] = sf::Keyboard::Right;
    io.KeyMap[ImGuiKey_UpArrow] = sf::Keyboard::Up;
    io.KeyMap[ImGuiKey_DownArrow] = sf::Keyboard::Down;
    io.KeyMap[ImGuiKey_PageUp] = sf::Keyboard::PageUp;
    io.KeyMap[ImGuiKey_PageDown] = sf::Keyboard::PageDown;
    io.KeyMap[ImGuiKey_Home] = sf::Keyboard::Home;
    io.KeyMap[ImGuiKey_End] = sf::Keyboard::End;
    io.KeyMap[ImGuiKey_Insert] = sf::Keyboard::Insert;
    io.KeyMap[ImGuiKey_Delete] = sf::Keyboard::Delete;
    io.KeyMap[ImGuiKey_Backspace] = sf::Keyboard::Backspace;
    io.KeyMap[ImGuiKey_Space] = sf::Keyboard::Space;
    io.KeyMap[ImGuiKey_Enter] = sf::Keyboard::Enter;
    io.KeyMap[ImGuiKey_Escape] = sf::Keyboard::Escape;
    io.KeyMap[ImGuiKey_A] = sf::Keyboard::A;
    io.KeyMap[ImGuiKey_C] = sf::Keyboard::C;
    io.KeyMap[ImGuiKey_V] = sf::Keyboard::V;
    io.KeyMap[ImGuiKey_X] = sf::Keyboard::X;
    io.KeyMap[ImGuiKey_Y] = sf::Keyboard::Y;
    io.KeyMap[ImGuiKey_Z] = sf::Keyboard::Z;
}

const char* getClipboard(void* userData)
{
    auto* store = static_cast<std::string*>(userData);
    const sf::String text = sf::Clipboard::getString();
    const auto utf8 = text.toUtf8();
    store->assign(utf8.begin(), utf8.end());
    return store->c_str();
}

void setClipboard(void* /*userData*/, const char* text)
{
    const std::string utf8 = text;
    sf::Clipboard::setString(sf::String::fromUtf8(utf8.begin(), utf8.end()));
}

void setKey(ImGuiIO& io, sf::Keyboard::Key key, bool down)
{
    const int index = static_cast<int>(key);
    if (index >= 0 && index < static_cast<int>(IM_ARRAYSIZE(io.KeysDown)))
    {
        io.KeysDown[index] = down;
    }
}

bool keyDown(const ImGuiIO& io, sf::Keyboard::Key key)
{
    return io.KeysDown[static_cast<int>(key)];
}

} // namespace

ImGuiLayer::~ImGuiLayer()
{
    // Without a target the GL objects cannot be released here; shutdown() normally ran already.
    if (m_initialized)
    {
        ImGui::DestroyContext();
    }
}

void ImGuiLayer::initialize(sf::RenderTarget& target, const std::string& fontPath)
{
    if (m_initialized)
    {
        return;
    }
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    // No imgui.ini in whatever directory the sandbox was started from.
    io.IniFilename = nullptr;
    io.BackendPlatformName = "oblique-sandbox-sfml";
    mapKeys(io);
    io.GetClipboardTextFn = getClipboard;
    io.SetClipboardTextFn = setClipboard;
    io.ClipboardUserData = &m_clipboard;

    std::error_code error;
    if (!fontPath.empty() && std::filesystem::is_regular_file(fontPath, error))
    {
        io.Fonts->AddFontFromFileTTF(fontPath.c_str(), 15.0f);
    }
    ImGui::StyleColorsDark();
    ImGuiStyle& style = ImGui::GetStyle();
    style.WindowRounding = 4.0f;
    style.FrameRounding = 3.0f;
    style.Colors[ImGuiCol_WindowBg].w = 0.88f;

    (void)target.setActive(true);
    ImGui_ImplOpenGL2_Init();
    m_initialized = true;
}

void ImGuiLayer::shutdown(sf::RenderTarget& target)
{
    if (!m_initialized)
    {
        return;
    }
    if (m_inFrame)
    {
        ImGui::EndFrame();
        m_inFrame = false;
    }
    (void)target.setActive(true);
    ImGui_ImplOpenGL2_Shutdown();
    ImGui::DestroyContext();
    m_initialized = false;
}

void ImGuiLayer::handleEvent(const sf::Event& event)
{
    if (!m_initialized)
    {
        return;
    }
    ImGuiIO& io = ImGui::GetIO();
    switch (event.type)
    {
    case sf::Event::MouseMoved:
        io.MousePos = ImVec2(static_cast<float>(event.mouseMove.x), static_cast<float>(event.mouseMove.y));
        break;
    case sf::Event::MouseButtonPressed:
    case sf::Event::MouseButtonReleased:
    {
        // SFML's Left, Right, Middle are ImGui's buttons 0, 1, 2.
        const int button = static_cast<int>(event.mouseButton.button);
        if (button >= 0 && button < static_cast<int>(IM_ARRAYSIZE(m_pressedThisFrame)))
        {
            const auto b = static_cast<std::size_t>(button);
            if (event.type == sf::Event::MouseButtonPressed)
            {
                io.MouseDown[b] = true;
                m_pressedThisFrame[b] = true;
                m_releasePending[b] = false;
            }
            else if (m_pressedThisFrame[b])
            {
                m_releasePending[b] = true;
            }
            else
            {
                io.MouseDown[b] = false;
            }
        }
        io.MousePos =
            ImVec2(static_cast<float>(event.mouseButton.x), static_cast<float>(event.mouseButton.y));
        break;
    }
    case sf::Event::MouseWheelScrolled:
        if (event.mouseWheelScroll.wheel == sf::Mouse::VerticalWheel)
        {
            io.MouseWheel += event.mouseWheelScroll.delta;
        }
        else
        {
            io.MouseWheelH += event.mouseWheelScroll.delta;
        }
        break;
    case sf::Event::MouseLeft:
        io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
        break;
    case sf::Event::KeyPressed:
    case sf::Event::KeyReleased:
        setKey(io, event.key.code, event.type == sf::Event::KeyPressed);
        io.KeyCtrl = keyDown(io, sf::Keyboard::LControl) || keyDown(io, sf::Keyboard::RControl);
        io.KeyShift = keyDown(io, sf::Keyboard::LShift) || keyDown(io, sf::Keyboard::RShift);
        io.KeyAlt = keyDown(io, sf::Keyboard::LAlt) || keyDown(io, sf::Keyboard::RAlt);
        io.KeySuper = keyDown(io, sf::Keyboard::LSystem) || keyDown(io, sf::Keyboard::RSystem);
        break;
    case sf::Event::TextEntered:
        // Control characters arrive as text too (backspace, tab, delete); ImGui takes those as keys.
        if (event.text.unicode >= 32 && event.text.unicode != 127)
        {
            io.AddInputCharacter(event.text.unicode);
        }
        break;
    case sf::Event::LostFocus:
        std::fill(std::begin(io.KeysDown), std::end(io.KeysDown), false);
        std::fill(std::begin(io.MouseDown), std::end(io.MouseDown), false);
        std::fill(std::begin(m_releasePending), std::end(m_releasePending), false);
        io.KeyCtrl = io.KeyShift = io.KeyAlt = io.KeySuper = false;
        break;
    default:
        break;
    }
}

void ImGuiLayer::newFrame(sf::RenderTarget& target, float deltaSeconds)
{
    if (!m_initialized)
    {
        return;
    }
    if (m_inFrame)
    {
        ImGui::EndFrame();
    }
    ImGuiIO& io = ImGui::GetIO();
    const sf::Vector2u size = target.getSize();
    io.DisplaySize = ImVec2(static_cast<float>(size.x), static_cast<float>(size.y));
    io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
    // ImGui requires a positive frame time; a paused or first frame may report none.
    io.DeltaTime = std::max(deltaSeconds, 1e-4f);
    (void)target.setActive(true);
    ImGui_ImplOpenGL2_NewFrame();
    ImGui::NewFrame();
    m_inFrame = true;
    // This frame saw the tapped buttons down; the next one sees them released.
    for (std::size_t b = 0; b < std::size(m_pressedThisFrame); ++b)
    {
        if (m_releasePending[b])
        {
            io.MouseDown[b] = false;
        }
        m_releasePending[b] = false;
        m_pressedThisFrame[b] = false;
    }
}

void ImGuiLayer::render(sf::RenderTarget& target)
{
    if (!m_initialized || !m_inFrame)
    {
        return;
    }
    ImGui::Render();
    m_inFrame = false;
    // SFML caches GL state; pushGLStates/popGLStates keep its cache and the backend's changes apart.
    target.pushGLStates();
    ImGui_ImplOpenGL2_RenderDrawData(ImGui::GetDrawData());
    target.popGLStates();
}

bool ImGuiLayer::wantsMouse() const
{
    return m_initialized && ImGui::GetIO().WantCaptureMouse;
}

bool ImGuiLayer::wantsKeyboard() const
{
    return m_initialized && ImGui::GetIO().WantCaptureKeyboard;
}

} // namespace oblique::sandbox
