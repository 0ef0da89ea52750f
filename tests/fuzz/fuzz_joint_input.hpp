#pragma once
// Joint definitions and joint tuning for the world fuzz target, decoded from the input and sorted
// by the rules World::createJoint and the joint setters promise: invalid (the call must throw and
// change nothing), extreme (finite but outside the legal range: it may be refused) or legal.

#include "fuzz_input.hpp"
#include "oblique/joint.hpp"
#include "oblique/world.hpp"

#include <cmath>
#include <limits>
#include <optional>

namespace oblique::fuzz
{

// The legal range for joints (docs/fuzzing.md): anchors, offsets and lengths within 1e6 m,
// speeds within 1e3 (rad/s or m/s), forces and torques up to 1e6, hertz and damping ratios up to
// 1e3. Angles and travel limits may be any finite numbers.
inline constexpr float kLegalJointReach = 1.0e6f;
inline constexpr float kLegalJointSpeed = 1.0e3f;
inline constexpr float kLegalJointEffort = 1.0e6f;
inline constexpr float kLegalJointRate = 1.0e3f;
inline constexpr float kWorldReach = 1.0e18f;

// What a decoded definition deserves, apart from its bodies.
struct JointVerdict
{
    bool invalid = false;
    bool extreme = false;

    void reach(Vec2 p)
    {
        invalid |= !(std::fabs(p.x) <= kWorldReach && std::fabs(p.y) <= kWorldReach);
        extreme |= !(std::fabs(p.x) <= kLegalJointReach && std::fabs(p.y) <= kLegalJointReach);
    }
    void finite(float v) { invalid |= !std::isfinite(v); }
    void speed(float v)
    {
        finite(v);
        extreme |= !(std::fabs(v) <= kLegalJointSpeed);
    }
    void nonNegative(float v, float legal)
    {
        invalid |= !(std::isfinite(v) && v >= 0.0f);
        extreme |= !(v <= legal);
    }
    void ordered(float lower, float upper)
    {
        finite(lower);
        finite(upper);
        invalid |= lower > upper;
    }
    void axis(Vec2 a)
    {
        invalid |= !(std::isfinite(a.x) && std::isfinite(a.y)) || lengthSquared(normalize(a)) == 0.0f;
        extreme |= !(lengthSquared(a) >= 1.0e-6f && lengthSquared(a) <= 1.0e6f);
    }
};

struct DecodedJoint
{
    JointDef def;
    JointVerdict verdict;
};

// A joint of any type between a and b (the caller judges the bodies).
inline DecodedJoint decodeJoint(ByteReader& in, BodyId a, BodyId b)
{
    DecodedJoint out;
    JointDef& def = out.def;
    JointVerdict& v = out.verdict;
    def.bodyA = a;
    def.bodyB = b;
    const std::uint8_t options = in.u8();
    def.collideConnected = (options & 1U) != 0;
    if ((options & 2U) != 0)
    {
        def.breakForce = (options & 4U) != 0 ? number(in, 100.0f) : std::numeric_limits<float>::infinity();
        def.breakTorque = (options & 8U) != 0 ? number(in, 100.0f) : std::numeric_limits<float>::infinity();
        v.invalid |= std::isnan(def.breakForce) || def.breakForce < 0.0f || std::isnan(def.breakTorque) ||
                     def.breakTorque < 0.0f;
    }
    const auto point = [&] { return Vec2{number(in, 30.0f), number(in, 30.0f)}; };
    switch (in.u8() % 7)
    {
    case 0:
    {
        RevoluteJointDef j{.anchor = point(),
                           .enableLimit = in.flag(),
                           .lowerAngle = angle(in),
                           .upperAngle = angle(in),
                           .enableMotor = in.flag(),
                           .motorSpeed = number(in, 10.0f),
                           .maxMotorTorque = number(in, 100.0f)};
        v.reach(j.anchor);
        v.ordered(j.lowerAngle, j.upperAngle);
        v.speed(j.motorSpeed);
        v.nonNegative(j.maxMotorTorque, kLegalJointEffort);
        def.params = j;
        break;
    }
    case 1:
    {
        DistanceJointDef j{.anchorA = point(), .anchorB = point()};
        const std::uint8_t given = in.u8();
        if ((given & 1U) != 0)
        {
            j.length = number(in, 10.0f);
        }
        if ((given & 2U) != 0)
        {
            j.minLength = number(in, 10.0f);
        }
        if ((given & 4U) != 0)
        {
            j.maxLength = number(in, 10.0f);
        }
        if ((given & 8U) != 0)
        {
            j.hertz = number(in, 10.0f);
            j.dampingRatio = number(in, 2.0f);
        }
        v.reach(j.anchorA);
        v.reach(j.anchorB);
        v.nonNegative(j.hertz, kLegalJointRate);
        v.nonNegative(j.dampingRatio, kLegalJointRate);
        for (const std::optional<float>& l : {j.length, j.minLength, j.maxLength})
        {
            if (l)
            {
                v.nonNegative(*l, kLegalJointReach);
            }
        }
        // The missing lengths as the definition fills them in.
        const float length = j.length.value_or(distance(j.anchorA, j.anchorB));
        const bool spring = j.hertz > 0.0f;
        const float lower = j.minLength.value_or(spring ? 0.0f : length);
        const float upper = j.maxLength.value_or(spring ? 1.0e18f : length);
        v.invalid |= !std::isfinite(length) || lower > length || length > upper;
        def.params = j;
        break;
    }
    case 2:
    case 4:
    {
        const Vec2 anchor = point();
        const Vec2 axis = {number(in, 2.0f), number(in, 2.0f)};
        const float lower = number(in, 5.0f);
        const float upper = number(in, 5.0f);
        const bool limit = in.flag();
        const bool motor = in.flag();
        const float speed = number(in, 10.0f);
        const float effort = number(in, 100.0f);
        v.reach(anchor);
        v.axis(axis);
        v.ordered(lower, upper);
        v.speed(speed);
        v.nonNegative(effort, kLegalJointEffort);
        if (in.flag())
        {
            def.params = PrismaticJointDef{.anchor = anchor,
                                           .axis = axis,
                                           .enableLimit = limit,
                                           .lower = lower,
                                           .upper = upper,
                                           .enableMotor = motor,
                                           .motorSpeed = speed,
                                           .maxMotorForce = effort};
        }
        else
        {
            WheelJointDef j{.anchor = anchor,
                            .axis = axis,
                            .hertz = number(in, 10.0f),
                            .dampingRatio = number(in, 2.0f),
                            .enableMotor = motor,
                            .motorSpeed = speed,
                            .maxMotorTorque = effort,
                            .enableLimit = limit,
                            .lower = lower,
                            .upper = upper};
            v.nonNegative(j.hertz, kLegalJointRate);
            v.nonNegative(j.dampingRatio, kLegalJointRate);
            def.params = j;
        }
        break;
    }
    case 3:
    {
        WeldJointDef j{.anchor = point(), .hertz = number(in, 10.0f), .dampingRatio = number(in, 2.0f)};
        v.reach(j.anchor);
        v.nonNegative(j.hertz, kLegalJointRate);
        v.nonNegative(j.dampingRatio, kLegalJointRate);
        def.params = j;
        break;
    }
    case 5:
    {
        MotorJointDef j;
        if (in.flag())
        {
            j.linearOffset = point();
            v.reach(*j.linearOffset);
        }
        if (in.flag())
        {
            j.angularOffset = angle(in);
            v.finite(*j.angularOffset);
        }
        j.maxForce = number(in, 100.0f);
        j.maxTorque = number(in, 100.0f);
        j.correctionFactor = in.flag() ? number(in, 1.0f) : 0.3f;
        v.nonNegative(j.maxForce, kLegalJointEffort);
        v.nonNegative(j.maxTorque, kLegalJointEffort);
        v.invalid |= !(j.correctionFactor >= 0.0f && j.correctionFactor <= 1.0f);
        def.params = j;
        break;
    }
    default:
    {
        MouseJointDef j{.target = point(),
                        .hertz = number(in, 10.0f),
                        .dampingRatio = number(in, 2.0f),
                        .maxForce = number(in, 1000.0f)};
        v.reach(j.target);
        v.nonNegative(j.hertz, kLegalJointRate);
        v.invalid |= !(j.hertz > 0.0f);
        v.nonNegative(j.dampingRatio, kLegalJointRate);
        v.nonNegative(j.maxForce, kLegalJointEffort);
        v.invalid |= !(j.maxForce > 0.0f);
        def.params = j;
        break;
    }
    }
    return out;
}

} // namespace oblique::fuzz
