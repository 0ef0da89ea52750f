#pragma once
/// GameComponent and DrawableGameComponent: pieces of a game (a physics world stepper, a HUD, a
/// camera controller) that the Game updates and draws in a set order, so games compose from parts.

#include "oblique/sfml/game_time.hpp"

namespace oblique
{

class Game;

/// A part of a game that is updated every update, in ascending updateOrder (ties keep insertion
/// order). Add it with Game::addComponent; the game calls initialize() once, when the game
/// initializes or, for components added later, as they are added.
class GameComponent
{
public:
    /// A component of `game`, which must outlive it.
    explicit GameComponent(Game& game) : m_game(&game) {}
    /// Components are destroyed by the game that owns them.
    virtual ~GameComponent() = default;
    /// Not copyable: the game holds components by address.
    GameComponent(const GameComponent&) = delete;
    /// Not copyable.
    GameComponent& operator=(const GameComponent&) = delete;

    /// Called once before the first update.
    virtual void initialize() {}
    /// Called by Game::update while enabled.
    virtual void update(const GameTime& time) { static_cast<void>(time); }

    /// Disabled components are not updated.
    bool isEnabled() const { return m_enabled; }
    /// Enables or disables updating.
    void setEnabled(bool enabled) { m_enabled = enabled; }
    /// Lower values update first. Takes effect at the next walk.
    int updateOrder() const { return m_updateOrder; }
    /// Sets the update order.
    void setUpdateOrder(int order) { m_updateOrder = order; }

    /// The game this component belongs to.
    Game& game() const { return *m_game; }

private:
    Game* m_game;
    bool m_enabled = true;
    int m_updateOrder = 0;
};

/// A component that also draws, in ascending drawOrder, and owns content it loads and unloads with
/// the game's.
class DrawableGameComponent : public GameComponent
{
public:
    /// A drawable component of `game`, which must outlive it.
    using GameComponent::GameComponent;

    /// Calls loadContent(); override to set up, and call this too.
    void initialize() override { loadContent(); }
    /// Loads what draw() needs; called from initialize().
    virtual void loadContent() {}
    /// Releases what loadContent() loaded; called when the game unloads its content.
    virtual void unloadContent() {}
    /// Called by Game::draw while visible.
    virtual void draw(const GameTime& time) { static_cast<void>(time); }

    /// Invisible components are not drawn (they are still updated while enabled).
    bool isVisible() const { return m_visible; }
    /// Shows or hides the component.
    void setVisible(bool visible) { m_visible = visible; }
    /// Lower values draw first (further back). Takes effect at the next walk.
    int drawOrder() const { return m_drawOrder; }
    /// Sets the draw order.
    void setDrawOrder(int order) { m_drawOrder = order; }

private:
    bool m_visible = true;
    int m_drawOrder = 0;
};

} // namespace oblique
