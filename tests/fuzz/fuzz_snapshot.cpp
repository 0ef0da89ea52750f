// Fuzz target for World::restore: the input edits a real snapshot (bytes overwritten, inserted,
// cut off, a whole stranger buffer in its place) and the edited buffer is offered to a world.
// Any buffer that differs from a real snapshot must be refused with std::invalid_argument,
// leave the world's state hash unchanged, and agree with World::checkSnapshot; the unedited one
// must be taken and give back the snapshot's world. Nothing may crash or read out of bounds.

#include "fuzz_input.hpp"
#include "oblique/api_error.hpp"
#include "oblique/world.hpp"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace
{

using namespace oblique;

// A small world with contacts, a joint and a sleeping body, stepped so every part of a snapshot
// has something in it.
World& sourceWorld()
{
    static World world = []
    {
        World w;
        BodyDef groundDef;
        groundDef.type = BodyType::Static;
        const BodyId ground = w.createBody(groundDef, boxShape({10.0f, 0.5f}));
        BodyId previous = ground;
        for (int k = 0; k < 6; ++k)
        {
            BodyDef def;
            def.position = {0.3f * static_cast<float>(k), 1.0f + 0.9f * static_cast<float>(k)};
            const BodyId body = w.createBody(def, k % 2 == 0 ? boxShape({0.4f, 0.4f}) : circleShape(0.4f));
            if (k == 5)
            {
                w.createJoint({.bodyA = previous,
                               .bodyB = body,
                               .params = RevoluteJointDef{.anchor = w.position(body)}});
            }
            previous = body;
        }
        for (int i = 0; i < 30; ++i)
        {
            w.step(1.0f / 60.0f);
        }
        return w;
    }();
    return world;
}

void quiet(const char*) {}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    setApiErrorHandler(quiet);
    const std::vector<std::byte> original = sourceWorld().snapshot();
    fuzz::ByteReader in(data, size);
    const std::vector<std::byte> edited = fuzz::editedBytes(in, original);

    World target;
    BodyDef def;
    def.position = {1.0f, 2.0f};
    target.createBody(def, circleShape(0.5f));
    const std::uint64_t before = target.stateHash();
    const bool same = edited == original;
    const bool checkTakes = World::checkSnapshot(edited).empty();
    bool restored = true;
    try
    {
        target.restore(edited);
    }
    catch (const std::invalid_argument&)
    {
        restored = false;
    }
    if (restored != checkTakes)
    {
        fuzz::fail("restore and checkSnapshot disagree about a buffer of ", edited.size(), " bytes");
    }
    if (restored && !same)
    {
        fuzz::fail("an edited snapshot of ", edited.size(), " bytes was taken");
    }
    if (!restored && same)
    {
        fuzz::fail("the unedited snapshot was refused: ", World::checkSnapshot(edited));
    }
    if (!restored && target.stateHash() != before)
    {
        fuzz::fail("a refused buffer changed the world");
    }
    if (restored && target.stateHash() != sourceWorld().stateHash())
    {
        fuzz::fail("the restored world differs from the snapshot's");
    }
    return 0;
}
