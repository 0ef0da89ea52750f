// Conveyors: four belts (static boxes with a surface speed) stacked in a zigzag, each running the
// other way from the one above and dropping what it carries onto it, and a lift that brings the
// bottom belt's load back up to the top one: a loop. Belts alone cannot close it, since a belt only
// lifts what friction holds on a slope, and whatever climbs one slope must come back across the
// slope's own span. The lift's deck is a belt whose direction follows the lift (in at the bottom
// and on the way up, out at the top, still on the way down), set contact by contact by a pre-solve
// callback.

#include "described_scene.hpp"
#include "level_pieces.hpp"
#include "platform_motion.hpp"
#include "surface_marks.hpp"

#include <array>
#include <cmath>
#include <cstdio>
#include <imgui.h>
#include <string>
#include <vector>

namespace oblique::sandbox
{

namespace
{

struct Belt
{
    const char* name;
    float left;
    float right;
    float top;
    float speed; // m/s along the top face, positive to the right
};

// The lift's shaft is x in [-kShaftHalfWidth, kShaftHalfWidth]. Its deck carries two items at most
// (they are 0.5 to 0.6 m wide): a third, pushed against them by belt D, hangs more than half off
// the deck and tips back onto the belt as the lift rises, rather than being lifted overhanging
// into belt A's underside.
constexpr float kShaftHalfWidth = 0.6f;

constexpr float kBeltHalfThickness = 0.15f;
// Top to bottom. A and D reach the lift's shaft; B and C stop short of it, their ends over the belt
// below so what falls off lands there.
constexpr std::array<Belt, 4> kBelts{{
    {"belt A", kShaftHalfWidth, 9.0f, 5.1f, 2.0f},
    {"belt B", 3.2f, 10.6f, 3.4f, -2.0f},
    {"belt C", 1.15f, 9.6f, 1.7f, 1.5f},
    {"belt D", kShaftHalfWidth, 11.4f, 0.0f, -2.0f},
}};

// Walls at the right ends of B and D, where what falls off the belt above arrives still moving
// right, reaching above that belt so nothing is knocked over them. At C's left end a kerb: B's end
// overhangs C by 2 m, so its load lands well short of that end, but a ball landing with B's speed
// rolls on against C's and would leave C's end straight into the lift's shaft, onto whatever the
// deck already carries. The kerb is low, so nothing from B lands on it or wedges against B.
constexpr std::array<std::array<Vec2, 2>, 3> kBumpers{{
    {{{10.6f, 3.1f}, {10.9f, 5.6f}}},
    {{{11.4f, -0.15f}, {11.7f, 2.2f}}},
    {{{1.15f, 1.55f}, {1.35f, 1.95f}}},
}};

const char* const kHelp =
    "Belts in a zigzag and a lift back to the top: a loop. Boxes ride at their belt's speed, "
    "balls roll at a third of it.";
constexpr Aabb kFrame{{-1.6f, -1.6f}, {kBumpers[1][1].x + 0.2f, 7.7f}};

// The lift is a piston filling the shaft, its top (the deck) between belt D's top and belt A's;
// tall enough that, up, its side closes the shaft to what waits on belt D.
constexpr float kLiftHalfHeight = 2.6f;
// The deck stops 2 cm below belt D and above belt A, so what crosses onto it or off it steps down:
// seams are hidden between static bodies only, and a flush edge of the kinematic deck could stop a
// box like a kerb.
constexpr float kDeckLow = -0.02f;
constexpr float kDeckHigh = 5.12f;
// Travel no faster than 2 s: stopping at the top decelerates the load by less than gravity, so it
// stays on the deck.
constexpr LiftCycle kLiftCycle{1.5f, 2.0f, 2.0f};
// Resting at the bottom and rising, the deck runs towards the shaft's back wall (left): it takes
// the load in, and an item still hanging over its edge as it rises is pulled on. At the top it
// runs out onto belt A (right); going down it stands still.
constexpr float kDeckInSpeed = -2.0f;
constexpr float kDeckOutSpeed = 2.5f;

struct Item
{
    Vec2 bottom; // the middle of its underside, on a belt
    ShapeKind kind;
    float size; // radius, or half side
};

// Balls ride at a third of their belt's speed, so each starts behind the boxes on its belt rather
// than in their way.
constexpr std::array<Item, 10> kItems{{
    {{1.8f, 5.1f}, ShapeKind::Circle, 0.3f},
    {{4.0f, 5.1f}, ShapeKind::Box, 0.3f},
    {{6.5f, 5.1f}, ShapeKind::Box, 0.3f},
    {{8.5f, 3.4f}, ShapeKind::Circle, 0.3f},
    {{5.0f, 3.4f}, ShapeKind::Box, 0.3f},
    {{3.0f, 1.7f}, ShapeKind::Circle, 0.3f},
    {{5.5f, 1.7f}, ShapeKind::Box, 0.25f},
    {{3.0f, 0.0f}, ShapeKind::Box, 0.3f},
    {{6.0f, 0.0f}, ShapeKind::Box, 0.3f},
    {{9.5f, 0.0f}, ShapeKind::Circle, 0.25f},
}};

constexpr Color kChevronColor{1.0f, 0.85f, 0.3f, 1.0f};
constexpr Color kIdleDeckColor{0.5f, 0.5f, 0.6f, 1.0f};
constexpr Color kLabelColor{1.0f, 0.85f, 0.3f, 1.0f};

Scene conveyorScene()
{
    Scene scene;
    scene.name = "conveyors";
    // What rests against the lift's side or rides its deck must keep reacting to it.
    scene.world.allowSleep = false;
    for (const Belt& belt : kBelts)
    {
        SceneBody body = block({belt.left, belt.top - 2.0f * kBeltHalfThickness}, {belt.right, belt.top});
        body.name = belt.name;
        // Counter-clockwise positive: the top face runs the other way.
        body.surfaceSpeed = -belt.speed;
        body.friction = 0.8f;
        scene.bodies.push_back(body);
    }
    for (const auto& [lower, upper] : kBumpers)
    {
        scene.bodies.push_back(block(lower, upper));
    }
    scene.bodies.push_back(block({-kShaftHalfWidth - 0.3f, -0.6f}, {-kShaftHalfWidth, kDeckHigh + 1.4f}));
    // A floor for what is pulled off the belts, right of the shaft.
    scene.bodies.push_back(block({kShaftHalfWidth, -1.5f}, {kBumpers[1][1].x, -1.2f}));

    SceneBody lift =
        kinematicBox("lift", {0.0f, kDeckLow - kLiftHalfHeight}, {kShaftHalfWidth, kLiftHalfHeight});
    lift.friction = 0.8f;
    scene.bodies.push_back(lift);

    for (std::size_t i = 0; i < kItems.size(); ++i)
    {
        const Item& item = kItems[i];
        const bool box = item.kind == ShapeKind::Box;
        const std::string name = (box ? "box " : "ball ") + std::to_string(i);
        scene.bodies.push_back(box ? boxOn(name, item.bottom, {item.size, item.size})
                                   : ballOn(name, item.bottom, item.size));
    }
    return scene;
}

class ConveyorsScene final : public DescribedScene
{
public:
    ConveyorsScene() : DescribedScene(conveyorScene(), kHelp, kFrame) {}

    void load(SceneContext& context) override
    {
        DescribedScene::load(context);
        m_time = 0.0f;
        m_deckSpeed = deckSpeedAt(liftPhaseAt(kLiftCycle, 0.0f));
        m_belts.clear();
        if (context.bodies != nullptr)
        {
            for (const Belt& belt : kBelts)
            {
                m_belts.push_back(findBody(m_scene, *context.bodies, belt.name));
            }
            m_lift = findBody(m_scene, *context.bodies, "lift");
        }
        if (context.world != nullptr && context.world->isValid(m_lift))
        {
            m_deck = context.world->shapes(m_lift).front();
            // The world keeps the callback; the app makes a new world before it drops this scene.
            context.world->setPreSolve([this](PreSolveContact& contact) { runDeck(contact); });
        }
    }

    void update(SceneContext& context, const GameTime& time) override
    {
        const float dt = time.elapsedSeconds();
        if (context.world == nullptr || !(dt > 0.0f))
        {
            return;
        }
        // Where the lift must be at the end of the coming step, and what its deck does during it.
        const LiftPhase phase = liftPhaseAt(kLiftCycle, m_time + dt);
        const float deck = kDeckLow + phase.height * (kDeckHigh - kDeckLow);
        steerKinematic(*context.world, m_lift, {0.0f, deck - kLiftHalfHeight}, 0.0f, dt);
        m_deckSpeed = deckSpeedAt(phase);
        m_time += dt;
    }

    void draw(SceneContext& context, DebugDraw& drawer) override
    {
        if (context.world == nullptr || context.camera == nullptr)
        {
            return;
        }
        const World& world = *context.world;
        const auto seconds = static_cast<float>(std::fmod(m_time, 1000.0f));
        for (std::size_t i = 0; i < m_belts.size(); ++i)
        {
            if (!world.isValid(m_belts[i]))
            {
                continue;
            }
            const Obb belt = world.obb(m_belts[i]);
            drawBeltChevrons(drawer, belt, world.shape(m_belts[i]).surfaceSpeed, seconds, kChevronColor);
            char label[48];
            std::snprintf(label, sizeof label, "%s  %.1f m/s %s", kBelts[i].name,
                          static_cast<double>(std::abs(kBelts[i].speed)),
                          kBelts[i].speed > 0.0f ? ">>" : "<<");
            const float labelX = kBelts[i].speed > 0.0f ? kBelts[i].left + 0.2f : kBelts[i].right - 3.0f;
            drawer.drawString({labelX, kBelts[i].top - 2.0f * kBeltHalfThickness - 0.05f}, label,
                              kLabelColor);
        }
        if (world.isValid(m_lift))
        {
            const Obb lift = world.obb(m_lift);
            const Obb deck = makeObb(lift.center + Vec2{0.0f, lift.halfExtents.y - kBeltHalfThickness},
                                     {lift.halfExtents.x, kBeltHalfThickness});
            if (m_deckSpeed != 0.0f)
            {
                drawBeltChevrons(drawer, deck, -m_deckSpeed, seconds, kChevronColor);
            }
            else
            {
                drawer.drawSegment(deck.center - Vec2{deck.halfExtents.x, 0.0f},
                                   deck.center + Vec2{deck.halfExtents.x, 0.0f}, kIdleDeckColor);
            }
        }
        const std::array<CaptionLine, 3> caption{{
            {"Conveyors: static boxes with a surface speed, dragging their load by friction."},
            {"Each belt drops its load on the next, running the other way."},
            {"The lift closes the loop; its deck's direction is set by a pre-solve callback.", kLabelColor},
        }};
        drawCaption(drawer, *context.camera, {-1.6f, 7.6f}, caption);
    }

    void drawPanel(SceneContext& context) override
    {
        (void)context;
        const LiftPhase phase = liftPhaseAt(kLiftCycle, m_time);
        ImGui::Text("lift at %.0f%% of its travel, deck %s", static_cast<double>(100.0f * phase.height),
                    m_deckSpeed == 0.0f ? "still" : (m_deckSpeed > 0.0f ? "running out" : "running in"));
    }

private:
    static float deckSpeedAt(const LiftPhase& phase)
    {
        if (phase.restingLow || phase.rising)
        {
            return kDeckInSpeed;
        }
        return phase.restingHigh ? kDeckOutSpeed : 0.0f;
    }

    // Only the deck's top face is a belt. Its sides slide past what waits on belt D without
    // friction: dragged up, a queue pressed against the rising lift would climb on itself into the
    // belt above.
    void runDeck(PreSolveContact& contact) const
    {
        if (contact.shapeA != m_deck && contact.shapeB != m_deck)
        {
            return;
        }
        if (std::abs(contact.manifold.normal.y) > 0.7f)
        {
            // Counter-clockwise positive, as ShapeDef::surfaceSpeed: the top face runs the other way.
            contact.surfaceSpeed = -m_deckSpeed;
        }
        else
        {
            contact.friction = 0.0f;
        }
    }

    std::vector<BodyId> m_belts;
    BodyId m_lift;
    ShapeId m_deck;
    float m_time = 0.0f;
    float m_deckSpeed = 0.0f; // m/s along the deck's top, positive to the right
};

const SandboxSceneRegistrar<ConveyorsScene> registrar{"Game surfaces", "Conveyors"};

} // namespace

} // namespace oblique::sandbox
