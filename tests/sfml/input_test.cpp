// Input snapshots: edges from pairs of snapshots, edges that fire once across a multi-update tick,
// taps and clicks shorter than a frame, and SFML events folded into snapshots by the collector.

#include "oblique/sfml/game_loop.hpp"
#include "oblique/sfml/input.hpp"
#include "oblique/sfml/input_collector.hpp"
#include "oblique/sfml/sfml_convert.hpp"

#include <gtest/gtest.h>
#include <vector>

namespace
{

using oblique::Input;
using oblique::InputCollector;
using oblique::Key;
using oblique::KeyboardState;
using oblique::MouseButton;
using oblique::MouseState;

KeyboardState keys(std::initializer_list<Key> down)
{
    KeyboardState k;
    for (Key key : down)
    {
        k.setKey(key, true);
    }
    return k;
}

sf::Event keyEvent(sf::Keyboard::Key code, bool pressed)
{
    sf::Event e{};
    e.type = pressed ? sf::Event::KeyPressed : sf::Event::KeyReleased;
    e.key.code = code;
    return e;
}

sf::Event buttonEvent(sf::Mouse::Button button, bool pressed, int x, int y)
{
    sf::Event e{};
    e.type = pressed ? sf::Event::MouseButtonPressed : sf::Event::MouseButtonReleased;
    e.mouseButton.button = button;
    e.mouseButton.x = x;
    e.mouseButton.y = y;
    return e;
}

sf::Event wheelEvent(float delta)
{
    sf::Event e{};
    e.type = sf::Event::MouseWheelScrolled;
    e.mouseWheelScroll.wheel = sf::Mouse::VerticalWheel;
    e.mouseWheelScroll.delta = delta;
    return e;
}

TEST(KeyboardState, SetAndQueryKeys)
{
    KeyboardState k;
    EXPECT_TRUE(k.isKeyUp(Key::A));
    k.setKey(Key::A, true);
    k.setKey(Key::Pause, true);
    k.setKey(Key::Count, true); // not a key: ignored
    EXPECT_TRUE(k.isKeyDown(Key::A));
    EXPECT_TRUE(k.isKeyDown(Key::Pause));
    EXPECT_FALSE(k.isKeyDown(Key::Count));
    EXPECT_EQ(k.downCount(), 2u);
    k.setKey(Key::A, false);
    EXPECT_TRUE(k.isKeyUp(Key::A));
    k.clear();
    EXPECT_EQ(k.downCount(), 0u);
}

TEST(MouseState, ButtonsAreIndependentBits)
{
    MouseState m;
    m.setButton(MouseButton::Left, true);
    m.setButton(MouseButton::XButton2, true);
    EXPECT_TRUE(m.isButtonDown(MouseButton::Left));
    EXPECT_FALSE(m.isButtonDown(MouseButton::Right));
    EXPECT_TRUE(m.isButtonDown(MouseButton::XButton2));
    m.setButton(MouseButton::Left, false);
    EXPECT_FALSE(m.isButtonDown(MouseButton::Left));
    EXPECT_TRUE(m.isButtonDown(MouseButton::XButton2));
}

TEST(Input, KeyEdgesComeFromTheSnapshotPair)
{
    Input input;
    input.advance(keys({Key::Space}), {});
    EXPECT_TRUE(input.isKeyDown(Key::Space));
    EXPECT_TRUE(input.wasKeyPressed(Key::Space));
    EXPECT_FALSE(input.wasKeyReleased(Key::Space));

    input.advance(keys({Key::Space}), {});
    EXPECT_TRUE(input.isKeyDown(Key::Space));
    EXPECT_FALSE(input.wasKeyPressed(Key::Space)) << "held, not pressed again";

    input.advance(keys({}), {});
    EXPECT_TRUE(input.isKeyUp(Key::Space));
    EXPECT_TRUE(input.wasKeyReleased(Key::Space));
    EXPECT_FALSE(input.wasKeyPressed(Key::Space));

    input.advance(keys({}), {});
    EXPECT_FALSE(input.wasKeyReleased(Key::Space));
}

TEST(Input, ResetLeavesNoEdges)
{
    Input input;
    input.reset(keys({Key::W}), {});
    EXPECT_TRUE(input.isKeyDown(Key::W));
    EXPECT_FALSE(input.wasKeyPressed(Key::W));
}

TEST(Input, MouseButtonEdgesWheelDeltaAndMovement)
{
    Input input;
    MouseState m;
    m.position = {10.0f, 20.0f};
    input.reset({}, m);

    m.setButton(MouseButton::Right, true);
    m.wheel = 2.0f;
    m.position = {15.0f, 18.0f};
    input.advance({}, m);
    EXPECT_TRUE(input.wasButtonPressed(MouseButton::Right));
    EXPECT_TRUE(input.isButtonDown(MouseButton::Right));
    EXPECT_FALSE(input.wasButtonPressed(MouseButton::Left));
    EXPECT_FLOAT_EQ(input.wheelDelta(), 2.0f);
    EXPECT_EQ(input.mouseDelta(), (oblique::Vec2{5.0f, -2.0f}));

    input.advance({}, m);
    EXPECT_FALSE(input.wasButtonPressed(MouseButton::Right));
    EXPECT_FLOAT_EQ(input.wheelDelta(), 0.0f) << "the wheel is cumulative; no movement, no delta";

    m.setButton(MouseButton::Right, false);
    m.wheel = 1.5f;
    input.advance({}, m);
    EXPECT_TRUE(input.wasButtonReleased(MouseButton::Right));
    EXPECT_FLOAT_EQ(input.wheelDelta(), -0.5f);
}

TEST(Input, MouseWorldGoesThroughTheCamera)
{
    Input input;
    MouseState m;
    m.position = {400.0f + 50.0f, 300.0f - 100.0f}; // right of and above the viewport centre
    input.advance({}, m);
    const oblique::Camera2D camera({1.0f, 2.0f}, 50.0f, {800.0f, 600.0f});
    const oblique::Vec2 w = input.mouseWorld(camera);
    EXPECT_FLOAT_EQ(w.x, 2.0f);
    EXPECT_FLOAT_EQ(w.y, 4.0f);
}

// What Game does: events are collected once per tick, input advances once per update.
TEST(Input, APressFiresOnceAcrossAMultiUpdateTick)
{
    oblique::ManualClock clock;
    oblique::GameLoop loop(clock);
    InputCollector collector;
    Input input;
    int pressed = 0;
    int held = 0;
    int wheelNotches = 0;
    const auto update = [&](const oblique::GameTime&)
    {
        input.advance(collector.keyboard(), collector.mouse());
        pressed += input.wasKeyPressed(Key::J) ? 1 : 0;
        held += input.isKeyDown(Key::J) ? 1 : 0;
        wheelNotches += static_cast<int>(input.wheelDelta());
    };
    const auto draw = [](const oblique::GameTime&) {};

    collector.handleEvent(keyEvent(sf::Keyboard::J, true));
    collector.handleEvent(wheelEvent(1.0f));
    collector.handleEvent(wheelEvent(2.0f));
    clock.advance(4 * loop.targetElapsedTime()); // a slow frame: this tick runs four updates
    ASSERT_EQ(loop.tick(update, draw).updates, 4);
    EXPECT_EQ(pressed, 1);
    EXPECT_EQ(held, 4);
    EXPECT_EQ(wheelNotches, 3) << "the wheel movement is seen once";

    clock.advance(loop.targetElapsedTime());
    loop.tick(update, draw);
    EXPECT_EQ(pressed, 1) << "holding the key is not a new press";

    collector.handleEvent(keyEvent(sf::Keyboard::J, false));
    clock.advance(2 * loop.targetElapsedTime());
    loop.tick(update, draw);
    EXPECT_FALSE(input.isKeyDown(Key::J));
    collector.handleEvent(keyEvent(sf::Keyboard::J, true));
    clock.advance(loop.targetElapsedTime());
    loop.tick(update, draw);
    EXPECT_EQ(pressed, 2);
}

TEST(KeyboardState, PressesAreCountedOnlyWhenTheKeyWasUp)
{
    KeyboardState k;
    k.pressKey(Key::A);
    EXPECT_TRUE(k.isKeyDown(Key::A));
    EXPECT_EQ(k.pressCount(Key::A), 1);
    k.pressKey(Key::A); // an auto-repeat: still the same press
    EXPECT_EQ(k.pressCount(Key::A), 1);
    k.setKey(Key::A, false);
    k.pressKey(Key::A);
    EXPECT_EQ(k.pressCount(Key::A), 2);
    k.setKey(Key::B, true); // set by hand: down, but not a counted press
    EXPECT_EQ(k.pressCount(Key::B), 0);
    k.clear();
    EXPECT_EQ(k.downCount(), 0u);
    EXPECT_EQ(k.pressCount(Key::A), 2) << "releasing everything does not undo the presses";
    k.pressKey(Key::Count); // not a key: ignored
    EXPECT_EQ(k.pressCount(Key::Count), 0);
    EXPECT_EQ(k.downCount(), 0u);
}

TEST(MouseState, PressesAreCountedOnlyWhenTheButtonWasUp)
{
    MouseState m;
    m.pressButton(MouseButton::Middle);
    m.pressButton(MouseButton::Middle);
    EXPECT_TRUE(m.isButtonDown(MouseButton::Middle));
    EXPECT_EQ(m.pressCount(MouseButton::Middle), 1);
    m.setButton(MouseButton::Middle, false);
    m.pressButton(MouseButton::Middle);
    EXPECT_EQ(m.pressCount(MouseButton::Middle), 2);
    EXPECT_EQ(m.pressCount(MouseButton::Left), 0);
    m.pressButton(MouseButton::Count);
    EXPECT_EQ(m.pressCount(MouseButton::Count), 0);
}

/// Events collected and snapshots advanced as Game does, one update at a time.
class InputFromEvents : public testing::Test
{
protected:
    InputFromEvents() { input.reset(collector.keyboard(), collector.mouse()); }

    void send(const sf::Event& event) { collector.handleEvent(event); }
    void tap(sf::Keyboard::Key code)
    {
        send(keyEvent(code, true));
        send(keyEvent(code, false));
    }
    void update() { input.advance(collector.keyboard(), collector.mouse()); }

    InputCollector collector;
    Input input;
};

// A tap shorter than a frame: both events arrive between two updates.
TEST_F(InputFromEvents, AKeyTapBetweenTwoUpdatesIsPressedForOneUpdateAndReleasedAtTheNext)
{
    tap(sf::Keyboard::Space);
    ASSERT_TRUE(collector.keyboard().isKeyUp(Key::Space)) << "the premise: the key is up again";
    update();
    EXPECT_TRUE(input.wasKeyPressed(Key::Space));
    EXPECT_TRUE(input.isKeyDown(Key::Space));
    EXPECT_FALSE(input.isKeyUp(Key::Space));
    EXPECT_FALSE(input.wasKeyReleased(Key::Space));
    EXPECT_FALSE(input.wasKeyPressed(Key::Enter)) << "only the tapped key";

    update();
    EXPECT_FALSE(input.wasKeyPressed(Key::Space));
    EXPECT_FALSE(input.isKeyDown(Key::Space));
    EXPECT_TRUE(input.wasKeyReleased(Key::Space));

    update();
    EXPECT_FALSE(input.wasKeyPressed(Key::Space));
    EXPECT_FALSE(input.wasKeyReleased(Key::Space));
}

TEST_F(InputFromEvents, AClickBetweenTwoUpdatesIsPressedForOneUpdateAndReleasedAtTheNext)
{
    send(buttonEvent(sf::Mouse::Left, true, 30, 40));
    send(buttonEvent(sf::Mouse::Left, false, 31, 40));
    update();
    EXPECT_TRUE(input.wasButtonPressed(MouseButton::Left));
    EXPECT_TRUE(input.isButtonDown(MouseButton::Left));
    EXPECT_FALSE(input.wasButtonReleased(MouseButton::Left));
    EXPECT_FALSE(input.wasButtonPressed(MouseButton::Right));
    EXPECT_EQ(input.mousePosition(), (oblique::Vec2{31.0f, 40.0f}));

    update();
    EXPECT_FALSE(input.wasButtonPressed(MouseButton::Left));
    EXPECT_FALSE(input.isButtonDown(MouseButton::Left));
    EXPECT_TRUE(input.wasButtonReleased(MouseButton::Left));
}

TEST_F(InputFromEvents, AKeyReleasedAndPressedAgainBetweenUpdatesIsPressedAgain)
{
    send(keyEvent(sf::Keyboard::J, true));
    update();
    ASSERT_TRUE(input.wasKeyPressed(Key::J));

    // Held in both snapshots, but let go and pressed again in between: a second press.
    send(keyEvent(sf::Keyboard::J, false));
    send(keyEvent(sf::Keyboard::J, true));
    update();
    EXPECT_TRUE(input.wasKeyPressed(Key::J));
    EXPECT_TRUE(input.isKeyDown(Key::J));

    // An auto-repeat of a held key is not.
    send(keyEvent(sf::Keyboard::J, true));
    update();
    EXPECT_FALSE(input.wasKeyPressed(Key::J));
    EXPECT_TRUE(input.isKeyDown(Key::J));
}

TEST_F(InputFromEvents, SeveralTapsBetweenTwoUpdatesAreOnePress)
{
    for (int i = 0; i < 3; ++i)
    {
        tap(sf::Keyboard::X);
    }
    update();
    EXPECT_TRUE(input.wasKeyPressed(Key::X));
    update();
    EXPECT_FALSE(input.wasKeyPressed(Key::X));
    EXPECT_TRUE(input.wasKeyReleased(Key::X));
}

TEST_F(InputFromEvents, ATapIsNotAnEdgeAfterReset)
{
    tap(sf::Keyboard::Q);
    input.reset(collector.keyboard(), collector.mouse());
    update();
    EXPECT_FALSE(input.wasKeyPressed(Key::Q));
    EXPECT_FALSE(input.isKeyDown(Key::Q));
}

// What Game does with a tap during a slow frame: the first of the tick's updates sees the press,
// the second the release, and the rest nothing.
TEST_F(InputFromEvents, ATapDuringAMultiUpdateTickIsPressedOnceAndReleasedOnce)
{
    oblique::ManualClock clock;
    oblique::GameLoop loop(clock);
    std::vector<int> downIn;
    int pressed = 0;
    int released = 0;
    int updates = 0;
    const auto onUpdate = [&](const oblique::GameTime&)
    {
        update();
        pressed += input.wasKeyPressed(Key::Space) ? 1 : 0;
        released += input.wasKeyReleased(Key::Space) ? 1 : 0;
        if (input.isKeyDown(Key::Space))
        {
            downIn.push_back(updates);
        }
        ++updates;
    };
    const auto draw = [](const oblique::GameTime&) {};

    tap(sf::Keyboard::Space);
    clock.advance(4 * loop.targetElapsedTime());
    ASSERT_EQ(loop.tick(onUpdate, draw).updates, 4);
    EXPECT_EQ(pressed, 1);
    EXPECT_EQ(released, 1);
    EXPECT_EQ(downIn, std::vector<int>{0});
}

TEST(InputCollector, FoldsEventsIntoSnapshots)
{
    InputCollector c;
    EXPECT_TRUE(c.handleEvent(keyEvent(sf::Keyboard::A, true)));
    EXPECT_TRUE(c.handleEvent(keyEvent(sf::Keyboard::LShift, true)));
    EXPECT_TRUE(c.keyboard().isKeyDown(Key::A));
    EXPECT_TRUE(c.keyboard().isKeyDown(Key::LShift));
    c.handleEvent(keyEvent(sf::Keyboard::A, false));
    EXPECT_FALSE(c.keyboard().isKeyDown(Key::A));

    c.handleEvent(buttonEvent(sf::Mouse::Left, true, 30, 40));
    EXPECT_TRUE(c.mouse().isButtonDown(MouseButton::Left));
    EXPECT_EQ(c.mouse().position, (oblique::Vec2{30.0f, 40.0f}));

    sf::Event moved{};
    moved.type = sf::Event::MouseMoved;
    moved.mouseMove.x = 100;
    moved.mouseMove.y = 7;
    c.handleEvent(moved);
    EXPECT_EQ(c.mouse().position, (oblique::Vec2{100.0f, 7.0f}));

    c.handleEvent(wheelEvent(-1.0f));
    c.handleEvent(wheelEvent(-1.0f));
    EXPECT_FLOAT_EQ(c.mouse().wheel, -2.0f);

    sf::Event horizontal = wheelEvent(5.0f);
    horizontal.mouseWheelScroll.wheel = sf::Mouse::HorizontalWheel;
    c.handleEvent(horizontal);
    EXPECT_FLOAT_EQ(c.mouse().wheel, -2.0f) << "only the vertical wheel counts";

    sf::Event resized{};
    resized.type = sf::Event::Resized;
    EXPECT_FALSE(c.handleEvent(resized));
}

TEST(InputCollector, LosingFocusReleasesEverything)
{
    InputCollector c;
    c.handleEvent(keyEvent(sf::Keyboard::W, true));
    c.handleEvent(buttonEvent(sf::Mouse::Right, true, 1, 1));
    sf::Event lost{};
    lost.type = sf::Event::LostFocus;
    c.handleEvent(lost);
    EXPECT_EQ(c.keyboard().downCount(), 0u);
    EXPECT_FALSE(c.mouse().isButtonDown(MouseButton::Right));
}

TEST(InputCollector, UntrackedKeysAreIgnored)
{
    InputCollector c;
    c.handleEvent(keyEvent(sf::Keyboard::Unknown, true));
    c.handleEvent(keyEvent(sf::Keyboard::Menu, true));
    c.handleEvent(keyEvent(sf::Keyboard::F15, true));
    EXPECT_EQ(c.keyboard().downCount(), 0u);
}

TEST(SfmlConvert, KeyCodes)
{
    EXPECT_EQ(oblique::fromSfKey(sf::Keyboard::A), Key::A);
    EXPECT_EQ(oblique::fromSfKey(sf::Keyboard::Z), Key::Z);
    EXPECT_EQ(oblique::fromSfKey(sf::Keyboard::Num7), Key::Num7);
    EXPECT_EQ(oblique::fromSfKey(sf::Keyboard::Numpad3), Key::Numpad3);
    EXPECT_EQ(oblique::fromSfKey(sf::Keyboard::F1), Key::F1);
    EXPECT_EQ(oblique::fromSfKey(sf::Keyboard::F12), Key::F12);
    EXPECT_EQ(oblique::fromSfKey(sf::Keyboard::Hyphen), Key::Minus);
    EXPECT_EQ(oblique::fromSfKey(sf::Keyboard::Escape), Key::Escape);
    EXPECT_EQ(oblique::fromSfKey(sf::Keyboard::Down), Key::Down);
    EXPECT_EQ(oblique::fromSfKey(sf::Keyboard::Pause), Key::Pause);
    EXPECT_FALSE(oblique::fromSfKey(sf::Keyboard::Unknown).has_value());
    EXPECT_FALSE(oblique::fromSfKey(sf::Keyboard::LSystem).has_value());
    EXPECT_EQ(oblique::fromSfButton(sf::Mouse::Middle), MouseButton::Middle);
}

TEST(SfmlConvert, ColoursClampAndRound)
{
    const sf::Color c = oblique::toSfColor({1.0f, 0.5f, -3.0f, 2.0f});
    EXPECT_EQ(c.r, 255);
    EXPECT_EQ(c.g, 128);
    EXPECT_EQ(c.b, 0);
    EXPECT_EQ(c.a, 255);
}

} // namespace
