// Fuzz target for Recording::load: the input edits a real recording (bytes overwritten, bit flips,
// bytes inserted, the file cut short) or replaces it with bytes of its own. Any file other than
// the real recording must be refused with std::invalid_argument; the unedited one must load and
// play back with every step's hash as recorded. Nothing may crash or read out of bounds.

#include "fuzz_input.hpp"
#include "oblique/api_error.hpp"
#include "oblique/recording.hpp"
#include "oblique/world.hpp"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace
{

using namespace oblique;

// A few bodies, a joint, and changes by hand: an impulse, a new body, a setting.
const std::vector<std::byte>& sourceRecording()
{
    static const std::vector<std::byte> bytes = []
    {
        World world;
        BodyDef groundDef;
        groundDef.type = BodyType::Static;
        const BodyId ground = world.createBody(groundDef, boxShape({10.0f, 0.5f}));
        BodyDef def;
        def.position = {0.0f, 2.0f};
        const BodyId box = world.createBody(def, boxShape({0.4f, 0.4f}));
        world.createJoint(
            {.bodyA = ground, .bodyB = box, .params = RevoluteJointDef{.anchor = {0.0f, 3.0f}}});
        Recording recording(world, "fuzz");
        for (int step = 0; step < 24; ++step)
        {
            if (step == 5)
            {
                world.applyLinearImpulse(box, {3.0f, 0.0f}, world.position(box));
            }
            if (step == 9)
            {
                def.position = {2.0f, 4.0f};
                world.createBody(def, circleShape(0.3f));
            }
            if (step == 15)
            {
                world.setGravity({0.0f, -5.0f});
            }
            recording.beforeStep(world, "hand");
            world.step(1.0f / 60.0f);
            recording.afterStep(world, 1.0f / 60.0f);
        }
        return recording.save();
    }();
    return bytes;
}

void quiet(const char*) {}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    setApiErrorHandler(quiet);
    const std::vector<std::byte>& original = sourceRecording();
    fuzz::ByteReader in(data, size);
    const std::vector<std::byte> edited = fuzz::editedBytes(in, original);
    const bool same = edited == original;
    try
    {
        const Recording recording = Recording::load(edited);
        if (!same)
        {
            fuzz::fail("an edited recording of ", edited.size(), " bytes was read");
        }
        World world;
        recording.rewind(world);
        for (int step = 0; step < recording.stepCount(); ++step)
        {
            if (!recording.playStep(world, step))
            {
                fuzz::fail("the unedited recording differs at step ", step);
            }
        }
    }
    catch (const std::invalid_argument&)
    {
        if (same)
        {
            fuzz::fail("the unedited recording was refused");
        }
    }
    return 0;
}
