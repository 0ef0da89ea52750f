// Seams: bodies sliding and rolling over floors and walls built of separate 1 m boxes, flush side
// by side as tile levels are, must see no seam (no hop, no pitch, friction's stopping distance),
// in both solvers.

#include "oblique/world.hpp"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <numbers>
#include <string>
#include <vector>

namespace oblique::test
{
namespace
{

constexpr float kGravity = 10.0f;
constexpr int kTiles = 16;
constexpr float kDt = 1.0f / 60.0f;

// A frame the floor is built in: turned by `angle` about the origin, so the same run can be made
// on a floor (0) or on a wall (a quarter turn, gravity pulling into the wall).
struct Frame
{
    float angle = 0.0f;

    Vec2 toWorld(Vec2 local) const { return rotate(makeRot(angle), local); }
    Vec2 toLocal(Vec2 world) const { return invRotate(makeRot(angle), world); }
};

// What a run measured, in the floor's frame: x along the floor, y away from it.
struct SeamRun
{
    float distance = 0.0f;     // how far the body went along the floor
    float largestLift = 0.0f;  // fastest speed away from the floor while over the tiles
    float largestPitch = 0.0f; // a sliding box's largest turn, radians
    float finalSpeed = 0.0f;   // along the floor
    float lowestHeight = 1e9f; // of the centre above the floor, while over the tiles
    float highestHeight = -1e9f;
};

struct SeamSetup
{
    Frame frame;
    bool circle = false;
    float friction = 0.3f;
    Vec2 velocity{5.0f, 0.0f}; // in the floor's frame
    float startHeight = 0.0f;  // the gap below the body at the start
    Solver solver = Solver::SoftStep;
    int steps = 240;
    bool onePiece = false; // one 16 m box instead of the tiles: the floor without seams
    int settleSteps = 0;   // steps after first touching the floor that are not measured
};

constexpr float kHalf = 0.25f; // the slider's half size and the roller's radius

SeamRun runOverTiles(const SeamSetup& setup)
{
    WorldDef def;
    def.gravity = setup.frame.toWorld({0.0f, -kGravity});
    def.solver = setup.solver;
    def.allowSleep = false;
    World world(def);
    // Tiles 1 m square, tops at y = 0, from x = 0 to 16, each its own static body.
    for (int i = 0; i < (setup.onePiece ? 1 : kTiles); ++i)
    {
        BodyDef tile;
        tile.type = BodyType::Static;
        tile.position = setup.frame.toWorld(setup.onePiece ? Vec2{0.5f * kTiles, -0.5f}
                                                           : Vec2{static_cast<float>(i) + 0.5f, -0.5f});
        tile.angle = setup.frame.angle;
        ShapeDef shape = boxShape({setup.onePiece ? 0.5f * kTiles : 0.5f, 0.5f});
        shape.friction = setup.friction;
        world.createBody(tile, shape);
    }
    BodyDef body;
    body.position = setup.frame.toWorld({0.5f, kHalf + setup.startHeight});
    body.angle = setup.frame.angle;
    body.linearVelocity = setup.frame.toWorld(setup.velocity);
    ShapeDef shape = setup.circle ? circleShape(kHalf) : boxShape({kHalf, kHalf});
    shape.friction = setup.friction;
    const BodyId mover = world.createBody(body, shape);

    SeamRun run;
    int landedAt = setup.startHeight <= 0.0f ? 0 : -1;
    for (int i = 0; i < setup.steps; ++i)
    {
        world.step(kDt);
        const Vec2 p = setup.frame.toLocal(world.position(mover));
        const Vec2 v = setup.frame.toLocal(world.linearVelocity(mover));
        const float height = p.y;
        if (landedAt < 0 && height < kHalf + 0.01f)
        {
            landedAt = i;
        }
        // Measured while the whole body is over the tiles, once it has come down onto them.
        if (landedAt >= 0 && i >= landedAt + setup.settleSteps && p.x > kHalf &&
            p.x < static_cast<float>(kTiles) - kHalf)
        {
            run.largestLift = std::max(run.largestLift, v.y);
            run.lowestHeight = std::min(run.lowestHeight, height);
            run.highestHeight = std::max(run.highestHeight, height);
            if (!setup.circle)
            {
                run.largestPitch =
                    std::max(run.largestPitch, std::fabs(world.angle(mover) - setup.frame.angle));
            }
        }
        run.distance = p.x - 0.5f;
        run.finalSpeed = v.x;
    }
    return run;
}

std::string describe(const SeamSetup& s)
{
    return std::string(s.circle ? "roller" : "slider") + " at " + std::to_string(s.velocity.x) + "," +
           std::to_string(s.velocity.y) + " m/s, friction " + std::to_string(s.friction) + ", frame " +
           std::to_string(s.frame.angle) + (s.solver == Solver::Ngs ? ", ngs" : ", soft step");
}

class Seams : public ::testing::TestWithParam<Solver>
{
protected:
    // A body set going along the floor at speed, for as long as it takes to cross 14 m.
    SeamSetup crossing(bool circle, float friction, float speed) const
    {
        SeamSetup setup;
        setup.circle = circle;
        setup.friction = friction;
        setup.velocity = {speed, 0.0f};
        setup.solver = GetParam();
        setup.steps = static_cast<int>(14.0f / speed / kDt);
        return setup;
    }
};

TEST_P(Seams, ABoxSlidesAsFarAsFrictionSaysOnFloorsAndWalls)
{
    for (const float angle : {0.0f, 0.5f * std::numbers::pi_v<float>, -0.5f * std::numbers::pi_v<float>})
    {
        for (const float speed : {2.0f, 5.0f, 7.5f})
        {
            SeamSetup setup;
            setup.frame.angle = angle;
            setup.velocity = {speed, 0.0f};
            setup.solver = GetParam();
            const SeamRun run = runOverTiles(setup);
            SCOPED_TRACE(describe(setup));
            // v^2 / (2 mu g): 0.67, 4.17 and 9.4 m.
            const float expected = speed * speed / (2.0f * setup.friction * kGravity);
            EXPECT_NEAR(run.distance, expected, 0.03f * expected + 0.02f);
            EXPECT_LT(run.largestLift, 0.05f);
            EXPECT_LT(run.largestPitch, 0.01f);
            EXPECT_NEAR(run.finalSpeed, 0.0f, 1e-3f);
        }
    }
}

TEST_P(Seams, AFrictionlessBoxKeepsItsSpeedOverEverySeam)
{
    for (const float speed : {1.0f, 4.0f, 8.0f, 15.0f})
    {
        const SeamSetup setup = crossing(false, 0.0f, speed);
        const SeamRun run = runOverTiles(setup);
        SCOPED_TRACE(describe(setup));
        EXPECT_NEAR(run.finalSpeed, speed, 1e-3f * speed);
        EXPECT_LT(run.largestLift, 0.05f);
        EXPECT_LT(run.largestPitch, 0.01f);
        EXPECT_GT(run.lowestHeight, kHalf - 0.01f);
        EXPECT_LT(run.highestHeight, kHalf + 0.005f);
    }
}

TEST_P(Seams, ABallRollsOverEverySeamWithoutAHop)
{
    for (const float angle : {0.0f, 0.5f * std::numbers::pi_v<float>})
    {
        for (const float speed : {1.0f, 4.0f, 8.0f})
        {
            SeamSetup setup = crossing(true, 0.6f, speed);
            setup.frame.angle = angle;
            const SeamRun run = runOverTiles(setup);
            SCOPED_TRACE(describe(setup));
            // Rolling without slipping loses nothing: a solid disc set sliding at v settles at
            // 2v/3 once friction has spun it up, then rolls on at that speed.
            EXPECT_NEAR(run.finalSpeed, 2.0f * speed / 3.0f, 0.01f * speed);
            EXPECT_LT(run.largestLift, 0.05f);
            EXPECT_GT(run.lowestHeight, kHalf - 0.01f);
            EXPECT_LT(run.highestHeight, kHalf + 0.005f);
        }
    }
}

TEST_P(Seams, BodiesLandingAtAnAngleNearSeamsSlideOnSmoothly)
{
    // Dropped from 0.3 m with a sideways speed, landing across a seam. The landing itself
    // rocks a sliding box a little (friction's torque at the impact), seam or no seam: it must
    // do no more than on a floor of one piece, and once it has settled (0.2 s) the seams ahead
    // must not show at all.
    for (const float speed : {3.0f, 6.0f})
    {
        for (const bool circle : {false, true})
        {
            SeamSetup setup;
            setup.circle = circle;
            setup.friction = circle ? 0.6f : 0.2f;
            setup.velocity = {speed, -2.0f};
            setup.startHeight = 0.3f;
            setup.solver = GetParam();
            setup.steps = 180;
            SCOPED_TRACE(describe(setup));
            SeamSetup onePiece = setup;
            onePiece.onePiece = true;
            const SeamRun tiles = runOverTiles(setup);
            const SeamRun plain = runOverTiles(onePiece);
            EXPECT_LT(tiles.largestLift, plain.largestLift + 0.1f);
            EXPECT_LT(tiles.largestPitch, plain.largestPitch + 0.002f);
            EXPECT_LT(tiles.highestHeight, plain.highestHeight + 0.001f);
            EXPECT_NEAR(tiles.distance, plain.distance, 0.01f);

            setup.settleSteps = 12;
            const SeamRun settled = runOverTiles(setup);
            EXPECT_LT(settled.largestLift, 0.05f);
            EXPECT_LT(settled.highestHeight, kHalf + 0.001f);
            EXPECT_LT(settled.largestPitch, circle ? 1e9f : 0.005f);
        }
    }
}

// A level row to slide along: 16 static 1 m tiles with tops at y = 0, a frictionless 0.5 m box
// set sliding on the first at 5 m/s.
struct TileRow
{
    World world;
    std::vector<BodyId> tiles;
    BodyId slider;

    explicit TileRow(Solver solver) : world(worldDef(solver))
    {
        for (int i = 0; i < kTiles; ++i)
        {
            BodyDef tile;
            tile.type = BodyType::Static;
            tile.position = {static_cast<float>(i) + 0.5f, -0.5f};
            tiles.push_back(world.createBody(tile, frictionless(boxShape({0.5f, 0.5f}))));
        }
    }

    static WorldDef worldDef(Solver solver)
    {
        WorldDef def;
        def.gravity = {0.0f, -kGravity};
        def.solver = solver;
        return def;
    }
    static ShapeDef frictionless(ShapeDef shape)
    {
        shape.friction = 0.0f;
        return shape;
    }
    void launch(ShapeDef shape = boxShape({kHalf, kHalf}), float speed = 5.0f)
    {
        BodyDef body;
        body.position = {0.5f, shape.halfExtents.y};
        body.linearVelocity = {speed, 0.0f};
        slider = world.createBody(body, frictionless(shape));
    }
    void run(int steps)
    {
        for (int i = 0; i < steps; ++i)
        {
            world.step(kDt);
        }
    }
};

TEST_P(Seams, AStepUpIsStillAWall)
{
    // Tile 8 stands 0.2 m proud: its left face is only partly covered by tile 7, so it stays a
    // face and stops the slider.
    TileRow row(GetParam());
    row.world.setShape(row.tiles[8], TileRow::frictionless(boxShape({0.5f, 0.6f}, {0.0f, 0.1f})));
    row.launch();
    row.run(120);
    // Stopped at the face (it may come off it at a few percent of its speed: nothing holds a
    // frictionless box against a wall).
    EXPECT_NEAR(row.world.position(row.slider).x, 8.0f - kHalf, 0.05f);
    EXPECT_LT(row.world.position(row.slider).x, 8.0f - kHalf + 0.01f);
    EXPECT_NEAR(row.world.position(row.slider).y, kHalf, 0.01f);
    EXPECT_LT(std::fabs(row.world.linearVelocity(row.slider).x), 0.15f);
}

TEST_P(Seams, ATileTheSliderPassesThroughLeavesItsNeighboursFacesSolid)
{
    // Tile 8 is a ghost to the slider (filtered out): the faces of tiles 7 and 9 beside it are
    // real faces, so the slider drops into the gap past tile 9's side instead of being lifted
    // onto it.
    TileRow row(GetParam());
    ShapeDef ghost = TileRow::frictionless(boxShape({0.5f, 0.5f}));
    ghost.filter.categoryBits = 0x2u;
    row.world.setShape(row.tiles[8], ghost);
    BodyDef below;
    below.type = BodyType::Static;
    below.position = {8.0f, -1.5f};
    row.world.createBody(below, TileRow::frictionless(boxShape({8.0f, 0.5f})));
    ShapeDef slider = boxShape({0.1f, 0.1f});
    slider.filter.maskBits = 0x1u;
    row.launch(slider, 1.5f);
    row.run(360);
    EXPECT_NEAR(row.world.position(row.slider).x, 9.0f - 0.1f, 0.05f);
    EXPECT_LT(row.world.position(row.slider).x, 9.0f - 0.1f + 0.01f);
    EXPECT_NEAR(row.world.position(row.slider).y, -1.0f + 0.1f, 0.01f);
}

TEST_P(Seams, ATileMovedAwayOpensAHole)
{
    // Teleporting a static tile half a metre down shows its neighbours' faces again above it (and
    // a small slider drops into the pit and stops against tile 9); putting it back hides them
    // once more.
    TileRow row(GetParam());
    row.world.setTransform(row.tiles[8], {8.5f, -1.0f}, 0.0f);
    row.launch(boxShape({0.1f, 0.1f}), 1.5f);
    row.run(360);
    EXPECT_NEAR(row.world.position(row.slider).x, 9.0f - 0.1f, 0.05f);
    EXPECT_LT(row.world.position(row.slider).x, 9.0f - 0.1f + 0.01f);
    EXPECT_NEAR(row.world.position(row.slider).y, -0.5f + 0.1f, 0.01f);

    TileRow again(GetParam());
    again.world.setTransform(again.tiles[8], {8.5f, -20.0f}, 0.0f);
    again.world.setTransform(again.tiles[8], {8.5f, -0.5f}, 0.0f);
    again.launch();
    again.run(150);
    EXPECT_GT(again.world.position(again.slider).x, 12.0f);
    EXPECT_NEAR(again.world.linearVelocity(again.slider).x, 5.0f, 5e-3f);
}

TEST_P(Seams, TilesOfOneMovingBodyAreSeamFreeToo)
{
    // The floor is one kinematic body of 16 box shapes, sliding left at 1 m/s: in its frame the
    // slider goes at 6 m/s over every seam.
    WorldDef def = TileRow::worldDef(GetParam());
    def.allowSleep = false;
    World world(def);
    BodyDef floorDef;
    floorDef.type = BodyType::Kinematic;
    floorDef.linearVelocity = {-1.0f, 0.0f};
    const BodyId floor = world.createBody(floorDef);
    for (int i = 0; i < kTiles; ++i)
    {
        world.createShape(
            floor, TileRow::frictionless(boxShape({0.5f, 0.5f}, {static_cast<float>(i) + 0.5f, -0.5f})));
    }
    BodyDef body;
    body.position = {0.5f, kHalf};
    body.linearVelocity = {5.0f, 0.0f};
    const BodyId slider = world.createBody(body, TileRow::frictionless(boxShape({kHalf, kHalf})));
    float largestLift = 0.0f;
    for (int i = 0; i < 120; ++i)
    {
        world.step(kDt);
        largestLift = std::max(largestLift, world.linearVelocity(slider).y);
    }
    EXPECT_GT(world.position(slider).x - world.position(floor).x, 10.0f);
    EXPECT_LT(largestLift, 0.05f);
    EXPECT_NEAR(world.linearVelocity(slider).x, 5.0f, 5e-3f);
    EXPECT_LT(std::fabs(world.angle(slider)), 0.01f);
}

INSTANTIATE_TEST_SUITE_P(BothSolvers, Seams, ::testing::Values(Solver::SoftStep, Solver::Ngs),
                         [](const ::testing::TestParamInfo<Solver>& param) {
                             return param.param == Solver::Ngs ? std::string("Ngs") : std::string("SoftStep");
                         });

} // namespace
} // namespace oblique::test
