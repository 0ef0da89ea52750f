#pragma once
/// main() for a small game: runs it in a window, or, with `--frames N [--screenshot FILE]`,
/// headless for N frames (saving the last one), so every game can be smoke-tested under Xvfb.

#include "oblique/sfml/game.hpp"

#include <string_view>

namespace oblique
{

/// Applies the command line to the game and runs it. Returns the process exit code: 0 after a
/// normal run, 1 when the run failed (the reason on stderr, prefixed with name), 2 for a command
/// line it does not understand (usage on stderr).
///
/// \code
/// int main(int argc, char** argv)
/// {
///     MyGame game;
///     game.setTitle("My game");
///     return oblique::runFromCommandLine(game, "my-game", argc, argv);
/// }
/// \endcode
int runFromCommandLine(Game& game, std::string_view name, int argc, char** argv);

} // namespace oblique
