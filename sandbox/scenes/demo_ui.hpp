#pragma once
// What the teaching scenes share: whether the panel has the mouse or the keyboard, and the time
// step for things they move by hand.

#include "oblique/sfml/game_time.hpp"

#include <algorithm>
#include <imgui.h>

namespace oblique::sandbox
{

/// The app passes every scene the raw input: while the cursor is over the panel, its clicks are
/// the panel's, not a grab or a drag.
inline bool mouseOnUi()
{
    return ImGui::GetCurrentContext() != nullptr && ImGui::GetIO().WantCaptureMouse;
}

/// While a text field of the panel has the keyboard, the keys are the panel's.
inline bool keyboardOnUi()
{
    return ImGui::GetCurrentContext() != nullptr && ImGui::GetIO().WantCaptureKeyboard;
}

/// The update's duration for motion driven by hand, capped at 0.1 s: a long update (the window
/// was dragged, a debugger stopped it) would otherwise teleport what moves.
inline float handStep(const GameTime& time)
{
    return std::clamp(time.elapsedSeconds(), 0.0f, 0.1f);
}

} // namespace oblique::sandbox
