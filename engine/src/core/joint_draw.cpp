// Joints drawn through DebugDraw: where each holds its bodies, its axis and its limits, so a
// joint that strains or comes apart can be seen.

#include "joint_draw.hpp"

#include "oblique/draw_palette.hpp"
#include "world_state.hpp"

#include <cmath>

namespace oblique::detail
{

namespace
{

constexpr Color kLinkColor = palette::jointLink;
constexpr Color kAxisColor = palette::jointAxis;
constexpr Color kLimitColor = palette::jointLimit;
constexpr Color kSpringColor = palette::jointSpring;
constexpr Color kTargetColor = palette::jointTarget;
constexpr float kAnchorPixels = 5.0f;
// The length of a drawn angle limit or a slider's tick, metres.
constexpr float kMarkLength = 0.5f;

// What every type's drawing reads of its joint now.
struct JointPose
{
    Vec2 centerA; // the bodies' centres of mass
    Vec2 centerB;
    Vec2 anchorA;
    Vec2 anchorB;
    Rot qA;
    float angleA = 0.0f;
    float angleB = 0.0f;
};

void drawLinks(DebugDraw& d, const JointPose& p)
{
    d.drawSegment(p.centerA, p.anchorA, kLinkColor);
    d.drawSegment(p.centerB, p.anchorB, kLinkColor);
    d.drawPoint(p.anchorA, kAnchorPixels, kLinkColor);
    d.drawPoint(p.anchorB, kAnchorPixels, kLinkColor);
}

Vec2 direction(float angle)
{
    return {std::cos(angle), std::sin(angle)};
}

// A slider's line through A's anchor, with ticks across it at the ends of its travel.
void drawTravel(DebugDraw& d, const JointPose& p, Vec2 axis, bool limited, float lower, float upper)
{
    const Vec2 across = (0.5f * kMarkLength) * perp(axis);
    if (limited)
    {
        const Vec2 low = p.anchorA + lower * axis;
        const Vec2 high = p.anchorA + upper * axis;
        d.drawSegment(low, high, kAxisColor);
        d.drawSegment(low - across, low + across, kLimitColor);
        d.drawSegment(high - across, high + across, kLimitColor);
        return;
    }
    d.drawSegment(p.anchorA - kMarkLength * axis, p.anchorA + kMarkLength * axis, kAxisColor);
}

void drawKind(DebugDraw& d, const JointPose& p, const RevoluteJoint& j)
{
    drawLinks(d, p);
    if (!j.def.enableLimit)
    {
        return;
    }
    // The limits and B's turn now, as rays from the hinge turned from A's frame.
    const float base = p.angleA;
    d.drawSegment(p.anchorA, p.anchorA + kMarkLength * direction(base + j.def.lowerAngle), kLimitColor);
    d.drawSegment(p.anchorA, p.anchorA + kMarkLength * direction(base + j.def.upperAngle), kLimitColor);
    const float angle = p.angleB - p.angleA - j.referenceAngle;
    d.drawSegment(p.anchorA, p.anchorA + kMarkLength * direction(base + angle), kAxisColor);
}

void drawKind(DebugDraw& d, const JointPose& p, const DistanceJoint& j)
{
    d.drawPoint(p.anchorA, kAnchorPixels, kLinkColor);
    d.drawPoint(p.anchorB, kAnchorPixels, kLinkColor);
    d.drawSegment(p.anchorA, p.anchorB, j.hertz > 0.0f ? kSpringColor : kLinkColor);
    if (isRigid(j))
    {
        return;
    }
    const Vec2 axis = normalize(p.anchorB - p.anchorA);
    const Vec2 across = (0.25f * kMarkLength) * perp(axis);
    const float ends[] = {j.minLength, j.maxLength};
    for (const float end : ends)
    {
        if (end > 0.0f && end < kUnlimitedLength)
        {
            const Vec2 at = p.anchorA + end * axis;
            d.drawSegment(at - across, at + across, kLimitColor);
        }
    }
}

void drawKind(DebugDraw& d, const JointPose& p, const PrismaticJoint& j)
{
    drawTravel(d, p, rotate(p.qA, j.localAxisA), j.def.enableLimit, j.def.lower, j.def.upper);
    drawLinks(d, p);
}

void drawKind(DebugDraw& d, const JointPose& p, const WeldJoint& j)
{
    drawLinks(d, p);
    const float size = 0.15f * kMarkLength;
    const Vec2 corners[4] = {p.anchorA + Vec2{-size, -size}, p.anchorA + Vec2{size, -size},
                             p.anchorA + Vec2{size, size}, p.anchorA + Vec2{-size, size}};
    d.drawPolygon(corners, j.def.hertz > 0.0f ? kSpringColor : kLinkColor);
}

void drawKind(DebugDraw& d, const JointPose& p, const WheelJoint& j)
{
    drawTravel(d, p, rotate(p.qA, j.localAxisA), j.def.enableLimit, j.def.lower, j.def.upper);
    d.drawSegment(p.anchorA, p.anchorB, j.def.hertz > 0.0f ? kSpringColor : kLinkColor);
    drawLinks(d, p);
}

void drawKind(DebugDraw& d, const JointPose& p, const MotorJoint& /*j*/)
{
    // Where B is driven to, and B's origin.
    d.drawPoint(p.anchorA, kAnchorPixels, kTargetColor);
    d.drawSegment(p.anchorA, p.anchorB, kTargetColor);
}

void drawKind(DebugDraw& d, const JointPose& p, const MouseJoint& j)
{
    d.drawPoint(j.def.target, kAnchorPixels, kTargetColor);
    d.drawPoint(p.anchorB, kAnchorPixels, kLinkColor);
    d.drawSegment(p.anchorB, j.def.target, kTargetColor);
}

} // namespace

void drawJoints(const WorldState& w, DebugDraw& d)
{
    for (const JointRecord& j : w.joints.records)
    {
        if (!j.alive)
        {
            continue;
        }
        const BodyState& sa = w.states[j.bodyA];
        const BodyState& sb = w.states[j.bodyB];
        const JointPose pose{sa.center,
                             sb.center,
                             sa.position + rotate(sa.q, j.localAnchorA),
                             sb.position + rotate(sb.q, j.localAnchorB),
                             sa.q,
                             sa.angle,
                             sb.angle};
        std::visit([&](const auto& kind) { drawKind(d, pose, kind); }, j.kind);
    }
}

} // namespace oblique::detail
