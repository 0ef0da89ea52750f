#pragma once
// Character on platforms: a character mover walked by the keys over a tile floor, up a ledge, onto
// a lift and a rocking plank it rides, down a slope, pushing crates, through a sensor zone that
// lights up while it is inside. The mover is not a body: the scene keeps its velocity (walk,
// gravity, jump) and draws it; the level is a scene description like any other.

#include "described_scene.hpp"
#include "oblique/character_mover.hpp"

#include <optional>

namespace oblique::sandbox
{

class CharacterPlatformsScene final : public DescribedScene
{
public:
    CharacterPlatformsScene();

    void load(SceneContext& context) override;
    // Moves the platforms for the coming step and walks the character by the held keys.
    void update(SceneContext& context, const GameTime& time) override;
    // The character, its ground normal, the lit sensor zone and the level's signs.
    void draw(SceneContext& context, DebugDraw& drawer) override;
    void drawPanel(SceneContext& context) override;
    // Space jumps here; the panel's Pause button pauses.
    bool claimsKey(Key key) const override { return key == Key::Space; }

    // The character as the last update left it (empty before load).
    const std::optional<CharacterMover>& character() const { return m_character; }
    // Whether the character overlaps the sensor zone.
    bool inSensorZone() const { return m_inSensor; }

private:
    void makeCharacter(Vec2 position);
    void movePlatforms(World& world, float dt);
    void walk(SceneContext& context, float dt);
    void drawCharacter(DebugDraw& drawer, float pixel) const;
    void drawSigns(const World& world, DebugDraw& drawer, const Camera2D& camera) const;
    // What the character stands on, in words.
    const char* groundName(const World& world) const;

    std::optional<CharacterMover> m_character;
    Vec2 m_velocity; // kept from step to step: gravity and jumps build on it
    float m_facing = 1.0f;
    bool m_inSensor = false;
    float m_time = 0.0f;
    float m_runSpeed;
    float m_jumpSpeed;
    float m_pushStrength;
    BodyId m_lift;
    BodyId m_rocker;
    BodyId m_sensor;
};

} // namespace oblique::sandbox
