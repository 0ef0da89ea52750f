// The smallest complete use of the engine: a crate dropped onto the ground comes to rest.
// Exits non-zero if it did not, so building and running it also checks an installation.

#include "oblique/world.hpp"

#include <cmath>
#include <cstdio>

int main()
{
    oblique::World world; // gravity (0, -10) m/s^2 by default

    oblique::BodyDef ground;
    ground.type = oblique::BodyType::Static;
    ground.position = {0.0f, -1.0f};
    world.createBody(ground, oblique::boxShape({20.0f, 1.0f}));

    oblique::BodyDef crate;
    crate.position = {0.0f, 4.0f};
    crate.angle = 0.3f;
    const oblique::BodyId id = world.createBody(crate, oblique::boxShape({0.5f, 0.5f}));

    for (int i = 0; i < 180; ++i)
    {
        world.step(1.0f / 60.0f);
    }

    const oblique::Vec2 p = world.position(id);
    std::printf("crate at (%.3f, %.3f), %s\n", static_cast<double>(p.x), static_cast<double>(p.y),
                world.isAwake(id) ? "awake" : "asleep");
    // Resting on the ground means its centre is half a box above y = 0, give or take the slop.
    return std::fabs(p.y - 0.5f) < 0.01f ? 0 : 1;
}
