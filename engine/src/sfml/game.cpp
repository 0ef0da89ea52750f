// The Game lifecycle around an SFML window: setup, the event pump, update and draw through the
// GameLoop, and the orderly shutdown.

#include "oblique/sfml/game.hpp"

#include "oblique/sfml/sfml_convert.hpp"

#include <SFML/Graphics/Image.hpp>
#include <SFML/Graphics/Texture.hpp>
#include <SFML/Graphics/View.hpp>
#include <SFML/Window/Mouse.hpp>
#include <algorithm>
#include <iostream>
#include <stdexcept>

namespace oblique
{

namespace
{

sf::View pixelView(sf::Vector2u size)
{
    return sf::View(sf::FloatRect(0.0f, 0.0f, static_cast<float>(size.x), static_cast<float>(size.y)));
}

// Clears a flag when run() leaves, however it leaves.
class RunningGuard
{
public:
    explicit RunningGuard(bool& flag) : m_flag(flag) { m_flag = true; }
    ~RunningGuard() { m_flag = false; }
    RunningGuard(const RunningGuard&) = delete;
    RunningGuard& operator=(const RunningGuard&) = delete;

private:
    bool& m_flag;
};

// Sorts a snapshot of the components by a key; stable, so equal keys keep insertion order.
template <class T, class Key>
void sortBy(std::vector<T*>& items, Key key)
{
    std::stable_sort(items.begin(), items.end(), [&](const T* a, const T* b) { return key(*a) < key(*b); });
}

} // namespace

Game::Game()
{
    m_camera.setViewportSize({static_cast<float>(m_width), static_cast<float>(m_height)});
}

Game::~Game() = default;

sf::RenderTarget& Game::renderTarget()
{
    if (m_window)
    {
        return *m_window;
    }
    if (m_texture)
    {
        return *m_texture;
    }
    throw std::logic_error("Game::renderTarget: the game is not running");
}

GraphicsDevice& Game::graphicsDevice()
{
    if (!m_graphicsDevice)
    {
        throw std::logic_error("Game::graphicsDevice: the game is not running");
    }
    return *m_graphicsDevice;
}

void Game::setWindowSize(unsigned width, unsigned height)
{
    m_width = width;
    m_height = height;
    if (m_window)
    {
        // The Resized event that follows updates the camera and the view.
        m_window->setSize({width, height});
    }
}

sf::Vector2u Game::windowSize() const
{
    if (m_window)
    {
        return m_window->getSize();
    }
    if (m_texture)
    {
        return m_texture->getSize();
    }
    return {m_width, m_height};
}

void Game::setTitle(const std::string& title)
{
    m_title = title;
    if (m_window)
    {
        m_window->setTitle(sf::String::fromUtf8(title.begin(), title.end()));
    }
}

void Game::exit()
{
    m_loop.exit();
}

void Game::suppressDraw()
{
    m_loop.suppressDraw();
}

void Game::resetElapsedTime()
{
    m_loop.resetElapsedTime();
}

void Game::openTarget()
{
    if (m_width == 0 || m_height == 0)
    {
        throw std::runtime_error("Game: the window size must be at least 1 x 1 pixels");
    }
    if (m_headless)
    {
        m_texture = std::make_unique<sf::RenderTexture>();
        if (!m_texture->create(m_width, m_height))
        {
            m_texture.reset();
            throw std::runtime_error("Game: cannot create a " + std::to_string(m_width) + " x " +
                                     std::to_string(m_height) + " off-screen render texture");
        }
    }
    else
    {
        m_window = std::make_unique<sf::RenderWindow>(sf::VideoMode(m_width, m_height),
                                                      sf::String::fromUtf8(m_title.begin(), m_title.end()));
        if (!m_window->isOpen())
        {
            m_window.reset();
            throw std::runtime_error("Game: cannot open the window");
        }
        // Hidden until the first update has run, so the first frame shown is a real one.
        m_window->setVisible(false);
        m_window->setVerticalSyncEnabled(m_verticalSync);
        m_window->setKeyRepeatEnabled(false);
    }
    m_graphicsDevice = std::make_unique<GraphicsDevice>(renderTarget());
    const sf::Vector2u size = windowSize();
    m_camera.setViewportSize({static_cast<float>(size.x), static_cast<float>(size.y)});
}

void Game::closeTarget()
{
    m_graphicsDevice.reset();
    if (m_window)
    {
        m_window->close();
    }
    m_window.reset();
    m_texture.reset();
}

void Game::run()
{
    if (m_running)
    {
        throw std::logic_error("Game::run: the game is already running");
    }
    if (m_headless && m_frameLimit <= 0)
    {
        throw std::logic_error("Game::run: a headless run needs a frame limit");
    }
    RunningGuard running(m_running);
    m_frameCount = 0;
    m_frameLimitReached = false;
    m_screenshotError.clear();
    m_active = true;

    openTarget();
    if (!m_debugDraw.hasFont() && !m_debugDraw.loadFont())
    {
        std::cerr << "oblique: " << m_debugDraw.fontError() << '\n';
    }
    // The clock is chosen before initialize() so that resetElapsedTime() there works on it.
    m_manualClock = ManualClock{};
    m_loop.setClock(m_headless ? static_cast<LoopClock&>(m_manualClock) : m_steadyClock);

    try
    {
        m_collector.reset();
        if (m_window)
        {
            const sf::Vector2i mouse = sf::Mouse::getPosition(*m_window);
            sf::Event moved{};
            moved.type = sf::Event::MouseMoved;
            moved.mouseMove = {mouse.x, mouse.y};
            m_collector.handleEvent(moved);
        }
        m_input.reset(m_collector.keyboard(), m_collector.mouse());

        initialize();
        beginRun();
        // Time spent loading is not game time: the loop starts measuring here.
        m_loop.reset();
        doUpdate(GameTime{});
        if (m_window)
        {
            m_window->setVisible(true);
        }

        for (;;)
        {
            if (m_loop.exitRequested())
            {
                if (onExiting())
                {
                    break;
                }
                m_loop.cancelExit();
            }
            pumpEvents();
            m_loop.tick([this](const GameTime& t) { doUpdate(t); }, [this](const GameTime& t) { doDraw(t); });
            if (m_frameLimitReached)
            {
                // A frame limit ends the run whatever onExiting answers.
                static_cast<void>(onExiting());
                break;
            }
        }

        unloadContent();
        endRun();
    }
    catch (...)
    {
        m_initialized = false;
        closeTarget();
        throw;
    }
    m_initialized = false;
    closeTarget();
    if (!m_screenshotError.empty())
    {
        throw std::runtime_error(m_screenshotError);
    }
}

void Game::pumpEvents()
{
    if (!m_window)
    {
        return;
    }
    sf::Event event{};
    while (m_window->pollEvent(event))
    {
        m_collector.handleEvent(event);
        switch (event.type)
        {
        case sf::Event::Resized:
            m_camera.setViewportSize(
                {static_cast<float>(event.size.width), static_cast<float>(event.size.height)});
            m_window->setView(pixelView({event.size.width, event.size.height}));
            break;
        case sf::Event::LostFocus:
            m_active = false;
            break;
        case sf::Event::GainedFocus:
            m_active = true;
            break;
        default:
            break;
        }
        handleEvent(event);
    }
}

void Game::handleEvent(const sf::Event& event)
{
    if (event.type == sf::Event::Closed)
    {
        exit();
    }
}

void Game::doUpdate(const GameTime& time)
{
    m_input.advance(m_collector.keyboard(), m_collector.mouse());
    update(time);
}

void Game::doDraw(const GameTime& time)
{
    sf::RenderTarget& target = renderTarget();
    target.clear(toSfColor(m_clearColor));
    m_debugDraw.setCamera(m_camera);
    draw(time);
    m_debugDraw.flush(target);
    ++m_frameCount;
    m_frameLimitReached = m_frameLimit > 0 && m_frameCount >= m_frameLimit;
    if (m_frameLimitReached && !m_screenshotPath.empty() && !captureScreenshot())
    {
        m_screenshotError = "Game: cannot save the screenshot to '" + m_screenshotPath + "'";
    }
    if (m_window)
    {
        m_window->display();
    }
    else
    {
        m_texture->display();
    }
}

bool Game::captureScreenshot()
{
    if (m_texture)
    {
        // A render texture's content is only final after display().
        m_texture->display();
        return m_texture->getTexture().copyToImage().saveToFile(m_screenshotPath);
    }
    // Read the back buffer before display() swaps it away.
    sf::Texture texture;
    const sf::Vector2u size = m_window->getSize();
    if (!texture.create(size.x, size.y))
    {
        return false;
    }
    texture.update(*m_window);
    return texture.copyToImage().saveToFile(m_screenshotPath);
}

// Components

GameComponent& Game::addComponent(std::unique_ptr<GameComponent> component)
{
    if (!component)
    {
        throw std::invalid_argument("Game::addComponent: null component");
    }
    if (&component->game() != this)
    {
        throw std::invalid_argument("Game::addComponent: the component belongs to another game");
    }
    GameComponent& ref = *component;
    m_components.push_back(std::move(component));
    if (m_initialized)
    {
        initializeComponent(ref);
    }
    return ref;
}

bool Game::removeComponent(GameComponent& component)
{
    const auto it =
        std::find_if(m_components.begin(), m_components.end(),
                     [&](const std::unique_ptr<GameComponent>& c) { return c.get() == &component; });
    if (it == m_components.end())
    {
        return false;
    }
    std::unique_ptr<GameComponent> owned = std::move(*it);
    m_components.erase(it);
    if (auto* drawable = dynamic_cast<DrawableGameComponent*>(owned.get()); drawable && m_initialized)
    {
        drawable->unloadContent();
    }
    // A walk in progress still holds a pointer to it: keep it alive until the walk is over.
    m_removed.push_back(std::move(owned));
    if (m_walkDepth == 0)
    {
        collectRemoved();
    }
    return true;
}

void Game::initializeComponent(GameComponent& component)
{
    component.initialize();
}

void Game::collectRemoved()
{
    m_removed.clear();
}

bool Game::isRemoved(const GameComponent* component) const
{
    return std::any_of(m_removed.begin(), m_removed.end(),
                       [&](const std::unique_ptr<GameComponent>& c) { return c.get() == component; });
}

void Game::initialize()
{
    m_initialized = true;
    // Components may add further components while initializing; those are initialized on adding.
    std::vector<GameComponent*> snapshot;
    snapshot.reserve(m_components.size());
    for (const auto& c : m_components)
    {
        snapshot.push_back(c.get());
    }
    ++m_walkDepth;
    for (GameComponent* c : snapshot)
    {
        if (!isRemoved(c))
        {
            initializeComponent(*c);
        }
    }
    if (--m_walkDepth == 0)
    {
        collectRemoved();
    }
    loadContent();
}

void Game::unloadContent()
{
    for (const auto& c : m_components)
    {
        if (auto* drawable = dynamic_cast<DrawableGameComponent*>(c.get()))
        {
            drawable->unloadContent();
        }
    }
    m_content.unload();
}

void Game::update(const GameTime& time)
{
    // Walk a sorted snapshot so components added or removed during the walk do not disturb it.
    std::vector<GameComponent*> walk;
    walk.reserve(m_components.size());
    for (const auto& c : m_components)
    {
        walk.push_back(c.get());
    }
    sortBy(walk, [](const GameComponent& c) { return c.updateOrder(); });
    ++m_walkDepth;
    for (GameComponent* c : walk)
    {
        if (c->isEnabled() && !isRemoved(c))
        {
            c->update(time);
        }
    }
    if (--m_walkDepth == 0)
    {
        collectRemoved();
    }
}

void Game::draw(const GameTime& time)
{
    std::vector<DrawableGameComponent*> walk;
    for (const auto& c : m_components)
    {
        if (auto* drawable = dynamic_cast<DrawableGameComponent*>(c.get()))
        {
            walk.push_back(drawable);
        }
    }
    sortBy(walk, [](const DrawableGameComponent& c) { return c.drawOrder(); });
    ++m_walkDepth;
    for (DrawableGameComponent* c : walk)
    {
        if (c->isVisible() && !isRemoved(c))
        {
            c->draw(time);
        }
    }
    if (--m_walkDepth == 0)
    {
        collectRemoved();
    }
}

} // namespace oblique
