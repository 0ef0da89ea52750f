// Town planner: a small top-down building game on Oblique's SFML framework.
//
// A map with a river, rocks and trees. Pick a building with 1-3, turn it with Q/E, and the footprint
// follows the mouse: green where World::overlapObb finds nothing in the way, red (with whatever blocks
// it outlined) where it does. A left click builds, a right click on a building demolishes it. Each
// building is worth some points.
//
// Nothing here moves, so the world is never stepped: it is used as a spatial index, and every
// question ("is this footprint free?", "which building is under the cursor?") is a query answered
// from its broadphase tree.
//
// Run without arguments for a window; `--frames N --screenshot out.png` renders N frames off-screen
// and saves the last one (a smoke test for machines without a screen).

#include "oblique/sfml/game.hpp"
#include "oblique/sfml/run_from_command_line.hpp"
#include "oblique/world.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <numbers>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace
{

// --- Tuning --------------------------------------------------------------------------------------

constexpr float kDegrees = std::numbers::pi_v<float> / 180.0f;
constexpr float kRotationStep = 15.0f * kDegrees;
constexpr int kRotationStepsPerTurn = 24; // 24 x 15 degrees

// The map is a 38 m x 20 m rectangle centred on the origin.
constexpr oblique::Vec2 kMapHalfSize{19.0f, 10.0f};
// The camera frames the whole map, a little low so the score bar above it has room.
constexpr oblique::Vec2 kFramingCenter{0.0f, 0.6f};
constexpr float kFramingZoom = 30.0f; // pixels per metre
constexpr float kMaxZoom = 90.0f;     // pixels per metre
constexpr float kWheelZoomFactor = 1.15f;

constexpr float kRiverHalfWidth = 0.9f; // metres

// Shape categories, so that queries can ask for buildings only (demolition) or for everything.
constexpr std::uint32_t kTerrainCategory = 1u << 0;
constexpr std::uint32_t kBuildingCategory = 1u << 1;

// --- Colours -------------------------------------------------------------------------------------

constexpr oblique::Color kBackgroundColor{0.09f, 0.10f, 0.12f, 1.0f};
constexpr oblique::Color kGrassColor{0.42f, 0.62f, 0.32f, 1.0f};
constexpr oblique::Color kRiverColor{0.30f, 0.55f, 0.95f, 1.0f};
constexpr oblique::Color kRockColor{0.62f, 0.60f, 0.58f, 1.0f};
constexpr oblique::Color kTreeColor{0.16f, 0.42f, 0.20f, 1.0f};
// The footprint: a see-through fill under a solid outline, green when free and red when blocked.
constexpr oblique::Color kFreeColor{0.35f, 1.0f, 0.45f, 1.0f};
constexpr oblique::Color kFreeFillColor{0.35f, 1.0f, 0.45f, 0.45f};
constexpr oblique::Color kBlockedColor{1.0f, 0.12f, 0.12f, 1.0f};
constexpr oblique::Color kBlockedFillColor{1.0f, 0.12f, 0.12f, 0.45f};
constexpr oblique::Color kTextColor{0.92f, 0.92f, 0.92f, 1.0f};
constexpr oblique::Color kDimTextColor{0.60f, 0.62f, 0.66f, 1.0f};
constexpr oblique::Color kSelectedTextColor{1.0f, 0.85f, 0.30f, 1.0f};

// --- Buildings -----------------------------------------------------------------------------------

struct BuildingKind
{
    std::string_view name;
    oblique::Vec2 halfExtents; // metres
    oblique::Color color;
    int points;
};

constexpr std::array<BuildingKind, 3> kBuildingKinds{{
    {"House", {1.0f, 0.8f}, {0.95f, 0.78f, 0.48f, 1.0f}, 1},
    {"Workshop", {1.6f, 1.1f}, {0.74f, 0.54f, 0.36f, 1.0f}, 3},
    {"Town hall", {2.6f, 1.6f}, {0.62f, 0.58f, 0.95f, 1.0f}, 6},
}};

struct Building
{
    oblique::BodyId body;
    int kind; // index into kBuildingKinds
};

struct Obstacle
{
    oblique::BodyId body;
    std::string_view name;
    oblique::Color color;
};

// --- Drawing helpers -----------------------------------------------------------------------------

// A regular polygon standing in for a circle, so rocks and trees can be filled without the radius
// line DebugDraw::drawSolidCircle adds.
std::vector<oblique::Vec2> roundPolygon(oblique::Vec2 center, float radius)
{
    constexpr int kSides = 20;
    std::vector<oblique::Vec2> points;
    for (int i = 0; i < kSides; ++i)
    {
        const float a = 2.0f * std::numbers::pi_v<float> * static_cast<float>(i) / kSides;
        points.push_back(center + radius * oblique::Vec2{std::cos(a), std::sin(a)});
    }
    return points;
}

oblique::Color darker(oblique::Color c)
{
    constexpr float kShade = 0.55f;
    return {kShade * c.r, kShade * c.g, kShade * c.b, c.a};
}

oblique::Obb mapRectangle()
{
    return oblique::makeObb({0.0f, 0.0f}, kMapHalfSize);
}

bool insideMap(const oblique::Obb& footprint)
{
    const oblique::Obb map = mapRectangle();
    const std::array<oblique::Vec2, 4> points = oblique::corners(footprint);
    return std::all_of(points.begin(), points.end(),
                       [&](oblique::Vec2 p) { return oblique::contains(map, p); });
}

// --- The game ------------------------------------------------------------------------------------

class TownPlanner : public oblique::Game
{
protected:
    void loadContent() override
    {
        // Top-down: nothing falls.
        m_world.setGravity({0.0f, 0.0f});
        setClearColor(kBackgroundColor);
        // Opaque fills in the shapes' own colours, so the river's stretches and pools merge into one
        // stream; buildings get a darker outline of their own.
        debugDraw().setFillStyle(1.0f, 1.0f);
        camera().setCenter(kFramingCenter);
        camera().setZoom(kFramingZoom);

        buildRiver();
        buildRocksAndTrees();
        buildFoundingVillage();

        if (isHeadless())
        {
            // A run without a mouse shows the town hall, turned a little, held over the river, so
            // the screenshot shows a blocked footprint and what blocks it.
            m_selected = 2;
            m_rotationSteps = 1;
        }
    }

    void update(const oblique::GameTime& time) override
    {
        if (input().wasKeyPressed(oblique::Key::Escape))
        {
            exit();
        }
        handleZoom();
        handlePaletteAndRotation();

        // Demolish before asking about the footprint, and ask again after building, so the verdict
        // drawn this frame never names a body that is gone or misses one just built.
        if (input().wasButtonPressed(oblique::MouseButton::Right))
        {
            demolishUnderCursor();
        }
        refreshFootprint();
        if (input().wasButtonPressed(oblique::MouseButton::Left) && tryToBuild())
        {
            refreshFootprint();
        }
        Game::update(time);
    }

    void draw(const oblique::GameTime& time) override
    {
        drawMap();
        drawBuildings();
        drawFootprint();
        drawHud();
        Game::draw(time);
    }

private:
    // --- Building the map ----------------------------------------------------------------------

    oblique::BodyId addTerrain(oblique::Vec2 position, float angle, oblique::ShapeDef shape,
                               std::string_view name, oblique::Color color)
    {
        oblique::BodyDef def;
        def.type = oblique::BodyType::Static;
        def.position = position;
        def.angle = angle;
        shape.filter.categoryBits = kTerrainCategory;
        const oblique::BodyId body = m_world.createBody(def, shape);
        m_obstacles.push_back({body, name, color});
        return body;
    }

    // The river is a chain of boxes, one per stretch between two bends, with a round pool at each
    // bend so the joints have no notches.
    void buildRiver()
    {
        constexpr std::array<oblique::Vec2, 9> kBends{{
            {-19.0f, 3.0f}, // enters straight from the left edge...
            {-17.0f, 3.0f},
            {-12.0f, 4.5f},
            {-6.0f, 2.0f},
            {-1.0f, -1.5f},
            {5.0f, -3.0f},
            {10.0f, -6.5f},
            {12.5f, -8.5f},
            {12.5f, -10.0f}, // ...and leaves straight down the bottom one, flush with both
        }};
        for (std::size_t i = 0; i + 1 < kBends.size(); ++i)
        {
            const oblique::Vec2 from = kBends[i];
            const oblique::Vec2 to = kBends[i + 1];
            const oblique::Vec2 along = to - from;
            const float angle = std::atan2(along.y, along.x);
            const float halfLength = 0.5f * oblique::length(along);
            addTerrain(0.5f * (from + to), angle, oblique::boxShape({halfLength, kRiverHalfWidth}), "river",
                       kRiverColor);
            if (i > 0)
            {
                addTerrain(from, 0.0f, oblique::circleShape(kRiverHalfWidth), "river", kRiverColor);
            }
        }
    }

    void buildRocksAndTrees()
    {
        struct Round
        {
            oblique::Vec2 center;
            float radius;
        };
        constexpr std::array<Round, 6> kRocks{{
            {{-14.0f, -4.0f}, 1.1f},
            {{-9.0f, -7.0f}, 0.7f},
            {{6.0f, 5.0f}, 1.3f},
            {{8.0f, 6.6f}, 0.6f},
            {{15.0f, 1.5f}, 0.9f},
            {{-2.0f, -8.0f}, 0.8f},
        }};
        for (const Round& rock : kRocks)
        {
            addTerrain(rock.center, 0.0f, oblique::circleShape(rock.radius), "rock", kRockColor);
        }
        // Two long boulders, turned, to show that footprints are tested against any angle.
        addTerrain({1.5f, 7.0f}, 0.4f, oblique::boxShape({1.4f, 0.6f}), "boulder", kRockColor);
        addTerrain({-5.0f, -5.5f}, -0.3f, oblique::boxShape({0.8f, 0.5f}), "boulder", kRockColor);

        constexpr std::array<Round, 7> kTrees{{
            {{14.0f, 7.5f}, 0.8f},
            {{16.2f, 8.3f}, 0.7f},
            {{15.6f, 6.0f}, 0.6f},
            {{17.5f, 6.8f}, 0.7f},
            {{-16.0f, -8.2f}, 0.8f},
            {{-17.6f, -6.6f}, 0.7f},
            {{-15.0f, -6.4f}, 0.6f},
        }};
        for (const Round& tree : kTrees)
        {
            addTerrain(tree.center, 0.0f, oblique::circleShape(tree.radius), "tree", kTreeColor);
        }
    }

    // A few buildings are there from the start, placed through the same rule as the player's.
    void buildFoundingVillage()
    {
        struct Founding
        {
            int kind;
            oblique::Vec2 position;
            int rotationSteps;
        };
        constexpr std::array<Founding, 4> kVillage{{
            {2, {-9.0f, 7.5f}, 0},
            {0, {-4.0f, 6.5f}, 1},
            {0, {-1.0f, 4.0f}, -1},
            {1, {3.0f, -7.0f}, 0},
        }};
        for (const Founding& f : kVillage)
        {
            const oblique::Obb footprint =
                oblique::makeObb(f.position, kBuildingKinds[static_cast<std::size_t>(f.kind)].halfExtents,
                                 static_cast<float>(f.rotationSteps) * kRotationStep);
            if (!insideMap(footprint) || !m_world.overlapObb(footprint).empty())
            {
                std::cerr << "town planner: a founding building does not fit\n";
                continue;
            }
            build(f.kind, footprint);
        }
    }

    // --- Input ---------------------------------------------------------------------------------

    // Where the footprint goes: under the mouse, or at a fixed spot when headless (no mouse).
    oblique::Vec2 cursorWorld() const
    {
        if (isHeadless())
        {
            return {-6.5f, 1.0f};
        }
        return input().mouseWorld(camera());
    }

    // The wheel zooms in around the cursor; zoomed all the way out, the view is the fixed framing.
    void handleZoom()
    {
        const float notches = input().wheelDelta();
        if (notches == 0.0f)
        {
            return;
        }
        const float current = camera().zoom();
        const float wanted =
            std::clamp(current * std::pow(kWheelZoomFactor, notches), kFramingZoom, kMaxZoom);
        camera().zoomAt(input().mousePosition(), wanted / current);
        if (wanted <= kFramingZoom)
        {
            camera().setCenter(kFramingCenter);
        }
    }

    void handlePaletteAndRotation()
    {
        constexpr std::array<oblique::Key, 3> kPaletteKeys{oblique::Key::Num1, oblique::Key::Num2,
                                                           oblique::Key::Num3};
        for (std::size_t i = 0; i < kPaletteKeys.size(); ++i)
        {
            if (input().wasKeyPressed(kPaletteKeys[i]))
            {
                m_selected = static_cast<int>(i);
            }
        }
        if (input().wasKeyPressed(oblique::Key::Q))
        {
            ++m_rotationSteps; // counter-clockwise
        }
        if (input().wasKeyPressed(oblique::Key::E))
        {
            --m_rotationSteps;
        }
        // Whole steps are kept, not an accumulated angle, so a full turn comes back exactly to zero.
        m_rotationSteps %= kRotationStepsPerTurn;
    }

    // The footprint under the cursor and what it overlaps: the one question this game is about.
    void refreshFootprint()
    {
        m_footprint = oblique::makeObb(cursorWorld(), selectedKind().halfExtents,
                                       static_cast<float>(m_rotationSteps) * kRotationStep);
        m_blockers = oblique::bodiesOf(m_world.overlapObb(m_footprint));
        m_outsideMap = !insideMap(m_footprint);
    }

    // --- Building and demolishing -----------------------------------------------------------------

    bool tryToBuild()
    {
        if (m_outsideMap || !m_blockers.empty())
        {
            m_message = "Cannot build there";
            return false;
        }
        build(m_selected, m_footprint);
        m_message = "Built a " + std::string(selectedKind().name);
        return true;
    }

    void build(int kind, const oblique::Obb& footprint)
    {
        oblique::BodyDef def;
        def.type = oblique::BodyType::Static;
        def.position = footprint.center;
        def.angle = footprint.angle;
        oblique::ShapeDef shape = oblique::boxShape(footprint.halfExtents);
        shape.filter.categoryBits = kBuildingCategory;
        m_buildings.push_back({m_world.createBody(def, shape), kind});
    }

    void demolishUnderCursor()
    {
        // Only buildings: the river and the rocks stay whatever is clicked.
        oblique::QueryFilter buildingsOnly;
        buildingsOnly.maskBits = kBuildingCategory;
        for (const oblique::BodyId body :
             oblique::bodiesOf(m_world.overlapPoint(cursorWorld(), buildingsOnly)))
        {
            const auto it = std::find_if(m_buildings.begin(), m_buildings.end(),
                                         [&](const Building& b) { return b.body == body; });
            if (it != m_buildings.end())
            {
                m_message = "Demolished a " + std::string(kindOf(*it).name);
                m_buildings.erase(it);
            }
            m_world.destroyBody(body);
        }
    }

    // --- Queries about the town -------------------------------------------------------------------

    const BuildingKind& selectedKind() const { return kBuildingKinds[static_cast<std::size_t>(m_selected)]; }
    static const BuildingKind& kindOf(const Building& b)
    {
        return kBuildingKinds[static_cast<std::size_t>(b.kind)];
    }

    int score() const
    {
        int total = 0;
        for (const Building& b : m_buildings)
        {
            total += kindOf(b).points;
        }
        return total;
    }

    // The name of a blocking body, for the status line.
    std::string_view nameOf(oblique::BodyId body) const
    {
        for (const Obstacle& o : m_obstacles)
        {
            if (o.body == body)
            {
                return o.name;
            }
        }
        for (const Building& b : m_buildings)
        {
            if (b.body == body)
            {
                return kindOf(b).name;
            }
        }
        return "something";
    }

    std::string statusLine() const
    {
        if (m_outsideMap)
        {
            return "Outside the map";
        }
        if (m_blockers.empty())
        {
            return "Free: left click to build a " + std::string(selectedKind().name) + " (+" +
                   std::to_string(selectedKind().points) + ")";
        }
        std::string line = "Blocked by ";
        std::vector<std::string_view> names;
        for (const oblique::BodyId body : m_blockers)
        {
            const std::string_view name = nameOf(body);
            if (std::find(names.begin(), names.end(), name) == names.end())
            {
                names.push_back(name);
            }
        }
        for (std::size_t i = 0; i < names.size(); ++i)
        {
            line += (i == 0 ? "" : ", ");
            line += names[i];
        }
        return line;
    }

    // --- Drawing -------------------------------------------------------------------------------

    // A box body's four corners, for drawing it as a polygon.
    std::array<oblique::Vec2, 4> cornersOf(oblique::BodyId body) const
    {
        return oblique::corners(m_world.obb(body));
    }

    void drawMap()
    {
        oblique::DebugDraw& d = debugDraw();
        const std::array<oblique::Vec2, 4> map = oblique::corners(mapRectangle());
        d.drawSolidPolygon(map, kGrassColor);
        for (const Obstacle& o : m_obstacles)
        {
            if (m_world.shape(o.body).kind == oblique::ShapeKind::Circle)
            {
                const oblique::Circle c = m_world.circle(o.body);
                d.drawSolidPolygon(roundPolygon(c.center, c.radius), o.color);
            }
            else
            {
                d.drawSolidPolygon(cornersOf(o.body), o.color);
            }
        }
    }

    void drawBuildings()
    {
        oblique::DebugDraw& d = debugDraw();
        for (const Building& b : m_buildings)
        {
            const BuildingKind& kind = kindOf(b);
            const oblique::Color edge = darker(kind.color);
            d.drawSolidPolygon(cornersOf(b.body), kind.color);
            d.drawPolygon(cornersOf(b.body), edge);
            // A roof ridge along the long side, so a building's direction shows from above.
            const oblique::Obb box = m_world.obb(b.body);
            const oblique::Vec2 ridge = (box.halfExtents.x - box.halfExtents.y) * oblique::axisX(box);
            d.drawSegment(box.center - ridge, box.center + ridge, edge);
        }
    }

    // Outlines two pixels wide (the shape and a copy grown by one pixel), to stand out from fills.
    void drawThickOutline(oblique::Obb box, oblique::Color color)
    {
        const float onePixel = camera().screenToWorldLength(1.0f);
        debugDraw().drawPolygon(oblique::corners(box), color);
        box.halfExtents += oblique::Vec2{onePixel, onePixel};
        debugDraw().drawPolygon(oblique::corners(box), color);
    }

    void drawThickOutline(oblique::BodyId body, oblique::Color color)
    {
        if (m_world.shape(body).kind == oblique::ShapeKind::Box)
        {
            drawThickOutline(m_world.obb(body), color);
            return;
        }
        const oblique::Circle c = m_world.circle(body);
        debugDraw().drawCircle(c.center, c.radius, color);
        debugDraw().drawCircle(c.center, c.radius + camera().screenToWorldLength(1.0f), color);
    }

    void drawFootprint()
    {
        const bool free = !m_outsideMap && m_blockers.empty();
        debugDraw().drawSolidPolygon(oblique::corners(m_footprint),
                                     free ? kFreeFillColor : kBlockedFillColor);
        drawThickOutline(m_footprint, free ? kFreeColor : kBlockedColor);
        for (const oblique::BodyId body : m_blockers)
        {
            drawThickOutline(body, kBlockedColor);
        }
    }

    void drawHud()
    {
        oblique::SfmlDebugDraw& d = debugDraw();
        constexpr float kMargin = 16.0f;
        constexpr float kPaletteSpacing = 210.0f; // pixels between palette entries

        d.setCharacterSize(20);
        d.drawScreenString({kMargin, 10.0f}, "Town planner", kTextColor);
        d.setCharacterSize(16);
        for (std::size_t i = 0; i < kBuildingKinds.size(); ++i)
        {
            const BuildingKind& kind = kBuildingKinds[i];
            const bool selected = static_cast<int>(i) == m_selected;
            const std::string entry = "[" + std::to_string(i + 1) + "] " + std::string(kind.name) + "  +" +
                                      std::to_string(kind.points);
            d.drawScreenString({200.0f + kPaletteSpacing * static_cast<float>(i), 12.0f}, entry,
                               selected ? kSelectedTextColor : kDimTextColor);
        }
        const std::string tally =
            "Buildings " + std::to_string(m_buildings.size()) + "    Score " + std::to_string(score());
        d.drawScreenString({camera().viewportSize().x - 250.0f, 12.0f}, tally, kTextColor);

        const bool free = !m_outsideMap && m_blockers.empty();
        d.drawScreenString({kMargin, 42.0f}, statusLine(), free ? kFreeColor : kBlockedColor);
        if (!m_message.empty())
        {
            d.drawScreenString({520.0f, 42.0f}, m_message, kDimTextColor);
        }

        d.setCharacterSize(14);
        d.drawScreenString({kMargin, camera().viewportSize().y - 28.0f},
                           "1-3 pick a building   Q/E rotate 15 deg   left click build   right click "
                           "demolish   wheel zoom   Esc quit",
                           kDimTextColor);
    }

    oblique::World m_world;
    std::vector<Obstacle> m_obstacles;
    std::vector<Building> m_buildings;

    int m_selected = 0;      // index into kBuildingKinds
    int m_rotationSteps = 0; // multiples of kRotationStep
    oblique::Obb m_footprint;
    std::vector<oblique::BodyId> m_blockers; // what overlaps the footprint this frame
    bool m_outsideMap = false;
    std::string m_message; // what the last click did
};

} // namespace

int main(int argc, char** argv)
{
    TownPlanner game;
    game.setTitle("Town planner");
    return oblique::runFromCommandLine(game, "oblique-example-placement", argc, argv);
}
