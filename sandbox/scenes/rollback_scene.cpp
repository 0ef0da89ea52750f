// The Rollback scene (rollback_scene.hpp).

#include "rollback_scene.hpp"

#include "sandbox_math.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <imgui.h>
#include <string>

namespace oblique::sandbox
{

namespace
{

constexpr std::uint8_t kLeft = 1;
constexpr std::uint8_t kRight = 2;
constexpr std::uint8_t kJump = 4;
constexpr float kPush = 40.0f;       // N, along the floor
constexpr float kJumpImpulse = 4.5f; // N s, up
constexpr Aabb kArena{{-13.0f, -1.0f}, {13.0f, 9.0f}};

BodyId addBox(World& world, BodyType type, Vec2 at, Vec2 half)
{
    BodyDef def;
    def.type = type;
    def.position = at;
    return world.createBody(def, boxShape(half));
}

// A player's button pattern: held for a stretch of frames, then another, as people play.
std::uint8_t pattern(long frame, long stretch, std::uint32_t salt)
{
    const auto phase = static_cast<std::uint32_t>(frame / stretch);
    const std::uint32_t mixed = (phase + salt) * 2246822519u;
    return static_cast<std::uint8_t>((mixed >> 13u) % 7u);
}

} // namespace

RollbackScene::Players RollbackScene::build(World& world)
{
    addBox(world, BodyType::Static, {0.0f, -0.5f}, {12.0f, 0.5f});
    addBox(world, BodyType::Static, {-12.5f, 3.5f}, {0.5f, 4.0f});
    addBox(world, BodyType::Static, {12.5f, 3.5f}, {0.5f, 4.0f});
    BodyDef playerDef;
    playerDef.fixedRotation = true;
    playerDef.position = {-6.0f, 0.6f};
    Players players;
    players.local = world.createBody(playerDef, boxShape({0.4f, 0.6f}));
    playerDef.position = {6.0f, 0.6f};
    players.remote = world.createBody(playerDef, boxShape({0.4f, 0.6f}));
    BodyDef ballDef;
    ballDef.position = {0.0f, 4.0f};
    ShapeDef ball = circleShape(0.5f);
    ball.density = 0.4f;
    ball.restitution = 0.6f;
    world.createBody(ballDef, ball);
    for (const Vec2 at : {Vec2{-2.0f, 0.3f}, Vec2{2.0f, 0.3f}, Vec2{-2.0f, 0.9f}})
    {
        addBox(world, BodyType::Dynamic, at, {0.3f, 0.3f});
    }
    return players;
}

void RollbackScene::press(World& world, BodyId player, Buttons buttons)
{
    const float push = ((buttons & kRight) != 0 ? 1.0f : 0.0f) - ((buttons & kLeft) != 0 ? 1.0f : 0.0f);
    world.applyForceToCenter(player, {kPush * push, 0.0f});
    // A jump only from (near) rest on something: a player cannot climb the air.
    if ((buttons & kJump) != 0 && std::abs(world.linearVelocity(player).y) < 0.05f)
    {
        world.applyLinearImpulse(player, {0.0f, kJumpImpulse}, world.worldCenter(player));
    }
}

RollbackScene::Buttons RollbackScene::localInput(const SceneContext& context, long frame) const
{
    const Input* input = context.input;
    if (input != nullptr &&
        (input->isKeyDown(Key::Left) || input->isKeyDown(Key::Right) || input->isKeyDown(Key::Up)))
    {
        return static_cast<Buttons>((input->isKeyDown(Key::Left) ? kLeft : 0) |
                                    (input->isKeyDown(Key::Right) ? kRight : 0) |
                                    (input->isKeyDown(Key::Up) ? kJump : 0));
    }
    return pattern(frame, 29, 17u);
}

RollbackScene::Buttons RollbackScene::remoteInput(long frame)
{
    return pattern(frame, 23, 5u);
}

void RollbackScene::load(SceneContext& context)
{
    m_players = build(*context.world);
    m_onTime = std::make_unique<World>();
    m_onTimePlayers = build(*m_onTime);
    m_frame = 0;
    m_confirmed = 0;
    m_mismatches = 0;
    m_rollbacks = 0;
    m_resimulated = 0;
    if (context.camera != nullptr)
    {
        frameBounds(*context.camera, kArena);
    }
}

void RollbackScene::setDelay(int frames)
{
    m_delay = std::clamp(frames, 0, kMaxDelay);
}

void RollbackScene::simulate(World& world, long frame, Buttons remote)
{
    world.snapshot(m_before[slot(frame)]);
    m_usedRemote[slot(frame)] = remote;
    press(world, m_players.local, m_local[slot(frame)]);
    press(world, m_players.remote, remote);
    world.step(m_dt);
    m_hash[slot(frame)] = world.stateHash();
}

RollbackScene::Buttons RollbackScene::assumedRemote(long frame) const
{
    const long known = m_frame - m_delay;
    if (frame <= known)
    {
        return remoteInput(frame);
    }
    return known >= 0 ? remoteInput(known) : Buttons{0};
}

void RollbackScene::rollBack(World& world, long from)
{
    world.restore(m_before[slot(from)]);
    for (long frame = from; frame < m_frame; ++frame)
    {
        simulate(world, frame, assumedRemote(frame));
    }
    ++m_rollbacks;
    m_resimulated += m_frame - from;
}

void RollbackScene::update(SceneContext& context, const GameTime& time)
{
    World& world = *context.world;
    m_dt = time.elapsedSeconds();
    const long now = m_frame;
    if (now > 0)
    {
        m_hash[slot(now - 1)] = world.stateHash(); // the app stepped the last frame
    }
    m_local[slot(now)] = localInput(context, now);

    press(*m_onTime, m_onTimePlayers.local, m_local[slot(now)]);
    press(*m_onTime, m_onTimePlayers.remote, remoteInput(now));
    m_onTime->step(m_dt);
    m_onTimeHash[slot(now)] = m_onTime->stateHash();

    // The remote inputs known now: the first frame simulated with a wrong guess is simulated again
    // from the snapshot before it, and everything since with it.
    const long final = std::min(now - m_delay, now - 1);
    for (long frame = m_confirmed; frame <= final; ++frame)
    {
        if (m_usedRemote[slot(frame)] != remoteInput(frame))
        {
            rollBack(world, frame);
            break;
        }
    }
    for (; m_confirmed <= final; ++m_confirmed)
    {
        if (m_hash[slot(m_confirmed)] != m_onTimeHash[slot(m_confirmed)])
        {
            ++m_mismatches;
        }
    }

    world.snapshot(m_before[slot(now)]);
    m_usedRemote[slot(now)] = assumedRemote(now);
    press(world, m_players.local, m_local[slot(now)]);
    press(world, m_players.remote, m_usedRemote[slot(now)]);
    ++m_frame;
}

void RollbackScene::draw(SceneContext& context, DebugDraw& drawer)
{
    const World& world = *context.world;
    const Color label{0.9f, 0.9f, 0.6f, 1.0f};
    if (world.isValid(m_players.local) && world.isValid(m_players.remote))
    {
        drawer.drawString(world.position(m_players.local) + Vec2{-0.5f, 1.2f}, "you", label);
        drawer.drawString(world.position(m_players.remote) + Vec2{-1.5f, 1.2f},
                          "remote, " + std::to_string(m_delay) + " frames late", label);
    }
    drawer.drawString({-11.5f, 8.5f},
                      "rollbacks " + std::to_string(m_rollbacks) + "   frames simulated again " +
                          std::to_string(m_resimulated) + "   confirmed frames " +
                          std::to_string(m_confirmed) +
                          (m_mismatches == 0 ? ", every one as in the on-time world"
                                             : ", " + std::to_string(m_mismatches) + " differ"),
                      label);
    // The on-time world's moving bodies as outlines: where this machine's guesses are wrong, the
    // remote player is drawn away from its outline until the late input rolls it back.
    const Color ghost{0.55f, 0.85f, 1.0f, 0.9f};
    for (const BodyId body : m_onTime->bodies())
    {
        if (m_onTime->bodyType(body) != BodyType::Dynamic)
        {
            continue;
        }
        for (const ShapeId shape : m_onTime->shapes(body))
        {
            const ShapeDef& def = m_onTime->shape(shape);
            if (def.kind == ShapeKind::Circle)
            {
                drawer.drawCircle(m_onTime->worldCenter(body), def.radius, ghost);
                continue;
            }
            const std::array<Vec2, 4> outline = corners(m_onTime->obb(shape));
            drawer.drawPolygon(outline, ghost);
        }
    }
}

void RollbackScene::drawPanel(SceneContext& /*context*/)
{
    int delay = m_delay;
    if (ImGui::SliderInt("input delay", &delay, 0, kMaxDelay, "%d frames"))
    {
        setDelay(delay);
    }
    ImGui::Text("frame %ld, confirmed to %ld", m_frame, m_confirmed);
    ImGui::Text("rollbacks %ld, frames simulated again %ld", m_rollbacks, m_resimulated);
    if (m_mismatches == 0)
    {
        ImGui::TextUnformatted("every confirmed frame: the on-time world's bits");
    }
    else
    {
        ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f),
                           "%ld confirmed frames differ (something done by hand?)", m_mismatches);
    }
}

bool RollbackScene::claimsKey(Key key) const
{
    return key == Key::Left || key == Key::Right || key == Key::Up;
}

std::string RollbackScene::help() const
{
    return "Rollback netcode: the right player's inputs arrive late, are guessed until then, and a wrong "
           "guess "
           "is rolled back to the snapshot before it. Outlines: the world with every input on time. Arrows "
           "play the left player.";
}

namespace
{
const SandboxSceneRegistrar<RollbackScene> registrar{"Netcode", "Rollback"};
}

} // namespace oblique::sandbox
