#pragma once
// Internal: what the stages of one step share. World::step runs the stages in order, each a
// function over this context (solver.cpp lists them).

#include "softness.hpp"

namespace oblique::detail
{

struct WorldState;

struct StepContext
{
    WorldState& world;
    float dt = 0.0f;
    float invDt = 0.0f;
    float warmStartScale = 0.0f; // last step's impulses are scaled by this (0: no warm start)
    int velocityIterations = 0;
    int positionIterations = 0;
    // Ngs: every contact is within a few slops after position correction, so islands may sleep.
    // Soft step decides per body instead (BodyRecord::overlapped) and leaves this true.
    bool positionSolved = false;

    // Soft step.
    int subSteps = 1;
    float h = 0.0f; // dt / subSteps
    float invH = 0.0f;
    Softness contactSoftness{}; // between two bodies that both move under impulses
    Softness staticSoftness{};  // against a static or kinematic body: twice as stiff
    Softness jointSoftness{};   // the rigid parts of joints (points, rods, limits)
    float pushMaxSpeed = 0.0f;
    bool useBias = true; // false in the relax pass
    // Soft step's relax pass: shared points drifted past kJointProjectionSlop are moved back to it.
    bool projectJoints = false;
    // Soft step: the bodies move between a step's passes, so joints measure their levers' effective
    // masses anew in every pass. Ngs's poses stand still while its velocities are solved: it keeps
    // the masses from the step's start, as Box2D 2.4 does, bit for bit.
    bool posesMoveBetweenPasses = false;
    // Whether anything reads the poses' rotations before the bodies are finished. Ngs always
    // does (its position passes); soft step clears it without joints or bounces to restore, and
    // moving a body then keeps only its angle, from which finishing makes the rotation, and its
    // motion since the step began.
    bool posesTurn = true;
    // Set by a joint's pass whose push the cap held back (kJointPushMaxSpeed): its bodies are then
    // kept awake, since the relax pass takes back the push's speed and they look still while the
    // joint closes. Read and cleared joint by joint on the calling thread.
    mutable bool jointPushCapped = false;
};

} // namespace oblique::detail
